//! Pig settlers: a small ruleset, to show that a ruleset is a folder and a line. It is built
//! into the binary with the cargo feature `pig` (`cargo run --features pig -- sim --variant
//! pig`), where its line in `variants::rulesets!` and its client module
//! (`tui/rulesets/pig.rs`) make it one of the rulesets; `tests/extra_ruleset.rs` plays the
//! same file as a ruleset outside the crate (its paths name the crate `catan`, which the
//! crate also answers to), adding the plain client's view and a bot of its own.
//!
//! The rules, in full. Two to four seats take turns on a map of two hexes. On your turn you
//! may `roll` one die as often as you dare: each roll adds its pips to the turn's pool, but a
//! 1 empties the pool and ends your turn. While the pool holds at least six pips you may
//! `settle` a free corner of the map for six of them; `end` passes the turn (what is left of
//! the pool is lost). Each settlement is a point. The first to the goal (three settlements
//! unless the settings say otherwise) wins; when no corner is left, or after the turn limit,
//! the most settlements win (ties share the win).

use catan::board::{BoardSpec, Map, MapRecipe};
use catan::engine::rng::GameRng;
use catan::engine::{Millis, Outcome, RuleError, Seat, refuse};
use catan::rules::facts::Fact;
use catan::rules::points::{PointSource, SeatPoints};
use catan::ruleset::{BotPlay, CreateError, Ruleset, TurnOrder};
use catan::topology::CornerId;
use catan::variants::flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Pips a settlement costs.
pub const COST: u32 = 6;

/// The map: a forest and a field side by side (ten corners).
const BOARD: &str = r#"
name = "Pig pen"
columns = ["F3", "W5"]
"#;

/// What a game of Pig settlers is built from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigSettings {
    /// Settlements that win the game.
    pub goal: u32,
    /// Turns after which the game ends on the standings.
    pub max_turns: u32,
}

impl Default for PigSettings {
    fn default() -> Self {
        PigSettings {
            goal: 3,
            max_turns: 200,
        }
    }
}

/// A command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigCommand {
    Roll,
    Settle(CornerId),
    End,
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PigEvent {
    /// A roll that added to the pool (`pool` after it).
    Rolled {
        seat: Seat,
        die: u8,
        pool: u32,
    },
    /// A 1: the pool is lost.
    PiggedOut {
        seat: Seat,
        lost: u32,
    },
    Settled {
        seat: Seat,
        corner: CornerId,
    },
    /// The turn passed to `seat` (turn number `turn`, from 1).
    Turn {
        seat: Seat,
        turn: u32,
    },
    /// The game is over.
    Over,
}

/// What every seat sees: everything (Pig has no secrets).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigView {
    pub you: Option<Seat>,
    pub current: Seat,
    pub pool: u32,
    pub turn: u32,
    pub goal: u32,
    /// Settlements by seat.
    pub settled: Vec<u32>,
    /// Every settlement and its owner.
    pub settlements: Vec<(CornerId, Seat)>,
    pub over: bool,
}

/// A game of Pig settlers (a save or a fuzz sample keeps what the map is built from: none of
/// it, the map is fixed).
#[derive(Clone, Debug, Serialize)]
pub struct Pig {
    settings: PigSettings,
    #[serde(skip)]
    spec: Arc<BoardSpec>,
    #[serde(skip)]
    map: Arc<Map>,
    rng: GameRng,
    seats: usize,
    current: Seat,
    pool: u32,
    turn: u32,
    owner: Vec<Option<Seat>>,
    settled: Vec<u32>,
    over: bool,
}

impl Pig {
    fn free_corners(&self) -> impl Iterator<Item = CornerId> + '_ {
        self.map
            .land_corners()
            .iter()
            .copied()
            .filter(|c| self.owner[c.0 as usize].is_none())
    }

    /// Passes the turn, or ends the game when its turns are used up.
    fn pass(&mut self, ev: &mut Vec<PigEvent>) {
        self.pool = 0;
        if self.turn >= self.settings.max_turns {
            self.over = true;
            ev.push(PigEvent::Over);
            return;
        }
        self.current = (self.current + 1) % self.seats as Seat;
        self.turn += 1;
        ev.push(PigEvent::Turn {
            seat: self.current,
            turn: self.turn,
        });
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat as usize)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

