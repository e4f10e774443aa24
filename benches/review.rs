//! The review's speed: a whole four-seat base game of medium bots reviewed (win chances after
//! every turn at the default playouts, turning points) on one thread, the figure
//! docs/review.md quotes. `cargo bench --bench review`.

use catan::bots::BotKind;
use catan::review::{Options, review};
use catan::sim::{SimConfig, play_game};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn base_review(c: &mut Criterion) {
    let cfg = SimConfig::base(1, 3, vec![BotKind::Heuristic; 4]);
    let played = play_game(&cfg, 0, true).expect("the game plays");
    let (header, entries) = played.record.expect("a record");
    let opts = Options::default();
    let once = review(&header, &entries, &opts, &|_, _| {}).expect("reviewed");
    eprintln!(
        "base, 4 seats, {} turns: {} points, {} playouts a point, {} playouts in all",
        played.result.turns,
        once.points.len(),
        opts.playouts,
        once.playouts
    );
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("four-seat base game, one core", |b| {
        b.iter(|| black_box(review(&header, &entries, &opts, &|_, _| {}).expect("reviewed")))
    });
    group.finish();
}

criterion_group!(benches, base_review);
criterion_main!(benches);
