//! A private tmux server for the end-to-end tests that drive the TUI in a real terminal
//! (hot-seat in bash, and the real `ssh` client): type with `send-keys`, read with
//! `capture-pane`.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A private tmux server (its own socket) with one window running `shell`; killed on drop.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts the server with a `width`×`height` window, or `None` when tmux is missing (the
    /// caller says it skips).
    pub fn start(name: &str, width: u16, height: u16, shell: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            return None;
        }
        let t = Tmux {
            socket: format!("catan-{name}-{}", std::process::id()),
        };
        let (w, h) = (width.to_string(), height.to_string());
        let out = t.run(&["new-session", "-d", "-x", &w, "-y", &h, "-s", "main", shell]);
        assert!(
            out.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(t)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Sends keys (tmux key names such as `Tab`, `Enter`, `Escape`, or literal text).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success(), "send-keys {keys:?}");
    }

    /// Sends text literally.
    pub fn text(&self, s: &str) {
        let out = self.run(&["send-keys", "-t", "main", "-l", s]);
        assert!(out.status.success(), "send-keys -l {s}");
    }

    /// Types a line into the shell (or the line mode) and presses Enter.
    pub fn line(&self, s: &str) {
        self.text(s);
        self.keys(&["Enter"]);
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-t", "main", "-p"]).stdout)
            .into_owned()
    }

    /// Polls the screen until `ok` holds, for up to 30 seconds.
    pub fn wait(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        match self.poll(Duration::from_secs(30), &ok) {
            Ok(s) => s,
            Err(s) => panic!("timed out waiting for {what}; the screen was:\n{s}"),
        }
    }

    /// Polls the screen until `ok` holds or `limit` passes; `Err` carries the last screen.
    pub fn poll(&self, limit: Duration, ok: impl Fn(&str) -> bool) -> Result<String, String> {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return Ok(s);
            }
            if start.elapsed() >= limit {
                return Err(s);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Places both starting settlements and roads with Tab (the first legal spot) and Enter,
    /// as a player of a base game whose setup turns come to this screen.
    pub fn place_setup_pieces(&self) {
        for round in 1..=2 {
            self.wait("my settlement turn", |s| {
                s.contains("Setup · you place a settlement")
            });
            self.keys(&["Tab"]);
            self.wait("a legal corner under the cursor", |s| s.contains("✓ Enter"));
            self.keys(&["Enter"]);
            self.wait("the settlement built", |s| {
                s.matches("You built a settlement").count() >= round
                    && s.contains("Setup · you place a road")
            });
            self.keys(&["Tab"]);
            self.wait("a legal edge under the cursor", |s| {
                s.contains("✓ Enter") && s.contains("▸ edge")
            });
            self.keys(&["Enter"]);
            self.wait("the road built", |s| {
                s.matches("You built a road").count() >= round
            });
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}
