//! The Total Chaos panel: the arbiter's state at a glance beside the board. The phase and its
//! countdown (with a bar), the round, everyone's dice with what they owe and their ready
//! votes, who holds the robber and the steals left, your hand and cards, and open offers.
//! The log beside it carries the live events. Commands go through the command line (`:`).

use crate::engine::Seat;
use crate::rules::resources::ResourceSet;
use crate::tui::lines::{dev_cards_line, fmt_secs, hand_lines};
use crate::client::rulesets::total_chaos::TotalChaos;
use crate::tui::dialogs::OffersDialog;
use crate::tui::input::Verb;
use crate::tui::ruleset::{Ctx, OwnKey, PanelPlace, RulesetUi};
use crate::tui::screens::BUILD_TRADE_KEYS;
use crate::tui::widgets::People;
use crate::variants::total_chaos::ChaosView;
use crate::variants::total_chaos::event::phase_words;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use crate::tui::widgets::side_panel;

fn name(people: &People, s: Seat, me: Option<Seat>) -> String {
    if Some(s) == me {
        "you".into()
    } else {
        people.name(s).to_string()
    }
}

/// The phase in words for the title bar.
pub fn phase_text(v: &ChaosView, people: &People, me: Option<Seat>) -> String {
    match v.phase.as_str() {
        "setup" => match v.placing {
            Some(s) if Some(s) == me => "Total Chaos · your placement".into(),
            Some(s) => format!("Total Chaos · {} places", people.name(s)),
            None => "Total Chaos · placement".into(),
        },
        "over" => "Total Chaos · game over".into(),
        p => format!("Total Chaos · round {} · {}", v.round, phase_words(p)),
    }
}

/// What to do now, for the status line.
pub fn prompt(cx: &Ctx, v: &ChaosView) -> (String, Style) {
    let t = cx.theme;
    let me = cx.me;
    let ready_note = if cx.may("ready") {
        " · e: ready (ends when all are)"
    } else {
        ""
    };
    let text = match v.phase.as_str() {
        "over" => return ("The game is over: q quits.".into(), t.good()),
        "setup" if v.placing == me && me.is_some() => {
            if v.setup_settlement.is_none() {
                "Place a settlement: Tab jumps between free corners, Enter places it.".to_string()
            } else {
                "Place a road next to your new settlement: Tab, then Enter.".to_string()
            }
        }
        "setup" => "Waiting for the placement (random order, snake).".to_string(),
        "resource" if cx.may("claim") => {
            format!("Claim your production before the bank runs out: r (or :claim){ready_note}")
        }
        "robber-discard" if cx.legal.discard => {
            let n = me.map_or(0, |s| TotalChaos(v).owed_discard(s));
            format!("Discard {n} cards: d chooses which (or :discard and the cards).")
        }
        "robber-steal" if !cx.legal.robber.is_empty() => {
            "You control the robber: Tab to a hex and Enter, or :robber H.".to_string()
        }
        "robber-steal" if cx.may("steal") => format!(
            "Steal {} card(s): a chooses whom (or :steal SEAT wool: they must agree){ready_note}",
            v.steals_left
        ),
        "robber-steal" if cx.may("agree") => {
            "The robber asks you for a card: a to agree or refuse (:agree, :refuse).".to_string()
        }
        "build" => {
            format!(
                "Build, trade, play at once: s, o, c and Enter place, b buys, t trades, p plays{ready_note}"
            )
        }
        _ if ready_note.is_empty() => "Waiting for the others or the clock.".to_string(),
        _ => "Nothing to do here: e when you are ready, or wait for the clock.".to_string(),
    };
    (text, t.good())
}

