//! Game records: a header saying how the game was set up (variant, settings, seats, seed), then
//! every accepted command with its seat, one per line. A seed plus the commands replay a game
//! exactly, so the same file serves as a save (appended and flushed as the game goes), a
//! simulation log and the input of `catan replay`.
//!
//! ```text
//! catan-record 1
//! {"variant":"Base","seats":4,"seed":7,...}
//! 0 seat 1 person 0f3a…9c Ann
//! 0 seat 2 bot 77b1…02 Bot 2
//! 0 3 settle C.nw
//! 0 3 road C.n
//! 60000 tick
//! ```
//! Each line starts with the game time in milliseconds. Command lines name the seat (1-based,
//! as everywhere players read them); `tick` lines mark where the host's clock acted (a timer
//! ran out), so replays pass time in exactly where the game did. `seat` lines (hosted games
//! only) say who holds a seat and the secret token that lets its player come back, so a host
//! resumed from its save seats everyone again; a save is therefore private to the host (it is
//! written readable by its owner only).
//!
//! Since format 2 every line after the first ends with ` #` and the CRC-32 of what comes
//! before it, in eight hex digits. A save is written line by line as the game goes, so a power
//! cut or a full disk can leave its last line cut short; the checksum (and the missing newline)
//! tells such a torn tail from a command, and [`read_save`] drops it while keeping everything
//! before it. A line that fails its checksum anywhere else is damage, and is refused. Format 1
//! records (no checksums) are still read; there a last line without its newline is the torn
//! tail.
//!
//! Since format 3 the header's `args` is a [`GameSetup`], naming the ruleset as the
//! registration does (kebab-case); formats 1 and 2 named it as the command line's enum did
//! (CamelCase), and are read through [`OldHeader`].

use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;
use crate::setup::GameSetup;
use crate::variants::{Game, GameSettings};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// First line of every record; the number is the format's version.
pub const MAGIC: &str = "catan-record";
/// 4: `AT away SEAT` / `AT back SEAT` mark the moves a bot made for a person who was away.
pub const FORMAT_VERSION: u32 = 4;
/// The oldest format this catan still reads.
pub const OLDEST_FORMAT: u32 = 1;

/// How a recorded game was set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The catan version that wrote it.
    pub catan: String,
    /// How the game was set up (the bots' levels and think time, for a host that resumes the
    /// game; the rules themselves, for records written before `settings`).
    pub args: GameSetup,
    /// What the game was built from: the ruleset's own settings, board included. Records
    /// written before it have none and are built from `args` (and `board_toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<GameSettings>,
    /// A board file's contents, when the game used one (so the record stands alone).
    pub board_toml: Option<String>,
    pub seats: usize,
    pub seed: u64,
    pub names: Vec<String>,
    /// The game's name on the LAN (hosted games), so a resumed game keeps it.
    #[serde(default)]
    pub game: Option<String>,
    /// The game's identity (hosted games), so a resumed game keeps it wherever it is served
    /// from and its players' seat tokens, filed under it, still fit.
    #[serde(default)]
    pub id: Option<String>,
}

/// One step of a game: an accepted command, or the clock acting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    Command {
        at: Millis,
        seat: Seat,
        text: String,
    },
    Tick {
        at: Millis,
    },
    /// A person took over a bot's seat in the running game (a ruleset may count a seat's
    /// grace period again from there), written `AT takeover SEAT`.
    TakeOver {
        at: Millis,
        seat: Seat,
    },
    /// A bot began playing for the person in `seat`, who was away (`away`), or they came
    /// back (`!away`): the seat's moves between are the bot's, not the person's, which a
    /// review does not hold against them. Written `AT away SEAT` / `AT back SEAT`.
    Away {
        at: Millis,
        seat: Seat,
        away: bool,
    },
    /// Who holds a seat from now on (a hosted game's seating, not a move).
    Seat {
        at: Millis,
        seat: Seat,
        bot: bool,
        token: String,
        name: String,
    },
}

