//! The engine protocol (`catan bot`, docs/bot-protocol.md) on positions taken from real games:
//! base games played by medium bots, each seat's position written at each of its decisions.
//! Every answer must be a move the real game accepts, a position must carry nothing of the
//! other seats' hidden cards, and a position read back into a game must write the same
//! position again.

use catan::bots::{Bot, BotKind};
use catan::commands::bot::{Answer, answer_line};
use catan::engine::Seat;
use catan::engine::rng::GameRng;
use catan::rules::devcards::DevCard;
use catan::ruleset::Ruleset;
use catan::variants::base::position::Position;
use catan::variants::base::{BaseConfig, BaseGame, Command, Phase};
use std::io::Write;
use std::process::{Command as Process, Stdio};

/// The seat the game waits for a move of its own from (not merely an answer to an offer).
fn mover(g: &BaseGame) -> Vec<Seat> {
    match g.phase() {
        Phase::Setup { step, .. } => vec![g.setup_seat(*step)],
        Phase::Discard { owed } => owed.iter().map(|(s, _)| *s).collect(),
        Phase::SpecialBuild { builder } => vec![*builder],
        Phase::Over { .. } => Vec::new(),
        _ => vec![g.current()],
    }
}

/// Plays a base game with medium bots and calls `visit` at every decision of a seat that must
/// move, with the progress cards each seat has played so far. Returns the decisions seen.
fn play(seed: u64, mut visit: impl FnMut(&BaseGame, Seat, &[Vec<DevCard>], usize)) -> usize {
    let mut g = BaseGame::new(BaseConfig::new(4, seed)).unwrap();
    let mut bots: Vec<Bot<BaseGame>> = (0..4)
        .map(|s| Bot::new(BotKind::Heuristic, seed * 10 + s))
        .collect();
    let mut progress: Vec<Vec<DevCard>> = vec![Vec::new(); 4];
    let mut decisions = 0;
    for _ in 0..5000 {
        if g.winner().is_some() {
            break;
        }
        let movers = mover(&g);
        let mut acted = false;
        for seat in g.actors() {
            if movers.contains(&seat) {
                visit(&g, seat, &progress, decisions);
                decisions += 1;
            }
            let Some(cmd) = bots[seat as usize].choose(&g, seat) else {
                continue;
            };
            let card = match cmd {
                Command::PlayRoadBuilding => Some(DevCard::RoadBuilding),
                Command::PlayYearOfPlenty(_) => Some(DevCard::YearOfPlenty),
                Command::PlayMonopoly(_) => Some(DevCard::Monopoly),
                _ => None,
            };
            g.apply(seat, &cmd, 0).expect("the bot's own move");
            progress[seat as usize].extend(card);
            acted = true;
            break;
        }
        assert!(acted, "somebody acts until the game is over");
    }
    decisions
}

/// Sends one position through the protocol with these options and checks the answer is a
/// move the real game accepts from `seat`.
fn check_answer(g: &BaseGame, seat: Seat, pos: &Position, options: &str) -> Answer {
    let line = format!(
        "{{\"position\":{},\"options\":{options}}}",
        serde_json::to_string(pos).unwrap()
    );
    let answer = answer_line(&line);
    let text = answer
        .command
        .clone()
        .unwrap_or_else(|| panic!("no move for seat {}: {:?}", seat + 1, answer.error));
    let cmd = g
        .parse(seat, &text)
        .unwrap_or_else(|e| panic!("`{text}` does not read in the real game: {e}"));
    g.clone()
        .apply(seat, &cmd, 0)
        .unwrap_or_else(|e| panic!("`{text}` refused in the real game ({:?}): {e}", g.phase()));
    assert!(answer.mv.is_some(), "a machine form beside `{text}`");
    if cfg!(target_os = "linux") {
        let cpu = answer.cpu_ms.expect("Linux reports a thread's CPU time");
        assert!(
            cpu >= 0.0 && cpu <= answer.think_ms as f64 + 1.0,
            "the CPU time ({cpu} ms) fits in the request's time ({} ms)",
            answer.think_ms
        );
    }
    answer
}

#[test]
fn every_answer_is_legal_in_the_real_game() {
    let mut answered = 0;
    for seed in 1..=3u64 {
        play(seed, |g, seat, progress, i| {
            let pos = Position::of(g, seat, progress);
            // Every level on every decision would be slow: rotate them, hard on a few.
            let options = match i % 7 {
                0 => r#"{"level":"hard","playouts":16,"seed":3}"#.to_string(),
                1 | 3 | 5 => format!(r#"{{"level":"medium","seed":{i}}}"#),
                _ => format!(r#"{{"level":"easy","seed":{i}}}"#),
            };
            check_answer(g, seat, &pos, &options);
            answered += 1;
        });
    }
    assert!(answered > 300, "{answered} positions answered");
}

#[test]
fn a_position_carries_nothing_hidden_of_other_seats() {
    let mut rng = GameRng::new(7);
    let mut checked = 0;
    play(4, |g, seat, progress, _| {
        let pos = Position::of(g, seat, progress);
        // Deal everything `seat` cannot see afresh, twice: the position must not change.
        for _ in 0..2 {
            let mut other = g.clone();
            other.redeterminize(seat, &mut rng);
            assert_eq!(Position::of(&other, seat, progress), pos);
        }
        checked += 1;
    });
    assert!(checked > 100);
}

#[test]
fn a_position_read_back_writes_itself_again() {
    play(5, |g, seat, progress, i| {
        let pos = Position::of(g, seat, progress);
        let json = serde_json::to_string(&pos).unwrap();
        let read: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(read, pos);
        let (rebuilt, me) = read.to_game(i as u64).unwrap();
        assert_eq!(me, seat);
        assert_eq!(Position::of(&rebuilt, seat, progress), pos, "decision {i}");
    });
}

#[test]
fn a_position_no_game_could_show_is_refused() {
    let mut first = None;
    play(6, |g, seat, progress, _| {
        first.get_or_insert_with(|| Position::of(g, seat, progress));
    });
    let pos = first.unwrap();
    let mut bad = pos.clone();
    // Five cards for another seat that nobody has taken from the bank.
    let other = pos.seat as usize % pos.players.len();
    bad.players[other].cards = 5;
    assert!(bad.to_game(0).unwrap_err().contains("cards"));
    let mut bad = pos.clone();
    bad.version = 99;
    assert!(bad.to_game(0).unwrap_err().contains("version"));
    let answer = answer_line("{\"position\": 3}");
    assert!(answer.error.is_some() && answer.command.is_none());
}

#[test]
fn catan_bot_answers_a_line_for_each_line() {
    let mut first = None;
    play(8, |g, seat, progress, _| {
        first.get_or_insert_with(|| Position::of(g, seat, progress));
    });
    let pos = serde_json::to_string(&first.unwrap()).unwrap();
    let mut child = Process::new(env!("CARGO_BIN_EXE_catan"))
        .arg("bot")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{{\"position\":{pos},\"options\":{{\"level\":\"medium\"}}}}\n\nnot json\n\
         {{\"position\":{pos}}}\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Answer> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        3,
        "a blank line is skipped, a bad one answered"
    );
    assert!(lines[0].command.as_deref().unwrap().starts_with("settle "));
    assert!(lines[1].error.is_some());
    assert!(lines[2].command.as_deref().unwrap().starts_with("settle "));
}
