//! Every event of every ruleset, in words for the seat it is about, for another seat and for a
//! spectator, reads as English: no "you's", no "you has" or "Ann have", every line starts with
//! a capital. The events come from seeded bot games of each ruleset, plus events built by hand
//! for the few that bot games rarely or never produce; the test fails when an event kind is
//! never rendered, so a new kind cannot slip past it.

use catan::bots::BotKind;
use catan::engine::Seat;
use catan::geometry::Hex;
use catan::record;
use catan::rules::events::{AwardEvent, DevEvent};
use catan::rules::resources::{Resource, ResourceSet};
use catan::ruleset::Ruleset;
use catan::sim::{SimConfig, play_game};
use catan::topology::HexId;
use catan::variants::risk::control::Hold;
use catan::variants::risk::{Force, UnitKind};
use catan::variants::{Game, GameEvent, adaptations, base, big_game, risk, total_chaos};
use std::collections::{BTreeMap, BTreeSet};

const NAMES: [&str; 6] = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"];

/// Bare verbs that only "you" (or a plural) may take: after a single name they are wrong.
const BARE: [&str; 16] = [
    "are", "have", "were", "get", "hold", "win", "lose", "offer", "control", "ask", "place",
    "gain", "do", "take", "give", "roll",
];

/// Words ending in "s" that may follow "you" in a right sentence.
const NOT_VERBS: [&str; 4] = ["as", "plus", "us", "this"];

/// One list of an enum's variants gives both the name of an event's kind (an exhaustive match:
/// a new variant does not compile until it is listed) and the list of every kind to cover.
macro_rules! kinds {
    ($kind:ident, $all:ident, $m:ident { $($v:ident),* $(,)? }) => {
        fn $kind(e: &$m::Event) -> &'static str {
            match e {
                $($m::Event::$v { .. } => stringify!($v),)*
            }
        }
        const $all: &[&str] = &[$(stringify!($v)),*];
    };
    // A ruleset that carries shared events in wrapping variants (`Event::Trade`, `Event::Dev`,
    // `Event::Award`, `Event::Table`): each of those kinds counts on its own (the shared kinds
    // it can produce listed in brackets; the offer book's five always).
    ($kind:ident, $all:ident, $m:ident + [$($wrap:ident),*] [$($shared:ident),* $(,)?] { $($v:ident),* $(,)? }) => {
        fn $kind(e: &$m::Event) -> &'static str {
            match e {
                $($m::Event::$wrap(x) => x.kind(),)*
                $($m::Event::$v { .. } => stringify!($v),)*
            }
        }
        const $all: &[&str] = &[
            $(stringify!($v),)*
            $(stringify!($shared),)*
            "BankTrade", "Offered", "Declined", "OfferClosed", "Traded",
        ];
    };
}

kinds!(
    base_kind,
    BASE,
    base + [Trade, Dev, Award, Table] [
        Settled,
        Roaded,
        Citied,
        StartingResources,
        Discarded,
        RobberMoved,
        Stole,
        BoughtDev,
        PlayedKnight,
        PlayedRoadBuilding,
        PlayedYearOfPlenty,
        PlayedMonopoly,
        LongestRoad,
        LargestArmy,
    ] {
        Started,
        Rolled,
        Produced,
        MustDiscard,
        TurnStarted,
        TimedOut,
        Won,
        SpecialBuild,
    }
);

kinds!(
    chaos_kind,
    CHAOS,
    total_chaos
        + [Trade, Dev, Award, Table] [
            Settled,
            Roaded,
            Citied,
            StartingResources,
            Discarded,
            RobberMoved,
            Stole,
            BoughtDev,
            PlayedKnight,
            PlayedRoadBuilding,
            PlayedYearOfPlenty,
            PlayedMonopoly,
            LongestRoad,
            LargestArmy,
        ] {
            PhaseStarted,
            AllReady,
            Ready,
            Unready,
            Rolled,
            Owed,
            RobberHolder,
            Claimed,
            Served,
            MustDiscard,
            StealAsked,
            StealRefused,
            StealsLost,
            TimedOut,
            Summary,
            Won,
        }
);

kinds!(
    big_kind,
    BIG,
    big_game
        + [Trade, Dev, Award] [
            BoughtDev,
            PlayedRoadBuilding,
            PlayedYearOfPlenty,
            LongestRoad,
            LargestArmy,
        ] {
            Collected,
            RoundStarted,
            Rolled,
            Produced,
            MustDiscard,
            Discarded,
            Robbers,
            Settled,
            Citied,
            Roaded,
            Shipped,
            ShipMoved,
            PlayedKnight,
            Ended,
            RoundEnded,
            TimedOut,
            TakenOver,
            Over,
        }
);

