//! The client core: what a client knows, updated only by the host's messages.
//!
//! It serves any ruleset: what it and the plain mode need of a view beyond the rules' own
//! bounds is [`PlainView`] (the five rulesets' [`GameView`] is the default).

use crate::board::Map;
use crate::board::render::Overlay;
use crate::engine::Seat;
use crate::proto::moves::{EventKind, Move};
use crate::proto::{GameInfo, LobbyView, MapRecipe, SeatInfo, ServerMsg, Update};
use crate::review::ReviewState;
use crate::variants::GameView;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a client needs of a ruleset's view ([`crate::ruleset::Ruleset::View`]) beyond
/// decoding it: its map when the view carries one, the plain mode's `state` line and what
/// its `board` draws. A new ruleset implements it for its view to be played with
/// `--plain`.
pub trait PlainView:
    Clone + std::fmt::Debug + serde::de::DeserializeOwned + Send + Sync + 'static
{
    /// The map as this view has it, for a ruleset whose map changes in play (its recipe is
    /// [`MapRecipe::FromView`]); `None` keeps the map built from the welcome's recipe.
    fn map(&self) -> Option<Map> {
        None
    }

    /// The plain mode's `state` line: one JSON object (see [`crate::client::summary`] for
    /// the fields every ruleset has).
    fn state_json(st: &ClientState<Self>, now: Instant) -> serde_json::Value;

    /// What stands on the board, for the plain mode's `board`.
    fn overlay(&self, seats: &[SeatInfo]) -> Overlay;

    /// Whether `board` draws the sea with its names (a ruleset played on the water too).
    fn shows_sea(&self) -> bool {
        false
    }

    /// Whether the game rolls production dice, so `summary` shows the dice and resources.
    fn production_dice(&self) -> bool {
        true
    }

    /// Fills in what this view left out from the previous one (a ruleset whose host may
    /// leave the pieces out: [`crate::ruleset::Ruleset::view_without_pieces`]).
    fn keep_pieces(&mut self, _earlier: &Self) {}

    /// The recipient's own resource cards, for a ruleset whose host may leave a legal list's
    /// offers off ([`crate::ruleset::Ruleset::legal_for_hall`]).
    fn own_hand(&self) -> Option<crate::rules::resources::ResourceSet> {
        None
    }

    /// A warning about `line` before it is sent ([`crate::client::rulesets::warn_before`]).
    fn warn_before(&self, _line: &str) -> Option<String> {
        None
    }
}

/// Log lines kept for scrolling.
pub const LOG_KEEP: usize = 2000;

/// A line for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Something happened in the game, and what kind of thing it is (for its style).
    Event(String, EventKind),
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
    /// The line's words without the kind that `plain` writes before them.
    pub fn words(&self) -> &str {
        match self {
            Line::Event(s, _) | Line::Error(s) | Line::Notice(s) => s,
            Line::Chat { text, .. } => text,
        }
    }

    pub fn plain(&self) -> String {
        match self {
            Line::Event(s, _) => s.clone(),
            Line::Error(s) => format!("error: {s}"),
            Line::Notice(s) => format!("notice: {s}"),
            Line::Chat { from, text } => format!("chat: {from}: {text}"),
        }
    }
}

/// What a client knows of the game (`V`: the ruleset's view).
pub struct ClientState<V = GameView> {
    pub seat: Option<Seat>,
    pub token: Option<String>,
    pub game: Option<GameInfo>,
    pub map: Option<Arc<Map>>,
    pub lobby: Option<LobbyView>,
    pub update: Option<Update<V>>,
    /// When the latest update arrived (the countdown runs from it).
    pub received: Option<Instant>,
    pub log: VecDeque<Line>,
    /// The latest refusal, shown until the next accepted change.
    pub last_error: Option<String>,
    /// Why the connection ended, once it has.
    pub closed: Option<String>,
    /// The connection dropped and the client is trying to come back: nothing is sent until
    /// the host welcomes it again.
    pub reconnecting: bool,
    /// The host stopped its saved game on purpose ([`ServerMsg::Stopped`]): the reconnecting
    /// that follows is a wait for it to resume, not a lost connection.
    pub host_stopped: bool,
    /// Answers to `legal` requests.
    pub legal_reply: Option<Vec<String>>,
    /// The last legal list the host gave (an answer or an update that carried one): an
    /// update that says the list is the same ([`Update::legal_same`]) stands on it.
    last_legal: Vec<String>,
    /// What each command of `last_legal` does.
    last_moves: Vec<Move>,
    /// Whether `last_legal` left its offers off ([`Update::legal_offers_left_off`]).
    last_offers_left_off: bool,
    pub pongs: Vec<u64>,
    /// The kinds of command last announced by [`ClientState::your_move`] while the game waits
    /// for this seat (`None` while it does not), so the announcement is not repeated.
    announced: Option<Vec<String>>,
    /// The game's summary, once the host sends it at the end.
    pub summary: Option<crate::recap::Summary>,
    /// The game's review as the host last told it (its progress, then the review).
    pub review: Option<crate::review::ReviewState>,
    /// The host's last answer to a hint request: `hard`'s move, or why there is none.
    pub hint: Option<Result<crate::proto::Hint, String>>,
}

