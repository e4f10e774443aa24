//! How long the TUI takes to draw one frame at 180×56: the whole screen of a main-phase game
//! rendered into ratatui's test backend, with the board picture cached (a redraw after a key or
//! a tick), and with the board picture rebuilt first (a redraw after a host update).
//!
//! Run: `cargo bench --features bench-sample --bench tui` (the sample games run a host table
//! in-process, which the client build leaves out).

use catan::tui::sample::main_phase;
use catan::tui::theme::ColorLevel;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;

fn frame(c: &mut Criterion) {
    let mut s = main_phase(18, ColorLevel::True);
    s.app.on_resize(180, 56);
    let mut term = Terminal::new(TestBackend::new(180, 56)).expect("test terminal");
    c.bench_function("draw one frame 180x56", |b| {
        b.iter(|| {
            // A fresh buffer each time, so the whole frame is drawn and compared.
            term.clear().expect("cleared");
            term.draw(|f| f.render_widget(black_box(&s.app), f.area()))
                .expect("drawn");
        })
    });
    c.bench_function("rebuild board + draw one frame 180x56", |b| {
        b.iter(|| {
            s.app.refresh();
            term.clear().expect("cleared");
            term.draw(|f| f.render_widget(black_box(&s.app), f.area()))
                .expect("drawn");
        })
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
