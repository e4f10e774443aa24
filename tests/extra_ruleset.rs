//! A ruleset from outside the crate (`extra_ruleset/pig.rs`, Pig settlers) plays whole games
//! through `catan sim`'s loop and through the real host with plain clients, touching none of
//! the five rulesets' files: the proof that a ruleset is a module (issue 19, item 6).

#[path = "extra_ruleset/pig.rs"]
mod pig;

use catan::client::net::{Hello, connect_to};
use catan::engine::Seat;
use catan::ruleset::Ruleset;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use pig::{Pig, PigSettings, PigView};
use std::io::Write;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc;

fn game(seats: usize, seed: u64) -> Pig {
    Pig::create(&PigSettings::default(), seats, seed).expect("a game of Pig settlers")
}

// ---- the rules ---------------------------------------------------------------------------

/// Every command `legal` lists is accepted, reads back from its text, and a refused command
/// leaves the state as it was; a whole game ends with an outcome whose scores are the points.
#[test]
fn legal_commands_are_accepted_and_read_back_and_games_end() {
    for seed in 0..40 {
        let mut g = game(2 + seed as usize % 3, seed);
        let mut rng = catan::engine::rng::GameRng::new(seed ^ 0xfeed);
        let mut moves = 0;
        while g.outcome().is_none() {
            let actors = g.actors();
            assert_eq!(actors.len(), 1, "one seat acts at a time");
            let seat = actors[0];
            let other = (seat + 1) % g.seats() as Seat;
            assert!(g.legal(other).is_empty(), "only the current seat may act");
            let before = format!("{:?}", g.view(None));
            assert!(g.apply(other, &pig::PigCommand::End, 0).is_err());
            assert_eq!(
                format!("{:?}", g.view(None)),
                before,
                "a refusal changes nothing"
            );
            let legal = g.legal(seat);
            for c in &legal {
                assert_eq!(&g.parse(seat, &g.format(c)).expect("reads back"), c);
            }
            let cmd = legal[rng.below(legal.len())];
            let evs = g.apply(seat, &cmd, 0).expect("a legal command is accepted");
            assert!(!evs.is_empty());
            for e in &evs {
                assert!(g.describe(e, Some(seat), &[]).is_some());
            }
            moves += 1;
            assert!(moves < 100_000, "the game ends");
        }
        let o = g.outcome().expect("over");
        let points = g.points_by_source();
        for (s, score) in &o.standings {
            let sum: i64 = points[*s as usize].iter().map(|(_, v)| v).sum();
            assert_eq!(sum, *score, "seat {s}'s points are its score");
        }
        assert!(!o.winners.is_empty());
    }
}

#[test]
fn commands_are_refused_with_reasons() {
    let g = game(2, 1);
    assert!(g.parse(0, "fly").unwrap_err().0.contains("unknown command"));
    assert!(g.parse(0, "settle Z9.x").is_err());
    let mut g = g;
    let corner = g.map().land_corners()[0];
    let err = g.apply(0, &pig::PigCommand::Settle(corner), 0).unwrap_err();
    assert!(err.0.contains("costs 6 pips"), "{err}");
    assert!(Pig::create(&PigSettings::default(), 5, 1).is_err());
}

// ---- catan sim's loop ----------------------------------------------------------------------

/// Plays one game through the sim's driver with `legal` bots and returns its record.
fn simulate(seats: usize, seed: u64) -> (Pig, Vec<catan::record::Entry>) {
    let mut g = game(seats, seed);
    let mut bots: Vec<catan::bots::legal::LegalBot> = (0..seats)
        .map(|s| catan::bots::legal::LegalBot::new(catan::sim::bot_seed(seed, s)))
        .collect();
    let mut log = Vec::new();
    let drove = catan::sim::drive(&mut g, &mut bots, 1_000_000, Some(&mut log))
        .expect("the bots' commands are accepted");
    assert!(!drove.capped && !drove.stalled, "{drove:?}");
    assert!(drove.moves > 0);
    (g, log)
}

