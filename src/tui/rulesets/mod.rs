//! Each ruleset's part of a client, one module each, and [`for_view`]: the one place that
//! picks the implementation of [`RulesetUi`] for a view. Everything a client shows of a
//! ruleset goes through it: the TUI's panels, prompts and keys, the board overlay of the TUI,
//! the plain mode and the `board` and `replay` commands, and the plain mode's `state` line.
//!
//! The modules and [`for_view`]'s arms are written from the registration
//! (`variants::rulesets!`): a ruleset's client module is named as its folder under
//! `variants/` and its type as its variant; the compiler then asks for every part of the trait
//! it must provide.

use crate::board::Map;
use crate::board::render::Overlay;
use crate::client::state::{ClientState, PlainView};
use crate::client::summary::lobby_json;
use crate::proto::SeatInfo;
use crate::tui::ruleset::RulesetUi;
use crate::variants::GameView;
use serde_json::{Value, json};
use std::time::Instant;

/// The client modules and [`for_view`], one arm per line of `variants::rulesets!`.
macro_rules! client_registry {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        $($(#[$m])* pub mod $module;)*

        /// The client part of the ruleset a view belongs to.
        pub fn for_view(view: &GameView) -> Box<dyn RulesetUi<'_> + '_> {
            match view {
                $($(#[$m])* GameView::$v(v) => Box::new($module::$v(v)),)*
            }
        }
    };
}

crate::variants::rulesets!(client_registry);

/// The client part of the game a client state shows (`None` before the game starts).
pub fn of(st: &ClientState) -> Option<Box<dyn RulesetUi<'_> + '_>> {
    st.update.as_ref().map(|u| for_view(&u.view))
}

/// The key to a drawing of Catan's pieces (every piece of [`crate::board::render::PIECES_KEY`],
/// ships included), for the rulesets that draw them.
pub fn pieces_key() -> String {
    format!("Pieces: {}.", crate::board::render::PIECES_KEY)
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

/// The plain mode reads the five rulesets' views through the same registry.
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

    fn keep_pieces(&mut self, earlier: &Self) {
        GameView::keep_pieces(self, earlier)
    }

    fn own_hand(&self) -> Option<crate::rules::resources::ResourceSet> {
        GameView::own_hand(self)
    }
}
