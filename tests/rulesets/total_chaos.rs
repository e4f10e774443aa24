//! Total Chaos end to end: a host on loopback TCP with three heuristic bots and one `--plain`
//! client (the line mode itself, in-process). The client asks for `state` over and over and
//! votes `ready` only once it has seen the phase in its state, so every phase that happens is
//! seen; the test runs until setup, the resource phase, both robber parts, building and the
//! cooldown have all shown up in the `state` JSON with their clock, dice, robber controller
//! and ready votes.

use crate::support;

use catan::bots::BotKind;
use catan::setup::GameSetup;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use support::{PlainTable, plain_table};
use tokio::io::AsyncWriteExt;

fn chaos_args(seed: u64) -> GameSetup {
    let mut g = support::variant_args("total-chaos", seed);
    g.flags.resource_secs = 2;
    g.flags.robber1_secs = 2;
    g.flags.robber2_secs = 2;
    g.flags.build_secs = 3;
    g.flags.cooldown_secs = 1;
    g.flags.placement_secs = Some(1);
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_bots_and_a_plain_client_run_through_every_phase() {
    unsafe { std::env::set_var("NO_COLOR", "1") };
    let seed = 4242;
    let game = chaos_args(seed).create(4, seed).unwrap();
    let PlainTable {
        host,
        mut input,
        out,
        client,
    } = plain_table(game, 3, 40, seed).await;

    // Lobby: ready to start (the three bots are seated already).
    input.write_all(b"ready\n").await.unwrap();
    let want: BTreeSet<&str> = [
        "setup",
        "resource",
        "robber-discard",
        "robber-steal",
        "build",
        "cooldown",
    ]
    .into();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut voted_in: Option<(String, u64)> = None;
    let mut read = 0;
    let mut states = Vec::new();
    let end = Instant::now() + Duration::from_secs(150);
    while Instant::now() < end {
        input.write_all(b"state\n").await.unwrap();
        tokio::time::sleep(Duration::from_millis(60)).await;
        let lines = out.lines();
        for l in &lines[read..] {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(l) else {
                continue;
            };
            let phase = v["phase"].as_str().unwrap_or("").to_string();
            if phase == "lobby" || phase.is_empty() {
                continue;
            }
            assert_eq!(v["variant"], "total-chaos");
            for key in ["deadline_secs", "dice", "robber_holder", "ready", "round"] {
                assert!(v.get(key).is_some(), "state has `{key}`: {l}");
            }
            if phase != "setup" {
                assert!(
                    v["deadline_secs"].is_number(),
                    "a timed phase shows its clock: {l}"
                );
                assert_eq!(
                    v["dice"].as_array().unwrap().len(),
                    4,
                    "everyone's dice: {l}"
                );
            }
            if phase.starts_with("robber") {
                assert!(v["robber_holder"].is_number(), "who holds the robber: {l}");
            }
            seen.insert(phase.clone());
            states.push(v.clone());
            // Vote once per phase of a round, after seeing it.
            let round = v["round"].as_u64().unwrap_or(0);
            if phase != "setup" && phase != "over" && voted_in != Some((phase.clone(), round)) {
                voted_in = Some((phase.clone(), round));
                if phase == "resource" {
                    input.write_all(b"claim\n").await.unwrap();
                }
                input.write_all(b"ready\n").await.unwrap();
            }
        }
        read = lines.len();
        if want.iter().all(|p| seen.contains(*p)) || seen.contains("over") {
            break;
        }
    }
    let lines = out.lines();
    input.write_all(b"quit\n").await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(5), client).await;
    let table = host.stop().await;
    assert!(
        want.iter().all(|p| seen.contains(*p)),
        "phases seen: {seen:?}\n{}",
        lines
            .iter()
            .rev()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Ready votes show up in the state, and the events read as words.
    assert!(
        states
            .iter()
            .any(|v| v["ready"].as_array().is_some_and(|r| !r.is_empty())),
        "ready votes are visible"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Dice: ")),
        "the dice are announced"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("controls the robber") || l.contains("control the robber"))
    );
    assert!(
        lines.iter().any(|l| l.contains("summary")),
        "the cooldown summarises"
    );
    assert!(table.record().len() > 20, "the game was played");
    assert!(
        lines.iter().any(|l| l.starts_with("your move: ")),
        "the plain mode says when the game waits for this seat"
    );
    // A card taken at random is named only to the thief and the victim.
    for l in &lines {
        if l.contains(" stole 1 ") && !l.contains("(agreed)") {
            assert!(l.contains("You ") || l.contains(" you"), "{l}");
        }
        if l.contains("bought a development card:") {
            assert!(l.starts_with("You bought"), "{l}");
        }
    }
}

#[test]
fn bot_only_games_finish_reproducibly_in_virtual_real_time() {
    use catan::sim::{SimConfig, run};
    let mut cfg = SimConfig::base(
        12,
        1,
        vec![
            BotKind::Heuristic,
            BotKind::Random,
            BotKind::Heuristic,
            BotKind::Heuristic,
        ],
    );
    cfg.game.variant = "total-chaos".into();
    let a = run(&cfg, &|| ()).unwrap();
    cfg.threads = 2;
    let b = run(&cfg, &|| ()).unwrap();
    assert_eq!(a.without_timings(), b.without_timings());
    assert_eq!(a.capped + a.stalled, 0, "every game finishes");
    assert_eq!(a.wins.iter().sum::<u64>(), 12);
    assert!(a.min_winner_score.unwrap() >= 10);
}
