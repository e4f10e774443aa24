//! The hall path in CI: `catan loadtest`'s clients against a Big Game host of 20 boards (a hall:
//! more than 16), over loopback TCP. Forty clients take every seat, play three short rounds and
//! must each see every round's roll, with no connection lost or refused. Times are reported by
//! the load test but not checked here (the full-size runs are benchmarks, README "Hall scale").

use catan::cli::{GameArgs, VariantName};
use catan::commands::loadtest::{Plan, load};
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::variants;
use std::time::Duration;
use tokio::net::TcpListener;

fn hall_args(boards: usize) -> GameArgs {
    use clap::Parser;
    #[derive(Parser)]
    struct W {
        #[command(flatten)]
        g: GameArgs,
    }
    let mut g = W::parse_from(["x"]).g;
    g.variant = VariantName::BigGame;
    g.seed = Some(7);
    g.boards = boards;
    g.round_secs = 1;
    g.vp = Some(0);
    g.max_rounds = Some(50);
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_load_clients_play_three_rounds_of_a_hall_and_see_every_roll() {
    let args = hall_args(20);
    let game = variants::create(&args, 40, 7).unwrap();
    assert!(game.is_hall(), "20 boards are played as a hall");
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, TableConfig::default())).unwrap();
    let report = load(Plan {
        addr: host.addr.to_string(),
        clients: 40,
        rounds: 3,
        timeout: Duration::from_secs(60),
    })
    .await;
    assert_eq!(report.errors, 0, "{:?}", report.error_samples);
    assert_eq!(report.rounds, 3);
    // Every client saw the first round's roll and the three after it, each with its stamp.
    assert_eq!(report.broadcast_samples, 40 * 4);
    // The active seats' `end` of each round was answered.
    assert!(report.command_samples >= 40 / 2 * 3, "{report:?}");
    assert_eq!(report.dropped_slow, 0);
    if cfg!(target_os = "linux") {
        assert!(report.host_peak_mem_mb > 0.0, "the host reports its memory");
    }
    // A seat is sent its neighbourhood, not the hall: well under what 40 seats' views weigh.
    assert!(
        report.bytes_per_client_round < 20_000.0,
        "{} bytes per client and round",
        report.bytes_per_client_round
    );
    host.stop().await;
}
