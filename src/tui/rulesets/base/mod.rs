//! Base Catan in a client: the title bar's phase, the status line's prompt, the players,
//! hand, actions and dice panes, its dialogs and its results screen, all read from its view.
//! Risk of Catan plays a base game under its armies and shows it through [`Base`] (its
//! client module wraps the base view in it).

mod actions;
mod panes;
#[cfg(any(test, feature = "bench-sample"))]
mod sample;

use crate::client::rulesets::base::Base;
use crate::engine::Seat;
use crate::rules::resources::ResourceSet;
use crate::topology::CornerId;
use crate::tui::dialogs::{OffersDialog, PlayDialog};
use crate::tui::input::Verb;
use crate::tui::ruleset::{Ctx, Phase, RulesetUi};
use crate::tui::widgets::People;
use crate::variants::base::BaseView;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

/// Base's phase in the core's terms (an unknown word reads as the main phase).
pub fn phase(v: &BaseView) -> Phase {
    match v.phase.as_str() {
        "setup" => Phase::Setup,
        "roll" => Phase::Roll,
        "discard" => Phase::Discard,
        "robber" => Phase::Robber,
        "road-building" => Phase::FreeRoads,
        "special-build" => Phase::SpecialBuild,
        "over" => Phase::Over,
        _ => Phase::Main,
    }
}

/// The [`RulesetUi`] methods of a ruleset played through a base game, each asking
/// `self.base()` (a [`Base`]): its phase, turn, panes, dialogs and results. Written inside the
/// ruleset's `impl RulesetUi`, which adds its own prompts and panel.
macro_rules! through_base {
    () => {
        fn phase(&self) -> Option<$crate::tui::ruleset::Phase> {
            self.base().phase()
        }

        fn turn(&self) -> Option<u32> {
            self.base().turn()
        }

        fn turn_call(&self, cx: &$crate::tui::ruleset::Ctx) -> &'static str {
            self.base().turn_call(cx)
        }

        fn last_roll(&self) -> Option<(u8, u8)> {
            self.base().last_roll()
        }

        fn seat_count(&self) -> Option<usize> {
            self.base().seat_count()
        }

        fn players_pane(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
            area: ratatui::layout::Rect,
            buf: &mut ratatui::buffer::Buffer,
        ) {
            self.base().players_pane(cx, area, buf)
        }

        fn hand_pane(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
            area: ratatui::layout::Rect,
            buf: &mut ratatui::buffer::Buffer,
        ) {
            self.base().hand_pane(cx, area, buf)
        }

        fn dice_pane(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
            area: ratatui::layout::Rect,
            buf: &mut ratatui::buffer::Buffer,
        ) {
            self.base().dice_pane(cx, area, buf)
        }

        fn action_lines(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
            short: bool,
        ) -> Vec<(
            Option<$crate::tui::input::Verb>,
            ratatui::text::Line<'static>,
        )> {
            self.base().action_lines(cx, short)
        }

        fn why_not(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
            v: $crate::tui::input::Verb,
        ) -> Option<String> {
            self.base().why_not(cx, v)
        }

        fn play_dialog(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
        ) -> Option<$crate::tui::dialogs::PlayDialog> {
            self.base().play_dialog(cx)
        }

        fn offers_dialog(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
        ) -> Option<$crate::tui::dialogs::OffersDialog> {
            self.base().offers_dialog(cx)
        }

        fn traders(&self) -> Option<Vec<$crate::engine::Seat>> {
            self.base().traders()
        }

        fn bank_rates(&self) -> Option<[u32; 5]> {
            self.base().bank_rates()
        }

        fn building_owner(
            &self,
            c: $crate::topology::CornerId,
        ) -> Option<$crate::engine::Seat> {
            self.base().building_owner(c)
        }

        fn cards_held(&self, seat: $crate::engine::Seat) -> u32 {
            self.base().cards_held(seat)
        }

        fn results_lines(
            &self,
            cx: &$crate::tui::ruleset::Ctx,
        ) -> Option<Vec<ratatui::text::Line<'static>>> {
            self.base().results_lines(cx)
        }

        fn vp_total(&self) -> Option<u32> {
            self.base().vp_total()
        }

        fn dialog_hand(&self) -> Option<$crate::rules::resources::ResourceSet> {
            self.base().dialog_hand()
        }

        fn owed_discard(&self, seat: $crate::engine::Seat) -> u32 {
            self.base().owed_discard(seat)
        }
    };
}
pub(crate) use through_base;