impl Entry {
    pub fn at(&self) -> Millis {
        match self {
            Entry::Command { at, .. }
            | Entry::Tick { at }
            | Entry::Seat { at, .. }
            | Entry::Away { at, .. }
            | Entry::TakeOver { at, .. } => *at,
        }
    }
}

/// For each entry, whether it is a move a bot made for a person who was away (between the
/// record's `away` and `back` lines for that seat).
pub fn stand_in_moves(entries: &[Entry]) -> Vec<bool> {
    let mut away: Vec<Seat> = Vec::new();
    entries
        .iter()
        .map(|e| match e {
            Entry::Away {
                seat, away: true, ..
            } => {
                away.push(*seat);
                false
            }
            Entry::Away {
                seat, away: false, ..
            } => {
                away.retain(|s| s != seat);
                false
            }
            Entry::Command { seat, .. } => away.contains(seat),
            _ => false,
        })
        .collect()
}

/// The seats a bot plays for, their people away, where the record stops.
pub fn away_at_end(entries: &[Entry]) -> Vec<Seat> {
    let mut away: Vec<Seat> = Vec::new();
    for e in entries {
        if let Entry::Away { seat, away: a, .. } = e {
            away.retain(|s| s != seat);
            if *a {
                away.push(*seat);
            }
        }
    }
    away
}

/// Why a record could not be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not a catan record (the first line should be `{MAGIC} {FORMAT_VERSION}`)")]
    NotARecord,
    #[error(
        "this record was written by a different format version ({0}); this catan reads versions {OLDEST_FORMAT} to {FORMAT_VERSION}"
    )]
    Version(String),
    #[error("line {line}: {message}")]
    Damaged { line: usize, message: String },
    #[error(
        "this save was written by catan {0}; this is catan {this}, whose rules may differ: finish the game with catan {0}",
        this = env!("CARGO_PKG_VERSION")
    )]
    OtherCatan(String),
    #[error("the file is empty: the game was never started, so there is nothing to resume")]
    Empty,
    #[error(
        "the save was cut short before its header was complete: the game never started, so there is nothing to resume"
    )]
    TornHeader,
}

impl Header {
    pub fn new(args: &GameSetup, seats: usize, seed: u64, names: Vec<String>) -> Header {
        let board_toml = args
            .flags
            .board
            .as_ref()
            .filter(|b| crate::variants::boards::spec(b).is_none())
            .and_then(|path| std::fs::read_to_string(path).ok());
        Header {
            catan: env!("CARGO_PKG_VERSION").to_string(),
            args: args.clone(),
            settings: args.settings().ok(),
            board_toml,
            seats,
            seed,
            names,
            game: None,
            id: None,
        }
    }

    /// A fresh game set up as recorded: from its settings, or for an older record from its
    /// command-line flags.
    pub fn new_game(&self) -> Result<Game, String> {
        if let Some(settings) = &self.settings {
            return Ok(Game::create(settings, self.seats, self.seed)?);
        }
        let mut args = self.args.clone();
        let _tmp;
        if let Some(text) = &self.board_toml {
            // The record carries the board itself; load it through a temporary file.
            let path = std::env::temp_dir().join(format!(
                "catan-board-{}-{}.toml",
                std::process::id(),
                self.seed
            ));
            std::fs::write(&path, text).map_err(|e| e.to_string())?;
            args.flags.board = Some(path.to_string_lossy().into_owned());
            _tmp = TempFile(path);
        }
        Ok(args.create(self.seats, self.seed)?)
    }
}

/// A header as formats 1 and 2 wrote it: the same fields, but the ruleset named as the
/// command line's enum was (CamelCase, not the registered kebab-case).
#[derive(Deserialize)]
struct OldHeader {
    catan: String,
    args: OldSetup,
    #[serde(default)]
    settings: Option<GameSettings>,
    board_toml: Option<String>,
    seats: usize,
    seed: u64,
    names: Vec<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    id: Option<String>,
}

/// [`GameSetup`] as formats 1 and 2 wrote it.
#[derive(Deserialize)]
struct OldSetup {
    variant: String,
    seed: Option<u64>,
    #[serde(flatten)]
    flags: crate::variants::flags::TableFlags,
    bot_think_secs: f64,
    bot_kind: String,
    #[serde(default)]
    bot_budget: Option<u32>,
}

