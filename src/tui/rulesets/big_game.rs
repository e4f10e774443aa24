//! The Big Game panel beside the ring's board picture: the round and the active group with
//! its countdown (and a bar), the roll for every board and the robbers' roll, the ring as a
//! strip (your board, your reach, the board in view), your group, partners, hand and cards,
//! open offers and the standings. `[` and `]` bring the previous or next board into view.
//! A spectator (the hall display) sees the same with everyone's standings.

use crate::engine::Seat;
use crate::rules::resources::ResourceSet;
use crate::tui::lines::{dev_cards_line, fmt_secs, hand_lines, list_lines};
use crate::client::rulesets::big_game::BigGame;
use crate::tui::dialogs::OffersDialog;
use crate::tui::input::Verb;
use crate::tui::ruleset::{Ctx, PanelPlace, RulesetUi};
use crate::tui::widgets::People;
use crate::variants::big_game::{BigView, Group};
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

/// The round in words for the title bar.
pub fn phase_text(v: &BigView) -> String {
    match (v.phase.as_str(), v.group) {
        ("setup", _) => "Big Game · setup: everyone at once".into(),
        ("over", _) => "Big Game · game over".into(),
        (_, Some(g)) => {
            let roll = v
                .last_roll
                .map(|(a, b)| format!(" · roll {}", a + b))
                .unwrap_or_default();
            format!("Big Game · round {} · {} plays{roll}", v.round, g.name())
        }
        _ => "Big Game".into(),
    }
}

/// What to do now, for the status line.
pub fn prompt(cx: &Ctx, v: &BigView) -> (String, Style) {
    let t = cx.theme;
    if cx.watching() {
        return (
            "Watching the game: [ and ] show the boards. ? shows the keys.".into(),
            t.dim(),
        );
    }
    let setup = v.you.as_ref().map(|y| y.setup.as_str());
    let text = match v.phase.as_str() {
        "over" => return ("The game is over: q quits.".into(), t.good()),
        "setup" if setup == Some("collect") => {
            "Take the resources around one starting settlement: Tab to it, Enter (or :collect 1C.w)."
                .to_string()
        }
        "setup" if setup == Some("city") => {
            "Turn a starting settlement into a city: Tab to it, Enter (or :city 1C.w)".to_string()
        }
        "setup" => "Waiting for the others' setup choices or the clock.".to_string(),
        _ if cx.legal.discard => "A 7: discard half your cards: d (or :discard 2 wool 1 ore)".to_string(),
        _ if v.active && cx.legal.end => {
            "Your group's round: Tab and Enter build (roads, ships, settlements), c cities, b buys a card, t trades, p plays; e when done. [ ] boards".to_string()
        }
        _ if !cx.legal.accept.is_empty() => "An offer waits for you: a answers it (or :accept N, :decline N)".to_string(),
        _ if cx.legal.offer => {
            "The other group's round: t trades with its players (or :offer 1 wool for 1 ore). [ ] boards".to_string()
        }
        _ => "Waiting for your group's round. [ ] switch boards".to_string(),
    };
    (text, t.good())
}

/// The ring as a strip: `[1] 2* 3` — the board in view bracketed, yours starred, your reach
/// bright.
fn ring_strip(cx: &Ctx, v: &BigView, shown: Option<usize>) -> Line<'static> {
    let t = cx.theme;
    let mine = v.seat.map(|s| s as usize / 2 + 1);
    let reach: Vec<usize> = v.you.as_ref().map(|y| y.reach.clone()).unwrap_or_default();
    let mut spans = vec![Span::styled(" ring ", t.dim())];
    for b in 1..=v.boards {
        let text = if Some(b) == shown {
            format!("[{b}{}]", if Some(b) == mine { "*" } else { "" })
        } else {
            format!(" {b}{} ", if Some(b) == mine { "*" } else { "" })
        };
        let style = if Some(b) == shown || reach.contains(&b) || v.seat.is_none() {
            t.title()
        } else {
            t.dim()
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::styled("─", t.dim()));
    }
    spans.push(Span::styled("↺", t.dim()));
    Line::from(spans)
}

