//! Pig settlers as a ruleset that lives outside the crate, to prove that a ruleset is a
//! module and not edits in ten files: its rules are `src/variants/pig/mod.rs` (which names the
//! crate only by its public paths), and this file adds what an outside crate brings for it:
//! `catan::client::state::PlainView` for its view, and a bot of its own for the host. The
//! sim's loop, the host and the plain client play it as they play the built-in rulesets.

#[path = "../../src/variants/pig/mod.rs"]
mod rules;

pub use rules::*;

use catan::board::render::{CornerPiece, Overlay};
use catan::client::state::{ClientState, PlainView};
use catan::engine::rng::GameRng;
use catan::engine::{Millis, Seat};
use catan::proto::SeatInfo;
use catan::ruleset::Ruleset;
use serde_json::{Value, json};
use std::time::Instant;

impl PlainView for PigView {
    fn state_json(st: &ClientState<PigView>, _now: Instant) -> Value {
        let variant = st.game.as_ref().map(|g| g.variant.clone());
        let Some(u) = &st.update else {
            return json!({"variant": variant, "seat": st.seat.map(|s| s + 1), "phase": "lobby"});
        };
        let v = &u.view;
        let players: Vec<Value> = v
            .settled
            .iter()
            .enumerate()
            .map(|(i, n)| {
                json!({
                    "seat": i + 1,
                    "name": u.seats.get(i).map(|s| s.name.clone()),
                    "settlements": n,
                })
            })
            .collect();
        json!({
            "variant": variant,
            "seat": st.seat.map(|s| s + 1),
            "phase": if v.over { "over" } else { "play" },
            "current": v.current + 1,
            "pool": v.pool,
            "turn": v.turn,
            "goal": v.goal,
            "hand": {},
            "deadline_secs": null,
            "players": players,
        })
    }

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = Overlay {
            letters: (0..seats.len().max(4))
                .map(|i| catan::client::overlay::seat_letter(seats, i))
                .collect(),
            ..Overlay::default()
        };
        for (c, s) in &self.settlements {
            o.corners.insert(*c, CornerPiece::Settlement(*s));
        }
        o
    }
}

/// Pig settlers' own bot, for the host: it rolls until it may settle, then settles a corner
/// drawn from its seeded stream. It plays the same at every level.
pub struct PigBot {
    kind: catan::bots::BotKind,
    rng: GameRng,
}

impl PigBot {
    /// The host's [`catan::server::bots::BotMaker`] for Pig settlers.
    pub fn make(
        kind: catan::bots::BotKind,
        seed: u64,
        _budget: catan::bots::search::Budget,
    ) -> Box<dyn catan::server::bots::TableBot<Pig>> {
        Box::new(PigBot {
            kind,
            rng: GameRng::new(seed),
        })
    }
}

impl catan::bots::SeatBot<Pig> for PigBot {
    fn choose(&mut self, game: &Pig, seat: Seat) -> Option<PigCommand> {
        let legal = game.legal(seat);
        let settle: Vec<&PigCommand> = legal
            .iter()
            .filter(|c| matches!(c, PigCommand::Settle(_)))
            .collect();
        if !settle.is_empty() {
            return Some(*settle[self.rng.below(settle.len())]);
        }
        legal.into_iter().find(|c| *c == PigCommand::Roll)
    }

    fn think_ms(&mut self) -> Millis {
        0
    }

    fn name(&self) -> &'static str {
        "pig"
    }
}

impl catan::server::bots::TableBot<Pig> for PigBot {
    fn kind(&self) -> catan::bots::BotKind {
        self.kind
    }

    fn label(&self, _game: &Pig) -> String {
        format!("{} (plays as the Pig bot)", self.kind.name())
    }
}