/// The registered name of a ruleset an older record names as an enum variant: the
/// registered name whose CamelCase it is.
fn registered_name(old: &str) -> Option<&'static str> {
    GameSettings::NAMES.iter().copied().find(|name| {
        let mut camel = String::new();
        for word in name.split('-') {
            let mut c = word.chars();
            camel.extend(c.next().map(|f| f.to_ascii_uppercase()));
            camel.push_str(c.as_str());
        }
        camel == old
    })
}

impl OldHeader {
    fn into_header(self) -> Result<Header, String> {
        let variant = registered_name(&self.args.variant)
            .ok_or_else(|| format!("no ruleset is called {}", self.args.variant))?;
        Ok(Header {
            catan: self.catan,
            args: GameSetup {
                variant: variant.to_string(),
                seed: self.args.seed,
                flags: self.args.flags,
                bot_think_secs: self.args.bot_think_secs,
                bot_kind: self.args.bot_kind,
                bot_budget: self.args.bot_budget,
            },
            settings: self.settings,
            board_toml: self.board_toml,
            seats: self.seats,
            seed: self.seed,
            names: self.names,
            game: self.game,
            id: self.id,
        })
    }
}

struct TempFile(std::path::PathBuf);
impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The checksum that ends a line of a format-2 record.
fn checksum(body: &str) -> u32 {
    crc32fast::hash(body.as_bytes())
}

/// A line as a format-2 record holds it: the text, then ` #` and its checksum (no newline).
pub fn framed(body: &str) -> String {
    format!("{body} #{:08x}", checksum(body))
}

/// Writes one line with its checksum and newline, in a single write: a line is appended
/// whole or (on a failing disk) cut short, never interleaved.
fn write_line(out: &mut impl Write, body: &str) -> std::io::Result<()> {
    let mut line = framed(body);
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// Writes the header lines.
pub fn write_header(out: &mut impl Write, h: &Header) -> std::io::Result<()> {
    writeln!(out, "{MAGIC} {FORMAT_VERSION}")?;
    write_header_line(out, h)
}

/// Writes the header's own line (the one after the first), for a save whose first line is
/// already written.
pub fn write_header_line(out: &mut impl Write, h: &Header) -> std::io::Result<()> {
    write_line(
        out,
        &serde_json::to_string(h).map_err(std::io::Error::other)?,
    )
}

/// An entry as its line reads, without the checksum.
fn entry_text(e: &Entry) -> String {
    match e {
        Entry::Command { at, seat, text } => format!("{at} {} {text}", seat + 1),
        Entry::Tick { at } => format!("{at} tick"),
        Entry::TakeOver { at, seat } => format!("{at} takeover {}", seat + 1),
        Entry::Away { at, seat, away } => {
            format!("{at} {} {}", if *away { "away" } else { "back" }, seat + 1)
        }
        Entry::Seat {
            at,
            seat,
            bot,
            token,
            name,
        } => format!(
            "{at} seat {} {} {token} {name}",
            seat + 1,
            if *bot { "bot" } else { "person" }
        ),
    }
}

/// Writes one line.
pub fn write_entry(out: &mut impl Write, e: &Entry) -> std::io::Result<()> {
    write_line(out, &entry_text(e))
}

/// A record as read back: its header, its entries, and whether a torn last line was dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Contents {
    pub header: Header,
    pub entries: Vec<Entry>,
    /// The line number of a last line that was cut short (a write the disk or a power cut
    /// interrupted), dropped with nothing after it lost.
    pub torn_line: Option<usize>,
}

/// Reads a whole record (dropping a torn last line, see [`read_save`]).
pub fn read(input: impl BufRead) -> Result<(Header, Vec<Entry>), RecordError> {
    let c = read_save(input)?;
    Ok((c.header, c.entries))
}

