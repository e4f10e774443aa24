//! Each ruleset's part of a client, one module each, and [`for_view`]: the one place that
//! picks the implementation of [`RulesetUi`] for a view: the TUI's panels, prompts and keys.
//! Each ruleset's type is its plain part's (`client::rulesets`), which holds what clients
//! without a screen need too (the board overlay, the `state` line); the TUI adds its screens.
//!
//! The modules and [`for_view`]'s arms are written from the registration
//! (`variants::rulesets!`): a ruleset's client module is named as its folder under
//! `variants/` and its type as its variant; the compiler then asks for every part of the trait
//! it must provide.

pub use crate::client::rulesets::{overlay, pieces_key, state_json};
use crate::client::state::ClientState;
use crate::tui::ruleset::RulesetUi;
use crate::variants::GameView;

/// The client modules and [`for_view`], one arm per line of `variants::rulesets!`.
macro_rules! client_registry {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        $($(#[$m])* pub mod $module;)*

        /// The client part of the ruleset a view belongs to.
        pub fn for_view(view: &GameView) -> Box<dyn RulesetUi<'_> + '_> {
            match view {
                $($(#[$m])* GameView::$v(v) => Box::new(crate::client::rulesets::$module::$v(v)),)*
            }
        }
    };
}

crate::variants::rulesets!(client_registry);

/// The client part of the game a client state shows (`None` before the game starts).
pub fn of(st: &ClientState) -> Option<Box<dyn RulesetUi<'_> + '_>> {
    st.update.as_ref().map(|u| for_view(&u.view))
}
