//! The only types that cross the wire, and their framing.
//!
//! Frames are a 4-byte big-endian length and a bincode body ([`codec`]). A client's first
//! frame is [`ClientMsg::Hello`] with the protocol version; the host answers
//! [`ServerMsg::Welcome`] or [`ServerMsg::Refused`], or, when the hello names a seat held by
//! a player and brings no token for it, [`ServerMsg::NameHeld`] with the game's identity: the
//! client then says hello once more, with the token it keeps for that game if it has one.
//! So a client only ever shows a seat's token to a host that has just said it serves the game
//! the token belongs to. Views are already filtered for their recipient: nothing here carries
//! another seat's hand, the seed or the deck order.

pub mod codec;
pub mod moves;

use crate::engine::Seat;
use crate::variants::GameView;
use serde::{Deserialize, Serialize};

/// Bumped whenever a message changes shape.
/// 5: the hello carries a private table's password.
/// 6: a hall's view may leave its pieces out (`pieces_kept`): the client keeps its last.
/// 7: an update may say its legal list is the one last given (`legal_same`).
/// 8: a hall's update may leave the offers off its legal list (`legal_offers_left_off`).
/// 9: legal commands and log lines carry their typed form (`moves`, `log_kinds`).
/// 11: a ruleset's own point source in the summary carries its words (`PointSource::Own`).
/// 12: an update says whether the game waits for its recipient (`waiting_for_you`).
/// 13: a seat list says who quit on purpose (`SeatInfo::left`); a host stopping a saved game
/// says so (`ServerMsg::Stopped`).
pub const PROTOCOL_VERSION: u32 = 13;

/// The variant's map as the client rebuilds it (defined with the boards).
pub use crate::board::MapRecipe;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub bot: bool,
    /// A person is connected (bots always are).
    pub connected: bool,
    /// A person not connected quit on purpose (their client said goodbye) rather than losing
    /// the connection; their seat is held either way.
    pub left: bool,
    /// A bot plays for a person who is away.
    pub away: bool,
    pub color: String,
    pub ready: bool,
    /// A bot's level as the lobby shows it (`hard`, or `hard (as medium: ...)` where the
    /// ruleset has no search); `None` for people.
    #[serde(default)]
    pub level: Option<String>,
}

impl SeatInfo {
    /// A person in the seat, connected and ready: what a game record or a placeholder knows
    /// of a seat (its name, at most a colour).
    pub fn named(name: String, color: String) -> SeatInfo {
        SeatInfo {
            name,
            bot: false,
            connected: true,
            left: false,
            away: false,
            color,
            ready: true,
            level: None,
        }
    }
}

/// The game as a client needs to know it from the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// The game's identity: random, made once when the game is created and kept in its save,
    /// so it stays the same when the host resumes on another address or port. Clients keep
    /// their seat's token under it.
    pub id: String,
    pub variant: String,
    pub name: String,
    pub map: MapRecipe,
    /// The host's settings in words (timers, boards, bots), for the lobby screen.
    pub settings: Vec<(String, String)>,
    pub help: String,
}

/// Whether `typed` is a private table's password `wanted`, in time that does not depend on
/// where they differ (so a guesser learns nothing from how fast it is refused).
pub fn password_matches(typed: &[u8], wanted: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    bool::from(typed.ct_eq(wanted))
}

/// Messages from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    Hello {
        version: u32,
        name: String,
        /// The secret a seat was given, to come back to it.
        token: Option<String>,
        /// Spectate: take no seat.
        watch: bool,
        color: Option<String>,
        /// A private table's password (`catan host --password`); `None` for an open table.
        password: Option<String>,
    },
    /// A command in the game's text language; `seq` numbers them per connection.
    Command {
        seq: u32,
        text: String,
    },
    /// Ask for the commands legal now.
    Legal,
    Chat {
        text: String,
    },
    /// Lobby: ready or not.
    Ready(bool),
    /// Lobby: ask for a colour.
    Color(String),
    /// Lobby: the host's own terminal starts the game, adds or removes a bot, kicks a seat.
    Start,
    AddBot,
    RemoveBot,
    Kick(Seat),
    Ping(u64),
    Bye,
    /// Ask the host how it is doing ([`ServerMsg::Stats`]): load generators read its memory.
    Stats,
    /// Lobby: the host's own terminal moves a bot seat to the next level (easy, medium,
    /// hard, round again).
    BotLevel(Seat),
    /// What would `hard` play now in my seat? ([`ServerMsg::Hint`]; the host may refuse.)
    Hint,
}

/// The lobby before the game starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyView {
    /// Every seat by number (`None`: empty), or with `seats_at` given the seats listed there
    /// (a hall sends each newcomer its neighbourhood, not thousands of seats).
    pub seats: Vec<Option<SeatInfo>>,
    pub seats_at: Vec<Seat>,
    /// Seats at the table, and how many are taken.
    pub total: usize,
    pub taken: usize,
    pub you: Option<Seat>,
    pub started: bool,
    /// Whether this connection may start the game and manage bots (the host's own terminal).
    pub is_host: bool,
    pub free_colors: Vec<String>,
}

