//! Risk of Catan end to end: a host on loopback TCP with three heuristic bots and one `--plain`
//! client (the line mode itself, in-process). The client asks for `state` and `legal` over and
//! over and, whenever the game waits for it, sends a legal command (a starting unit, a claim,
//! a roll, a unit purchase, the end of its turn...). The test runs until the claim loop is
//! over and a few turns have been played, and checks that `state` shows armies on every land
//! hex with their owner, counts per unit type and hold, and that the log tells the army events
//! in words.

use crate::support;

use catan::setup::GameSetup;
use std::time::{Duration, Instant};
use support::{PlainTable, plain_table};
use tokio::io::AsyncWriteExt;

fn risk_args(seed: u64) -> GameSetup {
    let mut g = support::variant_args("risk", seed);
    g.flags.turn_secs = Some(20);
    g
}

/// The command the plain player sends from its legal list: placements and rolls first, a unit
/// when it can buy one, then the end of the turn.
fn pick(legal: &[String]) -> Option<String> {
    let starts = |w: &str| legal.iter().find(|l| l.starts_with(w)).cloned();
    starts("place ")
        .or_else(|| starts("settle "))
        .or_else(|| starts("road "))
        .or_else(|| starts("roll"))
        .or_else(|| starts("discard "))
        .or_else(|| starts("robber "))
        .or_else(|| starts("retreat"))
        .or_else(|| starts("stop"))
        .or_else(|| starts("attack "))
        .or_else(|| starts("buy armies 1 foot"))
        .or_else(|| starts("end"))
        .or_else(|| starts("decline "))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_bots_and_a_plain_client_play_risk_with_armies_in_the_state() {
    unsafe { std::env::set_var("NO_COLOR", "1") };
    unsafe { std::env::set_var("CATAN_NO_ADVERTISE", "1") };
    let seed = 99;
    let game = risk_args(seed).create(4, seed).unwrap();
    let PlainTable {
        host,
        mut input,
        out,
        client,
    } = plain_table(game, 3, 20, seed).await;
    input.write_all(b"ready\n").await.unwrap();

    let mut read = 0;
    let mut last_state: Option<serde_json::Value> = None;
    let mut full_state: Option<serde_json::Value> = None;
    let mut my_commands = 0;
    let end = Instant::now() + Duration::from_secs(120);
    while Instant::now() < end {
        input.write_all(b"state\nlegal\n").await.unwrap();
        tokio::time::sleep(Duration::from_millis(40)).await;
        let lines = out.lines();
        let mut legal: Option<Vec<String>> = None;
        for l in &lines[read..] {
            match serde_json::from_str::<serde_json::Value>(l) {
                Ok(v @ serde_json::Value::Object(_)) => last_state = Some(v),
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
        let Some(st) = &last_state else { continue };
        if st["phase"] == "lobby" {
            continue;
        }
        assert_eq!(st["variant"], "risk");
        let armies = st["armies"].as_array().expect("the state lists armies");
        assert_eq!(armies.len(), 19, "every land hex is listed");
        let all_held = armies
            .iter()
            .all(|h| h["units"].as_array().is_some_and(|u| !u.is_empty()));
        if all_held && st["turn"].as_u64().unwrap_or(0) >= 6 && my_commands > 5 {
            full_state = Some(st.clone());
            break;
        }
        if st["winner"].is_number() {
            break;
        }
        // Act when the game waits for this seat.
        if st["current"] == st["seat"]
            && let Some(cmd) = legal.as_deref().and_then(pick)
        {
            input
                .write_all(format!("{cmd}\n").as_bytes())
                .await
                .unwrap();
            my_commands += 1;
        }
    }
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
    let st = full_state.unwrap_or_else(|| panic!("never saw armies on every hex:\n{tail}"));
    for h in st["armies"].as_array().unwrap() {
        assert!(h["hex"].is_string() && h["pips"].is_number(), "{h}");
        assert!(h["hold"]["state"].is_string(), "{h}");
        for u in h["units"].as_array().unwrap() {
            for key in ["seat", "foot", "cavalry", "cannon"] {
                assert!(u[key].is_number(), "`{key}` in {u}");
            }
        }
    }
    assert!(my_commands > 5, "the plain player played");
    assert!(
        lines.iter().any(|l| l.contains("placed a foot soldier on")),
        "the log tells the placements:\n{tail}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Every land hex holds an army")),
        "the claim loop ends in the log"
    );
    // The plain mode says when the game waits for this seat's starting unit and claims.
    assert!(
        lines.iter().any(|l| l.starts_with("your move: place")),
        "the wait for a placement is announced:\n{tail}"
    );
    assert!(table.record().len() > 50, "the game was played");
}
