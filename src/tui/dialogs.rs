//! Dialogs for every choice that is more than a place on the board: discarding on a 7, Year of
//! Plenty, Monopoly, the robber's victim, which card to play, trades with players or the bank,
//! and answering offers. Each one ends in a command string in the engine's language, which the
//! app sends as it is; keys are handled here without a terminal, so tests check the exact
//! strings.

use super::theme::Theme;
use super::widgets::{People, centered, panel};
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::moves::Move;
use crate::rules::devcards::DevCard;
use crate::rules::resources::{Resource, ResourceSet};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

/// What a key did to a dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Stay,
    Close,
    /// Send this command and close.
    Send(String),
    /// Replace this dialog by another (a card's own choice, a counter-offer).
    Open(Box<Dialog>),
}

/// A choice of how many of each resource: discards and Year of Plenty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickDialog {
    pub kind: PickKind,
    /// What may be picked from: the hand (discard) or the bank (Year of Plenty).
    pub avail: ResourceSet,
    pub pick: ResourceSet,
    /// Exactly this many.
    pub need: u32,
    pub row: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickKind {
    Discard,
    Plenty,
}

impl PickDialog {
    pub fn discard(hand: ResourceSet, need: u32) -> PickDialog {
        PickDialog {
            kind: PickKind::Discard,
            avail: hand,
            pick: ResourceSet::EMPTY,
            need,
            row: first_with(&hand),
        }
    }

    pub fn plenty(bank: ResourceSet) -> PickDialog {
        PickDialog {
            kind: PickKind::Plenty,
            avail: bank,
            pick: ResourceSet::EMPTY,
            need: 2,
            row: 0,
        }
    }

    /// The command, once exactly `need` cards are picked.
    pub fn command(&self) -> Option<String> {
        (self.pick.total() == self.need).then(|| match self.kind {
            PickKind::Discard => format!("discard {}", self.pick),
            PickKind::Plenty => format!("play plenty {}", self.pick),
        })
    }

    fn set(&mut self, r: Resource, n: u32) {
        let others = self.pick.total() - self.pick[r];
        self.pick[r] = n.min(self.avail[r]).min(self.need.saturating_sub(others));
    }

    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        let r = Resource::ALL[self.row];
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.row = (self.row + 4) % 5,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.row = (self.row + 1) % 5,
            KeyCode::Right | KeyCode::Char('l' | '+' | '=') => self.set(r, self.pick[r] + 1),
            KeyCode::Left | KeyCode::Char('h' | '-') => self.set(r, self.pick[r].saturating_sub(1)),
            KeyCode::Char(c) if c.is_ascii_digit() => self.set(r, c as u32 - '0' as u32),
            KeyCode::Enter => {
                return match self.command() {
                    Some(c) => Outcome::Send(c),
                    None => Outcome::Stay,
                };
            }
            KeyCode::Esc => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }

    fn lines(&self, theme: &Theme) -> (String, Vec<Line<'static>>) {
        let (title, have) = match self.kind {
            PickKind::Discard => (format!(" Seven! Discard {} cards ", self.need), "you have"),
            PickKind::Plenty => (" Year of Plenty: take 2 cards ".to_string(), "bank has"),
        };
        let mut out = vec![
            Line::from(vec![
                Span::styled(format!("  {:<8}", "resource"), theme.dim()),
                Span::styled(
                    format!(
                        "  {:^7}  {have}",
                        match self.kind {
                            PickKind::Discard => "discard",
                            PickKind::Plenty => "take",
                        }
                    ),
                    theme.dim(),
                ),
            ]),
            Line::raw(""),
        ];
        for (i, r) in Resource::ALL.into_iter().enumerate() {
            out.push(count_row(
                theme,
                i == self.row,
                r,
                self.pick[r],
                self.avail[r],
            ));
        }
        out.push(Line::raw(""));
        let status = if self.pick.total() == self.need {
            Span::styled(
                format!("  Enter sends: {}", self.command().unwrap_or_default()),
                theme.good(),
            )
        } else {
            Span::styled(
                format!("  Chosen {} of {}", self.pick.total(), self.need),
                theme.warn(),
            )
        };
        out.push(Line::from(status));
        (title, out)
    }
}

fn first_with(set: &ResourceSet) -> usize {
    Resource::ALL.iter().position(|r| set[*r] > 0).unwrap_or(0)
}

fn count_row(theme: &Theme, selected: bool, r: Resource, n: u32, have: u32) -> Line<'static> {
    let marker = if selected { "▶ " } else { "  " };
    let count = if selected {
        Span::styled(format!("  ◀ {n:>2} ▶ "), theme.selected())
    } else {
        Span::raw(format!("    {n:>2}   "))
    };
    Line::from(vec![
        Span::raw(marker),
        Span::styled(format!("{:<8}", r.name()), theme.resource(r)),
        count,
        Span::styled(format!("   {have:>2}"), theme.dim()),
    ])
}

