//! `catan replay PATH [--all]`: a recorded game move by move. Each step prints the command and
//! what happened, in words a spectator reads; Enter shows the next, a step's number goes to it
//! (a review names its turning points by step), `b` draws the board after the step shown.
//! `--all` prints every step at once. Both end with the final board (hex names written in) and
//! the standings.
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
    let (header, entries) = match read(&args.path) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("catan replay: {shown}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let (steps, game) = match steps_of(&header, &entries) {
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
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    if !args.all {
        writeln!(out, "{STEPPER_KEYS}")?;
        if !step_through(&header, &entries, &steps, &mut input, &mut out)? {
            return Ok(ExitCode::SUCCESS);
        }
    } else {
        for step in &steps {
            show_step(step, &mut out)?;
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
    let (header, entries) = read(path)?;
    let (steps, game) = steps_of(&header, &entries)?;
    Ok((header, steps, game))
}

/// What the stepper's keys do, said when it starts and whenever a line means nothing to it.
const STEPPER_KEYS: &str = "Enter shows the next step; a step's number then Enter goes to it (the review names steps), \
`b` shows the board after the step shown, `a` the rest, `q` stops.";

/// One step's command and what came of it.
fn show_step(step: &Step, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{}", step.title)?;
    for e in &step.events {
        writeln!(out, "        {e}")?;
    }
    Ok(())
}

/// Steps through the record by the player's lines: Enter the next step, a number that step
/// (back or on), `b` the board after the step shown. Returns whether to go on to the end
/// (`a`, the last step passed, or the input ended) rather than stop (`q`).
fn step_through(
    header: &Header,
    entries: &[Entry],
    steps: &[Step],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    // The number of the step shown last: the next Enter shows `steps[shown]`.
    let mut shown = 0;
    let mut line = String::new();
    loop {
        if shown == 0 || line.trim().is_empty() {
            match steps.get(shown) {
                Some(step) => show_step(step, out)?,
                None => return Ok(true),
            }
            shown += 1;
        }
        out.flush()?;
        line.clear();
        // End of input: show the rest without waiting.
        if input.read_line(&mut line)? == 0 {
            for step in &steps[shown..] {
                show_step(step, out)?;
            }
            return Ok(true);
        }
        match line.trim() {
            "" => {}
            "q" | "quit" => return Ok(false),
            "a" | "all" => {
                for step in &steps[shown..] {
                    show_step(step, out)?;
                }
                return Ok(true);
            }
            "b" | "board" => {
                let game = record::replay(header, &entries[..shown], |_, _, _| {})?;
                writeln!(out, "The board after step {shown}:")?;
                write!(out, "{}", final_board(&game, &header.names))?;
            }
            asked => match asked.parse::<usize>() {
                Ok(n) if (1..=steps.len()).contains(&n) => {
                    show_step(&steps[n - 1], out)?;
                    shown = n;
                }
                Ok(n) => writeln!(
                    out,
                    "There is no step {n}: the steps run from 1 to {}.",
                    steps.len()
                )?,
                Err(_) => writeln!(out, "{STEPPER_KEYS}")?,
            },
        }
    }
}

/// A record read and checked, not yet replayed.
fn read(path: &std::path::Path) -> Result<(Header, Vec<Entry>), RecordError> {
    let file = std::fs::File::open(path)?;
    let (header, entries) = record::read(std::io::BufReader::new(file))?;
    record::check_version(&header)?;
    Ok((header, entries))
}

/// The record replayed: each step in words, and the game as it ended.
fn steps_of(header: &Header, entries: &[Entry]) -> Result<(Vec<Step>, Game), RecordError> {
    let names = header.names.clone();
    let name = |seat: crate::engine::Seat| {
        names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    };
    let mut steps = Vec::with_capacity(entries.len());
    let by_bot = record::stand_in_moves(entries);
    let game = record::replay(header, entries, |g, entry, evs| {
        let n = steps.len() + 1;
        let title = match entry {
            Entry::Command { at, seat, text } if by_bot.get(n - 1) == Some(&true) => {
                format!("{n:>5}  {}{}'s bot: {text}", clock(*at), name(*seat))
            }
            Entry::Command { at, seat, text } => {
                format!("{n:>5}  {}{}: {text}", clock(*at), name(*seat))
            }
            Entry::Away { at, seat, away } => format!(
                "{n:>5}  {}{}",
                clock(*at),
                if *away {
                    format!("a bot plays for {}, who is away", name(*seat))
                } else {
                    format!("{} is back", name(*seat))
                }
            ),
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
    Ok((steps, game))
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

    /// A base game's first `n` steps, each seat playing its first legal command.
    fn a_record(n: usize) -> (Header, Vec<Entry>) {
        let args = crate::setup::GameSetup::of("base");
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"].map(String::from).to_vec();
        let header = Header::new(&args, 4, 5, names);
        let mut game = header.new_game().expect("a game");
        let mut entries = Vec::new();
        for i in 0..n {
            let seat = game.actors()[0];
            let cmd = game.legal(seat)[0].clone();
            let text = game.format(&cmd);
            game.apply(seat, &cmd, i as u64 * 1000).expect("legal");
            entries.push(Entry::Command {
                at: i as u64 * 1000,
                seat,
                text,
            });
        }
        (header, entries)
    }

    /// The review names steps: a number goes to that step, `b` draws the board after it,
    /// and a line the stepper does not know gets its keys, not the next step.
    #[test]
    fn the_stepper_goes_to_a_numbered_step_and_draws_its_board() {
        let (header, entries) = a_record(12);
        let (steps, _) = steps_of(&header, &entries).expect("replayed");
        let mut out = Vec::new();
        let go_on = step_through(
            &header,
            &entries,
            &steps,
            &mut std::io::Cursor::new("7\nb\n?\n99\nq\n"),
            &mut out,
        )
        .expect("stepped");
        assert!(!go_on, "q stops");
        let text = String::from_utf8(out).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].trim_start().starts_with("1 "), "{text}");
        let seventh = lines.iter().position(|l| l.trim_start().starts_with("7 "));
        assert!(seventh.is_some(), "step 7 shown: {text}");
        assert!(
            !text.lines().any(|l| l.trim_start().starts_with("2 ")),
            "2 to 6 skipped"
        );
        assert!(text.contains("The board after step 7:"), "{text}");
        // Four settlements and three roads were placed by step 7: the board shows them.
        let board = &text[text.find("The board after step 7:").expect("board")..];
        assert!(board.contains("Ann") && board.contains("Di"), "{board}");
        assert!(text.contains(STEPPER_KEYS), "an unknown line gets the keys");
        assert!(text.contains("There is no step 99: the steps run from 1 to 12."));
    }

    /// A bot's moves for a person who was away are titled as the bot's, between the lines
    /// saying it began and that they came back.
    #[test]
    fn a_stand_in_bots_moves_are_titled_as_its_own() {
        let (header, mut entries) = a_record(4);
        let Entry::Command { seat, .. } = entries[0] else {
            unreachable!("a_record writes commands")
        };
        let name = &header.names[seat as usize];
        let away = |away| Entry::Away { at: 0, seat, away };
        entries.insert(0, away(true));
        entries.insert(2, away(false));
        let (steps, _) = steps_of(&header, &entries).expect("replayed");
        let titles: Vec<&str> = steps.iter().map(|s| s.title.trim_start()).collect();
        assert!(
            titles[0].ends_with(&format!("a bot plays for {name}, who is away")),
            "{titles:?}"
        );
        assert!(
            titles[1].contains(&format!("{name}'s bot: settle")),
            "{titles:?}"
        );
        assert!(
            titles[2].ends_with(&format!("{name} is back")),
            "{titles:?}"
        );
        assert!(titles[3].contains(&format!("{name}: road")), "{titles:?}");
    }

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
