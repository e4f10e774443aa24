//! The hall path in CI: `catan loadtest`'s clients against a Big Game host of 20 boards (a hall:
//! more than 16), over loopback TCP. Forty clients take every seat, play three short rounds and
//! must each see every round's roll, with no connection lost or refused. Times are reported by
//! the load test but not checked here (the full-size runs are benchmarks, docs/hall.md).

use catan::commands::loadtest::{Plan, load};
use catan::ruleset::Ruleset;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::setup::GameSetup;
use std::time::Duration;
use tokio::net::TcpListener;

fn hall_args(boards: usize) -> GameSetup {
    let mut g = GameSetup::of("big-game");
    g.seed = Some(7);
    g.flags.boards = boards;
    g.flags.round_secs = 1;
    g.flags.vp = Some(0);
    g.flags.max_rounds = Some(50);
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_load_clients_play_three_rounds_of_a_hall_and_see_every_roll() {
    let args = hall_args(20);
    let game = args.create(40, 7).unwrap();
    assert!(game.is_hall(), "20 boards are played as a hall");
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, TableConfig::default())).unwrap();
    let report = load(Plan {
        addr: host.addr.to_string(),
        clients: 40,
        rounds: 3,
        timeout: Duration::from_secs(60),
        insecure: false,
    })
    .await;
    assert_eq!(report.errors, 0, "{:?}", report.error_samples);
    assert_eq!(report.rounds, 3);
    // Every client saw the first round's roll and the three after it, each with its stamp.
    assert_eq!(report.broadcast_samples, 40 * 4);
    assert_eq!(report.broadcast_p99_by_round_ms.len(), 4, "{report:?}");
    // The transport's floor: client 0's four chat probes reached every client.
    assert_eq!(report.chat_samples, 40 * 4, "{report:?}");
    assert!(report.chat_p99_ms > 0.0);
    // The active seats' `end` of each round was answered.
    assert!(report.command_samples >= 40 / 2 * 3, "{report:?}");
    assert_eq!(report.dropped_slow, 0);
    if cfg!(target_os = "linux") {
        assert!(report.host_peak_mem_mb > 0.0, "the host reports its memory");
    }
    // A seat is sent its neighbourhood, not the hall: well under what 40 seats' views weigh.
    assert!(
        report.bytes_per_client_round < 20_000.0,
        "{} bytes per client and round",
        report.bytes_per_client_round
    );
    host.stop().await;
}

/// A client that reads nothing fills its bounded queue: the host drops it, keeping the queue's
/// last place for the message that tells it why, without waiting for it; its token brings it
/// back to its seat.
#[tokio::test]
async fn a_client_that_cannot_keep_up_is_told_dropped_and_comes_back_with_its_token() {
    use catan::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
    let game = hall_args(20).create(40, 7).unwrap();
    let mut table = Table::new(game, TableConfig::default());
    let hello = |token: Option<String>| ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: "Slow".into(),
        token,
        watch: false,
        color: None,
        password: None,
    };
    let (tx, mut rx) = tokio::sync::mpsc::channel(4);
    table.open(1, tx, false, "test".into());
    table.message(1, hello(None), 0);
    let ServerMsg::Welcome { seat, token, .. } = rx.recv().await.unwrap() else {
        panic!("a welcome first")
    };
    assert_eq!(seat, Some(0));
    table.start(0);
    let mut now = 0;
    let mut dropped = Vec::new();
    for _ in 0..50 {
        now += 1_000;
        table.tick(now);
        dropped.extend(table.take_effects().close);
        if !dropped.is_empty() {
            break;
        }
    }
    assert_eq!(dropped.len(), 1, "dropped once");
    assert_eq!(dropped[0].0, 1);
    assert!(dropped[0].1.contains("fell too far behind"));
    assert_eq!(table.dropped_slow(), 1);
    // The queue (4) holds 3 updates: the last place is left for the table task's `Closing`.
    let mut queued = 0;
    while rx.try_recv().is_ok() {
        queued += 1;
    }
    assert_eq!(queued, 3);
    table.close(1, now);
    let (tx, mut rx) = tokio::sync::mpsc::channel(64);
    table.open(2, tx, false, "test".into());
    table.message(2, hello(Some(token)), now);
    let ServerMsg::Welcome { seat, .. } = rx.recv().await.unwrap() else {
        panic!("a welcome")
    };
    assert_eq!(seat, Some(0), "the token brings it back to its seat");
}