impl<'a> RulesetUi<'a> for Base<'a> {
    fn phase(&self) -> Option<Phase> {
        Some(phase(self.0))
    }

    fn turn(&self) -> Option<u32> {
        Some(self.0.turn)
    }

    /// A discard on another's 7 is a move, not a turn.
    fn turn_call(&self, cx: &Ctx) -> &'static str {
        if self.0.current.is_some() && self.0.current == cx.me {
            "Your turn"
        } else {
            "Your move"
        }
    }

    fn last_roll(&self) -> Option<(u8, u8)> {
        self.0.last_roll
    }

    fn seat_count(&self) -> Option<usize> {
        Some(self.0.players.len())
    }

    fn players_pane(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panes::players_pane(cx, self.0, area, buf)
    }

    fn hand_pane(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panes::hand_pane(cx, self.0, area, buf)
    }

    fn dice_pane(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panes::dice_pane(cx, self.0, area, buf)
    }

    fn action_lines(&self, cx: &Ctx, short: bool) -> Vec<(Option<Verb>, Line<'static>)> {
        actions::action_lines(cx, self.0, short)
    }

    fn why_not(&self, cx: &Ctx, v: Verb) -> Option<String> {
        let hand = self.dialog_hand().unwrap_or_default();
        Some(actions::why_not(cx, self.0, hand, v))
    }

    fn play_dialog(&self, cx: &Ctx) -> Option<PlayDialog> {
        actions::play_dialog(cx, self.0)
    }

    fn offers_dialog(&self, cx: &Ctx) -> Option<OffersDialog> {
        let hand = self.dialog_hand().unwrap_or_default();
        OffersDialog::from_offers(&self.0.offers, cx.legal, hand, &cx.people)
    }

    fn traders(&self) -> Option<Vec<Seat>> {
        Some(
            (self.0.players.iter())
                .filter(|p| !p.out)
                .map(|p| p.seat)
                .collect(),
        )
    }

    fn bank_rates(&self) -> Option<[u32; 5]> {
        self.0.you.as_ref().map(|y| y.bank_rates)
    }

    fn building_owner(&self, c: CornerId) -> Option<Seat> {
        (self.0.buildings.iter())
            .find(|(x, _)| *x == c)
            .map(|(_, b)| b.owner)
    }

    fn cards_held(&self, seat: Seat) -> u32 {
        self.0.players.get(seat as usize).map_or(0, |p| p.cards)
    }

    fn results_lines(&self, cx: &Ctx) -> Option<Vec<Line<'static>>> {
        Some(panes::results_lines(cx, self.0))
    }

    fn phase_text(&self, cx: &Ctx) -> String {
        phase_text(self.0, &cx.people, cx.me)
    }

    fn pass_text(&self, cx: &Ctx) -> String {
        phase_text(self.0, &cx.people, cx.me)
    }

    fn prompt(&self, cx: &Ctx) -> (String, Style) {
        prompt(cx, self.0)
    }

    fn vp_total(&self) -> Option<u32> {
        self.0.you.as_ref().map(|y| y.vp_total)
    }

    fn dialog_hand(&self) -> Option<ResourceSet> {
        self.0.you.as_ref().map(|y| y.hand)
    }

    fn owed_discard(&self, seat: Seat) -> u32 {
        self.0
            .players
            .get(seat as usize)
            .and_then(|p| p.must_discard)
            .unwrap_or(0)
    }
}