// Derived Default would ask `V: Default`; a client starts with no view at all.
impl<V> Default for ClientState<V> {
    fn default() -> Self {
        ClientState {
            seat: None,
            token: None,
            game: None,
            map: None,
            lobby: None,
            update: None,
            received: None,
            log: VecDeque::new(),
            last_error: None,
            closed: None,
            reconnecting: false,
            host_stopped: false,
            legal_reply: None,
            last_legal: Vec::new(),
            last_moves: Vec::new(),
            last_offers_left_off: false,
            pongs: Vec::new(),
            announced: None,
            summary: None,
            review: None,
            hint: None,
        }
    }
}

/// How many kinds of command a "your move" line names before it says how many more there are.
const KINDS_SHOWN: usize = 8;

/// The kinds of command in a legal list, in the list's order, each with how many commands of
/// that kind there are. A command's kind is its first word (`settle`, `road`, `play`, `place`,
/// `accept`): what every ruleset's command language starts with, so one summary serves them
/// all.
pub fn command_kinds(legal: &[String]) -> Vec<(String, usize)> {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for cmd in legal {
        let Some(word) = cmd.split_whitespace().next() else {
            continue;
        };
        match kinds.iter_mut().find(|(k, _)| k == word) {
            Some((_, n)) => *n += 1,
            None => kinds.push((word.to_string(), 1)),
        }
    }
    kinds
}

