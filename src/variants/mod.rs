//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them.
//! Adding a ruleset means adding its module and one arm per match here.

pub mod adaptations;
pub mod base;
pub mod big_game;
pub mod risk;
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

/// The seat count a variant's settings fix, if they do: a Big Game has two seats per board.
pub fn fixed_seats(args: &GameArgs) -> Option<usize> {
    match args.variant {
        VariantName::BigGame => Some(2 * args.boards),
        _ => None,
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
        VariantName::TotalChaos => {
            let mut cfg = total_chaos::ChaosConfig::new(seats, seed);
            if let Some(b) = &args.board {
                cfg.board = Some(crate::board::builtin::load(b).map_err(|e| e.to_string())?);
            }
            if let Some(vp) = args.vp {
                cfg.vp_target = vp;
            }
            cfg.resource_ms = args.resource_secs * 1000;
            cfg.robber1_ms = args.robber1_secs * 1000;
            cfg.robber2_ms = args.robber2_secs * 1000;
            cfg.build_ms = args.phase_secs.unwrap_or(args.build_secs) * 1000;
            cfg.cooldown_ms = args.cooldown_secs * 1000;
            cfg.placement_ms = args.placement_secs.map(|s| s * 1000);
            Ok(Game::TotalChaos(total_chaos::ChaosGame::new(cfg)?))
        }
        VariantName::BigGame => {
            let mut cfg = match &args.layout {
                Some(l) => big_game::BigConfig::with_layout(args.boards, l, seed)?,
                None => big_game::BigConfig::new(args.boards, seed),
            };
            if seats != cfg.seats() {
                return Err(format!(
                    "a Big Game of {} boards has {} seats (two per board), not {seats}",
                    cfg.boards(),
                    cfg.seats()
                ));
            }
            // `--vp 0` plays to the round limit alone.
            if let Some(vp) = args.vp {
                cfg.vp_target = (vp > 0).then_some(vp);
            }
            cfg.round_ms = args.round_secs * 1000;
            cfg.max_rounds = args.max_rounds;
            if cfg.vp_target.is_none() && cfg.max_rounds.is_none() {
                return Err(
                    "a Big Game needs an end: give a VP target (--vp) or a round limit (--max-rounds)"
                        .into(),
                );
            }
            Ok(Game::BigGame(big_game::BigGame::new(cfg)?))
        }
        VariantName::Risk => {
            let mut cfg = risk::RiskConfig::new(seats, seed);
            if let Some(b) = &args.board {
                cfg.base.board = Some(crate::board::builtin::load(b).map_err(|e| e.to_string())?);
            }
            if let Some(vp) = args.vp {
                cfg.base.vp_target = vp;
            }
            cfg.base.three_vp_robber = args.three_vp_robber;
            cfg.base.any_order = !args.strict_trade_then_build;
            cfg.base.turn_ms = args.turn_secs.map(|s| s * 1000);
            Ok(Game::Risk(risk::RiskGame::new(cfg)?))
        }
        VariantName::Adaptations => {
            let mut cfg = adaptations::AdaptConfig::new(seats, seed);
            if let Some(t) = args.max_turns {
                cfg.max_turns = t;
            }
            cfg.phase_ms = args.phase_secs.or(args.turn_secs).map(|s| s * 1000);
            Ok(Game::Adaptations(adaptations::AdaptGame::new(cfg)?))
        }
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
    TotalChaos(total_chaos::ChaosGame),
    BigGame(big_game::BigGame),
    Risk(risk::RiskGame),
    Adaptations(adaptations::AdaptGame),
}

/// A command of any ruleset.
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    Base(base::Command),
    TotalChaos(total_chaos::Command),
    BigGame(big_game::Command),
    Risk(risk::Command),
    Adaptations(adaptations::Command),
}

/// An event of any ruleset.
#[derive(Clone, Debug)]
pub enum GameEvent {
    Base(base::Event),
    TotalChaos(total_chaos::Event),
    BigGame(big_game::Event),
    Risk(risk::Event),
    Adaptations(adaptations::Event),
}

/// A seat's view of any ruleset (what crosses the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameView {
    Base(base::BaseView),
    TotalChaos(total_chaos::ChaosView),
    BigGame(big_game::BigView),
    Risk(risk::RiskView),
    Adaptations(adaptations::AdaptView),
}

impl Game {
    pub fn variant(&self) -> VariantName {
        match self {
            Game::Base(_) => VariantName::Base,
            Game::TotalChaos(_) => VariantName::TotalChaos,
            Game::BigGame(_) => VariantName::BigGame,
            Game::Risk(_) => VariantName::Risk,
            Game::Adaptations(_) => VariantName::Adaptations,
        }
    }

