//! Engine throughput: whole random 4-seat base games, and legal-move generation in mid-game.
//!
//! Two kinds of random game: `catan sim`'s own (four random bots, each drawing a kind of
//! command and then a command of that kind, through `sim::play_game`), and a plainer one where
//! a random prompted seat sends a command drawn uniformly from its whole `legal` list until
//! someone wins. `cargo bench --bench engine`.

use catan::bots::BotKind;
use catan::engine::Seat;
use catan::engine::rng::GameRng;
use catan::ruleset::Ruleset;
use catan::variants::base::{BaseConfig, BaseGame, Phase};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Plays one random game to the end (or `max_steps`); returns it and the commands played.
fn play(seed: u64, max_steps: usize) -> (BaseGame, usize) {
    let mut g = BaseGame::new(BaseConfig::new(4, seed)).expect("game");
    let mut rng = GameRng::new(seed ^ 0xbe_4c);
    let mut steps = 0;
    while g.winner().is_none() && steps < max_steps {
        let actors = g.actors();
        let seat = actors[rng.below(actors.len())];
        let legal = g.legal(seat);
        let cmd = legal[rng.below(legal.len())];
        g.apply(seat, &cmd, 0)
            .expect("listed commands are accepted");
        steps += 1;
    }
    (g, steps)
}

/// Seeds of the benchmarked games, cycled through.
const SEEDS: u64 = 32;

fn full_games(c: &mut Criterion) {
    let moves: usize = (0..SEEDS).map(|s| play(s, usize::MAX).1).sum();
    eprintln!(
        "random 4-seat games: {} commands per game on average",
        moves as u64 / SEEDS
    );
    let mut seed = 0;
    c.bench_function("base/full random 4-seat game", |b| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            black_box(play(seed, usize::MAX))
        })
    });
}

/// `catan sim`'s games: four random bots, one game per iteration (seeds cycle through 64).
fn sim_games(c: &mut Criterion) {
    let cfg = catan::sim::SimConfig::base(1, 1, vec![BotKind::Random; 4]);
    let mut i = 0;
    c.bench_function("sim/4 random bots, full base game", |b| {
        b.iter(|| {
            i = (i + 1) % 64;
            let played = catan::sim::play_game(&cfg, i, false).expect("a game");
            black_box(played.result.moves)
        })
    });
}

/// A busy main-phase state from the middle third of a game: the one where the current
/// player has the most legal commands (builds, trades, offers, cards).
fn mid_game() -> BaseGame {
    let (_, total) = play(7, usize::MAX);
    let mut g = BaseGame::new(BaseConfig::new(4, 7)).expect("game");
    let mut rng = GameRng::new(7 ^ 0xbe_4c);
    let mut best: Option<(usize, BaseGame)> = None;
    for step in 0..2 * total / 3 {
        if step >= total / 3 && g.phase() == &Phase::Main {
            let n = g.legal(g.current()).len();
            if best.as_ref().is_none_or(|(m, _)| n > *m) {
                best = Some((n, g.clone()));
            }
        }
        let actors = g.actors();
        let seat = actors[rng.below(actors.len())];
        let legal = g.legal(seat);
        let cmd = legal[rng.below(legal.len())];
        g.apply(seat, &cmd, 0).unwrap();
    }
    best.expect("a main phase in the middle third").1
}

fn legal_generation(c: &mut Criterion) {
    let g = mid_game();
    let cur = g.current();
    eprintln!(
        "mid-game state: turn {}, {} legal commands for the current player",
        g.turn(),
        g.legal(cur).len()
    );
    c.bench_function("base/legal, current player, mid-game", |b| {
        b.iter(|| black_box(g.legal(black_box(cur))))
    });
    c.bench_function("base/legal, all 4 seats, mid-game", |b| {
        b.iter(|| {
            (0..4 as Seat)
                .map(|s| black_box(g.legal(s)).len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, sim_games, full_games, legal_generation);
criterion_main!(benches);