impl Ruleset for Pig {
    type Command = PigCommand;
    type Event = PigEvent;
    type View = PigView;
    type Settings = PigSettings;

    fn create(settings: &PigSettings, seats: usize, seed: u64) -> Result<Pig, CreateError> {
        if !(2..=4).contains(&seats) {
            return Err(format!("Pig settlers is for 2 to 4 seats, not {seats}").into());
        }
        if settings.goal == 0 || settings.max_turns == 0 {
            return Err(CreateError::Refused(
                "Pig settlers needs a goal and a turn limit above 0".into(),
            ));
        }
        let spec = BoardSpec::parse("pig", BOARD).map_err(|e| e.to_string())?;
        let map = Map::single(&spec);
        let corners = map.land_corners().iter().map(|c| c.0 as usize).max();
        Ok(Pig {
            settings: settings.clone(),
            owner: vec![None; corners.map_or(0, |m| m + 1)],
            spec: Arc::new(spec),
            map: Arc::new(map),
            rng: GameRng::new(seed),
            seats,
            current: 0,
            pool: 0,
            turn: 1,
            settled: vec![0; seats],
            over: false,
        })
    }

    fn name(&self) -> &'static str {
        "pig"
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        vec![
            ("goal".into(), format!("{} settlements", self.settings.goal)),
            (
                "turns".into(),
                format!("at most {}", self.settings.max_turns),
            ),
        ]
    }

    fn map(&self) -> &Map {
        &self.map
    }

    fn map_recipe(&self) -> MapRecipe {
        MapRecipe::Single((*self.spec).clone())
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        cmd: &PigCommand,
        _now: Millis,
        ev: &mut Vec<PigEvent>,
    ) -> Result<(), RuleError> {
        if self.over {
            return refuse("the game is over");
        }
        if seat != self.current {
            return refuse(format!("it is seat {}'s turn", self.current + 1));
        }
        match *cmd {
            PigCommand::Roll => {
                let die = self.rng.die();
                if die == 1 {
                    ev.push(PigEvent::PiggedOut {
                        seat,
                        lost: self.pool,
                    });
                    self.pass(ev);
                } else {
                    self.pool += die as u32;
                    ev.push(PigEvent::Rolled {
                        seat,
                        die,
                        pool: self.pool,
                    });
                }
            }
            PigCommand::Settle(c) => {
                if self.pool < COST {
                    return refuse(format!(
                        "a settlement costs {COST} pips and the pool holds {}",
                        self.pool
                    ));
                }
                match self.owner.get(c.0 as usize) {
                    Some(None) if self.map.land_corners().contains(&c) => {}
                    Some(Some(_)) => return refuse("that corner is settled already"),
                    _ => return refuse("that corner is not on the map"),
                }
                self.owner[c.0 as usize] = Some(seat);
                self.pool -= COST;
                self.settled[seat as usize] += 1;
                ev.push(PigEvent::Settled { seat, corner: c });
                if self.settled[seat as usize] >= self.settings.goal
                    || self.free_corners().next().is_none()
                {
                    self.over = true;
                    ev.push(PigEvent::Over);
                }
            }
            PigCommand::End => self.pass(ev),
        }
        Ok(())
    }

    fn tick(&mut self, _now: Millis) -> Vec<PigEvent> {
        Vec::new()
    }

    fn deadline(&self) -> Option<Millis> {
        None
    }

    fn legal_into(&self, seat: Seat, out: &mut Vec<PigCommand>) {
        if self.over || seat != self.current {
            return;
        }
        out.push(PigCommand::Roll);
        if self.pool >= COST {
            out.extend(self.free_corners().map(PigCommand::Settle));
        }
        out.push(PigCommand::End);
    }

    fn actors_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend((!self.over).then_some(self.current));
    }

    fn view(&self, seat: Option<Seat>) -> PigView {
        PigView {
            you: seat,
            current: self.current,
            pool: self.pool,
            turn: self.turn,
            goal: self.settings.goal,
            settled: self.settled.clone(),
            settlements: self
                .map
                .land_corners()
                .iter()
                .filter_map(|c| self.owner[c.0 as usize].map(|s| (*c, s)))
                .collect(),
            over: self.over,
        }
    }

    fn parse(&self, _seat: Seat, text: &str) -> Result<PigCommand, RuleError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["roll"] => Ok(PigCommand::Roll),
            ["end"] => Ok(PigCommand::End),
            ["settle", corner] => self
                .map
                .parse_corner(corner)
                .map(PigCommand::Settle)
                .map_err(RuleError),
            ["settle"] => refuse("settle where? e.g. `settle A.nw`"),
            _ => refuse(format!(
                "unknown command `{text}`; try roll, settle CORNER or end"
            )),
        }
    }

    fn format(&self, cmd: &PigCommand) -> String {
        match cmd {
            PigCommand::Roll => "roll".into(),
            PigCommand::End => "end".into(),
            PigCommand::Settle(c) => format!("settle {}", self.map.corner_name(*c)),
        }
    }

    fn describe(&self, ev: &PigEvent, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        let who = |s: Seat| {
            if viewer == Some(s) {
                "you".to_string()
            } else {
                name(names, s)
            }
        };
        Some(match *ev {
            PigEvent::Rolled { seat, die, pool } => {
                format!("{} rolled {die}: the pool holds {pool}", who(seat))
            }
            PigEvent::PiggedOut { seat, lost } => {
                format!("{} rolled 1 and lost {lost} pips", who(seat))
            }
            PigEvent::Settled { seat, corner } => {
                format!("{} settled {}", who(seat), self.map.corner_name(corner))
            }
            PigEvent::Turn { seat, turn } => format!("turn {turn}: {}", who(seat)),
            PigEvent::Over => {
                let o = self.outcome()?;
                let winners: Vec<String> = o.winners.iter().map(|s| name(names, *s)).collect();
                format!("the game is over: {} won", winners.join(" and "))
            }
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let mut standings: Vec<(Seat, i64)> = (0..self.seats as Seat)
            .map(|s| (s, self.settled[s as usize] as i64))
            .collect();
        standings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let best = standings[0].1;
        let winners = standings
            .iter()
            .filter(|(_, p)| *p == best)
            .map(|(s, _)| *s)
            .collect();
        Some(Outcome { winners, standings })
    }

    fn help(&self) -> String {
        format!(
            "Pig settlers: roll (adds a die to the pool; a 1 loses it and ends the turn), \
             settle CORNER (for {COST} pips of the pool, e.g. settle A.nw), end (pass the turn). \
             First to {} settlements wins.",
            self.settings.goal
        )
    }

    fn points_by_source(&self) -> Vec<SeatPoints> {
        self.settled
            .iter()
            .map(|n| vec![(PointSource::Settlements, *n as i64)])
            .collect()
    }

    fn recap_facts(&self, ev: &PigEvent, out: &mut Vec<Fact>) {
        if let PigEvent::Turn { .. } = ev {
            out.push(Fact::Turn);
        }
    }
}

/// Pig settlers has turns: the sim's loop asks whose.
impl TurnOrder for Pig {
    type Scratch = Vec<PigEvent>;

    fn current_player(&self) -> Option<Seat> {
        (!self.over).then_some(self.current)
    }

    fn turns(&self) -> u32 {
        self.turn
    }
}

/// What the command line gives Pig settlers: its name, and the turn limit from `--max-turns`.
impl TableSettings for PigSettings {
    const NAME: &'static str = "pig";
    const TITLE: &'static str = "Pig Settlers";
    const ABOUT: &'static str = "Pig settlers: a push-your-luck dice race to settle corners.";

    fn from_flags(flags: &TableFlags) -> Result<PigSettings, SettingsError> {
        let mut s = PigSettings::default();
        if let Some(t) = flags.max_turns {
            s.max_turns = t;
        }
        Ok(s)
    }
}

/// The bots: `random` plays any legal command; `medium` (and above) rolls until it may
/// settle, then settles the first free corner.
impl BotPlay for Pig {
    type Memory = ();

    fn heuristic_command(
        &self,
        seat: Seat,
        _rng: &mut GameRng,
        _memory: &mut (),
    ) -> Option<PigCommand> {
        let legal = self.legal(seat);
        legal
            .iter()
            .find(|c| matches!(c, PigCommand::Settle(_)))
            .or_else(|| legal.iter().find(|c| **c == PigCommand::Roll))
            .copied()
    }
}