    /// Deals everything `seat` cannot see afresh from `rng` (others' hands, the deck, the
    /// dice to come), for a search bot that must think only on what its seat knows. Returns
    /// false for rulesets that have no such hook (their bots do not search).
    pub fn redeterminize(&mut self, seat: Seat, rng: &mut crate::engine::rng::GameRng) -> bool {
        match self {
            Game::Base(g) => g.redeterminize(seat, rng),
            Game::Risk(g) => g.redeterminize(seat, rng),
            Game::TotalChaos(_) | Game::BigGame(_) | Game::Adaptations(_) => return false,
        }
        true
    }

    /// Whether every seat may act at once in real time (no turns): the host and the sim
    /// then let each bot act on its own think time.
    pub fn simultaneous(&self) -> bool {
        matches!(self, Game::TotalChaos(_) | Game::BigGame(_))
    }

    /// A person took over a bot's seat in a running game. The Big Game restarts the robbers'
    /// grace for that seat (its returned events are for the log); other variants do nothing.
    pub fn seat_taken_over(&mut self, seat: Seat) -> Vec<GameEvent> {
        match self {
            Game::BigGame(g) => g
                .take_over(seat)
                .map(|ev| ev.into_iter().map(GameEvent::BigGame).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Whether the game is played as a hall (a Big Game of many boards): the host then sends
    /// each change only to the seats it concerns ([`Game::audience`]) and each seat only what
    /// is near it.
    pub fn is_hall(&self) -> bool {
        matches!(self, Game::BigGame(g) if g.is_hall())
    }

    /// The seats whose view `evs` (caused by `actor`) may have changed; `None` for everyone
    /// (always, outside a hall).
    pub fn audience(&self, actor: Option<Seat>, evs: &[GameEvent]) -> Option<Vec<Seat>> {
        match self {
            Game::BigGame(g) => {
                let mut own = Vec::with_capacity(evs.len());
                for e in evs {
                    match e {
                        GameEvent::BigGame(e) => own.push(e),
                        _ => return None,
                    }
                }
                g.audience(actor, &own)
            }
            _ => None,
        }
    }

    /// The seat an event is about when only seats near it read it (a hall); `None`: everyone.
    pub fn event_seat(&self, ev: &GameEvent) -> Option<Seat> {
        match (self, ev) {
            (Game::BigGame(g), GameEvent::BigGame(e)) => g.event_seat(e),
            _ => None,
        }
    }

    /// The seats a seat's view names (their seat lists and actors are sent with it); `None`:
    /// everyone.
    pub fn shown_seats(&self, seat: Seat) -> Option<Vec<Seat>> {
        match self {
            Game::BigGame(g) => g.shown_seats(seat),
            _ => None,
        }
    }

    /// Whether the game waits for or invites this seat now (one seat of `actors`, without
    /// listing a hall's thousands).
    pub fn is_actor(&self, seat: Seat) -> bool {
        match self {
            Game::BigGame(g) => g.is_prompted(seat),
            _ => self.actors().contains(&seat),
        }
    }

    /// The map the game is played on.
    pub fn map(&self) -> &crate::board::Map {
        match self {
            Game::Base(g) => g.map(),
            Game::TotalChaos(g) => g.map(),
            Game::BigGame(g) => g.map(),
            Game::Risk(g) => g.map(),
            Game::Adaptations(g) => g.map(),
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
            Game::TotalChaos(g) => MapRecipe::Single(g.board_spec().clone()),
            Game::Risk(g) => MapRecipe::Single(
                g.config()
                    .board
                    .clone()
                    .unwrap_or_else(|| g.board_spec().clone()),
            ),
            Game::BigGame(g) => {
                let mut boards: Vec<crate::board::BoardSpec> = Vec::new();
                let mut order = Vec::new();
                for spec in g.board_specs() {
                    let i = match boards.iter().position(|b| b == spec) {
                        Some(i) => i,
                        None => {
                            boards.push(spec.clone());
                            boards.len() - 1
                        }
                    };
                    order.push(i as u16);
                }
                MapRecipe::Ring { boards, order }
            }
            Game::Adaptations(_) => MapRecipe::FromView,
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
            Game::TotalChaos(g) => {
                let c = g.config();
                let secs = |ms: Millis| format!("{} s", ms / 1000);
                vec![
                    ("variant".into(), "total-chaos".into()),
                    ("board".into(), g.board_spec().name.clone()),
                    ("victory points".into(), c.vp_target.to_string()),
                    ("resource phase".into(), secs(c.resource_ms)),
                    ("robber part 1".into(), secs(c.robber1_ms)),
                    ("robber part 2".into(), secs(c.robber2_ms)),
                    ("building and trading".into(), secs(c.build_ms)),
                    ("cooldown".into(), secs(c.cooldown_ms)),
                    (
                        "placement timer".into(),
                        c.placement_ms.map_or("off".into(), secs),
                    ),
                ]
            }
            Game::Risk(g) => {
                let c = g.config();
                vec![
                    ("variant".into(), "risk".into()),
                    ("board".into(), g.board_spec().name.clone()),
                    ("victory points".into(), c.vp_target.to_string()),
                    (
                        "turn timer".into(),
                        c.turn_ms
                            .map_or("off".into(), |t| format!("{} s", t / 1000)),
                    ),
                ]
            }
            Game::BigGame(g) => {
                let c = g.config();
                vec![
                    ("variant".into(), "big-game".into()),
                    ("boards".into(), c.boards().to_string()),
                    ("layout".into(), {
                        // A hall's thousands of boards repeat a few: the start says enough.
                        let shown: Vec<&str> =
                            c.layout.iter().take(12).map(String::as_str).collect();
                        if c.layout.len() > shown.len() {
                            format!("{},…", shown.join(","))
                        } else {
                            shown.join(",")
                        }
                    }),
                    ("round".into(), format!("{} s", c.round_ms / 1000)),
                    (
                        "victory points".into(),
                        c.vp_target.map_or("none".into(), |v| v.to_string()),
                    ),
                    (
                        "round limit".into(),
                        c.max_rounds.map_or("none".into(), |r| r.to_string()),
                    ),
                ]
            }
            Game::Adaptations(g) => {
                let c = g.config();
                vec![
                    ("variant".into(), "adaptations".into()),
                    ("turn limit".into(), c.max_turns.to_string()),
                    (
                        "timer".into(),
                        c.phase_ms
                            .map_or("off".into(), |t| format!("{} s", t / 1000)),
                    ),
                ]
            }
        }
    }

    pub fn seats(&self) -> usize {
        match self {
            Game::Base(g) => g.seats(),
            Game::TotalChaos(g) => g.seats(),
            Game::BigGame(g) => g.seats(),
            Game::Risk(g) => g.seats(),
            Game::Adaptations(g) => g.seats(),
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
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => Ok(g
                .apply(seat, c, now)?
                .into_iter()
                .map(GameEvent::TotalChaos)
                .collect()),
            (Game::BigGame(g), GameCommand::BigGame(c)) => Ok(g
                .apply(seat, c, now)?
                .into_iter()
                .map(GameEvent::BigGame)
                .collect()),
            (Game::Risk(g), GameCommand::Risk(c)) => Ok(g
                .apply(seat, c, now)?
                .into_iter()
                .map(GameEvent::Risk)
                .collect()),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => Ok(g
                .apply(seat, c, now)?
                .into_iter()
                .map(GameEvent::Adaptations)
                .collect()),
            _ => Err(RuleError::new("that command belongs to another variant")),
        }
    }

    pub fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        match self {
            Game::Base(g) => g.tick(now).into_iter().map(GameEvent::Base).collect(),
            Game::TotalChaos(g) => g.tick(now).into_iter().map(GameEvent::TotalChaos).collect(),
            Game::BigGame(g) => g.tick(now).into_iter().map(GameEvent::BigGame).collect(),
            Game::Risk(g) => g.tick(now).into_iter().map(GameEvent::Risk).collect(),
            Game::Adaptations(g) => g
                .tick(now)
                .into_iter()
                .map(GameEvent::Adaptations)
                .collect(),
        }
    }

    pub fn deadline(&self) -> Option<Millis> {
        match self {
            Game::Base(g) => g.deadline(),
            Game::TotalChaos(g) => g.deadline(),
            Game::BigGame(g) => g.deadline(),
            Game::Risk(g) => g.deadline(),
            Game::Adaptations(g) => g.deadline(),
        }
    }

    pub fn legal(&self, seat: Seat) -> Vec<GameCommand> {
        match self {
            Game::Base(g) => g.legal(seat).into_iter().map(GameCommand::Base).collect(),
            Game::TotalChaos(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::TotalChaos)
                .collect(),
            Game::BigGame(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::BigGame)
                .collect(),
            Game::Risk(g) => g.legal(seat).into_iter().map(GameCommand::Risk).collect(),
            Game::Adaptations(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::Adaptations)
                .collect(),
        }
    }

    pub fn actors(&self) -> Vec<Seat> {
        match self {
            Game::Base(g) => g.actors(),
            Game::TotalChaos(g) => g.actors(),
            Game::BigGame(g) => g.actors(),
            Game::Risk(g) => g.actors(),
            Game::Adaptations(g) => g.actors(),
        }
    }

    pub fn view(&self, seat: Option<Seat>) -> GameView {
        match self {
            Game::Base(g) => GameView::Base(g.view(seat)),
            Game::TotalChaos(g) => GameView::TotalChaos(g.view(seat)),
            Game::BigGame(g) => GameView::BigGame(g.view(seat)),
            Game::Risk(g) => GameView::Risk(g.view(seat)),
            Game::Adaptations(g) => GameView::Adaptations(g.view(seat)),
        }
    }

    pub fn parse(&self, seat: Seat, text: &str) -> Result<GameCommand, RuleError> {
        match self {
            Game::Base(g) => g.parse(seat, text).map(GameCommand::Base),
            Game::TotalChaos(g) => g.parse(seat, text).map(GameCommand::TotalChaos),
            Game::BigGame(g) => g.parse(seat, text).map(GameCommand::BigGame),
            Game::Risk(g) => g.parse(seat, text).map(GameCommand::Risk),
            Game::Adaptations(g) => g.parse(seat, text).map(GameCommand::Adaptations),
        }
    }

    pub fn format(&self, cmd: &GameCommand) -> String {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => g.format(c),
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => g.format(c),
            (Game::BigGame(g), GameCommand::BigGame(c)) => g.format(c),
            (Game::Risk(g), GameCommand::Risk(c)) => g.format(c),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => g.format(c),
            (_, c) => format!("{c:?}"),
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
            (Game::TotalChaos(g), GameEvent::TotalChaos(e)) => g.describe(e, viewer, names),
            (Game::BigGame(g), GameEvent::BigGame(e)) => g.describe(e, viewer, names),
            (Game::Risk(g), GameEvent::Risk(e)) => g.describe(e, viewer, names),
            (Game::Adaptations(g), GameEvent::Adaptations(e)) => g.describe(e, viewer, names),
            _ => None,
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Game::Base(g) => g.outcome(),
            Game::TotalChaos(g) => g.outcome(),
            Game::BigGame(g) => g.outcome(),
            Game::Risk(g) => g.outcome(),
            Game::Adaptations(g) => g.outcome(),
        }
    }

    /// Every seat's points by source ([`Ruleset::points_by_source`]).
    pub fn points_by_source(&self) -> Vec<crate::recap::SeatPoints> {
        match self {
            Game::Base(g) => g.points_by_source(),
            Game::TotalChaos(g) => g.points_by_source(),
            Game::BigGame(g) => g.points_by_source(),
            Game::Risk(g) => g.points_by_source(),
            Game::Adaptations(g) => g.points_by_source(),
        }
    }

    /// What an event means for the summary ([`Ruleset::recap_facts`]).
    pub fn recap_facts(&self, ev: &GameEvent, out: &mut Vec<crate::recap::Fact>) {
        match (self, ev) {
            (Game::Base(g), GameEvent::Base(e)) => g.recap_facts(e, out),
            (Game::TotalChaos(g), GameEvent::TotalChaos(e)) => g.recap_facts(e, out),
            (Game::BigGame(g), GameEvent::BigGame(e)) => g.recap_facts(e, out),
            (Game::Risk(g), GameEvent::Risk(e)) => g.recap_facts(e, out),
            (Game::Adaptations(g), GameEvent::Adaptations(e)) => g.recap_facts(e, out),
            _ => {}
        }
    }

    pub fn help(&self) -> String {
        match self {
            Game::Base(g) => g.help(),
            Game::TotalChaos(g) => g.help(),
            Game::BigGame(g) => g.help(),
            Game::Risk(g) => g.help(),
            Game::Adaptations(g) => g.help(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(extra: &[&str]) -> Result<Game, String> {
        let mut argv = vec!["catan", "--variant", "big-game", "--boards", "2"];
        argv.extend_from_slice(extra);
        #[derive(clap::Parser)]
        struct W {
            #[command(flatten)]
            g: GameArgs,
        }
        let args = <W as clap::Parser>::parse_from(argv).g;
        create(&args, 4, 1)
    }

    #[test]
    fn a_big_game_plays_to_a_vp_target_a_round_limit_or_both() {
        let Ok(Game::BigGame(g)) = big(&[]) else {
            panic!("a Big Game")
        };
        assert_eq!(g.config().vp_target, Some(10));
        let Ok(Game::BigGame(g)) = big(&["--vp", "0", "--max-rounds", "20"]) else {
            panic!("a Big Game")
        };
        assert_eq!(
            (g.config().vp_target, g.config().max_rounds),
            (None, Some(20))
        );
        let Ok(Game::BigGame(g)) = big(&["--vp", "12", "--max-rounds", "20"]) else {
            panic!("a Big Game")
        };
        assert_eq!(
            (g.config().vp_target, g.config().max_rounds),
            (Some(12), Some(20))
        );
        let err = big(&["--vp", "0"]).expect_err("refused");
        assert!(err.contains("needs an end"), "{err}");
    }
}
