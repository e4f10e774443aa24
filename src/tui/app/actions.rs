//! The actions: which verbs are open now and why not, their dialogs, and the action
//! menu drawn from them.

use super::*;

impl App {
    /// Whether an action bar entry can be taken now.
    pub fn verb_enabled(&self, v: Verb) -> bool {
        let l = &self.legal;
        match v {
            Verb::Roll => l.roll,
            Verb::Road => !l.road.is_empty(),
            Verb::Settle => !l.settle.is_empty(),
            Verb::City => !l.city.is_empty(),
            Verb::BuyDev => l.buy_dev,
            Verb::Play => l.any_play(),
            Verb::Trade => l.any_trade(),
            Verb::Answer => l.any_answer(),
            Verb::Discard => l.discard,
            Verb::End => l.end,
        }
    }

    /// The cost of an action bar entry, if it has one.
    pub fn verb_cost(&self, v: Verb) -> Option<ResourceSet> {
        let setup = self
            .view()
            .is_some_and(|v| v.phase == "setup" || v.phase == "road-building");
        match v {
            Verb::Road if !setup => Some(costs::ROAD),
            Verb::Settle if !setup => Some(costs::SETTLEMENT),
            Verb::City => Some(costs::CITY),
            Verb::BuyDev => Some(costs::DEV_CARD),
            _ => None,
        }
    }

    /// Why an action cannot be taken now, in words.
    pub fn why_not(&self, v: Verb) -> String {
        let Some(view) = self.view() else {
            return self.why_not_here(v);
        };
        if self.watching() {
            return "You are watching: spectators cannot play.".into();
        }
        if view.phase == "over" {
            return "The game is over.".into();
        }
        let people = self.people();
        let me = self.me();
        let waiting_for = |s: Option<Seat>| match s {
            Some(s) => format!("It is {}'s turn.", people.name(s)),
            None => "Others are choosing what to discard.".to_string(),
        };
        let my_turn = view.current == me && view.current.is_some();
        match v {
            Verb::Answer => return "No offers wait for your answer.".into(),
            Verb::Discard => return "You owe no discard.".into(),
            _ => {}
        }
        if !my_turn {
            return waiting_for(view.current);
        }
        let hand = self.hand();
        if let Some(cost) = self.verb_cost(v)
            && !hand.contains(&cost)
        {
            let mut missing = ResourceSet::EMPTY;
            for (r, n) in cost.iter() {
                missing[r] = n.saturating_sub(hand[r]);
            }
            return format!(
                "{} costs {cost}; you are missing {missing}.",
                cap(v.label().to_string())
            );
        }
        match (v, view.phase.as_str()) {
            (_, "setup") => "In setup you place a settlement, then a road next to it.".into(),
            (_, "discard") => "Wait: players are discarding after the 7.".into(),
            (_, "robber") => "First move the robber: Tab to a hex, Enter.".into(),
            (_, "road-building") => "First place your free roads: Tab, Enter.".into(),
            (Verb::Trade, "special-build") | (Verb::Play, "special-build") => {
                "The special build allows building and buying only: trade and play in your turn."
                    .into()
            }
            (Verb::Roll, _) => "You have rolled already this turn.".into(),
            (Verb::End, _) | (Verb::Trade, "roll") => "Roll the dice first (r).".into(),
            (Verb::Road, "roll")
            | (Verb::Settle, "roll")
            | (Verb::City, "roll")
            | (Verb::BuyDev, "roll") => "Roll the dice first (r).".into(),
            (Verb::Road, _) => "There is no free edge next to your roads and buildings.".into(),
            (Verb::Settle, _) => {
                "No spot: a settlement needs your road and no building on the next corners.".into()
            }
            (Verb::City, _) => "You have no settlement left to upgrade.".into(),
            (Verb::BuyDev, _) => "The development deck is empty.".into(),
            (Verb::Play, _) => {
                if view.you.as_ref().is_none_or(|y| y.dev_cards.is_empty()) {
                    "You hold no development card.".into()
                } else {
                    "No card can be played now: one card per turn, not on the turn you bought it."
                        .into()
                }
            }
            (Verb::Trade, _) => "Trading is closed now (you built already this turn).".into(),
            _ => "Not possible now.".into(),
        }
    }

