//! The real binary as a test drives it: stdin piped, stdout read line by line, no terminal;
//! the process is killed when dropped.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_catan");

/// The binary with stdout read line by line (stdin piped, no terminal).
pub struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub seen: Vec<String>,
}

impl Proc {
    pub fn spawn(data: &Path, args: &[&str]) -> Proc {
        Proc::spawn_program(BIN, data, args)
    }

    /// Another program (a wrapper such as `unshare` that runs catan) driven the same way.
    pub fn spawn_program(program: &str, data: &Path, args: &[&str]) -> Proc {
        let mut child = Command::new(program)
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

    pub fn say(&mut self, line: &str) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Waits for a line matching `pred`, keeping everything read.
    pub fn expect(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
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

    /// Waits up to `within` for a line matching `pred`; `None` if none came.
    #[allow(dead_code)]
    pub fn expect_for(&mut self, within: Duration, pred: impl Fn(&str) -> bool) -> Option<String> {
        let end = Instant::now() + within;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if pred(&l) {
                        return Some(l);
                    }
                }
                Err(_) => break,
            }
        }
        None
    }

    /// The process id.
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// This seat's view as JSON (`state`).
    pub fn state(&mut self) -> serde_json::Value {
        self.say("state");
        let l = self.expect("a state line", |l| l.starts_with('{'));
        serde_json::from_str(&l).unwrap()
    }

    /// Stops the process the hard way (a crash, as far as its peers can tell).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// (The port helper lives in ports.rs, which the SSH benchmark includes too.)
#[allow(unused_imports)]
pub use super::ports::free_port;