/// A legal list in one line for a player to read: `place (189 choices)`,
/// `roll, play (2 choices), end`.
pub fn summarise_legal(legal: &[String]) -> String {
    let kinds = command_kinds(legal);
    let mut parts: Vec<String> = kinds
        .iter()
        .take(KINDS_SHOWN)
        .map(|(k, n)| {
            if *n > 1 {
                format!("{k} ({n} choices)")
            } else {
                k.clone()
            }
        })
        .collect();
    if kinds.len() > KINDS_SHOWN {
        parts.push(format!("{} more kinds", kinds.len() - KINDS_SHOWN));
    }
    parts.join(", ")
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

impl<V: PlainView> ClientState<V> {
    /// Applies one message from the host; returns the lines it adds.
    pub fn apply(&mut self, msg: ServerMsg<V>, now: Instant) -> Vec<Line> {
        let mut lines = Vec::new();
        match msg {
            ServerMsg::Welcome {
                seat, token, game, ..
            } => {
                self.reconnecting = false;
                self.host_stopped = false;
                // A welcome back: what the seat may do is said again, as on a first join.
                self.announced = None;
                self.seat = seat;
                self.token = (!token.is_empty()).then_some(token);
                self.map = build_map(&game.map);
                lines.push(Line::Notice(match seat {
                    Some(s) => format!(
                        "joined {} ({}) in seat {}",
                        game.name,
                        crate::variants::title_of(&game.variant),
                        s + 1
                    ),
                    None => format!(
                        "watching {} ({})",
                        game.name,
                        crate::variants::title_of(&game.variant)
                    ),
                }));
                self.game = Some(*game);
            }
            ServerMsg::Refused { reason } => {
                lines.push(Line::Error(format!("refused by the host: {reason}")));
                self.closed = Some(reason);
            }
            // The connection answers it with the seat's token (client::net::connect_lasting);
            // it reaches the player only from a connection that cannot.
            ServerMsg::NameHeld { .. } => lines.push(Line::Error(
                "the host says this name holds a seat in its game, and this client has no token for it: choose another name with --name".into(),
            )),
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
                if u.legal_same {
                    u.legal.clone_from(&self.last_legal);
                    u.moves.clone_from(&self.last_moves);
                    u.legal_offers_left_off = self.last_offers_left_off;
                    u.legal_same = false;
                } else if !u.legal_left_out {
                    self.last_legal.clone_from(&u.legal);
                    self.last_moves.clone_from(&u.moves);
                    self.last_offers_left_off = u.legal_offers_left_off;
                }
                // The offers the host left off, written from the hand this view shows.
                if u.legal_offers_left_off {
                    if let Some(hand) = u.view.own_hand() {
                        crate::rules::offers::simple_offer_texts(&hand, &mut u.legal);
                        u.moves.resize(u.legal.len(), Move::OFFER_TO_ALL);
                    }
                    u.legal_offers_left_off = false;
                }
                let earlier = self.update.take();
                if let Some(earlier) = &earlier {
                    u.view.keep_pieces(&earlier.view);
                }
                let before = earlier.map(|p| p.seats).unwrap_or_default();
                if u.seats.is_empty() && u.seats_at.is_empty() {
                    // Nobody changed seats since the last update.
                    u.seats = before;
                } else {
                    let changed: Vec<(usize, &SeatInfo)> = if u.seats_at.is_empty() {
                        u.seats.iter().enumerate().collect()
                    } else {
                        u.seats_at.iter().map(|&s| s as usize).zip(&u.seats).collect()
                    };
                    for news in presence_news(&before, &changed) {
                        lines.push(Line::Notice(news));
                    }
                    if !u.seats_at.is_empty() {
                        let mut all = before;
                        crate::proto::merge_seats(&mut all, &u.seats, &u.seats_at);
                        u.seats = all;
                        u.seats_at.clear();
                    }
                }
                self.lobby = None;
                // A map that changes in play (drifting tiles) comes with every view.
                if let Some(map) = u.view.map() {
                    self.map = Some(Arc::new(map));
                }
                for (i, l) in u.log.iter().enumerate() {
                    let kind = u.log_kinds.get(i).copied().unwrap_or_default();
                    lines.push(Line::Event(l.clone(), kind));
                }
                self.last_error = None;
                self.update = Some(u);
                self.received = Some(now);
            }
            ServerMsg::Rejected { reason, .. } => {
                self.last_error = Some(reason.clone());
                lines.push(Line::Error(reason));
            }
            ServerMsg::Legal(v, moves) => {
                // The answer to the question a hall's update leaves for the client to ask
                // (client::net asks it): the list of the state the latest update shows.
                if let Some(u) = self.update.as_mut().filter(|u| u.legal_left_out) {
                    u.legal = v.clone();
                    u.moves = moves.clone();
                    u.legal_left_out = false;
                }
                self.last_legal.clone_from(&v);
                self.last_moves = moves;
                self.last_offers_left_off = false;
                self.legal_reply = Some(v);
            }
            ServerMsg::Chat { from, text } => lines.push(Line::Chat { from, text }),
            ServerMsg::Pong(t) => self.pongs.push(t),
            ServerMsg::Stats(_) => {}
            ServerMsg::Summary(s) => self.summary = Some(*s),
            ServerMsg::Hint(answer) => {
                lines.push(match &answer {
                    Ok(h) => Line::Notice(format!("Hint: {}", h.why)),
                    Err(why) => Line::Error(format!("No hint: {why}")),
                });
                self.hint = Some(answer);
            }
            ServerMsg::Review(state) => {
                if matches!(state, ReviewState::Ready(_))
                    && !matches!(self.review, Some(ReviewState::Ready(_)))
                {
                    lines.push(Line::Notice(
                        "The game's review is ready: each seat's chance of winning over the game, and its turning points.".into(),
                    ));
                }
                self.review = Some(state);
            }
            ServerMsg::Notice(s) => lines.push(Line::Notice(s)),
            ServerMsg::Stopped(s) => {
                self.host_stopped = true;
                lines.push(Line::Notice(s));
            }
            ServerMsg::Reconnecting(s) => {
                self.reconnecting = true;
                // After the host's own word that it stopped, "lost the connection" is no news.
                if !self.host_stopped {
                    lines.push(Line::Notice(s));
                }
            }
            ServerMsg::Closing { reason } => {
                self.reconnecting = false;
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
}

/// Whether `seat` must ask for its legal commands after this message: an update that left
/// them out ([`Update::legal_left_out`]) while the game waits for this seat.
pub fn asks_legal<V>(msg: &ServerMsg<V>, seat: Option<Seat>) -> bool {
    match (msg, seat) {
        (ServerMsg::Update(u), Some(me)) => u.legal_left_out && u.actors.contains(&me),
        _ => false,
    }
}

impl<V> ClientState<V> {
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

    /// What each of [`ClientState::legal`]'s commands does, in the same order.
    pub fn moves(&self) -> &[Move] {
        self.update.as_ref().map_or(&[], |u| u.moves.as_slice())
    }

    /// The legal commands with what each does: what a screen offers, and the text it sends.
    pub fn legal_moves(&self) -> impl Iterator<Item = (&Move, &String)> {
        self.moves().iter().zip(self.legal())
    }

    /// The line that tells this seat the game now waits for it, once: when the seat joins
    /// the seats the game waits for, or when what it may do changes kind (a placement gives
    /// way to a road, a discard is owed, an offer arrives). `None` while nothing changed, for
    /// spectators, and while the game waits for others. A script or a screen reader learns
    /// its turn from this line instead of polling `state`.
    pub fn your_move(&mut self) -> Option<String> {
        // A hall's update whose legal commands are still on their way says nothing new: the
        // answer decides (and a kind already announced is not announced again).
        if self.update.as_ref().is_some_and(|u| u.legal_left_out) {
            return None;
        }
        let waiting = self.seat.zip(self.update.as_ref()).and_then(|(me, u)| {
            (u.actors.contains(&me) && !u.legal.is_empty()).then_some(&u.legal)
        });
        let Some(legal) = waiting else {
            self.announced = None;
            return None;
        };
        let kinds: Vec<String> = command_kinds(legal).into_iter().map(|(k, _)| k).collect();
        if self.announced.as_ref() == Some(&kinds) {
            return None;
        }
        let line = format!("your move: {}; `legal` lists them", summarise_legal(legal));
        self.announced = Some(kinds);
        Some(line)
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

/// What the log says when a person at the table drops, is covered by a bot after the grace
/// period, or comes back: the seat lists carry it, and without words a player (or the host
/// watching its own table) cannot tell a dropped connection from someone thinking.
/// `changed` pairs a seat's index with its new entry; `before` is the list as it was.
fn presence_news(before: &[SeatInfo], changed: &[(usize, &SeatInfo)]) -> Vec<String> {
    let mut news = Vec::new();
    for &(i, now) in changed {
        let Some(was) = before.get(i) else { continue };
        if was.name != now.name || was.bot || now.bot {
            continue;
        }
        let name = &now.name;
        let gone = if now.left {
            "left the game"
        } else {
            "lost the connection"
        };
        match (was.connected, now.connected, was.away, now.away) {
            (true, false, _, true) => news.push(format!(
                "{name} {gone}; a bot plays for them until they come back."
            )),
            (true, false, _, false) => {
                news.push(format!("{name} {gone}; their seat is held for them."))
            }
            (false, false, false, true) => {
                news.push(format!("A bot plays for {name} until they come back."))
            }
            (false, true, _, _) => news.push(format!("{name} is back.")),
            _ => {}
        }
    }
    news
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    fn list(cmds: &[&str]) -> Vec<String> {
        cmds.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn the_summary_names_each_kind_once_in_order_with_its_count() {
        let legal = list(&["roll", "play knight", "play roads", "end"]);
        assert_eq!(summarise_legal(&legal), "roll, play (2 choices), end");
        let settle: Vec<String> = (0..54).map(|i| format!("settle C{i}.n")).collect();
        assert_eq!(summarise_legal(&settle), "settle (54 choices)");
        assert_eq!(
            command_kinds(&list(&["accept 3", "decline 3", "accept 4"])),
            vec![("accept".to_string(), 2), ("decline".to_string(), 1)]
        );
        assert_eq!(summarise_legal(&[]), "");
    }

    #[test]
    fn a_long_list_of_kinds_says_how_many_more() {
        let legal: Vec<String> = (0..11).map(|i| format!("k{i} x")).collect();
        assert_eq!(
            summarise_legal(&legal),
            "k0, k1, k2, k3, k4, k5, k6, k7, 3 more kinds"
        );
    }

    fn update(actors: Vec<Seat>, legal: &[&str]) -> ServerMsg {
        let view = crate::variants::GameView::Base(
            crate::variants::base::BaseGame::new(crate::variants::base::BaseConfig::new(4, 1))
                .unwrap()
                .view(Some(0)),
        );
        ServerMsg::Update(Box::new(Update {
            version: 1,
            view,
            log: Vec::new(),
            log_kinds: Vec::new(),
            legal: list(legal),
            moves: Vec::new(),
            actors,
            reply_to: None,
            deadline_ms: None,
            seats: Vec::new(),
            seats_at: Vec::new(),
            at_us: 0,
            legal_left_out: false,
            legal_same: false,
            legal_offers_left_off: false,
            waiting_for_you: false,
        }))
    }

    fn with_seats(seats: Vec<SeatInfo>) -> ServerMsg {
        let mut m = update(vec![1], &[]);
        if let ServerMsg::Update(u) = &mut m {
            u.seats = seats;
        }
        m
    }

    fn notices(lines: &[Line]) -> Vec<&str> {
        lines
            .iter()
            .filter_map(|l| match l {
                Line::Notice(n) => Some(n.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_log_says_when_a_person_drops_is_covered_by_a_bot_and_comes_back() {
        let now = Instant::now();
        let person = |connected: bool, away: bool| SeatInfo {
            connected,
            away,
            ..SeatInfo::named("Ann".into(), "red".into())
        };
        let quit = SeatInfo {
            connected: false,
            left: true,
            ..SeatInfo::named("Ann".into(), "red".into())
        };
        let bot = SeatInfo {
            bot: true,
            ..SeatInfo::named("Bot 2".into(), "blue".into())
        };
        let mut st = ClientState::default();
        let first = st.apply(with_seats(vec![person(true, false), bot.clone()]), now);
        assert!(notices(&first).is_empty(), "the first list is no news");
        let dropped = st.apply(with_seats(vec![person(false, false), bot.clone()]), now);
        assert_eq!(
            notices(&dropped),
            ["Ann lost the connection; their seat is held for them."]
        );
        let quiet = st.apply(update(vec![1], &[]), now);
        assert!(notices(&quiet).is_empty(), "no seat list: nothing changed");
        let covered = st.apply(with_seats(vec![person(false, true), bot.clone()]), now);
        assert_eq!(
            notices(&covered),
            ["A bot plays for Ann until they come back."]
        );
        let back = st.apply(with_seats(vec![person(true, false), bot.clone()]), now);
        assert_eq!(notices(&back), ["Ann is back."]);
        // With no grace period the drop and the bot come in one list.
        let at_once = st.apply(with_seats(vec![person(false, true), bot.clone()]), now);
        assert_eq!(
            notices(&at_once),
            ["Ann lost the connection; a bot plays for them until they come back."]
        );
        // Someone who quits on purpose is said to have left.
        st.apply(with_seats(vec![person(true, false), bot.clone()]), now);
        let left = st.apply(with_seats(vec![quit, bot]), now);
        assert_eq!(
            notices(&left),
            ["Ann left the game; their seat is held for them."]
        );
    }

    #[test]
    fn the_wait_is_announced_once_per_kind_of_move() {
        let now = Instant::now();
        let mut st = ClientState {
            seat: Some(0),
            ..ClientState::default()
        };
        st.apply(update(vec![1], &[]), now);
        assert_eq!(st.your_move(), None, "another seat's turn");
        st.apply(update(vec![0], &["settle A.n", "settle B.n"]), now);
        assert_eq!(
            st.your_move().as_deref(),
            Some("your move: settle (2 choices); `legal` lists them")
        );
        st.apply(update(vec![0], &["settle A.n"]), now);
        assert_eq!(st.your_move(), None, "the same kind of move: said already");
        st.apply(update(vec![0], &["road A.n-B.n"]), now);
        assert_eq!(
            st.your_move().as_deref(),
            Some("your move: road; `legal` lists them")
        );
        st.apply(update(vec![1], &[]), now);
        assert_eq!(st.your_move(), None);
        st.apply(update(vec![1, 0], &["accept 1", "decline 1"]), now);
        assert_eq!(
            st.your_move().as_deref(),
            Some("your move: accept, decline; `legal` lists them"),
            "an offer made to this seat"
        );
        // A hall's update leaves the list out until the client's question is answered:
        // nothing is said meanwhile, and the same kind is not said again.
        let mut left_out = update(vec![0], &[]);
        if let ServerMsg::Update(u) = &mut left_out {
            u.legal_left_out = true;
        }
        st.apply(update(vec![0], &["end"]), now);
        assert!(st.your_move().is_some());
        st.apply(left_out, now);
        assert_eq!(st.your_move(), None, "the list is on its way");
        st.apply(ServerMsg::Legal(list(&["end"]), Vec::new()), now);
        assert_eq!(st.legal(), ["end".to_string()]);
        assert_eq!(st.your_move(), None, "`end` was announced already");
        // A neighbour's move that left this seat's commands as they were: the update says
        // so, and the client shows the list it was last given without asking.
        let mut same = update(vec![0], &[]);
        if let ServerMsg::Update(u) = &mut same {
            u.legal_same = true;
        }
        assert!(!asks_legal(&same, Some(0)), "nothing to ask");
        st.apply(same, now);
        assert_eq!(st.legal(), ["end".to_string()]);
        let mut spectator = ClientState::default();
        spectator.apply(update(vec![0], &["settle A.n"]), now);
        assert_eq!(
            spectator.your_move(),
            None,
            "a spectator is never waited for"
        );
    }
}
