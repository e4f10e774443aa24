//! A host that waits costs nothing: with a player away (a bot covering their seat) and the
//! game waiting for a person to think, the host's process uses a few percent of a core at
//! most, in a two-seat base game and in a Big Game with 21 seats away.
//!
//! The host runs in this test's own process, so the process's CPU time (getrusage) is the
//! host's plus its idle clients'. One test function runs both tables one after the other so
//! that no other test shares the measurement.
#![cfg(unix)]

mod support;

use catan::bots::BotKind;
use catan::server::table::{Table, TableConfig};
use catan::server::{Limits, RunningHost};
use std::time::{Duration, Instant};
use support::{Client, variant_args};
use tokio::net::TcpListener;

/// The share of a core the host may use while it waits.
const MAX_SHARE: f64 = 0.05;

/// How long the CPU time is measured: long enough to see a spinning task, short for CI.
const MEASURE: Duration = Duration::from_secs(3);

/// User plus system CPU time of this process.
fn cpu_time() -> Duration {
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct it is given and reads nothing else.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) };
    assert_eq!(rc, 0, "getrusage");
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

/// The share of a core this process used over `MEASURE` of wall time.
async fn share_while_idle() -> f64 {
    let (cpu, wall) = (cpu_time(), Instant::now());
    tokio::time::sleep(MEASURE).await;
    (cpu_time() - cpu).as_secs_f64() / wall.elapsed().as_secs_f64()
}

async fn start(variant: &str, seats: usize, away_ms: u64) -> RunningHost {
    let mut args = variant_args(variant, 5);
    args.flags.boards = seats.div_ceil(2).max(args.flags.boards);
    let game = args.create(seats, 5).unwrap();
    let cfg = TableConfig {
        bots: 0,
        bot_kind: BotKind::Random,
        bot_think_ms: 0,
        away_ms,
        seed: 5,
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    RunningHost::start_with(listener, Table::new(game, cfg), Limits::DEFAULT).unwrap()
}

/// Seats `seats` people, drops all but the first, and waits until the game waits for that
/// one person, with everyone else's seat played by a bot.
async fn one_person_waited_for(variant: &str, seats: usize) -> (RunningHost, Client) {
    let host = start(variant, seats, 200).await;
    let addr = host.addr.to_string();
    let ann = Client::join(&addr, "Ann", None, false).await;
    let mut others = Vec::new();
    for i in 1..seats {
        others.push(Client::join(&addr, &format!("P{i}"), None, false).await);
    }
    drop(others);
    (host, ann)
}

/// Reads Ann's updates until it is her move and nothing has come for a second.
async fn until_ann_acts(ann: &mut Client) {
    let seat = ann.seat.expect("seated");
    let deadline = Instant::now() + support::PATIENCE;
    loop {
        ann.drain(Duration::from_secs(1)).await;
        let waiting = ann.latest.as_ref().is_some_and(|u| {
            u.seats.iter().filter(|s| s.away).count() > 0 && u.actors.contains(&seat)
        });
        if waiting {
            return;
        }
        assert!(Instant::now() < deadline, "the game came to Ann's move");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_table_with_away_seats_costs_next_to_nothing() {
    // SAFETY: set before any host starts; no other thread reads the environment yet.
    unsafe { std::env::set_var("CATAN_NO_ADVERTISE", "1") };

    let (host, mut ann) = one_person_waited_for("base", 2).await;
    until_ann_acts(&mut ann).await;
    let share = share_while_idle().await;
    eprintln!("base, one seat away: {:.2}% of a core", share * 100.0);
    assert!(
        share < MAX_SHARE,
        "base, one seat away, Ann thinking: the host used {:.1}% of a core",
        share * 100.0
    );
    drop(ann);
    host.stop().await;

    let (host, mut ann) = one_person_waited_for("big-game", 22).await;
    until_ann_acts(&mut ann).await;
    let share = share_while_idle().await;
    eprintln!("Big Game, 21 seats away: {:.2}% of a core", share * 100.0);
    assert!(
        share < MAX_SHARE,
        "Big Game, 21 seats away, Ann thinking: the host used {:.1}% of a core",
        share * 100.0
    );
    drop(ann);
    host.stop().await;
}
