//! The actions: which verbs are open now and why not, their dialogs, and the action
//! menu drawn from them.

use super::*;

impl App {
    /// Whether an action bar entry can be taken now.
    pub fn verb_enabled(&self, v: Verb) -> bool {
        self.legal.allows(v)
    }

    /// Why an action cannot be taken now, in words: the ruleset's, else
    /// [`App::why_not_here`]'s.
    pub fn why_not(&self, v: Verb) -> String {
        self.ruleset()
            .and_then(|r| r.why_not(&self.ctx(), v))
            .unwrap_or_else(|| self.why_not_here(v))
    }

    /// Why an action cannot be taken now, when the ruleset does not say: the action, then
    /// what the game waits for instead.
    fn why_not_here(&self, v: Verb) -> String {
        if self.st().update.is_none() {
            return "The game has not started yet.".into();
        }
        if self.watching() {
            return "You are watching: spectators cannot play.".into();
        }
        let now = self
            .ruleset()
            .map(|r| r.prompt(&self.ctx()).0)
            .unwrap_or_default();
        let what = match v {
            Verb::Play => "No development card can be played now".to_string(),
            Verb::Discard => "You owe no discard".to_string(),
            Verb::Answer => "No offers wait for your answer".to_string(),
            _ => format!("{} is not possible now", v.label().trim_end_matches('…')),
        };
        // The status line's two rows hold the reason whole; what the game waits for follows
        // it where it fits (the prompt shows again at the next key).
        let room = (2 * self.size.width as usize).saturating_sub(2);
        let both = format!("{what}. {now}");
        if now.is_empty() || both.chars().count() > room {
            format!("{what}.")
        } else {
            both
        }
    }

    pub(super) fn verb(&mut self, v: Verb) -> Vec<Effect> {
        if !self.verb_enabled(v) {
            let why = self.why_not(v);
            self.warn(why);
            return Vec::new();
        }
        match v {
            Verb::Roll => self.command("roll"),
            Verb::End => self.command("end"),
            Verb::BuyDev => self.command("buy dev"),
            Verb::Road | Verb::Settle | Verb::City => {
                let a = match v {
                    Verb::Road => BoardAction::Road,
                    Verb::Settle => BoardAction::Settle,
                    _ => BoardAction::City,
                };
                self.action = Some(a);
                let targets = self.legal.targets(a);
                let n = targets.len();
                if self.cursor.is_none_or(|c| !targets.contains(&c)) {
                    let ordered = board::reading_order(&self.pic, &targets);
                    if let Some(t) = board::cycle(&ordered, self.cursor_pos(), true) {
                        self.cursor = Some(t);
                    }
                }
                self.rebuild();
                self.follow_cursor();
                self.info(format!(
                    "Place {}: {n} spot{} highlighted. Tab next, arrows move, Enter builds, Esc cancels.",
                    a.what(),
                    if n == 1 { "" } else { "s" }
                ));
                Vec::new()
            }
            Verb::Play => {
                self.dialog = self.play_dialog().map(Dialog::Play);
                Vec::new()
            }
            Verb::Trade => {
                self.open_trade();
                Vec::new()
            }
            Verb::Answer => {
                self.dialog = self.offers_dialog().map(Dialog::Offers);
                Vec::new()
            }
            Verb::Discard => {
                self.discard_dismissed = false;
                self.open_discard();
                Vec::new()
            }
        }
    }

    pub(super) fn open_discard(&mut self) {
        let Some(me) = self.me() else { return };
        let need = self.ruleset().map_or(0, |r| r.owed_discard(me));
        if need > 0 {
            self.dialog = Some(Dialog::Pick(PickDialog::discard(self.hand(), need)));
        }
    }

    pub(super) fn open_trade(&mut self) {
        let Some((traders, rates)) = self
            .ruleset()
            .and_then(|r| Some((r.traders()?, r.bank_rates())))
        else {
            return;
        };
        let me = self.me();
        let mut partners = Vec::new();
        if self.legal.offer {
            match self.legal.offer_to {
                Some(t) => partners.push(Partner::Seat(t)),
                None => {
                    partners.push(Partner::Everyone);
                    for s in traders {
                        if Some(s) != me {
                            partners.push(Partner::Seat(s));
                        }
                    }
                }
            }
        }
        if !self.legal.bank.is_empty() || (self.legal.offer && self.legal.offer_to.is_none()) {
            partners.push(Partner::Bank);
        }
        let rates = rates.unwrap_or([4; 5]);
        self.dialog = Some(Dialog::Trade(TradeDialog::new(
            partners,
            self.hand(),
            rates,
            self.people(),
        )));
    }

    /// The development cards `p` offers now.
    pub(super) fn play_dialog(&self) -> Option<PlayDialog> {
        self.ruleset()?.play_dialog(&self.ctx())
    }

    /// The offers on the table, for the answer dialog.
    pub(super) fn offers_dialog(&self) -> Option<OffersDialog> {
        self.ruleset()?.offers_dialog(&self.ctx())
    }
}

/// The action panel's lines, with the action each one chooses (for clicks).
pub fn action_lines(app: &App, short: bool) -> Vec<(Option<Verb>, Line<'static>)> {
    app.ruleset()
        .map(|r| r.action_lines(&app.ctx(), short))
        .unwrap_or_default()
}

/// Rows the action panel needs.
pub fn action_height(app: &App) -> u16 {
    action_lines(app, false).len() as u16 + 2
}

/// The action a click on a row of the action panel chooses.
pub fn action_at_row(app: &App, area: Rect, row: u16) -> Option<Verb> {
    let i = row.checked_sub(area.y + 1)? as usize;
    action_lines(app, false).get(i).and_then(|(v, _)| *v)
}
