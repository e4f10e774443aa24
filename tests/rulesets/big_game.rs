//! The Big Game end to end: a host on loopback TCP with three boards (six seats), five bots and
//! one `--plain` client (the line mode itself, in-process). The client asks for `state` over
//! and over and sees the active group, its own group, the round, the countdown, its board, its
//! trade partners and the standings; it ends its turn in its own group's rounds. Mid-game a
//! second person joins and takes over a bot's seat: they get the bot's hand as it was, the
//! robbers' grace counts again from their first turn, and the record keeps the take-over so
//! replaying it gives the same game.

use crate::support;

use catan::bots::BotKind;
use catan::client::net::{Hello, connect};
use catan::proto::{ClientMsg, ServerMsg};
use catan::record::Entry;
use catan::ruleset::Ruleset;
use catan::setup::GameSetup;
use catan::variants::GameView;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use support::{PlainTable, plain_table};
use tokio::io::AsyncWriteExt;

fn big_args(seed: u64) -> GameSetup {
    let mut g = support::variant_args("big-game", seed);
    g.flags.boards = 3;
    g.flags.round_secs = 1;
    g.flags.vp = Some(30);
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_bots_a_plain_client_and_a_late_joiner_play_rounds() {
    unsafe { std::env::set_var("NO_COLOR", "1") };
    let seed = 99;
    let args = big_args(seed);
    assert_eq!(args.fixed_seats(), Some(6));
    let game = args.create(6, seed).unwrap();
    let PlainTable {
        host,
        mut input,
        out,
        client,
    } = plain_table(game, 5, 30, seed).await;
    let addr = host.addr.to_string();
    let hello = |name: &str| Hello {
        name: name.into(),
        token: None,
        watch: false,
        color: None,
        password: None,
    };
    input.write_all(b"ready\n").await.unwrap();

    let mut groups: BTreeSet<String> = BTreeSet::new();
    let mut my_seat = None;
    let mut ended_in = 0;
    let mut joiner: Option<tokio::task::JoinHandle<(u16, Vec<GameView>)>> = None;
    let mut read = 0;
    let mut last_round = 0;
    let end = Instant::now() + Duration::from_secs(90);
    while Instant::now() < end && last_round < 8 {
        input.write_all(b"state\n").await.unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let lines = out.lines();
        for l in &lines[read..] {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(l) else {
                continue;
            };
            let phase = v["phase"].as_str().unwrap_or("");
            if phase == "lobby" || phase.is_empty() {
                continue;
            }
            assert_eq!(v["variant"], "big-game", "{l}");
            for key in [
                "group",
                "your_group",
                "round",
                "deadline_secs",
                "board",
                "partners",
                "standings",
                "roll",
            ] {
                assert!(v.get(key).is_some(), "state has `{key}`: {l}");
            }
            let seat = v["seat"].as_u64().expect("a seat") as usize;
            my_seat = Some(seat);
            assert_eq!(v["board"], (seat - 1) / 2 + 1, "{l}");
            let mine = if seat % 2 == 1 { "sun" } else { "moon" };
            assert_eq!(v["your_group"], mine, "seats 1, 3, 5 are Sun: {l}");
            assert_eq!(v["standings"].as_array().unwrap().len(), 6, "{l}");
            if phase == "round" {
                last_round = v["round"].as_u64().unwrap();
                let group = v["group"].as_str().expect("an active group").to_string();
                assert_eq!(
                    group == "sun",
                    last_round % 2 == 1,
                    "Sun plays odd rounds: {l}"
                );
                assert!(v["deadline_secs"].is_number(), "the countdown: {l}");
                assert!(v["roll"].is_number(), "the roll: {l}");
                let partners = v["partners"].as_array().unwrap();
                assert!(!partners.is_empty(), "someone to trade with: {l}");
                assert!(!partners.iter().any(|p| p == seat), "{l}");
                // My own group's round: I am done at once.
                if group == mine && ended_in != last_round && v["active"] == true {
                    ended_in = last_round;
                    input.write_all(b"end\n").await.unwrap();
                }
                groups.insert(group);
            }
        }
        read = lines.len();
        // Round 3 is on: a second person comes and takes over a bot.
        if last_round >= 3 && joiner.is_none() {
            let (tx2, mut rx2) = connect(&addr, hello("Second"), &catan::transport::Trust::AnyKey)
                .await
                .expect("connects");
            joiner = Some(tokio::spawn(async move {
                let mut seat = None;
                let mut views = Vec::new();
                while let Ok(Some(msg)) =
                    tokio::time::timeout(Duration::from_secs(10), rx2.recv()).await
                {
                    match msg {
                        ServerMsg::Welcome { seat: s, .. } => seat = s,
                        ServerMsg::Update(u) => {
                            views.push(u.view.clone());
                            if views.len() >= 40 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let _ = tx2.send(ClientMsg::Bye).await;
                (seat.expect("a seat"), views)
            }));
        }
    }
    let lines = out.lines();
    input.write_all(b"quit\n").await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(5), client).await;
    let (taken, views) = joiner.expect("someone joined").await.unwrap();
    let table = host.stop().await;
    assert!(
        last_round >= 5,
        "rounds were played: {last_round}\n{}",
        lines
            .iter()
            .rev()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(groups.len(), 2, "both groups played: {groups:?}");
    assert!(ended_in > 0, "the plain client ended a turn of its own");
    assert_ne!(Some(taken as usize + 1), my_seat, "a bot's seat, not mine");
    assert!(
        lines.iter().any(|l| l.starts_with("Round ")),
        "the rounds are announced"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("everyone makes their setup choices at once")),
        "nobody goes first in a Big Game"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("your move: ")),
        "the plain mode says when the game waits for this seat"
    );

    // The record has the take-over; replaying it to there gives the bot's hand, which the
    // person saw as theirs in their first view.
    let record = table.record().to_vec();
    let at = record
        .iter()
        .position(|e| matches!(e, Entry::TakeOver { seat, .. } if *seat == taken))
        .expect("the take-over is recorded");
    let mut replayed = args.create(6, seed).unwrap();
    for (i, e) in record.iter().enumerate() {
        if i == at {
            let GameView::BigGame(before) = replayed.view(Some(taken)) else {
                panic!("a Big Game view")
            };
            let GameView::BigGame(first) = &views[0] else {
                panic!("a Big Game view")
            };
            let hand = before.you.as_ref().unwrap().hand;
            assert_eq!(first.you.as_ref().unwrap().hand, hand, "the hand is kept");
            assert!(
                before.players[taken as usize].turns >= 1,
                "the bot had played turns"
            );
            assert!(
                first.players[taken as usize].turns <= 1,
                "the robbers' grace counts again from the person's first turn"
            );
        }
        match e {
            Entry::Tick { at } => drop(replayed.tick(*at)),
            Entry::TakeOver { seat, .. } => drop(replayed.seat_taken_over(*seat)),
            Entry::Seat { .. } | Entry::Away { .. } => {}
            Entry::Command { at, seat, text } => {
                let cmd = replayed.parse(*seat, text).unwrap();
                replayed.apply(*seat, &cmd, *at).unwrap();
            }
        }
    }
    assert_eq!(
        replayed.view(None),
        table.game().view(None),
        "replaying the record gives the same game"
    );
}

/// `catan sim --variant big-game --boards 6`: a shorter --bots list fills all twelve seats,
/// and bot-only games finish with a winner, reproducibly.
#[test]
fn six_board_bot_games_finish() {
    use catan::sim::{SimConfig, run};
    let bots = vec![BotKind::Heuristic, BotKind::Random]
        .into_iter()
        .cycle()
        .take(12)
        .collect();
    let mut cfg = SimConfig::base(4, 3, bots);
    cfg.game.variant = "big-game".into();
    cfg.game.flags.boards = 6;
    let a = run(&cfg, &|| ()).unwrap();
    cfg.threads = 2;
    let b = run(&cfg, &|| ()).unwrap();
    assert_eq!(a.without_timings(), b.without_timings());
    assert_eq!(a.seats, 12);
    assert_eq!(a.capped + a.stalled, 0, "every game finishes");
    assert_eq!(a.wins.iter().sum::<u64>(), 4);
    assert!(a.min_winner_score.unwrap() >= 10);
    // A Big Game's seat count follows its boards.
    cfg.bots.truncate(4);
    assert!(run(&cfg, &|| ()).unwrap_err().contains("two per board"));
}

/// A take-over is a record line of its own (`AT takeover SEAT`): written, read back and
/// replayed, it restarts that seat's robbers' grace in the replayed game.
#[test]
fn a_recorded_take_over_reads_back_and_replays() {
    use catan::record::{self, Header};
    let args = big_args(5);
    let header = Header::new(&args, 6, 5, (1..=6).map(|i| format!("P{i}")).collect());
    let mut game = header.new_game().unwrap();
    let mut entries = Vec::new();
    // Setup runs out; round 1 (Sun) starts and ends; round 3 starts: seat 1 has had 2 turns.
    let mut now = 0;
    while now < 100_000 {
        let GameView::BigGame(v) = game.view(None) else {
            panic!("a Big Game")
        };
        if v.round >= 3 {
            break;
        }
        now = game.deadline().unwrap();
        game.tick(now);
        entries.push(Entry::Tick { at: now });
    }
    let turns = |g: &catan::variants::Game| {
        let GameView::BigGame(v) = g.view(None) else {
            panic!("a Big Game")
        };
        v.players[0].turns
    };
    assert_eq!(turns(&game), 2);
    entries.push(Entry::TakeOver { at: now, seat: 0 });
    let mut text = Vec::new();
    record::write_header(&mut text, &header).unwrap();
    for e in &entries {
        record::write_entry(&mut text, e).unwrap();
    }
    let written = String::from_utf8(text.clone()).unwrap();
    assert!(written.contains(&format!("{now} takeover 1")), "{written}");
    let (h, read) = record::read(std::io::BufReader::new(&text[..])).unwrap();
    assert_eq!(read, entries);
    let replayed = record::replay(&h, &read, |_, _, _| ()).unwrap();
    assert_eq!(
        turns(&replayed),
        1,
        "taken over during its own round: turn 1"
    );
}
