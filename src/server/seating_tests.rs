//! Who may sit where, tested on the table alone (no sockets): taking a bot's seat in the
//! lobby, tables that start by themselves, names that only look alike, and coming back to a
//! seat with the game's token.

use super::table::{ConnId, QUEUE, Table, TableConfig};
use crate::bots::BotKind;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::record::Entry;
use tokio::sync::mpsc;

fn table(seats: usize, bots: usize) -> Table {
    let args = crate::setup::GameSetup {
        seed: Some(5),
        ..Default::default()
    };
    let game = args.create(seats, 5).expect("a base game");
    Table::new(
        game,
        TableConfig {
            bots,
            bot_kind: BotKind::Random,
            bot_think_ms: 0,
            seed: 5,
            ..TableConfig::default()
        },
    )
}

/// A connection to `t` that says hello as `name`; returns its id and what it hears.
fn join(
    t: &mut Table,
    conn: ConnId,
    name: &str,
    token: Option<String>,
) -> mpsc::Receiver<ServerMsg> {
    let (tx, rx) = mpsc::channel(QUEUE);
    t.open(conn, tx, false, format!("test {conn}"));
    hello(t, conn, name, token);
    rx
}

fn hello(t: &mut Table, conn: ConnId, name: &str, token: Option<String>) {
    t.message(
        conn,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            token,
            watch: false,
            color: None,
            password: None,
        },
        0,
    );
}

/// Joins as `name` without a token, answering a [`ServerMsg::NameHeld`] as a client without
/// the seat's token does (saying hello again); returns the host's refusal.
fn refused(t: &mut Table, conn: ConnId, name: &str) -> String {
    let mut rx = join(t, conn, name, None);
    let mut msgs = heard(&mut rx);
    if matches!(msgs.as_slice(), [ServerMsg::NameHeld { .. }]) {
        hello(t, conn, name, None);
        msgs = heard(&mut rx);
    }
    refusal(&msgs)
        .unwrap_or_else(|| panic!("{name:?} sat: {msgs:?}"))
        .to_string()
}

/// Everything queued for a connection so far.
fn heard(rx: &mut mpsc::Receiver<ServerMsg>) -> Vec<ServerMsg> {
    std::iter::from_fn(|| rx.try_recv().ok()).collect()
}

/// A spectator on connection `conn`, arriving at `now`.
fn watch(t: &mut Table, conn: ConnId, now: u64) -> mpsc::Receiver<ServerMsg> {
    let (tx, rx) = mpsc::channel(QUEUE);
    t.open(conn, tx, false, format!("test {conn}"));
    t.message(
        conn,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "watcher".into(),
            token: None,
            watch: true,
            color: None,
            password: None,
        },
        now,
    );
    rx
}

/// The seat token a newcomer's welcome gave it.
fn token_of(rx: &mut mpsc::Receiver<ServerMsg>) -> String {
    heard(rx)
        .into_iter()
        .find_map(|m| match m {
            ServerMsg::Welcome { token, .. } => Some(token),
            _ => None,
        })
        .expect("a welcome")
}

fn welcome_seat(msgs: &[ServerMsg]) -> Option<Option<u8>> {
    msgs.iter().find_map(|m| match m {
        ServerMsg::Welcome { seat, .. } => Some(seat.map(|s| s as u8)),
        _ => None,
    })
}

fn refusal(msgs: &[ServerMsg]) -> Option<&str> {
    msgs.iter().find_map(|m| match m {
        ServerMsg::Refused { reason } => Some(reason.as_str()),
        _ => None,
    })
}

#[test]
fn a_person_takes_a_bots_seat_in_the_lobby_and_the_full_table_starts() {
    let mut t = table(3, 3);
    assert!(!t.started());
    let mut rx = join(&mut t, 1, "Ann", None);
    let msgs = heard(&mut rx);
    assert_eq!(refusal(&msgs), None, "{msgs:?}");
    assert!(
        matches!(welcome_seat(&msgs), Some(Some(_))),
        "Ann sits in a bot's seat: {msgs:?}"
    );
    assert!(t.started(), "every seat filled and ready: the game starts");
}

