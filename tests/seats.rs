//! Seats with the real binary: a host started from a script whose seats are all bots lets
//! people take them; a player whose host comes back from its save on another port gets the
//! same seat and hand back (the seat's token belongs to the game, not to the address).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_catan");

/// A scratch data directory (saves, seat tokens) for one test and one player.
fn scratch(test: &str, who: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("catan-seats-{}-{test}-{who}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The binary with stdout read line by line (stdin piped, no terminal).
struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Proc {
    fn spawn(data: &Path, args: &[&str]) -> Proc {
        let mut child = Command::new(BIN)
            .args(args)
            .env("NO_COLOR", "1")
            .env("CATAN_NO_ADVERTISE", "1")
            .env("CATAN_DATA_DIR", data)
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
        let end = Instant::now() + Duration::from_secs(30);
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

    /// This seat's view as JSON (`state`).
    fn state(&mut self) -> serde_json::Value {
        self.say("state");
        let l = self.expect("a state line", |l| l.starts_with('{'));
        serde_json::from_str(&l).unwrap()
    }

    /// Stops the process the hard way (a crash, as far as its peers can tell).
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

fn free_port() -> String {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string()
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