/// Draws the panel into `area`.
pub fn panel(cx: &Ctx, v: &ChaosView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let people = &cx.people;
    let me = cx.me;
    let mut lines: Vec<Line> = Vec::new();
    // Phase and countdown with a bar.
    let secs = cx.st.deadline_secs(cx.now);
    let mut head = vec![Span::styled(
        format!(" {} ", phase_words(&v.phase)),
        t.title(),
    )];
    if let Some(s) = secs {
        head.push(Span::styled(
            fmt_secs(s),
            if s < 5.0 { t.error() } else { t.warn() },
        ));
    }
    lines.push(Line::from(head));
    if let (Some(s), Some(total)) = (secs, v.phase_ms) {
        let width = area.width.saturating_sub(4) as usize;
        let full = ((s * 1000.0 / total.max(1) as f64) * width as f64).round() as usize;
        let full = full.min(width);
        lines.push(Line::from(vec![
            Span::raw(" "),
            Span::styled("█".repeat(full), t.warn()),
            Span::styled("░".repeat(width - full), t.dim()),
        ]));
    }
    // The robber.
    let robber = match v.robber_holder {
        Some(h) if v.phase == "robber-steal" => format!(
            " Robber: {} ({}, {} steal{} left)",
            name(people, h, me),
            if v.robber_moved { "moved" } else { "to move" },
            v.steals_left,
            if v.steals_left == 1 { "" } else { "s" }
        ),
        Some(h) => format!(" Robber: {} this round", name(people, h, me)),
        None if v.round > 0 => " Robber: no 7 this round".into(),
        None => String::new(),
    };
    if !robber.is_empty() {
        lines.push(Line::from(Span::styled(
            robber,
            if v.robber_holder.is_some() {
                t.error()
            } else {
                t.dim()
            },
        )));
    }
    if let Some(a) = v.steal_ask {
        lines.push(Line::from(Span::styled(
            format!(" Asks {} for 1 {}", name(people, a.victim, me), a.card),
            t.warn(),
        )));
    }
    // Everyone: dice, owed, ready, counts.
    lines.push(Line::from(Span::styled(
        format!(" {:<11}{:<7}{:<7}{:>2} {:>5}", "player", "dice", "ready", "VP", "cards"),
        t.dim(),
    )));
    for p in &v.players {
        let s = p.seat;
        let mut spans = vec![Span::raw(" ")];
        let mut label = people.label(s, t);
        let label_w: usize = label.iter().map(|x| x.width()).sum();
        spans.append(&mut label);
        spans.push(Span::raw(" ".repeat(11usize.saturating_sub(label_w))));
        match v.dice.get(s as usize) {
            Some((a, b)) => {
                let sum = a + b;
                spans.push(Span::styled(
                    format!("{sum:>2}"),
                    if sum == 7 { t.error() } else { t.title() },
                ));
                spans.push(Span::styled(format!(" {a}+{b} "), t.dim()));
            }
            None => spans.push(Span::styled("   -     ", t.dim())),
        }
        let ready = v.ready.get(s as usize).copied().unwrap_or(false);
        spans.push(Span::styled(
            if ready { "ready  " } else { "  …    " },
            if ready { t.good() } else { t.dim() },
        ));
        spans.push(Span::styled(
            format!("{:>2} {:>5} ", p.vp, p.cards),
            t.title(),
        ));
        let owed = v.owed.get(s as usize).copied().unwrap_or_default();
        let note = if !owed.is_empty() {
            Some(Span::styled(format!("due {owed}"), t.warn()))
        } else {
            p.must_discard
                .map(|n| Span::styled(format!("discard {n}"), t.error()))
        };
        // The note ends the row where it fits, else it takes a row of its own under the name.
        let used: usize = spans.iter().map(|x| x.width()).sum();
        match note {
            Some(n) if used + n.width() > area.width.saturating_sub(3) as usize => {
                lines.push(Line::from(spans));
                lines.push(Line::from(vec![Span::raw("   "), n]));
            }
            Some(n) => {
                spans.push(n);
                lines.push(Line::from(spans));
            }
            None => lines.push(Line::from(spans)),
        }
    }
    // You.
    let mut rows = Vec::new();
    rows.extend(v.you.as_ref().map(|y| ("hand", &y.hand)));
    rows.push(("bank", &v.bank));
    let mut counts = hand_lines(t, &rows, area.width.saturating_sub(3) as usize);
    let bank = counts.pop();
    lines.extend(counts);
    if let Some(y) = &v.you {
        lines.extend(dev_cards_line(t, &y.dev_cards, " (next phase)"));
    }
    lines.extend(bank);
    for o in v.offers.iter().take(4) {
        lines.push(Line::from(Span::styled(
            format!(
                " Offer {}: {} {} {} for {}{}",
                o.id,
                name(people, o.from, me),
                if Some(o.from) == me { "give" } else { "gives" },
                o.give,
                o.get,
                o.to.map(|s| format!(" to {}", name(people, s, me)))
                    .unwrap_or_default()
            ),
            t.warn(),
        )));
    }
    let title = Line::from(vec![
        Span::styled(" Total Chaos ", t.title()),
        Span::styled("· everyone at once ", t.dim()),
    ]);
    side_panel(t, title, lines, cx.panel_scroll, area, buf);
}

/// Total Chaos's own commands on keys: the claim, the ready flag and the robber's exchanges.
const OWN_KEYS: &[OwnKey] = &[
    OwnKey {
        key: 'r',
        verbs: &["claim"],
        what: "claim your production",
        help: "claim your production (resource phase)",
    },
    OwnKey {
        key: 'e',
        verbs: &["ready", "unready"],
        what: "ready or not",
        help: "ready / not ready: the phase ends once every player is ready",
    },
    OwnKey {
        key: 'a',
        verbs: &["steal", "agree", "refuse"],
        what: "the robber",
        help: "the robber: steal, or agree or refuse to give",
    },
];