/// Three rows of block glyphs for digits, `:` and space: the hall display's large text.
pub fn big_digits(text: &str) -> [String; 3] {
    let mut rows = [String::new(), String::new(), String::new()];
    for ch in text.chars() {
        let g: [&str; 3] = match ch {
            '0' => ["█▀█", "█ █", "▀▀▀"],
            '1' => [" ▀█", "  █", "  ▀"],
            '2' => ["▀▀█", "█▀▀", "▀▀▀"],
            '3' => ["▀▀█", " ▀█", "▀▀▀"],
            '4' => ["█ █", "▀▀█", "  ▀"],
            '5' => ["█▀▀", "▀▀█", "▀▀▀"],
            '6' => ["█▀▀", "█▀█", "▀▀▀"],
            '7' => ["▀▀█", "  █", "  ▀"],
            '8' => ["█▀█", "█▀█", "▀▀▀"],
            '9' => ["█▀█", "▀▀█", "▀▀▀"],
            ':' => [" ", "▀", "▀"],
            _ => ["  ", "  ", "  "],
        };
        for (row, part) in rows.iter_mut().zip(g) {
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(part);
        }
    }
    rows
}

/// The hall display's large lines: round, roll and clock in block digits under their labels.
fn hall_lines(cx: &Ctx, v: &BigView, secs: Option<f64>) -> Vec<Line<'static>> {
    let t = cx.theme;
    let round = big_digits(&v.round.to_string());
    let roll = big_digits(
        &v.last_roll
            .map_or(String::new(), |(a, b)| (a + b).to_string()),
    );
    let clock = big_digits(&secs.map_or(String::new(), fmt_secs));
    let cols = [&round, &roll, &clock];
    let widths: Vec<usize> = cols
        .iter()
        .map(|c| c[0].chars().count().max(6) + 3)
        .collect();
    let mut out = Vec::new();
    let labels = ["ROUND", "ROLL", "CLOCK"];
    let mut head = String::from(" ");
    for (l, w) in labels.iter().zip(&widths) {
        head.push_str(&format!("{l:<w$}"));
    }
    out.push(Line::from(Span::styled(head, t.dim())));
    for r in 0..3 {
        let mut row = String::from(" ");
        for (c, w) in cols.iter().zip(&widths) {
            row.push_str(&format!("{:<w$}", c[r]));
        }
        out.push(Line::from(Span::styled(row, t.title())));
    }
    let group = match (v.phase.as_str(), v.group) {
        ("setup", _) => "SETUP: EVERYONE AT ONCE".to_string(),
        ("over", _) => "GAME OVER".to_string(),
        (_, Some(g)) => format!("{} PLAYS", g.name().to_uppercase()),
        _ => String::new(),
    };
    let mut tail = vec![Span::styled(format!(" {group}"), t.good())];
    if let Some((a, b)) = v.robber_roll {
        tail.push(Span::styled(
            format!("  · robbers' roll {}", a + b),
            t.error(),
        ));
    }
    out.push(Line::from(tail));
    out
}

