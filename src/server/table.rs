//! The host's table: the one owner of the game. It seats people and bots, applies commands in
//! the order they arrive, runs the clock, and sends each connection its own view. It does no
//! I/O itself: messages come in as calls and go out through each connection's bounded queue,
//! so it is tested without sockets and shared by TCP hosting and the hot-seat mode.

use super::bots::{BotMaker, TableBot};
use crate::bots::BotKind;
use crate::engine::{Millis, Seat};
use crate::proto::{
    COLORS, ClientMsg, GameInfo, LobbyView, PROTOCOL_VERSION, SeatInfo, ServerMsg, Update,
};
use crate::recap::{Recorder, Summary};
use crate::record::Entry;
use crate::ruleset::Ruleset;
use crate::save::{SaveNews, SaveWriter};
use crate::variants::Game;
use bytes::Bytes;
use std::collections::{HashMap, VecDeque};
use tokio::sync::mpsc;

/// One connection, as the table knows it.
pub type ConnId = u64;

pub use super::wire_queue::Frame;

/// Where the table puts a connection's messages: an in-process client (the host's own
/// terminal, hot-seat) takes them as they are; a TCP connection's writer takes them encoded,
/// so that what many connections share (a spectator's update, a chat line, a notice) is
/// encoded once, not once per connection, and a crowd costs a reference each.
#[derive(Debug)]
pub enum Outbox<V> {
    Local(mpsc::Sender<ServerMsg<V>>),
    Wire(super::wire_queue::WireTx),
}

// Derived Clone would ask `V: Clone`; an outbox clones its channel.
impl<V> Clone for Outbox<V> {
    fn clone(&self) -> Self {
        match self {
            Outbox::Local(tx) => Outbox::Local(tx.clone()),
            Outbox::Wire(tx) => Outbox::Wire(tx.clone()),
        }
    }
}

impl<V> From<mpsc::Sender<ServerMsg<V>>> for Outbox<V> {
    fn from(tx: mpsc::Sender<ServerMsg<V>>) -> Self {
        Outbox::Local(tx)
    }
}

impl<V> From<super::wire_queue::WireTx> for Outbox<V> {
    fn from(tx: super::wire_queue::WireTx) -> Self {
        Outbox::Wire(tx)
    }
}

/// What came of putting a message in a connection's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    Queued,
    /// The queue is full (its last place is kept for a closing message).
    Full,
    /// The connection is gone.
    Gone,
    /// The message could not be encoded (logged): nothing was queued.
    Unsendable,
}

/// A message on its way to one or many connections, encoded at most once.
pub struct Outgoing<V> {
    msg: ServerMsg<V>,
    frame: Option<Bytes>,
}

impl<V: serde::Serialize + Clone> Outgoing<V> {
    pub fn new(msg: ServerMsg<V>) -> Self {
        Outgoing { msg, frame: None }
    }

    /// The message encoded, once.
    fn frame(&mut self) -> Option<Bytes> {
        if self.frame.is_none() {
            match crate::proto::codec::frame(&self.msg) {
                Ok(f) => self.frame = Some(f),
                Err(e) => tracing::error!(error = %e, "a message could not be encoded"),
            }
        }
        self.frame.clone()
    }
}

impl<V: serde::Serialize + Clone> Outbox<V> {
    /// Places left in the queue.
    pub fn capacity(&self) -> usize {
        match self {
            Outbox::Local(tx) => tx.capacity(),
            Outbox::Wire(tx) => tx.capacity(),
        }
    }

    /// Queues a message, encoding it for a TCP connection; never waits.
    pub fn offer(&self, msg: ServerMsg<V>) -> Sent {
        match self {
            Outbox::Local(tx) => sent(tx.try_send(msg)),
            Outbox::Wire(_) => self.offer_shared(&mut Outgoing::new(msg)),
        }
    }

    /// Queues a message that other connections may get too: a TCP connection gets the bytes
    /// it was encoded to the first time, an in-process one a copy.
    pub fn offer_shared(&self, out: &mut Outgoing<V>) -> Sent {
        let last = matches!(
            out.msg,
            ServerMsg::Closing { .. } | ServerMsg::Refused { .. }
        );
        match self {
            Outbox::Local(tx) => sent(tx.try_send(out.msg.clone())),
            Outbox::Wire(tx) => match out.frame() {
                Some(bytes) => sent(tx.try_send(Frame { bytes, last })),
                None => Sent::Unsendable,
            },
        }
    }

    /// Queues a frame built for this connection alone (a hall's update, encoded by the
    /// thread that built it); an in-process connection takes the message.
    fn offer_built(&self, built: Built<V>) -> Sent {
        match (self, built) {
            (Outbox::Local(tx), Built::Msg(m)) => sent(tx.try_send(m)),
            (Outbox::Wire(tx), Built::Frame(bytes)) => {
                sent(tx.try_send(Frame { bytes, last: false }))
            }
            (Outbox::Wire(_), Built::Msg(m)) => self.offer(m),
            (Outbox::Local(_), Built::Frame(_)) | (_, Built::Nothing) => Sent::Unsendable,
        }
    }
}

fn sent<T>(r: Result<(), mpsc::error::TrySendError<T>>) -> Sent {
    match r {
        Ok(()) => Sent::Queued,
        Err(mpsc::error::TrySendError::Full(_)) => Sent::Full,
        Err(mpsc::error::TrySendError::Closed(_)) => Sent::Gone,
    }
}

/// One connection's update as a build thread leaves it: encoded for a TCP connection (the
/// thread does the encoding, not the table), as it is for an in-process one.
enum Built<V> {
    Msg(ServerMsg<V>),
    Frame(Bytes),
    Nothing,
}

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

