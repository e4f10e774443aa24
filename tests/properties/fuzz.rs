//! The fuzz harness at test size: random and mutated commands into base games (nothing panics,
//! cards and pieces are conserved, a refused command changes nothing, accepted commands read
//! back from their record text), random and mutated frames into both decoders, and arbitrary
//! bytes into the cargo-fuzz entry points. The million-command runs are
//! `cargo run --release --example fuzz` (docs/reliability.md, "What was tried").
//!
//! `CATAN_FUZZ_COMMANDS` raises the count of the main run; unoptimised builds run a tenth.

use catan::fuzz;
use proptest::prelude::*;

/// A debug build runs a tenth of the commands.
const DEBUG_SHARE: u64 = if cfg!(debug_assertions) { 10 } else { 1 };

fn count(default: u64) -> u64 {
    count_shared(default, DEBUG_SHARE)
}

/// `default` commands, `share`-th of them in a debug build (`CATAN_FUZZ_COMMANDS` overrides).
fn count_shared(default: u64, share: u64) -> u64 {
    std::env::var("CATAN_FUZZ_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default / share)
}

#[test]
fn random_and_mutated_commands_break_nothing() {
    let args = catan::setup::GameSetup::of("base");
    // Half the commands in a debug build: a tenth finishes no game, and the test asks that one
    // does.
    let n = count_shared(100_000, if cfg!(debug_assertions) { 2 } else { 1 });
    let s = fuzz::commands(&args, 4, 11, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commands, n);
    // The mix reaches every outcome, and whole games.
    assert!(
        s.accepted > n / 5 && s.refused > n / 20 && s.unparsed > n / 10,
        "{s:?}"
    );
    assert!(s.ticks > 0 && s.finished > 0, "{s:?}");
}

/// Five and six seats (the extension's box, the special build phase) keep the audit's card,
/// piece and deck counts under random and mutated commands, in base and Total Chaos.
#[test]
fn five_and_six_seats_take_random_and_mutated_commands_too() {
    for (variant, seats) in [("base", 5), ("base", 6), ("total-chaos", 6)] {
        let args = catan::setup::GameSetup::of(variant);
        let n = count(20_000);
        let s = fuzz::commands(&args, seats, 15, n).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.commands, n);
        assert!(s.accepted > 0 && s.refused > 0, "{s:?}");
    }
}

#[test]
fn total_chaos_takes_random_and_mutated_commands_too() {
    let args = catan::setup::GameSetup::of("total-chaos");
    let n = count(50_000);
    let s = fuzz::commands(&args, 4, 12, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commands, n);
    assert!(s.accepted > 0 && s.refused > 0 && s.ticks > 0, "{s:?}");
}

#[test]
fn the_big_game_takes_random_and_mutated_commands_too() {
    let args = catan::setup::GameSetup::of("big-game");
    let n = count(30_000);
    let s = fuzz::commands(&args, 6, 13, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commands, n);
    assert!(s.accepted > 0 && s.refused > 0 && s.ticks > 0, "{s:?}");
}

#[test]
fn adaptations_takes_random_and_mutated_commands_too() {
    let args = catan::setup::GameSetup::of("adaptations");
    let n = count(30_000);
    let s = fuzz::commands(&args, 4, 14, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commands, n);
    assert!(s.accepted > 0 && s.refused > 0 && s.ticks > 0, "{s:?}");
}

#[test]
fn risk_of_catan_takes_random_and_mutated_commands_too() {
    let args = catan::setup::GameSetup::of("risk");
    let n = count(50_000);
    let s = fuzz::commands(&args, 4, 14, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commands, n);
    assert!(s.accepted > 0 && s.refused > 0 && s.ticks > 0, "{s:?}");
    assert!(s.finished > 0, "{s:?}");
}

#[test]
fn random_and_mutated_frames_break_nothing() {
    let args = catan::setup::GameSetup::of("base");
    let s = fuzz::frames(&args, 5, count(100_000)).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.decoded > s.frames / 4, "{s:?}");
}

#[test]
fn snapshots_tell_states_apart() {
    // A refused command is checked by comparing snapshots: they must see a change.
    use catan::ruleset::Ruleset;
    let args = catan::setup::GameSetup::of("base");
    let game = args.create(3, 1).unwrap();
    assert!(fuzz::audit(&game).is_ok());
    let before = fuzz::snapshot(&game);
    let mut moved = game.clone();
    let catan::variants::Game::Base(g) = &mut moved else {
        unreachable!("a base game")
    };
    let seat = g.actors()[0];
    let cmd = g.legal(seat)[0];
    g.apply(seat, &cmd, 0).unwrap();
    assert_ne!(fuzz::snapshot(&moved), before);
    assert_eq!(fuzz::snapshot(&game), before);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_seed_and_table_size_holds(seed in any::<u64>(), seats in 2usize..=6) {
        let args = catan::setup::GameSetup::of("base");
        let r = fuzz::commands(&args, seats, seed, 3_000 / DEBUG_SHARE);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn any_bytes_are_safe_for_the_frame_decoders(data in proptest::collection::vec(any::<u8>(), 0..512)) {
        let r = fuzz::frame_input(&data);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn any_bytes_are_safe_for_the_command_parser(data in proptest::collection::vec(any::<u8>(), 0..512)) {
        let r = fuzz::command_input(&data);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn any_text_is_safe_for_the_command_parser(
        lines in proptest::collection::vec((any::<u8>(), "\\PC{0,40}"), 1..20),
        skip in any::<u8>(),
        ruleset in any::<u8>(),
    ) {
        let mut data = vec![ruleset, skip % 60, skip];
        for (seat, text) in lines {
            data.push(seat);
            data.extend_from_slice(text.as_bytes());
            data.push(b'\n');
        }
        let r = fuzz::command_input(&data);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}