/// A list of labelled commands to choose one from (the robber's victim, Monopoly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDialog {
    pub title: String,
    /// What to say above the list.
    pub prompt: String,
    /// Labels and the command each sends.
    pub items: Vec<(String, String)>,
    pub row: usize,
    /// The digits typed so far of an item's number (`1` of `12`, in a list of more than 9).
    pub typed: String,
}

impl ListDialog {
    /// Whom to rob on a hex: one line per victim.
    pub fn victims(hex: &str, items: Vec<(String, String)>) -> ListDialog {
        ListDialog {
            title: format!(" Robber on {hex}: whom to rob? "),
            prompt: "Steal one random card from:".into(),
            items,
            row: 0,
            typed: String::new(),
        }
    }

    /// Monopoly: one line per resource.
    pub fn monopoly(options: &[Resource]) -> ListDialog {
        ListDialog {
            title: " Monopoly ".into(),
            prompt: "Every other player gives you all their cards of:".into(),
            items: options
                .iter()
                .map(|r| (r.name().to_string(), format!("play monopoly {}", r.name())))
                .collect(),
            row: 0,
            typed: String::new(),
        }
    }

    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        let n = self.items.len().max(1);
        if let KeyCode::Char(c) = k.code
            && c.is_ascii_digit()
        {
            return self.digit(c);
        }
        self.typed.clear();
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.row = (self.row + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.row = (self.row + 1) % n,
            KeyCode::PageDown => self.row = (self.row + 10).min(n - 1),
            KeyCode::PageUp => self.row = self.row.saturating_sub(10),
            KeyCode::Home => self.row = 0,
            KeyCode::End => self.row = n - 1,
            KeyCode::Enter => {
                if let Some((_, cmd)) = self.items.get(self.row) {
                    return Outcome::Send(cmd.clone());
                }
            }
            KeyCode::Esc => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }

    /// A digit of an item's number: the item is sent as soon as no longer number starts with
    /// the digits typed (`2` in a list of 15), else it is chosen and the next digit or Enter
    /// decides (`1`, then `2` for 12 or Enter for 1). A digit that fits no number starts anew.
    fn digit(&mut self, c: char) -> Outcome {
        let n = self.items.len();
        let number = |t: &str| t.parse::<usize>().ok().filter(|k| (1..=n).contains(k));
        let typed = format!("{}{c}", self.typed);
        let (typed, k) = match number(&typed) {
            Some(k) => (typed, k),
            None => match number(&c.to_string()) {
                Some(k) => (c.to_string(), k),
                None => return Outcome::Stay,
            },
        };
        if k * 10 > n {
            self.typed.clear();
            return Outcome::Send(self.items[k - 1].1.clone());
        }
        self.row = k - 1;
        self.typed = typed;
        Outcome::Stay
    }

    /// The prompt and the items, at most `rows` of them: a window that keeps the chosen
    /// one in view, with how many lie above and below.
    fn lines(&self, theme: &Theme, rows: usize) -> Vec<Line<'static>> {
        let mut out = vec![Line::raw(format!("  {}", self.prompt))];
        // The digits typed so far, while the next one may make a longer number.
        out.push(if self.typed.is_empty() {
            Line::raw("")
        } else {
            Line::from(Span::styled(
                format!(
                    "  {}… (a digit more, or Enter for {})",
                    self.typed, self.typed
                ),
                theme.dim(),
            ))
        });
        let n = self.items.len();
        let rows = rows.max(3);
        let (start, end) = if n <= rows {
            (0, n)
        } else {
            // Two rows tell what lies beyond the window.
            let shown = rows - 2;
            let start = self.row.saturating_sub(shown / 2).min(n - shown);
            (start, start + shown)
        };
        // The window's rows stay put as it moves; an end with nothing beyond it says nothing.
        if n > rows {
            out.push(match start {
                0 => Line::raw(""),
                _ => Line::from(Span::styled(
                    format!("   ↑ {start} more (PgUp, Home)"),
                    theme.dim(),
                )),
            });
        }
        let digits = n.to_string().len();
        for (i, (label, _)) in self.items.iter().enumerate().take(end).skip(start) {
            let text = format!(" {:>digits$} {label} ", i + 1);
            out.push(if i == self.row {
                Line::from(vec![Span::raw("▶"), Span::styled(text, theme.selected())])
            } else {
                Line::from(vec![Span::raw(" "), Span::raw(text)])
            });
        }
        if n > rows {
            out.push(match n - end {
                0 => Line::raw(""),
                more => Line::from(Span::styled(
                    format!("   ↓ {more} more (PgDn, End)"),
                    theme.dim(),
                )),
            });
        }
        out
    }
}

/// One development card in the play menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayItem {
    pub label: String,
    /// Why it cannot be played, when it cannot.
    pub note: Option<String>,
    pub then: PlayThen,
}