    /// Why an action cannot be taken now in a ruleset without a base game underneath: the
    /// action, then what the game waits for instead.
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
        if now.is_empty() {
            format!("{what}.")
        } else {
            format!("{what}. {now}")
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
        let Some(view) = self.view() else { return };
        let me = self.me();
        let mut partners = Vec::new();
        if self.legal.offer {
            match self.legal.offer_to {
                Some(t) => partners.push(Partner::Seat(t)),
                None => {
                    partners.push(Partner::Everyone);
                    for p in &view.players {
                        if Some(p.seat) != me && !p.out {
                            partners.push(Partner::Seat(p.seat));
                        }
                    }
                }
            }
        }
        if !self.legal.bank.is_empty() || (self.legal.offer && self.legal.offer_to.is_none()) {
            partners.push(Partner::Bank);
        }
        let rates = view.you.as_ref().map_or([4; 5], |y| y.bank_rates);
        self.dialog = Some(Dialog::Trade(TradeDialog::new(
            partners,
            self.hand(),
            rates,
            self.people(),
        )));
    }

    pub(super) fn play_dialog(&self) -> Option<PlayDialog> {
        let Some(view) = self.view() else {
            return self.play_dialog_from_legal();
        };
        let you = view.you.as_ref()?;
        let l = &self.legal;
        let mut items = Vec::new();
        let mut seen: Vec<DevCard> = Vec::new();
        for c in &you.dev_cards {
            if seen.contains(&c.card) {
                continue;
            }
            seen.push(c.card);
            let count = you.dev_cards.iter().filter(|x| x.card == c.card).count();
            let then = match c.card {
                DevCard::Knight if l.knight => PlayThen::Send("play knight".into()),
                DevCard::RoadBuilding if l.road_building => PlayThen::Send("play roads".into()),
                DevCard::YearOfPlenty if !l.plenty.is_empty() => PlayThen::Plenty(view.bank),
                DevCard::Monopoly if !l.monopoly.is_empty() => {
                    PlayThen::Monopoly(l.monopoly.clone())
                }
                _ => PlayThen::Nothing,
            };
            let note = match (&then, c.card) {
                (PlayThen::Nothing, DevCard::VictoryPoint) => {
                    Some("counts for you; shown when you win".to_string())
                }
                (PlayThen::Nothing, _) => Some(
                    if you.dev_cards.iter().any(|x| x.card == c.card && x.playable) {
                        "not now (one card per turn)"
                    } else {
                        "bought this turn: playable from your next turn"
                    }
                    .to_string(),
                ),
                _ => None,
            };
            let label = if count > 1 {
                format!("{} ×{count}", c.card)
            } else {
                c.card.to_string()
            };
            items.push(PlayItem { label, note, then });
        }
        if items.is_empty() {
            return None;
        }
        let row = items.iter().position(|i| i.note.is_none()).unwrap_or(0);
        Some(PlayDialog { items, row })
    }

    /// The play menu of a ruleset played without a base game underneath (the Big Game,
    /// Total Chaos): each legal card play is a choice, under its card's name, so `p` plays a
    /// card there as in base. The card comes from the typed move, the rest of the choice (a
    /// knight's hex, the cards of a Year of Plenty) from the command as the host wrote it.
    fn play_dialog_from_legal(&self) -> Option<PlayDialog> {
        let items: Vec<PlayItem> = self
            .st()
            .legal_moves()
            .filter_map(|(m, text)| {
                let card = match m {
                    Move::Knight => DevCard::Knight,
                    Move::RoadBuilding => DevCard::RoadBuilding,
                    Move::Plenty(_) => DevCard::YearOfPlenty,
                    Move::Monopoly(_) => DevCard::Monopoly,
                    _ => return None,
                };
                Some(PlayItem {
                    label: format!("{card}: {text}"),
                    note: None,
                    then: PlayThen::Send(text.clone()),
                })
            })
            .collect();
        (!items.is_empty()).then_some(PlayDialog { items, row: 0 })
    }

