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
    Dialog, ListDialog, OffersDialog, Outcome, Partner, PickDialog, PlayDialog, TradeDialog,
};
use super::input::{Dir, Intent, LineEditor, LineEvent, Verb, is_force_quit, map_key};
use super::layout::{self, Areas, Needs};
use super::legal::{BoardAction, LegalIndex};
use super::ruleset::{Ctx, Phase, RulesetUi};
use super::rulesets::{self, overlay};
use super::theme::Theme;
use super::widgets::People;
use crate::board::Map;
use crate::board::render::{Picture, RenderOptions, Target, render};
use crate::client::overlay::seat_letter;
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::moves::Move;
use crate::proto::{ClientMsg, ServerMsg};
use crate::rules::resources::ResourceSet;
use crate::rules::words::cap;
use crate::topology::HexId;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::sync::Arc;
use std::time::Instant;

mod actions;
mod cursor;
mod keys;

pub use actions::{action_at_row, action_height, action_lines};

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
    /// An answer to a key: it stays while the game goes on (a bot's moves) and asks the same
    /// of this seat, until the next key or a new prompt (the next turn, a new phase).
    Info,
    /// "Sent: roll": gone with the next update, which answers it.
    Sent,
    Good,
    Error,
    /// "Your turn": gone with the next update that no longer waits for this seat, so the
    /// prompt (or the game-over line) shows again.
    YourTurn,
}

/// A message on the status line until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    pub text: String,
    pub kind: FlashKind,
}

/// How a command held back while the connection is down is answered; the host's next
/// welcome clears it.
const NOT_SENT: &str = "Not sent:";

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
    /// The hosted game is saved as it goes, so stopping it is not the end of it.
    pub saved: bool,
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
    /// The join panel is open (`i`): how others join, the host's key.
    pub join_info: bool,
    /// Hot-seat: the screen is hidden until the next person presses Enter.
    pub pass_to: bool,
    /// The results are shown (once the game is over).
    pub results: bool,
    results_seen: bool,
    /// The host's summary has opened the end screen already.
    summary_seen: bool,
    /// How far the results are scrolled (small terminals).
    pub results_scroll: u16,
    /// The end screen shows the game's review rather than its summary (Tab).
    pub review_page: bool,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    /// Log entries that arrived while the log was scrolled back, for its title.
    pub log_unread: usize,
    /// How far the ruleset's side panel is scrolled (`<` `>`), kept in range when drawn.
    pub panel_scroll: u16,
    pub flash: Option<Flash>,
    /// The discard dialog was closed by hand this discard; do not reopen it by itself.
    discard_dismissed: bool,
    /// The last target clicked, so a second click on it confirms.
    clicked: Option<Target>,
    /// A command held back by its ruleset's warning; the same line again sends it.
    held: Option<String>,
}

