//! Pig settlers' part of a client: the phase line, the prompt, its settlements on the board
//! and the `state` line (the whole game is public).

use crate::client::rulesets::pig::Pig;
use crate::tui::ruleset::{Ctx, RulesetUi};
use crate::variants::pig::COST;
use ratatui::style::Style;

impl<'a> RulesetUi<'a> for Pig<'a> {
    fn phase_text(&self, cx: &Ctx) -> String {
        let v = self.0;
        if v.over {
            return "Pig settlers · game over".into();
        }
        format!(
            "Pig settlers · turn {} · {} · pool {} · goal {}",
            v.turn,
            cx.people.name(v.current),
            v.pool,
            v.goal
        )
    }

    fn prompt(&self, cx: &Ctx) -> (String, Style) {
        let (v, t) = (self.0, cx.theme);
        if v.over {
            return ("The game is over: q quits.".into(), t.good());
        }
        if cx.me != Some(v.current) {
            let who = cx.people.name(v.current);
            return (format!("Waiting for {who}. ? shows the keys."), t.dim());
        }
        if v.pool >= COST {
            let text = format!("Pool {}: roll, settle a corner ({COST} pips) or end.", v.pool);
            (text, t.good())
        } else {
            (format!("Pool {}: roll or end.", v.pool), t.good())
        }
    }
}