/// Whole games through `catan sim`'s loop end with a winner, and the same seed plays the
/// same game again.
#[test]
fn whole_games_through_the_sim_loop_are_reproducible() {
    let mut outcomes = Vec::new();
    for seed in 1..=20 {
        let seats = 2 + seed as usize % 3;
        let (g, log) = simulate(seats, seed);
        let o = g.outcome().expect("the game ended");
        assert!(!o.winners.is_empty());
        let (again, log_again) = simulate(seats, seed);
        assert_eq!(again.outcome(), Some(o.clone()), "seed {seed}");
        assert_eq!(
            format!("{log:?}"),
            format!("{log_again:?}"),
            "seed {seed} replays"
        );
        outcomes.push(format!("{log:?}"));
    }
    outcomes.sort();
    outcomes.dedup();
    assert!(outcomes.len() > 15, "different seeds play different games");
}

// ---- the host and plain clients ------------------------------------------------------------

/// Output of a plain client, line by line, into a channel the test reads.
struct Lines {
    tx: mpsc::UnboundedSender<String>,
    partial: Vec<u8>,
}

impl Write for Lines {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(b);
        while let Some(i) = self.partial.iter().position(|c| *c == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=i).collect();
            let _ = self
                .tx
                .send(String::from_utf8_lossy(&line).trim_end().to_string());
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Types a line into a plain client.
async fn send(input: &mut tokio::io::DuplexStream, text: &str) {
    input
        .write_all(format!("{text}\n").as_bytes())
        .await
        .expect("the client reads its input");
}

/// One player: a real plain client (`catan::client::plain::run`) over TCP, with a script
/// that plays as a person at a terminal would: on "your move" it asks `legal`, settles when
/// it may and rolls otherwise, asks `legal` again after each command, and once the game is
/// over reads the summary and the board. Returns what it saw.
async fn player(addr: String, name: &str) -> Vec<String> {
    let hello = Hello {
        name: name.into(),
        token: None,
        watch: false,
        color: None,
        password: None,
    };
    let (tx, rx) = connect_to::<PigView>(&addr, hello, &catan::transport::Trust::AnyKey)
        .await
        .expect("connects to the host");
    let (mut input, reader) = tokio::io::duplex(1 << 14);
    let (out_tx, mut out) = mpsc::unbounded_channel();
    let client = tokio::spawn(async move {
        let mut w = Lines {
            tx: out_tx,
            partial: Vec::new(),
        };
        catan::client::plain::run(tokio::io::BufReader::new(reader), &mut w, tx, rx).await
    });
    let mut seen = Vec::new();
    let mut asked = false;
    loop {
        let line = out
            .recv()
            .await
            .expect("the client runs until the game ends");
        seen.push(line.clone());
        if line.starts_with("notice: the game is over") {
            break;
        }
        if line.starts_with("your move") && !asked {
            send(&mut input, "legal").await;
            asked = true;
        } else if line.starts_with('[') && asked {
            asked = false;
            let legal: Vec<String> = serde_json::from_str(&line).expect("legal is JSON");
            let pick = legal
                .iter()
                .find(|c| c.starts_with("settle"))
                .or_else(|| legal.iter().find(|c| *c == "roll"));
            if let Some(cmd) = pick {
                send(&mut input, cmd).await;
                send(&mut input, "legal").await;
                asked = true;
            }
        }
    }
    send(&mut input, "summary json").await;
    send(&mut input, "state").await;
    send(&mut input, "board").await;
    send(&mut input, "quit").await;
    drop(input);
    while let Some(line) = out.recv().await {
        seen.push(line);
    }
    let ended = client.await.expect("the client does not panic");
    assert!(
        matches!(ended, Ok(true)),
        "{name}'s client ends normally: {ended:?}"
    );
    seen
}

/// Two people with plain clients and a bot play whole games of Pig settlers on the real host
/// (the generic table and its TCP connections, on a loopback port) until the game ends; both
/// read the same summary, and the host's record holds every command. The bot is the
/// ruleset's own in one game and the host's legal bot, which any ruleset has, in the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_through_the_host_with_plain_clients() {
    let makers: [catan::server::bots::BotMaker<Pig>; 2] =
        [pig::PigBot::make, catan::server::bots::legal_bot::<Pig>];
    for (seed, make_bot) in [3u64, 4].into_iter().zip(makers) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let cfg = TableConfig {
            bots: 1,
            bot_think_ms: 1,
            seed,
            rate_per_sec: 1000,
            ..TableConfig::default()
        };
        let table = Table::with_bots(game(3, seed), cfg, make_bot);
        let host = RunningHost::start(listener, table).expect("the host serves");
        let addr = host.addr.to_string();
        let played = tokio::time::timeout(Duration::from_secs(120), async {
            tokio::join!(player(addr.clone(), "Ann"), player(addr, "Bob"))
        })
        .await
        .expect("the game ends within two minutes");
        let table = host.stop().await;
        let outcome = table.game().outcome().expect("the host's game is over");
        assert!(table.record().len() > 3, "the record keeps the commands");
        for (name, seen) in [("Ann", &played.0), ("Bob", &played.1)] {
            let text = seen.join("\n");
            assert!(text.contains("joined"), "{name} was welcomed:\n{text}");
            assert!(text.contains("the game is over:"), "{name}:\n{text}");
            let summary: serde_json::Value = seen
                .iter()
                .find(|l| l.starts_with('{') && l.contains("\"seats_total\""))
                .map(|l| serde_json::from_str(l).expect("the summary is JSON"))
                .unwrap_or_else(|| panic!("{name} read the summary:\n{text}"));
            assert_eq!(summary["variant"], "pig");
            assert_eq!(summary["finished"], true);
            let winners: Vec<u64> = outcome.winners.iter().map(|w| *w as u64 + 1).collect();
            assert_eq!(summary["winners"], serde_json::json!(winners), "{name}");
            let state: serde_json::Value = seen
                .iter()
                .find(|l| l.contains("\"phase\""))
                .map(|l| serde_json::from_str(l).expect("state is JSON"))
                .unwrap_or_else(|| panic!("{name} read the state:\n{text}"));
            assert_eq!(state["phase"], "over");
            assert_eq!(state["variant"], "pig");
            assert!(
                text.contains("settled"),
                "{name} read the settlements in words:\n{text}"
            );
        }
    }
}

