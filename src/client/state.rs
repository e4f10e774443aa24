//! The client core: what a client knows, updated only by the host's messages.

use crate::board::Map;
use crate::engine::Seat;
use crate::proto::{GameInfo, LobbyView, MapRecipe, ServerMsg, Update};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Log lines kept for scrolling.
pub const LOG_KEEP: usize = 2000;

/// A line for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Something happened in the game.
    Event(String),
    /// A command was refused.
    Error(String),
    /// From the host.
    Notice(String),
    Chat {
        from: String,
        text: String,
    },
}

impl Line {
    /// One line of `--plain` output.
    pub fn plain(&self) -> String {
        match self {
            Line::Event(s) => s.clone(),
            Line::Error(s) => format!("error: {s}"),
            Line::Notice(s) => format!("notice: {s}"),
            Line::Chat { from, text } => format!("chat: {from}: {text}"),
        }
    }
}

/// What a client knows of the game.
#[derive(Default)]
pub struct ClientState {
    pub seat: Option<Seat>,
    pub token: Option<String>,
    pub game: Option<GameInfo>,
    pub map: Option<Arc<Map>>,
    pub lobby: Option<LobbyView>,
    pub update: Option<Update>,
    /// When the latest update arrived (the countdown runs from it).
    pub received: Option<Instant>,
    pub log: VecDeque<Line>,
    /// The latest refusal, shown until the next accepted change.
    pub last_error: Option<String>,
    /// Why the connection ended, once it has.
    pub closed: Option<String>,
    /// Answers to `legal` requests.
    pub legal_reply: Option<Vec<String>>,
    pub pongs: Vec<u64>,
    /// The game's summary, once the host sends it at the end.
    pub summary: Option<crate::recap::Summary>,
}

/// Builds the map a recipe describes.
pub fn build_map(recipe: &MapRecipe) -> Option<Arc<Map>> {
    match recipe {
        MapRecipe::Single(spec) => Some(Arc::new(Map::single(spec))),
        MapRecipe::Ring { boards, order } => {
            let specs: Vec<&crate::board::BoardSpec> = order
                .iter()
                .filter_map(|i| boards.get(*i as usize))
                .collect();
            (!specs.is_empty()).then(|| Arc::new(Map::ring(&specs)))
        }
        MapRecipe::FromView => None,
    }
}

impl ClientState {
    /// Applies one message from the host; returns the lines it adds.
    pub fn apply(&mut self, msg: ServerMsg, now: Instant) -> Vec<Line> {
        let mut lines = Vec::new();
        match msg {
            ServerMsg::Welcome {
                seat, token, game, ..
            } => {
                self.seat = seat;
                self.token = (!token.is_empty()).then_some(token);
                self.map = build_map(&game.map);
                lines.push(Line::Notice(match seat {
                    Some(s) => format!("joined {} ({}) in seat {}", game.name, game.variant, s + 1),
                    None => format!("watching {} ({})", game.name, game.variant),
                }));
                self.game = Some(*game);
            }
            ServerMsg::Refused { reason } => {
                lines.push(Line::Error(format!("refused by the host: {reason}")));
                self.closed = Some(reason);
            }
            ServerMsg::Lobby(l) => {
                let mut l = *l;
                if !l.seats_at.is_empty() {
                    // A hall's lobby lists the seats near this one: keep the rest as known.
                    let mut all = self
                        .lobby
                        .take()
                        .map(|p| p.seats)
                        .filter(|p| p.len() == l.total)
                        .unwrap_or_else(|| vec![None; l.total]);
                    for (info, &s) in l.seats.drain(..).zip(&l.seats_at) {
                        if let Some(slot) = all.get_mut(s as usize) {
                            *slot = info;
                        }
                    }
                    l.seats = all;
                    l.seats_at.clear();
                }
                self.seat = l.you.or(self.seat);
                self.lobby = Some(l);
            }
            ServerMsg::Update(u) => {
                let mut u = *u;
                if u.seats.is_empty() && u.seats_at.is_empty() {
                    // Nobody changed seats since the last update.
                    u.seats = self.update.take().map(|p| p.seats).unwrap_or_default();
                } else if !u.seats_at.is_empty() {
                    let mut all = self.update.take().map(|p| p.seats).unwrap_or_default();
                    crate::proto::merge_seats(&mut all, &u.seats, &u.seats_at);
                    u.seats = all;
                    u.seats_at.clear();
                }
                self.lobby = None;
                // Adaptations' tiles drift: its map comes with every view.
                if let crate::variants::GameView::Adaptations(v) = &u.view {
                    self.map = Some(Arc::new(v.map()));
                }
                for l in &u.log {
                    lines.push(Line::Event(l.clone()));
                }
                self.last_error = None;
                self.update = Some(u);
                self.received = Some(now);
            }
            ServerMsg::Rejected { reason, .. } => {
                self.last_error = Some(reason.clone());
                lines.push(Line::Error(reason));
            }
            ServerMsg::Legal(v) => self.legal_reply = Some(v),
            ServerMsg::Chat { from, text } => lines.push(Line::Chat { from, text }),
            ServerMsg::Pong(t) => self.pongs.push(t),
            ServerMsg::Stats(_) => {}
            ServerMsg::Summary(s) => self.summary = Some(*s),
            ServerMsg::Notice(s) => lines.push(Line::Notice(s)),
            ServerMsg::Closing { reason } => {
                lines.push(Line::Notice(format!(
                    "the host closed the connection: {reason}"
                )));
                self.closed = Some(reason);
            }
        }
        for l in &lines {
            self.log.push_back(l.clone());
        }
        while self.log.len() > LOG_KEEP {
            self.log.pop_front();
        }
        lines
    }

    /// Seconds left on the running timer, counted down from when the update arrived.
    pub fn deadline_secs(&self, now: Instant) -> Option<f64> {
        let u = self.update.as_ref()?;
        let ms = u.deadline_ms?;
        let since = self
            .received
            .map_or(Duration::ZERO, |r| now.saturating_duration_since(r));
        Some((ms as f64 / 1000.0 - since.as_secs_f64()).max(0.0))
    }

    /// The commands this seat may send now.
    pub fn legal(&self) -> &[String] {
        self.update.as_ref().map_or(&[], |u| u.legal.as_slice())
    }

    /// Names by seat.
    pub fn names(&self) -> Vec<String> {
        match (&self.update, &self.lobby) {
            (Some(u), _) => u.seats.iter().map(|s| s.name.clone()).collect(),
            (None, Some(l)) => l
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.as_ref()
                        .map_or(format!("Seat {}", i + 1), |s| s.name.clone())
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}