/// Draws the panel into `area`.
pub fn panel(cx: &Ctx, v: &BigView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let people = &cx.people;
    let me = cx.me;
    let mut lines: Vec<Line> = Vec::new();
    let secs = cx.st.deadline_secs(cx.now);
    let group = v.group.map(Group::name).unwrap_or("-");
    let mut head = vec![Span::styled(
        match v.phase.as_str() {
            "setup" => " SETUP ".to_string(),
            "over" => " GAME OVER ".to_string(),
            _ => format!(" ROUND {} · {} ", v.round, group.to_uppercase()),
        },
        t.title(),
    )];
    if let Some(s) = secs {
        head.push(Span::styled(
            fmt_secs(s),
            if s < 10.0 { t.error() } else { t.warn() },
        ));
    }
    lines.push(Line::from(head));
    if cx.watching() {
        lines.extend(hall_lines(cx, v, secs));
    }
    if let Some(s) = secs {
        let total = cx
            .st
            .game
            .as_ref()
            .and_then(|g| g.settings.iter().find(|(k, _)| k == "round"))
            .and_then(|(_, val)| val.trim_end_matches(" s").parse::<f64>().ok())
            .unwrap_or(45.0);
        let width = area.width.saturating_sub(4) as usize;
        let full = ((s / total.max(1.0)) * width as f64).round() as usize;
        let full = full.min(width);
        lines.push(Line::from(vec![
            Span::raw(" "),
            Span::styled("█".repeat(full), t.warn()),
            Span::styled("░".repeat(width - full), t.dim()),
        ]));
    }
    if let Some((a, b)) = v.last_roll {
        let mut spans = vec![
            Span::styled(" Roll ", t.dim()),
            Span::styled(
                format!("{}", a + b),
                if a + b == 7 { t.error() } else { t.title() },
            ),
            Span::styled(format!(" ({a}+{b}) for every board"), t.dim()),
        ];
        if let Some((c, d)) = v.robber_roll {
            spans.push(Span::styled(format!(" · robbers {}", c + d), t.error()));
        }
        lines.push(Line::from(spans));
    }
    lines.push(ring_strip(cx, v, cx.board_in_view));
    if let Some(s) = v.seat {
        let g = Group::of(s);
        lines.push(Line::from(vec![
            Span::styled(" you    ", t.dim()),
            Span::styled(
                format!("board {} · {}", s as usize / 2 + 1, g.name()),
                t.title(),
            ),
            Span::styled(
                if v.active {
                    " · your round"
                } else {
                    " · trading only"
                },
                if v.active { t.good() } else { t.dim() },
            ),
        ]));
    }
    if let Some(y) = &v.you {
        if !y.partners.is_empty() {
            let names: Vec<String> = y
                .partners
                .iter()
                .map(|s| format!("{} ({})", name(people, *s, me), s + 1))
                .collect();
            lines.extend(list_lines(
                t,
                "trade",
                &names,
                ",",
                t.title(),
                area.width.saturating_sub(3) as usize,
            ));
        }
        let bank = v.seat.and_then(|s| v.bank(s as usize / 2));
        let mut rows = vec![("hand", &y.hand)];
        rows.extend(bank.map(|b| ("bank", b)));
        let mut counts = hand_lines(t, &rows, area.width.saturating_sub(3) as usize).into_iter();
        lines.extend(counts.next());
        lines.extend(dev_cards_line(t, &y.dev_cards, " (next round)"));
        lines.extend(counts);
    }
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
    // Standings: everyone by public points.
    lines.push(Line::from(Span::styled(
        format!(
            " {:<15} {:>5} {:<4} {:>2} {:>5}",
            "standings", "board", "grp", "VP", "cards"
        ),
        t.dim(),
    )));
    // All of them: the panel scrolls (`<` `>`) where they do not fit.
    for (i, (s, vp)) in v.standings.iter().enumerate() {
        let Some(p) = v.player(*s) else { continue };
        let mut spans = vec![Span::styled(format!(" {:>2}. ", i + 1), t.dim())];
        let mut label = people.label(*s, t);
        let label_w: usize = label.iter().map(|x| x.width()).sum();
        spans.append(&mut label);
        spans.push(Span::raw(" ".repeat(11usize.saturating_sub(label_w))));
        spans.push(Span::styled(
            format!(" {:>5} {:<4}", p.board, p.group.name()),
            if v.group == Some(p.group) {
                t.good()
            } else {
                t.dim()
            },
        ));
        spans.push(Span::styled(format!(" {vp:>2} {:>5}", p.cards), t.title()));
        if p.ended && v.group == Some(p.group) {
            spans.push(Span::styled(" ✓", t.dim()));
        }
        lines.push(Line::from(spans));
    }
    // A hall lists its top places; the seat's own place follows when it is not among them.
    if let (Some(me), Some(you)) = (v.seat, v.you.as_ref())
        && !v.standings.iter().any(|(s, _)| *s == me)
        && v.standings.len() < v.boards * 2
    {
        lines.push(Line::from(Span::styled(
            format!(" you: place {} of {}", you.rank, v.boards * 2),
            t.title(),
        )));
    }
    let title = Line::from(vec![
        Span::styled(" Big Game ", t.title()),
        Span::styled(format!("· {} boards ", v.boards), t.dim()),
    ]);
    side_panel(t, title, lines, cx.panel_scroll, area, buf);
}