/// A hall table of `boards` boards whose every seat is taken by a TCP-like connection (the
/// table hands it whole encoded frames, as it does a socket's writer), started and played to
/// the first round's start; the connections' queues hold what was sent so far.
type Frames = catan::server::wire_queue::WireRx;

fn hall_table(boards: usize, queue: usize) -> (Table, Vec<Frames>, u64) {
    use catan::proto::{ClientMsg, PROTOCOL_VERSION};
    let seats = 2 * boards;
    let game = hall_args(boards).create(seats, 7).unwrap();
    let mut table = Table::new(game, TableConfig::default());
    let mut queues = Vec::new();
    for i in 0..seats {
        let (tx, rx) = catan::server::wire_queue::wire_queue(queue);
        let conn = i as u64 + 1;
        table.open(conn, tx, false, "test".into());
        let hello = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: format!("p{i}"),
            token: None,
            watch: false,
            color: None,
            password: None,
        };
        table.message(conn, hello, 0);
        queues.push(rx);
    }
    table.start(0);
    let mut now = 0;
    while big(&table, 0).phase != "round" {
        now += 1_000;
        table.tick(now);
        assert!(now < 600_000, "the setup ends");
        assert!(table.take_effects().close.is_empty(), "nobody dropped");
    }
    (table, queues, now)
}

fn big(table: &Table, seat: catan::engine::Seat) -> catan::variants::big_game::BigView {
    let v = table.game().view(Some(seat));
    <&catan::variants::big_game::BigView>::try_from(&v)
        .unwrap()
        .clone()
}

/// Every frame queued for a connection, decoded as a client reads it.
fn drain(rx: &mut Frames) -> Vec<(usize, catan::proto::ServerMsg)> {
    let mut v = Vec::new();
    while let Ok(f) = rx.try_recv() {
        let len = u32::from_be_bytes(f.bytes[..4].try_into().unwrap()) as usize;
        assert_eq!(len + 4, f.bytes.len(), "one whole frame");
        v.push((
            f.bytes.len(),
            catan::proto::codec::decode(&f.bytes[4..]).expect("a frame a client reads"),
        ));
    }
    v
}

/// Issue 21's secrecy: a round's start reaches every seat of a hall with its own hand and no
/// other seat's (a view carries one private part, the recipient's), and nothing a seat
/// receives names the whole hall (its neighbourhood and the top of the standings). A seat the
/// game waits for gets its own legal commands with the update; the others' are left out, and
/// come, its own, when it asks.
#[test]
fn a_rounds_start_reaches_every_seat_with_its_own_hand_and_nothing_of_the_whole_hall() {
    use catan::proto::{ClientMsg, ServerMsg};
    let boards = 20;
    let seats = 2 * boards;
    let (mut table, mut queues, now) = hall_table(boards, 4096);
    // Seats whose round start left their offers for the client to write from the hand.
    let mut offers_written = 0;
    for (i, rx) in queues.iter_mut().enumerate() {
        let me = i as catan::engine::Seat;
        let msgs = drain(rx);
        let mut round_start = None;
        let mut given: Vec<String> = Vec::new();
        let mut offers_left_off = false;
        for (_, m) in &msgs {
            match m {
                ServerMsg::Update(u) => {
                    let v = <&catan::variants::big_game::BigView>::try_from(&u.view).unwrap();
                    assert_eq!(v.seat, Some(me), "a seat's view is its own");
                    assert!(v.you.is_some(), "with its own private part");
                    assert!(
                        v.players.len() < seats && u.seats.len() < seats,
                        "seat {me} was sent {} players and {} seats of {seats}",
                        v.players.len(),
                        u.seats.len()
                    );
                    assert!(v.standings.len() <= 10);
                    // The list it holds: given with this update, or the one before (`legal_same`).
                    if u.actors.contains(&me) {
                        assert!(!u.legal_left_out && (u.legal_same || !u.legal.is_empty()));
                    } else {
                        assert!(u.legal.is_empty() && u.legal_left_out);
                    }
                    if !u.legal_same && !u.legal_left_out {
                        given.clone_from(&u.legal);
                        offers_left_off = u.legal_offers_left_off;
                    }
                    if v.phase == "round" {
                        // The offers left off are written from the hand, as the client does.
                        let mut listed = given.clone();
                        if offers_left_off {
                            assert!(
                                given.iter().all(|c| !c.starts_with("offer ")),
                                "seat {me}: the offers were left off: {given:?}"
                            );
                            offers_written += 1;
                            let hand = v.you.as_ref().unwrap().hand;
                            catan::rules::offers::simple_offer_texts(&hand, &mut listed);
                        }
                        round_start = Some((v.clone(), listed));
                    }
                }
                ServerMsg::Lobby(l) => assert!(l.seats.len() < seats),
                ServerMsg::Welcome { seat, .. } => assert_eq!(*seat, Some(me)),
                ServerMsg::Notice(_) => {}
                other => panic!("seat {me} got {other:?}"),
            }
        }
        let (got, listed) =
            round_start.unwrap_or_else(|| panic!("seat {me} heard the round start"));
        let now_view = big(&table, me);
        let own = now_view.you.as_ref().unwrap();
        assert_eq!(got.you.as_ref().unwrap().hand, own.hand, "its own hand");
        {
            let game = table.game();
            if game.actors().contains(&me) {
                let want: Vec<String> = game.legal(me).iter().map(|c| game.format(c)).collect();
                assert_eq!(
                    listed, want,
                    "seat {me}: its own commands came with the update"
                );
            }
        }
        // Asking brings this seat's own legal commands.
        table.message(me as u64 + 1, ClientMsg::Legal, now);
        let answer = drain(rx);
        let [(_, ServerMsg::Legal(legal, _))] = answer.as_slice() else {
            panic!("one answer: {answer:?}")
        };
        let game = table.game();
        let want: Vec<String> = game.legal(me).iter().map(|c| game.format(c)).collect();
        assert_eq!(legal, &want);
        if now_view.active {
            assert!(legal.iter().any(|c| c == "end"), "an active seat may end");
        }
    }
    assert!(
        offers_written > 0,
        "a round start left some seat's offers to its client"
    );
}