impl<'a> RulesetUi<'a> for TotalChaos<'a> {
    /// No turns: everyone moves at once.
    fn turn_call(&self, _cx: &Ctx) -> &'static str {
        "Your move"
    }

    /// No roll and no turn to end: the phases end when everyone is ready (its own keys).
    fn action_keys(&self) -> Vec<(&'static str, &'static str)> {
        BUILD_TRADE_KEYS.to_vec()
    }

    fn own_keys(&self) -> &'static [OwnKey] {
        OWN_KEYS
    }

    fn phase_text(&self, cx: &Ctx) -> String {
        phase_text(self.0, &cx.people, cx.me)
    }

    /// `r` and `e` are the claim and the ready vote here: when they do nothing, say so in
    /// those words, not as the roll and the end of a turn this game does not have; a build
    /// says what it lacks, or that it waits for the building phase.
    fn why_not(&self, cx: &Ctx, v: Verb) -> Option<String> {
        if cx.watching() {
            return None;
        }
        let view = self.0;
        let owed = cx.me.map_or(0, |s| self.owed_discard(s));
        let what = match (v, view.phase.as_str()) {
            (_, "over") => return None,
            (Verb::Roll, "resource") => {
                "Nothing to claim: the dice owe you nothing (more) this round".to_string()
            }
            (Verb::Roll, _) => {
                "Total Chaos has no roll: r claims your production in the resource phase".into()
            }
            (Verb::End, "setup") => {
                "Initial placement has no ready vote: place your pieces".into()
            }
            (Verb::End, "robber-discard") if owed > 0 => {
                format!("Discard your {owed} cards first (d), then vote ready")
            }
            (Verb::End, _) => "No ready vote now".into(),
            (Verb::Road | Verb::Settle | Verb::City | Verb::BuyDev, "build") => {
                let hand = self.dialog_hand().unwrap_or_default();
                v.short_of(&hand)?.trim_end_matches('.').to_string()
            }
            (Verb::Road | Verb::Settle | Verb::City | Verb::BuyDev | Verb::Trade, p)
                if p != "build" && p != "setup" =>
            {
                "Building and trading are open in the building phase".into()
            }
            _ => return None,
        };
        let now = prompt(cx, view).0;
        Some(format!("{what}. {now}"))
    }

    fn prompt(&self, cx: &Ctx) -> (String, Style) {
        if cx.watching() {
            return (
                "Watching the game. ? shows the keys.".into(),
                cx.theme.dim(),
            );
        }
        prompt(cx, self.0)
    }

    fn panel_place(&self) -> PanelPlace {
        PanelPlace::Side
    }

    fn panel(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panel(cx, self.0, area, buf)
    }

    fn vp_total(&self) -> Option<u32> {
        self.0.you.as_ref().map(|y| y.vp_total)
    }

    fn dialog_hand(&self) -> Option<ResourceSet> {
        self.0.you.as_ref().map(|y| y.hand)
    }

    fn offers_dialog(&self, cx: &Ctx) -> Option<OffersDialog> {
        let hand = self.dialog_hand().unwrap_or_default();
        OffersDialog::from_offers(&self.0.offers, cx.legal, hand, &cx.people)
    }

    /// Everyone trades with everyone.
    fn traders(&self) -> Option<Vec<Seat>> {
        Some(self.0.players.iter().map(|p| p.seat).collect())
    }

    fn bank_rates(&self) -> Option<[u32; 5]> {
        self.0.you.as_ref().map(|y| y.bank_rates)
    }

    fn owed_discard(&self, seat: Seat) -> u32 {
        self.0
            .players
            .get(seat as usize)
            .and_then(|p| p.must_discard)
            .unwrap_or(0)
    }
}

#[cfg(any(test, feature = "bench-sample"))]
impl crate::tui::sample::Sample {
    /// A Total Chaos game with "Ann" in seat 1 and bots in the others.
    pub fn chaos(seed: u64, seats: usize, level: crate::tui::theme::ColorLevel) -> Self {
        let cfg = crate::variants::total_chaos::ChaosConfig::new(seats, seed);
        let game = crate::variants::Game::TotalChaos(
            crate::variants::total_chaos::ChaosGame::new(cfg).expect("a valid game"),
        );
        Self::with_game(game, seed, &["Ann"], seats, level)
    }
}