/// Reads a whole record, telling whether its last line was torn.
pub fn read_save(mut input: impl BufRead) -> Result<Contents, RecordError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    if bytes.is_empty() {
        return Err(RecordError::Empty);
    }
    // Lines with the newline that ends them; a last one without is unfinished.
    let mut raw: Vec<(&[u8], bool)> = Vec::new();
    let mut rest = &bytes[..];
    while !rest.is_empty() {
        match rest.iter().position(|&b| b == b'\n') {
            Some(i) => {
                raw.push((&rest[..i], true));
                rest = &rest[i + 1..];
            }
            None => {
                raw.push((rest, false));
                rest = &[];
            }
        }
    }
    let last = raw.len();
    let first = std::str::from_utf8(raw[0].0).map_err(|_| RecordError::NotARecord)?;
    let mut parts = first.split_whitespace();
    if parts.next() != Some(MAGIC) {
        return Err(RecordError::NotARecord);
    }
    let version: u32 = match parts.next() {
        Some(v) => match v.parse() {
            Ok(n) if (OLDEST_FORMAT..=FORMAT_VERSION).contains(&n) => n,
            _ => return Err(RecordError::Version(v.to_string())),
        },
        None => return Err(RecordError::NotARecord),
    };
    // Each line after the first, checked: `Ok(None)` is the torn tail.
    let body = |n: usize| -> Result<Option<&str>, RecordError> {
        let (bytes, ended) = raw[n - 1];
        let is_last = n == last;
        let damaged = |m: &str| RecordError::Damaged {
            line: n,
            message: m.to_string(),
        };
        if !ended {
            // Only the last line can lack its newline: it was cut short.
            return Ok(None);
        }
        let Ok(text) = std::str::from_utf8(bytes) else {
            return if is_last && version >= 2 {
                Ok(None)
            } else {
                Err(damaged("the line is not text"))
            };
        };
        if version < 2 {
            return Ok(Some(text));
        }
        let framed = text
            .rsplit_once(" #")
            .filter(|(_, sum)| sum.len() == 8)
            .and_then(|(b, sum)| Some((b, u32::from_str_radix(sum, 16).ok()?)));
        match framed {
            Some((b, sum)) if checksum(b) == sum => Ok(Some(b)),
            // A last line whose bytes did not all reach the disk.
            _ if is_last => Ok(None),
            _ => Err(damaged(
                "the line fails its checksum (the file was changed or damaged)",
            )),
        }
    };
    if last < 2 {
        return Err(RecordError::TornHeader);
    }
    let head = body(2)?.ok_or(RecordError::TornHeader)?;
    let damaged = |message: String| RecordError::Damaged { line: 2, message };
    let header: Header = if version >= 3 {
        serde_json::from_str(head).map_err(|e| damaged(format!("the header is damaged: {e}")))?
    } else {
        serde_json::from_str::<OldHeader>(head)
            .map_err(|e| damaged(format!("the header is damaged: {e}")))?
            .into_header()
            .map_err(damaged)?
    };
    let mut entries = Vec::new();
    let mut torn_line = None;
    for n in 3..=last {
        let Some(line) = body(n)? else {
            torn_line = Some(n);
            break;
        };
        if line.trim().is_empty() {
            continue;
        }
        entries.push(parse_entry(line, n, header.seats)?);
    }
    Ok(Contents {
        header,
        entries,
        torn_line,
    })
}

