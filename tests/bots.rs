//! The bot levels: what a bot decides depends only on what its seat may see (the hard bot's
//! search included), the levels parse with their old names, a mixed table plays to the end,
//! and the hard bot's figures reach `catan sim`'s report.

use catan::bots::search::Budget;
use catan::bots::{Bot, BotKind};
use catan::engine::Seat;
use catan::engine::rng::GameRng;
use catan::ruleset::Ruleset;
use catan::sim::{self, SimConfig};
use catan::variants::{self, Game};

/// A small playout budget: enough for the search to choose among its candidates, quick in
/// debug builds.
const TEST_BUDGET: Budget = Budget::Playouts(12);

fn game(variant: &str, seed: u64) -> Game {
    catan::setup::GameSetup::of(variant)
        .create(4, seed)
        .expect("the game is created")
}

/// Positions of a game played by medium bots: every `every`-th position where a seat may act,
/// with that seat, up to `limit` of them.
fn positions(variant: &str, seed: u64, every: usize, limit: usize) -> Vec<(Game, Seat)> {
    let mut g = game(variant, seed);
    let mut bots: Vec<Bot<Game>> = (0..4)
        .map(|s| Bot::new(BotKind::Heuristic, seed + s))
        .collect();
    let mut out = Vec::new();
    let mut step = 0usize;
    while g.outcome().is_none() && out.len() < limit && step < 20_000 {
        let mut acted = false;
        for seat in g.actors() {
            if step.is_multiple_of(every) {
                out.push((g.clone(), seat));
            }
            if let Some(cmd) = bots[seat as usize].choose(&g, seat) {
                g.apply(seat, &cmd, 0)
                    .expect("the medium bot's command is legal");
                acted = true;
                break;
            }
        }
        step += 1;
        if !acted {
            break;
        }
    }
    out
}

/// The same game with everything `seat` cannot see dealt again from another stream.
fn redealt(g: &Game, seat: Seat, seed: u64) -> Game {
    let mut other = g.clone();
    assert!(other.redeterminize(seat, &mut GameRng::new(seed)));
    other
}

fn decide(kind: BotKind, g: &Game, seat: Seat, seed: u64) -> Option<variants::GameCommand> {
    Bot::new(kind, seed)
        .with_budget(TEST_BUDGET)
        .choose(g, seat)
}

/// Two games that look the same from the hard bot's seat but differ in the others' cards and
/// the deck: it makes the same decision in both, searched ones included, and base's checks by
/// whole games too.
#[test]
fn hard_decides_the_same_on_games_that_look_the_same() {
    for variant in ["base", "risk"] {
        let mut differing = 0;
        let mut searched = 0;
        let mut checks = 0;
        for (i, (g, seat)) in positions(variant, 11, 7, 40).into_iter().enumerate() {
            let other = redealt(&g, seat, 1000 + i as u64);
            assert_eq!(
                g.view(Some(seat)),
                other.view(Some(seat)),
                "the redealt game looks the same from seat {}",
                seat + 1
            );
            if format!("{g:?}") != format!("{other:?}") {
                differing += 1;
            }
            let mut a = Bot::new(BotKind::Hard, 5).with_budget(TEST_BUDGET);
            let mut b = Bot::new(BotKind::Hard, 5).with_budget(TEST_BUDGET);
            assert_eq!(
                a.choose(&g, seat),
                b.choose(&other, seat),
                "{variant:?} position {i}: the hard bot in seat {} decided differently on the \
                 same view",
                seat + 1
            );
            assert_eq!(a.stats.playouts, b.stats.playouts);
            assert_eq!(
                (a.stats.checks, a.stats.checks_kept),
                (b.stats.checks, b.stats.checks_kept)
            );
            searched += a.stats.searched;
            checks += a.stats.checks;
        }
        // Base checks the value's picks by whole games (dealt from the seat's view too);
        // Risk does not.
        if variant == "base" {
            assert!(checks > 0, "no base decision was checked by whole games");
        } else {
            assert_eq!(checks, 0, "{variant:?} checks by whole games");
        }
        assert!(
            differing > 10,
            "{variant:?}: hidden cards differed only {differing} times"
        );
        assert!(searched > 0, "{variant:?}: no position was searched");
    }
}

