//! The app: the UI's own state (cursor, chosen action, dialogs, command line, scroll) beside
//! the client cores it shows, and the handlers that turn keys, clicks, host messages and clock
//! ticks into new state and [`Effect`]s. No terminal here: the loop in [`super::run`] performs
//! the effects, and rendering ([`super::ui`]) reads the state.
//!
//! One app holds one [`Session`] per person at this terminal: one for `join` and `host`,
//! several in the hot-seat mode, where the screen follows the seat that must act and hides
//! hands behind a "pass to" screen when the keyboard changes hands.

use super::board::{self, Viewport};
use super::dialogs::{
    Dialog, ListDialog, OfferRow, OffersDialog, Outcome, Partner, PickDialog, PlayDialog, PlayItem,
    PlayThen, TradeDialog,
};
use super::input::{Dir, Intent, LineEditor, LineEvent, Verb, is_force_quit, map_key};
use super::layout::{self, Areas, Needs};
use super::legal::{BoardAction, LegalIndex};
use super::lines::res_name;
use super::ruleset::{Ctx, RulesetUi};
use super::rulesets::{self, overlay};
use super::theme::Theme;
use super::widgets::People;
use crate::board::Map;
use crate::board::render::{Picture, RenderOptions, Target, render};
use crate::client::overlay::seat_letter;
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::{ClientMsg, ServerMsg};
use crate::rules::costs;
use crate::rules::devcards::DevCard;
use crate::rules::resources::ResourceSet;
use crate::rules::words::cap;
use crate::variants::base::BaseView;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use std::sync::Arc;
use std::time::Instant;

/// One person's connection as the app sees it.
pub struct Session {
    /// The name this person said hello with.
    pub name: String,
    /// Everything the host told this connection.
    pub st: ClientState,
    /// Numbers this connection's commands.
    pub seq: u32,
    /// The turn in which the game last waited for this person, while it still does (to
    /// announce each turn once).
    pub acting: Option<u32>,
    /// This connection is the host's own terminal (quitting ends the game for everyone).
    pub is_host: bool,
}

impl Session {
    pub fn new(name: impl Into<String>) -> Session {
        Session {
            name: name.into(),
            st: ClientState::default(),
            seq: 0,
            acting: None,
            is_host: false,
        }
    }
}

/// What the event loop must do after a handler.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send a message on a session's connection.
    Send(usize, ClientMsg),
    /// Ring the terminal bell (`--bell`).
    Bell,
    Quit,
}

/// How a message line reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlashKind {
    Info,
    Good,
    Error,
}

/// A message on the status line until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    pub text: String,
    pub kind: FlashKind,
}

/// Settings from the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppOptions {
    /// Ring the bell when it becomes your turn.
    pub bell: bool,
    /// Lines for the lobby screen (how others join this host).
    pub notes: Vec<String>,
    /// The game runs in this process (hot seat): quitting ends it.
    pub local: bool,
    /// This terminal hosts the game for others: quitting ends it for everyone.
    pub hosting: bool,
    /// The host's key fingerprint and how it was checked, shown in the lobby so players can
    /// compare it with the host's screen.
    pub host_key: Option<String>,
}

/// The TUI's state.
pub struct App {
    pub sessions: Vec<Session>,
    /// The session on screen.
    pub active: usize,
    pub theme: Theme,
    pub opts: AppOptions,
    /// The terminal's size, for layouts computed outside drawing (clicks, panning).
    pub size: Rect,
    /// The clock, for countdowns (set by the loop; fixed in tests).
    pub now: Instant,
    /// The active session's legal commands, sorted.
    pub legal: LegalIndex,
    /// The board as drawn now (pieces, highlights, cursor).
    pub pic: Picture,
    pub cursor: Option<Target>,
    /// The board action chosen with a key (`o`, `s`, `c`); the phase may choose one itself.
    pub action: Option<BoardAction>,
    /// Scroll of the board when it is larger than its pane.
    pub pan: (u16, u16),
    /// Hex names on the board (`n`).
    pub names: bool,
    pub dialog: Option<Dialog>,
    pub editor: LineEditor,
    /// The command line is open.
    pub editing: bool,
    /// The help screen is open, scrolled this far.
    pub help: Option<u16>,
    pub confirm_quit: bool,
    /// Hot-seat: the screen is hidden until the next person presses Enter.
    pub pass_to: bool,
    /// The results are shown (once the game is over).
    pub results: bool,
    results_seen: bool,
    /// The host's summary has opened the end screen already.
    summary_seen: bool,
    /// How far the results are scrolled (small terminals).
    pub results_scroll: u16,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    pub flash: Option<Flash>,
    /// The discard dialog was closed by hand this discard; do not reopen it by itself.
    discard_dismissed: bool,
    /// The last target clicked, so a second click on it confirms.
    clicked: Option<Target>,
}

