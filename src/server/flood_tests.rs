//! Lobby and chat floods on the table alone (no sockets): what a flood of each kind makes
//! the table send to everyone else. The same attacks over TCP are in tests/floods.rs.

use super::table::{CHAT_PER_SEC, ConnId, LOBBY_PER_SEC, QUEUE, Table, TableConfig};
use crate::bots::BotKind;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use tokio::sync::mpsc;

/// A base table of `seats` with no bots: it stays in the lobby until everyone sits down.
fn lobby(seats: usize) -> Table {
    let args = crate::setup::GameSetup {
        seed: Some(7),
        ..Default::default()
    };
    let game = args.create(seats, 7).expect("a base game");
    Table::new(
        game,
        TableConfig {
            bot_kind: BotKind::Random,
            bot_think_ms: 0,
            seed: 7,
            ..TableConfig::default()
        },
    )
}

fn join(t: &mut Table, conn: ConnId, name: &str, watch: bool) -> mpsc::Receiver<ServerMsg> {
    let (tx, rx) = mpsc::channel(QUEUE * 64);
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

fn notices(msgs: &[ServerMsg]) -> Vec<&str> {
    msgs.iter()
        .filter_map(|m| match m {
            ServerMsg::Notice(n) => Some(n.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_spectators_arrival_is_sent_to_it_alone() {
    let mut t = lobby(4);
    let mut ann = join(&mut t, 1, "Ann", false);
    heard(&mut ann);
    for i in 0..50 {
        let mut w = join(&mut t, 10 + i, "watcher", true);
        assert!(
            heard(&mut w)
                .iter()
                .any(|m| matches!(m, ServerMsg::Lobby(_))),
            "the spectator is shown the lobby"
        );
        t.close(10 + i, 1);
    }
    assert_eq!(heard(&mut ann), vec![], "Ann hears nothing of spectators");
}

#[test]
fn saying_ready_or_ones_own_colour_again_sends_nothing() {
    let mut t = lobby(4);
    let mut ann = join(&mut t, 1, "Ann", false);
    let mut bob = join(&mut t, 2, "Bob", false);
    heard(&mut ann);
    let own = match heard(&mut bob).into_iter().rev().find_map(|m| match m {
        ServerMsg::Lobby(l) => l.seats[1].clone(),
        _ => None,
    }) {
        Some(s) => s.color,
        None => panic!("Bob sees his seat"),
    };
    for now in 0..1000 {
        // Joiners are ready at once: ready again, and Bob's own colour again.
        t.message(2, ClientMsg::Ready(true), now);
        t.message(2, ClientMsg::Color(own.clone()), now);
    }
    assert_eq!(heard(&mut ann), vec![]);
    assert_eq!(heard(&mut bob), vec![]);
}

#[test]
fn a_flood_of_lobby_changes_is_paced_per_second() {
    let mut t = lobby(4);
    let mut ann = join(&mut t, 1, "Ann", false);
    let mut bob = join(&mut t, 2, "Bob", false);
    heard(&mut ann);
    heard(&mut bob);
    // A thousand toggles within one second, then a thousand colour changes in the next.
    for i in 0..1000 {
        t.message(2, ClientMsg::Ready(i % 2 == 0), 5_000);
    }
    let lobbies = |m: &[ServerMsg]| {
        m.iter()
            .filter(|m| matches!(m, ServerMsg::Lobby(_)))
            .count()
    };
    assert_eq!(lobbies(&heard(&mut ann)), LOBBY_PER_SEC as usize);
    let told = heard(&mut bob);
    assert_eq!(lobbies(&told), LOBBY_PER_SEC as usize);
    assert_eq!(notices(&told).len(), 1, "told once: {:?}", notices(&told));
    assert!(notices(&told)[0].contains("slow down"));
    for i in 0..1000 {
        let col = ["green", "purple", "cyan", "yellow"][i % 4];
        t.message(2, ClientMsg::Color(col.into()), 6_000);
    }
    assert_eq!(lobbies(&heard(&mut ann)), LOBBY_PER_SEC as usize);
    // The next second, Bob may change again.
    t.message(2, ClientMsg::Ready(true), 7_000);
    t.message(2, ClientMsg::Ready(false), 7_000);
    assert_eq!(lobbies(&heard(&mut ann)), 2);
}

#[test]
fn a_chat_flood_is_paced_per_second() {
    let mut t = lobby(4);
    let mut ann = join(&mut t, 1, "Ann", false);
    let mut spam = join(&mut t, 2, "spam", true);
    heard(&mut ann);
    heard(&mut spam);
    for s in 0..3u64 {
        for _ in 0..1000 {
            t.message(2, ClientMsg::Chat { text: "x".into() }, 10_000 + s * 1000);
        }
    }
    let chats = heard(&mut ann)
        .iter()
        .filter(|m| matches!(m, ServerMsg::Chat { .. }))
        .count();
    assert_eq!(chats, 3 * CHAT_PER_SEC as usize);
    assert_eq!(notices(&heard(&mut spam)).len(), 3, "told once a second");
}

#[test]
fn ready_in_a_running_game_sends_nothing() {
    let mut t = lobby(2);
    let mut ann = join(&mut t, 1, "Ann", false);
    let _bob = join(&mut t, 2, "Bob", false);
    assert!(t.started());
    heard(&mut ann);
    for i in 0..100 {
        t.message(2, ClientMsg::Ready(i % 2 == 0), 100);
    }
    assert_eq!(heard(&mut ann), vec![]);
}

/// Issue 25: lobby traffic is coalesced. With seat news held for the table task's flush, a
/// burst of ready toggles and colour changes from every seat sends each connection one
/// lobby update for the whole burst, and it shows the last state.
#[test]
fn a_burst_of_lobby_changes_sends_each_connection_one_update() {
    let mut t = lobby(6);
    let mut rxs: Vec<_> = ["Ann", "Bob", "Cy", "Dee"]
        .iter()
        .enumerate()
        .map(|(i, n)| join(&mut t, i as ConnId + 1, n, false))
        .collect();
    let mut watcher = join(&mut t, 9, "w", true);
    for rx in rxs.iter_mut().chain([&mut watcher]) {
        heard(rx);
    }
    t.coalesce_seat_news(true);
    for round in 0..3 {
        for conn in 1..=4 {
            t.message(conn, ClientMsg::Ready(round % 2 == 0), 10);
            let colour = ["green", "purple", "cyan", "yellow"][(conn as usize + round) % 4];
            t.message(conn, ClientMsg::Color(colour.into()), 10);
        }
    }
    // Only notices (a colour taken, a change past the pace) go out before the flush.
    for rx in rxs.iter_mut().chain([&mut watcher]) {
        let early = heard(rx);
        assert!(
            early.iter().all(|m| matches!(m, ServerMsg::Notice(_))),
            "no update goes out before the flush: {early:?}"
        );
    }
    t.flush(10);
    for rx in rxs.iter_mut().chain([&mut watcher]) {
        let msgs = heard(rx);
        let lobbies: Vec<_> = msgs
            .iter()
            .filter_map(|m| match m {
                ServerMsg::Lobby(l) => Some(l),
                _ => None,
            })
            .collect();
        assert_eq!(lobbies.len(), 1, "one lobby update for the burst: {msgs:?}");
        // The last round set everyone ready.
        let ready: Vec<bool> = lobbies[0].seats.iter().flatten().map(|s| s.ready).collect();
        assert_eq!(ready, vec![true; 4]);
    }
    t.flush(11);
    assert!(
        heard(&mut rxs[0]).is_empty(),
        "a flush with no news sends nothing"
    );
}
