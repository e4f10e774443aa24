//! The host's table: the one owner of the game. It seats people and bots, applies commands in
//! the order they arrive, runs the clock, and sends each connection its own view. It does no
//! I/O itself: messages come in as calls and go out through each connection's bounded queue,
//! so it is tested without sockets and shared by TCP hosting and the hot-seat mode.

use super::bots::{BotMaker, TableBot};
use crate::bots::BotKind;
use crate::engine::{Millis, RuleError, Seat};
use crate::proto::moves::{EventKind, Move};
use crate::proto::{
    COLORS, ClientMsg, GameInfo, LobbyView, PROTOCOL_VERSION, SeatInfo, ServerMsg, Update,
};
use crate::recap::{Recorder, Summary};
use crate::record::Entry;
use crate::rules::words::spots_as_typed;
use crate::ruleset::Ruleset;
use crate::save::{SaveNews, SaveWriter};
use crate::variants::Game;
use bytes::Bytes;
use std::collections::{HashMap, VecDeque};
use tokio::sync::mpsc;

/// One connection, as the table knows it.
pub type ConnId = u64;

pub use super::wire_queue::Frame;

mod broadcast;
mod clock;
pub mod coach;
mod lobby;
mod outbox;
mod seats;

use seats::new_token;
pub use seats::{SavedSeat, saved_seats};

use super::rate::{Bucket, Pace};
pub use coach::{Coach, CoachJob, CoachNews, Hints};
use outbox::Built;
pub use outbox::{Outbox, Outgoing, Sent};

/// Updates of one broadcast built at once, by two threads, before they are sent.
const PARALLEL_CHUNK: usize = 128;

/// Messages a connection may queue before it counts as too slow and is dropped.
pub const QUEUE: usize = 256;

/// Messages a connection may send between [`ServerMsg::NameHeld`] and its second hello.
const WAITING: usize = 64;

/// Chat lines a connection may send per second; past them its lines are dropped (it is told
/// once per second): a chat line goes to every connection.
pub const CHAT_PER_SEC: u32 = 3;

/// Lobby changes (ready, colour) a connection may make per second; past them they are
/// ignored (it is told once per second): each is sent to every seat.
pub const LOBBY_PER_SEC: u32 = 5;

/// Events kept so a player who comes back reads what they missed.
pub const HISTORY: usize = 2000;
/// Lines of that history sent to a player who comes back.
pub const HISTORY_SENT: usize = 200;

/// How the host runs the table.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// The game's name on the LAN.
    pub name: String,
    /// Seats that bots take from the start.
    pub bots: usize,
    pub bot_kind: BotKind,
    /// Levels of the bot seats in seat order (`--bot-kind hard,medium`); seats past the
    /// list, or all when it is empty, get `bot_kind`.
    pub bot_levels: Vec<BotKind>,
    /// A hard bot's playouts per decision; `None` thinks for `bot_think_ms` (at most 1 s).
    pub bot_budget: Option<u32>,
    /// How long a bot waits before acting, so people can follow.
    pub bot_think_ms: Millis,
    /// How long a disconnected seat waits before a bot plays for it.
    pub away_ms: Millis,
    /// Start this long after the first person sits down, filling empty seats with bots.
    pub start_after_ms: Option<Millis>,
    /// Seed for the bots' own choices.
    pub seed: u64,
    /// Commands a connection may send per second before it is told to slow down.
    pub rate_per_sec: u32,
    /// People sit down not ready, so the lobby stays up until they say ready or the host
    /// starts (the hot-seat setup screen); otherwise joiners are ready at once.
    pub hold_in_lobby: bool,
    /// The game's identity ([`GameInfo::id`]) as its save keeps it; `None` makes a new one.
    pub game_id: Option<String>,
    /// A private table (`catan host --password`): every hello but the host's own terminal's
    /// must bring it, players and spectators alike.
    pub password: Option<String>,
    /// Whether players may ask for hints ([`Hints`]).
    pub hints: Hints,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            name: "catan".into(),
            bots: 0,
            bot_kind: BotKind::Heuristic,
            bot_levels: Vec::new(),
            bot_budget: None,
            bot_think_ms: 600,
            away_ms: 30_000,
            start_after_ms: None,
            seed: 0,
            rate_per_sec: 20,
            hold_in_lobby: false,
            game_id: None,
            password: None,
            hints: Hints::default(),
        }
    }
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Occupant {
    Empty,
    Person,
    Bot,
}

#[derive(Clone, Debug)]
struct Slot {
    occupant: Occupant,
    name: String,
    /// The secret that lets a client come back to this seat.
    token: String,
    conn: Option<ConnId>,
    color: String,
    ready: bool,
    /// When a person's connection dropped.
    away_since: Option<Millis>,
    /// The seat lists say a bot plays for this away person: set when the grace period
    /// ends, not when the connection drops, so nobody reads "bot plays" while it does not.
    covered: bool,
    /// The person quit (their client said goodbye) rather than dropping: the seat is held
    /// all the same, but the table is told they left, not that their connection was lost.
    left: bool,
    /// The record says a bot plays for this away person (its `away` line): the `back` line is
    /// owed when they return, so a review holds none of the bot's moves against them.
    away_in_record: bool,
}

