use super::*;
use crate::bots::BotKind;
use crate::rules::resources::Resource::*;
use crate::sim::{self, SimConfig};
use crate::variants::{GameEvent, base, big_game, risk, total_chaos};

fn config(variant: &str, seats: usize) -> SimConfig {
    let mut cfg = SimConfig::base(1, 5, vec![BotKind::Heuristic; seats]);
    cfg.game.variant = variant.into();
    if variant == "big-game" {
        cfg.game.flags.boards = seats / 2;
    }
    cfg
}

/// A whole bot game of `variant`, its summary replayed from its record, and the final game.
fn played(variant: &str, seats: usize) -> (Summary, Game) {
    let cfg = config(variant, seats);
    let p = sim::play_game(&cfg, 0, true).expect("a game");
    let (header, entries) = p.record.expect("a record");
    (of_record(&header, &entries).expect("it replays"), p.game)
}

/// What holds for any ruleset's summary of a finished game.
fn check_whole_game(s: &Summary, game: &Game) {
    let outcome = game.outcome().expect("the game finished");
    assert!(s.finished);
    assert_eq!(s.winners, outcome.winners);
    assert_eq!(s.seats.len(), game.seats());
    let order: Vec<(Seat, i64)> = s.seats.iter().map(|x| (x.seat, x.total)).collect();
    assert_eq!(order, outcome.standings, "standings in the outcome's order");
    for x in &s.seats {
        assert_eq!(
            x.points.values().sum::<i64>(),
            x.total,
            "seat {}'s points by source add up to its score: {:?}",
            x.seat,
            x.points
        );
        assert_eq!(
            x.timeline.last(),
            Some(&x.total),
            "the chart ends at the score"
        );
        assert_eq!(
            x.timeline.len(),
            s.periods(),
            "one point per period for everyone"
        );
    }
    // Cards that change hands between seats appear once gained and once lost.
    let sum_g = |k: Gain| -> u32 {
        s.seats
            .iter()
            .map(|x| x.gained.get(&k).map_or(0, |r| r.total()))
            .sum()
    };
    let sum_l = |k: Loss| -> u32 {
        s.seats
            .iter()
            .map(|x| x.lost.get(&k).map_or(0, |r| r.total()))
            .sum()
    };
    assert_eq!(sum_g(Gain::Trades), sum_l(Loss::Trades));
    assert_eq!(sum_g(Gain::Robber), sum_l(Loss::Robber));
}

#[test]
fn a_base_game_summary_adds_up_and_counts_every_roll() {
    let (s, game) = played("base", 4);
    check_whole_game(&s, &game);
    let Game::Base(g) = &game else { panic!("base") };
    assert_eq!(
        s.dice,
        g.stats().dice,
        "the histogram is the game's own count of rolls"
    );
    for x in &s.seats {
        assert_eq!(
            x.gained.get(&Gain::Production).copied().unwrap_or_default(),
            g.stats().produced[x.seat as usize],
            "production attributed to seat {}",
            x.seat
        );
    }
    assert_eq!(s.period, Period::Turn);
    assert_eq!(
        s.periods() as u32,
        g.turn() + 1,
        "a point per turn and one at the end"
    );
}

#[test]
fn a_total_chaos_summary_adds_up_by_rounds() {
    let (s, game) = played("total-chaos", 4);
    check_whole_game(&s, &game);
    let Game::TotalChaos(g) = &game else {
        panic!("total chaos")
    };
    assert_eq!(s.period, Period::Round);
    assert_eq!(s.periods() as u32, g.round() + 1);
    assert_eq!(s.rolls(), 4 * g.round(), "every seat rolls once a round");
}

#[test]
fn a_big_game_summary_adds_up_by_rounds_with_territory_bonuses() {
    let (s, game) = played("big-game", 4);
    check_whole_game(&s, &game);
    let Game::BigGame(g) = &game else {
        panic!("big game")
    };
    assert_eq!(s.period, Period::Round);
    for x in &s.seats {
        assert_eq!(x.total, g.total_vp(x.seat) as i64);
    }
    assert!(s.rolls() >= g.round() - 1, "one roll a round");
}