#[test]
fn a_table_of_bots_only_starts_by_itself() {
    let mut t = table(3, 3);
    // Nobody joins: the table still has something to do at once.
    let wake = t.next_wake();
    assert_eq!(wake, Some(0), "a full, ready table wakes to start");
    t.tick(0);
    assert!(t.started());
}

#[test]
fn a_table_with_an_empty_seat_waits_for_a_person() {
    let mut t = table(3, 2);
    assert_eq!(t.next_wake(), None);
    t.tick(0);
    assert!(!t.started());
    let mut rx = join(&mut t, 1, "Ann", None);
    assert_eq!(welcome_seat(&heard(&mut rx)), Some(Some(0)));
    assert!(t.started());
}

#[test]
fn a_name_that_only_looks_like_a_seated_one_is_refused_with_the_reason() {
    let mut t = table(4, 0);
    let mut ann = join(&mut t, 1, "Ann", None);
    assert_eq!(welcome_seat(&heard(&mut ann)), Some(Some(0)));
    // A Cyrillic А, a Greek Α, another case: names of their own that look alike.
    for (conn, lookalike) in [(2, "\u{410}nn"), (3, "\u{391}nn"), (4, "ANN")] {
        let reason = refused(&mut t, conn, lookalike);
        assert!(
            reason.contains("looks like Ann, already at the table")
                || reason.contains("is taken at this table"),
            "{reason}"
        );
    }
    let mut rx = join(&mut t, 9, "\u{410}nn", None);
    let msgs = heard(&mut rx);
    assert!(
        refusal(&msgs)
            .is_some_and(|r| r.contains("the name \u{410}nn looks like Ann, already at the table")),
        "{msgs:?}"
    );
    // A zero-width space, a soft hyphen, full-width letters: normalised, these are Ann.
    for (conn, same) in [
        (5, "Ann\u{200B}"),
        (7, "A\u{AD}nn"),
        (8, "\u{FF21}\u{FF4E}\u{FF4E}"),
    ] {
        let reason = refused(&mut t, conn, same);
        assert!(reason.contains("the name Ann is taken"), "{reason}");
    }
    let mut anna = join(&mut t, 6, "Anna", None);
    assert_eq!(
        welcome_seat(&heard(&mut anna)),
        Some(Some(1)),
        "Anna is another name"
    );
}

#[test]
fn names_are_shown_normalised() {
    let mut t = table(3, 0);
    let mut rx = join(
        &mut t,
        1,
        "  \u{202E}Bob\u{200D}  \u{3000}Smith\u{7}\u{FEFF} ",
        None,
    );
    let msgs = heard(&mut rx);
    let lobby = msgs
        .iter()
        .find_map(|m| match m {
            ServerMsg::Lobby(l) => Some(l.clone()),
            _ => None,
        })
        .expect("a lobby");
    let me = lobby.seats[0].as_ref().expect("seated");
    assert_eq!(me.name, "Bob Smith");
}

#[test]
fn a_hello_naming_a_held_seat_is_told_the_game_and_may_bring_the_token_once() {
    let mut t = table(2, 1);
    let mut ann = join(&mut t, 1, "Ann", None);
    let token = heard(&mut ann)
        .iter()
        .find_map(|m| match m {
            ServerMsg::Welcome { token, game, .. } => {
                assert_eq!(game.id, t.game_id(), "the welcome names the game");
                Some(token.clone())
            }
            _ => None,
        })
        .expect("welcomed");
    assert!(t.started());
    // Ann's connection drops; she comes back without a token first.
    t.close(1, 10);
    let mut back = join(&mut t, 2, "Ann", None);
    let msgs = heard(&mut back);
    assert_eq!(
        msgs,
        vec![ServerMsg::NameHeld {
            game: t.game_id().to_string()
        }]
    );
    hello(&mut t, 2, "Ann", Some(token));
    assert_eq!(welcome_seat(&heard(&mut back)), Some(Some(0)), "her seat");

    // Someone else with her name has no token: told once, then refused with the reason.
    let mut eve = join(&mut t, 3, "ann", None);
    assert!(matches!(
        heard(&mut eve).as_slice(),
        [ServerMsg::NameHeld { .. }]
    ));
    hello(&mut t, 3, "ann", None);
    let msgs = heard(&mut eve);
    assert!(
        refusal(&msgs).is_some_and(|r| r.contains("the name ann is taken")),
        "{msgs:?}"
    );
    // A made-up token is no better.
    let mut mallory = join(&mut t, 4, "Ann", Some("00".repeat(16)));
    assert!(matches!(
        heard(&mut mallory).as_slice(),
        [ServerMsg::NameHeld { .. }]
    ));
    hello(&mut t, 4, "Ann", Some("11".repeat(16)));
    assert!(refusal(&heard(&mut mallory)).is_some());
}