#[derive(Debug)]
struct Conn<V> {
    tx: Outbox<V>,
    seat: Option<Seat>,
    watch: bool,
    /// The host's own terminal: may start the game and manage bots.
    is_host: bool,
    greeted: bool,
    /// Told the seat its hello named is held ([`ServerMsg::NameHeld`]): the next hello
    /// without that seat's token is refused.
    told_held: bool,
    /// Messages that came after NameHeld and before the second hello, handled after it.
    waiting: Vec<ClientMsg>,
    last_seq: Option<u32>,
    /// Commands in the current second, for rate limiting.
    commands: Bucket,
    peer: String,
    /// Told it fell behind; closes once the table task handles the effects.
    dropping: bool,
    /// What a hall sent this connection last (left at its default outside a hall).
    hall: HallSent,
    /// Chat lines and lobby changes in the current second.
    chat: Bucket,
    lobby: Bucket,
}

/// What a hall last sent one connection, so the next update sends only what changed: the
/// fields of a [`Conn`] that only a hall ([`Ruleset::is_hall`]) reads.
#[derive(Debug, Default)]
struct HallSent {
    /// The seat changes (`Table::seat_changes`) this connection was last sent.
    seats_seen: u64,
    /// The seats whose entries this connection was sent since that change, sorted: a
    /// round's start that moves the top of the standings sends only the seats new to it.
    seats_known: Vec<Seat>,
    /// The fingerprint of the pieces ([`Ruleset::pieces_mark`]) in the last view this
    /// connection was sent by a broadcast, while it still holds them: a change whose mark is
    /// the same leaves the pieces out. `None`: send them.
    pieces_sent: Option<u64>,
    /// The fingerprint ([`legal_mark`]) of the legal commands this connection was last given
    /// (in an update or an answer to [`ClientMsg::Legal`]): an update after which they are
    /// the same says so instead of sending them again. `None`: nothing given yet.
    legal_sent: Option<u64>,
}

/// How full the table is, for the LAN announcement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStatus {
    pub seats: usize,
    pub taken: usize,
    pub open: usize,
    pub running: bool,
}

/// What the table wants done after a call: connections to close (with the reason), work to
/// run off the table's task.
#[derive(Default)]
pub struct Effects {
    pub close: Vec<(ConnId, String)>,
    /// Work to run on threads of its own ([`coach`]): a hint, the review.
    pub jobs: Vec<CoachJob>,
}

/// The host's table, for any ruleset `G` (the catan host's is [`Game`], the five rulesets).
/// It reaches the rules only through [`Ruleset`], and its bots through a [`BotMaker`].
pub struct Table<G: Ruleset = Game> {
    cfg: TableConfig,
    game: G,
    info: GameInfo,
    started: bool,
    slots: Vec<Slot>,
    conns: HashMap<ConnId, Conn<G::View>>,
    bots: Vec<Option<Box<dyn TableBot<G>>>>,
    /// Makes the bots that take seats.
    make_bot: BotMaker<G>,
    bot_due: Option<Millis>,
    /// The time of the last [`Table::tick`]: an away seat whose grace ended by then has been
    /// handed to its bot already, so its end is no longer a moment to wake for.
    ticked: Millis,
    version: u64,
    first_person_at: Option<Millis>,
    /// Seat news (a seat taken or left, ready, a colour, a bot) waits for the next
    /// [`Table::flush`] instead of going out at once ([`Table::coalesce_seat_news`]).
    coalesce: bool,
    /// Who has seat news waiting: `Some(None)` everyone, `Some(Some(seats))` those seats.
    seat_news: Option<Option<Vec<Seat>>>,
    effects: Effects,
    /// Every accepted command and clock step, in order: the game's record.
    record: Vec<Entry>,
    /// Where the record is saved as it grows.
    save: Option<SaveWriter>,
    /// The latest events, for players who come back.
    /// Recent events, each with the seat a bot played in its person's absence when that
    /// stand-in's move caused it: told to that person, when back, as their bot's doing.
    history: VecDeque<(G::Event, Option<Seat>)>,
    /// The game time the table's clock starts at (a resumed game goes on from its save).
    origin: Millis,
    /// The wall clock when the table task began handling the current input (µs since the
    /// Unix epoch, 0 in tests): updates carry it so clients can time their delivery.
    wall_us: u64,
    /// Clients dropped for falling behind.
    dropped_slow: u64,
    /// The game is a hall (a game of many boards): changes go to the seats they concern.
    hall: bool,
    /// Names by seat ("Seat 3" for an empty one), kept as slots change.
    names: Vec<String>,
    /// The seated names by what they look like, kept with `names`.
    looks: super::names::LookAlikes,
    /// Counts changes of who sits where (every change of a seat is broadcast without game
    /// events): a hall's updates carry the seat list only to those who have not seen the last.
    seat_changes: u64,
    /// The end-of-game summary's accumulator, fed every change.
    recap: Recorder,
    /// The summary, once the game is over (sent to everyone then, and to whoever comes later).
    summary: Option<Box<Summary>>,
    /// What the host works out beside the game: hints, the review ([`coach`]).
    coach: Coach<G>,
    /// Connections whose hint is being worked out (one at a time each).
    hinting: std::collections::HashSet<ConnId>,
    /// The review as it stands, once the game is over (sent to whoever comes later too).
    review: Option<crate::review::ReviewState>,
    /// Who sits where, counted once per change of the seats rather than once per message
    /// (a hall of thousands handles a message every few microseconds).
    occupancy: Occupancy,
}

