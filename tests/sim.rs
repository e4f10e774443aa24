//! `catan sim` and `catan replay`: bot-only games finish, are reproducible whatever the thread
//! count, the heuristic bot beats the random one, and logged games replay to the same result.

use catan::bots::BotKind::{self, Heuristic as H, Random as R};
use catan::record::{self, RecordError};
use catan::ruleset::Ruleset;
use catan::sim::{self, SimConfig, SimReport};
use std::path::PathBuf;
use std::process::Command;

fn run(cfg: &SimConfig) -> SimReport {
    sim::run(cfg, &|| {}).expect("the simulation runs")
}

fn config(games: usize, seed: u64, bots: Vec<BotKind>, threads: usize) -> SimConfig {
    let mut cfg = SimConfig::base(games, seed, bots);
    cfg.threads = threads;
    cfg
}

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("catan-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_random_game_is_won_at_ten_points() {
    let r = run(&config(100, 1, vec![R, R, R, R], 2));
    assert_eq!(r.games, 100);
    assert_eq!(r.capped, 0, "no game hits the move cap");
    assert_eq!(r.stalled, 0, "no game stalls");
    assert_eq!(r.wins.iter().sum::<u64>(), 100);
    for g in &r.results {
        assert!(g.winner.is_some(), "game {} has a winner", g.index);
        assert!(
            g.winner_score.unwrap() >= 10,
            "game {} won with {:?} VP",
            g.index,
            g.winner_score
        );
    }
    assert!(r.min_winner_score.unwrap() >= 10);
}

#[test]
fn runs_are_reproducible_whatever_the_threads() {
    let bots = vec![H, R, H, R];
    let one = run(&config(40, 7, bots.clone(), 1));
    let again = run(&config(40, 7, bots.clone(), 1));
    let two = run(&config(40, 7, bots.clone(), 2));
    assert_eq!(one.results, again.results);
    assert_eq!(one.results, two.results);
    assert_eq!(one.without_timings(), again.without_timings());
    assert_eq!(one.without_timings(), two.without_timings());
    // Another seed is another set of games.
    let other = run(&config(40, 8, bots, 1));
    assert_ne!(one.results, other.results);
}

#[test]
fn heuristic_beats_random_one_on_one() {
    let r = run(&config(200, 11, vec![H, R], 2));
    let won = r.wins_by_bot["medium"];
    assert!(won >= 180, "heuristic won {won} of 200 two-seat games");
}

#[test]
fn heuristic_beats_three_randoms() {
    let r = run(&config(200, 12, vec![R, H, R, R], 2));
    let won = r.wins_by_bot["medium"];
    assert!(won > 100, "heuristic won {won} of 200 four-seat games");
}

#[test]
fn heuristic_games_against_each_other_finish() {
    let r = run(&config(50, 13, vec![H, H, H, H], 2));
    assert_eq!(r.wins.iter().sum::<u64>(), 50);
    assert_eq!(r.capped + r.stalled, 0);
    assert!(r.mean_turns < 150.0, "mean turns {}", r.mean_turns);
}