impl App {
    pub fn new(sessions: Vec<Session>, theme: Theme, opts: AppOptions, now: Instant) -> App {
        App {
            sessions,
            active: 0,
            theme,
            opts,
            size: Rect::new(0, 0, 180, 56),
            now,
            legal: LegalIndex::default(),
            pic: Picture::default(),
            cursor: None,
            action: None,
            pan: (0, 0),
            names: true,
            dialog: None,
            editor: LineEditor::default(),
            editing: false,
            help: None,
            confirm_quit: false,
            pass_to: false,
            results: false,
            results_seen: false,
            summary_seen: false,
            results_scroll: 0,
            log_scroll: 0,
            flash: None,
            discard_dismissed: false,
            clicked: None,
        }
    }

    // ---- reading the state ---------------------------------------------------------------

    pub fn st(&self) -> &ClientState {
        &self.sessions[self.active].st
    }

    /// Several people share this terminal.
    pub fn hotseat(&self) -> bool {
        self.sessions.len() > 1
    }

    pub fn map(&self) -> Option<&Arc<Map>> {
        self.st().map.as_ref()
    }

    /// The base game on screen, if the game has started and its ruleset is played through
    /// one ([`RulesetUi::classic`]).
    pub fn view(&self) -> Option<&BaseView> {
        base_view(self.st())
    }

    /// The client part of the ruleset on screen, once the game has started.
    pub fn ruleset(&self) -> Option<Box<dyn RulesetUi<'_> + '_>> {
        rulesets::of(self.st())
    }

