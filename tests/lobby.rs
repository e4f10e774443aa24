//! The lobby end to end: a real host and two `--plain` clients that choose colours and mark
//! themselves ready; the game starts when both are.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_catan");

struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Proc {
    fn spawn(args: &[&str]) -> Proc {
        let mut child = Command::new(BIN)
            .args(args)
            .env("NO_COLOR", "1")
            // Saves and seat tokens go to a scratch directory, not the user's.
            .env(
                "CATAN_DATA_DIR",
                std::env::temp_dir().join(format!("catan-lobby-{}", std::process::id())),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs catan");
        let out = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Proc {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Waits for a line matching `pred`, keeping everything read.
    fn expect(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if pred(&l) {
                        return l;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line for {what}; saw:\n{}", self.seen.join("\n"));
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn two_clients_choose_colours_mark_ready_and_the_game_starts() {
    let port = free_port().to_string();
    let mut host = Proc::spawn(&[
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
    ]);
    host.expect("the host to listen", |l| l.contains("Serving"));
    let addr = format!("127.0.0.1:{port}");

    let mut ann = Proc::spawn(&["join", &addr, "--plain", "--name", "Ann"]);
    ann.expect("Ann's seat", |l| l.contains("in seat 1"));
    ann.say("unready");
    ann.say("color green");
    ann.expect("Ann in green, not ready", |l| l.contains("1 Ann (green)"));

    let mut bob = Proc::spawn(&["join", &addr, "--plain", "--name", "Bob"]);
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
