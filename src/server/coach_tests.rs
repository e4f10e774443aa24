//! Hints and the review, tested on the table alone (no sockets, no threads): who may ask for a
//! hint and why others are refused, that a hint is `hard`'s legal move for the asking seat
//! and reaches that seat only, and that the review starts when the game ends and reaches
//! whoever comes later. The jobs the table hands out are run inline here.

use super::table::{Coach, ConnId, Hints, QUEUE, Table, TableConfig};
use crate::bots::BotKind;
use crate::engine::{Millis, Seat};
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::review::{Point, Review, ReviewState};
use crate::ruleset::Ruleset;
use crate::variants::Game;
use std::sync::Arc;
use tokio::sync::mpsc;

fn hint_coach() -> Coach<Game> {
    Coach {
        hint: Some(Arc::new(crate::bots::hint::hint)),
        review: None,
    }
}

/// A review that says seat 0 won all along, told in ten steps.
fn fixed_review_coach() -> Coach<Game> {
    Coach {
        hint: None,
        review: Some(Arc::new(|names, entries, progress| {
            for k in 0..=10 {
                progress(k, 10);
            }
            Ok(Review {
                variant: "base".into(),
                period: "turn".into(),
                names: names.to_vec(),
                winners: vec![0],
                finished: true,
                points: vec![Point {
                    period: 0,
                    step: entries.len(),
                    chances: vec![1.0, 0.0, 0.0],
                    playouts: 0,
                    margin: 0.0,
                }],
                turning_points: Vec::new(),
                decisions: Vec::new(),
                compared: Vec::new(),
                notes: Vec::new(),
                playouts: 0,
            })
        })),
    }
}

fn table(seats: usize, bots: usize, hints: Hints, coach: Coach<Game>) -> Table {
    let setup = crate::setup::GameSetup {
        seed: Some(9),
        ..Default::default()
    };
    let game = setup.create(seats, 9).expect("a base game");
    Table::new(
        game,
        TableConfig {
            bots,
            bot_kind: BotKind::Heuristic,
            bot_think_ms: 0,
            bot_budget: Some(8),
            seed: 9,
            hints,
            ..TableConfig::default()
        },
    )
    .with_coach(coach)
}

fn join(t: &mut Table, conn: ConnId, name: &str, watch: bool) -> mpsc::Receiver<ServerMsg> {
    let (tx, rx) = mpsc::channel(QUEUE);
    t.open(conn, tx, false, format!("test {conn}"));
    t.message(
        conn,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            token: None,
            watch,
            color: None,
            password: None,
        },
        0,
    );
    rx
}

fn heard(rx: &mut mpsc::Receiver<ServerMsg>) -> Vec<ServerMsg> {
    std::iter::from_fn(|| rx.try_recv().ok()).collect()
}

fn hint_answer(msgs: &[ServerMsg]) -> Option<Result<crate::proto::Hint, String>> {
    msgs.iter().find_map(|m| match m {
        ServerMsg::Hint(a) => Some(a.clone()),
        _ => None,
    })
}

/// Ticks the table (its bots play) until `done` holds; returns the time reached.
fn tick_until(t: &mut Table, mut now: Millis, done: impl Fn(&Table) -> bool) -> Millis {
    for _ in 0..20_000 {
        if done(t) {
            return now;
        }
        now += 10;
        t.tick(now);
    }
    panic!("the table never got there");
}

fn seat_of(msgs: &[ServerMsg]) -> Seat {
    msgs.iter()
        .find_map(|m| match m {
            ServerMsg::Welcome { seat, .. } => *seat,
            _ => None,
        })
        .expect("a seat")
}

#[test]
fn a_person_alone_with_bots_is_told_hards_move_and_it_is_legal_for_them() {
    let mut t = table(3, 2, Hints::Alone, hint_coach());
    let mut ann = join(&mut t, 1, "Ann", false);
    let seat = seat_of(&heard(&mut ann));
    assert!(t.started());
    tick_until(&mut t, 0, |t| t.game().is_actor(seat));
    let legal: Vec<String> = t
        .game()
        .legal(seat)
        .iter()
        .map(|c| t.game().format(c))
        .collect();
    heard(&mut ann);
    t.message(1, ClientMsg::Hint, 0);
    assert_eq!(t.run_jobs_here(), 1, "the hint is worked out off the table");
    let hint = hint_answer(&heard(&mut ann))
        .expect("an answer")
        .expect("a hint");
    assert!(legal.contains(&hint.command), "{hint:?} in {legal:?}");
    assert!(hint.why.starts_with(&hint.command), "{hint:?}");
}