/// Counts one kind of message in the current second, for rate limiting.
#[derive(Clone, Copy, Debug, Default)]
struct Window {
    start: Millis,
    count: u32,
}

/// What a [`Window`] says of one more message.
#[derive(Debug, PartialEq, Eq)]
enum Pace {
    Fine,
    /// The first past the limit this second: say so.
    TooFast,
    /// Past the limit again: drop it silently.
    Dropped,
}

impl Window {
    fn hit(&mut self, now: Millis, per_sec: u32) -> Pace {
        if now.saturating_sub(self.start) >= 1000 {
            self.start = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        match self.count.cmp(&(per_sec + 1)) {
            std::cmp::Ordering::Less => Pace::Fine,
            std::cmp::Ordering::Equal => Pace::TooFast,
            std::cmp::Ordering::Greater => Pace::Dropped,
        }
    }
}

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
        }
    }
}

/// What every connection's update shares, computed once per broadcast. In a hall the seat
/// list and the actors are made per recipient instead (its neighbourhood), so they are `None`.
struct Shared {
    seats: Option<Vec<SeatInfo>>,
    deadline_ms: Option<Millis>,
    actors: Option<Vec<Seat>>,
    /// Lobby: seats taken, and colours nobody has.
    taken: usize,
    free_colors: Vec<String>,
}

/// One connection's part of a broadcast, decided before the updates are built.
struct Planned {
    id: ConnId,
    seats: SeatList,
    /// The view leaves the pieces out: the connection holds them as they are.
    keep_pieces: bool,
    /// The seats its view names ([`Ruleset::shown_seats`]), when the plan needed them.
    shown: Option<Vec<Seat>>,
}

impl Planned {
    /// A whole update, nothing known of the recipient.
    fn whole(id: ConnId) -> Planned {
        Planned {
            id,
            seats: SeatList::Full,
            keep_pieces: false,
            shown: None,
        }
    }
}

/// What an update says of the recipient's legal commands.
enum HallLegal {
    /// These (every update outside a hall, and a hall seat the game waits for); `true`: its
    /// offers were left off ([`Update::legal_offers_left_off`]).
    Listed(Vec<String>, bool),
    /// The list it was last given ([`Update::legal_same`]).
    Same,
    /// None: the game does not wait for it ([`Update::legal_left_out`]; it may ask).
    LeftOut,
}

/// Which seat entries an update carries: a hall's recipient gets those it does not know.
enum SeatList {
    /// None: the seats it knows are as they were.
    Unchanged,
    /// Every seat it is shown.
    Full,
    /// These seats only (sorted), new to it; the others are as it knows them.
    Only(Vec<Seat>),
}

/// A hall's events by the seat they are about, so each recipient reads the events near it
/// without going through everyone's (a round's end closes thousands of offers and discards).
struct EventIndex {
    /// Events about everyone, by position.
    global: Vec<usize>,
    /// Events about one seat: (seat, position), sorted.
    by_seat: Vec<(Seat, usize)>,
}

impl EventIndex {
    fn new<G: Ruleset>(game: &G, evs: &[G::Event]) -> EventIndex {
        let mut global = Vec::new();
        let mut by_seat = Vec::new();
        for (i, e) in evs.iter().enumerate() {
            match game.event_seat(e) {
                Some(s) => by_seat.push((s, i)),
                None => global.push(i),
            }
        }
        by_seat.sort_unstable();
        EventIndex { global, by_seat }
    }

    /// Positions of the events a seat reads, in order.
    fn for_viewer<G: Ruleset>(&self, game: &G, viewer: Seat) -> Vec<usize> {
        let mut v = self.global.clone();
        if !self.by_seat.is_empty() {
            for s in game.audience(Some(viewer), &[]).unwrap_or_default() {
                let lo = self.by_seat.partition_point(|(x, _)| *x < s);
                let hi = self.by_seat.partition_point(|(x, _)| *x <= s);
                v.extend(self.by_seat[lo..hi].iter().map(|(_, i)| *i));
            }
        }
        v.sort_unstable();
        v
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
    window_start: Millis,
    window_count: u32,
    peer: String,
    /// Told it fell behind; closes once the table task handles the effects.
    dropping: bool,
    /// In a hall, the seat changes (`Table::seat_changes`) this connection was last sent.
    seats_seen: u64,
    /// In a hall, the seats whose entries this connection was sent since that change, sorted:
    /// a round's start that moves the top of the standings sends only the seats new to it.
    seats_known: Vec<Seat>,
    /// In a hall, the fingerprint of the pieces ([`Ruleset::pieces_mark`]) in the last view
    /// this connection was sent by a broadcast, while it still holds them: a change whose
    /// mark is the same leaves the pieces out. `None`: send them.
    pieces_sent: Option<u64>,
    /// In a hall, the fingerprint ([`legal_mark`]) of the legal commands this connection was
    /// last given (in an update or an answer to [`ClientMsg::Legal`]): an update after which
    /// they are the same says so instead of sending them again. `None`: nothing given yet.
    legal_sent: Option<u64>,
    /// Chat lines and lobby changes in the current second.
    chat: Window,
    lobby: Window,
}

/// How full the table is, for the LAN announcement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStatus {
    pub seats: usize,
    pub taken: usize,
    pub open: usize,
    pub running: bool,
}

/// What the table wants done after a call: connections to close (with the reason).
#[derive(Debug, Default)]
pub struct Effects {
    pub close: Vec<(ConnId, String)>,
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
    history: VecDeque<G::Event>,
    /// The game time the table's clock starts at (a resumed game goes on from its save).
    origin: Millis,
    /// The wall clock when the table task began handling the current input (µs since the
    /// Unix epoch, 0 in tests): updates carry it so clients can time their delivery.
    wall_us: u64,
    /// Clients dropped for falling behind.
    dropped_slow: u64,
    /// The game is a hall (a Big Game of many boards): changes go to the seats they concern.
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

/// Who held a seat in a saved game, for [`Table::resume`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSeat {
    pub name: String,
    pub token: String,
    pub bot: bool,
}

