//! A private table (`catan host --password`) over TCP: a hello without the password, or with a
//! wrong one, is refused with words that say so, players and spectators alike; the right one
//! sits down; the host's own terminal needs none; an open table ignores a password.

use crate::support;

use catan::bots::BotKind;
use catan::client::net::{Hello, connect};
use catan::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::transport::Trust;
use std::time::Duration;
use support::{PATIENCE, base_args, raw};
use tokio::net::TcpListener;

async fn host(password: Option<&str>) -> RunningHost {
    let game = base_args(7).create(4, 7).unwrap();
    let cfg = TableConfig {
        bot_kind: BotKind::Random,
        seed: 7,
        password: password.map(str::to_string),
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    RunningHost::start(listener, Table::new(game, cfg)).unwrap()
}

/// The host's first answer to a hello: `Ok(seat)` for a welcome, `Err` with the refusal's
/// words.
async fn welcome_or_refusal(
    rx: &mut tokio::sync::mpsc::Receiver<ServerMsg>,
) -> Result<Option<catan::engine::Seat>, String> {
    loop {
        match tokio::time::timeout(PATIENCE, rx.recv()).await.unwrap() {
            Some(ServerMsg::Welcome { seat, .. }) => return Ok(seat),
            Some(ServerMsg::Refused { reason }) => return Err(reason),
            Some(_) => {}
            None => return Err("closed without a word".into()),
        }
    }
}

/// What the host first says to a hello with `password`: `Ok(seat)` for a welcome, `Err` with
/// the refusal's words.
async fn first_answer(
    host: &RunningHost,
    name: &str,
    watch: bool,
    password: Option<&str>,
) -> Result<Option<catan::engine::Seat>, String> {
    let (_tx, mut rx) = connect(
        &host.addr.to_string(),
        Hello {
            name: name.into(),
            token: None,
            watch,
            color: None,
            password: password.map(str::to_string),
        },
        &Trust::AnyKey,
    )
    .await
    .expect("connects");
    welcome_or_refusal(&mut rx).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_lets_in_only_those_with_its_password() {
    let host = host(Some("sesame")).await;
    let none = first_answer(&host, "Ann", false, None).await.unwrap_err();
    assert!(
        none.contains("this table is private") && none.contains("--password"),
        "{none}"
    );
    let wrong = first_answer(&host, "Ann", false, Some("sesam"))
        .await
        .unwrap_err();
    assert_eq!(wrong, "this table is private: wrong password");
    let longer = first_answer(&host, "Ann", false, Some("sesame!"))
        .await
        .unwrap_err();
    assert_eq!(longer, "this table is private: wrong password");
    // Spectators too.
    let watcher = first_answer(&host, "Eve", true, None).await.unwrap_err();
    assert!(watcher.contains("this table is private"), "{watcher}");
    let watcher = first_answer(&host, "Eve", true, Some("x"))
        .await
        .unwrap_err();
    assert_eq!(watcher, "this table is private: wrong password");
    // Nobody was seated by the refused hellos; the right password sits down in seat 1.
    assert_eq!(
        first_answer(&host, "Ann", false, Some("sesame")).await,
        Ok(Some(0))
    );
    assert_eq!(
        first_answer(&host, "Eve", true, Some("sesame")).await,
        Ok(None)
    );
    host.stop().await;
}

/// What the host first says to an in-process connection's hello without a password (the
/// host's own terminal when `is_host`, else a guest such as an SSH session).
async fn local_answer(
    host: &RunningHost,
    is_host: bool,
    name: &str,
) -> Result<Option<catan::engine::Seat>, String> {
    let (tx, mut rx) = host.handle.connect_local(is_host).await;
    tx.send(ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: name.into(),
        token: None,
        watch: false,
        color: None,
        password: None,
    })
    .await
    .unwrap();
    welcome_or_refusal(&mut rx).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hosts_own_terminal_needs_no_password() {
    let host = host(Some("sesame")).await;
    assert_eq!(local_answer(&host, true, "Host").await, Ok(Some(0)));
    // Another in-process connection (an SSH guest's) is a guest: it needs the password.
    let guest = local_answer(&host, false, "Guest").await;
    assert!(
        guest
            .as_ref()
            .is_err_and(|r| r.contains("this table is private")),
        "a guest sat down without the password: {guest:?}"
    );
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_ignores_a_password() {
    let host = host(None).await;
    assert_eq!(
        first_answer(&host, "Ann", false, Some("whatever")).await,
        Ok(Some(0))
    );
    // (Ann's connection is gone and the lobby gave her seat back: Bob may get it.)
    assert!(matches!(
        first_answer(&host, "Bob", false, None).await,
        Ok(Some(_))
    ));
    host.stop().await;
}

/// The hello of protocol 4 (before the password field) as an older catan sends it.
#[derive(serde::Serialize)]
enum OldClientMsg {
    Hello {
        version: u32,
        name: String,
        token: Option<String>,
        watch: bool,
        color: Option<String>,
    },
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_clients_hello_is_told_which_protocol_the_host_speaks() {
    let host = host(None).await;
    let body = catan::proto::codec::encode(&OldClientMsg::Hello {
        version: 4,
        name: "Old".into(),
        token: None,
        watch: false,
        color: None,
    })
    .unwrap();
    let mut frame = (body.len() as u32).to_be_bytes().to_vec();
    frame.extend_from_slice(&body);
    let mut s = raw::open(host.addr).await;
    raw::send(&mut s, &frame).await;
    let back = raw::frames(&raw::until_closed(&mut s, Duration::from_secs(5)).await);
    match back.first() {
        Some(ServerMsg::Refused { reason }) => assert!(
            reason.contains(&format!("protocol {PROTOCOL_VERSION}"))
                && reason.contains("same catan version"),
            "{reason}"
        ),
        other => panic!("expected a refusal, got {other:?}"),
    }
    host.stop().await;
}