#[test]
fn hints_are_refused_with_the_reason() {
    // The host turned them off.
    let mut t = table(3, 2, Hints::Off, hint_coach());
    let mut ann = join(&mut t, 1, "Ann", false);
    t.message(1, ClientMsg::Hint, 0);
    assert_eq!(t.run_jobs_here(), 0);
    let why = hint_answer(&heard(&mut ann)).unwrap().unwrap_err();
    assert!(why.contains("turned hints off"), "{why}");

    // Another person at the table, and the host did not allow them.
    let mut t = table(3, 1, Hints::Alone, hint_coach());
    let mut ann = join(&mut t, 1, "Ann", false);
    let _bob = join(&mut t, 2, "Bob", false);
    t.message(1, ClientMsg::Hint, 0);
    assert_eq!(t.run_jobs_here(), 0);
    let why = hint_answer(&heard(&mut ann)).unwrap().unwrap_err();
    assert!(
        why.contains("other people") && why.contains("--hints"),
        "{why}"
    );

    // A spectator has no seat to be told about.
    let mut eve = join(&mut t, 3, "Eve", true);
    t.message(3, ClientMsg::Hint, 0);
    let why = hint_answer(&heard(&mut eve)).unwrap().unwrap_err();
    assert!(why.contains("watching"), "{why}");

    // The host allowed them with other people: asked when it is not Ann's move, the answer
    // says so.
    let mut t = table(3, 1, Hints::On, hint_coach());
    let mut ann = join(&mut t, 1, "Ann", false);
    let seat = seat_of(&heard(&mut ann));
    let _bob = join(&mut t, 2, "Bob", false);
    tick_until(&mut t, 0, |t| !t.game().is_actor(seat));
    t.message(1, ClientMsg::Hint, 0);
    assert_eq!(t.run_jobs_here(), 1);
    let why = hint_answer(&heard(&mut ann)).unwrap().unwrap_err();
    assert!(why.contains("your move"), "{why}");

    // A host with no coach gives none.
    let mut t = table(3, 2, Hints::On, Coach::default());
    let mut ann = join(&mut t, 1, "Ann", false);
    t.message(1, ClientMsg::Hint, 0);
    let why = hint_answer(&heard(&mut ann)).unwrap().unwrap_err();
    assert!(why.contains("no hints"), "{why}");
}

#[test]
fn the_review_starts_when_the_game_ends_and_reaches_those_who_come_later() {
    let mut t = table(3, 3, Hints::Alone, fixed_review_coach());
    let mut eve = join(&mut t, 1, "Eve", true);
    let reviews = |msgs: Vec<ServerMsg>| -> Vec<ReviewState> {
        msgs.into_iter()
            .filter_map(|m| match m {
                ServerMsg::Review(r) => Some(r),
                _ => None,
            })
            .collect()
    };
    let mut jobs = Vec::new();
    let mut begun = Vec::new();
    let mut now = 0;
    while t.game().outcome().is_none() {
        assert!(jobs.is_empty(), "no review before the game ends");
        now += 10;
        assert!(now < 200_000, "the bots finish the game");
        t.tick(now);
        jobs.extend(t.take_effects().jobs);
        // Eve reads as she goes, as a client does (a full queue would drop her).
        begun.extend(reviews(heard(&mut eve)));
    }
    assert_eq!(
        jobs.len(),
        1,
        "the step that ended the game hands the review out"
    );
    assert!(
        matches!(begun.as_slice(), [ReviewState::Computing { done: 0, .. }]),
        "{begun:?}"
    );
    t.run_job_here(jobs.remove(0));
    let told = reviews(heard(&mut eve));
    assert!(
        matches!(told.last(), Some(ReviewState::Ready(r)) if r.winners == vec![0]),
        "{told:?}"
    );
    assert!(
        told.len() <= 12,
        "progress goes out by whole percents: {told:?}"
    );
    let mut bob = join(&mut t, 2, "Bob", true);
    let late = reviews(heard(&mut bob));
    assert!(
        matches!(late.as_slice(), [ReviewState::Ready(_)]),
        "{late:?}"
    );
}