/// No bot of any level reads another seat's hidden state: over many positions of base and
/// Risk games, redealing what the deciding seat cannot see never changes its command.
#[test]
fn no_bot_reads_another_seats_hidden_state() {
    for variant in ["base", "risk"] {
        for (i, (g, seat)) in positions(variant, 23, 3, 120).into_iter().enumerate() {
            let other = redealt(&g, seat, 77 + i as u64);
            for kind in [BotKind::Random, BotKind::Easy, BotKind::Heuristic] {
                assert_eq!(
                    decide(kind, &g, seat, 9),
                    decide(kind, &other, seat, 9),
                    "{variant:?} position {i}: the {} bot in seat {} read hidden cards",
                    kind.name(),
                    seat + 1
                );
            }
        }
    }
}

/// Redealing keeps everything public: hand sizes, the bank, the deck's size, the seat's own
/// cards; and it does change the others' cards somewhere over a game.
#[test]
fn redealing_keeps_the_public_counts() {
    for (i, (g, seat)) in positions("base", 3, 5, 60).into_iter().enumerate() {
        let Game::Base(a) = &g else { unreachable!() };
        let other = redealt(&g, seat, i as u64);
        let Game::Base(b) = &other else {
            unreachable!()
        };
        assert_eq!(a.bank(), b.bank());
        assert_eq!(a.deck_len(), b.deck_len());
        assert_eq!(a.hand(seat), b.hand(seat));
        assert_eq!(a.dev_hand(seat), b.dev_hand(seat));
        for s in 0..4 {
            assert_eq!(a.hand(s).total(), b.hand(s).total());
            assert_eq!(a.dev_hand(s).cards.len(), b.dev_hand(s).cards.len());
            assert_eq!(a.public_vp(s), b.public_vp(s));
        }
    }
}

#[test]
fn levels_parse_with_the_old_names() {
    assert_eq!(BotKind::parse("easy"), Ok(BotKind::Easy));
    assert_eq!(BotKind::parse("medium"), Ok(BotKind::Heuristic));
    assert_eq!(BotKind::parse("heuristic"), Ok(BotKind::Heuristic));
    assert_eq!(BotKind::parse("HARD"), Ok(BotKind::Hard));
    assert_eq!(BotKind::parse("random"), Ok(BotKind::Random));
    assert!(
        BotKind::parse("clever")
            .unwrap_err()
            .contains("easy, medium or hard")
    );
    assert_eq!(
        BotKind::parse_list("hard, medium"),
        Ok(vec![BotKind::Hard, BotKind::Heuristic])
    );
    assert!(BotKind::parse_list(" , ").is_err());
}

/// Where a ruleset has no search, `hard` plays as `medium` and says so.
#[test]
fn hard_is_medium_where_it_cannot_search() {
    let base = game("base", 1);
    assert_eq!(BotKind::Hard.effective(&base), BotKind::Hard);
    assert_eq!(BotKind::Hard.label(&base), "hard");
    let chaos = game("total-chaos", 1);
    assert_eq!(BotKind::Hard.effective(&chaos), BotKind::Heuristic);
    assert_eq!(BotKind::Hard.label(&chaos), "hard (as medium: no search)");
    assert_eq!(BotKind::Easy.label(&chaos), "easy");
    // The other rulesets without a search say the same in the lobby.
    for v in ["adaptations", "big-game"] {
        let args = catan::setup::GameSetup::of(v);
        let g = args
            .create(args.fixed_seats().unwrap_or(4), 1)
            .expect("the game is created");
        assert_eq!(
            BotKind::Hard.label(&g),
            "hard (as medium: no search)",
            "{v:?}"
        );
    }
    // Every label fits the lobby's seat line (it was cut off at the box's edge).
    for v in ["base", "risk", "adaptations", "big-game", "total-chaos"] {
        let args = catan::setup::GameSetup::of(v);
        let g = args
            .create(args.fixed_seats().unwrap_or(4), 1)
            .expect("the game is created");
        for k in [
            BotKind::Random,
            BotKind::Easy,
            BotKind::Heuristic,
            BotKind::Hard,
        ] {
            let label = k.label(&g);
            assert!(
                label.chars().count() <= catan::bots::LABEL_WIDTH,
                "{v:?}: `{label}` is wider than the lobby's column"
            );
        }
    }
    assert_eq!(BotKind::Easy.next_level(), BotKind::Heuristic);
    assert_eq!(BotKind::Heuristic.next_level(), BotKind::Hard);
    assert_eq!(BotKind::Hard.next_level(), BotKind::Easy);
}