/// Issue 21's fan-out: a round's start sends a hall seat only the seat entries (names,
/// colours) it does not have yet, and a client that applies every update as a client does
/// still knows the name of every seat its view shows (its neighbours, the top of the
/// standings). Rounds are played out with bots taking over nobody: every seat stays connected.
#[test]
fn a_rounds_start_sends_only_the_seat_entries_a_seat_lacks() {
    use catan::proto::ServerMsg;
    let boards = 20;
    let (mut table, mut queues, mut now) = hall_table(boards, 4096);
    let mut clients: Vec<catan::client::state::ClientState> =
        (0..queues.len()).map(|_| Default::default()).collect();
    let at = std::time::Instant::now();
    let mut entries_sent = 0;
    let mut round_starts = 0;
    for round in 0..6 {
        for (i, rx) in queues.iter_mut().enumerate() {
            for (_, m) in drain(rx) {
                if let ServerMsg::Update(u) = &m
                    && round > 0
                {
                    let v = <&catan::variants::big_game::BigView>::try_from(&u.view).unwrap();
                    if v.phase == "round" {
                        round_starts += 1;
                        entries_sent += u.seats.len();
                        let known = clients[i]
                            .update
                            .as_ref()
                            .map(|p| p.seats.len())
                            .unwrap_or(0);
                        assert!(known > 0, "seat {i} knew seats before");
                    }
                }
                clients[i].apply(m, at);
                let u = clients[i].update.as_ref();
                if let Some(u) = u {
                    let v = <&catan::variants::big_game::BigView>::try_from(&u.view).unwrap();
                    for s in v
                        .players
                        .iter()
                        .map(|p| p.seat)
                        .chain(v.standings.iter().map(|x| x.0))
                    {
                        let name = u
                            .seats
                            .get(s as usize)
                            .map(|x| x.name.as_str())
                            .unwrap_or("");
                        assert_eq!(name, format!("p{s}"), "seat {i} knows seat {s}'s name");
                    }
                }
            }
        }
        let r = big(&table, 0).round;
        while big(&table, 0).round == r {
            now += 1_000;
            table.tick(now);
        }
    }
    // Without any seat changing hands, five round starts send far fewer entries than the
    // neighbourhood and the top ten each time (16 a seat or so).
    assert!(round_starts >= 5 * 40, "{round_starts} round starts seen");
    assert!(
        entries_sent * 4 < round_starts * 10,
        "{entries_sent} seat entries in {round_starts} round starts"
    );
}