/// One entry's line (without its checksum).
fn parse_entry(line: &str, n: usize, seats: usize) -> Result<Entry, RecordError> {
    let damaged = |m: &str| RecordError::Damaged {
        line: n,
        message: m.to_string(),
    };
    let mut it = line.splitn(3, ' ');
    let at: Millis = it
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| damaged("bad time"))?;
    let who = it.next().ok_or_else(|| damaged("no seat"))?;
    if who == "tick" {
        return Ok(Entry::Tick { at });
    }
    if who == "seat" {
        let rest = it
            .next()
            .ok_or_else(|| damaged("an incomplete seat line"))?;
        let mut f = rest.splitn(4, ' ');
        let seat: usize = f
            .next()
            .and_then(|s| s.parse().ok())
            .filter(|s| (1..=seats).contains(s))
            .ok_or_else(|| damaged("bad seat"))?;
        let bot = match f.next() {
            Some("bot") => true,
            Some("person") => false,
            _ => return Err(damaged("a seat is held by a person or a bot")),
        };
        let token = f
            .next()
            .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_hexdigit()))
            .ok_or_else(|| damaged("bad seat token"))?
            .to_string();
        let name = f.next().unwrap_or("").to_string();
        return Ok(Entry::Seat {
            at,
            seat: (seat - 1) as Seat,
            bot,
            token,
            name,
        });
    }
    if matches!(who, "takeover" | "away" | "back") {
        let seat: usize = it
            .next()
            .and_then(|s| s.trim().parse().ok())
            .filter(|s| (1..=seats).contains(s))
            .ok_or_else(|| damaged("bad seat"))?;
        let seat = (seat - 1) as Seat;
        return Ok(match who {
            "takeover" => Entry::TakeOver { at, seat },
            away => Entry::Away {
                at,
                seat,
                away: away == "away",
            },
        });
    }
    let seat: usize = who.parse().map_err(|_| damaged("bad seat"))?;
    let text = it.next().ok_or_else(|| damaged("no command"))?.to_string();
    if seat == 0 || seat > seats {
        return Err(damaged("seat out of range"));
    }
    Ok(Entry::Command {
        at,
        seat: (seat - 1) as Seat,
        text,
    })
}

/// Replays a record, calling `each` after every command with the game and its events.
/// Refuses a record whose commands the game does not accept.
pub fn replay(
    header: &Header,
    entries: &[Entry],
    mut each: impl FnMut(&Game, &Entry, &[crate::variants::GameEvent]),
) -> Result<Game, RecordError> {
    let mut game = header.new_game().map_err(|m| RecordError::Damaged {
        line: 2,
        message: m,
    })?;
    for (i, e) in entries.iter().enumerate() {
        let damaged = |m: String| RecordError::Damaged {
            line: i + 3,
            message: m,
        };
        let evs = match e {
            Entry::Seat { .. } | Entry::Away { .. } => Vec::new(),
            Entry::Tick { at } => game.tick(*at),
            Entry::TakeOver { seat, .. } => game.seat_taken_over(*seat),
            Entry::Command { at, seat, text } => {
                let cmd = game.parse(*seat, text).map_err(|err| damaged(err.0))?;
                // Saves hold commands as the host writes them: anything else (an abbreviation,
                // words left over) was not written by a host and is not guessed at.
                let canonical = game.format(&cmd);
                if canonical != *text {
                    return Err(damaged(format!(
                        "`{text}` is not how the host writes that command (`{canonical}`)"
                    )));
                }
                game.apply(*seat, &cmd, *at)
                    .map_err(|err| damaged(format!("`{text}` was refused: {err}")))?
            }
        };
        each(&game, e, &evs);
    }
    Ok(game)
}

/// Refuses a record written by another catan version: its rules may differ, so replaying its
/// commands could give another game.
pub fn check_version(header: &Header) -> Result<(), RecordError> {
    if header.catan != env!("CARGO_PKG_VERSION") {
        return Err(RecordError::OtherCatan(header.catan.clone()));
    }
    Ok(())
}

/// A save read back and replayed: what [`load`] returns.
pub struct Loaded {
    pub header: Header,
    pub entries: Vec<Entry>,
    /// The game as it stood after the last entry.
    pub game: Game,
    /// Every event in order (each seat's history).
    pub events: Vec<crate::variants::GameEvent>,
    /// The line number of a torn last line that was dropped, if there was one.
    pub torn_line: Option<usize>,
}

