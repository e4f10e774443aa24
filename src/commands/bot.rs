//! `catan bot`: the engine protocol (docs/bot-protocol.md). One JSON request a line on standard
//! input, a position of base Catan and the bot's options; one JSON answer a line on standard
//! output: the move in the command language and in a machine-readable form. Each request stands
//! alone (the bot keeps no memory between lines), so a caller may ask about any position.

use crate::bots::{Bot, BotKind, search::Budget};
use crate::engine::Seat;
use crate::rules::offers::TradeCommand;
use crate::ruleset::Ruleset;
use crate::variants::base::position::{
    Cards, Position, VERSION, corner_words, edge_words, hex_words,
};
use crate::variants::base::{BaseGame, Command};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One line in: a position and how to think about it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    pub position: Position,
    #[serde(default)]
    pub options: Options,
}

/// How the bot thinks.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// `easy`, `medium` or `hard` (the default).
    pub level: Option<String>,
    /// The hard bot's playouts a decision (its default in `catan sim` when neither this nor
    /// `think_ms` is given).
    pub playouts: Option<u32>,
    /// The hard bot's wall-clock budget a decision, in milliseconds (instead of playouts).
    pub think_ms: Option<u64>,
    /// Deals what the seat cannot see and breaks the bot's ties: the same seed, the same move.
    #[serde(default)]
    pub seed: u64,
}

/// One line out.
#[derive(Debug, Serialize, Deserialize)]
pub struct Answer {
    pub version: u32,
    /// The move in the command language (`settle C.nw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The same move, machine-readable.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<Move>,
    /// Why there is no move: the request could not be read, or the seat has nothing to do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Time spent on this request.
    pub think_ms: u64,
    /// CPU time this request used on its thread (the whole search runs there), where the
    /// platform says: what a decision costs on one core, whatever else the machine runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
}

/// A move, machine-readable: places in board file coordinates, seats from 1, cards by
/// resource.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Move {
    Settle { at: String },
    Road { at: String },
    City { at: String },
    BuyDev,
    Roll,
    End,
    Discard { cards: Cards },
    Robber { hex: String, steal: Option<u8> },
    PlayKnight,
    PlayRoads,
    PlayPlenty { cards: Cards },
    PlayMonopoly { resource: String },
    Bank { give: Cards, get: Cards },
}

/// Times a bot that keeps offering trades nobody takes is asked again.
const OFFER_RETRIES: usize = 4;

/// The machine-readable form of `cmd`, or `None` for a trade between players (which a
/// position never leads to: see [`decide`]).
fn machine(g: &BaseGame, cmd: &Command) -> Option<Move> {
    let map = g.map();
    Some(match cmd {
        Command::Settle(c) => Move::Settle {
            at: corner_words(map, *c),
        },
        Command::Road(e) => Move::Road {
            at: edge_words(map, *e),
        },
        Command::City(c) => Move::City {
            at: corner_words(map, *c),
        },
        Command::BuyDev => Move::BuyDev,
        Command::Roll => Move::Roll,
        Command::End => Move::End,
        Command::Discard(r) => Move::Discard { cards: (*r).into() },
        Command::Robber { hex, steal } => Move::Robber {
            hex: hex_words(map, *hex),
            steal: steal.map(|s| s as u8 + 1),
        },
        Command::PlayKnight => Move::PlayKnight,
        Command::PlayRoadBuilding => Move::PlayRoads,
        Command::PlayYearOfPlenty(r) => Move::PlayPlenty { cards: (*r).into() },
        Command::PlayMonopoly(r) => Move::PlayMonopoly {
            resource: r.name().to_string(),
        },
        Command::Trade(TradeCommand::Bank { give, get }) => Move::Bank {
            give: (*give).into(),
            get: (*get).into(),
        },
        Command::Trade(_) => return None,
    })
}

/// The bot's move in the game a position rebuilds. A position has no other players to answer
/// an offer, so every offer the bot makes is declined by all and the bot asked again; if it
/// still offers, the medium bot's best move that is not an offer is played.
pub fn decide(g: &mut BaseGame, me: Seat, bot: &mut Bot<BaseGame>) -> Option<Command> {
    for _ in 0..OFFER_RETRIES {
        let cmd = bot.choose(g, me)?;
        if machine(g, &cmd).is_some() {
            return Some(cmd);
        }
        // Made, then declined by everyone it was made to.
        g.apply(me, &cmd, 0).ok()?;
        let open: Vec<u32> = g
            .offers()
            .iter()
            .filter(|o| o.from == me)
            .map(|o| o.id)
            .collect();
        for id in open {
            for s in (0..g.seats() as Seat).filter(|s| *s != me) {
                let _ = g.apply(s, &Command::Trade(TradeCommand::Decline(id)), 0);
            }
            let _ = g.apply(me, &Command::Trade(TradeCommand::Cancel(id)), 0);
        }
    }
    let legal: Vec<Command> = g
        .legal(me)
        .into_iter()
        .filter(|c| machine(g, c).is_some())
        .collect();
    crate::variants::base::bot::ranked(g, me, &legal, 1)
        .into_iter()
        .next()
        .or_else(|| legal.first().copied())
}

/// Answers one request line.
pub fn answer_line(line: &str) -> Answer {
    let start = Instant::now();
    let cpu_start = crate::bots::search::thread_cpu();
    let result = (|| -> Result<(String, Move), String> {
        let req: Request = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let opts = &req.options;
        let kind = BotKind::parse(opts.level.as_deref().unwrap_or("hard"))?;
        let (mut g, me) = req.position.to_game(opts.seed)?;
        let mut bot = Bot::<BaseGame>::new(kind, opts.seed ^ 0x9e37_79b9_7f4a_7c15);
        if let Some(ms) = opts.think_ms {
            bot = bot.with_budget(Budget::Time(Duration::from_millis(ms)));
        } else if let Some(p) = opts.playouts {
            bot = bot.with_budget(Budget::Playouts(p.max(1)));
        }
        let cmd = decide(&mut g, me, &mut bot)
            .ok_or_else(|| format!("seat {} has nothing to do", me + 1))?;
        let mv = machine(&g, &cmd).expect("decide answers no player trade");
        Ok((g.format(&cmd), mv))
    })();
    let think_ms = start.elapsed().as_millis() as u64;
    let cpu_ms = cpu_start
        .zip(crate::bots::search::thread_cpu())
        .map(|(a, b)| (b.saturating_sub(a).as_secs_f64() * 1000.0 * 100.0).round() / 100.0);
    match result {
        Ok((command, mv)) => Answer {
            version: VERSION,
            command: Some(command),
            mv: Some(mv),
            error: None,
            think_ms,
            cpu_ms,
        },
        Err(e) => Answer {
            version: VERSION,
            command: None,
            mv: None,
            error: Some(e),
            think_ms,
            cpu_ms,
        },
    }
}

pub fn run() -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer_line(&line);
        writeln!(out, "{}", serde_json::to_string(&answer)?)?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
