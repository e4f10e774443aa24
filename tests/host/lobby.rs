//! The lobby end to end: a real host and two `--plain` clients that choose colours and mark
//! themselves ready; the game starts when both are.

use crate::support;

use support::binary::{Proc, free_port};

#[test]
fn two_clients_choose_colours_mark_ready_and_the_game_starts() {
    let port = free_port();
    // Saves and seat tokens go to a scratch directory, not the user's.
    let data = std::env::temp_dir().join(format!("catan-lobby-{}", std::process::id()));
    let mut host = Proc::spawn(
        &data,
        &[
            "host",
            "--headless",
            "--no-advertise",
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--seats",
            "2",
            "--seed",
            "4",
        ],
    );
    host.expect("the host to listen", |l| l.contains("Serving"));
    let addr = format!("127.0.0.1:{port}");

    let mut ann = Proc::spawn(&data, &["join", &addr, "--plain", "--name", "Ann"]);
    ann.expect("Ann's seat", |l| l.contains("in seat 1"));
    ann.say("unready");
    ann.say("color green");
    ann.expect("Ann in green, not ready", |l| l.contains("1 Ann (green)"));

    let mut bob = Proc::spawn(&data, &["join", &addr, "--plain", "--name", "Bob"]);
    bob.expect("Bob's seat", |l| l.contains("in seat 2"));
    bob.say("color green");
    bob.expect("green is taken", |l| l.contains("green is taken"));
    bob.say("color purple");
    let lobby = ann.expect("both in the lobby", |l| l.contains("2 Bob (purple, ready)"));
    assert!(lobby.contains("1 Ann (green)"), "{lobby}");
    assert!(
        !lobby.contains("green ") || !lobby.contains("free colours: green"),
        "{lobby}"
    );

    // Nothing starts while Ann is not ready.
    bob.say("state");
    let st = bob.expect("Bob's state", |l| l.starts_with('{'));
    assert!(st.contains("\"phase\":\"lobby\""), "{st}");

    ann.say("ready");
    ann.expect("the game to start", |l| l.contains("the game begins"));
    ann.say("state");
    let st: serde_json::Value =
        serde_json::from_str(&ann.expect("Ann's state", |l| l.starts_with('{'))).unwrap();
    assert_eq!(st["phase"], "setup");
    let colors: Vec<&str> = st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["color"].as_str().unwrap())
        .collect();
    assert_eq!(colors, vec!["green", "purple"]);
}