/// CPU time of this process (every thread), for costs measured on a busy machine.
fn cpu_us() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the struct passed to it.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u64 * 1_000_000 + ts.tv_nsec as u64 / 1_000
}

/// What a round's start costs the host per seat, for docs/hall.md's curve: the CPU time the
/// table takes from a round's end to every seat's update queued (built, and encoded for
/// TCP), and the bytes queued, at 1,000 seats (500 boards). Beside it, what the same round
/// start cost the way it was built before (each seat's update with its legal commands
/// built and formatted, encoded afterwards by its writer): measured on the same state.
/// `cargo test --release --test hall -- --ignored --nocapture round_start_cost`.
#[test]
#[ignore = "a measurement: cargo test --release --test hall -- --ignored --nocapture"]
fn round_start_cost_per_seat() {
    let boards = 500;
    let seats = 2 * boards;
    let (mut table, mut queues, mut now) = hall_table(boards, 1024);
    for rx in &mut queues {
        drain(rx);
    }
    let mut rows = Vec::new();
    for _ in 0..3 {
        let round = big(&table, 0).round;
        let cpu = cpu_us();
        let t = std::time::Instant::now();
        while big(&table, 0).round == round {
            now += 1_000;
            table.tick(now);
        }
        let (cpu, wall) = (cpu_us() - cpu, t.elapsed().as_micros() as u64);
        let bytes: usize = queues
            .iter_mut()
            .map(|rx| drain(rx).iter().map(|(n, _)| *n).sum::<usize>())
            .sum();
        // The same state built the old way: view, log and legal list per seat, then encoded.
        let game = table.game();
        let old_cpu = cpu_us();
        let mut old_bytes = 0;
        for s in 0..seats as catan::engine::Seat {
            let cmds = game.legal(s);
            let legal: Vec<String> = cmds.iter().map(|c| game.format(c)).collect();
            let moves = cmds.iter().map(|c| game.move_of(c)).collect();
            let msg: catan::proto::ServerMsg =
                catan::proto::ServerMsg::Update(Box::new(catan::proto::Update {
                    version: 1,
                    view: game.view(Some(s)),
                    log: Vec::new(),
                    log_kinds: Vec::new(),
                    legal,
                    moves,
                    actors: Vec::new(),
                    reply_to: None,
                    deadline_ms: None,
                    seats: Vec::new(),
                    seats_at: Vec::new(),
                    at_us: 0,
                    legal_left_out: false,
                    legal_same: false,
                    legal_offers_left_off: false,
                    waiting_for_you: false,
                }));
            old_bytes += 4 + catan::proto::codec::encode(&msg).unwrap().len();
        }
        let old_cpu = cpu_us() - old_cpu;
        rows.push((cpu, wall, bytes, old_cpu, old_bytes));
    }
    for (cpu, wall, bytes, old_cpu, old_bytes) in rows {
        let per = |x: u64| x as f64 / seats as f64;
        println!(
            "round start, {seats} seats: now {:.1} µs CPU per seat ({:.1} µs wall), {:.0} bytes per seat; \
             built the old way (legal lists, no event texts) {:.1} µs CPU, {:.0} bytes per seat",
            per(cpu),
            per(wall),
            bytes as f64 / seats as f64,
            per(old_cpu),
            old_bytes as f64 / seats as f64,
        );
    }
}

/// A hall of a thousand boards and more is built: the map's production lists count more than
/// 65,535 fed corners (their offsets were 16-bit, and `catan host --boards 1000` panicked).
#[test]
fn a_hall_of_a_thousand_boards_and_more_is_built() {
    for boards in [1000, 5000] {
        let game = hall_args(boards).create(2 * boards, 7);
        assert!(game.is_ok(), "{boards} boards");
    }
}