/// What choosing a card does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayThen {
    Send(String),
    Plenty(ResourceSet),
    Monopoly(Vec<Resource>),
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayDialog {
    pub items: Vec<PlayItem>,
    pub row: usize,
}

impl PlayDialog {
    /// The play menu of a ruleset whose view the menu does not read: each legal card play is a
    /// choice, under its card's name, so `p` plays a card there as in base. The card comes from
    /// the typed move, the rest of the choice (a knight's hex, the cards of a Year of Plenty)
    /// from the command as the host wrote it.
    pub fn from_legal(st: &ClientState) -> Option<PlayDialog> {
        let items: Vec<PlayItem> = st
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

    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        let n = self.items.len().max(1);
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.row = (self.row + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.row = (self.row + 1) % n,
            KeyCode::Enter => {
                return match self.items.get(self.row).map(|i| &i.then) {
                    Some(PlayThen::Send(c)) => Outcome::Send(c.clone()),
                    Some(PlayThen::Plenty(bank)) => {
                        Outcome::Open(Box::new(Dialog::Pick(PickDialog::plenty(*bank))))
                    }
                    Some(PlayThen::Monopoly(opts)) => {
                        Outcome::Open(Box::new(Dialog::List(ListDialog::monopoly(opts))))
                    }
                    _ => Outcome::Stay,
                };
            }
            KeyCode::Esc => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }

    fn lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut out = vec![Line::raw("  Which card?"), Line::raw("")];
        for (i, it) in self.items.iter().enumerate() {
            let playable = it.note.is_none();
            let text = format!(" {:<16}", it.label);
            let mut spans = vec![Span::raw(if i == self.row { "▶" } else { " " })];
            spans.push(if i == self.row {
                Span::styled(text, theme.selected())
            } else if playable {
                Span::styled(text, theme.title())
            } else {
                Span::styled(text, theme.dim())
            });
            if let Some(n) = &it.note {
                spans.push(Span::styled(format!(" {n}"), theme.dim()));
            }
            out.push(Line::from(spans));
        }
        out
    }
}

/// Whom a trade goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partner {
    Bank,
    Everyone,
    Seat(Seat),
}

/// Proposing a trade to players or the bank, or countering an offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeDialog {
    pub partners: Vec<Partner>,
    pub partner: usize,
    /// Countering offer `id` made by a seat.
    pub counter: Option<(u32, Seat)>,
    pub give: ResourceSet,
    pub get: ResourceSet,
    pub hand: ResourceSet,
    /// Cards given to the bank for one, per resource.
    pub rates: [u32; 5],
    /// Row 0 is the partner, rows 1 to 5 the resources.
    pub row: usize,
    /// 0: what you give, 1: what you get.
    pub col: usize,
    pub people: People,
    /// Why the last count asked for was not taken (more cards than the hand holds, fewer
    /// than the bank's rate), until the next key.
    pub refused: Option<String>,
}

impl TradeDialog {
    pub fn new(
        partners: Vec<Partner>,
        hand: ResourceSet,
        rates: [u32; 5],
        people: People,
    ) -> TradeDialog {
        TradeDialog {
            partners,
            partner: 0,
            counter: None,
            give: ResourceSet::EMPTY,
            get: ResourceSet::EMPTY,
            hand,
            rates,
            row: 1,
            col: 0,
            people,
            refused: None,
        }
    }

    /// A counter-offer to offer `id` from `from`, starting from its terms turned round.
    pub fn counter(
        id: u32,
        from: Seat,
        they_give: ResourceSet,
        they_get: ResourceSet,
        hand: ResourceSet,
        people: People,
    ) -> TradeDialog {
        TradeDialog {
            partners: vec![Partner::Seat(from)],
            partner: 0,
            counter: Some((id, from)),
            give: they_get,
            get: they_give,
            hand,
            rates: [4; 5],
            row: 1,
            col: 0,
            people,
            refused: None,
        }
    }

    pub fn partner(&self) -> Partner {
        self.partners
            .get(self.partner)
            .copied()
            .unwrap_or(Partner::Everyone)
    }

    /// What is wrong with the trade as it stands, if anything.
    pub fn problem(&self) -> Option<String> {
        if self.give.is_empty() || self.get.is_empty() {
            return Some("choose what you give and what you get".into());
        }
        if Resource::ALL
            .iter()
            .any(|r| self.give[*r] > 0 && self.get[*r] > 0)
        {
            return Some("a resource cannot be on both sides".into());
        }
        if !self.hand.contains(&self.give) {
            return Some("you do not have those cards".into());
        }
        if self.partner() == Partner::Bank {
            let (r, n) = self.give.iter().next()?;
            let rate = self.rates[r as usize];
            if self.give.kinds() != 1 || n != rate || self.get.total() != 1 {
                return Some(format!(
                    "the bank takes {rate} {r} for 1 card (one trade at a time)"
                ));
            }
        }
        None
    }