/// A new state of the game for one recipient. `V` is the ruleset's view
/// ([`crate::ruleset::Ruleset::View`]); the default is the five rulesets' [`GameView`], so
/// the catan host's messages and their wire bytes are what they were before rulesets became
/// pluggable (a type parameter adds nothing to the encoding).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update<V = GameView> {
    /// Counts updates, so clients can tell stale ones.
    pub version: u64,
    pub view: V,
    /// What happened since the last update, in words for this recipient.
    pub log: Vec<String>,
    /// Commands this seat may send now.
    pub legal: Vec<String>,
    /// What each command of `legal` does, in the same order ([`moves::Move`]): what a screen
    /// offers on the board and in menus, never read back from the text. Left out and kept
    /// as `legal` is.
    pub moves: Vec<moves::Move>,
    /// What kind of thing each line of `log` tells, in the same order, for its style.
    pub log_kinds: Vec<moves::EventKind>,
    /// Seats the game waits for or invites to act now (the current player, seats owing a
    /// discard or an answer to an offer).
    pub actors: Vec<Seat>,
    /// The recipient's own command (by `seq`) that caused this update, if one did.
    pub reply_to: Option<u32>,
    /// Milliseconds left on the running timer when sent.
    pub deadline_ms: Option<u64>,
    /// Who sits where. With `seats_at` empty this is every seat, by seat number; otherwise
    /// `seats[i]` is seat `seats_at[i]` and the other seats are as the last update left them
    /// (a hall of thousands is not sent everyone's name on every change). Both empty: the
    /// seats are as the last update left them.
    pub seats: Vec<SeatInfo>,
    pub seats_at: Vec<Seat>,
    /// The host's wall clock (microseconds since the Unix epoch) when it began handling what
    /// caused this update; 0 when unknown. A client on the same machine measures with it how
    /// long a round's end took to reach it.
    pub at_us: u64,
    /// `legal` was left out: a hall builds and formats the legal commands only of the seats
    /// the game waits for (a round's start would otherwise build thousands). Should the
    /// client be among `actors` all the same, it asks for them ([`ClientMsg::Legal`]), and the
    /// answer ([`ServerMsg::Legal`]) stands for this update's `legal` (the host answers in
    /// order, so it is the list of the state this update shows, or of a later one).
    pub legal_left_out: bool,
    /// `legal` was left out because it is the list this recipient was last given (in an
    /// update or an answer): a hall seat whose commands a neighbour's move did not change is
    /// not sent them again. The client keeps its last list for this.
    pub legal_same: bool,
    /// The list given ends, in full, with the one-for-one offers to everyone the recipient's
    /// hand can make, which the host left off: the client writes them from the hand this
    /// update's view shows. With `legal_same` the host sends `false` and the client keeps the
    /// flag of the list it kept
    /// ([`crate::rules::offers::simple_offer_texts`]). A hall's round start would otherwise
    /// format and send up to twenty offers to each of thousands of seats.
    pub legal_offers_left_off: bool,
    /// The game waits for the recipient's seat: it cannot go on until the seat acts
    /// ([`crate::ruleset::Ruleset::waits_for`]). A seat only invited to answer an offer is
    /// among `actors` but not waited for. What a screen's "Your turn" stands on.
    pub waiting_for_you: bool,
}

/// Messages from the host. `V` is the ruleset's view, as in [`Update`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMsg<V = GameView> {
    Welcome {
        version: u32,
        seat: Option<Seat>,
        token: String,
        game: Box<GameInfo>,
    },
    /// The handshake failed; the connection closes.
    Refused {
        reason: String,
    },
    /// The hello's name belongs to a player's seat in the game `game` (its [`GameInfo::id`])
    /// and brought no token for it. The connection stays open for one more hello: with the
    /// seat's token, to take it back, or without, to be refused.
    NameHeld {
        game: String,
    },
    Lobby(Box<LobbyView>),
    Update(Box<Update<V>>),
    /// A command was refused, with the engine's reason.
    Rejected {
        seq: u32,
        reason: String,
    },
    /// The legal commands, and what each does ([`Update::moves`]).
    Legal(Vec<String>, Vec<moves::Move>),
    Chat {
        from: String,
        text: String,
    },
    Pong(u64),
    /// Something the player should read (a seat handed over, the host stopping).
    Notice(String),
    /// The host closes this connection.
    Closing {
        reason: String,
    },
    /// The answer to [`ClientMsg::Stats`].
    Stats(HostStats),
    /// The game's summary, sent to everyone once the game is over (never before: it names
    /// hidden cards). A hall sends the top of its standings only.
    Summary(Box<crate::recap::Summary>),
    /// The answer to [`ClientMsg::Hint`], or why the host gives none.
    Hint(Result<Hint, String>),
    /// The game's review, computed by the host once the game is over: its progress, then the
    /// review (sent to everyone, and to whoever comes later).
    Review(crate::review::ReviewState),
    /// The host stopped a saved game on purpose; the connection closes next, and the client
    /// waits for the host to resume it (the words say so).
    Stopped(String),
    /// Never on the wire: the client's own word that its connection dropped and it is trying
    /// to come back ([`crate::client::net::connect_lasting`]); the host's next welcome ends
    /// it. Until then the screens say so and send nothing.
    #[serde(skip)]
    Reconnecting(String),
}