#[test]
fn a_risk_summary_adds_up() {
    let (s, game) = played("risk", 4);
    check_whole_game(&s, &game);
    assert_eq!(s.period, Period::Turn);
    assert!(s.rolls() > 0);
}

#[test]
fn an_adaptations_summary_adds_up_from_its_final_scores() {
    let (s, game) = played("adaptations", 4);
    check_whole_game(&s, &game);
    let Game::Adaptations(g) = &game else {
        panic!("adaptations")
    };
    for x in &s.seats {
        let sc = &g.scores()[x.seat as usize];
        assert_eq!(
            x.points
                .get(&crate::variants::adaptations::LAND_MASSES)
                .copied()
                .unwrap_or(0),
            sc.land as i64
        );
        assert_eq!(
            x.points
                .get(&crate::variants::adaptations::CONFLICT)
                .copied()
                .unwrap_or(0),
            sc.conflict as i64
        );
    }
    assert_eq!(s.rolls(), 0, "no dice in Adaptations");
    assert!(
        s.seats
            .iter()
            .any(|x| x.gained.contains_key(&Gain::Production)),
        "the draws are the income"
    );
}

fn set(l: u32, b: u32, w: u32, g: u32, o: u32) -> ResourceSet {
    ResourceSet::new(l, b, w, g, o)
}

fn base_game() -> Game {
    Game::Base(base::BaseGame::new(base::BaseConfig::new(4, 1)).expect("a game"))
}

/// Feeds one change of base events to a fresh recorder.
fn fed(game: &Game, events: Vec<GameEvent>) -> Summary {
    let mut r = Recorder::new(game.seats());
    r.feed(game, &events);
    r.summary(game, &[])
}

fn seat(s: &Summary, seat: Seat) -> &SeatSummary {
    s.seats.iter().find(|x| x.seat == seat).expect("the seat")
}

#[test]
fn base_production_robber_monopoly_and_trades_are_attributed() {
    let game = base_game();
    let ev = |e| GameEvent::Base(e);
    let s = fed(
        &game,
        vec![
            ev(base::Event::Rolled {
                seat: 0,
                dice: (4, 4),
            }),
            ev(base::Event::Produced {
                number: 8,
                gains: vec![(0, set(0, 0, 2, 0, 0)), (1, set(0, 0, 0, 0, 1))],
                short: Default::default(),
                blocked: None,
            }),
            ev(base::Event::Table(
                crate::rules::events::TableEvent::Stole {
                    thief: 0,
                    victim: 1,
                    card: Ore,
                    asked: false,
                },
            )),
            ev(base::Event::Dev(
                crate::rules::events::DevEvent::PlayedMonopoly {
                    seat: 2,
                    resource: Wool,
                    took: vec![(0, 2), (3, 1)],
                },
            )),
            ev(base::Event::Trade(
                crate::rules::offers::TradeEvent::Traded {
                    id: 1,
                    from: 3,
                    with: 1,
                    gave: set(1, 0, 0, 0, 0),
                    got: set(0, 1, 0, 0, 0),
                },
            )),
            ev(base::Event::Trade(
                crate::rules::offers::TradeEvent::BankTrade {
                    seat: 2,
                    gave: set(0, 0, 4, 0, 0),
                    got: set(0, 0, 0, 1, 0),
                },
            )),
            ev(base::Event::Table(
                crate::rules::events::TableEvent::Discarded {
                    seat: 3,
                    cards: set(0, 0, 0, 4, 0),
                },
            )),
        ],
    );
    assert_eq!(s.dice[8], 1);
    assert_eq!(s.rolls(), 1);
    let (a, b, c, d) = (seat(&s, 0), seat(&s, 1), seat(&s, 2), seat(&s, 3));
    assert_eq!(a.gained[&Gain::Production], set(0, 0, 2, 0, 0));
    assert_eq!(a.gained[&Gain::Robber], set(0, 0, 0, 0, 1));
    assert_eq!(a.lost[&Loss::Monopoly], set(0, 0, 2, 0, 0));
    assert_eq!(b.gained[&Gain::Production], set(0, 0, 0, 0, 1));
    assert_eq!(b.lost[&Loss::Robber], set(0, 0, 0, 0, 1));
    assert_eq!(b.gained[&Gain::Trades], set(1, 0, 0, 0, 0));
    assert_eq!(b.lost[&Loss::Trades], set(0, 1, 0, 0, 0));
    assert_eq!(c.gained[&Gain::Cards], set(0, 0, 3, 0, 0));
    assert_eq!(c.gained[&Gain::Bank], set(0, 0, 0, 1, 0));
    assert_eq!(c.lost[&Loss::Bank], set(0, 0, 4, 0, 0));
    assert_eq!(d.lost[&Loss::Monopoly], set(0, 0, 1, 0, 0));
    assert_eq!(d.lost[&Loss::Discards], set(0, 0, 0, 4, 0));
    assert_eq!(d.gained[&Gain::Trades], set(0, 1, 0, 0, 0));
}

