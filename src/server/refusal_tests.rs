//! What the host answers a refused command, tested on the table alone (no sockets): the
//! refusal names each spot as the player typed it, though the rules name spots canonically.

use super::table::{ConnId, QUEUE, Table, TableConfig};
use crate::bots::BotKind;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use tokio::sync::mpsc;

/// A base game of two seats, Ann's and a bot's, with Ann placing first.
fn table_with_ann() -> (Table, mpsc::Receiver<ServerMsg>) {
    let setup = crate::setup::GameSetup {
        seed: Some(5),
        ..Default::default()
    };
    let game = setup.create(2, 5).expect("a base game");
    let mut t = Table::new(
        game,
        TableConfig {
            bots: 1,
            bot_kind: BotKind::Random,
            bot_think_ms: 0,
            seed: 5,
            ..TableConfig::default()
        },
    );
    let conn: ConnId = 1;
    let (tx, rx) = mpsc::channel(QUEUE);
    t.open(conn, tx, false, "test".into());
    t.message(
        conn,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "Ann".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        0,
    );
    assert!(t.started());
    (t, rx)
}

/// Sends a command line as Ann; returns the refusal, or `None` if it was played.
fn send(t: &mut Table, rx: &mut mpsc::Receiver<ServerMsg>, seq: u32, text: &str) -> Option<String> {
    while rx.try_recv().is_ok() {}
    t.message(
        1,
        ClientMsg::Command {
            seq,
            text: text.into(),
        },
        0,
    );
    std::iter::from_fn(|| rx.try_recv().ok()).find_map(|m| match m {
        ServerMsg::Rejected { reason, .. } => Some(reason),
        _ => None,
    })
}

/// `E.n` and `A.s` are one edge, `H.e` and `F.sw` one corner: the refusals of the
/// play-tester's commands name them as typed, and a spot typed canonically (as the TUI's
/// cursor sends it) is answered in the rules' own words.
#[test]
fn a_refusal_names_each_spot_as_the_player_typed_it() {
    let (mut t, mut rx) = table_with_ann();
    assert_eq!(send(&mut t, &mut rx, 1, "settle E.sw"), None);
    assert_eq!(
        send(&mut t, &mut rx, 2, "road E.n").as_deref(),
        Some("E.n does not touch your new settlement at E.sw")
    );
    assert_eq!(
        send(&mut t, &mut rx, 3, "road A.s").as_deref(),
        Some("A.s does not touch your new settlement at E.sw")
    );
}
