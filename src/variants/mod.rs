//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them.
//! Adding a ruleset means adding its module and one arm per match here.

pub mod base;
pub mod total_chaos;

use crate::cli::{GameArgs, VariantName};
use crate::engine::{Millis, Outcome, RuleError, Ruleset, Seat};
use crate::proto::MapRecipe;
use serde::{Deserialize, Serialize};

/// Seats a variant plays with when the host does not say.
pub fn default_seats(variant: VariantName) -> usize {
    match variant {
        VariantName::BigGame => 6,
        _ => 4,
    }
}

/// Builds a game from the command line's settings.
pub fn create(args: &GameArgs, seats: usize, seed: u64) -> Result<Game, String> {
    match args.variant {
        VariantName::Base => {
            let mut cfg = base::BaseConfig::new(seats, seed);
            if let Some(b) = &args.board {
                cfg.board = Some(crate::board::builtin::load(b).map_err(|e| e.to_string())?);
            }
            if let Some(vp) = args.vp {
                cfg.vp_target = vp;
            }
            cfg.three_vp_robber = args.three_vp_robber;
            cfg.any_order = !args.strict_trade_then_build;
            cfg.turn_ms = args.turn_secs.map(|s| s * 1000);
            Ok(Game::Base(base::BaseGame::new(cfg)?))
        }
        other => Err(format!(
            "the {} variant is not playable in this build yet",
            variant_name(other)
        )),
    }
}

/// The name used on the command line.
pub fn variant_name(v: VariantName) -> &'static str {
    match v {
        VariantName::Base => "base",
        VariantName::BigGame => "big-game",
        VariantName::TotalChaos => "total-chaos",
        VariantName::Risk => "risk",
        VariantName::Adaptations => "adaptations",
    }
}

/// A game of any ruleset.
#[derive(Clone, Debug)]
pub enum Game {
    Base(base::BaseGame),
}

/// A command of any ruleset.
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    Base(base::Command),
}

/// An event of any ruleset.
#[derive(Clone, Debug)]
pub enum GameEvent {
    Base(base::Event),
}

/// A seat's view of any ruleset (what crosses the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameView {
    Base(base::BaseView),
}

impl Game {
    pub fn variant(&self) -> VariantName {
        match self {
            Game::Base(_) => VariantName::Base,
        }
    }

    /// How a client rebuilds the map.
    pub fn map_recipe(&self) -> MapRecipe {
        match self {
            Game::Base(g) => MapRecipe::Single(
                g.config()
                    .board
                    .clone()
                    .unwrap_or_else(|| g.board_spec().clone()),
            ),
        }
    }

    /// The settings in words, for the lobby.
    pub fn settings(&self) -> Vec<(String, String)> {
        match self {
            Game::Base(g) => {
                let c = g.config();
                vec![
                    ("variant".into(), "base".into()),
                    ("board".into(), g.board_spec().name.clone()),
                    ("victory points".into(), c.vp_target.to_string()),
                    (
                        "turn timer".into(),
                        c.turn_ms
                            .map_or("off".into(), |t| format!("{} s", t / 1000)),
                    ),
                    (
                        "three-VP robber rule".into(),
                        if c.three_vp_robber { "on" } else { "off" }.into(),
                    ),
                    (
                        "trade and build".into(),
                        if c.any_order {
                            "in any order"
                        } else {
                            "trade first, then build"
                        }
                        .into(),
                    ),
                ]
            }
        }
    }

    pub fn seats(&self) -> usize {
        match self {
            Game::Base(g) => g.seats(),
        }
    }

    pub fn apply(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
    ) -> Result<Vec<GameEvent>, RuleError> {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => Ok(g
                .apply(seat, c, now)?
                .into_iter()
                .map(GameEvent::Base)
                .collect()),
        }
    }

    pub fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        match self {
            Game::Base(g) => g.tick(now).into_iter().map(GameEvent::Base).collect(),
        }
    }

    pub fn deadline(&self) -> Option<Millis> {
        match self {
            Game::Base(g) => g.deadline(),
        }
    }

    pub fn legal(&self, seat: Seat) -> Vec<GameCommand> {
        match self {
            Game::Base(g) => g.legal(seat).into_iter().map(GameCommand::Base).collect(),
        }
    }

    pub fn actors(&self) -> Vec<Seat> {
        match self {
            Game::Base(g) => g.actors(),
        }
    }

    pub fn view(&self, seat: Option<Seat>) -> GameView {
        match self {
            Game::Base(g) => GameView::Base(g.view(seat)),
        }
    }

    pub fn parse(&self, seat: Seat, text: &str) -> Result<GameCommand, RuleError> {
        match self {
            Game::Base(g) => g.parse(seat, text).map(GameCommand::Base),
        }
    }

    pub fn format(&self, cmd: &GameCommand) -> String {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => g.format(c),
        }
    }

    pub fn describe(
        &self,
        ev: &GameEvent,
        viewer: Option<Seat>,
        names: &[String],
    ) -> Option<String> {
        match (self, ev) {
            (Game::Base(g), GameEvent::Base(e)) => g.describe(e, viewer, names),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Game::Base(g) => g.outcome(),
        }
    }

    pub fn help(&self) -> String {
        match self {
            Game::Base(g) => g.help(),
        }
    }
}