kinds!(
    risk_kind,
    RISK,
    risk {
        Base,
        Placed,
        Declined,
        SetupBattle,
        ClaimsDone,
        Bought,
        Sortie,
        Moved,
        Contest,
        Melee,
        BattleWon,
        Stopped,
        Retreated,
        Barrage,
        CannonsLost,
        Redeployed,
        Hold,
        Annexed,
        Eliminated,
        Resigned,
        Passage,
        LargestArmy,
        TimedOut,
    }
);

kinds!(
    adapt_kind,
    ADAPT,
    adaptations {
        Placed,
        TurnStarted,
        Drifted,
        WaterDrift,
        Season,
        TripleSeason,
        Discarded,
        Done,
        Drew,
        Reshuffled,
        GameEndCard,
        Income,
        Cleared,
        Bought,
        TradedIn,
        Moved,
        Reproduced,
        ConflictPhase,
        Declared,
        DeclarationHeld,
        RetreatAsked,
        Retreated,
        Removed,
        ConflictVp,
        SwimmersLost,
        TurnLimit,
        GameOver,
    }
);

/// The grammar mistakes in one rendered line, if any.
fn mistakes(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    if line.chars().next().is_some_and(char::is_lowercase) {
        out.push("starts in lower case".into());
    }
    if line.to_lowercase().contains("you's") {
        out.push("\"you's\"".into());
    }
    if line.contains("liberated: it was controlled by you") {
        out.push("tells the seat its own hex was liberated".into());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    for (i, pair) in words.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        // "Ann and Bob win": the last of several names takes the plural.
        let plural = i > 0 && words[i - 1] == "and";
        // A word followed by punctuation ends its clause: "you, who take" is right.
        let next = b.trim_end_matches(|c: char| !c.is_alphanumeric());
        if a == "you" || a == "You" {
            let verb_s = next.len() > 2
                && next.ends_with('s')
                && next.chars().all(|c| c.is_ascii_lowercase())
                && !NOT_VERBS.contains(&next);
            if verb_s || matches!(next, "has" | "is" | "was" | "does") {
                out.push(format!("\"{a} {next}\""));
            }
        }
        if NAMES.contains(&a) && !plural && BARE.contains(&next) {
            out.push(format!("\"{a} {next}\""));
        }
    }
    out
}

/// Every event kind rendered, and every mistake found, across viewers.
#[derive(Default)]
struct Seen {
    kinds: BTreeMap<&'static str, BTreeSet<String>>,
    bad: Vec<String>,
}

impl Seen {
    /// Renders `ev` for every seat and a spectator, checking each line.
    fn render(&mut self, game: &Game, ev: &GameEvent) {
        let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
        let (ruleset, kind) = match ev {
            GameEvent::Base(e) => ("base", base_kind(e)),
            GameEvent::TotalChaos(e) => ("total-chaos", chaos_kind(e)),
            GameEvent::BigGame(e) => ("big-game", big_kind(e)),
            GameEvent::Risk(risk::Event::Base(e)) => {
                self.kinds.entry("risk").or_default().insert("Base".into());
                ("base", base_kind(e))
            }
            GameEvent::Risk(e) => ("risk", risk_kind(e)),
            GameEvent::Adaptations(e) => ("adaptations", adapt_kind(e)),
            // A ruleset built in by a cargo feature (`pig`) has no wording checks here.
            #[allow(unreachable_patterns)]
            _ => return,
        };
        self.kinds
            .entry(ruleset)
            .or_default()
            .insert(kind.to_string());
        let seats = game.seats().min(NAMES.len());
        let viewers = std::iter::once(None).chain((0..seats as Seat).map(Some));
        for viewer in viewers {
            if let Some(line) = game.describe(ev, viewer, &names[..game.seats().min(6)]) {
                for m in mistakes(&line) {
                    self.bad
                        .push(format!("{ruleset} {kind} for {viewer:?}: {m} in {line:?}"));
                }
            }
        }
    }

    /// Plays `games` seeded bot games of a ruleset and renders each of their events.
    fn play(&mut self, variant: &str, games: usize, bots: Vec<BotKind>) {
        let mut cfg = SimConfig::base(games, 5, bots);
        cfg.game.variant = variant.into();
        if variant == "adaptations" {
            cfg.game.flags.max_turns = Some(12);
        }
        for i in 0..games {
            let played = play_game(&cfg, i, true).expect("the bots play");
            let (header, entries) = played.record.expect("a record was asked for");
            let mut evs: Vec<GameEvent> = Vec::new();
            let game = record::replay(&header, &entries, |_, _, e| evs.extend_from_slice(e))
                .expect("the record replays");
            // The map does not change in these rulesets except Adaptations, whose events
            // name positions only: the final game renders every event.
            for ev in &evs {
                self.render(&game, ev);
            }
        }
    }
}