/// What a hall seat's round-start update is made of, field by field (bytes as encoded),
/// and the legal-command answer it asks for after it: where a round start's bytes go, for
/// docs/hall.md. `cargo test --release --test hall -- --ignored --nocapture round_start_bytes`.
#[test]
#[ignore = "a measurement: cargo test --release --test hall -- --ignored --nocapture"]
fn round_start_bytes_by_field() {
    use catan::proto::codec::encode;
    use catan::proto::{ClientMsg, ServerMsg};
    let (mut table, mut queues, mut now) = hall_table(50, 4096);
    for rx in &mut queues {
        drain(rx);
    }
    let round = big(&table, 0).round;
    while big(&table, 0).round == round {
        now += 1_000;
        table.tick(now);
    }
    for i in 0..4 {
        table.message(i as u64 + 1, ClientMsg::Legal, now);
    }
    for (i, rx) in queues.iter_mut().enumerate().take(4) {
        for (n, m) in drain(rx) {
            match &m {
                ServerMsg::Legal(l, _) => {
                    println!("seat {i}: legal answer {n} bytes, {} commands", l.len())
                }
                ServerMsg::Update(u) => {
                    let v = <&catan::variants::big_game::BigView>::try_from(&u.view).unwrap();
                    let len = |r: Result<Vec<u8>, _>| r.map_or(0, |b: Vec<u8>| b.len());
                    println!("seat {i}: round start {n} bytes, {} log lines", u.log.len());
                    for (name, bytes) in [
                        ("log", len(encode(&u.log))),
                        ("seat entries", len(encode(&u.seats))),
                        ("view", len(encode(v))),
                        ("  players", len(encode(&v.players))),
                        ("  buildings", len(encode(&v.buildings))),
                        ("  routes", len(encode(&v.routes))),
                        ("  robbers", len(encode(&v.robbers))),
                        ("  own part", len(encode(&v.you))),
                        ("  standings", len(encode(&v.standings))),
                    ] {
                        println!("  {name}: {bytes}");
                    }
                }
                _ => {}
            }
        }
    }
}

/// Issue 21: a hall's round start moves no piece, so it leaves every seat's pieces out (the
/// client keeps those of its last view), and a change that moves pieces sends them. Seats
/// build between round starts; after each round start every client, merging what it was sent
/// as `client::state` does, holds exactly the pieces its seat's whole view shows now.
#[test]
fn a_rounds_start_leaves_the_pieces_out_and_every_client_still_holds_them() {
    use catan::client::state::ClientState;
    use catan::proto::{ClientMsg, ServerMsg};
    use catan::variants::GameView;
    let boards = 20;
    let seats = 2 * boards;
    let (mut table, mut queues, mut now) = hall_table(boards, 4096);
    let mut clients: Vec<ClientState<GameView>> = (0..seats).map(|_| Default::default()).collect();
    let at = std::time::Instant::now();
    let (mut kept, mut whole, mut built) = (0, 0, 0);
    let feed = |queues: &mut Vec<Frames>, clients: &mut Vec<ClientState<GameView>>| {
        let (mut k, mut w) = (0, 0);
        for (rx, client) in queues.iter_mut().zip(clients.iter_mut()) {
            for (_, m) in drain(rx) {
                if let ServerMsg::Update(u) = &m {
                    let v = <&catan::variants::big_game::BigView>::try_from(&u.view).unwrap();
                    if v.pieces_kept {
                        assert!(v.buildings.is_empty() && v.routes.is_empty());
                        k += 1;
                    } else {
                        w += 1;
                    }
                }
                client.apply(m, at);
            }
        }
        (k, w)
    };
    feed(&mut queues, &mut clients);
    for round in 0..8 {
        // Every active seat builds what it can: a road, a ship, a settlement or a city.
        for s in 0..seats as catan::engine::Seat {
            let game = table.game();
            let build = game
                .legal(s)
                .into_iter()
                .map(|c| game.format(&c))
                .find(|t| {
                    ["road ", "ship ", "settle ", "city "]
                        .iter()
                        .any(|k| t.starts_with(k))
                });
            if let Some(text) = build {
                table.message(s as u64 + 1, ClientMsg::Command { seq: round, text }, now);
                built += 1;
            }
        }
        feed(&mut queues, &mut clients);
        let r = big(&table, 0).round;
        while big(&table, 0).round == r {
            now += 1_000;
            table.tick(now);
        }
        let (k, w) = feed(&mut queues, &mut clients);
        kept += k;
        whole += w;
        for (s, client) in clients.iter().enumerate() {
            let full = big(&table, s as catan::engine::Seat);
            let held = client.update.as_ref().expect("an update");
            let held = <&catan::variants::big_game::BigView>::try_from(&held.view).unwrap();
            assert!(
                !held.pieces_kept,
                "seat {s}: the client filled its pieces in"
            );
            assert_eq!(
                held.buildings, full.buildings,
                "seat {s}, round {r}: buildings"
            );
            assert_eq!(held.routes, full.routes, "seat {s}, round {r}: routes");
        }
    }
    assert!(built > 20, "seats built {built} pieces");
    // Round starts leave the pieces out where nothing near a seat was built since.
    assert!(
        kept > whole,
        "{kept} round starts kept the pieces, {whole} sent them"
    );
}

