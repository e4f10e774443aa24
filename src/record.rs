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

use crate::cli::GameArgs;
use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;
use crate::variants::{Game, GameSettings};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// First line of every record; the number is the format's version.
pub const MAGIC: &str = "catan-record";
pub const FORMAT_VERSION: u32 = 1;

/// How a recorded game was set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The catan version that wrote it.
    pub catan: String,
    /// The command line's game flags (the bots' levels and think time, for a host that
    /// resumes the game; the rules themselves, for records written before `settings`).
    pub args: GameArgs,
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
    /// A person took over a bot's seat in the running game (the Big Game counts the robbers'
    /// grace again from there), written `AT takeover SEAT`.
    TakeOver {
        at: Millis,
        seat: Seat,
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
            | Entry::TakeOver { at, .. } => *at,
        }
    }
}

/// Why a record could not be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not a catan record (the first line should be `{MAGIC} {FORMAT_VERSION}`)")]
    NotARecord,
    #[error(
        "this record was written by a different format version ({0}); this catan reads version {FORMAT_VERSION}"
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
}

impl Header {
    pub fn new(args: &GameArgs, seats: usize, seed: u64, names: Vec<String>) -> Header {
        let board_toml = args
            .board
            .as_ref()
            .filter(|b| crate::board::builtin::spec(b).is_none())
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
            return Game::create(settings, self.seats, self.seed);
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
            args.board = Some(path.to_string_lossy().into_owned());
            _tmp = TempFile(path);
        }
        args.create(self.seats, self.seed)
    }
}

struct TempFile(std::path::PathBuf);
impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Writes the header lines.
pub fn write_header(out: &mut impl Write, h: &Header) -> std::io::Result<()> {
    writeln!(out, "{MAGIC} {FORMAT_VERSION}")?;
    writeln!(
        out,
        "{}",
        serde_json::to_string(h).map_err(std::io::Error::other)?
    )
}

/// Writes one line.
pub fn write_entry(out: &mut impl Write, e: &Entry) -> std::io::Result<()> {
    match e {
        Entry::Command { at, seat, text } => writeln!(out, "{at} {} {text}", seat + 1),
        Entry::Tick { at } => writeln!(out, "{at} tick"),
        Entry::TakeOver { at, seat } => writeln!(out, "{at} takeover {}", seat + 1),
        Entry::Seat {
            at,
            seat,
            bot,
            token,
            name,
        } => writeln!(
            out,
            "{at} seat {} {} {token} {name}",
            seat + 1,
            if *bot { "bot" } else { "person" }
        ),
    }
}

