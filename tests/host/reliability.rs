//! Nothing lost: a seat survives its player's drop (a bot covers it after the grace period
//! and hands it back), a client killed with SIGKILL comes back to the same seat and hand with
//! the token it kept, and a host killed with SIGKILL resumes from its save with the same state
//! and every player back in their seat. Damaged saves and saves from another version are
//! refused with a clear message.

use crate::support;

use catan::bots::BotKind;
use catan::engine::Seat;
use catan::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg, Update};
use catan::record::{self, Entry, Header};
use catan::ruleset::Ruleset;
use catan::server::Limits;
use catan::server::table::{QUEUE, Table, TableConfig};
use catan::variants::GameView;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use support::{Client, base_args};
use tokio::sync::mpsc;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("catan-rel-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn catan(data: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_catan"));
    c.env("CATAN_DATA_DIR", data)
        .env("CATAN_NO_ADVERTISE", "1")
        .env("NO_COLOR", "1");
    c
}

// ---- an away seat, on the table's own clock ------------------------------------------------

fn drain(rx: &mut mpsc::Receiver<ServerMsg>) -> Vec<ServerMsg> {
    let mut v = Vec::new();
    while let Ok(m) = rx.try_recv() {
        v.push(m);
    }
    v
}

fn last_update(msgs: &[ServerMsg]) -> Option<&Update> {
    msgs.iter().rev().find_map(|m| match m {
        ServerMsg::Update(u) => Some(&**u),
        _ => None,
    })
}

fn commands_of(t: &Table, seat: Seat) -> usize {
    t.record()
        .iter()
        .filter(|e| matches!(e, Entry::Command { seat: s, .. } if *s == seat))
        .count()
}

#[test]
fn an_away_seat_is_played_by_a_bot_and_handed_back() {
    let game = base_args(21).create(2, 21).unwrap();
    let cfg = TableConfig {
        bots: 1,
        bot_kind: BotKind::Random,
        bot_think_ms: 0,
        away_ms: 5_000,
        seed: 21,
        ..TableConfig::default()
    };
    let mut t = Table::new(game, cfg);
    let hello = |name: &str, token: Option<String>, watch: bool| ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: name.into(),
        token,
        watch,
        color: None,
        password: None,
    };
    let (tx, mut ann) = mpsc::channel(QUEUE * 4);
    t.open(1, tx, false, "ann".into());
    t.message(1, hello("Ann", None, false), 0);
    let (tx, mut watcher) = mpsc::channel(QUEUE * 4);
    t.open(2, tx, false, "watcher".into());
    t.message(2, hello("Wes", None, true), 0);
    let token = drain(&mut ann)
        .into_iter()
        .find_map(|m| match m {
            ServerMsg::Welcome { seat, token, .. } => {
                assert_eq!(seat, Some(0));
                Some(token)
            }
            _ => None,
        })
        .expect("welcomed");
    assert!(t.started());
    assert_eq!(t.game().actors(), vec![0], "Ann places first");
    let ann_view = t.game().view(Some(0));

    // Ann's connection drops; the others see her seat held, not yet played by a bot.
    t.close(1, 100);
    let seen = drain(&mut watcher);
    let seats = &last_update(&seen).expect("an update").seats;
    assert!(!seats[0].away && !seats[0].connected, "{:?}", seats[0]);

    // The grace period runs even though the game has no turn timer: nothing before it ends.
    assert_eq!(t.next_wake(), Some(5_100));
    t.tick(5_099);
    assert_eq!(commands_of(&t, 0), 0);
    assert_eq!(t.game().view(Some(0)), ann_view);
    assert!(last_update(&drain(&mut watcher)).is_none_or(|u| u.seats.iter().all(|s| !s.away)));

    // Then a bot plays her seat, through her setup and on.
    let mut now = 5_100;
    for _ in 0..200 {
        t.tick(now);
        if commands_of(&t, 0) >= 2 && t.game().actors().contains(&0) {
            break;
        }
        now = t.next_wake().unwrap_or(now + 1).max(now);
    }
    let by_bot = commands_of(&t, 0);
    assert!(by_bot >= 2, "a bot placed for Ann ({by_bot} commands)");
    let seen = drain(&mut watcher);
    assert!(
        seen.iter()
            .any(|m| matches!(m, ServerMsg::Update(u) if u.seats.first().is_some_and(|s| s.away))),
        "once the grace period is over, the seat lists say a bot plays for her"
    );

    // Someone who comes to watch now reads the game so far, the bot's moves for Ann too.
    let (tx, mut late) = mpsc::channel(QUEUE * 4);
    t.open(4, tx, false, "late watcher".into());
    t.message(4, hello("Lee", None, true), now);
    let first = last_update(&drain(&mut late)).cloned().expect("the table");
    assert!(
        first.log.iter().filter(|l| l.contains("built")).count() >= 2,
        "a spectator's first update carries the game so far: {:?}",
        first.log
    );
    assert!(first.log.iter().all(|l| !l.starts_with("Your bot")));

    // Ann comes back with her token: her seat, her hand, and what she missed.
    let (tx, mut ann) = mpsc::channel(QUEUE * 4);
    t.open(3, tx, false, "ann again".into());
    t.message(3, hello("Ann", Some(token), false), now);
    let back = drain(&mut ann);
    assert!(
        matches!(back[0], ServerMsg::Welcome { seat: Some(0), .. }),
        "{back:?}"
    );
    assert!(
        back.iter()
            .any(|m| matches!(m, ServerMsg::Notice(n) if n.contains("welcome back")))
    );
    let u = last_update(&back).unwrap();
    assert_eq!(u.view, t.game().view(Some(0)), "her own view, hand and all");
    assert!(
        u.log
            .iter()
            .filter(|l| l.starts_with("Your bot: you built"))
            .count()
            >= 2,
        "she reads what her bot did for her, as its doing: {:?}",
        u.log
    );
    let seen = drain(&mut watcher);
    let seats = &last_update(&seen).unwrap().seats;
    assert!(!seats[0].away && seats[0].connected);

    // Handed back: with Ann to act, no bot acts for her however long she thinks.
    for _ in 0..200 {
        if t.game().actors().contains(&0) {
            break;
        }
        now = t.next_wake().unwrap_or(now + 1).max(now);
        t.tick(now);
    }
    assert!(t.game().actors().contains(&0));
    let mine = commands_of(&t, 0);
    for k in 1..=10 {
        t.tick(now + k * 60_000);
    }
    assert_eq!(commands_of(&t, 0), mine, "the bot handed the seat back");
}