impl<'a> RulesetUi<'a> for BigGame<'a> {
    /// A round of your group; a discard on a 7 in another's round is a move.
    fn turn_call(&self, _cx: &Ctx) -> &'static str {
        if self.0.active {
            "Your round"
        } else {
            "Your move"
        }
    }

    /// Each group's round is its players' turn.
    fn moment(&self) -> Option<u32> {
        Some(self.0.round)
    }

    /// No dice to roll (every board shares the round's roll); ships on the spots Tab visits.
    fn action_keys(&self) -> Vec<(&'static str, &'static str)> {
        let mut v = vec![(
            "Tab, Enter",
            "the next spot where you may build (road, ship, settlement), and build there",
        )];
        v.extend_from_slice(crate::tui::screens::BUILD_TRADE_KEYS);
        v.push(("e", "done for this round"));
        v.push(("[ / ]", "bring the previous / next board into view"));
        v
    }

    fn phase_text(&self, _cx: &Ctx) -> String {
        phase_text(self.0)
    }

    fn prompt(&self, cx: &Ctx) -> (String, Style) {
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

    fn owed_discard(&self, seat: Seat) -> u32 {
        self.0.player(seat).map_or(0, |p| p.must_discard)
    }

    /// A build says what it lacks, or that the round is the other group's.
    fn why_not(&self, cx: &Ctx, v: Verb) -> Option<String> {
        let view = self.0;
        if cx.watching() || matches!(view.phase.as_str(), "over" | "setup") {
            return None;
        }
        if !matches!(v, Verb::Road | Verb::Settle | Verb::City | Verb::BuyDev) {
            return None;
        }
        let why = if !view.active {
            "Your group builds in its own round; in the other group's you may trade".to_string()
        } else {
            let hand = self.dialog_hand().unwrap_or_default();
            v.short_of(&hand)?.trim_end_matches('.').to_string()
        };
        Some(format!("{why}. {}", prompt(cx, view).0))
    }

    fn offers_dialog(&self, cx: &Ctx) -> Option<OffersDialog> {
        let hand = self.dialog_hand().unwrap_or_default();
        OffersDialog::from_offers(&self.0.offers, cx.legal, hand, &cx.people)
    }

    /// The seats this one may trade with (its trading partners across the boards).
    fn traders(&self) -> Option<Vec<Seat>> {
        self.0.you.as_ref().map(|y| y.partners.clone())
    }

    fn bank_rates(&self) -> Option<[u32; 5]> {
        self.0.you.as_ref().map(|y| y.bank_rates)
    }

    fn ships(&self) -> bool {
        true
    }
}

#[cfg(any(test, feature = "bench-sample"))]
impl crate::tui::sample::Sample {
    /// A Big Game of `boards` boards with "Ann" in seat 1 (Sun, board 1) and bots in the others.
    pub fn big(seed: u64, boards: usize, level: crate::tui::theme::ColorLevel) -> Self {
        let cfg = crate::variants::big_game::BigConfig::new(boards, seed);
        let game =
            crate::variants::Game::BigGame(crate::variants::big_game::BigGame::new(cfg).expect("a valid game"));
        Self::with_game(game, seed, &["Ann"], 2 * boards, level)
    }

    /// A Big Game as the hall display sees it: a spectator of the table (Ann sits idle).
    pub fn big_hall(seed: u64, boards: usize, level: crate::tui::theme::ColorLevel) -> Self {
        Self::big(seed, boards, level).watched(level)
    }
}