#[test]
fn a_table_keeps_the_game_identity_it_is_given() {
    let args = crate::setup::GameSetup {
        seed: Some(5),
        ..Default::default()
    };
    let game = args.create(2, 5).unwrap();
    let t = Table::new(
        game,
        TableConfig {
            game_id: Some("abc123".into()),
            ..TableConfig::default()
        },
    );
    assert_eq!(t.game_id(), "abc123");
    assert_eq!(table(2, 0).game_id().len(), 32);
    assert_ne!(table(2, 0).game_id(), table(2, 0).game_id());
}

#[test]
fn a_client_told_its_name_is_held_is_answered_after_its_second_hello() {
    let mut t = table(2, 1);
    let mut ann = join(&mut t, 1, "Ann", None);
    let token = heard(&mut ann)
        .iter()
        .find_map(|m| match m {
            ServerMsg::Welcome { token, .. } => Some(token.clone()),
            _ => None,
        })
        .expect("welcomed");
    t.close(1, 5);
    let mut back = join(&mut t, 2, "Ann", None);
    assert!(matches!(
        heard(&mut back).as_slice(),
        [ServerMsg::NameHeld { .. }]
    ));
    t.message(2, ClientMsg::Ping(7), 0);
    t.message(2, ClientMsg::Legal, 0);
    assert_eq!(heard(&mut back), vec![], "nothing before the hello");
    assert!(t.take_effects().close.is_empty(), "still open");
    hello(&mut t, 2, "Ann", Some(token));
    let msgs = heard(&mut back);
    let welcome = msgs
        .iter()
        .position(|m| matches!(m, ServerMsg::Welcome { .. }));
    let pong = msgs.iter().position(|m| *m == ServerMsg::Pong(7));
    let legal = msgs.iter().position(|m| matches!(m, ServerMsg::Legal(..)));
    assert!(
        welcome.is_some() && welcome < pong && pong < legal,
        "in order, after the welcome: {msgs:?}"
    );
}

/// `--bot-kind hard,medium` at a table of four bots: the list repeats in rotation over the bot
/// seats, as `catan sim --bots` does, instead of leaving the later bots at the first level.
#[test]
fn a_short_list_of_bot_levels_repeats_over_the_bot_seats() {
    let args = crate::setup::GameSetup {
        seed: Some(5),
        ..Default::default()
    };
    let game = args.create(5, 5).expect("a base game");
    let mut t = Table::new(
        game,
        TableConfig {
            bots: 4,
            bot_kind: BotKind::Hard,
            bot_levels: vec![BotKind::Hard, BotKind::Heuristic],
            bot_think_ms: 0,
            seed: 5,
            ..TableConfig::default()
        },
    );
    let mut rx = watch(&mut t, 9, 0);
    let lobby = heard(&mut rx)
        .into_iter()
        .find_map(|m| match m {
            ServerMsg::Lobby(l) => Some(l),
            _ => None,
        })
        .expect("a spectator sees the lobby");
    let levels: Vec<Option<String>> = lobby
        .seats
        .iter()
        .map(|s| s.as_ref().and_then(|s| s.level.clone()))
        .collect();
    let (hard, medium) = (Some("hard".to_string()), Some("medium".to_string()));
    assert_eq!(
        levels,
        vec![None, hard.clone(), medium.clone(), hard, medium]
    );
}

