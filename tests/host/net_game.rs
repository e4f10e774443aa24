//! Whole base games over real TCP on loopback: a host with bots, and clients that play through
//! the wire protocol to a winner. Every frame a client receives is kept and checked for
//! secrets that are not its own.

use catan::bots::BotKind;
use catan::client::net::{Hello, connect};
use catan::engine::Seat;
use catan::engine::rng::GameRng;
use catan::proto::{ClientMsg, ServerMsg, codec};
use catan::ruleset::Ruleset;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::setup::GameSetup;
use catan::transport::Trust;
use catan::variants::GameView;
use std::time::Duration;
use tokio::net::TcpListener;

pub fn base_args(seed: u64) -> GameSetup {
    let mut g = GameSetup::of("base");
    g.seed = Some(seed);
    g
}

/// What one client saw.
struct Seen {
    seat: Seat,
    frames: Vec<Vec<u8>>,
    updates: Vec<catan::proto::Update>,
    winner: Option<Seat>,
    rejected: usize,
}

/// Plays random legal commands whenever this seat is asked to act, until someone wins.
async fn random_client(addr: String, name: &str, seed: u64) -> Seen {
    let (tx, mut rx) = connect(
        &addr,
        Hello {
            name: name.into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        &Trust::AnyKey,
    )
    .await
    .expect("connects");
    let mut rng = GameRng::new(seed);
    let mut seen = Seen {
        seat: 0,
        frames: Vec::new(),
        updates: Vec::new(),
        winner: None,
        rejected: 0,
    };
    let mut seq = 0u32;
    let mut latest: Option<catan::proto::Update> = None;
    let mut acted_on = 0u64;
    loop {
        let msg = rx.recv().await.expect("the host keeps the connection open");
        seen.frames.push(codec::encode(&msg).unwrap());
        match msg {
            ServerMsg::Welcome { seat, .. } => seen.seat = seat.expect("a seat"),
            ServerMsg::Update(u) => {
                seen.updates.push((*u).clone());
                let GameView::Base(v) = &u.view else {
                    panic!("a base game")
                };
                if let Some(w) = v.winner {
                    seen.winner = Some(w);
                    let _ = tx.send(ClientMsg::Bye).await;
                    return seen;
                }
                latest = Some(*u);
            }
            ServerMsg::Rejected { .. } => {
                seen.rejected += 1;
                acted_on = 0;
            }
            _ => {}
        }
        // Act once per state we are asked to act in; only on the newest one we have.
        if rx.is_empty()
            && let Some(u) = &latest
            && u.version != acted_on
            && u.actors.contains(&seen.seat)
            && !u.legal.is_empty()
        {
            acted_on = u.version;
            seq += 1;
            let text = u.legal[rng.below(u.legal.len())].clone();
            tx.send(ClientMsg::Command { seq, text }).await.unwrap();
        }
    }
}

fn bincode_u64(x: u64) -> Vec<u8> {
    // bincode's standard config writes a large u64 as 253 then 8 little-endian bytes.
    let mut v = vec![253u8];
    v.extend_from_slice(&x.to_le_bytes());
    v
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_over_tcp_keep_secrets() {
    for game_no in 0..2u64 {
        // A seed whose bytes are easy to spot if they ever leaked.
        let seed = 0x5eed_5eed_0000_0000 + game_no;
        let game = base_args(seed).create(4, seed).unwrap();
        let cfg = TableConfig {
            bots: 2,
            bot_kind: BotKind::Random,
            bot_think_ms: 0,
            rate_per_sec: 100_000,
            seed,
            ..TableConfig::default()
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let host = RunningHost::start(listener, Table::new(game, cfg)).unwrap();
        let addr = host.addr.to_string();
        let a = tokio::spawn(random_client(addr.clone(), "Ann", seed ^ 1));
        let b = tokio::spawn(random_client(addr.clone(), "Bob", seed ^ 2));
        let (a, b) = tokio::time::timeout(Duration::from_secs(240), async {
            (a.await.unwrap(), b.await.unwrap())
        })
        .await
        .expect("the game ends in time");
        let table = host.stop().await;
        let outcome = table.game().outcome().expect("the game has a winner");
        assert_eq!(a.winner, Some(outcome.winners[0]));
        assert_eq!(b.winner, Some(outcome.winners[0]));
        assert!(!table.record().is_empty());
        eprintln!(
            "game {game_no}: {} steps, winner {:?}, updates {} / {}",
            table.record().len(),
            outcome.winners,
            a.updates.len(),
            b.updates.len()
        );
        for seen in [&a, &b] {
            assert!(
                seen.updates.len() > 50,
                "played a real game: {} updates",
                seen.updates.len()
            );
            for f in &seen.frames {
                assert!(
                    !contains(f, &bincode_u64(seed)),
                    "the seed never crosses the wire"
                );
                assert!(
                    !contains(f, seed.to_string().as_bytes()),
                    "not even as text"
                );
            }
            for u in &seen.updates {
                let GameView::Base(v) = &u.view else {
                    panic!("a base game")
                };
                assert_eq!(v.seat, Some(seen.seat), "every view is the recipient's own");
                assert!(v.you.is_some(), "a seat sees its own hand");
                // Other seats appear only as counts; the view has no field for their hands.
                for line in &u.log {
                    if line.contains(" stole 1 ") {
                        // Only the thief and the victim see which card.
                        assert!(line.contains("You ") || line.contains("you"), "{line}");
                    }
                    if line.contains("bought a development card:") {
                        assert!(line.starts_with("You bought"), "{line}");
                    }
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn version_mismatch_and_wrong_address_are_explained() {
    let game = base_args(3).create(4, 3).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, TableConfig::default())).unwrap();
    // Speak an old protocol version by hand.
    use futures::{SinkExt, StreamExt};
    let socket = tokio::net::TcpStream::connect(host.addr).await.unwrap();
    let target = host.addr.to_string();
    let socket =
        match catan::transport::secure(socket, &target, &Trust::AnyKey, Duration::from_secs(20))
            .await
            .unwrap()
        {
            (catan::transport::ClientStream::Tls(s), _) => s,
            _ => unreachable!("asked for TLS"),
        };
    let mut framed = tokio_util::codec::Framed::new(
        socket,
        codec::MsgCodec::<ServerMsg, ClientMsg>::new(codec::MAX_SERVER_FRAME),
    );
    framed
        .send(ClientMsg::Hello {
            version: 0,
            name: "Old".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        })
        .await
        .unwrap();
    match framed.next().await {
        Some(Ok(ServerMsg::Refused { reason })) => {
            assert!(reason.contains("version mismatch"), "{reason}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    host.stop().await;
    // Nobody listening.
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let free = l.local_addr().unwrap();
    drop(l);
    let err = connect(
        &free.to_string(),
        Hello {
            name: "x".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        &Trust::AnyKey,
    )
    .await
    .expect_err("nothing listens there");
    assert!(err.to_string().contains("cannot connect"), "{err}");
}