/// The seats counted by occupant, as the slots were when it was made. `dirty` when a slot may
/// have changed since: then whoever reads it counts the slots instead.
#[derive(Debug, Default)]
struct Occupancy {
    dirty: bool,
    bots: usize,
    empty: usize,
    /// Seats a bot plays or may come to play: bots, and people whose connection is gone
    /// (with when they left), in seat order.
    botlike: Vec<(Seat, Option<Millis>)>,
}

/// Seats a hall's summary lists: the top of its standings.
pub const HALL_SUMMARY_SEATS: usize = 10;

/// A fingerprint of a legal list as a connection was given it: the commands, and whether the
/// offers were left for the client to write ([`Update::legal_offers_left_off`]). Two lists
/// with the same mark are taken to be the same list (a 64-bit hash of the commands themselves,
/// not of what they depend on, so no rule can be forgotten). The offers left off are not in it:
/// the client writes them again from the hand of every update. Foldhash's quality hasher: a
/// round's start marks thousands of lists, and SipHash's resistance to chosen keys buys
/// nothing for lists the game itself made.
fn legal_mark<C: std::hash::Hash>(cmds: &[C], offers_left_off: bool) -> u64 {
    use std::hash::BuildHasher;
    foldhash::quality::FixedState::default().hash_one((cmds, offers_left_off))
}

impl Table<Game> {
    /// The catan host's table: one of the five rulesets, with their bots.
    pub fn new(game: Game, cfg: TableConfig) -> Table {
        Table::with_bots(game, cfg, super::bots::catan_bot)
    }

    /// [`Table::resume_with`] for the five rulesets, with their bots.
    pub fn resume(
        game: Game,
        cfg: TableConfig,
        seats: Vec<SavedSeat>,
        entries: Vec<Entry>,
        events: Vec<<Game as Ruleset>::Event>,
    ) -> Table {
        Table::resume_with(game, cfg, super::bots::catan_bot, seats, entries, events)
    }
}

impl<G: Ruleset> Table<G> {
    /// A table for any ruleset, whose bots `make_bot` makes.
    pub fn with_bots(game: G, cfg: TableConfig, make_bot: BotMaker<G>) -> Table<G> {
        let seats = game.seats();
        let info = GameInfo {
            id: cfg.game_id.clone().unwrap_or_else(new_token),
            variant: game.name().to_string(),
            name: cfg.name.clone(),
            map: game.map_recipe(),
            settings: game.settings_text(),
            help: game.help(),
        };
        let mut t = Table {
            slots: (0..seats)
                .map(|i| Slot {
                    occupant: Occupant::Empty,
                    name: String::new(),
                    token: new_token(),
                    conn: None,
                    color: COLORS[i % COLORS.len()].to_string(),
                    ready: false,
                    away_since: None,
                    covered: false,
                    left: false,
                    away_in_record: false,
                })
                .collect(),
            bots: (0..seats).map(|_| None).collect(),
            make_bot,
            cfg,
            game,
            info,
            started: false,
            conns: HashMap::new(),
            bot_due: None,
            ticked: 0,
            version: 0,
            first_person_at: None,
            coalesce: false,
            seat_news: None,
            effects: Effects::default(),
            record: Vec::new(),
            save: None,
            history: VecDeque::new(),
            origin: 0,
            wall_us: 0,
            dropped_slow: 0,
            hall: false,
            names: (0..seats).map(|i| format!("Seat {}", i + 1)).collect(),
            looks: Default::default(),
            seat_changes: 1,
            recap: Recorder::new(seats),
            summary: None,
            coach: Coach::default(),
            hinting: Default::default(),
            review: None,
            occupancy: Occupancy {
                dirty: true,
                ..Default::default()
            },
        };
        t.hall = t.game.is_hall();
        // Bots take the last seats.
        for i in 0..t.cfg.bots.min(seats) {
            t.seat_bot(seats - 1 - i);
        }
        t.count_seats();
        t
    }

    /// A game resumed from its save: `game` is the replayed state, `entries` the save's
    /// record (it goes on growing), `events` what happened so far. People's seats wait for
    /// their players to come back with their tokens; until then they count as away, so after
    /// the grace period a bot plays for them. The clock goes on from the last entry.
    pub fn resume_with(
        game: G,
        cfg: TableConfig,
        make_bot: BotMaker<G>,
        seats: Vec<SavedSeat>,
        entries: Vec<Entry>,
        events: Vec<G::Event>,
    ) -> Table<G> {
        let origin = entries.iter().map(Entry::at).max().unwrap_or(0);
        let mut t = Table::with_bots(game, TableConfig { bots: 0, ..cfg }, make_bot);
        for (i, s) in seats.into_iter().enumerate().take(t.slots.len()) {
            if s.bot {
                t.seat_bot(i);
            } else {
                let slot = &mut t.slots[i];
                slot.occupant = Occupant::Person;
                slot.ready = true;
                slot.away_since = Some(origin);
            }
            t.slots[i].name = s.name;
            t.sync_name(i);
            t.slots[i].token = s.token;
        }
        for i in 0..t.slots.len() {
            if t.slots[i].occupant == Occupant::Empty {
                t.seat_bot(i);
            }
        }
        for s in crate::record::away_at_end(&entries) {
            if let Some(slot) = t.slots.get_mut(s as usize) {
                slot.away_in_record = true;
            }
        }
        t.record = entries;
        let skip = events.len().saturating_sub(HISTORY);
        t.history = events.into_iter().skip(skip).map(|e| (e, None)).collect();
        t.origin = origin;
        t.started = true;
        t.occupancy.dirty = true;
        t.count_seats();
        t.schedule_bots(origin);
        t
    }