#[test]
fn total_chaos_counts_every_seats_dice_and_claims_as_production() {
    let game = Game::TotalChaos(
        total_chaos::ChaosGame::new(total_chaos::ChaosConfig::new(3, 1)).expect("a game"),
    );
    let ev = |e| GameEvent::TotalChaos(e);
    let s = fed(
        &game,
        vec![
            ev(total_chaos::Event::PhaseStarted {
                phase: "resource",
                round: 1,
                ends_at: None,
            }),
            ev(total_chaos::Event::Rolled {
                dice: vec![(1, 1), (6, 6), (3, 4)],
            }),
            ev(total_chaos::Event::Claimed {
                seat: 1,
                got: set(2, 0, 0, 0, 0),
                short: ResourceSet::EMPTY,
            }),
            ev(total_chaos::Event::Served {
                seat: 1,
                got: set(0, 1, 0, 0, 0),
                lost: ResourceSet::EMPTY,
            }),
            ev(total_chaos::Event::Table(
                crate::rules::events::TableEvent::Stole {
                    thief: 2,
                    victim: 1,
                    card: Lumber,
                    asked: true,
                },
            )),
            // A request is not a theft until it is granted.
            ev(total_chaos::Event::StealAsked {
                thief: 2,
                victim: 1,
                card: Lumber,
            }),
        ],
    );
    assert_eq!((s.dice[2], s.dice[12], s.dice[7], s.rolls()), (1, 1, 1, 3));
    assert_eq!(s.period, Period::Round);
    assert_eq!(seat(&s, 1).gained[&Gain::Production], set(2, 1, 0, 0, 0));
    assert_eq!(seat(&s, 1).lost[&Loss::Robber], set(1, 0, 0, 0, 0));
    assert_eq!(seat(&s, 2).gained[&Gain::Robber], set(1, 0, 0, 0, 0));
    assert_eq!(
        seat(&s, 0).timeline.len(),
        2,
        "the round's start and the end"
    );
}

#[test]
fn big_game_knights_take_from_the_bank_and_robbers_dice_are_not_production() {
    let game =
        Game::BigGame(big_game::BigGame::new(big_game::BigConfig::new(2, 1)).expect("a game"));
    let ev = |e| GameEvent::BigGame(e);
    let s = fed(
        &game,
        vec![
            ev(big_game::Event::Rolled { dice: (2, 3) }),
            ev(big_game::Event::Robbers {
                still: vec![],
                dice: Some((6, 6)),
                moved: vec![],
            }),
            ev(big_game::Event::PlayedKnight {
                seat: 3,
                robber: None,
                got: Some(Grain),
            }),
            ev(big_game::Event::Collected {
                seat: 0,
                at: crate::topology::CornerId(0),
                got: set(1, 1, 1, 0, 0),
            }),
        ],
    );
    assert_eq!((s.dice[5], s.rolls()), (1, 1));
    assert_eq!(seat(&s, 3).gained[&Gain::Cards], set(0, 0, 0, 1, 0));
    assert_eq!(seat(&s, 0).gained[&Gain::Start], set(1, 1, 1, 0, 0));
}

