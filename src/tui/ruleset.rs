//! What a ruleset adds to a terminal client, as one trait: its title-bar phase, its prompt,
//! its panel and where that panel goes, and the keys and dialogs it uses, over its plain part
//! ([`PlainUi`]: the board overlay and the plain mode's `state` line). Each ruleset implements
//! it once under [`super::rulesets`], and [`super::rulesets::for_view`] is the one place that
//! picks the implementation for a view: the app and the drawing ask the trait and never name
//! a ruleset, so a new
//! ruleset cannot fall back to another's panels unnoticed.
//!
//! The drawing methods read a [`Ctx`] (the theme, the client state, who is on screen, the
//! legal moves) instead of the app, so the ruleset modules sit below the app and the drawing.

use super::dialogs::{OffersDialog, PlayDialog};
use super::input::Verb;
use super::legal::{BoardAction, LegalIndex};
use super::theme::Theme;
use super::widgets::People;
use crate::board::Map;
use crate::client::rulesets::PlainUi;
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::rules::resources::ResourceSet;
use crate::topology::{CornerId, HexId};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use std::time::Instant;

/// What a ruleset's drawing and prompts read of the screen: built by the app for each use.
pub struct Ctx<'a> {
    pub theme: &'a Theme,
    /// The client state on screen (the active session's).
    pub st: &'a ClientState,
    /// Names, letters and colours by seat.
    pub people: People,
    /// The seat on screen (`None` when watching).
    pub me: Option<Seat>,
    /// The clock, for countdowns.
    pub now: Instant,
    /// The legal commands read back into board targets and choices.
    pub legal: &'a LegalIndex,
    /// The board action whose targets are highlighted, chosen or implied by the phase.
    pub action: Option<BoardAction>,
    /// Whether the game waits for the seat on screen.
    pub my_turn: bool,
    /// The board of a ring in view (1-based), when the map has several.
    pub board_in_view: Option<usize>,
    /// How far the ruleset's panel is scrolled (`<` `>`); the panel keeps it in range.
    pub panel_scroll: u16,
}

impl Ctx<'_> {
    /// A spectator: no seat on screen.
    pub fn watching(&self) -> bool {
        self.me.is_none()
    }

    /// Whether the ruleset's own command `verb` is legal now (its typed move says so).
    pub fn may(&self, verb: &str) -> bool {
        self.st.moves().iter().any(|m| m.is_own(verb))
    }
}

/// What the game waits for, in the terms the core acts on (a placement it implies, the
/// discard dialog it opens, the results it shows when the game ends). Each ruleset's client
/// module maps its view's phase into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The opening placements.
    Setup,
    /// The seat in turn rolls the dice.
    Roll,
    /// The seat in turn builds, trades and plays.
    Main,
    /// Seats discard after a seven.
    Discard,
    /// The seat in turn moves the robber.
    Robber,
    /// The seat in turn places free roads.
    FreeRoads,
    /// A seat builds out of turn (the special build of five and six players).
    SpecialBuild,
    /// The game is over.
    Over,
}

impl Phase {
    /// Whether the phase allows only one kind of placement, so the board action is implied.
    pub fn places(self) -> bool {
        matches!(self, Phase::Setup | Phase::Robber | Phase::FreeRoads)
    }
}

/// Where a ruleset's own panel goes in the side column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelPlace {
    /// No panel of its own: the players, hand and actions panes ([`RulesetUi::players_pane`],
    /// [`RulesetUi::hand_pane`], [`RulesetUi::action_lines`]) show the game.
    None,
    /// In place of the actions pane, under the players and hand panes.
    Actions,
    /// Over the whole side column, from the players pane down.
    Side,
}

/// How the keys drive the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// The board's spot keys (Tab, Enter) and the action keys place and build.
    Board,
    /// The game is played from the command line (`:`); the board is only looked at.
    CommandLine,
}

/// A key of a ruleset's own, over the commands it has beyond the shared ones (a claim, a
/// ready): pressed while one of `verbs` is legal it sends that command, or offers
/// the choice when there are several; otherwise the key does what it does in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnKey {
    pub key: char,
    /// The commands it offers, by their word ([`crate::proto::moves::Move::Own`]).
    pub verbs: &'static [&'static str],
    /// What it does, for the choice's title.
    pub what: &'static str,
    /// What it does, for the help screen.
    pub help: &'static str,
}