/// A fresh game of a ruleset, for the map and seats its events are told with.
fn fresh(variant: &str) -> Game {
    let settings = catan::setup::GameSetup::of(variant)
        .settings()
        .expect("settings");
    Game::create(&settings, settings.default_seats(), 3).expect("a game")
}

/// Events bot games rarely or never produce (the clock running out, a resignation, a barrage,
/// a triple Season card...), built by hand so that every kind is rendered.
fn rare(seen: &mut Seen) {
    let wool = ResourceSet::one(Resource::Wool, 2);
    let foot = Force::of(UnitKind::Foot, 2);
    let timed_out = || "the host acted".to_string();
    let g = fresh("base");
    for e in [
        base::Event::Started { first: 1 },
        base::Event::TimedOut {
            seat: 2,
            what: timed_out(),
        },
        base::Event::Award(AwardEvent::LargestArmy {
            holder: 1,
            knights: 3,
        }),
        base::Event::Dev(DevEvent::PlayedMonopoly {
            seat: 0,
            resource: Resource::Ore,
            took: vec![(1, 2)],
        }),
        base::Event::SpecialBuild { seat: 3 },
    ] {
        seen.render(&g, &GameEvent::Base(e));
    }
    let g = fresh("total-chaos");
    for e in [
        total_chaos::Event::Dev(DevEvent::PlayedYearOfPlenty { seat: 1, got: wool }),
        total_chaos::Event::Dev(DevEvent::PlayedMonopoly {
            seat: 2,
            resource: Resource::Grain,
            took: vec![(0, 1), (1, 3)],
        }),
        total_chaos::Event::Award(AwardEvent::LargestArmy {
            holder: 3,
            knights: 3,
        }),
        total_chaos::Event::TimedOut {
            seat: 0,
            what: timed_out(),
        },
        total_chaos::Event::StealsLost { seat: 1, n: 2 },
        total_chaos::Event::StealRefused {
            thief: 0,
            victim: 1,
        },
    ] {
        seen.render(&g, &GameEvent::TotalChaos(e));
    }
    let g = fresh("big-game");
    for e in [
        big_game::Event::Dev(DevEvent::PlayedRoadBuilding { seat: 1 }),
        big_game::Event::Award(AwardEvent::LargestArmy {
            holder: 4,
            knights: 3,
        }),
        big_game::Event::TimedOut {
            seat: 5,
            what: timed_out(),
        },
        big_game::Event::TakenOver { seat: 2 },
        big_game::Event::Ended { seat: 0 },
        big_game::Event::Over {
            winners: vec![0, 3],
            vp: 12,
            by_limit: true,
        },
    ] {
        seen.render(&g, &GameEvent::BigGame(e));
    }
    let g = fresh("risk");
    let (a, b) = (HexId(7), HexId(8));
    for e in [
        risk::Event::Barrage {
            seat: 0,
            from: a,
            target: b,
            victim: 1,
            rolls: (6, Some(5)),
            killed: foot,
        },
        risk::Event::Barrage {
            seat: 1,
            from: a,
            target: b,
            victim: 0,
            rolls: (2, None),
            killed: Force::NONE,
        },
        risk::Event::CannonsLost {
            seat: 2,
            hex: a,
            n: 1,
        },
        risk::Event::Eliminated {
            seat: 1,
            by: Some(0),
        },
        risk::Event::Eliminated { seat: 2, by: None },
        risk::Event::Resigned { seat: 3 },
        risk::Event::Passage {
            from: 0,
            to: 1,
            grant: true,
        },
        risk::Event::LargestArmy { holder: Some(2) },
        risk::Event::LargestArmy { holder: None },
        risk::Event::TimedOut {
            seat: 1,
            what: timed_out(),
        },
        risk::Event::Hold {
            hex: a,
            was: Hold::Controlled(0),
            now: Hold::Empty,
        },
        risk::Event::Hold {
            hex: a,
            was: Hold::Controlled(0),
            now: Hold::Controlled(1),
        },
        risk::Event::BattleWon {
            hex: b,
            winner: 1,
            loser: 0,
        },
    ] {
        seen.render(&g, &GameEvent::Risk(e));
    }
    let g = fresh("adaptations");
    let (h, k) = (Hex::new(0, 0), Hex::new(1, 0));
    for e in [
        adaptations::Event::TripleSeason {
            seat: 1,
            card: Resource::Ore,
            pile: adaptations::Pile::High,
        },
        adaptations::Event::Reshuffled { cards: 20 },
        adaptations::Event::Declared { seat: 2, hex: h },
        adaptations::Event::DeclarationHeld {
            seat: 2,
            hex: h,
            why: adaptations::event::Held::YoursNext { yours: 0, least: 3 },
        },
        adaptations::Event::DeclarationHeld {
            seat: 1,
            hex: h,
            why: adaptations::event::Held::YoursNext { yours: 1, least: 1 },
        },
        adaptations::Event::DeclarationHeld {
            seat: 0,
            hex: h,
            why: adaptations::event::Held::OnlyYours,
        },
        adaptations::Event::DeclarationHeld {
            seat: 3,
            hex: h,
            why: adaptations::event::Held::NoHerd,
        },
        adaptations::Event::RetreatAsked { seat: 0, hex: h },
        adaptations::Event::Retreated {
            seat: 0,
            from: h,
            to: k,
        },
        adaptations::Event::Done {
            seat: 1,
            timeout: false,
        },
        adaptations::Event::SwimmersLost {
            seat: 3,
            hex: k,
            n: 2,
        },
    ] {
        seen.render(&g, &GameEvent::Adaptations(e));
    }
}