    /// What the ruleset's panels and prompts read of the screen.
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx {
            theme: &self.theme,
            st: self.st(),
            people: self.people(),
            me: self.me(),
            now: self.now,
            legal: &self.legal,
            action: self.effective_action(),
            my_turn: self.my_turn(),
            board_in_view: self.board_in_view(),
        }
    }

    /// The seat on screen (`None` when watching).
    pub fn me(&self) -> Option<Seat> {
        self.st().seat
    }

    pub fn watching(&self) -> bool {
        self.me().is_none()
    }

    /// Names, letters and colours by seat.
    pub fn people(&self) -> People {
        let st = self.st();
        let infos: Vec<(String, String)> = match (&st.update, &st.lobby) {
            (Some(u), _) => u
                .seats
                .iter()
                .map(|s| (s.name.clone(), s.color.clone()))
                .collect(),
            (None, Some(l)) => l
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| match s {
                    Some(s) => (s.name.clone(), s.color.clone()),
                    None => (format!("Seat {}", i + 1), String::new()),
                })
                .collect(),
            _ => Vec::new(),
        };
        let seats = st
            .update
            .as_ref()
            .map(|u| u.seats.as_slice())
            .unwrap_or(&[]);
        People {
            letters: (0..infos.len()).map(|i| seat_letter(seats, i)).collect(),
            names: infos.iter().map(|(n, _)| n.clone()).collect(),
            colors: infos.into_iter().map(|(_, c)| c).collect(),
        }
    }

    /// The action whose targets are highlighted: the one chosen, or the only one the phase
    /// allows (placing in setup, the robber, free roads).
    pub fn effective_action(&self) -> Option<BoardAction> {
        if let Some(a) = self.action
            && !self.legal.targets(a).is_empty()
        {
            return Some(a);
        }
        let phase = self.view().map(|v| v.phase.as_str())?;
        let acts = self.legal.board_actions();
        match phase {
            "setup" | "robber" | "road-building" if acts.len() == 1 => Some(acts[0]),
            _ => None,
        }
    }

    /// Whether the game waits for the person on screen.
    pub fn my_turn(&self) -> bool {
        must_act(self.st())
    }

    /// Where each pane goes in a terminal of `area` (`None`: too small to play in).
    pub fn layout(&self, area: Rect) -> Option<Areas> {
        let pic =
            (self.pic.width() > 0).then(|| (self.pic.width() as u16, self.pic.height() as u16));
        let seats = self.view().map(|v| v.players.len()).unwrap_or(4).max(2) as u16;
        layout::layout(
            Needs {
                pic,
                seats,
                actions: action_height(self),
            },
            area,
        )
    }

    /// Where the board picture is drawn inside the board pane.
    pub fn board_inner(&self, board: Rect) -> Rect {
        layout::board_inner(self.pic.height() as u16, board)
    }

    /// The board pane's inside, where the picture is drawn (for clicks and panning).
    pub fn board_area(&self) -> Option<Rect> {
        self.layout(self.size).map(|a| self.board_inner(a.board))
    }

    pub fn viewport(&self, area: Rect) -> Viewport {
        board::viewport(
            (self.pic.width() as u16, self.pic.height() as u16),
            (area.width, area.height),
            self.pan,
        )
    }

    // ---- the board picture -----------------------------------------------------------------

    /// Redraws the board picture from the state (after any change that shows on it).
    pub fn rebuild(&mut self) {
        let (Some(map), Some(u)) = (self.st().map.clone(), self.st().update.as_ref()) else {
            self.pic = Picture::default();
            return;
        };
        let mut o = overlay(&u.view, &u.seats);
        if let Some(a) = self.effective_action() {
            for t in self.legal.targets(a) {
                match t {
                    Target::Corner(c) => o.highlight_corners.push(c),
                    Target::Edge(e) => o.highlight_edges.push(e),
                    Target::Hex(h) => o.highlight_hexes.push(h),
                }
            }
        }
        o.cursor = self.cursor;
        self.pic = render(
            &map,
            &o,
            &RenderOptions {
                names: self.names,
                harbors: true,
                sea: true,
                // The Big Game's boards show the line between the Sun and Moon territories.
                dividing_line: map.boards().iter().any(|b| b.line_column.is_some()),
                ..RenderOptions::default()
            },
        );
        if self.cursor.is_none() {
            // A Big Game seat starts on its own board.
            let own = (self.map().is_some_and(|m| m.boards().len() > 1))
                .then(|| self.me())
                .flatten()
                .and_then(|s| self.board_center(s as usize / 2));
            self.cursor = own.or_else(|| self.center_target());
            if self.cursor.is_some() {
                self.rebuild();
                if own.is_some() {
                    self.follow_cursor();
                }
            }
        }
    }

    /// The ring board (0-based) the cursor is on, on a map of several boards.
    pub fn board_in_view_index(&self) -> Option<usize> {
        let map = self.map()?;
        if map.boards().len() < 2 {
            return None;
        }
        match self.cursor? {
            Target::Hex(h) => Some(map.board_of_hex(h)),
            Target::Corner(c) => map.board_of_corner(c),
            Target::Edge(e) => map
                .topology
                .edge_hexes(e)
                .iter()
                .flatten()
                .next()
                .map(|h| map.board_of_hex(*h)),
        }
    }

    /// The board in view, numbered from 1 (the Big Game's ring strip).
    pub fn board_in_view(&self) -> Option<usize> {
        self.board_in_view_index().map(|b| b + 1)
    }

    /// The land hex nearest the middle of one board of the ring.
    fn board_center(&self, board: usize) -> Option<Target> {
        let map = self.map()?;
        let spots: Vec<(Target, (usize, usize))> = map
            .land_hexes()
            .filter(|h| map.board_of_hex(*h) == board)
            .filter_map(|h| {
                let t = Target::Hex(h);
                self.pic.positions.get(&t).map(|p| (t, *p))
            })
            .collect();
        let n = spots.len().max(1);
        let cx = spots.iter().map(|(_, p)| p.0).sum::<usize>() / n;
        let cy = spots.iter().map(|(_, p)| p.1).sum::<usize>() / n;
        spots
            .into_iter()
            .min_by_key(|(_, (x, y))| x.abs_diff(cx) + 2 * y.abs_diff(cy))
            .map(|(t, _)| t)
    }

    /// Big Game: moves the cursor (and the view) to the middle of the next or previous board.
    fn jump_board(&mut self, forward: bool) {
        let Some(k) = self.map().map(|m| m.boards().len()).filter(|k| *k > 1) else {
            self.info("Only one board: [ and ] switch boards in a Big Game.");
            return;
        };
        let own = self.me().map(|s| s as usize / 2).unwrap_or(0);
        let cur = self.board_in_view_index().unwrap_or(own);
        let next = if forward {
            (cur + 1) % k
        } else {
            (cur + k - 1) % k
        };
        if let Some(t) = self.board_center(next) {
            self.set_cursor(t);
        }
    }

    /// The land hex nearest the middle of the picture.
    fn center_target(&self) -> Option<Target> {
        let map = self.map()?;
        let (cx, cy) = (self.pic.width() / 2, self.pic.height() / 2);
        map.land_hexes()
            .filter_map(|h| {
                let t = Target::Hex(h);
                self.pic
                    .positions
                    .get(&t)
                    .map(|(x, y)| (x.abs_diff(cx) + 2 * y.abs_diff(cy), t))
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, t)| t)
    }

    fn cursor_pos(&self) -> Option<(usize, usize)> {
        self.cursor
            .and_then(|t| self.pic.positions.get(&t).copied())
    }

    fn set_cursor(&mut self, t: Target) {
        self.cursor = Some(t);
        self.rebuild();
        self.follow_cursor();
    }

    /// Pans so the cursor stays in view.
    fn follow_cursor(&mut self) {
        let (Some(pos), Some(area)) = (self.cursor_pos(), self.board_area()) else {
            return;
        };
        self.pan = board::follow(
            self.pan,
            pos,
            (self.pic.width() as u16, self.pic.height() as u16),
            (area.width, area.height),
        );
    }

    /// Places the cursor may move to: those the chosen action fits, on or by the land.
    fn nav_candidates(&self) -> Vec<(Target, (usize, usize))> {
        let Some(map) = self.map() else {
            return Vec::new();
        };
        let action = self.effective_action();
        self.pic
            .positions
            .iter()
            .filter(|(t, _)| action.is_none_or(|a| a.fits(**t)) && board::playable(map, **t))
            .map(|(t, p)| (*t, *p))
            .collect()
    }

    /// The places Tab cycles through: the chosen action's, or every place something can be
    /// built now.
    fn tab_targets(&self) -> Vec<Target> {
        match self.effective_action() {
            Some(a) => self.legal.targets(a),
            None => self
                .legal
                .board_actions()
                .into_iter()
                .flat_map(|a| self.legal.targets(a))
                .collect(),
        }
    }

    // ---- handlers --------------------------------------------------------------------------

    /// A message from the host on session `i`.
    pub fn on_server(&mut self, i: usize, msg: ServerMsg, now: Instant) -> Vec<Effect> {
        self.now = now;
        let rejected = matches!(msg, ServerMsg::Rejected { .. });
        let update = matches!(msg, ServerMsg::Update(_));
        let summary = matches!(msg, ServerMsg::Summary(_));
        let host = match &msg {
            ServerMsg::Lobby(l) => Some(l.is_host),
            _ => None,
        };
        let closed_now = matches!(msg, ServerMsg::Closing { .. } | ServerMsg::Refused { .. });
        let Some(s) = self.sessions.get_mut(i) else {
            return Vec::new();
        };
        if let Some(h) = host {
            s.is_host = h;
        }
        let lines = s.st.apply(msg, now);
        if i == self.active {
            if update
                && self
                    .flash
                    .as_ref()
                    .is_some_and(|f| f.kind == FlashKind::Info)
            {
                self.flash = None;
            }
            if rejected && let Some(e) = &self.st().last_error {
                self.flash = Some(Flash {
                    text: format!("Refused: {e}"),
                    kind: FlashKind::Error,
                });
            }
            if closed_now && let Some(l) = lines.last() {
                self.flash = Some(Flash {
                    text: l.plain(),
                    kind: FlashKind::Error,
                });
            }
            if self.log_scroll > 0 {
                self.log_scroll += lines.len();
            }
            // The summary opens the end screen once, in every ruleset.
            if summary && !self.summary_seen {
                self.summary_seen = true;
                self.results = true;
                self.results_seen = true;
                self.dialog = None;
            }
        }
        self.after_update()
    }

    /// The connection of session `i` ended.
    pub fn on_disconnect(&mut self, i: usize) {
        if let Some(s) = self.sessions.get_mut(i)
            && s.st.closed.is_none()
        {
            s.st.closed = Some("the connection to the host ended".into());
        }
    }

    /// The clock ticked (countdowns).
    pub fn on_tick(&mut self, now: Instant) {
        self.now = now;
    }

    pub fn on_resize(&mut self, w: u16, h: u16) {
        self.size = Rect::new(0, 0, w, h);
        self.follow_cursor();
    }

    /// Re-reads the state after a message: legal targets, dialogs, who is at the keyboard,
    /// announcements.
    fn after_update(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        // Hot-seat: the screen follows the person the game waits for.
        if self.hotseat() {
            let waiting: Vec<usize> = (0..self.sessions.len())
                .filter(|i| must_act(&self.sessions[*i].st))
                .collect();
            if !waiting.contains(&self.active)
                && let Some(&next) = waiting.first()
            {
                self.switch_to(next);
            }
        }
        self.refresh();
        for (i, s) in self.sessions.iter_mut().enumerate() {
            let turn = base_view(&s.st).map_or(0, |v| v.turn);
            let now_acting = must_act(&s.st).then_some(turn);
            if now_acting.is_some() && now_acting != s.acting && i == self.active {
                if self.opts.bell {
                    fx.push(Effect::Bell);
                }
                if self
                    .flash
                    .as_ref()
                    .is_none_or(|f| f.kind != FlashKind::Error)
                {
                    let name = match (s.st.seat, s.st.update.as_ref()) {
                        (Some(me), Some(u)) => u
                            .seats
                            .get(me as usize)
                            .map_or(s.name.clone(), |x| x.name.clone()),
                        _ => s.name.clone(),
                    };
                    self.flash = Some(Flash {
                        text: format!("Your turn, {name}!"),
                        kind: FlashKind::Good,
                    });
                }
            }
            s.acting = now_acting;
        }
        fx
    }

    /// Rebuilds what depends on the active session's update.
    pub fn refresh(&mut self) {
        self.legal = match (self.map(), self.st().update.as_ref()) {
            (Some(map), Some(u)) => LegalIndex::build(map, &u.legal),
            _ => LegalIndex::default(),
        };
        if let Some(a) = self.action
            && self.legal.targets(a).is_empty()
        {
            self.action = None;
        }
        let phase = self.view().map(|v| v.phase.clone()).unwrap_or_default();
        if phase != "discard" {
            self.discard_dismissed = false;
        }
        self.refresh_dialog();
        if self.dialog.is_none() && self.legal.discard && !self.discard_dismissed && !self.pass_to {
            self.open_discard();
        }
        if phase == "over" && !self.results_seen {
            self.results = true;
            self.results_seen = true;
            self.dialog = None;
        }
        self.rebuild();
        if let Some(t) = self.cursor
            && !self.pic.positions.contains_key(&t)
        {
            self.cursor = None;
            self.rebuild();
        }
        // When the phase chooses an action, the cursor moves onto the nearest place of its
        // kind (a corner to settle, an edge for a road, a hex for the robber).
        if let (Some(a), Some(pos)) = (self.effective_action(), self.cursor_pos())
            && self.cursor.is_some_and(|c| !a.fits(c))
        {
            let near = self
                .legal
                .targets(a)
                .into_iter()
                .filter_map(|t| self.pic.positions.get(&t).map(|p| (t, *p)))
                .min_by_key(|(_, (x, y))| (x.abs_diff(pos.0) + 2 * y.abs_diff(pos.1), *y, *x))
                .map(|(t, _)| t);
            if let Some(t) = near {
                self.set_cursor(t);
            }
        }
    }

    /// Keeps an open dialog in step with the new state, or closes it when it no longer
    /// applies.
    fn refresh_dialog(&mut self) {
        let Some(d) = self.dialog.take() else { return };
        let hand = self.hand();
        let keep = match d {
            Dialog::Pick(mut p) => match p.kind {
                super::dialogs::PickKind::Discard if self.legal.discard => {
                    p.avail = hand;
                    Some(Dialog::Pick(p))
                }
                super::dialogs::PickKind::Plenty if !self.legal.plenty.is_empty() => {
                    Some(Dialog::Pick(p))
                }
                _ => None,
            },
            Dialog::List(l) => {
                let still = l
                    .items
                    .iter()
                    .all(|(_, cmd)| self.st().legal().iter().any(|c| c == cmd));
                still.then_some(Dialog::List(l))
            }
            Dialog::Play(_) => self.play_dialog().map(Dialog::Play),
            Dialog::Trade(mut t) => {
                let ok = match t.counter {
                    Some((id, _)) => self
                        .view()
                        .is_some_and(|v| v.offers.iter().any(|o| o.id == id)),
                    None => self.legal.any_trade(),
                };
                t.hand = hand;
                if let Some(y) = self.view().and_then(|v| v.you.as_ref()) {
                    t.rates = y.bank_rates;
                }
                ok.then_some(Dialog::Trade(t))
            }
            Dialog::Offers(o) => {
                let row = o.row;
                self.offers_dialog().map(|mut n| {
                    n.row = row.min(n.rows.len().saturating_sub(1));
                    Dialog::Offers(n)
                })
            }
        };
        self.dialog = keep;
    }

    fn switch_to(&mut self, i: usize) {
        if i == self.active {
            return;
        }
        self.active = i;
        self.pass_to = true;
        self.dialog = None;
        self.editing = false;
        self.action = None;
        self.flash = None;
        self.log_scroll = 0;
        self.discard_dismissed = false;
        self.results_seen = self.results_seen || self.results;
    }

    fn hand(&self) -> ResourceSet {
        self.ruleset()
            .and_then(|r| r.dialog_hand())
            .unwrap_or_default()
    }

    fn info(&mut self, text: impl Into<String>) {
        self.flash = Some(Flash {
            text: text.into(),
            kind: FlashKind::Info,
        });
    }

    fn warn(&mut self, text: impl Into<String>) {
        self.flash = Some(Flash {
            text: text.into(),
            kind: FlashKind::Error,
        });
    }

    /// Sends a command in the game's language on the active session.
    pub fn command(&mut self, text: &str) -> Vec<Effect> {
        if self.watching() {
            self.warn("You are watching: spectators cannot play.");
            return Vec::new();
        }
        let s = &mut self.sessions[self.active];
        s.seq += 1;
        let msg = ClientMsg::Command {
            seq: s.seq,
            text: text.to_string(),
        };
        self.flash = Some(Flash {
            text: format!("Sent: {text}"),
            kind: FlashKind::Info,
        });
        self.action = None;
        self.clicked = None;
        vec![Effect::Send(self.active, msg)]
    }

    fn send(&self, msg: ClientMsg) -> Vec<Effect> {
        vec![Effect::Send(self.active, msg)]
    }

    /// A key.
    pub fn on_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if is_force_quit(&k) {
            return vec![Effect::Quit];
        }
        if self.confirm_quit {
            match k.code {
                KeyCode::Char('y' | 'Y') => return vec![Effect::Quit],
                KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc | KeyCode::Enter => {
                    self.confirm_quit = false
                }
                _ => {}
            }
            return Vec::new();
        }
        if self.pass_to {
            match k.code {
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.pass_to = false;
                    self.refresh();
                }
                KeyCode::Char('q') => self.confirm_quit = true,
                _ => {}
            }
            return Vec::new();
        }
        if let Some(scroll) = self.help {
            match k.code {
                KeyCode::Esc | KeyCode::Char('?' | 'q') | KeyCode::F(1) | KeyCode::Enter => {
                    self.help = None
                }
                KeyCode::Down | KeyCode::Char('j') => self.help = Some(scroll.saturating_add(1)),
                KeyCode::Up | KeyCode::Char('k') => self.help = Some(scroll.saturating_sub(1)),
                KeyCode::PageDown | KeyCode::Char(' ') => {
                    self.help = Some(scroll.saturating_add(10))
                }
                KeyCode::PageUp => self.help = Some(scroll.saturating_sub(10)),
                KeyCode::Home => self.help = Some(0),
                _ => {}
            }
            return Vec::new();
        }
        if self.editing {
            let cands = self.completions();
            return match self.editor.key(&k, &cands) {
                LineEvent::Editing => Vec::new(),
                LineEvent::Cancel => {
                    self.editing = false;
                    Vec::new()
                }
                LineEvent::Submit(line) => {
                    self.editing = false;
                    self.run_line(&line)
                }
            };
        }
        if let Some(d) = &mut self.dialog {
            let out = d.key(&k);
            return self.dialog_outcome(out);
        }
        if self.results {
            match k.code {
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('g') => self.results = false,
                KeyCode::Char('q') => self.confirm_quit = true,
                KeyCode::Down | KeyCode::Char('j') => {
                    self.results_scroll = self.results_scroll.saturating_add(1)
                }
                KeyCode::Up | KeyCode::Char('k') => {
                    self.results_scroll = self.results_scroll.saturating_sub(1)
                }
                KeyCode::PageDown | KeyCode::Char(' ') => {
                    self.results_scroll = self.results_scroll.saturating_add(10)
                }
                KeyCode::PageUp => self.results_scroll = self.results_scroll.saturating_sub(10),
                KeyCode::Char('?') => self.help = Some(0),
                _ => {}
            }
            return Vec::new();
        }
        if self.st().update.is_none() {
            return self.lobby_key(k);
        }
        match map_key(&k) {
            Some(i) => self.intent(i),
            None => Vec::new(),
        }
    }

    fn dialog_outcome(&mut self, out: Outcome) -> Vec<Effect> {
        match out {
            Outcome::Stay => Vec::new(),
            Outcome::Close => {
                if matches!(&self.dialog, Some(Dialog::Pick(p)) if p.kind == super::dialogs::PickKind::Discard)
                {
                    self.discard_dismissed = true;
                    self.info("The discard waits for you: press d to choose your cards.");
                }
                self.dialog = None;
                Vec::new()
            }
            Outcome::Send(cmd) => {
                self.dialog = None;
                self.command(&cmd)
            }
            Outcome::Open(d) => {
                self.dialog = Some(*d);
                Vec::new()
            }
        }
    }

    /// Keys before the game starts.
    fn lobby_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        let lobby = self.st().lobby.clone();
        let me = self.me();
        match k.code {
            KeyCode::Char('q') => self.confirm_quit = true,
            KeyCode::Char('?') => self.help = Some(0),
            KeyCode::Char(':') => self.open_editor(""),
            KeyCode::Char('m') => self.open_editor("say "),
            // At the hot-seat setup screen the people are all here: Enter starts.
            KeyCode::Enter if self.opts.local && lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::Start);
            }
            KeyCode::Char('k') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                self.open_editor("kick ")
            }
            KeyCode::Char('l') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                self.open_editor("level ")
            }
            KeyCode::Char('r') | KeyCode::Enter => {
                if let (Some(l), Some(me)) = (&lobby, me) {
                    let ready = l
                        .seats
                        .get(me as usize)
                        .and_then(|s| s.as_ref())
                        .is_some_and(|s| s.ready);
                    return self.send(ClientMsg::Ready(!ready));
                }
            }
            KeyCode::Char('s') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::Start);
            }
            KeyCode::Char('+') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::AddBot);
            }
            KeyCode::Char('-') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::RemoveBot);
            }
            KeyCode::Char('c') => {
                if let Some(c) = lobby.as_ref().and_then(|l| l.free_colors.first()) {
                    return self.send(ClientMsg::Color(c.clone()));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    fn open_editor(&mut self, prefill: &str) {
        self.editor.open(prefill);
        self.editing = true;
    }

    /// What Tab completes to on the command line.
    pub fn completions(&self) -> Vec<String> {
        let mut v: Vec<String> = self.st().legal().to_vec();
        for w in LOCAL_WORDS {
            v.push(w.to_string());
        }
        v
    }

    /// A line from the command line: a client word or a game command.
    pub fn run_line(&mut self, line: &str) -> Vec<Effect> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "say" | "chat" => {
                if rest.is_empty() {
                    return Vec::new();
                }
                self.send(ClientMsg::Chat {
                    text: rest.to_string(),
                })
            }
            "help" | "?" => {
                self.help = Some(0);
                Vec::new()
            }
            "quit" | "exit" | "q" => {
                self.confirm_quit = true;
                Vec::new()
            }
            "names" => {
                self.names = !self.names;
                self.rebuild();
                Vec::new()
            }
            "legal" => {
                let n = self.st().legal().len();
                let sample: Vec<&str> = self
                    .st()
                    .legal()
                    .iter()
                    .take(8)
                    .map(|s| s.as_str())
                    .collect();
                self.info(format!(
                    "{n} legal command(s){}{}",
                    if n > 0 { ": " } else { "" },
                    sample.join(", ") + if n > 8 { ", …" } else { "" }
                ));
                Vec::new()
            }
            // Lobby words until the game runs; then game commands (Total Chaos's vote).
            "ready" if self.st().update.is_none() => self.send(ClientMsg::Ready(true)),
            "unready" if self.st().update.is_none() => self.send(ClientMsg::Ready(false)),
            "start" => self.send(ClientMsg::Start),
            "addbot" => self.send(ClientMsg::AddBot),
            "removebot" => self.send(ClientMsg::RemoveBot),
            "kick" => match rest.parse::<crate::engine::Seat>() {
                Ok(n) if n >= 1 => self.send(ClientMsg::Kick(n - 1)),
                _ => {
                    self.info("Kick which seat? For example `kick 3`.");
                    Vec::new()
                }
            },
            "level" => match rest.parse::<crate::engine::Seat>() {
                Ok(n) if n >= 1 => self.send(ClientMsg::BotLevel(n - 1)),
                _ => {
                    self.info(
                        "Which bot seat's level? For example `level 3` (easy → medium → hard).",
                    );
                    Vec::new()
                }
            },
            "color" | "colour" => self.send(ClientMsg::Color(rest.to_string())),
            _ => self.command(line),
        }
    }

    fn intent(&mut self, i: Intent) -> Vec<Effect> {
        if !matches!(i, Intent::Confirm) {
            self.clicked = None;
        }
        // A message stays until the next key; the key may put up its own.
        self.flash = None;
        match i {
            Intent::ForceQuit => return vec![Effect::Quit],
            Intent::Quit => self.confirm_quit = true,
            Intent::Help => self.help = Some(0),
            Intent::CommandLine => self.open_editor(""),
            Intent::Chat => self.open_editor("say "),
            Intent::ToggleNames => {
                self.names = !self.names;
                self.rebuild();
            }
            Intent::Board(forward) => self.jump_board(forward),
            Intent::LogUp => self.log_scroll += 5,
            Intent::LogDown => self.log_scroll = self.log_scroll.saturating_sub(5),
            Intent::LogEnd => self.log_scroll = 0,
            Intent::Results => {
                if self.view().is_some_and(|v| v.phase == "over") || self.st().summary.is_some() {
                    self.results = true;
                } else {
                    self.info("The results show when the game is over.");
                }
            }
            Intent::SwitchPerson => {
                if self.hotseat() {
                    let next = (self.active + 1) % self.sessions.len();
                    self.switch_to(next);
                } else {
                    self.info("Only one person plays at this terminal.");
                }
            }
            Intent::Cancel => {
                self.action = None;
                self.flash = None;
                self.rebuild();
            }
            Intent::Move(d) => self.move_cursor(d),
            Intent::Pan(d) => self.pan_board(d),
            Intent::NextTarget => self.tab(true),
            Intent::PrevTarget => self.tab(false),
            Intent::Confirm => return self.confirm(),
            Intent::Verb(v) => return self.verb(v),
        }
        Vec::new()
    }

    fn move_cursor(&mut self, d: Dir) {
        let from = self
            .cursor_pos()
            .unwrap_or((self.pic.width() / 2, self.pic.height() / 2));
        let cands = self.nav_candidates();
        if let Some(t) = board::step(from, d, cands.into_iter()) {
            self.set_cursor(t);
        }
    }

    fn pan_board(&mut self, d: Dir) {
        let Some(area) = self.board_area() else {
            return;
        };
        let vp = self.viewport(area);
        let (mut x, mut y) = vp.offset;
        match d {
            Dir::Left => x = x.saturating_sub(4),
            Dir::Right => x += 4,
            Dir::Up => y = y.saturating_sub(2),
            Dir::Down => y += 2,
        }
        self.pan = (x, y);
        let vp = self.viewport(area);
        self.pan = vp.offset;
    }

    fn tab(&mut self, forward: bool) {
        let targets = self.tab_targets();
        if targets.is_empty() {
            self.info(if self.my_turn() {
                "Nothing to place on the board now: the action bar lists what you can do."
            } else {
                "Nothing to place on the board: it is not your turn."
            });
            return;
        }
        let ordered = board::reading_order(&self.pic, &targets);
        if let Some(t) = board::cycle(&ordered, self.cursor_pos(), forward) {
            self.set_cursor(t);
            self.flash = None;
        }
    }

    /// The action Enter takes at a target when none is chosen: what the legal list allows
    /// there, or else what the target suggests (the engine then says why not).
    fn action_at(&self, t: Target) -> Option<BoardAction> {
        if let Some(a) = self.effective_action() {
            return Some(a);
        }
        match t {
            Target::Corner(c) => {
                if self.legal.city.iter().any(|(x, _)| *x == c) {
                    Some(BoardAction::City)
                } else if self.legal.settle.iter().any(|(x, _)| *x == c) {
                    Some(BoardAction::Settle)
                } else {
                    let mine = self.view().is_some_and(|v| {
                        v.buildings
                            .iter()
                            .any(|(x, b)| *x == c && Some(b.owner) == self.me())
                    });
                    Some(if mine {
                        BoardAction::City
                    } else {
                        BoardAction::Settle
                    })
                }
            }
            Target::Edge(_) => Some(BoardAction::Road),
            Target::Hex(_) => (!self.legal.robber.is_empty()).then_some(BoardAction::Robber),
        }
    }

    /// The name of a target in the command language.
    pub fn target_name(&self, t: Target) -> String {
        let Some(map) = self.map() else {
            return String::new();
        };
        match t {
            Target::Corner(c) => map.corner_name(c),
            Target::Edge(e) => map.edge_name(e),
            Target::Hex(h) => map.hex_name(h).to_string(),
        }
    }

    fn confirm(&mut self) -> Vec<Effect> {
        let Some(t) = self.cursor else {
            self.info("Move the cursor onto the board first (arrow keys, or Tab).");
            return Vec::new();
        };
        if self.watching() {
            self.warn("You are watching: spectators cannot play.");
            return Vec::new();
        }
        let Some(a) = self.action_at(t) else {
            self.info(format!(
                "Nothing to do at {}: choose an action first (o road, s settlement, c city).",
                self.target_name(t)
            ));
            return Vec::new();
        };
        if !a.fits(t) {
            self.info(format!(
                "{} goes on {}: move the cursor there, or press Tab.",
                cap(a.what().to_string()),
                match a {
                    BoardAction::Settle | BoardAction::City => "a corner",
                    BoardAction::Road => "an edge",
                    BoardAction::Robber => "a hex",
                }
            ));
            return Vec::new();
        }
        if let (BoardAction::Robber, Target::Hex(h)) = (a, t) {
            let moves = self.legal.robber_moves(h);
            if moves.len() > 1 {
                let people = self.people();
                let cards = |s: Seat| {
                    self.view()
                        .and_then(|v| v.players.get(s as usize))
                        .map_or(0, |p| p.cards)
                };
                let items = moves
                    .iter()
                    .filter_map(|m| {
                        let s = m.steal?;
                        Some((
                            format!(
                                "{} {} ({} cards)",
                                people.letters.get(s as usize).copied().unwrap_or('?'),
                                people.name(s),
                                cards(s)
                            ),
                            m.text.clone(),
                        ))
                    })
                    .collect();
                self.dialog = Some(Dialog::List(ListDialog::victims(
                    &self.target_name(t),
                    items,
                )));
                return Vec::new();
            }
        }
        let cmd = self
            .legal
            .command_at(a, t)
            .unwrap_or_else(|| format!("{} {}", a.word(), self.target_name(t)));
        self.command(&cmd)
    }

    /// A mouse event.
    pub fn on_mouse(&mut self, m: MouseEvent) -> Vec<Effect> {
        if self.confirm_quit || self.pass_to || self.editing || self.dialog.is_some() {
            return Vec::new();
        }
        if self.help.is_some() || self.results {
            return Vec::new();
        }
        let Some(areas) = self.layout(self.size) else {
            return Vec::new();
        };
        let inside = |r: Rect| {
            m.column >= r.x && m.column < r.x + r.width && m.row >= r.y && m.row < r.y + r.height
        };
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                if inside(areas.board) {
                    let area = self.board_inner(areas.board);
                    let vp = self.viewport(area);
                    let Some((x, y)) = board::pic_pos(area, &vp, m.column, m.row) else {
                        return Vec::new();
                    };
                    let Some(t) = self.pic.target_at(x, y) else {
                        return Vec::new();
                    };
                    if self.cursor == Some(t) && self.clicked == Some(t) {
                        return self.confirm();
                    }
                    self.set_cursor(t);
                    self.clicked = Some(t);
                    self.flash = Some(Flash {
                        text: format!(
                            "{}: click again or press Enter to confirm.",
                            self.target_name(t)
                        ),
                        kind: FlashKind::Info,
                    });
                } else if inside(areas.actions)
                    && let Some(v) = action_at_row(self, areas.actions, m.row)
                {
                    return self.verb(v);
                }
            }
            MouseEventKind::ScrollUp => {
                if inside(areas.log) {
                    self.log_scroll += 3;
                } else if inside(areas.board) {
                    self.pan_board(Dir::Up);
                }
            }
            MouseEventKind::ScrollDown => {
                if inside(areas.log) {
                    self.log_scroll = self.log_scroll.saturating_sub(3);
                } else if inside(areas.board) {
                    self.pan_board(Dir::Down);
                }
            }
            _ => {}
        }
        Vec::new()
    }

    // ---- actions ---------------------------------------------------------------------------

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
            return "The game has not started yet.".into();
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

    fn verb(&mut self, v: Verb) -> Vec<Effect> {
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

    fn open_discard(&mut self) {
        let Some(me) = self.me() else { return };
        let need = self.ruleset().map_or(0, |r| r.owed_discard(me));
        if need > 0 {
            self.dialog = Some(Dialog::Pick(PickDialog::discard(self.hand(), need)));
        }
    }

    fn open_trade(&mut self) {
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

    fn play_dialog(&self) -> Option<PlayDialog> {
        let view = self.view()?;
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

    fn offers_dialog(&self) -> Option<OffersDialog> {
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

/// Words the command line runs itself instead of sending them to the host.
pub const LOCAL_WORDS: [&str; 8] = [
    "say ", "help", "quit", "names", "legal", "ready", "start", "color ",
];

/// The base game of a client's state, if the game has started and its ruleset is played
/// through one ([`RulesetUi::classic`]).
pub fn base_view(st: &ClientState) -> Option<&BaseView> {
    rulesets::of(st)?.classic()
}

/// Whether the game waits for this client's seat.
pub fn must_act(st: &ClientState) -> bool {
    let (Some(v), Some(me)) = (base_view(st), st.seat) else {
        return false;
    };
    if st.legal().is_empty() {
        return false;
    }
    match v.phase.as_str() {
        "over" => false,
        "discard" => v
            .players
            .get(me as usize)
            .is_some_and(|p| p.must_discard.is_some()),
        _ => v.current == Some(me),
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