#[test]
fn logged_games_replay_to_the_recorded_winner() {
    let dir = temp_dir("log");
    let mut cfg = config(4, 21, vec![H, R, H], 2);
    cfg.log = Some(dir.clone());
    let r = run(&cfg);
    for g in &r.results {
        let path = dir.join(format!("game-{}.catan", g.index));
        let file = std::fs::File::open(&path).unwrap();
        let (header, entries) = record::read(std::io::BufReader::new(file)).unwrap();
        assert_eq!(header.seed, g.seed);
        assert_eq!(entries.len() as u64, g.moves + g.ticks);
        let game = record::replay(&header, &entries, |_, _, _| {}).unwrap();
        let outcome = game.outcome().expect("the replayed game is over");
        assert_eq!(outcome.winners.first().copied(), g.winner);
    }
    // The command line shows the whole game and its winner.
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay", "--all"])
        .arg(dir.join("game-0.catan"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let winner = r.results[0].winner.unwrap();
    let name = &sim::seat_names(&cfg.bots)[winner as usize];
    assert!(text.contains(&format!("Winner: {name}.")), "{text}");
    assert!(text.contains("wins with"), "the last step says who won");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_record_is_refused_with_its_line() {
    let dir = temp_dir("damaged");
    let mut cfg = config(1, 22, vec![H, H], 1);
    cfg.log = Some(dir.clone());
    run(&cfg);
    let good = std::fs::read_to_string(dir.join("game-0.catan")).unwrap();
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    // Line 12 (the header is lines 1 and 2) becomes a command the game refuses.
    lines[11] = record::framed("0 1 city Q.nw");
    let bad = dir.join("bad.catan");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let (header, entries) =
        record::read(std::io::BufReader::new(std::fs::File::open(&bad).unwrap())).unwrap();
    match record::replay(&header, &entries, |_, _, _| {}) {
        Err(RecordError::Damaged { line, .. }) => assert_eq!(line, 12),
        other => panic!("expected a damaged record, got {:?}", other.map(|_| ())),
    }
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay", "--all"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 12"), "{err}");

    // A line that is not a record line at all.
    lines[11] = "garbage".to_string();
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay", "--all"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 12"));

    // Another format version.
    let other = good.replacen(
        &format!("catan-record {}", record::FORMAT_VERSION),
        "catan-record 99",
        1,
    );
    std::fs::write(&bad, other).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("format version"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_steps_on_enter() {
    let dir = temp_dir("step");
    let mut cfg = config(1, 23, vec![H, H], 1);
    cfg.log = Some(dir.clone());
    run(&cfg);
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan"))
        .arg("replay")
        .arg(dir.join("game-0.catan"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Two steps, then stop.
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"\n\nq\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("    3  "), "three steps shown: {text}");
    assert!(!text.contains("    4  "), "and no more: {text}");
    assert!(!text.contains("Winner"), "stopped before the end: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sim_prints_one_json_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args([
            "sim",
            "--variant",
            "base",
            "--games",
            "6",
            "--seed",
            "3",
            "--bots",
            "heuristic,random,random",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["games"], 6);
    assert_eq!(v["seats"], 3);
    assert_eq!(v["wins"].as_array().unwrap().len(), 3);
    let by_bot = v["wins_by_bot"].as_object().unwrap();
    let total: u64 = by_bot.values().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(total, 6);
    for key in ["games_per_sec", "moves_per_sec", "mean_turns", "capped"] {
        assert!(v.get(key).is_some(), "{key} missing");
    }
    // An unknown bot is refused.
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["sim", "--games", "1", "--bots", "heuristic,clever"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--seats` repeats the --bots list over the seats; five or six seats play the 5–6 player
/// extension and every game still ends with a winner (base and Total Chaos).
#[test]
fn sim_seats_fill_five_and_six_seats() {
    for (variant, seats, games) in [
        ("base", "6", "20"),
        ("base", "5", "20"),
        ("total-chaos", "5", "3"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_catan"))
            .args([
                "sim",
                "--variant",
                variant,
                "--games",
                games,
                "--seed",
                "1",
                "--seats",
                seats,
                "--bots",
                "heuristic,random",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
        assert_eq!(v["seats"].to_string(), seats);
        let wins: u64 = v["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .sum();
        assert_eq!(
            wins.to_string(),
            games,
            "{variant} {seats}: every game has a winner"
        );
        assert_eq!(
            v["bots"][4], "medium",
            "the heuristic bot is the medium level"
        );
    }
    // More bots than seats is refused with the reason.
    let out = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args([
            "sim",
            "--games",
            "1",
            "--seats",
            "2",
            "--bots",
            "random,random,random",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("3 bots listed for 2 seats"));
}