#[test]
fn risk_reads_its_base_events_and_not_its_battle_dice() {
    let game = Game::Risk(risk::RiskGame::new(risk::RiskConfig::new(3, 1)).expect("a game"));
    let s = fed(
        &game,
        vec![
            GameEvent::Risk(risk::Event::Base(base::Event::Rolled {
                seat: 0,
                dice: (5, 6),
            })),
            GameEvent::Risk(risk::Event::Base(base::Event::Table(
                crate::rules::events::TableEvent::Discarded {
                    seat: 2,
                    cards: set(0, 0, 1, 1, 0),
                },
            ))),
            GameEvent::Risk(risk::Event::SetupBattle {
                seat: 0,
                defender: 1,
                hex: crate::topology::HexId(0),
                attacker_die: 6,
                defender_die: 1,
                attacker_won: true,
            }),
        ],
    );
    assert_eq!((s.dice[11], s.rolls()), (1, 1));
    assert_eq!(seat(&s, 2).lost[&Loss::Discards], set(0, 0, 1, 1, 0));
}

#[test]
fn the_chart_samples_the_points_at_each_turns_start() {
    let game = base_game();
    let mut r = Recorder::new(4);
    let turn = |n| {
        vec![GameEvent::Base(base::Event::TurnStarted {
            seat: 0,
            turn: n,
        })]
    };
    r.feed(&game, &turn(1));
    r.feed(&game, &[]);
    r.feed(&game, &turn(2));
    let s = r.summary(&game, &[]);
    assert_eq!(s.periods(), 3, "two turns and the end");
    assert!(!s.finished);
    assert_eq!(s.seats[0].name, "Seat 1", "unnamed seats are numbered");
}

#[test]
fn a_halls_summary_keeps_the_top_of_the_standings() {
    let (s, _) = played("base", 4);
    let top = s.top(2);
    assert_eq!(top.seats.len(), 2);
    assert_eq!(top.seats_total, 4);
    assert_eq!(top.seats[0], s.seats[0]);
    assert!(text::render_fit(&top, usize::MAX).contains("The top 2 of the standings"));
}

#[test]
fn the_text_and_json_name_every_part() {
    let (s, _) = played("base", 4);
    let t = text::render_fit(&s, usize::MAX);
    for part in [
        "Standings, points by source:",
        "Points after each turn",
        "Dice (",
        "Resources gained by source",
        "settlements",
        "production",
    ] {
        assert!(t.contains(part), "{part} in:\n{t}");
    }
    let j = s.json();
    assert_eq!(j["standings"].as_array().map(Vec::len), Some(4));
    assert!(j["standings"][0]["points"]["settlements"].is_i64());
    assert_eq!(j["dice"][5]["sum"], 7);
    assert!(j["dice"][5]["expected"].is_f64());
    assert!(j["standings"][0]["gained"]["production"]["total"].is_u64());
}

/// Plays a table of bots to the end with one spectator connected, returning what it heard.
fn table_game(variant: &str) -> Vec<crate::proto::ServerMsg> {
    use crate::proto::{ClientMsg, PROTOCOL_VERSION};
    use crate::server::table::{Table, TableConfig};
    let cfg = config(variant, 4);
    let game = cfg.game.create(4, 5).expect("a game");
    let mut table = Table::new(
        game,
        TableConfig {
            bots: 4,
            bot_think_ms: 0,
            seed: 5,
            ..TableConfig::default()
        },
    );
    let (tx, mut rx) = tokio::sync::mpsc::channel(1_000_000);
    table.open(1, tx, false, "test".into());
    table.message(
        1,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "Watcher".into(),
            token: None,
            watch: true,
            color: None,
            password: None,
        },
        0,
    );
    table.start(0);
    let mut now = 0;
    let mut heard = Vec::new();
    while table.game().outcome().is_none() && now < 1_000_000 {
        now += 1;
        let wake = table.next_wake().unwrap_or(now).max(now);
        now = wake;
        table.tick(now);
        while let Ok(m) = rx.try_recv() {
            heard.push(m);
        }
    }
    assert!(table.game().outcome().is_some(), "the bots finish the game");
    assert!(table.summary().is_some());
    heard
}