/// Reads, checks and replays a save: the header, every entry and the game as it stood after
/// the last one, with the events in order (each seat's history).
pub fn load(path: &std::path::Path) -> Result<Loaded, RecordError> {
    let file = std::fs::File::open(path)?;
    let c = read_save(std::io::BufReader::new(file))?;
    check_version(&c.header)?;
    let mut events = Vec::new();
    let game = replay(&c.header, &c.entries, |_, _, evs| {
        events.extend_from_slice(evs)
    })?;
    Ok(Loaded {
        header: c.header,
        entries: c.entries,
        game,
        events,
        torn_line: c.torn_line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_of(args: &GameSetup) -> Header {
        Header::new(args, 4, 9, vec!["Ann".into(); 4])
    }

    fn round_trip(h: &Header) -> Header {
        let mut text = Vec::new();
        write_header(&mut text, h).expect("written");
        read(std::io::BufReader::new(&text[..])).expect("read").0
    }

    /// A record keeps the ruleset's own settings, and a record written before it did (no
    /// `settings` in its header, the ruleset named as the command line's enum) still builds
    /// the same game from its flags.
    #[test]
    fn a_header_keeps_the_settings_and_an_older_header_still_builds_its_game() {
        let mut args = GameSetup::of("total-chaos");
        args.flags.vp = Some(8);
        let new = round_trip(&header_of(&args));
        assert_eq!(new.settings, Some(args.settings().expect("settings")));

        // Format 2 named the ruleset as the command line's enum did; the oldest headers had
        // no settings either.
        let mut json: serde_json::Value = serde_json::to_value(&new).expect("json");
        json["args"]["variant"] = "TotalChaos".into();
        let text = format!("{MAGIC} 2\n{}\n", framed(&json.to_string()));
        let (two, _) = read(std::io::BufReader::new(text.as_bytes())).expect("a format 2 record");
        assert_eq!(two, new);
        json.as_object_mut().expect("an object").remove("settings");
        let text = format!("{MAGIC} 1\n{json}\n");
        let (old, _) = read(std::io::BufReader::new(text.as_bytes())).expect("an old record");
        assert_eq!(old.settings, None);
        assert_eq!(old.args, new.args);

        let (a, b) = (new.new_game().expect("new"), old.new_game().expect("old"));
        assert_eq!(a.view(None), b.view(None));
        assert_eq!(a.settings_text(), b.settings_text());
    }

    /// The moves a bot made for an away person are marked by the record's `away` and `back`
    /// lines, which read back as written.
    #[test]
    fn away_and_back_lines_mark_a_stand_in_bots_moves() {
        let cmd = |at, seat: Seat| Entry::Command {
            at,
            seat,
            text: "roll".into(),
        };
        let away = |at, seat, away| Entry::Away { at, seat, away };
        let entries = vec![
            cmd(1, 0),
            away(2, 0, true),
            cmd(3, 0),
            cmd(4, 1),
            away(5, 0, false),
            cmd(6, 0),
            away(7, 1, true),
        ];
        let mut text = Vec::new();
        write_header(&mut text, &header_of(&GameSetup::default())).expect("written");
        for e in &entries {
            write_entry(&mut text, e).expect("written");
        }
        let shown = String::from_utf8_lossy(&text).into_owned();
        assert!(
            shown.contains("2 away 1") && shown.contains("5 back 1"),
            "{shown}"
        );
        let (_, back) = read(std::io::BufReader::new(&text[..])).expect("read");
        assert_eq!(back, entries);
        assert_eq!(
            stand_in_moves(&entries),
            [false, false, true, false, false, false, false]
        );
        assert_eq!(away_at_end(&entries), [1]);
        assert_eq!(away_at_end(&entries[..3]), [0]);
    }

    /// The settings carry the board itself: a save whose board file is gone still resumes.
    #[test]
    fn a_save_resumes_without_its_board_file() {
        let dir = std::env::temp_dir().join(format!("catan-record-board-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let path = dir.join("mine.toml");
        let text = include_str!("../assets/boards/base-beginner.toml");
        std::fs::write(&path, text).expect("written");
        let file = path.to_string_lossy().into_owned();
        let spec = crate::board::BoardSpec::parse(&file, text).expect("a board");
        let mut args = GameSetup::default();
        args.flags.board = Some(file);
        let mut h = round_trip(&header_of(&args));
        std::fs::remove_dir_all(&dir).expect("removed");
        h.board_toml = None;
        let game = h.new_game().expect("the game resumes from its settings");
        assert_eq!(game.map_recipe(), crate::board::MapRecipe::Single(spec));
    }
}