/// Reads a whole record.
pub fn read(input: impl BufRead) -> Result<(Header, Vec<Entry>), RecordError> {
    // A line that is not text is damage (or not a record at all), not an I/O failure.
    let text = |n: usize, l: std::io::Result<String>| match l {
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(if n == 1 {
            RecordError::NotARecord
        } else {
            RecordError::Damaged {
                line: n,
                message: "the line is not text".into(),
            }
        }),
        other => other.map_err(RecordError::from),
    };
    let mut lines = input.lines().enumerate().map(move |(i, l)| text(i + 1, l));
    let first = lines.next().transpose()?.ok_or(RecordError::Empty)?;
    let mut parts = first.split_whitespace();
    if parts.next() != Some(MAGIC) {
        return Err(RecordError::NotARecord);
    }
    match parts.next() {
        Some(v) if v == FORMAT_VERSION.to_string() => {}
        Some(v) => return Err(RecordError::Version(v.to_string())),
        None => return Err(RecordError::NotARecord),
    }
    let head = lines.next().transpose()?.ok_or(RecordError::Damaged {
        line: 2,
        message: "the header is missing".into(),
    })?;
    let header: Header = serde_json::from_str(&head).map_err(|e| RecordError::Damaged {
        line: 2,
        message: format!("the header is damaged: {e}"),
    })?;
    let mut entries = Vec::new();
    for (i, line) in lines.enumerate() {
        let line = line?;
        let n = i + 3;
        if line.trim().is_empty() {
            continue;
        }
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
            entries.push(Entry::Tick { at });
            continue;
        }
        if who == "seat" {
            let rest = it
                .next()
                .ok_or_else(|| damaged("an incomplete seat line"))?;
            let mut f = rest.splitn(4, ' ');
            let seat: usize = f
                .next()
                .and_then(|s| s.parse().ok())
                .filter(|s| (1..=header.seats).contains(s))
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
            entries.push(Entry::Seat {
                at,
                seat: (seat - 1) as Seat,
                bot,
                token,
                name,
            });
            continue;
        }
        if who == "takeover" {
            let seat: usize = it
                .next()
                .and_then(|s| s.trim().parse().ok())
                .filter(|s| (1..=header.seats).contains(s))
                .ok_or_else(|| damaged("bad seat"))?;
            entries.push(Entry::TakeOver {
                at,
                seat: (seat - 1) as Seat,
            });
            continue;
        }
        let seat: usize = who.parse().map_err(|_| damaged("bad seat"))?;
        let text = it.next().ok_or_else(|| damaged("no command"))?.to_string();
        if seat == 0 || seat > header.seats {
            return Err(damaged("seat out of range"));
        }
        entries.push(Entry::Command {
            at,
            seat: (seat - 1) as Seat,
            text,
        });
    }
    Ok((header, entries))
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
            Entry::Seat { .. } => Vec::new(),
            Entry::Tick { at } => game.tick(*at),
            Entry::TakeOver { seat, .. } => game.seat_taken_over(*seat),
            Entry::Command { at, seat, text } => {
                let cmd = game.parse(*seat, text).map_err(|err| damaged(err.0))?;
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

/// Reads, checks and replays a save: the header, every entry and the game as it stood after
/// the last one, with the events in order (each seat's history).
pub fn load(
    path: &std::path::Path,
) -> Result<(Header, Vec<Entry>, Game, Vec<crate::variants::GameEvent>), RecordError> {
    let file = std::fs::File::open(path)?;
    let (header, entries) = read(std::io::BufReader::new(file))?;
    check_version(&header)?;
    let mut events = Vec::new();
    let game = replay(&header, &entries, |_, _, evs| events.extend_from_slice(evs))?;
    Ok((header, entries, game, events))
}

/// A save being written as the game goes: every entry is written and flushed before the host
/// answers the command, so a host killed at any moment loses nothing it has acknowledged.
/// The header is written when the game starts (it names the seats).
pub struct SaveWriter {
    out: std::fs::File,
    header: Option<Header>,
    path: std::path::PathBuf,
}

impl SaveWriter {
    /// Creates (or empties) the save file now, so a bad path is reported before anyone joins;
    /// `header` is written when the game starts.
    pub fn create(path: &std::path::Path, header: Header) -> std::io::Result<SaveWriter> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let out = private_options().truncate(true).open(path)?;
        Ok(SaveWriter {
            out,
            header: Some(header),
            path: path.to_path_buf(),
        })
    }

    /// Continues a save that already holds `header` and `entries` (a resumed game). When `path`
    /// is not the file they were read from, they are copied there first.
    pub fn resume(
        path: &std::path::Path,
        copy: Option<(&Header, &[Entry])>,
    ) -> std::io::Result<SaveWriter> {
        let mut w = match copy {
            Some((h, entries)) => {
                let mut w = SaveWriter::create(path, h.clone())?;
                w.start(h.names.clone())?;
                for e in entries {
                    write_entry(&mut w.out, e)?;
                }
                w
            }
            None => SaveWriter {
                out: private_options().append(true).open(path)?,
                header: None,
                path: path.to_path_buf(),
            },
        };
        w.out.flush()?;
        Ok(w)
    }

    /// Writes the header with the seats' names, once.
    pub fn start(&mut self, names: Vec<String>) -> std::io::Result<()> {
        if let Some(mut h) = self.header.take() {
            h.names = names;
            let mut buf = Vec::new();
            write_header(&mut buf, &h)?;
            self.out.write_all(&buf)?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Appends one entry and hands it to the operating system before returning: the file then
    /// outlives the process however it ends.
    pub fn write(&mut self, e: &Entry) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(64);
        write_entry(&mut buf, e)?;
        self.out.write_all(&buf)?;
        self.out.flush()
    }

    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

/// Saves hold seat tokens: only their owner reads them.
fn private_options() -> std::fs::OpenOptions {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_of(args: &GameArgs) -> Header {
        Header::new(args, 4, 9, vec!["Ann".into(); 4])
    }

    fn round_trip(h: &Header) -> Header {
        let mut text = Vec::new();
        write_header(&mut text, h).expect("written");
        read(std::io::BufReader::new(&text[..])).expect("read").0
    }

    /// A record keeps the ruleset's own settings, and a record written before it did (no
    /// `settings` in its header) still builds the same game from its flags.
    #[test]
    fn a_header_keeps_the_settings_and_an_older_header_still_builds_its_game() {
        let mut args = crate::sim::default_game_args();
        args.variant = crate::cli::VariantName::TotalChaos;
        args.vp = Some(8);
        let new = round_trip(&header_of(&args));
        assert_eq!(new.settings, Some(args.settings().expect("settings")));

        let mut json: serde_json::Value = serde_json::to_value(&new).expect("json");
        json.as_object_mut().expect("an object").remove("settings");
        let text = format!("{MAGIC} {FORMAT_VERSION}\n{json}\n");
        let (old, _) = read(std::io::BufReader::new(text.as_bytes())).expect("an old record");
        assert_eq!(old.settings, None);

        let (a, b) = (new.new_game().expect("new"), old.new_game().expect("old"));
        assert_eq!(a.view(None), b.view(None));
        assert_eq!(a.settings_text(), b.settings_text());
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
        let mut args = crate::sim::default_game_args();
        args.board = Some(file);
        let mut h = round_trip(&header_of(&args));
        std::fs::remove_dir_all(&dir).expect("removed");
        h.board_toml = None;
        let game = h.new_game().expect("the game resumes from its settings");
        assert_eq!(game.map_recipe(), crate::board::MapRecipe::Single(spec));
    }
}
