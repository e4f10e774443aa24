//! Adaptations end to end: a host on loopback TCP with three heuristic bots and one `--plain`
//! client (the line mode itself, in-process) plays a whole game, and `state` shows the herds
//! on each hex; and `catan sim --variant adaptations` finishes reproducibly with winners.

use crate::support;

use catan::bots::BotKind;
use catan::setup::GameSetup;
use std::time::{Duration, Instant};
use support::{PlainTable, plain_table};
use tokio::io::AsyncWriteExt;

fn args(seed: u64) -> GameSetup {
    let mut g = support::variant_args("adaptations", seed);
    g.flags.max_turns = Some(4);
    g
}

/// What the plain player sends from the commands listed as legal: a reproduction or a
/// migration when it has AP, else the end of its sub-turn; the first placement; `stay`.
fn pick(phase: &str, legal: &[String]) -> Option<String> {
    let first = |w: &str| legal.iter().find(|c| c.starts_with(w)).cloned();
    match phase {
        "placement" => legal.first().cloned(),
        "evolution" => first("reproduce").or_else(|| first("done")),
        "climate" => first("season").or_else(|| first("done")),
        "retreat" => first("stay"),
        _ => first("done"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_bots_and_a_plain_client_play_a_game_and_state_shows_herds_per_hex() {
    unsafe { std::env::set_var("NO_COLOR", "1") };
    let seed = 77;
    let game = args(seed).create(4, seed).unwrap();
    let PlainTable {
        host,
        mut input,
        out,
        client,
    } = plain_table(game, 3, 10, seed).await;
    input.write_all(b"ready\nsummary\n").await.unwrap();

    let mut read = 0;
    let mut states: Vec<serde_json::Value> = Vec::new();
    let mut sent = 0;
    let mut over = false;
    let end = Instant::now() + Duration::from_secs(120);
    while Instant::now() < end && !over {
        input.write_all(b"state\nlegal\n").await.unwrap();
        tokio::time::sleep(Duration::from_millis(40)).await;
        let lines = out.lines();
        let mut state = None;
        let mut legal: Option<Vec<String>> = None;
        for l in &lines[read..] {
            match serde_json::from_str::<serde_json::Value>(l) {
                Ok(v @ serde_json::Value::Object(_)) => state = Some(v),
                Ok(serde_json::Value::Array(a)) => {
                    legal = Some(
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect(),
                    )
                }
                _ => {}
            }
        }
        read = lines.len();
        let Some(v) = state else { continue };
        let phase = v["phase"].as_str().unwrap_or("").to_string();
        if phase == "lobby" || phase.is_empty() {
            continue;
        }
        assert_eq!(v["variant"], "adaptations");
        over = phase == "over";
        let mine = v["current"] == v["seat"];
        states.push(v);
        if mine && let Some(cmd) = legal.and_then(|l| pick(&phase, &l)) {
            input
                .write_all(format!("{cmd}\n").as_bytes())
                .await
                .unwrap();
            sent += 1;
        }
    }
    input
        .write_all(b"board\nsummary\nsummary json\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines = out.lines();
    input.write_all(b"quit\n").await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(5), client).await;
    let table = host.stop().await;
    let tail = lines
        .iter()
        .rev()
        .take(40)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(over, "the game ends within the turn limit\n{tail}");
    assert!(sent >= 4, "the plain player played (sent {sent})\n{tail}");
    let last = states.last().unwrap();
    assert!(last["winner"].is_number(), "a winner: {last}");
    // Herds per hex, with the land and its capacity under the current season.
    let with_herds = states
        .iter()
        .find(|v| v["herds"].as_array().is_some_and(|h| h.len() >= 4))
        .expect("a state with herds on the board");
    for h in with_herds["herds"].as_array().unwrap() {
        assert!(h["hex"].is_string() && h["land"].is_string(), "{h}");
        assert_eq!(h["herds"].as_array().unwrap().len(), 4, "{h}");
    }
    assert!(
        with_herds["herds"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["capacity"].is_number())
    );
    for key in ["high_season", "low_season", "game_end", "players", "tiles"] {
        assert!(last.get(key).is_some(), "state has `{key}`");
    }
    assert!(
        lines.iter().any(|l| l.contains("Turn 2:")),
        "turns are announced"
    );
    assert!(
        lines.iter().any(|l| l.contains("Game over")),
        "the end is announced"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("capacity") || l.contains("<  D")),
        "the board is drawn"
    );
    assert!(table.record().len() > 40, "the game was played");
    // The plain mode says when the game waits for this seat: its placements, its sub-turns.
    assert!(
        lines.iter().any(|l| l.starts_with("your move: place")),
        "the wait for a placement is announced:\n{tail}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("your move: ") && l.contains("done")),
        "the wait for a sub-turn is announced:\n{tail}"
    );
    // The summary: refused before the end, in text and JSON after it.
    assert!(
        lines.iter().any(|l| l.contains("there is no summary yet")),
        "{tail}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("`summary` shows how it went")),
        "the summary's arrival is announced"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Standings, points by source")),
        "{tail}"
    );
    assert!(lines.iter().any(|l| l.contains("Points after each turn")));
    let json = lines
        .iter()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v.get("standings").is_some())
        .expect("summary json");
    assert_eq!(json["variant"], "adaptations");
    assert_eq!(json["standings"].as_array().unwrap().len(), 4);
    assert!(json["standings"][0]["points"].is_object());
}

#[test]
fn sim_finishes_200_games_reproducibly_with_winners() {
    use catan::sim::{SimConfig, run};
    let mut cfg = SimConfig::base(200, 1, vec![BotKind::Random; 4]);
    cfg.game.variant = "adaptations".into();
    let a = run(&cfg, &|| ()).unwrap();
    cfg.threads = 2;
    let b = run(&cfg, &|| ()).unwrap();
    assert_eq!(a.without_timings(), b.without_timings());
    assert_eq!(a.capped + a.stalled, 0, "every game finishes");
    assert_eq!(a.results.len(), 200);
    for g in &a.results {
        assert!(g.winner.is_some(), "game {} has a winner", g.index);
    }
}

#[test]
fn the_heuristic_beats_random_bots() {
    use BotKind::{Heuristic as H, Random as R};
    use catan::sim::{SimConfig, run};
    let mut cfg = SimConfig::base(100, 5, vec![R, H, R, R]);
    cfg.game.variant = "adaptations".into();
    cfg.threads = 2;
    let r = run(&cfg, &|| ()).unwrap();
    assert!(r.wins_by_bot["medium"] > 60, "{:?}", r.wins_by_bot);
}
