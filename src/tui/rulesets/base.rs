//! Base Catan in a client: the title bar's phase, the status line's prompt, the board's
//! pieces and the `state` line. Base has no panel of its own: the players, hand and actions
//! panes show its view ([`RulesetUi::classic`]).

use crate::engine::Seat;
use crate::rules::resources::ResourceSet;
use crate::client::rulesets::base::Base;
use crate::tui::ruleset::{Ctx, RulesetUi};
use crate::tui::widgets::People;
use crate::variants::base::BaseView;
use ratatui::style::Style;

impl<'a> RulesetUi<'a> for Base<'a> {
    fn classic(&self) -> Option<&'a BaseView> {
        Some(self.0)
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