/// One ruleset's part of a client, over a view that lives for `'a`.
pub trait RulesetUi<'a>: PlainUi<'a> {
    /// What the game waits for, in the core's terms (`None`: the ruleset tells its phase in
    /// its own panel and the core implies no placement, opens no discard dialog by phase).
    fn phase(&self) -> Option<Phase> {
        None
    }

    /// The turn number the title bar shows with the last roll (`None`: the ruleset's phase
    /// text tells its round itself).
    fn turn(&self) -> Option<u32> {
        None
    }

    /// How the status line calls the person the game now waits for ("Your turn", "Your
    /// move" where it is not their turn: a discard on another's 7, a game without turns).
    fn turn_call(&self, _cx: &Ctx) -> &'static str {
        "Your turn"
    }

    /// What changes when a new turn or round begins, so the call that the game waits for
    /// you (and the log's return to its newest lines) comes once for each: the turn, or a
    /// round where the phase text tells it.
    fn moment(&self) -> Option<u32> {
        self.turn()
    }

    /// The last roll's two dice, for the title bar.
    fn last_roll(&self) -> Option<(u8, u8)> {
        None
    }

    /// How many seats the players pane lists (`None`: the ruleset draws no players pane).
    fn seat_count(&self) -> Option<usize> {
        None
    }

    /// Draws the players pane (with [`PanelPlace::None`] and [`PanelPlace::Actions`]).
    fn players_pane(&self, _cx: &Ctx, _area: Rect, _buf: &mut Buffer) {}

    /// Draws the pane of the seat on screen's hand (beside the players pane).
    fn hand_pane(&self, _cx: &Ctx, _area: Rect, _buf: &mut Buffer) {}

    /// Draws the dice pane, where the layout has room for one.
    fn dice_pane(&self, _cx: &Ctx, _area: Rect, _buf: &mut Buffer) {}

    /// The actions pane's lines (with [`PanelPlace::None`]), with the action each one
    /// chooses (for clicks); `short` where the pane is narrow.
    fn action_lines(&self, _cx: &Ctx, _short: bool) -> Vec<(Option<Verb>, Line<'static>)> {
        Vec::new()
    }

    /// Why an action cannot be taken now, in the ruleset's words (`None`: the core says
    /// the action is not possible and what the game waits for).
    fn why_not(&self, _cx: &Ctx, _v: Verb) -> Option<String> {
        None
    }

    /// The development cards `p` offers (default: each legal card play, by its typed move).
    fn play_dialog(&self, cx: &Ctx) -> Option<PlayDialog> {
        PlayDialog::from_legal(cx.st)
    }

    /// The offers on the table, for the answer dialog (`None`: none, or no such dialog).
    fn offers_dialog(&self, _cx: &Ctx) -> Option<OffersDialog> {
        None
    }

    /// The seats still in the game the trade dialog may name as partners (`None`: the
    /// ruleset has no trade dialog).
    fn traders(&self) -> Option<Vec<Seat>> {
        None
    }

    /// The seat on screen's bank rates by resource, for the trade dialog.
    fn bank_rates(&self) -> Option<[u32; 5]> {
        None
    }

    /// Who owns the building on corner `c`, for what the cursor offers there.
    fn building_owner(&self, _c: CornerId) -> Option<Seat> {
        None
    }

    /// How many resource cards `seat` holds, for the robber's choice of whom to rob.
    fn cards_held(&self, _seat: Seat) -> u32 {
        0
    }

    /// The results screen's lines when the host's summary has not arrived (`None`: no
    /// results screen of the ruleset's own).
    fn results_lines(&self, _cx: &Ctx) -> Option<Vec<Line<'static>>> {
        None
    }

    /// What the game waits for, in words, for the title bar.
    fn phase_text(&self, cx: &Ctx) -> String;

    /// What the hot-seat pass screen says the game waits for (empty: nothing).
    fn pass_text(&self, _cx: &Ctx) -> String {
        String::new()
    }

    /// What to do now, for the status line.
    fn prompt(&self, cx: &Ctx) -> (String, Style);

    /// Where [`RulesetUi::panel`] is drawn.
    fn panel_place(&self) -> PanelPlace {
        PanelPlace::None
    }

    /// Draws the ruleset's own panel into `area` (see [`RulesetUi::panel_place`]).
    fn panel(&self, _cx: &Ctx, _area: Rect, _buf: &mut Buffer) {}

    /// Whether the title bar names the seat on screen and its points.
    fn shows_you(&self) -> bool {
        true
    }

    /// The seat on screen's victory points with its hidden cards, when the view tells them.
    fn vp_total(&self) -> Option<u32> {
        None
    }

    /// How to read the board, for the help, when its pieces are not Catan's (settlements,
    /// roads, the robber): one paragraph per entry.
    fn board_words(&self) -> Option<&'static [&'static str]> {
        None
    }

    /// Whether the cursor stops on corners and edges as well as hexes (`false`: the
    /// ruleset's pieces all stand on hexes, where a corner means nothing).
    fn corners_and_edges(&self) -> bool {
        true
    }

    /// Whether the board carries ships, so its key names their mark.
    fn ships(&self) -> bool {
        false
    }

    /// How the keys drive the game.
    fn keys(&self) -> Keys {
        Keys::Board
    }

    /// The action keys this ruleset offers, for the help screen (its own keys,
    /// [`RulesetUi::own_keys`], follow them): a key that does nothing in this game is not
    /// listed.
    fn action_keys(&self) -> Vec<(&'static str, &'static str)> {
        crate::tui::screens::turn_action_keys()
    }

    /// A hex in the ruleset's own words, for the cursor's lines: its name and what it is,
    /// then what stands on it and around it. `None`: the map's name, terrain and number.
    fn hex_info(&self, _cx: &Ctx, _map: &Map, _h: HexId) -> Option<(String, String)> {
        None
    }

    /// A hex's name as the ruleset's board and commands write it.
    fn hex_name(&self, map: &Map, h: HexId) -> String {
        map.hex_name(h).to_string()
    }

    /// The hexes an own command involves, for the keys that offer the commands on the hex
    /// under the cursor (and Tab between them): by default the hex its typed move acts on
    /// (`at`); a command on two hexes that may be written in either order names both.
    fn own_hexes(&self, _map: &Map, at: Option<HexId>, _text: &str) -> Vec<HexId> {
        at.into_iter().collect()
    }

    /// An own command as the keys offer it from the hex `h` under the cursor, for the
    /// player to read (the command sent is the one the host listed).
    fn offered_from(&self, _map: &Map, _h: HexId, text: &str) -> String {
        text.to_string()
    }

    /// An own command as a key's list shows it: the command, and where the ruleset has words
    /// for them, what it costs and does (the command sent is the one the host listed).
    fn own_item(&self, text: &str) -> String {
        text.to_string()
    }

    /// The ruleset's own keys ([`OwnKey`]), tried before the shared ones.
    fn own_keys(&self) -> &'static [OwnKey] {
        &[]
    }

    /// Why an own key ([`OwnKey`]) has nothing to do now, in the ruleset's words: the whole
    /// message, what to do instead included (`None`: the key's description and the prompt).
    fn own_why_not(&self, _cx: &Ctx, _key: char) -> Option<String> {
        None
    }

    /// The footer's entry for [`RulesetUi::own_keys`] in a game played without the board's
    /// spot keys ([`Keys::CommandLine`]): its letters and what they are.
    fn own_keys_hint(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// The hand the discard and trade dialogs work from (`None`: the ruleset has no such
    /// dialogs and is played from the command line).
    fn dialog_hand(&self) -> Option<ResourceSet> {
        None
    }

    /// Cards `seat` must discard now, for the discard dialog (0: none, or no dialog).
    fn owed_discard(&self, _seat: Seat) -> u32 {
        0
    }

    /// The ruleset's own game-over panel, drawn in place of the dice and resources panels
    /// (`None`: a ruleset with production dice keeps those).
    fn recap_lines(&self, _people: &People) -> Option<Vec<String>> {
        None
    }
}
