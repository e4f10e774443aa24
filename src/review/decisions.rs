//! A person's decisions against `hard`'s: at each of a person's moves, in the rulesets where
//! `hard` searches (those played on base Catan's rules), `hard` is asked what it would have played
//! there, thinking only on what that seat could see. Where it differs, both moves are played
//! on by the same playouts as the chances (seeing every hand), and the difference in the
//! seat's chance is the move's cost. The five costliest per seat are kept, worst first.

use super::chances::estimate;
use super::{Decision, Options, Replayed};
use crate::bots::search::Budget;
use crate::bots::{Bot, BotKind};
use crate::engine::Seat;
use crate::record::Entry;
use crate::ruleset::{BotPlay, Ruleset, TurnOrder};
use crate::variants::Game;

/// Most decisions kept per seat.
pub const MAX_PER_SEAT: usize = 5;

/// Whether the review compares decisions in this game at all.
fn compared(r: &Replayed, opts: &Options) -> bool {
    !opts.people.is_empty() && r.states[0].searches()
}

/// The people's moves a review looks at (its share of the progress bar).
pub fn work(r: &Replayed, opts: &Options) -> usize {
    if !compared(r, opts) {
        return 0;
    }
    r.entries
        .iter()
        .filter(|e| matches!(e, Entry::Command { seat, .. } if opts.people.contains(seat)))
        .count()
}

/// The people's costliest moves, worst first (at most [`MAX_PER_SEAT`] a seat), the playouts
/// spent, and a note where the ruleset has no search to compare with; `tick` is called once
/// per move looked at.
pub fn find(
    r: &Replayed,
    opts: &Options,
    tick: &(dyn Fn() + Sync),
) -> (Vec<Decision>, u64, Option<String>) {
    if opts.people.is_empty() {
        return (Vec::new(), 0, None);
    }
    if !compared(r, opts) {
        let note = format!(
            "hard plays as medium in {} (no search), so no decisions are compared",
            r.states[0].name()
        );
        return (Vec::new(), 0, Some(note));
    }
    let mut hard: Vec<Bot<Game>> = (0..r.states[0].seats())
        .map(|s| {
            Bot::new(BotKind::Hard, crate::sim::bot_seed(opts.seed, s))
                .with_budget(Budget::Playouts(opts.hard_budget))
        })
        .collect();
    let mut spent = 0u64;
    let mut found: Vec<Decision> = Vec::new();
    for (i, e) in r.entries.iter().enumerate() {
        let Entry::Command { at, seat, text } = e else {
            continue;
        };
        if !opts.people.contains(seat) {
            continue;
        }
        tick();
        let before = &r.states[i];
        let Ok(played) = before.parse(*seat, text) else {
            continue;
        };
        let Some(pick) = hard[*seat as usize].choose(before, *seat) else {
            continue;
        };
        if pick == played {
            continue;
        }
        let mut theirs = before.clone();
        if theirs.apply(*seat, &pick, *at).is_err() {
            continue;
        }
        let s = *seat as usize;
        let ours = estimate(&r.states[i + 1], *at, opts.playouts, opts.seed);
        let alt = estimate(&theirs, *at, opts.playouts, opts.seed);
        spent += u64::from(ours.playouts + alt.playouts);
        if alt.chances[s] <= ours.chances[s] {
            continue;
        }
        found.push(Decision {
            seat: *seat,
            period: before.turns(),
            step: i + 1,
            played: text.clone(),
            hard: before.format(&pick),
            played_chance: ours.chances[s],
            hard_chance: alt.chances[s],
            playouts: ours.playouts.max(alt.playouts),
        });
    }
    let cost = |d: &Decision| d.hard_chance - d.played_chance;
    found.sort_by(|a, b| cost(b).total_cmp(&cost(a)).then(a.step.cmp(&b.step)));
    let mut kept: Vec<Decision> = Vec::new();
    for d in found {
        if kept.iter().filter(|k| k.seat == d.seat).count() < MAX_PER_SEAT {
            kept.push(d);
        }
    }
    (kept, spent, None)
}

/// The seats a review names as people: the record's own, or `seat` when asked for.
pub fn seats_of(entries: &[Entry], asked: Option<Seat>) -> Vec<Seat> {
    match asked {
        Some(s) => vec![s],
        None => super::people(entries),
    }
}
