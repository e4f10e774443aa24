//! Who may sit where, tested on the table alone (no sockets): taking a bot's seat in the
//! lobby, tables that start by themselves, names that only look alike, and coming back to a
//! seat with the game's token.

use super::table::{ConnId, QUEUE, Table, TableConfig};
use crate::bots::BotKind;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use tokio::sync::mpsc;

fn table(seats: usize, bots: usize) -> Table {
    let mut args = crate::sim::default_game_args();
    args.seed = Some(5);
    let game = crate::variants::create(&args, seats, 5).expect("a base game");
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
        },
        0,
    );
}

/// Everything queued for a connection so far.
fn heard(rx: &mut mpsc::Receiver<ServerMsg>) -> Vec<ServerMsg> {
    std::iter::from_fn(|| rx.try_recv().ok()).collect()
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