    /// The command as it stands.
    pub fn command(&self) -> String {
        match (self.counter, self.partner()) {
            (Some((id, _)), _) => format!("counter {id} {} for {}", self.give, self.get),
            (None, Partner::Bank) => format!("bank {} for {}", self.give, self.get),
            (None, Partner::Everyone) => format!("offer {} for {}", self.give, self.get),
            (None, Partner::Seat(s)) => {
                format!("offer {} for {} to {}", self.give, self.get, s + 1)
            }
        }
    }

    fn set(&mut self, n: u32) {
        let r = Resource::ALL[self.row - 1];
        let bank = self.partner() == Partner::Bank;
        if self.col == 0 {
            let have = self.hand[r];
            let n = if bank {
                // The bank takes whole lots of your rate, one trade at a time.
                let rate = self.rates[r as usize];
                if n > 0 && have < rate {
                    self.refused = Some(format!(
                        "the bank takes {rate} {r} for 1 card, and you have {have}"
                    ));
                }
                if n == 0 || have < rate { 0 } else { rate }
            } else {
                if n > have {
                    self.refused = Some(format!("you have {have} {r}"));
                }
                n.min(have)
            };
            if bank && n > 0 {
                self.give = ResourceSet::EMPTY;
            }
            self.give[r] = n;
            if n > 0 {
                self.get[r] = 0;
            }
        } else {
            if bank && n > 1 {
                self.refused = Some("the bank gives 1 card a trade".into());
            }
            let n = if bank { n.min(1) } else { n.min(19) };
            if bank && n > 0 {
                self.get = ResourceSet::EMPTY;
            }
            self.get[r] = n;
            if n > 0 {
                self.give[r] = 0;
            }
        }
    }

    fn current(&self) -> u32 {
        let r = Resource::ALL[self.row - 1];
        if self.col == 0 {
            self.give[r]
        } else {
            self.get[r]
        }
    }

    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        let n = self.partners.len().max(1);
        self.refused = None;
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => {
                let top = if self.counter.is_some() { 1 } else { 0 };
                if self.row > top {
                    self.row -= 1;
                }
            }
            KeyCode::Down | KeyCode::Char('j') => self.row = (self.row + 1).min(5),
            KeyCode::Left | KeyCode::Char('h') if self.row == 0 => {
                self.partner = (self.partner + n - 1) % n;
                self.clamp_to_partner();
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Tab if self.row == 0 => {
                self.partner = (self.partner + 1) % n;
                self.clamp_to_partner();
            }
            KeyCode::Left | KeyCode::Char('h') => self.col = 0,
            KeyCode::Right | KeyCode::Char('l') => self.col = 1,
            KeyCode::Tab => self.col = 1 - self.col,
            KeyCode::Char('+' | '=' | ' ') if self.row > 0 => self.set(self.current() + 1),
            KeyCode::Char('-') if self.row > 0 => self.set(self.current().saturating_sub(1)),
            KeyCode::Char(c) if self.row > 0 && c.is_ascii_digit() => {
                self.set(c as u32 - '0' as u32)
            }
            KeyCode::Enter if self.problem().is_none() => return Outcome::Send(self.command()),
            KeyCode::Esc => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }

    /// Switching to the bank keeps only what a bank trade can hold.
    fn clamp_to_partner(&mut self) {
        if self.partner() == Partner::Bank {
            let give = self.give.iter().next();
            let get = self.get.iter().next();
            self.give = ResourceSet::EMPTY;
            self.get = ResourceSet::EMPTY;
            if let Some((r, _)) = give {
                let rate = self.rates[r as usize];
                if self.hand[r] >= rate {
                    self.give[r] = rate;
                }
            }
            if let Some((r, _)) = get
                && self.give[r] == 0
            {
                self.get[r] = 1;
            }
        }
    }