/// A mixed table plays to the end, and the report carries the search's figures: playouts a
/// second next to the engine's games a second, and decision times.
#[test]
fn a_mixed_table_plays_and_reports_the_search() {
    let mut cfg = SimConfig::base(
        2,
        4,
        vec![
            BotKind::Hard,
            BotKind::Heuristic,
            BotKind::Easy,
            BotKind::Random,
        ],
    );
    cfg.game.bot_budget = Some(8);
    let r = sim::run(&cfg, &|| {}).expect("the simulation runs");
    assert_eq!(r.wins.iter().sum::<u64>(), 2);
    let s = r.search.as_ref().expect("a hard seat reports its search");
    assert_eq!(s.budget, 8);
    assert!(s.searched > 0 && s.playouts >= 2 * s.searched);
    assert!(s.playouts_per_sec > 0.0);
    assert!(s.decision_ms_p99 >= s.decision_ms_p50);
    // Decisions' CPU time on their own thread: what one core spends, whatever the load.
    assert!(s.searched_cpu_ms_p99 >= s.searched_cpu_ms_p50);
    assert!(s.searched_cpu_ms_max >= s.searched_cpu_ms_p99);
    #[cfg(unix)]
    {
        assert!(s.searched_cpu_ms_max > 0.0, "{s:?}");
        assert!(s.playouts_per_cpu_sec > 0.0, "{s:?}");
    }
    let again = sim::run(&cfg, &|| {}).expect("the simulation runs");
    assert_eq!(r.without_timings(), again.without_timings(), "reproducible");
    // Without a hard seat the report has no search part (and its JSON line is as before).
    let plain = sim::run(
        &SimConfig::base(1, 4, vec![BotKind::Random, BotKind::Random]),
        &|| {},
    )
    .unwrap();
    assert!(plain.search.is_none());
    assert!(
        serde_json::to_value(&plain)
            .unwrap()
            .get("search")
            .is_none()
    );
}

/// The easy bot never throws away a won game: wherever a build wins on the spot, it builds
/// (the random bot it grew from often does not).
#[test]
fn easy_takes_a_winning_move() {
    let mut found = 0;
    for seed in 0..6 {
        for (g, seat) in positions("base", 100 + seed, 1, 5000) {
            let Game::Base(b) = &g else { unreachable!() };
            if b.current() != seat || b.total_vp(seat) + 2 < b.config().vp_target {
                continue;
            }
            let wins = |cmd: &variants::GameCommand| {
                let mut t = g.clone();
                t.apply(seat, cmd, 0).is_ok()
                    && t.outcome().is_some_and(|o| o.winners.contains(&seat))
            };
            let winning: Vec<_> = g
                .legal(seat)
                .into_iter()
                .filter(|c| {
                    !matches!(
                        c,
                        variants::GameCommand::Base(variants::base::Command::BuyDev)
                    ) && wins(c)
                })
                .collect();
            if winning.is_empty() {
                continue;
            }
            found += 1;
            for bot_seed in 0..3 {
                let pick = decide(BotKind::Easy, &g, seat, bot_seed).expect("a command");
                assert!(
                    wins(&pick),
                    "easy bot played {pick:?} with a win on the table"
                );
            }
        }
    }
    assert!(found > 0, "no position with a winning build was found");
}

/// Risk of Catan's hard bot values its moves on deals of what its seat cannot see: at the
/// default budget (eight deals), over positions of a Risk game played by medium, a game
/// redealt from the seat's view gets the same decision and the same count of lines valued,
/// and many of those positions are searched.
#[test]
fn risk_hard_decides_on_its_seats_view_at_the_default_budget() {
    let mut searched = 0;
    for (i, (g, seat)) in positions("risk", 31, 4, 80).into_iter().enumerate() {
        let other = redealt(&g, seat, 500 + i as u64);
        let mut a: Bot<Game> = Bot::new(BotKind::Hard, 3);
        let mut b: Bot<Game> = Bot::new(BotKind::Hard, 3);
        assert_eq!(
            a.choose(&g, seat),
            b.choose(&other, seat),
            "Risk position {i}: the hard bot in seat {} decided differently on the same view",
            seat + 1
        );
        assert_eq!(a.stats.playouts, b.stats.playouts);
        searched += a.stats.searched;
    }
    assert!(
        searched >= 10,
        "only {searched} Risk positions were searched"
    );
}
