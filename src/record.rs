//! Game records: a header saying how the game was set up (variant, settings, seats, seed), then
//! every accepted command with its seat, one per line. A seed plus the commands replay a game
//! exactly, so the same file serves as a save (appended and flushed as the game goes), a
//! simulation log and the input of `catan replay`.
//!
//! ```text
//! catan-record 1
//! {"variant":"Base","seats":4,"seed":7,...}
//! 0 3 settle C.nw
//! 0 3 road C.n
//! 60000 tick
//! ```
//! Each line starts with the game time in milliseconds. Command lines name the seat (1-based,
//! as everywhere players read them); `tick` lines mark where the host's clock acted (a timer
//! ran out), so replays pass time in exactly where the game did.

use crate::cli::GameArgs;
use crate::engine::{Millis, Seat};
use crate::variants::{self, Game};
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
    pub args: GameArgs,
    /// A board file's contents, when the game used one (so the record stands alone).
    pub board_toml: Option<String>,
    pub seats: usize,
    pub seed: u64,
    pub names: Vec<String>,
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
}

impl Entry {
    pub fn at(&self) -> Millis {
        match self {
            Entry::Command { at, .. } | Entry::Tick { at } | Entry::TakeOver { at, .. } => *at,
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
            board_toml,
            seats,
            seed,
            names,
        }
    }

    /// A fresh game set up as recorded.
    pub fn new_game(&self) -> Result<Game, String> {
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
        variants::create(&args, self.seats, self.seed)
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
    }
}

/// Reads a whole record.
pub fn read(input: impl BufRead) -> Result<(Header, Vec<Entry>), RecordError> {
    let mut lines = input.lines();
    let first = lines.next().transpose()?.ok_or(RecordError::NotARecord)?;
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
        let (who, rest) = if who == "takeover" {
            (it.next().ok_or_else(|| damaged("no seat"))?, None)
        } else {
            let text = it.next().ok_or_else(|| damaged("no command"))?.to_string();
            (who, Some(text))
        };
        let seat: usize = who.trim().parse().map_err(|_| damaged("bad seat"))?;
        if seat == 0 || seat > header.seats {
            return Err(damaged("seat out of range"));
        }
        let Some(text) = rest else {
            entries.push(Entry::TakeOver {
                at,
                seat: (seat - 1) as Seat,
            });
            continue;
        };
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