    fn partner_label(&self, p: Partner, theme: &Theme) -> Vec<Span<'static>> {
        match p {
            Partner::Bank => vec![Span::styled("the bank", theme.title())],
            Partner::Everyone => vec![Span::styled("every player", theme.title())],
            Partner::Seat(s) => self.people.label(s, theme),
        }
    }

    fn lines(&self, theme: &Theme) -> (String, Vec<Line<'static>>) {
        let title = match self.counter {
            Some((id, from)) => format!(" Counter offer {id} to {} ", self.people.name(from)),
            None => " Trade ".to_string(),
        };
        let mut out = Vec::new();
        let mut with = vec![Span::raw(if self.row == 0 { "▶ " } else { "  " })];
        with.push(Span::styled("With:  ", theme.dim()));
        if self.partners.len() > 1 {
            with.push(Span::styled("◀ ", theme.key()));
        }
        let mut label = self.partner_label(self.partner(), theme);
        if self.row == 0 {
            label = label
                .into_iter()
                .map(|s| Span::styled(s.content, theme.selected()))
                .collect();
        }
        with.extend(label);
        if self.partners.len() > 1 {
            with.push(Span::styled(" ▶", theme.key()));
            with.push(Span::styled(
                format!("  ({} of {})", self.partner + 1, self.partners.len()),
                theme.dim(),
            ));
        }
        out.push(Line::from(with));
        out.push(Line::raw(""));
        let bank = self.partner() == Partner::Bank;
        out.push(Line::from(Span::styled(
            format!(
                "  {:<8}  {:^10}  {:^10}  {:>4}{}",
                "",
                "you give",
                "you get",
                "have",
                if bank { "  rate" } else { "" }
            ),
            theme.dim(),
        )));
        for (i, r) in Resource::ALL.into_iter().enumerate() {
            let row = i + 1;
            let sel = self.row == row;
            let cell = |col: usize, n: u32| {
                if sel && self.col == col {
                    Span::styled(format!("  ◀ {n:>2} ▶  "), theme.selected())
                } else if n == 0 {
                    Span::styled("     ·    ".to_string(), theme.dim())
                } else {
                    Span::styled(format!("    {n:>2}    "), theme.title())
                }
            };
            let mut spans = vec![
                Span::raw(if sel { "▶ " } else { "  " }),
                Span::styled(format!("{:<8}", r.name()), theme.resource(r)),
                Span::raw("  "),
                cell(0, self.give[r]),
                Span::raw("  "),
                cell(1, self.get[r]),
                Span::styled(format!("  {:>4}", self.hand[r]), theme.dim()),
            ];
            if bank {
                spans.push(Span::styled(
                    format!("  {}:1", self.rates[r as usize]),
                    theme.dim(),
                ));
            }
            out.push(Line::from(spans));
        }
        out.push(Line::raw(""));
        out.push(match (&self.refused, self.problem()) {
            (Some(why), _) => Line::from(Span::styled(format!("  {why}"), theme.warn())),
            (None, None) => Line::from(Span::styled(
                format!("  Enter sends: {}", self.command()),
                theme.good(),
            )),
            (None, Some(p)) => Line::from(Span::styled(format!("  {p}"), theme.warn())),
        });
        (title, out)
    }
}

/// One offer in the answer dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRow {
    pub id: u32,
    pub from: Seat,
    pub to: Option<Seat>,
    /// What the proposer gives and wants.
    pub give: ResourceSet,
    pub get: ResourceSet,
    pub can_accept: bool,
    pub can_decline: bool,
    /// Your own offer, which you may withdraw.
    pub can_cancel: bool,
}

/// Answering the offers on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffersDialog {
    pub rows: Vec<OfferRow>,
    pub row: usize,
    pub hand: ResourceSet,
    pub people: People,
}

impl OffersDialog {
    /// The answer dialog over the offers on the table of any ruleset that trades with the
    /// shared offers (`None` when there is none): what each allows comes from the legal
    /// commands, `hand` shows what accepting would cost.
    pub fn from_offers(
        offers: &[crate::rules::trade::Offer],
        legal: &super::legal::LegalIndex,
        hand: ResourceSet,
        people: &People,
    ) -> Option<OffersDialog> {
        if offers.is_empty() {
            return None;
        }
        let rows = offers
            .iter()
            .map(|o| OfferRow {
                id: o.id,
                from: o.from,
                to: o.to,
                give: o.give,
                get: o.get,
                can_accept: legal.accept.contains(&o.id),
                can_decline: legal.decline.contains(&o.id),
                can_cancel: legal.cancel.contains(&o.id),
            })
            .collect();
        Some(OffersDialog {
            rows,
            row: 0,
            hand,
            people: people.clone(),
        })
    }

    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        let n = self.rows.len().max(1);
        let Some(o) = self.rows.get(self.row.min(n - 1)).cloned() else {
            return if k.code == KeyCode::Esc {
                Outcome::Close
            } else {
                Outcome::Stay
            };
        };
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.row = (self.row + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.row = (self.row + 1) % n,
            KeyCode::Enter | KeyCode::Char('y' | 'a') if o.can_accept => {
                return Outcome::Send(format!("accept {}", o.id));
            }
            KeyCode::Char('n' | 'd') if o.can_decline => {
                return Outcome::Send(format!("decline {}", o.id));
            }
            KeyCode::Char('x') if o.can_cancel => {
                return Outcome::Send(format!("cancel {}", o.id));
            }
            KeyCode::Char('c') if o.can_decline || o.can_accept => {
                return Outcome::Open(Box::new(Dialog::Trade(TradeDialog::counter(
                    o.id,
                    o.from,
                    o.give,
                    o.get,
                    self.hand,
                    self.people.clone(),
                ))));
            }
            KeyCode::Esc => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }

    fn lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        if self.rows.is_empty() {
            out.push(Line::raw("  No offers are open."));
            return out;
        }
        for (i, o) in self.rows.iter().enumerate() {
            let sel = i == self.row;
            let mut spans = vec![Span::raw(if sel { "▶ " } else { "  " })];
            spans.push(Span::styled(format!("#{:<3}", o.id), theme.dim()));
            spans.extend(self.people.label(o.from, theme));
            spans.push(Span::raw(" gives "));
            spans.push(Span::styled(o.give.to_string(), theme.good()));
            spans.push(Span::raw(" for "));
            spans.push(Span::styled(o.get.to_string(), theme.warn()));
            match o.to {
                Some(t) => {
                    spans.push(Span::raw(" → "));
                    spans.extend(self.people.label(t, theme));
                }
                None => spans.push(Span::styled(" → everyone", theme.dim())),
            }
            let line = Line::from(spans);
            out.push(if sel {
                line.patch_style(
                    ratatui::style::Style::new().add_modifier(ratatui::style::Modifier::BOLD),
                )
            } else {
                line
            });
            let mut can = Vec::new();
            if o.can_accept {
                can.push("y accept");
            } else if o.can_decline {
                can.push("(you lack the cards to accept)");
            }
            if o.can_decline {
                can.push("n decline");
                can.push("c counter");
            }
            if o.can_cancel {
                can.push("x withdraw");
            }
            if can.is_empty() {
                can.push("waiting for answers");
            }
            out.push(Line::from(Span::styled(
                format!("        {}", can.join("  ·  ")),
                if sel { theme.key() } else { theme.dim() },
            )));
        }
        out
    }
}

/// Any dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    Pick(PickDialog),
    List(ListDialog),
    Play(PlayDialog),
    Trade(TradeDialog),
    Offers(OffersDialog),
}

impl Dialog {
    pub fn key(&mut self, k: &KeyEvent) -> Outcome {
        match self {
            Dialog::Pick(d) => d.key(k),
            Dialog::List(d) => d.key(k),
            Dialog::Play(d) => d.key(k),
            Dialog::Trade(d) => d.key(k),
            Dialog::Offers(d) => d.key(k),
        }
    }

