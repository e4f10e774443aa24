//! `catan host --ssh` against the real OpenSSH client (Debian's `openssh-client`; `.ci/run`
//! installs it), in tmux: a guest joins a base game with its key, places its setup pieces,
//! drops, comes back with the same key and finds its seat and hand; a second key asking for the
//! same name is refused; `ssh -T` speaks the line mode and plays a command; `watch@` sees the
//! board. Skipped (with a message) when tmux is missing; fails with a clear message when `ssh`
//! is.

mod support;

use std::path::Path;
use std::process::Command;
use support::binary::{Proc, free_port};
use support::tmux::Tmux;

fn keygen(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    let out = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&path)
        .output()
        .expect("ssh-keygen runs (openssh-client)");
    assert!(out.status.success(), "ssh-keygen failed");
    path.display().to_string()
}

/// The hand pane's line (`lumber 0  brick 1 … = 3`).
fn hand(screen: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let at = l.find("lumber ")?;
        let rest = &l[at..];
        let end = rest.find("= ")? + 3;
        let digits = rest[end..].chars().take_while(char::is_ascii_digit).count();
        Some(rest[..end + digits].to_string())
    })
}

#[test]
fn openssh_guests_play_come_back_by_key_and_watch() {
    let Some(t) = Tmux::start(
        "ssh",
        140,
        45,
        "env -u NO_COLOR TERM=xterm-256color PS1='$ ' bash --norc --noprofile",
    ) else {
        eprintln!("skipping the OpenSSH test: tmux is not installed");
        return;
    };
    assert!(
        Command::new("ssh").arg("-V").output().is_ok(),
        "this test needs OpenSSH's client (`ssh`, `ssh-keygen`): apt-get install openssh-client (.ci/run does)"
    );
    let dir = std::env::temp_dir().join(format!("catan-ssh-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let k1 = keygen(&dir, "ann_key");
    let k2 = keygen(&dir, "mallory_key");
    let ssh_port = free_port();
    let tcp_port = free_port();
    let mut host = Proc::spawn(
        &dir.join("data"),
        &[
            "host",
            "--headless",
            "--plain",
            "--ssh",
            &ssh_port,
            "--port",
            &tcp_port,
            "--bind",
            "127.0.0.1",
            "--seats",
            "2",
            "--bots",
            "1",
            "--bot-think-secs",
            "0",
            "--away-secs",
            "600",
            "--seed",
            "3",
        ],
    );
    let line = host.expect("the ssh line", |l| l.contains("ssh -p"));
    assert_eq!(line.trim(), format!("ssh -p {ssh_port} NAME@127.0.0.1"));
    let fp = host.expect("the host key", |l| l.starts_with("Host key: "));
    let fp = fp["Host key: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let known = dir.join("known_hosts").display().to_string();
    let ssh = |flags: &str, key: &str, user: &str| {
        format!(
            "ssh {flags} -p {ssh_port} -F /dev/null -i {key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile={known} -o LogLevel=ERROR {user}@127.0.0.1"
        )
    };
    t.wait("the shell prompt", |s| s.contains('$'));

    // Ann joins with her key: the game starts (one bot fills the other seat); the lobby and
    // screen show the host's key as ssh pinned it.
    t.line(&ssh("", &k1, "ann"));
    t.place_setup_pieces();
    let s = t.wait("the end of setup", |s| {
        !s.contains("Setup · ") && hand(s).is_some()
    });
    let before = hand(&s).unwrap();
    assert!(s.contains("ann (you)"), "{s}");
    let pinned = std::fs::read_to_string(&known).unwrap();
    assert!(
        pinned.contains("ssh-ed25519"),
        "ssh pinned the host's ed25519 key"
    );
    let keygen_fp = Command::new("ssh-keygen")
        .args(["-lf", &known])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&keygen_fp.stdout).contains(&fp),
        "the key ssh saw is the one the host printed ({fp})"
    );

    // Ann's connection drops (ssh's escape: Enter ~ .).
    t.keys(&["Enter", "~", "."]);
    // Back at the shell (a dropped ssh leaves the host's screen up: leave it, clear).
    t.line("printf '\\033[?1049l'; clear; echo dropped-$((40+2))");
    t.wait("the shell after the drop", |s| {
        s.lines().any(|l| l.trim() == "dropped-42")
    });
    // Back with the same key: her seat and her hand.
    t.line(&ssh("", &k1, "ann"));
    let s = t.wait("ann's seat again", |s| {
        s.contains("ann (you)") && hand(s).is_some()
    });
    assert_eq!(hand(&s).unwrap(), before, "the same hand:\n{s}");
    t.keys(&["q"]);
    t.wait("the quit question", |s| s.contains("Quit catan?"));
    t.keys(&["y"]);
    t.wait("the shell again", |s| !s.contains("Your hand"));

    // Another key asking for Ann's name: refused, and told why.
    t.line("clear");
    t.line(&ssh("", &k2, "ann"));
    let s = t.wait("the refusal", |s| s.contains("another key"));
    assert!(!s.contains("ann (you)"), "{s}");
    t.keys(&["q"]);
    t.wait("the quit question", |s| s.contains("Quit catan?"));
    t.keys(&["y"]);
    t.wait("the shell again", |s| {
        !s.contains("another key's seat here: use")
    });

    // Without a pty: the line mode; a chat line goes through and `state` answers.
    t.line("clear");
    t.line(&ssh("-T", &k1, "ann"));
    t.wait("the line mode's welcome", |s| s.contains("in seat 1"));
    t.line("say hello over ssh");
    t.wait("the chat line", |s| s.contains("chat: ann: hello over ssh"));
    t.line("state");
    t.wait("the state", |s| s.contains("{\""));
    t.line("quit");
    t.wait("the shell again", |s| s.lines().any(|l| l.trim() == "$"));

    // watch@: the board, no hand.
    t.line("clear");
    t.line(&ssh("", &k2, "watch"));
    let s = t.wait("the spectator's board", |s| {
        s.contains("Board") && s.contains("watching")
    });
    assert!(!s.contains("Your hand"), "{s}");
    t.keys(&["q"]);
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}