    /// The summary's accumulator as a resumed game's replay left it (the game so far).
    pub fn resume_recap(&mut self, recap: Recorder) {
        self.recap = recap;
    }

    /// The game's summary, once it is over.
    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_deref()
    }

    /// Feeds a change to the summary and, when it ended the game, sends everyone the summary.
    fn recap(&mut self, evs: &[G::Event]) {
        self.recap.feed(&self.game, evs);
        if self.summary.is_some() || self.game.outcome().is_none() {
            return;
        }
        let mut s = self.recap.summary(&self.game, &self.names);
        if self.hall {
            s = s.top(HALL_SUMMARY_SEATS);
        }
        let s = Box::new(s);
        self.summary = Some(s.clone());
        let ids = self.greeted();
        self.send_all(&ids, ServerMsg::Summary(s));
        self.review_at_the_end();
    }

    /// Saves the record to `save` from now on (flushed before every answer).
    pub fn save_to(&mut self, save: SaveWriter) {
        self.save = Some(save);
    }

    /// The wall clock (µs since the Unix epoch) at which the table task began handling the
    /// input that comes next; the table itself reads no clock.
    pub fn set_wall_clock(&mut self, us: u64) {
        self.wall_us = us;
    }

    /// Seats at the table (a hall's players).
    pub fn seat_count(&self) -> usize {
        self.slots.len()
    }

    /// Commands a connection may send per second ([`TableConfig::rate_per_sec`]).
    pub fn rate_per_sec(&self) -> u32 {
        self.cfg.rate_per_sec
    }

    /// Clients dropped so far because they could not keep up.
    pub fn dropped_slow(&self) -> u64 {
        self.dropped_slow
    }

    /// The game time the table's clock starts at: 0, or where a resumed game left off.
    pub fn origin(&self) -> Millis {
        self.origin
    }

    /// Records an entry, saving it first: nobody hears of a command before it is on disk.
    fn push_entry(&mut self, e: Entry) {
        let news = self.save.as_mut().and_then(|save| save.write(&e));
        self.record.push(e);
        if let Some(news) = news {
            self.tell_save_news(&news);
        }
    }

    /// Tells everyone (and the host's log) that the game stopped or started again being saved.
    fn tell_save_news(&mut self, news: &SaveNews) {
        match news {
            SaveNews::Stopped(m) => tracing::error!("{m}"),
            SaveNews::Saving(m) => tracing::warn!("{m}"),
        }
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        self.send_all(&ids, ServerMsg::Notice(news.text().to_string()));
    }

    /// Why the game is not being saved, while it is not (a newcomer hears it on arrival).
    /// A game in progress that its save can bring back (`catan host --resume`): when the
    /// host stops, its players' clients wait for it instead of giving up.
    pub fn resumable(&self) -> bool {
        self.started
            && self.save.as_ref().is_some_and(|s| s.problem().is_none())
            && self.game.outcome().is_none()
    }

    pub fn save_problem(&self) -> Option<&str> {
        self.save.as_ref().and_then(|s| s.problem())
    }

    /// Records who holds seat `i` now.
    fn record_seat(&mut self, i: usize, now: Millis) {
        if !self.started {
            return;
        }
        let s = &self.slots[i];
        let e = Entry::Seat {
            at: now,
            seat: i as Seat,
            bot: s.occupant != Occupant::Person,
            token: s.token.clone(),
            name: s.name.clone(),
        };
        self.push_entry(e);
    }

    fn remember(&mut self, evs: &[G::Event], stand_in: Option<Seat>) {
        self.history
            .extend(evs.iter().map(|e| (e.clone(), stand_in)));
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
    }

    /// Keeps the name list in step with seat `i`.
    fn sync_name(&mut self, i: usize) {
        let s = &self.slots[i];
        self.looks.set(i, &s.name);
        self.names[i] = if s.name.is_empty() {
            format!("Seat {}", i + 1)
        } else {
            s.name.clone()
        };
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game's identity, which its save keeps and its players' tokens are filed under.
    pub fn game_id(&self) -> &str {
        &self.info.id
    }
    /// Seats taken and open to a newcomer, for the LAN announcement: before the start, empty
    /// seats; once running, seats a bot holds (a newcomer takes one over).
    pub fn status(&self) -> TableStatus {
        let open = if !self.occupancy.dirty {
            if self.started {
                self.occupancy.bots
            } else {
                self.occupancy.empty
            }
        } else if self.started {
            self.slots
                .iter()
                .filter(|s| s.occupant == Occupant::Bot)
                .count()
        } else {
            self.slots
                .iter()
                .filter(|s| s.occupant == Occupant::Empty)
                .count()
        };
        TableStatus {
            seats: self.slots.len(),
            taken: self.slots.len() - open,
            open,
            running: self.started,
        }
    }

    pub fn started(&self) -> bool {
        self.started
    }
    pub fn record(&self) -> &[Entry] {
        &self.record
    }
    /// What the table asks its owner to do (close connections).
    pub fn take_effects(&mut self) -> Effects {
        std::mem::take(&mut self.effects)
    }

    fn names(&self) -> Vec<String> {
        self.names.clone()
    }

    fn seat_info(&self, i: usize) -> SeatInfo {
        let s = &self.slots[i];
        SeatInfo {
            name: self.names[i].clone(),
            bot: s.occupant == Occupant::Bot,
            connected: s.occupant == Occupant::Bot || s.conn.is_some(),
            away: s.occupant == Occupant::Person && s.conn.is_none() && s.covered,
            left: s.occupant == Occupant::Person && s.conn.is_none() && s.left,
            color: s.color.clone(),
            ready: s.ready,
            level: (s.occupant == Occupant::Bot)
                .then(|| self.bots[i].as_ref().map(|b| b.label(&self.game)))
                .flatten(),
        }
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        (0..self.slots.len()).map(|i| self.seat_info(i)).collect()
    }

    fn send(&mut self, conn: ConnId, msg: ServerMsg<G::View>) {
        self.send_out(conn, &mut Outgoing::new(msg));
    }

    /// Sends one message to many connections, encoded once: each TCP connection's queue gets
    /// the same bytes.
    /// The connections that said hello: everyone a table-wide message goes to.
    fn greeted(&self) -> Vec<ConnId> {
        self.conns
            .iter()
            .filter(|(_, c)| c.greeted)
            .map(|(id, _)| *id)
            .collect()
    }

    fn send_all(&mut self, ids: &[ConnId], msg: ServerMsg<G::View>) {
        let mut out = Outgoing::new(msg);
        for &id in ids {
            self.send_out(id, &mut out);
        }
    }

    fn send_out(&mut self, conn: ConnId, out: &mut Outgoing<G::View>) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        // The last place in the queue is kept for the message that says why it closes.
        let full = c.tx.capacity() <= 1 && !matches!(out.msg, ServerMsg::Closing { .. });
        let sent = if full {
            Sent::Full
        } else {
            c.tx.offer_shared(out)
        };
        self.after_send(conn, sent);
    }

    /// Sends a message built for one connection ([`Table::build_updates`]).
    fn send_built(&mut self, conn: ConnId, built: Built<G::View>) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let sent = if c.tx.capacity() <= 1 {
            Sent::Full
        } else {
            c.tx.offer_built(built)
        };
        self.after_send(conn, sent);
    }

    /// A connection whose queue is full is dropped: it cannot keep up.
    fn after_send(&mut self, conn: ConnId, sent: Sent) {
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        match sent {
            Sent::Full if !c.dropping => {
                tracing::warn!(conn, peer = %c.peer, "dropping a client that cannot keep up");
                self.dropped_slow += 1;
                c.dropping = true;
                self.effects.close.push((
                    conn,
                    "you fell too far behind; reconnect to catch up".into(),
                ));
            }
            Sent::Queued | Sent::Full | Sent::Gone | Sent::Unsendable => {}
        }
    }

    /// A new connection (TCP or in-process). `is_host` marks the host's own terminal.
    pub fn open(
        &mut self,
        conn: ConnId,
        tx: impl Into<Outbox<G::View>>,
        is_host: bool,
        peer: String,
    ) {
        self.conns.insert(
            conn,
            Conn {
                tx: tx.into(),
                seat: None,
                watch: false,
                is_host,
                greeted: false,
                told_held: false,
                waiting: Vec::new(),
                last_seq: None,
                commands: Bucket::per_sec(self.cfg.rate_per_sec),
                peer,
                dropping: false,
                hall: HallSent::default(),
                chat: Bucket::per_sec(CHAT_PER_SEC),
                lobby: Bucket::per_sec(LOBBY_PER_SEC),
            },
        );
    }

    /// A connection went away.
    pub fn close(&mut self, conn: ConnId, now: Millis) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        if let Some(seat) = c.seat {
            self.occupancy.dirty = true;
            let slot = &mut self.slots[seat as usize];
            if slot.conn == Some(conn) {
                slot.conn = None;
                slot.covered = false;
                if self.started {
                    slot.away_since = Some(now);
                    tracing::info!(seat = seat + 1, name = %slot.name, "left; the seat is held for them");
                } else {
                    tracing::info!(seat = seat + 1, name = %slot.name, "left the lobby");
                    slot.occupant = Occupant::Empty;
                    slot.name.clear();
                    slot.token = new_token();
                    slot.ready = false;
                    self.sync_name(seat as usize);
                }
                let who = self.near(seat);
                self.seat_news(who, now);
            }
        }
        self.count_seats();
    }

    /// A message from a connection.
    pub fn message(&mut self, conn: ConnId, msg: ClientMsg, now: Millis) {
        // A command, a question about one, a chat line, a ping or a question about the
        // host never changes who sits where: the messages a running hall gets by the
        // thousand (every client pings every few seconds) leave the count of the seats as it is.
        if !matches!(
            msg,
            ClientMsg::Command { .. }
                | ClientMsg::Legal
                | ClientMsg::Chat { .. }
                | ClientMsg::Ping(_)
                | ClientMsg::Stats
        ) {
            self.occupancy.dirty = true;
        }
        self.handle(conn, msg, now);
        self.count_seats();
    }

    /// Counts the seats by occupant again if they may have changed ([`Occupancy`]).
    fn count_seats(&mut self) {
        if !self.occupancy.dirty {
            return;
        }
        let mut o = Occupancy::default();
        for (i, s) in self.slots.iter().enumerate() {
            match s.occupant {
                Occupant::Bot => {
                    o.bots += 1;
                    o.botlike.push((i as Seat, None));
                }
                Occupant::Empty => o.empty += 1,
                Occupant::Person if s.conn.is_none() => {
                    o.botlike.push((i as Seat, s.away_since));
                }
                Occupant::Person => {}
            }
        }
        self.occupancy = o;
    }

    fn handle(&mut self, conn: ConnId, msg: ClientMsg, now: Millis) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if !c.greeted {
            match msg {
                ClientMsg::Hello {
                    version,
                    name,
                    token,
                    watch,
                    color,
                    password,
                } => {
                    if let Some(why) = self.private_refusal(conn, version, password.as_deref()) {
                        self.refuse(conn, why);
                        return;
                    }
                    self.hello(conn, version, name, token, watch, color, now);
                    // What came while the host waited for this hello, in its order: a
                    // client's `state` asked meanwhile is answered with its seat back.
                    let waiting = match self.conns.get_mut(&conn) {
                        Some(c) if c.greeted => std::mem::take(&mut c.waiting),
                        _ => Vec::new(),
                    };
                    for m in waiting {
                        self.message(conn, m, now);
                    }
                }
                // Between NameHeld and the second hello, the client's heartbeat and early
                // questions wait for the hello, which decides.
                _ if c.told_held && c.waiting.len() < WAITING => {
                    if let Some(c) = self.conns.get_mut(&conn) {
                        c.waiting.push(msg);
                    }
                }
                _ => self.refuse(conn, "say hello first".into()),
            }
            return;
        }
        match msg {
            ClientMsg::Hello { .. } => self.refuse(conn, "hello was already said".into()),
            ClientMsg::Command { seq, text } => self.command(conn, seq, &text, now),
            ClientMsg::Hint => self.hint_asked(conn),
            ClientMsg::Legal => {
                let seat = self.conns.get(&conn).and_then(|c| c.seat);
                let (legal, moves, mark) = match seat {
                    Some(s) if self.started => {
                        let cmds = self.game.legal(s);
                        let (texts, moves) = self.legal_forms(&cmds);
                        (texts, moves, Some(legal_mark(&cmds, false)))
                    }
                    _ => (Vec::new(), Vec::new(), None),
                };
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.hall.legal_sent = mark;
                }
                self.send(conn, ServerMsg::Legal(legal, moves));
            }
            ClientMsg::Chat { text } => {
                if !self.paced(conn, now, |c| &mut c.chat, CHAT_PER_SEC, "chat lines") {
                    return;
                }
                let text: String = text.chars().take(300).collect();
                let from = match self.conns[&conn].seat {
                    Some(s) => self.names[s as usize].clone(),
                    None => "spectator".into(),
                };
                // One chat line, encoded once, the same bytes to every connection.
                let ids: Vec<ConnId> = self.conns.keys().copied().collect();
                self.send_all(&ids, ServerMsg::Chat { from, text });
            }
            ClientMsg::Ready(r) => {
                // Ready only matters in the lobby, and saying it again changes nothing: no
                // update goes out for either.
                if let Some(s) = self.conns[&conn].seat
                    && !self.started
                    && self.slots[s as usize].ready != r
                    && self.paced(conn, now, |c| &mut c.lobby, LOBBY_PER_SEC, "lobby changes")
                {
                    self.slots[s as usize].ready = r;
                    self.maybe_start(now);
                    let who = self.near(s);
                    self.seat_news(who, now);
                }
            }
            ClientMsg::Color(col) => self.choose_color(conn, &col, now),
            ClientMsg::Start => {
                if self.conns[&conn].is_host && !self.started {
                    self.start(now);
                } else if !self.started {
                    self.send(
                        conn,
                        ServerMsg::Notice("only the host starts the game".into()),
                    );
                }
            }
            ClientMsg::AddBot => {
                if self.conns[&conn].is_host
                    && !self.started
                    && let Some(i) = self
                        .slots
                        .iter()
                        .rposition(|s| s.occupant == Occupant::Empty)
                {
                    self.seat_bot(i);
                    self.maybe_start(now);
                    self.seat_news(None, now);
                }
            }
            ClientMsg::RemoveBot => {
                if self.conns[&conn].is_host
                    && !self.started
                    && let Some(i) = self.slots.iter().rposition(|s| s.occupant == Occupant::Bot)
                {
                    self.slots[i].occupant = Occupant::Empty;
                    self.slots[i].name.clear();
                    self.sync_name(i);
                    self.bots[i] = None;
                    self.seat_news(None, now);
                }
            }
            ClientMsg::Kick(seat) => {
                if self.conns[&conn].is_host && (seat as usize) < self.slots.len() {
                    if let Some(victim) = self.slots[seat as usize].conn {
                        self.effects
                            .close
                            .push((victim, "the host removed you from the table".into()));
                    }
                    if !self.started {
                        let slot = &mut self.slots[seat as usize];
                        slot.occupant = Occupant::Empty;
                        slot.name.clear();
                        slot.conn = None;
                        slot.token = new_token();
                        self.sync_name(seat as usize);
                        self.bots[seat as usize] = None;
                    }
                    self.seat_news(None, now);
                }
            }
            ClientMsg::BotLevel(seat) => {
                let i = seat as usize;
                let bot_seat = self
                    .slots
                    .get(i)
                    .is_some_and(|s| s.occupant == Occupant::Bot);
                if !self.conns[&conn].is_host || self.started || !bot_seat {
                    let why = if !self.conns[&conn].is_host {
                        "only the host changes a bot's level"
                    } else if self.started {
                        "bots keep their level once the game has started"
                    } else {
                        "that seat has no bot"
                    };
                    self.send(conn, ServerMsg::Notice(why.into()));
                } else {
                    let kind = self.bots[i]
                        .as_ref()
                        .map_or(self.cfg.bot_kind, |b| b.kind());
                    let next = kind.next_level();
                    self.bots[i] =
                        Some(self.new_bot(next, self.cfg.seed ^ ((i as u64 + 1) * 0x9e37)));
                    self.seat_news(None, now);
                }
            }
            ClientMsg::Ping(t) => self.send(conn, ServerMsg::Pong(t)),
            // The table task answers it (it reads the process's memory, the table does no I/O).
            ClientMsg::Stats => {}
            ClientMsg::Bye => {
                if let Some(seat) = self.conns[&conn].seat {
                    let slot = &mut self.slots[seat as usize];
                    slot.left = slot.conn == Some(conn);
                }
                self.effects.close.push((conn, "goodbye".into()));
            }
        }
    }

    /// Counts a message in the connection's `bucket` (`per_sec` a second): whether it may go
    /// on. The first refused is told to slow down; the rest are dropped silently.
    fn paced(
        &mut self,
        conn: ConnId,
        now: Millis,
        bucket: impl Fn(&mut Conn<G::View>) -> &mut Bucket,
        per_sec: u32,
        what: &str,
    ) -> bool {
        let Some(c) = self.conns.get_mut(&conn) else {
            return false;
        };
        match bucket(c).hit(now) {
            Pace::Fine => true,
            Pace::TooFast => {
                let note =
                    format!("slow down: at most {per_sec} {what} a second; the rest are dropped");
                self.send(conn, ServerMsg::Notice(note));
                false
            }
            Pace::Dropped => false,
        }
    }

    fn refuse(&mut self, conn: ConnId, reason: String) {
        let peer = self
            .conns
            .get(&conn)
            .map(|c| c.peer.clone())
            .unwrap_or_default();
        tracing::info!(conn, %peer, %reason, "refused");
        self.send(
            conn,
            ServerMsg::Refused {
                reason: reason.clone(),
            },
        );
        self.effects.close.push((conn, reason));
    }

    /// An event as a log line for `seat` (or a spectator), with its kind; `None` when that
    /// viewer is told nothing of it.
    fn log_line(&self, e: &G::Event, seat: Option<Seat>) -> Option<(String, EventKind)> {
        let text = self.game.describe(e, seat, &self.names)?;
        Some((text, self.game.event_kind(e)))
    }

    /// A seat's legal commands as an update carries them (nothing before the start).
    fn legal_texts(&self, seat: Seat) -> (Vec<String>, Vec<Move>) {
        if !self.started {
            return (Vec::new(), Vec::new());
        }
        self.legal_forms(&self.game.legal(seat))
    }

    /// Commands as an update carries them: their text, and what each does.
    fn legal_forms(&self, cmds: &[G::Command]) -> (Vec<String>, Vec<Move>) {
        let texts = cmds.iter().map(|c| self.game.format(c)).collect();
        (texts, cmds.iter().map(|c| self.game.move_of(c)).collect())
    }

    fn command(&mut self, conn: ConnId, seq: u32, text: &str, now: Millis) {
        let Some(c) = self.conns.get_mut(&conn) else {
            // A command from a connection that already closed: nobody to answer.
            return;
        };
        // Rate limit: a burst is fine, a flood is not (four times the rate refused in a row).
        let through = c.commands.take(now);
        if c.commands.refused() > self.cfg.rate_per_sec.saturating_mul(4) {
            let reason = "too many commands: flooding is not allowed".to_string();
            tracing::warn!(conn, peer = %c.peer, "closed for flooding");
            self.effects.close.push((conn, reason));
            return;
        }
        if !through {
            self.send(
                conn,
                ServerMsg::Rejected {
                    seq,
                    reason: "slow down: too many commands at once".into(),
                },
            );
            return;
        }
        if c.last_seq.is_some_and(|l| seq <= l) {
            let last = c.last_seq.unwrap_or(0);
            tracing::info!(conn, seq, last, "stale command refused");
            self.send(
                conn,
                ServerMsg::Rejected {
                    seq,
                    reason: format!("stale command #{seq} (already had #{last})"),
                },
            );
            return;
        }
        c.last_seq = Some(seq);
        let Some(seat) = c.seat else {
            self.send(
                conn,
                ServerMsg::Rejected {
                    seq,
                    reason: "you are watching: spectators cannot play".into(),
                },
            );
            return;
        };
        if !self.started {
            self.send(
                conn,
                ServerMsg::Rejected {
                    seq,
                    reason: "the game has not started yet".into(),
                },
            );
            return;
        }
        let text: String = text.chars().take(200).collect();
        let cmd = match self.game.parse(seat, &text) {
            Ok(c) => c,
            Err(e) => {
                self.send(conn, ServerMsg::Rejected { seq, reason: e.0 });
                return;
            }
        };
        if let Err(e) = self.play(seat, &cmd, now, Some((conn, seq))) {
            // The rules name spots canonically; the player reads the names they typed.
            let reason = spots_as_typed(&e.0, &text, &self.game.format(&cmd));
            self.send(conn, ServerMsg::Rejected { seq, reason });
        }
    }

    /// Plays `cmd` for `seat`: applies it, records its text and sends everyone their view of
    /// what changed (`reply`: the connection and sequence number it answers). The one way a
    /// command enters the game, a person's or a bot's; a refusal changes nothing.
    fn play(
        &mut self,
        seat: Seat,
        cmd: &G::Command,
        now: Millis,
        reply: Option<(ConnId, u32)>,
    ) -> Result<(), RuleError> {
        let evs = self.game.apply(seat, cmd, now)?;
        let text = self.game.format(cmd);
        if let Some(slot) = self.slots.get_mut(seat as usize)
            && slot.occupant == Occupant::Person
            && slot.conn.is_none()
            && !slot.away_in_record
        {
            // A bot's first move for this away person: the record says whose moves follow.
            slot.away_in_record = true;
            self.push_entry(Entry::Away {
                at: now,
                seat,
                away: true,
            });
        }
        self.push_entry(Entry::Command {
            at: now,
            seat,
            text,
        });
        self.after_reply(evs, now, reply, Some(seat));
        Ok(())
    }

    /// Sends every connection its view of what changed (in a hall, the connections it
    /// concerns), and schedules bots. `actor` is the seat whose move it was, if any.
    fn after_change(&mut self, evs: Vec<G::Event>, now: Millis, actor: Option<Seat>) {
        self.after_reply(evs, now, None, actor);
    }

    /// As [`Table::after_change`], telling one connection which of its commands caused it.
    fn after_reply(
        &mut self,
        evs: Vec<G::Event>,
        now: Millis,
        reply: Option<(ConnId, u32)>,
        actor: Option<Seat>,
    ) {
        // A person's seat that moved with nobody connected to it: a bot stood in.
        let stand_in = actor.filter(|s| {
            self.slots
                .get(*s as usize)
                .is_some_and(|slot| slot.occupant == Occupant::Person && slot.conn.is_none())
        });
        self.remember(&evs, stand_in);
        let who = self.game.audience(actor, &evs);
        self.broadcast(&evs, now, reply, who);
        self.recap(&evs);
        self.schedule_bots(now);
    }

    /// A person took over a bot's seat in the running game: the ruleset hears of it (the Big
    /// Game's robbers' grace counts again) and the record keeps it for replays.
    fn took_over(&mut self, seat: Seat, now: Millis) {
        let evs = self.game.seat_taken_over(seat);
        if !evs.is_empty() {
            self.push_entry(Entry::TakeOver { at: now, seat });
            self.seat_changes += 1;
            let who = self.game.audience(Some(seat), &evs);
            self.broadcast(&evs, now, None, who);
            self.recap(&evs);
        }
    }

    /// Seats changed (who sits where, ready, colours, bots): `who` must hear of it. With
    /// coalescing on, the news waits for [`Table::flush`], so a burst of lobby traffic costs
    /// each connection one update, not one per change.
    fn seat_news(&mut self, who: Option<Vec<Seat>>, now: Millis) {
        if !self.coalesce {
            self.broadcast(&[], now, None, who);
            return;
        }
        self.seat_news = Some(match (self.seat_news.take(), who) {
            (None, who) => who,
            (Some(None), _) | (Some(Some(_)), None) => None,
            (Some(Some(mut a)), Some(b)) => {
                a.extend(b);
                a.sort_unstable();
                a.dedup();
                Some(a)
            }
        });
    }

    /// Holds seat news until [`Table::flush`] (the host's table task flushes once per batch
    /// of messages it handles, and on every tick). Off by default: a table driven call by
    /// call, as in tests, sends each change at once.
    pub fn coalesce_seat_news(&mut self, on: bool) {
        self.coalesce = on;
    }

    /// Sends the seat news that waited: one update for each connection concerned.
    pub fn flush(&mut self, now: Millis) {
        if let Some(who) = self.seat_news.take() {
            self.broadcast(&[], now, None, who);
        }
    }
}