    pub(super) fn offers_dialog(&self) -> Option<OffersDialog> {
        let view = self.view()?;
        if view.offers.is_empty() {
            return None;
        }
        let l = &self.legal;
        let rows = view
            .offers
            .iter()
            .map(|o| OfferRow {
                id: o.id,
                from: o.from,
                to: o.to,
                give: o.give,
                get: o.get,
                can_accept: l.accept.contains(&o.id),
                can_decline: l.decline.contains(&o.id),
                can_cancel: l.cancel.contains(&o.id),
            })
            .collect();
        Some(OffersDialog {
            rows,
            row: 0,
            hand: self.hand(),
            people: self.people(),
        })
    }
}

/// The action panel's lines, with the action each one chooses (for clicks).
pub fn action_lines(app: &App, short: bool) -> Vec<(Option<Verb>, Line<'static>)> {
    let t = &app.theme;
    let mut out = Vec::new();
    let Some(v) = app.view() else { return out };
    if app.watching() {
        out.push((None, Line::raw(" Watching: no actions.")));
        return out;
    }
    // Open offers first: they wait for an answer.
    let people = app.people();
    let me = app.me();
    for o in v.offers.iter().take(3) {
        let mut spans = vec![Span::styled(format!(" #{} ", o.id), t.dim())];
        spans.extend(people.label(o.from, t));
        spans.push(Span::raw(format!(": {} for {}", o.give, o.get)));
        match o.to {
            Some(s) if Some(s) == me => spans.push(Span::styled(" → you", t.warn())),
            Some(s) => spans.push(Span::raw(format!(" → {}", people.name(s)))),
            None => spans.push(Span::styled(" → all", t.dim())),
        }
        out.push((Some(Verb::Answer), Line::from(spans)));
    }
    if v.offers.len() > 3 {
        out.push((
            Some(Verb::Answer),
            Line::from(Span::styled(
                format!(" … and {} more offers", v.offers.len() - 3),
                t.dim(),
            )),
        ));
    }
    if !v.offers.is_empty() {
        out.push((None, Line::raw("")));
    }
    let hand = app
        .view()
        .and_then(|v| v.you.as_ref())
        .map(|y| y.hand)
        .unwrap_or_default();
    for verb in Verb::ALL {
        let enabled = app.verb_enabled(verb);
        if matches!(verb, Verb::Discard) && !enabled {
            continue;
        }
        if matches!(verb, Verb::Answer) && v.offers.is_empty() {
            continue;
        }
        let mut spans = vec![
            Span::raw(" "),
            Span::styled(
                verb.key().to_string(),
                if enabled { t.key() } else { t.dim() },
            ),
            Span::raw("  "),
            Span::styled(
                if short {
                    format!("{:<13}", verb.label_in(&v.phase, true))
                } else {
                    format!("{:<18}", verb.label_in(&v.phase, false))
                },
                if enabled { t.title() } else { t.dim() },
            ),
        ];
        if let Some(cost) = app.verb_cost(verb) {
            let afford = hand.contains(&cost);
            for (r, n) in cost.iter() {
                spans.push(Span::styled(
                    format!("{n} {} ", res_name(r, short)),
                    if afford && enabled {
                        t.resource(r)
                    } else if hand[r] >= n {
                        t.dim()
                    } else {
                        t.dim().add_modifier(Modifier::CROSSED_OUT)
                    },
                ));
            }
        } else {
            let note = match verb {
                Verb::Play => {
                    let n = v
                        .you
                        .as_ref()
                        .map_or(0, |y| y.dev_cards.iter().filter(|c| c.playable).count());
                    (n > 0).then(|| format!("{n} playable"))
                }
                Verb::Answer => Some(format!("{} open", v.offers.len())),
                Verb::Discard => v
                    .players
                    .get(me.unwrap_or(0) as usize)
                    .and_then(|p| p.must_discard)
                    .map(|n| format!("{n} cards owed")),
                Verb::Road | Verb::Settle if v.phase == "setup" => Some("free in setup".into()),
                Verb::Road if v.phase == "road-building" => Some(format!("{} free", v.free_roads)),
                _ => None,
            };
            if let Some(n) = note {
                spans.push(Span::styled(n, t.dim()));
            }
        }
        out.push((Some(verb), Line::from(spans)));
    }
    out
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