impl App {
    pub fn new(mut sessions: Vec<Session>, theme: Theme, opts: AppOptions, now: Instant) -> App {
        // A joiner meeting this host's key for the first time is told so in the log, which
        // stays on screen once the game has begun (the lobby that also shows it may never
        // be seen when the game is already running).
        if let Some(key) = &opts.host_key
            && let Some(s) = sessions.first_mut()
        {
            let mut lines = key.lines();
            let fingerprint = lines.next().unwrap_or_default();
            let how = lines.next().unwrap_or_default();
            s.st.log
                .push_back(crate::client::state::Line::Notice(format!(
                    "Host key {fingerprint}: {how} (i shows it again)."
                )));
        }
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
            join_info: false,
            pass_to: false,
            results: false,
            results_seen: false,
            summary_seen: false,
            results_scroll: 0,
            review_page: false,
            log_scroll: 0,
            log_unread: 0,
            panel_scroll: 0,
            flash: None,
            discard_dismissed: false,
            clicked: None,
            held: None,
        }
    }

    // ---- reading the state ---------------------------------------------------------------

    /// Whether this terminal knows how others join (it hosts) or which key the host showed.
    pub fn has_join_info(&self) -> bool {
        !self.opts.notes.is_empty() || self.opts.host_key.is_some()
    }

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

    /// What the game on screen waits for, in the core's terms ([`RulesetUi::phase`]).
    pub fn phase(&self) -> Option<Phase> {
        self.ruleset()?.phase()
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
            panel_scroll: self.panel_scroll,
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
        let acts = self.legal.board_actions();
        // A setup choice that is the only place to pick (a collection, a starting
        // unit) is implied.
        if let [a @ (BoardAction::Collect | BoardAction::Place)] = acts.as_slice() {
            return Some(*a);
        }
        match self.phase()? {
            p if p.places() && acts.len() == 1 => Some(acts[0]),
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
        let seats = (self.ruleset())
            .and_then(|r| r.seat_count())
            .unwrap_or(4)
            .max(2) as u16;
        layout::layout(
            Needs {
                pic,
                seats,
                actions: self.actions_need(area),
                watching: self.watching(),
            },
            area,
        )
    }

    /// Rows the actions' place asks for: its lines, or where a ruleset's panel stands there
    /// (Risk's armies) at least a fifth of the terminal, so a spectator or a player with
    /// little to do still sees the panel rather than its header.
    fn actions_need(&self, area: Rect) -> u16 {
        let lines = action_height(self);
        match self.ruleset().map(|r| r.panel_place()) {
            Some(crate::tui::ruleset::PanelPlace::Actions) => lines.max(area.height / 5),
            _ => lines,
        }
    }

    /// Where the board picture is drawn inside the board pane.
    pub fn board_inner(&self, board: Rect) -> Rect {
        layout::board_inner(self.pic.height() as u16, board)
    }

    /// Scrolls the log to `rows` back from the newest, no further than its first row; at the
    /// newest nothing is unread.
    pub fn scroll_log(&mut self, rows: usize) {
        let most = self
            .log_rows(&self.st().log)
            .map_or(rows, |(all, inside)| all.saturating_sub(inside));
        let rows = rows.min(most);
        self.log_scroll = rows;
        if rows == 0 {
            self.log_unread = 0;
        }
    }

    /// The rows `lines` take in the log pane as the terminal lays it out now, and the rows
    /// inside the pane (`None` when the terminal is too small for a layout).
    fn log_rows<'a>(
        &self,
        lines: impl IntoIterator<Item = &'a crate::client::state::Line>,
    ) -> Option<(usize, usize)> {
        let a = self.layout(self.size)?;
        let (w, with_chat) = (a.log.width.saturating_sub(2) as usize, a.chat.is_none());
        let rows = lines
            .into_iter()
            .map(|l| super::log_pane::rows_of(l, w, with_chat))
            .sum();
        Some((rows, a.log.height.saturating_sub(2) as usize))
    }

    /// Rows PgUp and PgDn move the log: its pane's height less one, so a page keeps a row
    /// of the one before and no row is skipped however short the pane.
    pub fn log_page(&self) -> usize {
        self.layout(self.size)
            .map_or(5, |a| a.log.height.saturating_sub(3) as usize)
            .max(1)
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
                // Divided boards show the line between their two territories.
                dividing_line: map.boards().iter().any(|b| b.line_column.is_some()),
                ..RenderOptions::default()
            },
        );
        if self.cursor.is_none() {
            // In a ring of boards a seat starts on its own board.
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

    /// A message from the host on session `i`.
    pub fn on_server(&mut self, i: usize, msg: ServerMsg, now: Instant) -> Vec<Effect> {
        self.now = now;
        let rejected = matches!(msg, ServerMsg::Rejected { .. });
        let update = matches!(msg, ServerMsg::Update(_));
        let summary = matches!(msg, ServerMsg::Summary(_));
        let hint = match &msg {
            ServerMsg::Hint(Ok(h)) => Some((format!("Hint: {}", h.why), FlashKind::Good)),
            ServerMsg::Hint(Err(why)) => Some((format!("No hint: {why}"), FlashKind::Error)),
            _ => None,
        };
        let host = match &msg {
            ServerMsg::Lobby(l) => Some(l.is_host),
            _ => None,
        };
        let closed_now = matches!(msg, ServerMsg::Closing { .. } | ServerMsg::Refused { .. });
        let welcomed = matches!(msg, ServerMsg::Welcome { .. });
        // An answer to a key holds while the game asks the same of this seat; once the prompt
        // changes (the next player's turn, a new phase) it is out of date.
        let prompt_before = (update && i == self.active).then(|| self.asked());
        let cursor_before = (update && i == self.active)
            .then(|| self.cursor_place())
            .flatten();
        let Some(s) = self.sessions.get_mut(i) else {
            return Vec::new();
        };
        if let Some(h) = host {
            s.is_host = h;
        }
        let lines = s.st.apply(msg, now);
        if i == self.active {
            if let Some(before) = cursor_before {
                self.keep_cursor(before);
            }
            if update
                && self
                    .flash
                    .as_ref()
                    .is_some_and(|f| f.kind == FlashKind::Sent)
            {
                self.flash = None;
            }
            if rejected && let Some(e) = &self.st().last_error {
                self.flash = Some(Flash {
                    text: format!("Refused: {e}"),
                    kind: FlashKind::Error,
                });
            }
            if let Some((text, kind)) = hint {
                self.flash = Some(Flash { text, kind });
            }
            if welcomed
                && self
                    .flash
                    .as_ref()
                    .is_some_and(|f| f.text.starts_with(NOT_SENT))
            {
                // Back on the host: "Not sent … reconnecting" is no longer true.
                self.flash = None;
            }
            if closed_now && let Some(l) = lines.last() {
                self.flash = Some(Flash {
                    text: l.words().to_string(),
                    kind: FlashKind::Error,
                });
            }
            if self.log_scroll > 0 {
                // The view stays where it was: the new rows go below it.
                if let Some((rows, _)) = self.log_rows(&lines) {
                    self.log_scroll += rows;
                }
                self.log_unread += lines
                    .iter()
                    .filter(|l| !matches!(l, crate::client::state::Line::Chat { .. }))
                    .count();
            }
            // The summary opens the end screen once, in every ruleset.
            if summary && !self.summary_seen {
                self.summary_seen = true;
                self.results = true;
                self.results_seen = true;
                self.dialog = None;
            }
        }
        let fx = self.after_update();
        if let Some(before) = prompt_before
            && self
                .flash
                .as_ref()
                .is_some_and(|f| f.kind == FlashKind::Info)
            && self.asked() != before
        {
            self.flash = None;
        }
        fx
    }

    /// The map under the cursor's hex, the hex and where it stands in the picture, for
    /// [`App::keep_cursor`].
    fn cursor_place(&self) -> Option<(Arc<Map>, crate::geometry::Hex, (usize, usize))> {
        let Some(Target::Hex(h)) = self.cursor else {
            return None;
        };
        let map = self.map()?.clone();
        let hex = map.topology.hex(h);
        Some((map, hex, self.cursor_pos()?))
    }

    /// A map that changes in play (Adaptations' drifts) numbers its hexes anew and may grow
    /// on any side: the cursor keeps its hex, and the view keeps it where it was on screen.
    fn keep_cursor(&mut self, (map, hex, pos): (Arc<Map>, crate::geometry::Hex, (usize, usize))) {
        let Some(now) = self.map().cloned() else {
            return;
        };
        if Arc::ptr_eq(&map, &now) {
            return;
        }
        let Some(h) = now.topology.hex_id(hex) else {
            return;
        };
        self.cursor = Some(Target::Hex(h));
        self.rebuild();
        if let Some(to) = self.cursor_pos() {
            let shift =
                |p: u16, from: usize, to: usize| (p as i64 + to as i64 - from as i64).max(0) as u16;
            self.pan = (
                shift(self.pan.0, pos.0, to.0),
                shift(self.pan.1, pos.1, to.1),
            );
        }
        self.follow_cursor();
    }

    /// What the game asks of this seat now: the prompt's first sentence ("Waiting for Bot 2",
    /// without what may be done meanwhile, which changes as that player acts).
    fn asked(&self) -> String {
        let prompt = super::ui::prompt(self).0;
        let first = prompt.split(". ").next().unwrap_or_default();
        first.trim_end_matches('.').to_string()
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
        let call = self
            .ruleset()
            .map_or("Your turn", |r| r.turn_call(&self.ctx()));
        for (i, s) in self.sessions.iter_mut().enumerate() {
            let turn = rulesets::of(&s.st).and_then(|r| r.moment()).unwrap_or(0);
            let now_acting = must_act(&s.st).then_some(turn);
            if now_acting.is_some() && now_acting != s.acting && i == self.active {
                // What just happened is below: the log comes back to it.
                self.log_scroll = 0;
                self.log_unread = 0;
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
                        text: format!("{call}, {name}!"),
                        kind: FlashKind::YourTurn,
                    });
                }
            }
            if now_acting.is_none()
                && i == self.active
                && self
                    .flash
                    .as_ref()
                    .is_some_and(|f| f.kind == FlashKind::YourTurn)
            {
                self.flash = None;
            }
            s.acting = now_acting;
        }
        fx
    }

    /// Rebuilds what depends on the active session's update.
    pub fn refresh(&mut self) {
        self.legal = LegalIndex::build(self.st().legal_moves());
        if let Some(a) = self.action
            && self.legal.targets(a).is_empty()
        {
            self.action = None;
        }
        let phase = self.phase();
        if phase != Some(Phase::Discard) {
            self.discard_dismissed = false;
        }
        self.refresh_dialog();
        if self.dialog.is_none() && self.legal.discard && !self.discard_dismissed && !self.pass_to {
            self.open_discard();
        }
        if phase == Some(Phase::Over) && !self.results_seen {
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
                        .offers_dialog()
                        .is_some_and(|d| d.rows.iter().any(|o| o.id == id)),
                    None => self.legal.any_trade(),
                };
                t.hand = hand;
                if let Some(rates) = self.ruleset().and_then(|r| r.bank_rates()) {
                    t.rates = rates;
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
        self.scroll_log(0);
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
        if self.st().reconnecting {
            self.warn(format!(
                "{NOT_SENT} {text}. The connection to the host is lost; reconnecting…"
            ));
            return Vec::new();
        }
        let warning = (self.st().update.as_ref())
            .and_then(|u| crate::client::rulesets::warn_before(&u.view, text));
        if let Some(w) = warning
            && self.held.as_deref() != Some(text)
        {
            self.held = Some(text.to_string());
            self.warn(format!("{w} Enter again sends it."));
            self.open_editor(text);
            return Vec::new();
        }
        self.held = None;
        let s = &mut self.sessions[self.active];
        s.seq += 1;
        let msg = ClientMsg::Command {
            seq: s.seq,
            text: text.to_string(),
        };
        self.flash = Some(Flash {
            text: format!("Sent: {text}"),
            kind: FlashKind::Sent,
        });
        self.action = None;
        self.clicked = None;
        vec![Effect::Send(self.active, msg)]
    }

    /// Sends a message to the host of the active session; while the connection is being
    /// made again, nothing is queued to go later: the player is told it was not sent.
    fn send(&mut self, msg: ClientMsg) -> Vec<Effect> {
        if self.st().reconnecting {
            let what = match &msg {
                ClientMsg::Chat { text } => format!("\"{text}\""),
                ClientMsg::Ready(true) => "ready".into(),
                ClientMsg::Ready(false) => "not ready".into(),
                ClientMsg::Color(c) => format!("colour {c}"),
                ClientMsg::Hint => "hint".into(),
                _ => "that".into(),
            };
            self.warn(format!(
                "{NOT_SENT} {what}. The connection to the host is lost; reconnecting…"
            ));
            return Vec::new();
        }
        vec![Effect::Send(self.active, msg)]
    }
}

/// Words the command line runs itself instead of sending them to the host.
pub const LOCAL_WORDS: [&str; 8] = [
    "say ", "help", "quit", "names", "legal", "ready", "start", "color ",
];

/// Whether the game waits for this client's seat (the host says so with each update) and
/// the seat has a command to send.
pub fn must_act(st: &ClientState) -> bool {
    st.seat.is_some()
        && st.update.as_ref().is_some_and(|u| u.waiting_for_you)
        && !st.legal().is_empty()
}
