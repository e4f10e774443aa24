//! A person's decisions against `hard`'s: at each of a person's moves, in the rulesets where
//! `hard` searches (those played on base Catan's rules), `hard` is asked what it would have played
//! there, thinking only on what that seat could see. Where it differs, both moves are played
//! on by the same playouts as the chances (seeing every hand), and the difference in the
//! seat's chance is the move's cost. A move is kept only where hard's comes out clearly ahead
//! ([`clearly_better`]): a few playouts' luck is no mistake. The five costliest per seat are
//! kept, worst first.

use super::chances::{difference, estimate};
use super::{Decision, Options, Replayed};
use crate::bots::search::Budget;
use crate::bots::{Bot, BotKind};
use crate::engine::Seat;
use crate::record::Entry;
use crate::ruleset::{BotPlay, Ruleset, TurnOrder};
use crate::variants::Game;

/// Most decisions kept per seat.
pub const MAX_PER_SEAT: usize = 5;

/// Whether `hard`'s move, with `hard` share of `hard_n` playouts, is clearly better than the
/// one played (`played` of `played_n`): the 95% interval for the difference of the two shares
/// ([`difference`], Agresti and Caffo's) lies above zero. At 96 playouts a point it asks for
/// about 10 to 14 points of difference between middling shares (the stated ±10% of one
/// share), about 6 from a share of 0%. The two moves are played on by the same seeds, which
/// makes their difference steadier than two independent shares: the rule errs on the side of
/// silence.
pub fn clearly_better(played: f64, played_n: u32, hard: f64, hard_n: u32) -> bool {
    let (d, half) = difference(played, played_n, hard, hard_n);
    d > half && hard > played
}

/// Whether the review compares decisions in this game at all.
pub fn compared(r: &Replayed, opts: &Options) -> bool {
    !opts.people.is_empty() && r.states[0].searches()
}

/// The people's moves a review looks at (its share of the progress bar).
pub fn work(r: &Replayed, opts: &Options) -> usize {
    if !compared(r, opts) {
        return 0;
    }
    let by_bot = crate::record::stand_in_moves(&r.entries);
    r.entries
        .iter()
        .zip(&by_bot)
        .filter(|(e, bot)| {
            !**bot && matches!(e, Entry::Command { seat, .. } if opts.people.contains(seat))
        })
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
    // What a bot played for a person who was away is not held against them.
    let by_bot = crate::record::stand_in_moves(&r.entries);
    for (i, e) in r.entries.iter().enumerate() {
        let Entry::Command { at, seat, text } = e else {
            continue;
        };
        if !opts.people.contains(seat) || by_bot[i] {
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
        if !clearly_better(ours.chances[s], ours.playouts, alt.chances[s], alt.playouts) {
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

#[cfg(test)]
mod tests {
    use super::clearly_better;
    use crate::engine::Seat;
    use crate::record::{Entry, Header};
    use crate::ruleset::Ruleset;

    /// What a bot played for a person who was away (between the record's `away` and `back`
    /// lines) is not among the moves the review holds against them.
    #[test]
    fn a_stand_in_bots_moves_are_not_the_persons() {
        let setup = crate::setup::GameSetup::default();
        let header = Header::new(&setup, 2, 3, vec!["Ann".into(), "Bob".into()]);
        let mut game = header.new_game().expect("a game");
        let mut entries = Vec::new();
        // The two setup rounds, seat by seat: Ann's first settlement and road are hers,
        // the rest of her setup her bot's.
        for i in 0..8 {
            let seat: Seat = game.actors()[0];
            let cmd = game.legal(seat)[0].clone();
            entries.push(Entry::Command {
                at: 0,
                seat,
                text: game.format(&cmd),
            });
            game.apply(seat, &cmd, 0).expect("legal");
            if i == 1 {
                entries.push(Entry::Away {
                    at: 0,
                    seat: 0,
                    away: true,
                });
            }
        }
        let r = super::super::Replayed::of(&header, &entries).expect("replayed");
        let opts = super::super::Options {
            people: vec![0],
            ..Default::default()
        };
        let ann = |e: &&Entry| matches!(e, Entry::Command { seat: 0, .. });
        assert_eq!(entries.iter().filter(ann).count(), 4);
        assert_eq!(super::work(&r, &opts), 2, "{entries:#?}");
    }

    /// The play-tester's two "mistakes" lay within the playouts' own error: 4% against 6%, and
    /// 19% against 22%, of 96 playouts each, are not listed.
    #[test]
    fn a_gap_within_the_playouts_error_is_no_mistake() {
        assert!(!clearly_better(0.04, 96, 0.06, 96));
        assert!(!clearly_better(0.19, 96, 0.22, 96));
        assert!(!clearly_better(0.40, 96, 0.50, 96));
        assert!(!clearly_better(0.0, 96, 0.01, 96));
    }

    /// A clear gap is listed: an opening that never won against one that won 45% (the docs'
    /// example), or 30% against 50%.
    #[test]
    fn a_clear_gap_is_a_mistake() {
        assert!(clearly_better(0.0, 96, 0.45, 96));
        assert!(clearly_better(0.30, 96, 0.50, 96));
        assert!(clearly_better(0.0, 96, 0.07, 96));
    }

    /// Never the other way round, and more playouts make a smaller gap clear.
    #[test]
    fn the_rule_is_one_sided_and_tightens_with_playouts() {
        assert!(!clearly_better(0.50, 96, 0.0, 96));
        assert!(!clearly_better(0.40, 96, 0.48, 96));
        assert!(clearly_better(0.40, 2000, 0.48, 2000));
        // A certain share (the game was over after the move) has no error of its own.
        assert!(!clearly_better(1.0, 0, 0.9, 96));
        assert!(clearly_better(0.0, 0, 0.2, 96));
    }
}
