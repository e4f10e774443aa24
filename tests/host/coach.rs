//! The review over real TCP: a host with a coach, bots in every seat, and a spectator who
//! stays after the game ends. The host works the review out on a thread of its own and sends
//! its progress, then the review: each point's chances sum to 1, and the winner's chance at
//! the end is certain.

use catan::bots::BotKind;
use catan::client::net::{Hello, connect};
use catan::proto::ServerMsg;
use catan::record::Header;
use catan::review::{Options, ReviewState};
use catan::ruleset::Ruleset;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::transport::Trust;
use std::time::Duration;
use tokio::net::TcpListener;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_in_the_background_and_sent_to_everyone() {
    let seed = 11;
    let setup = super::net_game::base_args(seed);
    let game = setup.create(4, seed).unwrap();
    let header = Header::new(&setup, 4, seed, Vec::new());
    let cfg = TableConfig {
        bots: 4,
        bot_kind: BotKind::Heuristic,
        bot_think_ms: 0,
        seed,
        ..TableConfig::default()
    };
    let coach = catan::commands::coach::catan_coach_with(
        header,
        Options {
            playouts: 8,
            ..Options::default()
        },
    );
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, cfg).with_coach(coach)).unwrap();
    let (_tx, mut rx) = connect(
        &host.addr.to_string(),
        Hello {
            name: "Eve".into(),
            token: None,
            watch: true,
            color: None,
            password: None,
        },
        &Trust::AnyKey,
    )
    .await
    .expect("connects");
    let (summary, progress, review) = tokio::time::timeout(Duration::from_secs(240), async {
        let mut summary = false;
        let mut progress = 0;
        loop {
            match rx.recv().await.expect("the host keeps the connection open") {
                ServerMsg::Summary(_) => summary = true,
                ServerMsg::Review(ReviewState::Computing { .. }) => progress += 1,
                ServerMsg::Review(ReviewState::Ready(r)) => return (summary, progress, r),
                ServerMsg::Review(ReviewState::Failed(why)) => panic!("no review: {why}"),
                _ => {}
            }
        }
    })
    .await
    .expect("the review comes in time");
    assert!(
        summary,
        "the summary comes first, not held up by the review"
    );
    assert!(progress >= 1, "its progress is told while it is worked out");
    let table = host.stop().await;
    let winner = table.game().outcome().expect("over").winners[0];
    assert_eq!(review.winners, vec![winner]);
    for p in &review.points {
        let sum: f64 = p.chances.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{p:?}");
    }
    let last = review.points.last().expect("points");
    assert!(last.chances[winner as usize] >= 0.95, "{last:?}");
    assert!(review.points.len() > 10, "a point a turn");
}