/// Issue 21: a hall seat the game waits for gets its legal commands with its update, and a
/// neighbour's move that leaves them as they were says so (`legal_same`) instead of sending
/// them again. Clients that ask as `client::net` does, with seats building and ending over
/// several rounds: every client the game waits for always shows exactly its seat's legal
/// commands, none has to ask, and many moves near a seat send it no list.
#[test]
fn a_move_that_leaves_a_seats_commands_as_they_were_says_so_and_the_client_still_shows_them() {
    use catan::client::state::{ClientState, asks_legal};
    use catan::proto::{ClientMsg, ServerMsg};
    use catan::variants::GameView;
    let boards = 20;
    let seats = 2 * boards;
    let (mut table, mut queues, mut now) = hall_table(boards, 4096);
    let mut clients: Vec<ClientState<GameView>> = (0..seats).map(|_| Default::default()).collect();
    for (i, c) in clients.iter_mut().enumerate() {
        c.seat = Some(i as catan::engine::Seat);
    }
    let at = std::time::Instant::now();
    let (mut same, mut asked) = (0, 0);
    // Delivers everything queued, asking for legal commands where a client would, until quiet.
    let mut settle = |table: &mut Table, queues: &mut Vec<Frames>, now: u64| loop {
        let mut quiet = true;
        for (i, (rx, client)) in queues.iter_mut().zip(clients.iter_mut()).enumerate() {
            for (_, m) in drain(rx) {
                quiet = false;
                if let ServerMsg::Update(u) = &m
                    && u.legal_same
                {
                    assert!(u.legal.is_empty() && !u.legal_left_out);
                    same += 1;
                }
                let ask = asks_legal(&m, client.seat);
                client.apply(m, at);
                if ask {
                    asked += 1;
                    table.message(i as u64 + 1, ClientMsg::Legal, now);
                }
            }
        }
        if quiet {
            // Every client the game waits for shows its seat's commands as they are now.
            let game = table.game();
            for (s, client) in clients.iter().enumerate() {
                let s = s as catan::engine::Seat;
                let u = client.update.as_ref().expect("an update");
                if u.actors.contains(&s) {
                    assert!(!u.legal_left_out, "seat {s}: its list came");
                    let truth: Vec<String> = game.legal(s).iter().map(|c| game.format(c)).collect();
                    assert_eq!(client.legal(), truth.as_slice(), "seat {s}");
                }
            }
            return;
        }
    };
    settle(&mut table, &mut queues, now);
    let mut moves = 0;
    for round in 0..6u32 {
        // Active seats one after the other: build a piece when they can, then end.
        for s in 0..seats as catan::engine::Seat {
            let legal: Vec<String> = {
                let game = table.game();
                game.legal(s).iter().map(|c| game.format(c)).collect()
            };
            if !legal.iter().any(|t| t == "end") {
                continue;
            }
            let build = legal.iter().find(|t| {
                ["road ", "ship ", "settle ", "city "]
                    .iter()
                    .any(|k| t.starts_with(k))
            });
            for (k, text) in build
                .into_iter()
                .chain(Some(&"end".to_string()))
                .enumerate()
            {
                let seq = round * 4 + k as u32;
                let text = text.clone();
                table.message(s as u64 + 1, ClientMsg::Command { seq, text }, now);
                moves += 1;
                settle(&mut table, &mut queues, now);
            }
        }
        let r = big(&table, 0).round;
        while big(&table, 0).round == r {
            now += 1_000;
            table.tick(now);
        }
        settle(&mut table, &mut queues, now);
    }
    assert!(moves > 100, "{moves} moves");
    assert_eq!(asked, 0, "no client had to ask for its commands");
    assert!(same > 50, "{same} updates said the commands were the same");
}