#[test]
fn the_host_sends_the_summary_once_at_the_end_and_never_before() {
    use crate::proto::ServerMsg;
    for variant in ["base", "total-chaos"] {
        let heard = table_game(variant);
        let at: Vec<usize> = heard
            .iter()
            .enumerate()
            .filter(|(_, m)| matches!(m, ServerMsg::Summary(_)))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(at.len(), 1, "{variant:?}: one summary");
        let phase = |m: &ServerMsg| match m {
            ServerMsg::Update(u) => match &u.view {
                crate::variants::GameView::Base(v) => Some(v.phase.clone()),
                crate::variants::GameView::TotalChaos(v) => Some(v.phase.clone()),
                _ => None,
            },
            _ => None,
        };
        let over = heard
            .iter()
            .position(|m| phase(m).as_deref() == Some("over"));
        assert!(
            over.is_some_and(|o| o < at[0]),
            "{variant:?}: the summary follows the update that ends the game"
        );
        let ServerMsg::Summary(s) = &heard[at[0]] else {
            unreachable!()
        };
        assert!(s.finished);
        assert_eq!(s.seats.len(), 4);
    }
}

/// `catan replay --summary` at 80 columns: no line of a four-seat base game's summary passes
/// 80 characters (the points table in blocks of turns, the long lists broken after a comma),
/// and nothing is lost: the broken lists hold the same items as the unbroken ones.
#[test]
fn the_summary_fits_80_columns_and_keeps_every_item() {
    let (mut s, _) = played("base", 4);
    // Long names make the lists longest.
    for (i, x) in s.seats.iter_mut().enumerate() {
        x.name = format!("medium {}", i + 1);
    }
    let wide = text::render_fit(&s, usize::MAX);
    assert!(wide.lines().any(|l| l.chars().count() > 80), "{wide}");
    for width in [80, 72] {
        let fit = text::render_fit(&s, width);
        for l in fit.lines() {
            assert!(l.chars().count() <= width, "{} > {width}: {l}", l.len());
        }
        let items = |t: &str| {
            let mut v: Vec<String> = t
                .split([',', ':', '\n'])
                .map(|w| w.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|w| !w.is_empty() && !w.starts_with("turn") && !w.starts_with("medium"))
                .collect();
            v.sort();
            v
        };
        let section = |t: &str| {
            t.split("Resources gained by source, and lost:")
                .nth(1)
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(items(&section(&wide)), items(&section(&fit)), "{fit}");
        // Every turn's column is still there.
        let turns = s.periods();
        let heads: usize = fit
            .lines()
            .filter(|l| l.trim_start().starts_with("turn"))
            .map(|l| l.split_whitespace().count() - 1)
            .sum();
        assert_eq!(heads, turns, "{fit}");
    }
}

/// A game that did not finish (a save its host quit) has no end: the points table's last
/// column is where it stopped.
#[test]
fn an_unfinished_games_points_table_ends_where_it_stopped() {
    let cfg = config("base", 4);
    let p = sim::play_game(&cfg, 0, true).expect("a game");
    let (header, entries) = p.record.expect("a record");
    let s = of_record(&header, &entries[..entries.len() / 2]).expect("it replays");
    assert!(!s.finished);
    let t = text::render_fit(&s, usize::MAX);
    assert!(t.contains("the last column: where the game stopped"), "{t}");
    assert!(t.lines().any(|l| l.trim_end().ends_with("stop")), "{t}");
    assert!(!t.contains(" end"), "{t}");
    let (whole, _) = played("base", 4);
    assert!(text::render_fit(&whole, usize::MAX).contains("the last column: the end"));
}
