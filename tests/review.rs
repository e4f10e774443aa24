//! The review of a finished game (`catan replay FILE --review`): for games of all five
//! rulesets, the chances at every point sum to 1, turning points are told (or the review says
//! why none are), and the winner's chance at the game's end is certain. Games are short and
//! playouts few, so this stays quick.

use catan::bots::BotKind;
use catan::record::{Entry, Header};
use catan::review::{Options, Replayed, review};
use catan::setup::GameSetup;
use catan::sim::{SimConfig, play_game};

/// A short bot game of `variant`, with its record.
fn short_game(variant: &str, seats: usize) -> (Header, Vec<Entry>) {
    let mut game = GameSetup::of(variant);
    match variant {
        "adaptations" => game.flags.max_turns = Some(4),
        "big-game" => {
            game.flags.vp = Some(5);
            game.flags.boards = 2;
        }
        _ => game.flags.vp = Some(5),
    }
    let cfg = SimConfig {
        game,
        ..SimConfig::base(1, 7, vec![BotKind::Heuristic; seats])
    };
    let played = play_game(&cfg, 0, true).expect("the game plays");
    assert!(
        played.result.winner.is_some(),
        "{variant:?} ends with a winner"
    );
    played.record.expect("a record")
}

fn quick() -> Options {
    Options {
        playouts: 4,
        max_points: 12,
        ..Options::default()
    }
}

#[test]
fn every_ruleset_gets_chances_that_sum_to_one_and_turning_points() {
    let mut told = 0;
    for (variant, seats) in [
        ("base", 4),
        ("risk", 3),
        ("total-chaos", 3),
        ("big-game", 4),
        ("adaptations", 3),
    ] {
        let (header, entries) = short_game(variant, seats);
        // Enough playouts that a short game's big moves stand out from their luck, where
        // playouts are quick; Risk and Adaptations play out slowly.
        let opts = Options {
            playouts: if matches!(variant, "risk" | "adaptations") {
                4
            } else {
                16
            },
            ..quick()
        };
        let r = review(&header, &entries, &opts, &|_, _| {}).expect("reviewed");
        assert!(
            r.points.len() >= 2,
            "{variant:?}: {} points",
            r.points.len()
        );
        for p in &r.points {
            assert_eq!(p.chances.len(), seats, "{variant:?}");
            let sum: f64 = p.chances.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{variant:?} at {}: {sum}", p.step);
        }
        // With 4 playouts a point only big moves clear the playouts' error: where none did,
        // the review says so rather than telling luck as a turning point.
        if r.turning_points.is_empty() {
            let text = catan::review::text::render(&r);
            assert!(
                text.contains("by more than the playouts can tell apart"),
                "{variant:?}: {text}"
            );
        } else {
            told += 1;
        }
        for t in &r.turning_points {
            assert!(t.text.contains("chance"), "{variant:?}: {}", t.text);
            assert!((1..=entries.len()).contains(&t.step), "{variant:?}");
        }
        // The winner is known: at the last point (the game's end) its chance is certain (the
        // winners of a tie share it).
        let last = r.points.last().expect("a last point");
        assert!(!r.winners.is_empty(), "{variant:?}");
        let winners: f64 = r.winners.iter().map(|w| last.chances[*w as usize]).sum();
        assert!(winners >= 0.95, "{variant:?}: {:?}", last.chances);
    }
    assert!(told >= 1, "turning points told in no ruleset");
}

/// A person's seat in base Catan gets its decisions compared with hard's: each one kept is
/// a move hard would have played otherwise, where the playouts clearly favour hard's, worst
/// first.
#[test]
fn a_persons_decisions_are_compared_with_hards_worst_first() {
    let (header, entries) = short_game("base", 3);
    let opts = Options {
        people: vec![0],
        you: Some(0),
        hard_budget: 8,
        ..quick()
    };
    let r = review(&header, &entries, &opts, &|_, _| {}).expect("reviewed");
    assert!(r.decisions.len() <= 5);
    let costs: Vec<f64> = r
        .decisions
        .iter()
        .map(|d| d.hard_chance - d.played_chance)
        .collect();
    assert!(costs.iter().all(|c| *c > 0.0), "{costs:?}");
    assert!(costs.windows(2).all(|w| w[0] >= w[1]), "{costs:?}");
    for d in &r.decisions {
        assert_eq!(d.seat, 0);
        assert_ne!(d.played, d.hard);
    }
    // Told for the reader's seat wherever its own chance moved clearly.
    for t in r.turning_points.iter().filter(|t| t.seat != 0) {
        let at = r
            .points
            .iter()
            .position(|p| p.step >= t.step)
            .expect("a point after");
        let (a, b) = (&r.points[at - 1], &r.points[at]);
        assert!(
            !catan::review::turning::clear(a.chances[0], a.playouts, b.chances[0], b.playouts),
            "{}",
            t.text
        );
    }
}

/// The same seed gives the same review, on one thread or several.
#[test]
fn a_review_does_not_depend_on_its_threads() {
    let (header, entries) = short_game("base", 3);
    let one = review(&header, &entries, &quick(), &|_, _| {}).expect("reviewed");
    let two = review(
        &header,
        &entries,
        &Options {
            threads: 2,
            ..quick()
        },
        &|_, _| {},
    )
    .expect("reviewed");
    assert_eq!(one, two);
}

/// A finished game's review sees every hand, so its turning points name the development card
/// a seat bought; the same record cut short (a game nobody has won yet) keeps the card hidden,
/// as the table saw it.
#[test]
fn only_a_finished_games_review_names_a_bought_card() {
    let (header, entries) = short_game("base", 3);
    let r = Replayed::of(&header, &entries).expect("replayed");
    assert!(r.finished());
    let bought = (0..entries.len())
        .find(|&i| {
            r.words[i]
                .iter()
                .any(|w| w.contains("bought a development card"))
        })
        .expect("a development card bought");
    let named = r
        .told(bought)
        .iter()
        .find(|w| w.contains("bought a development card"))
        .expect("the purchase told");
    assert!(
        named.contains("bought a development card (") && named.ends_with(")."),
        "{named}"
    );
    let cut = Replayed::of(&header, &entries[..=bought]).expect("replayed");
    assert!(!cut.finished());
    let hidden = cut
        .told(bought)
        .iter()
        .find(|w| w.contains("bought a development card"))
        .expect("the purchase told");
    assert!(hidden.ends_with("bought a development card."), "{hidden}");
}

/// A record of a game nobody won (a save its host quit) is reviewed with an honest note: it
/// says where the game stopped and that the playouts saw hands its players had not shown,
/// and no row is labelled the game's end.
#[test]
fn an_unfinished_game_is_not_called_over() {
    let (header, entries) = short_game("base", 3);
    let cut = &entries[..entries.len() * 2 / 3];
    let r = review(&header, cut, &quick(), &|_, _| {}).expect("reviewed");
    assert!(!r.finished);
    assert!(r.winners.is_empty());
    let first = &r.notes[0];
    assert!(first.starts_with("The game stopped at turn "), "{first}");
    assert!(first.contains("before anyone won"), "{first}");
    let text = catan::review::text::render(&r);
    assert!(!text.contains("The game is over"), "{text}");
    assert!(
        !text.lines().any(|l| l.trim_start().starts_with("end ")),
        "{text}"
    );

    let whole = review(&header, &entries, &quick(), &|_, _| {}).expect("reviewed");
    assert!(whole.finished);
    let text = catan::review::text::render(&whole);
    assert!(text.contains("The game is over"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("end ")),
        "{text}"
    );
}
