//! `catan board show`: print a board as ASCII art, optionally with names, harbours, the
//! dividing line and pip statistics.

use crate::board::render::{self, CornerPiece, EdgePiece, Overlay, RenderOptions};
use crate::board::{BoardSpec, Map, generate};
use crate::cli::{BoardCommand, BoardShowArgs};
use crate::ruleset::Ruleset;
use crate::term::{ColorMode, paint};
use std::process::ExitCode;

pub fn run(cmd: BoardCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        BoardCommand::Show(args) => show(&args),
    }
}

fn load(args: &BoardShowArgs) -> Result<BoardSpec, String> {
    if args.board.eq_ignore_ascii_case("base") {
        return Ok(generate::random_base(args.seed));
    }
    crate::variants::boards::load(&args.board).map_err(|e| e.to_string())
}

fn show(args: &BoardShowArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.record {
        return show_record(args, path);
    }
    let spec = match load(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("catan board show: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let map = Map::single(&spec);
    let mut overlay = Overlay::default();
    if args.line {
        for (seat, (_, start)) in map.boards()[0].starts.iter().enumerate() {
            let seat = seat as crate::engine::Seat;
            for c in &start.settlements {
                overlay.corners.insert(*c, CornerPiece::Settlement(seat));
            }
            for e in &start.roads {
                overlay.edges.insert(*e, EdgePiece::Road(seat));
            }
            for e in &start.ships {
                overlay.edges.insert(*e, EdgePiece::Ship(seat));
            }
        }
        overlay.letters = map.boards()[0]
            .starts
            .iter()
            .map(|(name, _)| name.chars().next().unwrap_or('x'))
            .collect();
    }
    let opts = RenderOptions {
        names: args.names,
        sea_names: args.names,
        harbors: args.harbors,
        sea: args.harbors,
        dividing_line: args.line && spec.dividing_line.is_some(),
        ..RenderOptions::default()
    };
    if args.line && spec.dividing_line.is_none() {
        eprintln!(
            "catan board show: `{}` has no dividing line; --line only draws its starting pieces",
            spec.name
        );
    }
    let pic = render::render(&map, &overlay, &opts);
    let mode = ColorMode::detect(&args.color);
    print!("{}", paint(&pic, mode));
    if args.line {
        // The starting pieces are drawn: say what their marks mean and whose they are.
        let key: Vec<String> = map.boards()[0]
            .starts
            .iter()
            .zip(&overlay.letters)
            .map(|((name, _), letter)| format!("{letter} {name}"))
            .collect();
        println!("Pieces: {}. {}", render::PIECES_KEY, key.join(", "));
    }
    if args.stats {
        println!();
        print!("{}", stats_table(&map, spec.dividing_line.is_some()));
    }
    Ok(ExitCode::SUCCESS)
}

/// Pips per resource, per side of the dividing line when there is one.
fn stats_table(map: &Map, sides: bool) -> String {
    let s = render::stats(map);
    let row = |name: &str, per: &[(String, u32)], all: u32| {
        let mut line = format!("{name:<12}");
        for (_, p) in per {
            line += &format!("{p:>7}");
        }
        line + &format!("{all:>7}\n")
    };
    let mut out = format!("{:<12}", "pips");
    for (r, _) in &s.per_resource {
        out += &format!("{r:>7}");
    }
    out += &format!("{:>7}\n", "all");
    if sides {
        out += &row("west (Sun)", &s.per_resource_west, s.west);
        out += &row("east (Moon)", &s.per_resource_east, s.east);
    }
    out += &row("board", &s.per_resource, s.total);
    if sides {
        out += &format!(
            "west (Sun) {}, east (Moon) {}: difference {}\n",
            s.west,
            s.east,
            s.west.abs_diff(s.east)
        );
    }
    out
}

/// The last position of a recorded game, with its pieces and any armies.
fn show_record(args: &BoardShowArgs, path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let (header, _, game) = match super::replay::load(path) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("catan board show: {}: {e}", path.display());
            return Ok(ExitCode::from(2));
        }
    };
    let infos: Vec<crate::proto::SeatInfo> = header
        .names
        .iter()
        .map(|n| crate::proto::SeatInfo::named(n.clone(), String::new()))
        .collect();
    let view = game.view(None);
    let overlay = crate::client::rulesets::overlay(&view, &infos);
    let opts = RenderOptions {
        names: args.names,
        harbors: args.harbors,
        sea: args.harbors,
        ..RenderOptions::default()
    };
    let pic = render::render(game.map(), &overlay, &opts);
    print!("{}", paint(&pic, ColorMode::detect(&args.color)));
    let ui = crate::client::rulesets::for_view(&view);
    println!(
        "{}",
        super::replay::legend(ui.as_ref(), &overlay.letters, &header.names)
    );
    for line in ui.position_notes(game.map(), &overlay.letters) {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}
