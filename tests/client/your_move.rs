//! The plain mode says when the game waits for its seat: a `your move: ...` line naming the
//! kinds of command it may send, printed once each time the game starts waiting for it (setup
//! settlements and roads, a discard after a 7, an offer made to it, its turn), without the
//! player polling `state`. A base game on loopback with three heuristic bots; the plain player
//! acts only when told, and never builds, so its hand grows until a 7 makes it discard.

use crate::support;

use std::time::{Duration, Instant};
use support::{PlainTable, plain_table};
use tokio::io::AsyncWriteExt;

/// What the plain player answers to a legal list: its setup pieces, a discard, no to every
/// offer, a roll, the robber, and the end of its turn (it never builds or trades).
fn pick(legal: &[String]) -> Option<String> {
    let starts = |w: &str| legal.iter().find(|c| c.starts_with(w)).cloned();
    starts("settle ")
        .or_else(|| starts("road "))
        .or_else(|| starts("discard "))
        .or_else(|| starts("decline "))
        .or_else(|| starts("roll"))
        .or_else(|| starts("robber "))
        .or_else(|| starts("end"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plain_mode_says_when_it_waits_for_this_seat() {
    unsafe { std::env::set_var("NO_COLOR", "1") };
    unsafe { std::env::set_var("CATAN_NO_ADVERTISE", "1") };
    let seed = 11;
    let game = support::base_args(seed).create(4, seed).unwrap();
    let PlainTable {
        host,
        mut input,
        out,
        client,
    } = plain_table(game, 3, 0, seed).await;
    input.write_all(b"ready\n").await.unwrap();

    let mut read = 0;
    let mut asked = false;
    let mut moves: Vec<String> = Vec::new();
    let seen = |moves: &[String], w: &str| moves.iter().any(|m| m.contains(w));
    let end = Instant::now() + Duration::from_secs(120);
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let lines = out.lines();
        for l in &lines[read..] {
            if let Some(m) = l.strip_prefix("your move: ") {
                moves.push(m.to_string());
                // Only this line tells the player to act: it asks what it may send.
                input.write_all(b"legal\n").await.unwrap();
                asked = true;
            } else if asked && let Ok(serde_json::Value::Array(a)) = serde_json::from_str(l) {
                asked = false;
                let legal: Vec<String> = a
                    .iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect();
                if let Some(cmd) = pick(&legal) {
                    input
                        .write_all(format!("{cmd}\n").as_bytes())
                        .await
                        .unwrap();
                }
            }
        }
        read = lines.len();
        if ["settle", "road", "discard", "decline", "roll"]
            .iter()
            .all(|w| seen(&moves, w))
        {
            break;
        }
    }
    let lines = out.lines();
    input.write_all(b"quit\n").await.unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(5), client).await;
    host.stop().await;
    let tail = lines
        .iter()
        .rev()
        .take(60)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        moves.iter().any(|m| m.starts_with("settle (")),
        "a starting settlement is announced with its choices: {moves:?}\n{tail}"
    );
    assert!(seen(&moves, "road"), "the starting road: {moves:?}");
    assert!(
        seen(&moves, "discard"),
        "a discard after a 7: {moves:?}\n{tail}"
    );
    assert!(
        moves
            .iter()
            .any(|m| m.contains("accept") && m.contains("decline")),
        "an offer made to this seat: {moves:?}\n{tail}"
    );
    assert!(seen(&moves, "roll"), "its turn: {moves:?}");
    // Once per wait: the next line of its own is never the same announcement again.
    for w in lines.windows(2) {
        assert!(
            !(w[0].starts_with("your move: ") && w[0] == w[1]),
            "repeated: {}",
            w[0]
        );
    }
}
