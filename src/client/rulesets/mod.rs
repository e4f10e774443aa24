//! Each ruleset's plain part of a client, one module each, and [`for_view`]: the one place that
//! picks the implementation of [`PlainUi`] for a view. What every client shows of a ruleset
//! without a terminal screen goes through it: the board overlay, the plain mode's `state`
//! line, and what `catan board show` and `catan replay` print under a position. The TUI's
//! part of a ruleset (`tui::rulesets`) builds on the same types.
//!
//! The modules and [`for_view`]'s arms are written from the registration
//! (`variants::rulesets!`): a ruleset's module here is named as its folder under `variants/`
//! and its type as its variant; the compiler then asks for every part of the trait it must
//! provide.

use crate::board::Map;
use crate::board::render::Overlay;
use crate::client::state::{ClientState, PlainView};
use crate::client::summary::lobby_json;
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::GameView;
use serde_json::{Value, json};
use std::time::Instant;

/// What a ruleset adds to every client, screen or not: its board overlay, the words and notes
/// under a drawn position, its public scores and its plain `state` line.
pub trait PlainUi<'a> {
    /// The pieces, robbers and marks the board shows.
    fn overlay(&self, seats: &[SeatInfo]) -> Overlay;

    /// The map, when the view carries its own (a ruleset whose tiles move) instead of the one
    /// the game's info describes.
    fn carried_map(&self) -> Option<Map> {
        None
    }

    /// Whether the plain mode's board draws the sea (a ruleset whose water has names and
    /// pieces).
    fn shows_sea(&self) -> bool {
        false
    }

    /// Whether the game rolls production dice and its players gain resources from them, so
    /// its summary shows the dice and the resources gained and lost (Adaptations: no).
    fn production_dice(&self) -> bool {
        true
    }

    /// A warning to give before sending `line` (a move the rules allow but the player may
    /// regret, such as overcrowding a hex); the client sends it when the line is repeated.
    fn warn_before(&self, _line: &str) -> Option<String> {
        None
    }

    /// What the marks of a drawn position mean, one sentence (`catan replay` and
    /// `catan board show --record` print it under the board, before whose letter is whose).
    fn board_key(&self) -> String;

    /// Lines under a drawn position that the drawing cannot hold (Risk: every hex's armies);
    /// `letters` are the seats' letters on the board. None by default.
    fn position_notes(&self, _map: &Map, _letters: &[char]) -> Vec<String> {
        Vec::new()
    }

    /// Every seat's victory points as everyone sees them, by seat: the standings of a game
    /// that did not finish (`catan replay`).
    fn public_scores(&self) -> Vec<(Seat, u32)>;

    /// The plain mode's `state` line without `legal_count` (see [`state_json`]): the common
    /// fields and the ruleset's own.
    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value;
}

/// The plain modules and [`for_view`], one arm per line of `variants::rulesets!`.
macro_rules! plain_registry {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        $($(#[$m])* pub mod $module;)*

        /// The plain part of the ruleset a view belongs to.
        pub fn for_view(view: &GameView) -> Box<dyn PlainUi<'_> + '_> {
            match view {
                $($(#[$m])* GameView::$v(v) => Box::new($module::$v(v)),)*
            }
        }
    };
}

crate::variants::rulesets!(plain_registry);

/// The key to a drawing of Catan's pieces (every piece of [`crate::board::render::PIECES_KEY`],
/// ships included), for the rulesets that draw them.
pub fn pieces_key() -> String {
    format!("Pieces: {}.", crate::board::render::PIECES_KEY)
}

/// What the ruleset of `view` says before `line` is sent ([`PlainUi::warn_before`]).
pub fn warn_before(view: &GameView, line: &str) -> Option<String> {
    for_view(view).warn_before(line)
}

/// The pieces, robbers and marks of a view, for the board renderer.
pub fn overlay(view: &GameView, seats: &[SeatInfo]) -> Overlay {
    for_view(view).overlay(seats)
}

/// The plain mode's `state` line: a seat's view as one line of JSON, with the same fields for
/// every ruleset (`variant`, `seat`, `phase`, `current`, `hand`, `deadline_secs`, `players`,
/// `legal_count`) and each ruleset's own additions. Seats are numbered from 1, as in
/// commands.
pub fn state_json(st: &ClientState, now: Instant) -> Value {
    let Some(u) = &st.update else {
        return lobby_json(st);
    };
    let deadline = st.deadline_secs(now).map(|s| (s * 10.0).round() / 10.0);
    let mut out = for_view(&u.view).state_json(st, u, deadline);
    if let Some(o) = out.as_object_mut() {
        o.insert("legal_count".into(), json!(u.legal.len()));
    }
    out
}

/// The plain mode reads the rulesets' views through the same registry.
impl PlainView for GameView {
    fn map(&self) -> Option<Map> {
        for_view(self).carried_map()
    }

    fn state_json(st: &ClientState<GameView>, now: Instant) -> Value {
        state_json(st, now)
    }

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        overlay(self, seats)
    }

    fn shows_sea(&self) -> bool {
        for_view(self).shows_sea()
    }

    fn production_dice(&self) -> bool {
        for_view(self).production_dice()
    }

    fn keep_pieces(&mut self, earlier: &Self) {
        GameView::keep_pieces(self, earlier)
    }

    fn own_hand(&self) -> Option<crate::rules::resources::ResourceSet> {
        GameView::own_hand(self)
    }

    fn warn_before(&self, line: &str) -> Option<String> {
        warn_before(self, line)
    }
}