/// Lines about a hex its own controller left, and one an enemy took, as each seat reads them.
#[test]
fn control_lost_reads_right_for_the_seat_that_had_it() {
    let g = fresh("risk");
    let names: Vec<String> = NAMES[..4].iter().map(|s| s.to_string()).collect();
    let line = |was, now, viewer| {
        let ev = GameEvent::Risk(risk::Event::Hold {
            hex: HexId(7),
            was,
            now,
        });
        g.describe(&ev, viewer, &names).unwrap()
    };
    let left = line(Hold::Controlled(0), Hold::Empty, Some(0));
    assert!(
        left.ends_with("is now empty (you no longer control it)."),
        "{left}"
    );
    let left = line(Hold::Controlled(0), Hold::Empty, Some(1));
    assert!(
        left.ends_with("is now empty (liberated: it was controlled by Ann)."),
        "{left}"
    );
    let taken = line(Hold::Controlled(0), Hold::Controlled(1), Some(0));
    assert!(
        taken.ends_with("is now controlled by Bob (you no longer control it)."),
        "{taken}"
    );
    let taken = line(Hold::Controlled(0), Hold::Controlled(1), Some(1));
    assert!(
        taken.ends_with("is now controlled by you (liberated: it was controlled by Ann)."),
        "{taken}"
    );
    let taken = line(Hold::Controlled(0), Hold::Contested(0, 2), None);
    assert!(
        taken.contains("(liberated: it was controlled by Ann)"),
        "{taken}"
    );
}

/// The refusal a seat reads when it acts before placing its own starting unit speaks to it,
/// not of it as "seat 1".
#[test]
fn the_starting_unit_refusal_speaks_to_the_seat_that_owes_it() {
    let mut g = fresh("risk");
    // Play setup until a seat owes its starting unit.
    let owing = loop {
        let actor = g.actors()[0];
        let legal = g.legal(actor);
        let text = g.format(&legal[0]);
        if text.starts_with("place ") {
            break actor;
        }
        g.apply(actor, &legal[0], 0).expect("a legal command");
    };
    let other = (owing + 1) % 4;
    let err = |g: &Game, seat| {
        let cmd = g.parse(seat, "roll").expect("roll parses");
        g.clone().apply(seat, &cmd, 0).expect_err("refused").0
    };
    let own = err(&g, owing);
    assert!(own.starts_with("place your starting unit first"), "{own}");
    let theirs = err(&g, other);
    assert!(
        theirs.starts_with(&format!("seat {} places a starting unit first", owing + 1)),
        "{theirs}"
    );
}

#[test]
fn every_event_of_every_ruleset_reads_right_for_every_viewer() {
    use BotKind::{Heuristic as H, Random as R};
    let mut seen = Seen::default();
    seen.play("base", 6, vec![H, H, R, H]);
    seen.play("total-chaos", 2, vec![H, H, R, H]);
    seen.play("big-game", 1, vec![H, H, H, R, H, H]);
    seen.play("risk", 4, vec![H, H, R, H]);
    seen.play("adaptations", 3, vec![H, H, R, H]);
    rare(&mut seen);
    let mut missing = Vec::new();
    for (ruleset, all) in [
        ("base", BASE),
        ("total-chaos", CHAOS),
        ("big-game", BIG),
        ("risk", RISK),
        ("adaptations", ADAPT),
    ] {
        let got = seen.kinds.get(ruleset).cloned().unwrap_or_default();
        for k in all {
            if !got.contains(*k) {
                missing.push(format!("{ruleset} {k}"));
            }
        }
    }
    assert!(
        seen.bad.is_empty(),
        "{} mistakes:\n{}",
        seen.bad.len(),
        seen.bad[..seen.bad.len().min(40)].join("\n")
    );
    assert!(missing.is_empty(), "never rendered: {missing:?}");
}