// ---- built in ----------------------------------------------------------------------------

/// Built with the cargo feature `pig` (`cargo test --features pig --test extra_ruleset`), the
/// same file is one of the binary's rulesets by its one line in `variants::rulesets!`: the
/// registry names it, the settings read from the table's flags, and `catan sim`'s loop plays
/// it with every bot level to the end.
#[cfg(feature = "pig")]
#[test]
fn with_the_feature_pig_settlers_is_one_of_the_binarys_rulesets() {
    use catan::bots::BotKind;
    use catan::setup::GameSetup;
    use catan::sim::{SimConfig, run};
    use catan::variants::{GameSettings, GameView};

    assert!(
        GameSettings::NAMES.contains(&"pig"),
        "{:?}",
        GameSettings::NAMES
    );
    let setup = GameSetup::of("pig");
    let game = setup.create(3, 1).expect("a game of Pig settlers");
    assert_eq!(game.name(), "pig");
    assert!(matches!(game.view(Some(0)), GameView::Pig(_)));
    let cfg = SimConfig {
        game: setup,
        ..SimConfig::base(
            20,
            1,
            vec![BotKind::Random, BotKind::Easy, BotKind::Heuristic],
        )
    };
    let report = run(&cfg, &|| {}).expect("the sim plays Pig settlers");
    assert_eq!(report.variant, "pig");
    assert_eq!(report.results.len(), 20);
    assert_eq!((report.capped, report.stalled), (0, 0));
    assert!(report.results.iter().all(|r| r.winner.is_some()));
}