fn name_of(people: &People, s: Option<Seat>, me: Option<Seat>) -> String {
    match s {
        Some(s) if Some(s) == me => "you".into(),
        Some(s) => people.name(s).to_string(),
        None => "nobody".into(),
    }
}

/// What the game waits for, in words.
pub fn phase_text(v: &BaseView, people: &People, me: Option<Seat>) -> String {
    let cur = name_of(people, v.current, me);
    let yours = v.current.is_some() && v.current == me;
    match v.phase.as_str() {
        "setup" => {
            let what = if v.setup_settlement.is_some() {
                "a road"
            } else {
                "a settlement"
            };
            if yours {
                format!("Setup · you place {what}")
            } else {
                format!("Setup · {cur} places {what}")
            }
        }
        "roll" if yours => "Your turn · roll the dice".into(),
        "roll" => format!("{cur} to roll"),
        "discard" => {
            let who: Vec<String> = v
                .players
                .iter()
                .filter(|p| p.must_discard.is_some())
                .map(|p| name_of(people, Some(p.seat), me))
                .collect();
            format!("Seven! Waiting for discards: {}", who.join(", "))
        }
        "robber" if yours => "You move the robber".into(),
        "robber" => format!("{cur} moves the robber"),
        "main" if yours => "Your turn · build, trade, play".into(),
        "main" => format!("{}'s turn", cur),
        "road-building" => format!("{cur} places free roads ({} left)", v.free_roads),
        "special-build" if yours => "Your special build · build or buy, then end".into(),
        "special-build" => format!("Special build · {cur} may build"),
        "over" => match v.winner {
            Some(w) => format!("Game over · {} won", name_of(people, Some(w), me)),
            None => "Game over".into(),
        },
        other => other.to_string(),
    }
}

/// What to do now in a base game, for the status line.
pub fn prompt(cx: &Ctx, v: &BaseView) -> (String, Style) {
    let t = cx.theme;
    if cx.watching() {
        return ("Watching the game. ? shows the keys.".into(), t.dim());
    }
    let people = &cx.people;
    if !cx.my_turn {
        let who = match v.phase.as_str() {
            "discard" => "the others to discard".to_string(),
            "over" => {
                return (
                    "The game is over: g shows the results, q quits.".into(),
                    t.good(),
                );
            }
            _ => name_of(people, v.current, cx.me),
        };
        let mut s = format!("Waiting for {who}.");
        if cx.legal.any_answer() {
            s.push_str(" An offer waits for your answer: a.");
        } else if cx.legal.offer {
            s.push_str(" You may offer them a trade: t.");
        }
        return (s, t.dim());
    }
    let n = |a| cx.legal.targets(a).len();
    use crate::tui::legal::BoardAction as A;
    let text = match v.phase.as_str() {
        "setup" if v.setup_settlement.is_none() => format!(
            "Place a settlement: Tab jumps between the {} free corners, Enter places it.",
            n(A::Settle)
        ),
        "setup" => "Place a road next to your new settlement: Tab, then Enter.".to_string(),
        "roll" => {
            if cx.legal.knight {
                "Roll the dice: r (or play a Knight first: p).".into()
            } else {
                "Roll the dice: r.".into()
            }
        }
        "discard" => "Seven! Choose the cards to discard: d.".into(),
        "robber" => {
            "Move the robber: Tab through the hexes, Enter chooses (then whom to rob).".into()
        }
        "road-building" => format!(
            "Road Building: place {} free road{} (Tab, Enter).",
            v.free_roads,
            if v.free_roads == 1 { "" } else { "s" }
        ),
        "special-build" => {
            "Special build: build or buy a development card (no trades, no cards played); e ends it."
                .into()
        }
        _ => match cx.action {
            Some(a) => format!(
                "Place {}: Tab jumps between the {} spots, Enter builds, Esc cancels.",
                a.what(),
                n(a)
            ),
            None => "Build: o road, s settlement, c city · b buy a card · t trade · p play · e end"
                .into(),
        },
    };
    (text, t.good())
}
