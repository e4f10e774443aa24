//! The hall path in CI: `catan loadtest`'s clients against a Big Game host of 20 boards (a hall:
//! more than 16), over loopback TCP. Forty clients take every seat, play three short rounds and
//! must each see every round's roll, with no connection lost or refused. Times are reported by
//! the load test but not checked here (the full-size runs are benchmarks, docs/hall.md).

use catan::cli::{GameArgs, VariantName};
use catan::commands::loadtest::{Plan, load};
use catan::ruleset::Ruleset;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
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
    let game = args.create(40, 7).unwrap();
    assert!(game.is_hall(), "20 boards are played as a hall");
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, TableConfig::default())).unwrap();
    let report = load(Plan {
        addr: host.addr.to_string(),
        clients: 40,
        rounds: 3,
        timeout: Duration::from_secs(60),
        insecure: false,
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

/// A client that reads nothing fills its bounded queue: the host drops it, keeping the queue's
/// last place for the message that tells it why, without waiting for it; its token brings it
/// back to its seat.
#[tokio::test]
async fn a_client_that_cannot_keep_up_is_told_dropped_and_comes_back_with_its_token() {
    use catan::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
    let game = hall_args(20).create(40, 7).unwrap();
    let mut table = Table::new(game, TableConfig::default());
    let hello = |token: Option<String>| ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: "Slow".into(),
        token,
        watch: false,
        color: None,
    };
    let (tx, mut rx) = tokio::sync::mpsc::channel(4);
    table.open(1, tx, false, "test".into());
    table.message(1, hello(None), 0);
    let ServerMsg::Welcome { seat, token, .. } = rx.recv().await.unwrap() else {
        panic!("a welcome first")
    };
    assert_eq!(seat, Some(0));
    table.start(0);
    let mut now = 0;
    let mut dropped = Vec::new();
    for _ in 0..50 {
        now += 1_000;
        table.tick(now);
        dropped.extend(table.take_effects().close);
        if !dropped.is_empty() {
            break;
        }
    }
    assert_eq!(dropped.len(), 1, "dropped once");
    assert_eq!(dropped[0].0, 1);
    assert!(dropped[0].1.contains("fell too far behind"));
    assert_eq!(table.dropped_slow(), 1);
    // The queue (4) holds 3 updates: the last place is left for the table task's `Closing`.
    let mut queued = 0;
    while rx.try_recv().is_ok() {
        queued += 1;
    }
    assert_eq!(queued, 3);
    table.close(1, now);
    let (tx, mut rx) = tokio::sync::mpsc::channel(64);
    table.open(2, tx, false, "test".into());
    table.message(2, hello(Some(token)), now);
    let ServerMsg::Welcome { seat, .. } = rx.recv().await.unwrap() else {
        panic!("a welcome")
    };
    assert_eq!(seat, Some(0), "the token brings it back to its seat");
}
