//! `catan replay PATH [--all]`: a recorded game move by move. Each step prints the command and
//! what happened, in words a spectator reads; Enter shows the next. `--all` prints every step
//! at once. Both end with the final board (hex names written in) and the standings.
//! `--summary` prints the game's summary instead (`--json`: as JSON), from the same
//! accumulator the host uses at a game's end; `--review` its review ([`crate::review`]:
//! win chances after every turn, turning points, a person's decisions against `hard`'s).
//!
//! The whole record is checked before the first step is shown: a damaged file, or one from
//! another format or catan version, is refused with the reason (and the line) and exit code 2.

use crate::board::render::{self, RenderOptions};
use crate::cli::ReplayArgs;
use crate::client::rulesets::PlainUi;
use crate::client::rulesets::for_view;
use crate::proto::SeatInfo;
use crate::record::{self, Entry, Header, RecordError};
use crate::ruleset::Ruleset;
use crate::term::{ColorMode, paint};
use crate::variants::Game;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// One step as it is shown.
pub(crate) struct Step {
    title: String,
    events: Vec<String>,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let shown = args.path.display().to_string();
    if args.json && !args.summary && !args.review {
        eprintln!("catan replay: --json goes with --summary or --review");
        return Ok(ExitCode::from(2));
    }
    if args.review {
        return review(&args, &shown);
    }
    if args.summary {
        let summary = match summary(&args.path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("catan replay: {shown}: {e}");
                return Ok(ExitCode::from(2));
            }
        };
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        if args.json {
            writeln!(out, "{}", summary.json())?;
        } else {
            write!(
                out,
                "{}",
                crate::recap::text::render_fit(&summary, text_width())
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (header, steps, game) = match load(&args.path) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("catan replay: {shown}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "Replaying {shown}: {} game, {} seats ({}), seed {}, {} steps.",
        header.args.variant,
        header.seats,
        header.names.join(", "),
        header.seed,
        steps.len()
    )?;
    let mut stepping = !args.all;
    if stepping {
        writeln!(
            out,
            "Enter shows the next step; `a` then Enter shows the rest, `q` then Enter stops."
        )?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    for step in &steps {
        writeln!(out, "{}", step.title)?;
        for e in &step.events {
            writeln!(out, "        {e}")?;
        }
        if stepping {
            out.flush()?;
            let mut line = String::new();
            // End of input: show the rest without waiting.
            if input.read_line(&mut line)? == 0 {
                stepping = false;
                continue;
            }
            match line.trim() {
                "q" | "quit" => return Ok(ExitCode::SUCCESS),
                "a" | "all" => stepping = false,
                _ => {}
            }
        }
    }
    writeln!(out)?;
    write!(out, "{}", final_board(&game, &header.names))?;
    writeln!(out)?;
    for line in standings(&game, &header.names) {
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--review`: the game reviewed (docs/review.md), as text or JSON, with a progress bar on a
/// terminal.
fn review(args: &ReplayArgs, shown: &str) -> anyhow::Result<ExitCode> {
    let read = || -> Result<(Header, Vec<Entry>), RecordError> {
        let file = std::fs::File::open(&args.path)?;
        let (header, entries) = record::read(std::io::BufReader::new(file))?;
        record::check_version(&header)?;
        Ok((header, entries))
    };
    let (header, entries) = match read() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("catan replay: {shown}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let asked = match args.seat {
        Some(s) if s == 0 || s > header.seats => {
            eprintln!(
                "catan replay: --seat {s}: the game has seats 1 to {}",
                header.seats
            );
            return Ok(ExitCode::from(2));
        }
        s => s.map(|s| (s - 1) as crate::engine::Seat),
    };
    let people = crate::review::decisions::seats_of(&entries, asked);
    let opts = crate::review::Options {
        playouts: args.playouts.max(1),
        seed: args.review_seed,
        threads: args.threads.max(1),
        you: asked.or_else(|| (people.len() == 1).then(|| people[0])),
        people,
        ..crate::review::Options::default()
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(1);
        bar.set_style(
            indicatif::ProgressStyle::with_template("reviewing {bar:40} {percent}%  eta {eta}")
                .expect("a valid template"),
        );
        bar
    });
    let progress = |done: usize, total: usize| {
        if let Some(b) = &bar {
            b.set_length(total as u64);
            b.set_position(done as u64);
        }
    };
    let result = crate::review::review(&header, &entries, &opts, &progress);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let review = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("catan replay: {shown}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&review)?)?;
    } else {
        write!(out, "{}", crate::review::text::render(&review))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads and replays a record, keeping each step in words.
/// A record read and checked, its steps in words and the game at its end (`catan board show
/// --record` draws that position).
pub(crate) fn load(path: &std::path::Path) -> Result<(Header, Vec<Step>, Game), RecordError> {
    let file = std::fs::File::open(path)?;
    let (header, entries) = record::read(std::io::BufReader::new(file))?;
    record::check_version(&header)?;
    let names = header.names.clone();
    let name = |seat: crate::engine::Seat| {
        names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    };
    let mut steps = Vec::with_capacity(entries.len());
    let game = record::replay(&header, &entries, |g, entry, evs| {
        let n = steps.len() + 1;
        let title = match entry {
            Entry::Command { at, seat, text } => {
                format!("{n:>5}  {}{}: {text}", clock(*at), name(*seat))
            }
            Entry::Tick { at } => format!("{n:>5}  {}the clock ran out", clock(*at)),
            Entry::TakeOver { at, seat } => {
                format!("{n:>5}  {}a person takes over {}", clock(*at), name(*seat))
            }
            Entry::Seat {
                at,
                seat,
                bot,
                name,
                ..
            } => format!(
                "{n:>5}  {}{name} {} seat {}",
                clock(*at),
                if *bot { "(a bot) holds" } else { "sits in" },
                seat + 1
            ),
        };
        let events = evs
            .iter()
            .filter_map(|e| g.describe(e, None, &names))
            .collect();
        steps.push(Step { title, events });
    })?;
    Ok((header, steps, game))
}

/// A record read, checked and replayed through the summary's accumulator.
pub(crate) fn summary(path: &std::path::Path) -> Result<crate::recap::Summary, RecordError> {
    let file = std::fs::File::open(path)?;
    let (header, entries) = record::read(std::io::BufReader::new(file))?;
    record::check_version(&header)?;
    crate::recap::of_record(&header, &entries)
}

/// Columns the summary may fill: the terminal's width when stdout is one, else 80 (a file or
/// a pipe is read at 80 columns as well as anywhere).
fn text_width() -> usize {
    const NO_TERMINAL: usize = 80;
    if std::io::stdout().is_terminal() {
        crossterm::terminal::size().map_or(NO_TERMINAL, |(w, _)| usize::from(w).max(20))
    } else {
        NO_TERMINAL
    }
}

/// Game time, when there is any.
fn clock(at: u64) -> String {
    if at == 0 {
        String::new()
    } else {
        format!("[{}:{:02}] ", at / 60_000, at / 1000 % 60)
    }
}

/// The board at the end, with hex names and a key to the seat letters.
fn final_board(game: &Game, names: &[String]) -> String {
    let infos: Vec<SeatInfo> = (0..game.seats())
        .map(|i| SeatInfo::named(names.get(i).cloned().unwrap_or_default(), String::new()))
        .collect();
    let view = game.view(None);
    let ui = for_view(&view);
    let ov = ui.overlay(&infos);
    let map = game.map();
    let opts = RenderOptions {
        names: true,
        harbors: true,
        sea: true,
        ..RenderOptions::default()
    };
    let pic = render::render(map, &ov, &opts);
    let mut s = paint(&pic, ColorMode::detect("auto"));
    let seat_names: Vec<String> = infos.iter().map(|i| i.name.clone()).collect();
    s.push_str(&legend(ui.as_ref(), &ov.letters, &seat_names));
    s.push('\n');
    s
}

/// The line under a drawn position: what its marks mean (the ruleset's
/// [`PlainUi::board_key`]) and whose letter is whose. `catan board show --record` prints the
/// same line.
pub(crate) fn legend(ui: &dyn PlainUi<'_>, letters: &[char], names: &[String]) -> String {
    let key: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", letters.get(i).copied().unwrap_or('?')))
        .collect();
    format!("{} {}", ui.board_key(), key.join(", "))
}

/// The result, or the public scores of a game that did not finish.
fn standings(game: &Game, names: &[String]) -> Vec<String> {
    let name = |s: crate::engine::Seat| {
        names
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", s + 1))
    };
    let mut lines = Vec::new();
    match game.outcome() {
        Some(o) => {
            let winners: Vec<String> = o.winners.iter().map(|w| name(*w)).collect();
            lines.push(format!("Winner: {}.", winners.join(", ")));
            lines.push("Standings:".into());
            for (i, (s, score)) in o.standings.iter().enumerate() {
                lines.push(format!("  {}. {} — {score} VP", i + 1, name(*s)));
            }
        }
        None => {
            lines.push("The game did not finish. Public victory points:".into());
            let view = game.view(None);
            let mut p = for_view(&view).public_scores();
            p.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            for (i, (s, vp)) in p.iter().enumerate() {
                lines.push(format!("  {}. {} — {vp} VP", i + 1, name(*s)));
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::GameSettings;

    /// Every ruleset that draws Catan's pieces keys them all, ships included; every legend
    /// ends with whose letter is whose.
    #[test]
    fn the_legend_of_every_game_with_pieces_names_ships_and_every_seat() {
        for &name in GameSettings::NAMES {
            let mut args = crate::setup::GameSetup::of(name);
            args.flags.boards = 2;
            let game = args.create(4, 1).expect("a game");
            let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"].map(String::from).to_vec();
            let view = game.view(None);
            let ui = for_view(&view);
            let line = legend(ui.as_ref(), &['r', 'b', 'w', 'o'], &names);
            assert!(line.ends_with("r Ann, b Bob, w Cy, o Di"), "{name}: {line}");
            if name == "adaptations" {
                assert!(line.starts_with("Hexes: name and capacity"), "{line}");
                continue;
            }
            assert!(
                line.contains(&format!("ship = {}", render::SHIP)),
                "{name}: {line}"
            );
            assert!(line.contains("city = upper case"), "{name}: {line}");
        }
    }
}