/// What `hard` would play in the asking seat ([`ServerMsg::Hint`]).
pub use crate::bots::hint::Hint;

/// How the host is doing, for load generators.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostStats {
    /// Resident memory now and at its peak, in KiB (0 where the system does not say).
    pub rss_kb: u64,
    pub peak_rss_kb: u64,
    /// Open connections.
    pub connections: u64,
    /// Clients dropped because they could not keep up.
    pub dropped_slow: u64,
}

/// The colour names a seat may take (`color` in [`SeatInfo`]); seats get them in this order
/// unless they choose another.
pub const COLORS: [&str; 8] = [
    "red", "blue", "white", "orange", "green", "purple", "cyan", "yellow",
];

/// Puts a partial update's seats (`at[i]` is the seat of `part[i]`) into the full list a
/// client keeps; seats never heard of are numbered placeholders.
pub fn merge_seats(all: &mut Vec<SeatInfo>, part: &[SeatInfo], at: &[Seat]) {
    for (info, &seat) in part.iter().zip(at) {
        let i = seat as usize;
        while all.len() <= i {
            let n = all.len();
            all.push(SeatInfo::named(
                format!("Seat {}", n + 1),
                COLORS[n % COLORS.len()].to_string(),
            ));
        }
        all[i] = info.clone();
    }
}

/// A seat's number as players see it.
pub fn seat_label(seat: Seat) -> String {
    format!("{}", seat + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::codec::encode;

    /// The view's type parameter adds nothing to the encoding: an update of the five
    /// rulesets' game is the variant's index, then its fields in order, as before rulesets
    /// became pluggable. Old clients and recorded frames still decode.
    #[test]
    fn an_update_encodes_as_its_fields_in_order() {
        use crate::ruleset::Ruleset;
        let game =
            crate::variants::base::BaseGame::new(crate::variants::base::BaseConfig::new(4, 1))
                .expect("a base game");
        let u = Update {
            version: 9,
            view: GameView::Base(game.view(Some(1))),
            log: vec!["Ann rolled 8".into()],
            legal: vec!["end".into()],
            moves: vec![moves::Move::End],
            log_kinds: vec![moves::EventKind::Dice],
            actors: vec![1],
            reply_to: Some(3),
            deadline_ms: None,
            seats: vec![SeatInfo::named("Ann".into(), "red".into())],
            seats_at: Vec::new(),
            at_us: 77,
            legal_left_out: false,
            legal_same: false,
            legal_offers_left_off: false,
            waiting_for_you: true,
        };
        let mut want = vec![4u8]; // ServerMsg::Update is the fifth variant
        for part in [
            encode(&u.version),
            encode(&u.view),
            encode(&u.log),
            encode(&u.legal),
            encode(&u.moves),
            encode(&u.log_kinds),
            encode(&u.actors),
            encode(&u.reply_to),
            encode(&u.deadline_ms),
            encode(&u.seats),
            encode(&u.seats_at),
            encode(&u.at_us),
            encode(&u.legal_left_out),
            encode(&u.legal_same),
            encode(&u.legal_offers_left_off),
            encode(&u.waiting_for_you),
        ] {
            want.extend(part.expect("encodes"));
        }
        let msg: ServerMsg = ServerMsg::Update(Box::new(u));
        assert_eq!(encode(&msg).expect("encodes"), want);
    }

    /// Messages without a view keep their bytes exactly (pinned from the protocol before the
    /// view became a type parameter).
    #[test]
    fn messages_without_a_view_keep_their_bytes() {
        let rejected: ServerMsg = ServerMsg::Rejected {
            seq: 300,
            reason: "no".into(),
        };
        assert_eq!(
            encode(&rejected).expect("encodes"),
            [5, 251, 44, 1, 2, b'n', b'o']
        );
        let legal: ServerMsg = ServerMsg::Legal(vec!["end".into()], vec![moves::Move::End]);
        // The text, then the typed move: `Move::End` is variant 6.
        assert_eq!(
            encode(&legal).expect("encodes"),
            [6, 1, 3, b'e', b'n', b'd', 1, 6]
        );
    }
}