// ---- a client killed with SIGKILL ----------------------------------------------------------

/// `catan join --plain` as a child process, read line by line.
struct Plain {
    child: Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line it printed.
    seen: Vec<String>,
}

impl Plain {
    fn join(addr: &str, name: &str, data: &Path) -> Plain {
        let mut child = catan(data)
            .args(["join", addr, "--plain", "--name", name])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { return };
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        Plain {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends `word` and returns the first JSON line of the expected shape.
    fn ask(&mut self, word: &str, is: fn(&serde_json::Value) -> bool) -> serde_json::Value {
        self.send(word);
        loop {
            let l = self
                .lines
                .recv_timeout(support::PATIENCE)
                .expect("the client answers");
            self.seen.push(l.clone());
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&l)
                && is(&v)
            {
                return v;
            }
        }
    }

    fn state(&mut self) -> serde_json::Value {
        self.ask("state", |v| v.is_object() && v.get("phase").is_some())
    }

    fn legal(&mut self) -> Vec<String> {
        let v = self.ask("legal", |v| v.is_array());
        serde_json::from_value(v).unwrap()
    }
}

fn hand_total(state: &serde_json::Value) -> u64 {
    state["hand"]
        .as_object()
        .map(|h| h.values().filter_map(|v| v.as_u64()).sum())
        .unwrap_or(0)
}

#[test]
fn a_client_killed_and_reconnected_gets_the_same_seat_and_hand() {
    let data = scratch("client-kill");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let host = rt.block_on(support::host(2, 1, 41, 600_000, Limits::default()));
    let addr = host.addr.to_string();

    // Ann plays (random legal moves) until the setup is over and the game waits for her with
    // cards in her hand.
    let mut ann = Plain::join(&addr, "Ann", &data);
    let mut rng = catan::engine::rng::GameRng::new(41);
    let mut before = None;
    for _ in 0..400 {
        let legal: Vec<String> = ann
            .legal()
            .into_iter()
            .filter(|c| !c.starts_with("offer"))
            .collect();
        if legal.is_empty() {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        let st = ann.state();
        if st["phase"] != "setup" && hand_total(&st) >= 3 {
            // The client's state may still predate its last command's answer (an `end` in
            // flight): take it only once a second look, a moment later, sees the same game.
            std::thread::sleep(Duration::from_millis(200));
            if ann.state() == st {
                before = Some(st);
                break;
            }
            continue;
        }
        ann.send(&legal[rng.below(legal.len())]);
    }
    let before = before.expect("reached the main game with cards in hand");
    assert_eq!(before["seat"], 1);

    // SIGKILL: no goodbye, nothing flushed by the client.
    ann.child.kill().unwrap();
    ann.child.wait().unwrap();

    // Others see her gone, her seat held (the grace period here is longer than the test).
    rt.block_on(async {
        let mut w = Client::join(&addr, "Wes", None, true).await;
        loop {
            if let Some(u) = &w.latest
                && !u.seats[0].connected
                && !u.seats[0].away
            {
                break;
            }
            w.next().await.expect("updates");
        }
    });

    // The same command again, the same data directory: the same seat, hand and game.
    let mut again = Plain::join(&addr, "Ann", &data);
    let after = again.state();
    assert_eq!(after["seat"], 1);
    for k in ["hand", "dev_cards", "phase", "players", "current"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    assert!(
        again
            .seen
            .iter()
            .any(|l| l.contains("welcome back to seat 1")),
        "{:?}",
        again.seen
    );
    assert!(
        again.seen.iter().any(|l| l.starts_with("You built")),
        "her history is back: {:?}",
        again.seen
    );
    // A second client under her name, without the token, is refused, not seated.
    let other = scratch("client-kill-other");
    let mut imp = Plain::join(&addr, "Ann", &other);
    imp.send("state");
    let refused = (0..50)
        .filter_map(|_| imp.lines.recv_timeout(support::PATIENCE).ok())
        .find(|l| l.contains("refused"))
        .expect("a refusal");
    assert!(refused.contains("name Ann is taken"), "{refused}");
    let status = imp.child.wait().unwrap();
    assert!(!status.success(), "the refused client exits by itself");
    again.send("quit");
    let _ = again.child.wait();
    rt.block_on(host.stop());
}

// ---- a host killed with SIGKILL ------------------------------------------------------------

/// `catan host --headless` as a child process; returns it and its address.
/// A headless host started with `args`: the process, the address players join, and the
/// rest of what it prints.
fn spawn_host(data: &Path, args: &[&str]) -> (Child, String, std::sync::mpsc::Receiver<String>) {
    let mut child = catan(data)
        .args(["host", "--headless", "--bind", "127.0.0.1", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    loop {
        match rx.recv_timeout(support::PATIENCE) {
            Ok(l) => {
                if let Some(a) = l.trim().strip_prefix("catan join ") {
                    return (child, a.to_string(), rx);
                }
            }
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the host did not start");
            }
        }
    }
}

/// Person-seat command lines in a save file.
fn saved_person_commands(path: &Path, people: &[Seat]) -> usize {
    let mut text = std::fs::read_to_string(path).unwrap_or_default();
    // The host may be appending a bot's line right now: count whole lines only.
    text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
    let (_, entries) = record::read(text.as_bytes()).expect("the save reads");
    entries
        .iter()
        .filter(|e| matches!(e, Entry::Command { seat, .. } if people.contains(seat)))
        .count()
}

#[test]
fn a_host_killed_with_sigkill_resumes_with_the_same_state_and_seats() {
    let data = scratch("host-kill");
    let save = data.join("game.catan");
    let save_s = save.to_str().unwrap().to_string();
    let (mut host, addr, _) = spawn_host(
        &data,
        &[
            "--seats",
            "3",
            "--bots",
            "1",
            "--seed",
            "31",
            "--bot-think-secs",
            "0",
            "--bot-kind",
            "random",
            "--save",
            &save_s,
            "--away-secs",
            "600",
        ],
    );
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (ann, bob, tokens, views) = rt.block_on(async {
        let mut ann = Client::join(&addr, "Ann", None, false).await;
        let mut bob = Client::join(&addr, "Bob", None, false).await;
        let mut accepted = 0;
        let mut pick = 0;
        loop {
            ann.drain(Duration::from_millis(30)).await;
            bob.drain(Duration::from_millis(30)).await;
            let u = ann.latest.clone().expect("the game started");
            let GameView::Base(v) = &u.view else {
                panic!("a base game")
            };
            if accepted >= 40 && v.phase != "setup" && u.actors.len() == 1 && u.actors[0] < 2 {
                break;
            }
            let who = match u.actors.first() {
                Some(0) => &mut ann,
                Some(1) => &mut bob,
                _ => continue,
            };
            if !who
                .latest
                .as_ref()
                .is_some_and(|l| l.version == u.version || !l.legal.is_empty())
            {
                continue;
            }
            pick += 7;
            who.play_one(pick).await;
            accepted += 1;
            // The save holds every command before its answer arrives.
            assert!(
                saved_person_commands(&save, &[0, 1]) >= accepted,
                "command {accepted} answered before it was saved"
            );
        }
        ann.drain(Duration::from_millis(300)).await;
        bob.drain(Duration::from_millis(300)).await;
        let views = [
            ann.latest.clone().unwrap().view,
            bob.latest.clone().unwrap().view,
        ];
        let tokens = [ann.token.clone(), bob.token.clone()];
        (ann, bob, tokens, views)
    });

    // kill -9 mid-game.
    host.kill().unwrap();
    host.wait().unwrap();
    drop((ann, bob));

    // The save replays to the state the players last saw.
    let game = record::load(&save).expect("the save loads").game;
    assert_eq!(game.view(Some(0)), views[0]);
    assert_eq!(game.view(Some(1)), views[1]);

    let (mut host, addr, _) = spawn_host(&data, &["--resume", &save_s, "--away-secs", "600"]);
    rt.block_on(async {
        let mut ann = Client::join(&addr, "Ann", Some(tokens[0].clone()), false).await;
        let mut bob = Client::join(&addr, "Bob", Some(tokens[1].clone()), false).await;
        assert_eq!(
            (ann.seat, bob.seat),
            (Some(0), Some(1)),
            "back in their seats"
        );
        ann.drain(Duration::from_millis(200)).await;
        bob.drain(Duration::from_millis(200)).await;
        assert_eq!(
            ann.latest.as_ref().unwrap().view,
            views[0],
            "Ann's game as it was"
        );
        assert_eq!(
            bob.latest.as_ref().unwrap().view,
            views[1],
            "Bob's game as it was"
        );
        let seats = &ann.latest.as_ref().unwrap().seats;
        assert!(
            seats[0].connected && seats[1].connected && seats[2].bot,
            "{seats:?}"
        );
        assert_eq!(
            (seats[0].name.as_str(), seats[1].name.as_str()),
            ("Ann", "Bob")
        );
        // And the game goes on, still saved.
        let before = saved_person_commands(&save, &[0, 1]);
        let who = if ann.latest.as_ref().unwrap().actors.contains(&0) {
            &mut ann
        } else {
            &mut bob
        };
        who.play_one(0).await;
        assert_eq!(saved_person_commands(&save, &[0, 1]), before + 1);
    });
    host.kill().unwrap();
    host.wait().unwrap();
    // The whole game, both runs, replays.
    let out = catan(&data)
        .args(["replay", &save_s, "--all"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Ann sits in seat 1"));
}

// ---- saves that cannot be trusted ----------------------------------------------------------

#[test]
fn damaged_saves_and_saves_from_another_version_are_refused() {
    let data = scratch("refuse");
    let header = Header::new(&base_args(5), 2, 5, vec!["Ann".into(), "Bot 2".into()]);
    let write = |name: &str, header: &Header, lines: &[&str]| {
        let mut buf = Vec::new();
        record::write_header(&mut buf, header).unwrap();
        for l in lines {
            writeln!(buf, "{}", record::framed(l)).unwrap();
        }
        let p = data.join(name);
        std::fs::write(&p, buf).unwrap();
        p
    };
    let old = Header {
        catan: "0.0.1".into(),
        ..header.clone()
    };
    let mut cases: Vec<(PathBuf, &str)> = vec![
        (write("old.catan", &old, &[]), "written by catan 0.0.1"),
        (
            write("seat.catan", &header, &["0 9 settle A.w"]),
            "line 3: seat out of range",
        ),
        (
            write("time.catan", &header, &["soon 1 settle A.w"]),
            "line 3: bad time",
        ),
        (write("illegal.catan", &header, &["0 1 roll"]), "line 3"),
        (
            write("token.catan", &header, &["0 seat 1 person not-hex Ann"]),
            "bad seat token",
        ),
    ];
    let p = data.join("format.catan");
    std::fs::write(&p, "catan-record 99\n{}\n").unwrap();
    cases.push((p, "format version (99)"));
    let p = data.join("junk.catan");
    std::fs::write(&p, [0xff, 0x00, 0x13, 0x37]).unwrap();
    cases.push((p, "catan record"));
    let p = data.join("empty.catan");
    std::fs::write(&p, "").unwrap();
    cases.push((p, "never started"));
    let p = data.join("header.catan");
    std::fs::write(&p, "catan-record 1\n{\"catan\":\n").unwrap();
    cases.push((p, "line 2: the header is damaged"));
    for (path, why) in &cases {
        for args in [
            vec![
                "host",
                "--headless",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--resume",
            ],
            vec!["replay", "--all"],
        ] {
            let out = catan(&data)
                .args(&args)
                .arg(path)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?} {path:?}: {err}");
            assert!(err.contains(why), "{args:?} {path:?}: {err}");
        }
    }
}

/// A host stopped (Ctrl-C) while its saved game is under way says how to resume it, since its
/// players' clients wait for that.
#[test]
fn a_host_stopped_mid_game_says_how_to_resume_it() {
    let data = scratch("resume-hint");
    let save = data.join("game.catan");
    let save_s = save.to_str().unwrap().to_string();
    let (mut host, addr, printed) = spawn_host(
        &data,
        &[
            "--seats",
            "2",
            "--bots",
            "1",
            "--bot-think-secs",
            "0",
            "--bot-kind",
            "random",
            "--save",
            &save_s,
        ],
    );
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut ann = Client::join(&addr, "Ann", None, false).await;
        ann.my_turn().await;
    });
    let _ = Command::new("kill")
        .args(["-INT", &host.id().to_string()])
        .status();
    host.wait().unwrap();
    let printed: Vec<String> = printed.iter().collect();
    let hint = format!("`catan host --resume {save_s}` brings everyone back");
    assert!(printed.iter().any(|l| l.contains(&hint)), "{printed:#?}");
}

/// What Ann, seated in a base game saved to `save` as it goes, is told once the host stops.
async fn told_when_a_saving_host_stops(save: &Path) -> Vec<ServerMsg> {
    let game = base_args(8).create(2, 8).unwrap();
    let cfg = TableConfig {
        bots: 1,
        bot_kind: BotKind::Random,
        bot_think_ms: 0,
        seed: 8,
        ..TableConfig::default()
    };
    let mut table = Table::new(game, cfg);
    let header = Header::new(&base_args(8), 2, 8, vec!["Ann".into(), "Bot 2".into()]);
    table.save_to(catan::save::SaveWriter::create(save, header).unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = catan::server::RunningHost::start_with(listener, table, Limits::default()).unwrap();
    let mut ann = Client::join(&host.addr.to_string(), "Ann", None, false).await;
    ann.my_turn().await;
    host.stop().await;
    while ann.next().await.is_some() {}
    ann.said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_that_stops_a_saved_game_tells_its_players_it_will_have_them_back() {
    let data = scratch("stop-saved");
    let said = told_when_a_saving_host_stops(&data.join("g.catan")).await;
    assert!(
        said.iter()
            .any(|m| matches!(m, ServerMsg::Stopped(n) if n.contains("when the host resumes it"))),
        "{:?}",
        said
    );
    assert!(
        !said.iter().any(|m| matches!(m, ServerMsg::Closing { .. })),
        "the client goes on reconnecting: {:?}",
        said
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_whose_save_failed_promises_no_resume_when_it_stops() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("skipped: this system has no /dev/full");
        return;
    }
    let said = told_when_a_saving_host_stops(full).await;
    assert!(
        said.iter().any(
            |m| matches!(m, ServerMsg::Closing { reason } if reason == "the host stopped the game")
        ),
        "nothing was saved, so nothing is promised: {:?}",
        said
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_that_stops_tells_its_players_so_they_do_not_wait_for_it() {
    let host = support::host(2, 1, 5, 600_000, Limits::default()).await;
    let addr = host.addr.to_string();
    let mut ann = Client::join(&addr, "Ann", None, false).await;
    let mut wes = Client::join(&addr, "Wes", None, true).await;
    host.stop().await;
    for c in [&mut ann, &mut wes] {
        while c.next().await.is_some() {}
        let closing = c.said.iter().find_map(|m| match m {
            ServerMsg::Closing { reason } => Some(reason.clone()),
            _ => None,
        });
        assert!(
            closing
                .as_deref()
                .is_some_and(|r| r.contains("the host stopped the game")),
            "{:?}",
            c.said
        );
    }
}