/// The seats as the `seat` lines of a save left them (seats without one are bots).
pub fn saved_seats(seats: usize, entries: &[Entry]) -> Vec<SavedSeat> {
    let mut v: Vec<SavedSeat> = (0..seats)
        .map(|i| SavedSeat {
            name: format!("Bot {}", i + 1),
            token: new_token(),
            bot: true,
        })
        .collect();
    for e in entries {
        if let Entry::Seat {
            seat,
            bot,
            token,
            name,
            ..
        } = e
            && let Some(s) = v.get_mut(*seat as usize)
        {
            *s = SavedSeat {
                name: name.clone(),
                token: token.clone(),
                bot: *bot,
            };
        }
    }
    v
}

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

fn new_token() -> String {
    use rand::RngExt;
    let mut r = rand::rng();
    format!("{:016x}{:016x}", r.random::<u64>(), r.random::<u64>())
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
        t.record = entries;
        let skip = events.len().saturating_sub(HISTORY);
        t.history = events.into_iter().skip(skip).collect();
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
        let ids: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.greeted)
            .map(|(id, _)| *id)
            .collect();
        self.send_all(&ids, ServerMsg::Summary(s));
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

    fn remember(&mut self, evs: &[G::Event]) {
        self.history.extend(evs.iter().cloned());
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
    }

    fn seat_bot(&mut self, i: usize) {
        self.occupancy.dirty = true;
        let slot = &mut self.slots[i];
        slot.occupant = Occupant::Bot;
        slot.name = format!("Bot {}", i + 1);
        slot.ready = true;
        self.sync_name(i);
        // The bots given at the start take the last seats; the list's levels go to those in
        // seat order, repeating in rotation like `catan sim --bots` when the list is shorter.
        // A bot added later in the lobby gets the first level.
        let first = self.slots.len().saturating_sub(self.cfg.bots);
        let levels = &self.cfg.bot_levels;
        let kind = i
            .checked_sub(first)
            .and_then(|nth| levels.get(nth % levels.len().max(1)))
            .copied()
            .unwrap_or(self.cfg.bot_kind);
        self.bots[i] = Some(self.new_bot(kind, self.cfg.seed ^ ((i as u64 + 1) * 0x9e37)));
    }

    /// A bot of `kind` thinking within the table's budget.
    fn new_bot(&self, kind: BotKind, seed: u64) -> Box<dyn TableBot<G>> {
        let budget = match self.cfg.bot_budget {
            Some(n) => crate::bots::search::Budget::Playouts(n),
            None => crate::bots::search::Budget::Time(std::time::Duration::from_millis(
                self.cfg.bot_think_ms.clamp(50, 1000),
            )),
        };
        (self.make_bot)(kind, seed, budget)
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
            away: s.occupant == Occupant::Person && s.conn.is_none() && self.started,
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
                window_start: 0,
                window_count: 0,
                peer,
                dropping: false,
                seats_seen: 0,
                seats_known: Vec::new(),
                pieces_sent: None,
                legal_sent: None,
                chat: Window::default(),
                lobby: Window::default(),
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
            ClientMsg::Legal => {
                let seat = self.conns[&conn].seat;
                let (legal, mark) = match seat {
                    Some(s) if self.started => {
                        let cmds = self.game.legal(s);
                        let texts = cmds.iter().map(|c| self.game.format(c)).collect();
                        (texts, Some(legal_mark(&cmds, false)))
                    }
                    _ => (Vec::new(), None),
                };
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.legal_sent = mark;
                }
                self.send(conn, ServerMsg::Legal(legal));
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
                self.effects.close.push((conn, "goodbye".into()));
            }
        }
    }

    /// Counts a message in the connection's `window`: whether it may go on. The first past
    /// `per_sec` in a second is told to slow down; the rest are dropped silently.
    fn paced(
        &mut self,
        conn: ConnId,
        now: Millis,
        window: impl Fn(&mut Conn<G::View>) -> &mut Window,
        per_sec: u32,
        what: &str,
    ) -> bool {
        let Some(c) = self.conns.get_mut(&conn) else {
            return false;
        };
        match window(c).hit(now, per_sec) {
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

    /// Why a hello is refused at a private table (no password, or a wrong one); `None` lets it
    /// in. The host's own terminal needs none; a hello of another protocol is left to
    /// [`Self::hello`]'s version check, which says so.
    fn private_refusal(&self, conn: ConnId, version: u32, typed: Option<&str>) -> Option<String> {
        let wanted = self.cfg.password.as_deref()?;
        if version != PROTOCOL_VERSION || self.conns.get(&conn).is_some_and(|c| c.is_host) {
            return None;
        }
        match typed {
            None => Some(
                "this table is private: it needs a password (catan join --password PW, or CATAN_PASSWORD)"
                    .into(),
            ),
            Some(t) if !crate::proto::password_matches(t.as_bytes(), wanted.as_bytes()) => {
                Some("this table is private: wrong password".into())
            }
            Some(_) => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn hello(
        &mut self,
        conn: ConnId,
        version: u32,
        name: String,
        token: Option<String>,
        watch: bool,
        color: Option<String>,
        now: Millis,
    ) {
        if version != PROTOCOL_VERSION {
            self.refuse(
                conn,
                format!(
                    "version mismatch: this host speaks protocol {PROTOCOL_VERSION}, your client {version}; use the same catan version as the host"
                ),
            );
            return;
        }
        // The one place a name enters the table: made fit to show to everyone.
        let name = super::names::normalize(&name);
        let name = if name.is_empty() {
            "Player".to_string()
        } else {
            name
        };
        let mut back = false;
        let seat = if watch {
            None
        } else if let Some(tok) = token
            .as_deref()
            .and_then(|t| self.slots.iter().position(|s| s.token == t))
        {
            // Coming back to a seat: a token outranks any connection holding it now.
            if let Some(old) = self.slots[tok].conn
                && old != conn
            {
                self.effects
                    .close
                    .push((old, "your seat was taken up from another connection".into()));
                if let Some(c) = self.conns.get_mut(&old) {
                    c.seat = None;
                }
            }
            if self.slots[tok].occupant == Occupant::Bot {
                self.slots[tok].occupant = Occupant::Person;
                self.slots[tok].name = name.clone();
                self.sync_name(tok);
                self.bots[tok] = None;
                self.record_seat(tok, now);
            }
            back = self.started;
            Some(tok)
        } else {
            if self
                .slots
                .iter()
                .any(|s| s.occupant == Occupant::Person && super::names::same(&s.name, &name))
            {
                // The connection may have closed while its hello was queued: nothing to tell.
                let Some(c) = self.conns.get_mut(&conn) else {
                    return;
                };
                if !c.told_held {
                    // Say which game it is, so a client that holds this seat's token for
                    // this game (and only such a client) sends it.
                    c.told_held = true;
                    let game = self.info.id.clone();
                    self.send(conn, ServerMsg::NameHeld { game });
                    return;
                }
                self.refuse(
                    conn,
                    format!("the name {name} is taken at this table; choose another with --name (the player who sat down with it gets the seat back by joining again with the same data directory)"),
                );
                return;
            }
            if let Some(i) = self.looks.seat_like(&name) {
                let other = self.names[i].clone();
                self.refuse(
                    conn,
                    format!("the name {name} looks like {other}, already at the table; choose another with --name"),
                );
                return;
            }
            // An empty seat first; else a bot's, in the lobby as in the running game (where
            // the newcomer takes over the bot's hand and all).
            let free = self
                .slots
                .iter()
                .position(|s| s.occupant == Occupant::Empty)
                .or_else(|| self.slots.iter().position(|s| s.occupant == Occupant::Bot));
            match free {
                Some(i) => {
                    let slot = &mut self.slots[i];
                    if self.started {
                        tracing::info!(seat = i + 1, %name, "takes over from {}", slot.name);
                    }
                    slot.occupant = Occupant::Person;
                    slot.name = name.clone();
                    slot.token = new_token();
                    self.sync_name(i);
                    let slot = &mut self.slots[i];
                    slot.ready = self.started || !self.cfg.hold_in_lobby;
                    self.bots[i] = None;
                    self.record_seat(i, now);
                    if self.started {
                        self.took_over(i as Seat, now);
                    }
                    Some(i)
                }
                None => {
                    self.refuse(
                        conn,
                        "the table is full; `catan join ADDR --watch` watches the game".into(),
                    );
                    return;
                }
            }
        };
        let Some(c) = self.conns.get_mut(&conn) else {
            // [`Self::handle`] saw it open; a connection gone since has nothing to greet.
            return;
        };
        c.greeted = true;
        c.watch = watch;
        c.seat = seat.map(|s| s as Seat);
        let token = match seat {
            Some(i) => {
                let slot = &mut self.slots[i];
                slot.conn = Some(conn);
                slot.away_since = None;
                if let Some(col) = &color {
                    let col = col.to_ascii_lowercase();
                    if COLORS.contains(&col.as_str())
                        && !self
                            .slots
                            .iter()
                            .any(|s| s.color == col && s.occupant != Occupant::Empty)
                    {
                        self.slots[i].color = col;
                    }
                }
                self.slots[i].token.clone()
            }
            None => String::new(),
        };
        tracing::info!(
            conn,
            peer = %self.conns[&conn].peer,
            %name,
            seat = seat.map(|s| s + 1),
            watch,
            "joined"
        );
        if seat.is_some() && self.first_person_at.is_none() {
            self.first_person_at = Some(now);
        }
        self.send(
            conn,
            ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                seat: seat.map(|s| s as Seat),
                token,
                game: Box::new(self.info.clone()),
            },
        );
        if let Some(problem) = self.save_problem().map(str::to_string) {
            self.send(conn, ServerMsg::Notice(problem));
        }
        self.maybe_start(now);
        if seat.is_none() {
            // A spectator's arrival changes nothing anyone else sees: it alone is sent the
            // table (a crowd of arrivals costs one message each, not one per connection).
            self.send_table_to(conn, now);
        } else {
            let who = seat.and_then(|s| self.near(s as Seat));
            let who = who.map(|mut w| {
                // The newcomer hears even if its seat is outside its own neighbourhood list.
                w.extend(seat.map(|s| s as Seat));
                w
            });
            self.seat_news(who, now);
        }
        if back {
            // What they missed, in words for them.
            let skip = self.history.len().saturating_sub(HISTORY_SENT);
            let missed: Vec<G::Event> = self.history.iter().skip(skip).cloned().collect();
            self.send(
                conn,
                ServerMsg::Notice(format!(
                    "welcome back to seat {}: the game so far follows",
                    seat.map_or(0, |s| s + 1)
                )),
            );
            let msg = self.update_for(conn, &missed, now, None);
            self.send(conn, msg);
        }
        if let Some(s) = &self.summary {
            let msg = ServerMsg::Summary(s.clone());
            self.send(conn, msg);
        }
    }

    /// The table as it is now, to one connection only (its seat list in full).
    fn send_table_to(&mut self, conn: ConnId, now: Millis) {
        let changes = self.seat_changes;
        if let Some(c) = self.conns.get_mut(&conn) {
            c.seats_seen = changes;
        }
        let msg = self.update_for(conn, &[], now, None);
        self.send(conn, msg);
    }

    fn choose_color(&mut self, conn: ConnId, col: &str, now: Millis) {
        let Some(seat) = self.conns[&conn].seat else {
            return;
        };
        let col = col.to_ascii_lowercase();
        if self.slots[seat as usize].color == col {
            // One's own colour again: nothing changes, nothing is sent.
            return;
        }
        if !self.paced(conn, now, |c| &mut c.lobby, LOBBY_PER_SEC, "lobby changes") {
            return;
        }
        if !COLORS.contains(&col.as_str()) {
            self.send(
                conn,
                ServerMsg::Notice(format!("colours are {}", COLORS.join(", "))),
            );
            return;
        }
        if self
            .slots
            .iter()
            .enumerate()
            .any(|(i, s)| i != seat as usize && s.color == col && s.occupant != Occupant::Empty)
        {
            self.send(conn, ServerMsg::Notice(format!("{col} is taken")));
            return;
        }
        // Swap with an empty seat's colour so colours stay distinct.
        if let Some(j) = self.slots.iter().position(|s| s.color == col) {
            let mine = self.slots[seat as usize].color.clone();
            self.slots[j].color = mine;
        }
        self.slots[seat as usize].color = col;
        let who = self.near(seat);
        self.seat_news(who, now);
    }

    /// The rule every table starts by: each seat filled and ready.
    fn ready_to_start(&self) -> bool {
        !self.started
            && self
                .slots
                .iter()
                .all(|s| s.occupant != Occupant::Empty && s.ready)
    }

    fn maybe_start(&mut self, now: Millis) {
        if self.ready_to_start() {
            self.start(now);
        }
    }

    /// Starts the game; bots take the empty seats.
    pub fn start(&mut self, now: Millis) {
        if self.started {
            return;
        }
        for i in 0..self.slots.len() {
            if self.slots[i].occupant == Occupant::Empty {
                self.seat_bot(i);
            }
        }
        self.started = true;
        self.count_seats();
        tracing::info!(seats = self.slots.len(), "game started");
        let names = self.names();
        if let Some(news) = self.save.as_mut().and_then(|s| s.start(names.clone())) {
            self.tell_save_news(&news);
        } else if let Some(problem) = self.save_problem().map(str::to_string) {
            // Not saved from the start: everyone hears it as the game begins.
            self.tell_save_news(&SaveNews::Stopped(problem));
        }
        for i in 0..self.slots.len() {
            self.record_seat(i, now);
        }
        let actors = self.game.actors();
        // Several seats acting at once (the Big Game's setup) have no first player.
        let notice = match actors.as_slice() {
            [one] => format!("the game begins: {} goes first", names[*one as usize]),
            [] => "the game begins".to_string(),
            _ => "the game begins: everyone makes their setup choices at once".to_string(),
        };
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        self.send_all(&ids, ServerMsg::Notice(notice));
        self.after_change(Vec::new(), now, None);
    }

    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        if !self.started {
            return Vec::new();
        }
        self.game
            .legal(seat)
            .iter()
            .map(|c| self.game.format(c))
            .collect()
    }

    fn command(&mut self, conn: ConnId, seq: u32, text: &str, now: Millis) {
        let Some(c) = self.conns.get_mut(&conn) else {
            // A command from a connection that already closed: nobody to answer.
            return;
        };
        // Rate limit: a burst is fine, a flood is not.
        if now.saturating_sub(c.window_start) >= 1000 {
            c.window_start = now;
            c.window_count = 0;
        }
        c.window_count += 1;
        if c.window_count > self.cfg.rate_per_sec * 5 {
            let reason = "too many commands: flooding is not allowed".to_string();
            tracing::warn!(conn, peer = %c.peer, "closed for flooding");
            self.effects.close.push((conn, reason));
            return;
        }
        if c.window_count > self.cfg.rate_per_sec {
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
        match self.game.apply(seat, &cmd, now) {
            Ok(evs) => {
                let text = self.game.format(&cmd);
                self.push_entry(Entry::Command {
                    at: now,
                    seat,
                    text,
                });
                self.after_reply(evs, now, Some((conn, seq)), Some(seat));
            }
            Err(e) => self.send(conn, ServerMsg::Rejected { seq, reason: e.0 }),
        }
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
        self.remember(&evs);
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

    /// In a hall, the seats that show `seat` in their views (its board and both neighbours);
    /// `None` elsewhere: everyone.
    fn near(&self, seat: Seat) -> Option<Vec<Seat>> {
        if !self.hall {
            return None;
        }
        self.game.audience(Some(seat), &[])
    }

    /// Sends the change to the connections of the seats in `who` (all connections when
    /// `None`). Spectators of a hall hear only of changes for everyone (a round's start, the
    /// dice), which carry the whole world: on every move it would be too much.
    fn broadcast(
        &mut self,
        evs: &[G::Event],
        now: Millis,
        reply: Option<(ConnId, u32)>,
        who: Option<Vec<Seat>>,
    ) {
        self.version += 1;
        if evs.is_empty() {
            self.seat_changes += 1;
        }
        let shared = self.shared(now);
        let mut ids: Vec<ConnId> = match &who {
            None => self.conns.keys().copied().collect(),
            Some(seats) => seats
                .iter()
                .filter_map(|s| self.slots.get(*s as usize).and_then(|x| x.conn))
                .collect(),
        };
        if let Some((c, _)) = reply
            && !ids.contains(&c)
        {
            ids.push(c);
        }
        ids.sort_unstable();
        ids.dedup();
        // In a hall, events about one seat are read only near it: index them by seat once.
        let by_seat = self.hall.then(|| EventIndex::new(&self.game, evs));
        // A round's start changes the top of the standings, and with it the seats named.
        let for_all = by_seat.as_ref().is_some_and(|ix| !ix.global.is_empty());
        let mut plan: Vec<Planned> = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(c) = self.conns.get_mut(&id).filter(|c| c.greeted) else {
                continue;
            };
            let changed = c.seats_seen != self.seat_changes;
            let mut shown_seats = None;
            let list = match c.seat {
                // A hall seat is sent the entries of the seats it is shown and does not know.
                Some(s) if self.hall && self.started && (changed || for_all) => {
                    let shown = self.game.shown_seats(s).unwrap_or_default();
                    let list = if changed {
                        SeatList::Full
                    } else {
                        let new: Vec<Seat> = shown
                            .iter()
                            .copied()
                            .filter(|x| c.seats_known.binary_search(x).is_err())
                            .collect();
                        if new.is_empty() {
                            SeatList::Unchanged
                        } else {
                            SeatList::Only(new)
                        }
                    };
                    c.seats_known.clone_from(&shown);
                    shown_seats = Some(shown);
                    list
                }
                _ if changed || for_all => SeatList::Full,
                _ => SeatList::Unchanged,
            };
            // A seat holds the pieces of the last view it was sent: when they are as they
            // were (a round's start moves none), they stay out of this one.
            let mark = match c.seat {
                Some(s) if self.started => self.game.pieces_mark(s),
                _ => None,
            };
            let keep_pieces = mark.is_some() && c.pieces_sent == mark;
            c.pieces_sent = mark;
            plan.push(Planned {
                id,
                seats: list,
                keep_pieces,
                shown: shown_seats,
            });
            c.seats_seen = self.seat_changes;
        }
        // Outside a hall every spectator sees the same update: it is built once and copied,
        // so a crowd of spectators costs a copy each, not a view and a log each.
        let mut watchers = Vec::new();
        if !self.hall {
            plan.retain(|p| {
                let id = p.id;
                let c = &self.conns[&id];
                let same = c.seat.is_none() && !c.is_host && reply.is_none_or(|(r, _)| r != id);
                if same {
                    watchers.push(id);
                }
                !same
            });
        }
        // A hall's round start builds thousands of updates: two threads build each chunk, and
        // a chunk goes out while the next is built.
        let began = std::time::Instant::now();
        for chunk in plan.chunks(PARALLEL_CHUNK) {
            let msgs = self.build_updates(chunk, evs, by_seat.as_ref(), reply, &shared);
            for (id, built, given) in msgs {
                if given.is_some()
                    && let Some(c) = self.conns.get_mut(&id)
                {
                    c.legal_sent = given;
                }
                self.send_built(id, built);
            }
        }
        if for_all {
            tracing::debug!(
                updates = plan.len(),
                us = began.elapsed().as_micros() as u64,
                "a change for everyone built and queued"
            );
        }
        // Built once, encoded once: every spectator's queue gets the same bytes.
        if let Some(&first) = watchers.first() {
            let (msg, _) = self.message_for(
                &Planned::whole(first),
                evs,
                by_seat.as_ref(),
                reply,
                &shared,
            );
            self.send_all(&watchers, msg);
        }
    }

    /// The updates of `part` (connection, with its seat list), by two threads when many.
    fn build_updates(
        &self,
        part: &[Planned],
        evs: &[G::Event],
        ix: Option<&EventIndex>,
        reply: Option<(ConnId, u32)>,
        shared: &Shared,
    ) -> Vec<(ConnId, Built<G::View>, Option<u64>)> {
        // A TCP connection's update is encoded here, by the thread that built it.
        let build = |part: &[Planned]| -> Vec<(ConnId, Built<G::View>, Option<u64>)> {
            part.iter()
                .map(|p| {
                    let id = p.id;
                    let (msg, given) = self.message_for(p, evs, ix, reply, shared);
                    let built = match &self.conns[&id].tx {
                        Outbox::Local(_) => Built::Msg(msg),
                        Outbox::Wire(_) => match crate::proto::codec::frame(&msg) {
                            Ok(f) => Built::Frame(f),
                            Err(e) => {
                                tracing::error!(conn = id, error = %e, "an update could not be encoded");
                                Built::Nothing
                            }
                        },
                    };
                    (id, built, given)
                })
                .collect()
        };
        if part.len() < PARALLEL_CHUNK / 2 {
            return build(part);
        }
        let (a, b) = part.split_at(part.len() / 2);
        std::thread::scope(|sc| {
            let other = sc.spawn(|| build(b));
            let mut m = build(a);
            m.extend(other.join().expect("building an update does not panic"));
            m
        })
    }

    /// One connection's update (or lobby) with `evs` in words for it, whole: the next
    /// broadcast sends its pieces again.
    fn update_for(
        &mut self,
        id: ConnId,
        evs: &[G::Event],
        now: Millis,
        reply: Option<(ConnId, u32)>,
    ) -> ServerMsg<G::View> {
        if let Some(c) = self.conns.get_mut(&id) {
            c.pieces_sent = None;
        }
        let index = self.hall.then(|| EventIndex::new(&self.game, evs));
        let (msg, given) = self.message_for(
            &Planned::whole(id),
            evs,
            index.as_ref(),
            reply,
            &self.shared(now),
        );
        if given.is_some()
            && let Some(c) = self.conns.get_mut(&id)
        {
            c.legal_sent = given;
        }
        msg
    }

    /// What every connection's update shares.
    fn shared(&self, now: Millis) -> Shared {
        let (taken, free_colors) = if self.started {
            (0, Vec::new())
        } else {
            (
                self.slots
                    .iter()
                    .filter(|s| s.occupant != Occupant::Empty)
                    .count(),
                COLORS
                    .iter()
                    .filter(|col| {
                        // Colours repeat in a hall: all are free.
                        self.hall
                            || !self
                                .slots
                                .iter()
                                .any(|s| s.color == **col && s.occupant != Occupant::Empty)
                    })
                    .map(|s| s.to_string())
                    .collect(),
            )
        };
        Shared {
            seats: (!self.hall).then(|| self.seat_infos()),
            deadline_ms: self.game.deadline().map(|d| d.saturating_sub(now)),
            actors: match (self.started, self.hall) {
                (false, _) => Some(Vec::new()),
                (true, false) => Some(self.game.actors()),
                (true, true) => None,
            },
            taken,
            free_colors,
        }
    }

    fn message_for(
        &self,
        plan: &Planned,
        evs: &[G::Event],
        index: Option<&EventIndex>,
        reply: Option<(ConnId, u32)>,
        shared: &Shared,
    ) -> (ServerMsg<G::View>, Option<u64>) {
        let (id, seats_sent, keep_pieces) = (plan.id, &plan.seats, plan.keep_pieces);
        let c = &self.conns[&id];
        let seat = c.seat;
        // The seats this recipient's messages name: everyone, or in a hall its neighbourhood.
        let shown: Option<Vec<Seat>> = match (self.hall, seat) {
            (true, Some(s)) if self.started => {
                plan.shown.clone().or_else(|| self.game.shown_seats(s))
            }
            (true, Some(s)) => self.near(s),
            _ => None,
        };
        let (seats, seats_at) = match (&shown, &shared.seats) {
            // The seats this connection knows are as they were: an empty list says so.
            (Some(_), _) if self.started && matches!(seats_sent, SeatList::Unchanged) => {
                (Vec::new(), Vec::new())
            }
            (Some(_), _)
                if let SeatList::Only(new) = seats_sent
                    && self.started =>
            {
                (
                    new.iter().map(|s| self.seat_info(*s as usize)).collect(),
                    new.clone(),
                )
            }
            (Some(v), _) => (
                v.iter().map(|s| self.seat_info(*s as usize)).collect(),
                v.clone(),
            ),
            (None, Some(all)) => (all.clone(), Vec::new()),
            (None, None) => (self.seat_infos(), Vec::new()),
        };
        if self.started {
            let describe = |e: &G::Event| self.game.describe(e, seat, &self.names);
            let log = match (index, seat) {
                (Some(ix), Some(s)) => ix
                    .for_viewer(&self.game, s)
                    .into_iter()
                    .filter_map(|i| describe(&evs[i]))
                    .collect(),
                _ => evs.iter().filter_map(describe).collect(),
            };
            let actors = match (&shared.actors, &shown) {
                (Some(a), _) => a.clone(),
                (None, Some(v)) => v
                    .iter()
                    .copied()
                    .filter(|s| self.game.is_actor(*s))
                    .collect(),
                (None, None) => self.game.actors(),
            };
            let hall_wire = self.hall && matches!(c.tx, Outbox::Wire(_));
            let (legal, given) = match seat {
                Some(s) if hall_wire => self.hall_legal(s, c.legal_sent),
                Some(s) => (HallLegal::Listed(self.legal_texts(s), false), None),
                None => (HallLegal::Listed(Vec::new(), false), None),
            };
            let msg = ServerMsg::Update(Box::new(Update {
                version: self.version,
                view: match seat {
                    Some(s) if keep_pieces => self.game.view_without_pieces(s),
                    _ => self.game.view(seat),
                },
                log,
                legal_left_out: matches!(legal, HallLegal::LeftOut),
                legal_same: matches!(legal, HallLegal::Same),
                legal_offers_left_off: matches!(legal, HallLegal::Listed(_, true)),
                legal: match legal {
                    HallLegal::Listed(v, _) => v,
                    HallLegal::LeftOut | HallLegal::Same => Vec::new(),
                },
                actors,
                reply_to: reply.filter(|(c, _)| *c == id).map(|(_, seq)| seq),
                deadline_ms: shared.deadline_ms,
                seats,
                seats_at,
                at_us: self.wall_us,
            }));
            (msg, given)
        } else {
            let lobby_seats = if seats_at.is_empty() {
                self.slots
                    .iter()
                    .zip(seats)
                    .map(|(s, i)| (s.occupant != Occupant::Empty).then_some(i))
                    .collect()
            } else {
                seats_at
                    .iter()
                    .zip(seats)
                    .map(|(s, i)| {
                        (self.slots[*s as usize].occupant != Occupant::Empty).then_some(i)
                    })
                    .collect()
            };
            let msg = ServerMsg::Lobby(Box::new(LobbyView {
                seats: lobby_seats,
                seats_at,
                total: self.slots.len(),
                taken: shared.taken,
                you: seat,
                started: false,
                is_host: c.is_host,
                free_colors: shared.free_colors.clone(),
            }));
            (msg, None)
        }
    }

    /// A hall seat's legal commands for an update over TCP, and the mark of a list given.
    /// Only a seat the game waits for gets its list (a round's start lists the active group's
    /// commands, not the whole hall's), and only when it differs from the one it was last
    /// given (`sent`): a neighbour's move mostly leaves it as it was. Building the list costs
    /// a few microseconds; the question and answer it saves cost a round trip each.
    fn hall_legal(&self, seat: Seat, sent: Option<u64>) -> (HallLegal, Option<u64>) {
        if !self.game.is_actor(seat) {
            return (HallLegal::LeftOut, None);
        }
        let (cmds, offers_left_off) = self.game.legal_for_hall(seat);
        let mark = legal_mark(&cmds, offers_left_off);
        if sent == Some(mark) {
            return (HallLegal::Same, None);
        }
        let texts = cmds.iter().map(|c| self.game.format(c)).collect();
        (HallLegal::Listed(texts, offers_left_off), Some(mark))
    }

    /// Seats a bot plays now: bots, and people away longer than the grace period.
    fn bot_plays(&self, seat: Seat, now: Millis) -> bool {
        let s = &self.slots[seat as usize];
        match s.occupant {
            Occupant::Bot => true,
            Occupant::Person => {
                s.conn.is_none() && s.away_since.is_some_and(|t| now >= t + self.cfg.away_ms)
            }
            Occupant::Empty => false,
        }
    }

    /// Seats the game waits for that a bot plays now. A hall asks seat by seat about the
    /// seats a bot may play (listing the actors among thousands on every move costs more).
    fn bot_actors(&self, now: Millis) -> Box<dyn Iterator<Item = Seat> + '_> {
        if self.hall {
            let keep = move |s: &Seat| self.bot_plays(*s, now) && self.game.is_actor(*s);
            if self.occupancy.dirty {
                Box::new((0..self.slots.len() as Seat).filter(keep))
            } else {
                Box::new(self.occupancy.botlike.iter().map(|(s, _)| *s).filter(keep))
            }
        } else {
            Box::new(
                self.game
                    .actors()
                    .into_iter()
                    .filter(move |s| self.bot_plays(*s, now)),
            )
        }
    }

    fn schedule_bots(&mut self, now: Millis) {
        if !self.started || self.game.outcome().is_some() {
            self.bot_due = None;
            return;
        }
        let any = self.bot_actors(now).next().is_some();
        self.bot_due = match (any, self.bot_due) {
            (true, Some(d)) => Some(d),
            (true, None) => Some(now + self.cfg.bot_think_ms),
            (false, _) => None,
        };
    }

    /// How many of the table's bots have a search of their own under way (or done, its pick
    /// not yet played).
    pub fn bots_thinking(&self) -> usize {
        self.bots.iter().flatten().filter(|b| b.thinking()).count()
    }

    /// The next moment the table must act by itself.
    pub fn next_wake(&self) -> Option<Millis> {
        let mut t = [self.bot_due, None, None, None];
        if self.started {
            t[1] = self.game.deadline();
            let away = self.cfg.away_ms;
            t[2] = if self.bot_due.is_some() {
                None
            } else if self.occupancy.dirty {
                self.slots
                    .iter()
                    .filter(|s| s.occupant == Occupant::Person && s.conn.is_none())
                    .filter_map(|s| s.away_since.map(|a| a + away))
                    .filter(|&end| end > self.ticked)
                    .min()
            } else {
                self.occupancy
                    .botlike
                    .iter()
                    .filter_map(|(_, since)| since.map(|a| a + away))
                    .filter(|&end| end > self.ticked)
                    .min()
            };
        } else if self.ready_to_start() {
            // A table filled with bots from the start (a headless host): nobody joins to set
            // the rule off, so the table starts by itself at once.
            t[3] = Some(self.origin);
        } else if let (Some(after), Some(first)) = (self.cfg.start_after_ms, self.first_person_at) {
            t[3] = Some(first + after);
        }
        t.into_iter().flatten().min()
    }

    /// Lets time pass: deadlines, bots, the lobby timer.
    pub fn tick(&mut self, now: Millis) {
        self.ticked = self.ticked.max(now);
        self.flush(now);
        self.count_seats();
        if !self.started {
            self.maybe_start(now);
            if let (Some(after), Some(first)) = (self.cfg.start_after_ms, self.first_person_at)
                && now >= first + after
            {
                self.start(now);
            }
            return;
        }
        if self.game.deadline().is_some_and(|d| d <= now) {
            let evs = self.game.tick(now);
            self.push_entry(Entry::Tick { at: now });
            self.after_change(evs, now, None);
        }
        if self.bot_due.is_some_and(|d| d <= now) {
            self.bot_due = None;
            let mut seats: Vec<Seat> = self.bot_actors(now).collect();
            let simultaneous = self.game.simultaneous();
            if simultaneous && !seats.is_empty() {
                // No turns: every bot gets its go, starting from a seat that rotates.
                let k = self.version as usize % seats.len();
                seats.rotate_left(k);
            }
            // With turns one bot acts a tick, so people can follow; a bot still thinking on
            // its own thread does not hold up the next (bots answering one offer, or
            // discarding after a 7, think at once). Any other bot ends the tick, as before.
            for seat in seats {
                let mut bot = match self.bots[seat as usize].take() {
                    Some(b) => b,
                    None => self.new_bot(self.cfg.bot_kind, self.cfg.seed ^ (seat as u64 + 77)),
                };
                let choice = bot.choose(&self.game, seat);
                // Only a bot that went on thinking lets the next one have this tick.
                let waits_on_search = choice.is_none() && bot.thinking();
                self.bots[seat as usize] = Some(bot);
                if let Some(cmd) = choice {
                    match self.game.apply(seat, &cmd, now) {
                        Ok(evs) => {
                            let text = self.game.format(&cmd);
                            self.push_entry(Entry::Command {
                                at: now,
                                seat,
                                text,
                            });
                            self.after_change(evs, now, Some(seat));
                        }
                        Err(e) => tracing::error!(seat, error = %e, "a bot's command was refused"),
                    }
                }
                if !simultaneous && !waits_on_search {
                    break;
                }
            }
            self.schedule_bots(now);
            // A bot searching on its own thread is asked again soon, not after a think time.
            if self.bots_thinking() > 0 {
                let poll = now + super::bots::THINK_POLL_MS;
                self.bot_due = Some(self.bot_due.map_or(poll, |d| d.min(poll)));
            }
        } else if self.bot_due.is_none() {
            // An away seat may have just passed its grace period.
            self.schedule_bots(now);
        }
    }
}