    /// The keys, for the dialog's bottom line.
    fn hints(&self) -> &'static str {
        match self {
            Dialog::Pick(_) => "↑↓ resource  ←→ or +/- or 0-9 count  Enter send  Esc later",
            Dialog::List(_) => "↑↓ choose  Enter or its number sends  Esc back",
            Dialog::Play(_) => "↑↓ choose  Enter play  Esc back",
            Dialog::Trade(_) => "↑↓ row  ←→ partner or side  +/- 0-9 count  Enter send  Esc cancel",
            Dialog::Offers(_) => "↑↓ offer  y accept  n decline  c counter  x withdraw  Esc close",
        }
    }

    /// Draws the dialog centred in `area`.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let (title, mut lines, width) = match self {
            Dialog::Pick(d) => {
                let (t, l) = d.lines(theme);
                (t, l, 52)
            }
            // The frame, the prompt, a blank line and the hints take 6 rows.
            Dialog::List(d) => (
                d.title.clone(),
                d.lines(theme, area.height.saturating_sub(6) as usize),
                56,
            ),
            Dialog::Play(d) => (" Play a development card ".into(), d.lines(theme), 60),
            Dialog::Trade(d) => {
                let (t, l) = d.lines(theme);
                (t, l, 74)
            }
            Dialog::Offers(d) => (" Offers ".into(), d.lines(theme), 84),
        };
        lines.push(Line::raw(""));
        lines.push(Line::from(Span::styled(
            format!("  {}", self.hints()),
            theme.dim(),
        )));
        let height = lines.len() as u16 + 2;
        let rect = centered(area, width, height);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(panel(theme, Span::styled(title, theme.title()), true))
            .render(rect, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    fn k(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    fn people() -> People {
        People {
            names: vec!["Ann".into(), "Bob".into(), "Cy".into()],
            letters: vec!['r', 'b', 'w'],
            colors: vec!["red".into(), "blue".into(), "white".into()],
        }
    }

    #[test]
    fn discard_picks_exactly_n() {
        // 3 lumber, 2 wool, 4 ore; owes 4.
        let mut d = PickDialog::discard(ResourceSet::new(3, 0, 2, 0, 4), 4);
        assert_eq!(d.row, 0, "starts on the first resource held");
        assert_eq!(d.key(&k(KeyCode::Enter)), Outcome::Stay, "not yet 4");
        d.key(&k(KeyCode::Char('9')));
        assert_eq!(d.pick[Resource::Lumber], 3, "no more than held");
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Right));
        assert_eq!(d.pick[Resource::Brick], 0, "none held");
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Right));
        d.key(&k(KeyCode::Right));
        assert_eq!(d.pick.total(), 4, "stops at the number owed");
        d.key(&k(KeyCode::Up));
        d.key(&k(KeyCode::Up));
        d.key(&k(KeyCode::Left));
        assert_eq!(d.pick.total(), 3);
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Char('+')));
        assert_eq!(
            d.key(&k(KeyCode::Enter)),
            Outcome::Send("discard 2 lumber 1 wool 1 ore".into())
        );
    }

    #[test]
    fn plenty_and_monopoly_commands() {
        let mut d = PickDialog::plenty(ResourceSet::uniform(19));
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Down));
        d.key(&k(KeyCode::Char('2')));
        assert_eq!(
            d.key(&k(KeyCode::Enter)),
            Outcome::Send("play plenty 2 wool".into())
        );
        let mut long = ListDialog {
            title: String::new(),
            prompt: String::new(),
            items: (1..=15)
                .map(|i| (i.to_string(), format!("item {i}")))
                .collect(),
            row: 0,
            typed: String::new(),
        };
        assert_eq!(
            long.key(&k(KeyCode::Char('2'))),
            Outcome::Send("item 2".into())
        );
        assert_eq!(long.key(&k(KeyCode::Char('1'))), Outcome::Stay, "1 or 1x");
        assert_eq!(long.row, 0);
        let theme = Theme::new(crate::tui::theme::ColorLevel::None);
        let shown: Vec<String> = long
            .lines(&theme, 30)
            .iter()
            .map(|l| l.to_string())
            .collect();
        assert!(
            shown[1].contains("1… (a digit more, or Enter for 1)"),
            "{shown:?}"
        );
        assert!(
            shown.iter().any(|l| l == "   9 9 "),
            "numbers right-aligned: {shown:?}"
        );
        assert!(shown.iter().any(|l| l == "  10 10 "), "{shown:?}");
        assert_eq!(
            long.key(&k(KeyCode::Char('2'))),
            Outcome::Send("item 12".into())
        );
        long.key(&k(KeyCode::Char('1')));
        assert_eq!(long.key(&k(KeyCode::Enter)), Outcome::Send("item 1".into()));
        long.key(&k(KeyCode::Char('1')));
        assert_eq!(
            long.key(&k(KeyCode::Char('7'))),
            Outcome::Send("item 7".into()),
            "no item 17: the 7 starts anew"
        );
        assert_eq!(long.key(&k(KeyCode::Char('0'))), Outcome::Stay);
        let mut m = ListDialog::monopoly(&Resource::ALL);
        m.key(&k(KeyCode::Down));
        m.key(&k(KeyCode::Down));
        m.key(&k(KeyCode::Down));
        assert_eq!(
            m.key(&k(KeyCode::Enter)),
            Outcome::Send("play monopoly grain".into())
        );
    }

    #[test]
    fn trade_with_a_player_and_the_bank() {
        let hand = ResourceSet::new(1, 0, 5, 0, 0);
        let mut t = TradeDialog::new(
            vec![
                Partner::Everyone,
                Partner::Seat(1),
                Partner::Seat(2),
                Partner::Bank,
            ],
            hand,
            [4, 4, 3, 4, 4],
            people(),
        );
        // Give 2 wool, get 1 ore, to Bob.
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Char('2')));
        t.key(&k(KeyCode::Right));
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Char('+')));
        assert_eq!(t.command(), "offer 2 wool for 1 ore");
        for _ in 0..5 {
            t.key(&k(KeyCode::Up));
        }
        t.key(&k(KeyCode::Right));
        assert_eq!(
            t.key(&k(KeyCode::Enter)),
            Outcome::Send("offer 2 wool for 1 ore to 2".into())
        );
        // The bank: wool at 3:1.
        t.key(&k(KeyCode::Right));
        t.key(&k(KeyCode::Right));
        assert_eq!(t.partner(), Partner::Bank);
        assert_eq!(t.give, ResourceSet::new(0, 0, 3, 0, 0), "a whole lot");
        assert_eq!(
            t.key(&k(KeyCode::Enter)),
            Outcome::Send("bank 3 wool for 1 ore".into())
        );
        // Lumber is 1 of 4 needed: no lot.
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Left));
        t.key(&k(KeyCode::Char('+')));
        assert_eq!(t.give[Resource::Lumber], 0);
        // ...and the dialog says why, until the next key.
        let said = |t: &TradeDialog| {
            let (_, lines) = t.lines(&Theme::new(crate::tui::theme::ColorLevel::None));
            lines.last().map(|l| l.to_string()).unwrap_or_default()
        };
        assert_eq!(
            said(&t),
            "  the bank takes 4 lumber for 1 card, and you have 1"
        );
        t.key(&k(KeyCode::Right));
        t.key(&k(KeyCode::Char('3')));
        assert_eq!(said(&t), "  the bank gives 1 card a trade");
        // A player's trade: no more than the hand holds.
        for _ in 0..5 {
            t.key(&k(KeyCode::Up));
        }
        t.key(&k(KeyCode::Right));
        t.key(&k(KeyCode::Down));
        t.key(&k(KeyCode::Left));
        t.key(&k(KeyCode::Char('3')));
        assert_eq!(t.give[Resource::Lumber], 1);
        assert_eq!(said(&t), "  you have 1 lumber");
        t.key(&k(KeyCode::Down));
        assert_ne!(said(&t), "  you have 1 lumber", "gone at the next key");
    }

    /// A long list shows a window of it; an end with nothing beyond says nothing.
    #[test]
    fn a_long_list_says_what_lies_beyond_its_window_only_when_something_does() {
        let mut d = ListDialog {
            title: String::new(),
            prompt: "Pick:".into(),
            items: (1..=20)
                .map(|i| (format!("item {i}"), format!("cmd {i}")))
                .collect(),
            row: 0,
            typed: String::new(),
        };
        let theme = Theme::new(crate::tui::theme::ColorLevel::None);
        let text = |d: &ListDialog| -> Vec<String> {
            d.lines(&theme, 8).iter().map(|l| l.to_string()).collect()
        };
        let top = text(&d);
        assert!(!top.iter().any(|l| l.contains('↑')), "{top:?}");
        assert!(top.iter().any(|l| l.contains("↓ 14 more")), "{top:?}");
        d.key(&k(KeyCode::End));
        let bottom = text(&d);
        assert!(bottom.iter().any(|l| l.contains("↑ 14 more")), "{bottom:?}");
        assert!(!bottom.iter().any(|l| l.contains('↓')), "{bottom:?}");
        assert_eq!(top.len(), bottom.len(), "the window keeps its rows");
    }

    #[test]
    fn trade_refuses_nonsense() {
        let mut t = TradeDialog::new(
            vec![Partner::Everyone],
            ResourceSet::new(1, 0, 0, 0, 0),
            [4; 5],
            people(),
        );
        assert!(t.problem().is_some());
        assert_eq!(t.key(&k(KeyCode::Enter)), Outcome::Stay);
        t.key(&k(KeyCode::Char('1')));
        t.key(&k(KeyCode::Right));
        t.key(&k(KeyCode::Char('1')));
        // Asking for lumber while giving lumber moves it to the other side.
        assert_eq!(t.give, ResourceSet::EMPTY);
        assert_eq!(t.get, ResourceSet::new(1, 0, 0, 0, 0));
    }

    #[test]
    fn offers_answer_and_counter() {
        let mut d = OffersDialog {
            rows: vec![
                OfferRow {
                    id: 3,
                    from: 1,
                    to: Some(0),
                    give: ResourceSet::new(0, 1, 0, 0, 0),
                    get: ResourceSet::new(0, 0, 1, 0, 0),
                    can_accept: true,
                    can_decline: true,
                    can_cancel: false,
                },
                OfferRow {
                    id: 4,
                    from: 0,
                    to: None,
                    give: ResourceSet::new(1, 0, 0, 0, 0),
                    get: ResourceSet::new(0, 0, 0, 0, 1),
                    can_accept: false,
                    can_decline: false,
                    can_cancel: true,
                },
            ],
            row: 0,
            hand: ResourceSet::new(1, 0, 2, 0, 0),
            people: people(),
        };
        assert_eq!(
            d.key(&k(KeyCode::Char('y'))),
            Outcome::Send("accept 3".into())
        );
        assert_eq!(
            d.key(&k(KeyCode::Char('n'))),
            Outcome::Send("decline 3".into())
        );
        let Outcome::Open(c) = d.key(&k(KeyCode::Char('c'))) else {
            panic!("counter opens a trade dialog");
        };
        let Dialog::Trade(mut c) = *c else {
            panic!("a trade dialog");
        };
        assert_eq!(c.command(), "counter 3 1 wool for 1 brick");
        c.key(&k(KeyCode::Char('2')));
        assert_eq!(
            c.key(&k(KeyCode::Enter)),
            Outcome::Send("counter 3 1 lumber 1 wool for 1 brick".into())
        );
        d.key(&k(KeyCode::Down));
        assert_eq!(d.key(&k(KeyCode::Char('y'))), Outcome::Stay);
        assert_eq!(
            d.key(&k(KeyCode::Char('x'))),
            Outcome::Send("cancel 4".into())
        );
    }

    #[test]
    fn victims_by_number() {
        let mut d = ListDialog::victims(
            "E",
            vec![
                ("b Bob (3 cards)".into(), "robber E steal 2".into()),
                ("w Cy (5 cards)".into(), "robber E steal 3".into()),
            ],
        );
        assert_eq!(
            d.key(&k(KeyCode::Char('2'))),
            Outcome::Send("robber E steal 3".into())
        );
        assert_eq!(
            d.key(&k(KeyCode::Enter)),
            Outcome::Send("robber E steal 2".into())
        );
    }
}