/// A person who comes back hears what their bot did in their absence as their bot's doing
/// ("Your bot: you built a settlement"), not as if they had done it themselves.
#[test]
fn what_a_stand_in_bot_did_is_told_as_the_bots_doing() {
    let mut t = table(2, 1);
    let token = token_of(&mut join(&mut t, 1, "Ann", None));
    assert!(t.started(), "the full table started");
    // Ann leaves; after the grace period her bot plays her setup.
    t.close(1, 0);
    let mut now = 0;
    for _ in 0..200 {
        now = t.next_wake().unwrap_or(now + 1000).max(now + 1);
        t.tick(now);
        // Nine entries besides the `away` line: through Ann's second settlement.
        let moves = t
            .record()
            .iter()
            .filter(|e| !matches!(e, Entry::Away { .. }));
        if moves.count() > 8 {
            break;
        }
    }
    let mut ann = join(&mut t, 2, "Ann", Some(token));
    let msgs = heard(&mut ann);
    let notice = msgs.iter().find_map(|m| match m {
        ServerMsg::Notice(n) if n.contains("welcome back") => Some(n.clone()),
        _ => None,
    });
    assert!(
        notice.as_deref().is_some_and(|n| n.contains("Your bot:")),
        "the welcome says how the bot's moves read: {notice:?}"
    );
    let log: Vec<String> = msgs
        .iter()
        .filter_map(|m| match m {
            ServerMsg::Update(u) => Some(u.log.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Your bot: you built a settlement")),
        "{log:#?}"
    );
    assert!(
        !log.iter().any(|l| l.starts_with("You built")),
        "nothing the bot did reads as Ann's own: {log:#?}"
    );
    // What followed the bot's moves (a turn passing, the cards the second settlement
    // brought) was not its doing.
    assert!(
        log.iter()
            .filter_map(|l| l.strip_prefix("Your bot: "))
            .all(|l| l.starts_with("you ") && !l.starts_with("you got ")),
        "{log:#?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with("You got ")),
        "the second settlement's cards are told plainly: {log:#?}"
    );
    // The record marks the bot's moves for Ann as its own, between `away` and `back`.
    let record = t.record();
    let by_bot = crate::record::stand_in_moves(record);
    let ann_moves: Vec<bool> = record
        .iter()
        .zip(&by_bot)
        .filter(|(e, _)| matches!(e, Entry::Command { seat: 0, .. }))
        .map(|(_, b)| *b)
        .collect();
    assert!(
        !ann_moves.is_empty() && ann_moves.iter().all(|b| *b),
        "{record:#?}"
    );
    assert!(
        matches!(
            record.last(),
            Some(Entry::Away {
                seat: 0,
                away: false,
                ..
            }) | Some(Entry::Seat { .. })
        ) && crate::record::away_at_end(record).is_empty(),
        "Ann is back in the record: {record:#?}"
    );
}

/// The seat lists tell a person who quit on purpose (their client said goodbye) from one whose
/// connection dropped, so the table reads "Ann left the game", not "lost the connection"; the
/// seat is held for either, and coming back clears it.
#[test]
fn a_person_who_quits_is_told_apart_from_a_dropped_connection() {
    let mut t = table(3, 1);
    let token = token_of(&mut join(&mut t, 1, "Ann", None));
    let mut bob = join(&mut t, 2, "Bob", None);
    assert!(t.started(), "the full table started");
    heard(&mut bob);
    let seat_of = |msgs: Vec<ServerMsg>, seat: usize| {
        msgs.into_iter()
            .rev()
            .find_map(|m| match m {
                ServerMsg::Update(u) if u.seats_at.is_empty() && !u.seats.is_empty() => {
                    Some(u.seats[seat].clone())
                }
                _ => None,
            })
            .expect("a seat list")
    };
    // Ann quits: her client says goodbye, then the connection closes.
    t.message(1, ClientMsg::Bye, 10);
    t.close(1, 10);
    let ann_seat = seat_of(heard(&mut bob), 0);
    assert!(!ann_seat.connected && ann_seat.left, "{ann_seat:?}");
    // She comes back: the mark goes.
    let _ann = join(&mut t, 3, "Ann", Some(token));
    let ann_seat = seat_of(heard(&mut bob), 0);
    assert!(ann_seat.connected && !ann_seat.left, "{ann_seat:?}");
    // Bob's connection drops without a goodbye: not "left".
    t.close(2, 20);
    let mut spectator = watch(&mut t, 4, 20);
    let bob_seat = seat_of(heard(&mut spectator), 1);
    assert!(!bob_seat.connected && !bob_seat.left, "{bob_seat:?}");
}
