//! Seats with the real binary: a host started from a script whose seats are all bots lets
//! people take them; a player whose host comes back from its save on another port gets the
//! same seat and hand back (the seat's token belongs to the game, not to the address).

use crate::support;

use std::path::PathBuf;
use std::time::{Duration, Instant};
use support::binary::{Proc, free_port};

/// A scratch data directory (saves, seat tokens) for one test and one player.
fn scratch(test: &str, who: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("catan-seats-{}-{test}-{who}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_headless_big_game_of_bots_only_lets_a_person_take_a_seat() {
    let data = scratch("bots", "host");
    let port = free_port();
    let mut host = Proc::spawn(
        &data,
        &[
            "host",
            "--variant",
            "big-game",
            "--bots",
            "6",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--seed",
            "3",
        ],
    );
    host.expect("the host to listen", |l| l.contains("Serving"));
    let mut ann = Proc::spawn(
        &scratch("bots", "ann"),
        &[
            "join",
            &format!("127.0.0.1:{port}"),
            "--plain",
            "--name",
            "Ann",
        ],
    );
    ann.expect("Ann's seat", |l| l.contains("in seat"));
    let st = ann.state();
    assert_ne!(st["phase"], "lobby", "the game runs: {st}");
    assert!(st["banks"].is_array(), "a Big Game view: {st}");
}

/// Sends this seat's legal moves until it has made `moves` of them (taking the first each
/// time), waiting while it is not its turn.
fn play_moves(p: &mut Proc, moves: usize) -> Vec<String> {
    let mut made = Vec::new();
    let end = Instant::now() + Duration::from_secs(60);
    while made.len() < moves {
        assert!(Instant::now() < end, "moves made: {made:?}");
        p.say("legal");
        let l = p.expect("the legal list", |l| l.starts_with('['));
        let legal: Vec<String> = serde_json::from_str(&l).unwrap();
        match legal.first() {
            Some(m) => {
                p.say(m);
                made.push(m.clone());
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    made
}

#[test]
fn a_host_resumed_on_another_port_gives_the_player_the_seat_and_hand_back() {
    let host_data = scratch("resume", "host");
    let probe_data = scratch("resume", "probe");
    let save = host_data.join("game.catan");
    let save = save.to_str().unwrap();
    let (p1, p2) = (free_port(), free_port());
    let mut host = Proc::spawn(
        &host_data,
        &[
            "host",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            &p1,
            "--seats",
            "2",
            "--bots",
            "1",
            "--seed",
            "7",
            "--bot-think-secs",
            "0",
            "--save",
            save,
        ],
    );
    host.expect("the host to listen", |l| l.contains("Serving"));
    let mut probe = Proc::spawn(
        &probe_data,
        &[
            "join",
            &format!("127.0.0.1:{p1}"),
            "--plain",
            "--name",
            "probe",
        ],
    );
    probe.expect("probe's seat", |l| l.contains("in seat 1"));
    // Two settlements and two roads: the setup.
    let moves = play_moves(&mut probe, 4);
    // Then the game waits for probe (the bot plays up to probe's roll).
    let before = loop {
        let st = probe.state();
        if st["phase"] == "roll" && st["current"] == 1 {
            break st;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(before["seat"], 1);
    assert_ne!(before["hand"], serde_json::json!({}), "{before}");
    assert!(moves[0].starts_with("settle"), "{moves:?}");

    // The host crashes, and comes back from its save on another port.
    host.kill();
    probe.expect("probe to notice", |l| l.contains("lost the connection"));
    probe.kill();
    let mut host = Proc::spawn(
        &host_data,
        &[
            "host",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            &p2,
            "--resume",
            save,
            "--away-secs",
            "600",
        ],
    );
    host.expect("the host to listen again", |l| l.contains("Serving"));
    let mut probe = Proc::spawn(
        &probe_data,
        &[
            "join",
            &format!("127.0.0.1:{p2}"),
            "--plain",
            "--name",
            "probe",
        ],
    );
    probe.expect("probe's seat back", |l| {
        l.contains("welcome back to seat 1")
    });
    let after = probe.state();
    assert_eq!(after["seat"], 1);
    assert_eq!(
        after["hand"],
        before["hand"],
        "the same hand: {moves:?}\n{before}\n{after}\n{}",
        probe.seen.join("\n")
    );

    // Someone else under the same name, from another data directory, is refused.
    let mut eve = Proc::spawn(
        &scratch("resume", "eve"),
        &[
            "join",
            &format!("127.0.0.1:{p2}"),
            "--plain",
            "--name",
            "probe",
        ],
    );
    eve.expect("eve refused", |l| l.contains("the name probe is taken"));
}

/// A host that answers the first hello with `NameHeld` for `game`, and returns the token the
/// client's second hello brings (the first must bring none).
async fn host_saying_name_held(listener: tokio::net::TcpListener, game: String) -> Option<String> {
    use catan::proto::codec::{MAX_CLIENT_FRAME, MsgCodec};
    use catan::proto::{ClientMsg, ServerMsg};
    use futures::{SinkExt, StreamExt};
    let (socket, _) = listener.accept().await.unwrap();
    let mut f = tokio_util::codec::Framed::new(
        socket,
        MsgCodec::<ClientMsg, ServerMsg>::new(MAX_CLIENT_FRAME),
    );
    let mut hellos = Vec::new();
    while hellos.len() < 2 {
        match f.next().await {
            Some(Ok(ClientMsg::Hello { token, .. })) => {
                hellos.push(token);
                if hellos.len() == 1 {
                    let game = game.clone();
                    f.send(ServerMsg::NameHeld { game }).await.unwrap();
                }
            }
            Some(Ok(_)) => {}
            other => panic!("the client went away: {other:?}"),
        }
    }
    assert_eq!(
        hellos[0], None,
        "a first hello brings no token of its own accord"
    );
    let reason = "seen enough".to_string();
    f.send(ServerMsg::Refused { reason }).await.unwrap();
    hellos.pop().flatten()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_shows_a_seat_token_only_to_a_host_serving_its_game() {
    use catan::client::net::{Hello, connect_lasting};
    use catan::datadir::Tokens;
    let tokens = Tokens::at(scratch("stranger", "probe").join("tokens"));
    let mine = "a".repeat(32);
    tokens.save(&mine, "probe", "00ff00ff").unwrap();
    for (game, shown) in [("b".repeat(32), None), (mine.clone(), Some("00ff00ff"))] {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let host = tokio::spawn(host_saying_name_held(listener, game.clone()));
        let hello = Hello {
            name: "probe".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        };
        // The stand-in host speaks plaintext: what is tested is which token goes where.
        let link = connect_lasting(
            &addr,
            hello,
            Some(tokens.clone()),
            Duration::from_secs(1),
            catan::transport::Trust::Plaintext,
        )
        .await
        .unwrap();
        let (_tx, mut rx) = (link.tx, link.rx);
        let got = tokio::time::timeout(Duration::from_secs(20), host)
            .await
            .expect("the host hears two hellos")
            .unwrap();
        assert_eq!(got.as_deref(), shown, "game {game}");
        // The refusal reaches the player; nothing about the NameHeld does.
        let first = tokio::time::timeout(Duration::from_secs(20), rx.recv())
            .await
            .unwrap();
        assert!(
            matches!(first, Some(catan::proto::ServerMsg::Refused { .. })),
            "{first:?}"
        );
    }
}
