//! Property tests of the base rules over many random games, through the public API.
//!
//! Random games are random legal play by a seeded RNG, over the configurations a host can set
//! (2 to 6 seats, the three-VP robber rule, trade-then-build; five and six seats play the 5–6
//! player extension with its special build phase). After every command:
//! - cards are conserved: bank + hands = 19 of each resource (24 with five or six seats);
//! - piece limits hold: on the board + in the supply = 5 settlements, 4 cities, 15 roads;
//! - victory points are what the buildings, the awards and the VP cards give, the awards are
//!   where the road lengths and knights say, and nobody has won without the game ending;
//! - every prompted seat has something legal to send.
//!
//! And in both directions, legal moves are exactly the accepted ones: every listed command is
//! accepted (checked on a copy of the state), and random commands of every shape (all corners,
//! edges, hexes, seats, resource sets, offer ids, and other seats' legal commands) are either
//! listed in `legal` or refused — except free-form trade offers, which `legal` lists only as
//! one-for-one — and a refused command leaves the state byte-identical. Replaying the text of
//! every accepted command on a fresh game gives the same final state. With a turn clock, the
//! host's forced moves keep the invariants too.
//!
//! Sizes: `BASE_PROP_GAMES` (random games per half of the invariant test, default 800; a
//! sixth of it for the exhaustive legal check), `BASE_PROP_REPLAYS` (replayed games and games with a clock, default 300) and
//! proptest's own `PROPTEST_CASES` (default 256) make longer runs possible, e.g.
//! `BASE_PROP_GAMES=20000 cargo test --release --test base_properties`. Unoptimised builds
//! run a tenth of the default sizes.

use catan::engine::Seat;
use catan::engine::rng::GameRng;
use catan::rules::devcards::DevCard;
use catan::rules::offers::TradeCommand;
use catan::rules::pieces::BuildingKind;
use catan::rules::resources::{Resource, ResourceSet};
use catan::rules::supply::Supply;
use catan::ruleset::Ruleset;
use catan::topology::{CornerId, EdgeId, HexId};
use catan::variants::base::command::Kind;
use catan::variants::base::{BaseConfig, BaseGame, Command, Phase};
use proptest::prelude::*;

/// Steps after which an unfinished random game is abandoned (a finished one takes far fewer).
const MAX_STEPS: usize = 20_000;

/// The sizes below are for release builds; an unoptimised `cargo test` runs a tenth of them.
const DEBUG_SHARE: usize = if cfg!(debug_assertions) { 10 } else { 1 };

/// A size from the environment, or the default (scaled down in debug builds).
fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or((default / DEBUG_SHARE).max(1))
}

/// The `i`th configuration: seats, rules and seed vary together.
fn config(i: u64) -> BaseConfig {
    BaseConfig {
        three_vp_robber: i % 3 == 1,
        any_order: i % 4 != 2,
        ..BaseConfig::new(2 + (i % 5) as usize, i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

fn bytes(g: &BaseGame) -> Vec<u8> {
    bincode::serde::encode_to_vec(g, bincode::config::standard()).expect("state encodes")
}

// ---- invariants ----------------------------------------------------------------------------

/// Everything that must hold between any two commands.
fn check_invariants(g: &BaseGame) {
    let seats = g.seats();
    // Cards are conserved.
    let mut total = *g.bank();
    for s in 0..seats as Seat {
        total.add(g.hand(s));
    }
    let supply = Supply::for_seats(seats);
    assert_eq!(total, supply.bank(), "the box's cards of each resource");

    let map = g.map();
    let pieces = g.pieces();
    let knights: Vec<u32> = (0..seats as Seat)
        .map(|s| g.dev_hand(s).knights_played)
        .collect();
    let lengths: Vec<u32> = (0..seats as Seat).map(|s| g.road_length(s)).collect();
    let mut held = 0;
    let mut vp_cards_held = 0;
    for s in 0..seats as Seat {
        // Piece limits.
        let stock = pieces.stock(s);
        let mut settlements = 0;
        let mut cities = 0;
        for (_, b) in pieces.all_buildings().filter(|(_, b)| b.owner == s) {
            match b.kind {
                BuildingKind::Settlement => settlements += 1,
                BuildingKind::City => cities += 1,
            }
        }
        let roads = pieces.all_routes().filter(|(_, r)| r.owner == s).count() as u32;
        assert_eq!(settlements + stock.settlements as u32, 5, "settlements");
        assert_eq!(cities + stock.cities as u32, 4, "cities");
        assert_eq!(roads + stock.roads as u32, 15, "roads");
        assert_eq!(pieces.buildings_of(s).len() as u32, settlements + cities);
        assert_eq!(pieces.routes_of(s).len() as u32, roads);

        // Victory points: buildings, awards, cards.
        let cards = &g.dev_hand(s).cards;
        let vp_cards = cards
            .iter()
            .filter(|c| c.card == DevCard::VictoryPoint)
            .count() as u32;
        held += cards.len();
        vp_cards_held += vp_cards;
        let awards =
            2 * (g.longest_road() == Some(s)) as u32 + 2 * (g.largest_army() == Some(s)) as u32;
        let public = settlements + 2 * cities + awards;
        assert_eq!(g.public_vp(s), public, "public VP of seat {s}");
        assert_eq!(g.total_vp(s), public + vp_cards, "VP of seat {s}");
        let view = g.view(Some(s));
        // The hidden cards show in the standings once the game is over.
        let shown = if g.outcome().is_some() {
            public + vp_cards
        } else {
            public
        };
        assert_eq!(view.players[s as usize].vp, shown);
        assert_eq!(
            view.you.as_ref().map(|y| y.vp_total),
            Some(public + vp_cards)
        );

        // Road lengths are current.
        assert_eq!(
            lengths[s as usize],
            pieces.longest_route(map, s),
            "road length of seat {s}"
        );
    }
    // The awards sit where the counts say.
    if let Some(h) = g.longest_road() {
        assert!(lengths[h as usize] >= 5);
        assert_eq!(lengths[h as usize], *lengths.iter().max().unwrap());
    } else if let Some(&max) = lengths.iter().max() {
        // Nobody holds it: then no road of 5+ is strictly the longest.
        let leaders = lengths.iter().filter(|l| **l == max).count();
        assert!(
            max < 5 || leaders > 1,
            "a strict leader {lengths:?} lacks the award"
        );
    }
    if let Some(h) = g.largest_army() {
        assert!(knights[h as usize] >= 3);
        assert_eq!(knights[h as usize], *knights.iter().max().unwrap());
    } else {
        assert!(
            knights.iter().all(|k| *k < 3),
            "3+ knights without the award"
        );
    }
    // Development cards: never more than the box holds (25, or 34 with five or six seats).
    let played_knights: u32 = knights.iter().sum();
    assert!(g.deck_len() + held + played_knights as usize <= supply.deck.len());
    assert!(vp_cards_held <= 5);

    // The game ends exactly when the current player reaches the target on their turn.
    match g.phase() {
        Phase::Over { winner } => {
            assert!(g.total_vp(*winner) >= g.config().vp_target);
            assert!(g.actors().is_empty());
        }
        // Nobody wins in a special build: points gained there (the builder's, or an award
        // passing to the player whose turn ended) win at the start of one's own turn.
        Phase::Setup { .. } | Phase::SpecialBuild { .. } => {}
        _ => assert!(
            g.total_vp(g.current()) < g.config().vp_target,
            "the current player has won but the game goes on"
        ),
    }
    // Nobody is asked to act with nothing to send.
    for s in g.actors() {
        assert!(
            !g.legal(s).is_empty(),
            "seat {s} prompted with nothing legal in {:?}",
            g.phase()
        );
    }
    for s in 0..seats as Seat {
        // Road lengths, kept up to date only for the seats a change touches, are what a
        // search from scratch finds.
        assert_eq!(
            g.road_length(s),
            pieces.longest_route(map, s),
            "seat {s}'s road length"
        );
        // The random bot's listings agree with `legal`: the kinds present, and each kind's
        // commands in the same order.
        let legal = g.legal(s);
        let kinds = g.legal_kinds(s);
        for k in Kind::ALL {
            let mut of_kind = Vec::new();
            g.legal_of_kind_into(s, k, &mut of_kind);
            let expected: Vec<Command> = legal.iter().copied().filter(|c| c.kind() == k).collect();
            assert_eq!(of_kind, expected, "seat {s}'s {k:?} commands");
            assert_eq!(
                kinds.contains(k),
                !expected.is_empty(),
                "seat {s} has {k:?}"
            );
        }
    }
    // The random bot's draw is one of the listed commands.
    let mut rng = GameRng::new(g.turn() as u64);
    let mut scratch = Vec::new();
    for s in g.actors() {
        let cmd = g
            .random_legal(s, &mut rng, &mut scratch)
            .expect("a prompted seat draws a command");
        assert!(g.legal(s).contains(&cmd), "drew {cmd:?}, not listed");
    }
}

// ---- random play ---------------------------------------------------------------------------

/// A kind of command, for weighting random play.
type Tier = fn(&Command) -> bool;

/// A random prompted seat and a random legal command of theirs, drawn so that games end in
/// a few hundred commands and the pieces often run out: settlements and cities are taken
/// when possible, then (often) development cards and roads; offers are rare.
fn random_legal(g: &BaseGame, rng: &mut GameRng) -> (Seat, Command) {
    let actors = g.actors();
    let seat = actors[rng.below(actors.len())];
    let legal = g.legal(seat);
    assert!(!legal.is_empty(), "seat {seat} has nothing legal");
    let pick = |rng: &mut GameRng, f: Tier| -> Option<Command> {
        let v: Vec<&Command> = legal.iter().filter(|c| f(c)).collect();
        (!v.is_empty()).then(|| *v[rng.below(v.len())])
    };
    let tiers: [(usize, Tier); 4] = [
        (9, |c| matches!(c, Command::Settle(_) | Command::City(_))),
        (5, |c| matches!(c, Command::BuyDev)),
        (4, |c| matches!(c, Command::Road(_))),
        (9, |c| {
            !matches!(c, Command::Trade(TradeCommand::Offer { .. }))
        }),
    ];
    for (odds, f) in tiers {
        if rng.below(10) < odds
            && let Some(cmd) = pick(rng, f)
        {
            return (seat, cmd);
        }
    }
    (seat, legal[rng.below(legal.len())])
}

/// Whether `legal` may leave the command out: a trade offer other than the one-for-one
/// offers it lists (open offers by the current player, offers to the current player by
/// others), and counter-offers.
fn free_form(g: &BaseGame, seat: Seat, cmd: &Command) -> bool {
    match cmd {
        Command::Trade(TradeCommand::Counter { .. }) => true,
        Command::Trade(TradeCommand::Offer { give, get, to }) => {
            let one_for_one = give.total() == 1 && get.total() == 1;
            let listed_to = if seat == g.current() {
                to.is_none()
            } else {
                *to == Some(g.current())
            };
            !(one_for_one && listed_to)
        }
        _ => false,
    }
}

/// Sends a command to a copy of the state and checks it both ways: accepted means listed
/// (unless free-form) and the invariants hold after; refused means not listed and not a byte
/// changed. Returns whether it was accepted.
fn probe(g: &BaseGame, seat: Seat, cmd: &Command) -> bool {
    let mut copy = g.clone();
    let before = bytes(g);
    match copy.apply(seat, cmd, 0) {
        Ok(_) => {
            if !free_form(g, seat, cmd) {
                assert!(
                    g.legal(seat).contains(cmd),
                    "seat {seat} sent `{}` ({cmd:?}): accepted but not listed in {:?}",
                    g.format(cmd),
                    g.phase()
                );
            }
            check_invariants(&copy);
            true
        }
        Err(e) => {
            assert_eq!(
                before,
                bytes(&copy),
                "refused `{}` ({e}) changed the state",
                g.format(cmd)
            );
            assert!(
                !g.legal(seat).contains(cmd),
                "listed `{}` refused: {e}",
                g.format(cmd)
            );
            false
        }
    }
}

/// A command of any shape, from raw numbers: which kind, two numbers, two resource sets and
/// a seat, fitted to the game's map and seats (ids run past the real ones sometimes).
#[derive(Clone, Debug)]
struct RawCommand {
    kind: u8,
    a: u32,
    b: u32,
    give: [u8; 5],
    get: [u8; 5],
    seat: u8,
}

impl RawCommand {
    fn from_rng(rng: &mut GameRng) -> RawCommand {
        let set = |rng: &mut GameRng| -> [u8; 5] {
            let mut s = [0u8; 5];
            match rng.below(4) {
                0 => s[rng.below(5)] = 1,
                1 => s[rng.below(5)] = rng.range(1, 5) as u8,
                2 => s.iter_mut().for_each(|x| *x = rng.range(0, 2) as u8),
                _ => {}
            }
            s
        };
        RawCommand {
            kind: rng.range(0, 255) as u8,
            a: rng.range(0, u32::MAX),
            b: rng.range(0, u32::MAX),
            give: set(rng),
            get: set(rng),
            seat: rng.range(0, 255) as u8,
        }
    }

    /// Which seat sends it (one past the last seat sometimes).
    fn sender(&self, g: &BaseGame) -> Seat {
        (self.seat as usize % (g.seats() + 1)) as Seat
    }

    fn command(&self, g: &BaseGame) -> Command {
        let topo = &g.map().topology;
        let seats = g.seats();
        let set = |s: [u8; 5]| ResourceSet(s.map(u32::from));
        let corner = CornerId(self.a % topo.corner_count() as u32);
        let edge = EdgeId(self.a % topo.edge_count() as u32);
        let hex = HexId(self.a % topo.hex_count() as u32);
        let seat_opt = |n: u32| match n % (seats as u32 + 2) {
            0 => None,
            k => Some((k - 1) as Seat),
        };
        let offers = g.offers();
        let id = if !offers.is_empty() && !self.b.is_multiple_of(4) {
            offers[self.b as usize % offers.len()].id
        } else {
            self.b % 24
        };
        let resource = Resource::ALL[self.b as usize % 5];
        match self.kind % 20 {
            0 => Command::Settle(corner),
            1 => Command::Road(edge),
            2 => Command::City(corner),
            3 => Command::BuyDev,
            4 => Command::Roll,
            5 => Command::End,
            6 => Command::Discard(set(self.give)),
            7 => Command::Robber {
                hex,
                steal: seat_opt(self.b),
            },
            8 => Command::PlayKnight,
            9 => Command::PlayRoadBuilding,
            10 => Command::PlayYearOfPlenty(set(self.give)),
            11 => Command::PlayMonopoly(resource),
            12 => Command::Trade(TradeCommand::Bank {
                give: set(self.give),
                get: set(self.get),
            }),
            13 => Command::Trade(TradeCommand::Offer {
                give: set(self.give),
                get: set(self.get),
                to: seat_opt(self.b),
            }),
            14 => Command::Trade(TradeCommand::Counter {
                id,
                give: set(self.give),
                get: set(self.get),
            }),
            15 => Command::Trade(TradeCommand::Accept(id)),
            16 => Command::Trade(TradeCommand::Decline(id)),
            17 => Command::Trade(TradeCommand::Cancel(id)),
            // Some seat's legal command, sent by whoever sends this one.
            _ => {
                let other = (self.b as usize % seats) as Seat;
                let legal = g.legal(other);
                if legal.is_empty() {
                    Command::End
                } else {
                    legal[self.a as usize % legal.len()]
                }
            }
        }
    }
}

/// Plays one random game, checking the invariants after every command; every `full_every`
/// steps it also checks that every legal command of every seat is accepted, and it probes
/// `junk` random commands per step.
fn play_and_check(i: u64, full_every: usize, junk: usize) -> BaseGame {
    let mut g = BaseGame::new(config(i)).expect("game");
    let mut rng = GameRng::new(i ^ 0x5eed);
    check_invariants(&g);
    for step in 0..MAX_STEPS {
        if g.winner().is_some() {
            break;
        }
        if step % full_every == 0 {
            for s in 0..g.seats() as Seat {
                for cmd in g.legal(s) {
                    assert!(
                        probe(&g, s, &cmd),
                        "listed `{}` refused for seat {s}",
                        g.format(&cmd)
                    );
                }
            }
        }
        for _ in 0..junk {
            let raw = RawCommand::from_rng(&mut rng);
            probe(&g, raw.sender(&g), &raw.command(&g));
        }
        let (seat, cmd) = random_legal(&g, &mut rng);
        if let Err(e) = g.apply(seat, &cmd, 0) {
            panic!("game {i}: listed `{}` refused: {e}", g.format(&cmd));
        }
        check_invariants(&g);
    }
    g
}

// ---- the tests -----------------------------------------------------------------------------

/// Cards, pieces, victory points and awards over thousands of games (split in two so both
/// CI cores work).
#[test]
fn invariants_hold_in_random_games_first_half() {
    let n = env_or("BASE_PROP_GAMES", 800) as u64;
    let mut finished = 0;
    for i in 0..n {
        finished += play_and_check(i, usize::MAX, 0).winner().is_some() as u32;
    }
    assert!(finished as u64 * 10 >= n * 9, "{finished} of {n} finished");
}

#[test]
fn invariants_hold_in_random_games_second_half() {
    let n = env_or("BASE_PROP_GAMES", 800) as u64;
    for i in n..2 * n {
        play_and_check(i, usize::MAX, 0);
    }
}

/// Five and six seats (the large island, 24 of each resource, 34 development cards and the
/// special build phase) hold the card and piece counts, and listed means accepted there too.
#[test]
fn five_and_six_seat_games_hold_the_card_and_piece_counts() {
    let n = (env_or("BASE_PROP_GAMES", 800) / 4).max(2) as u64;
    let mut finished = 0;
    for k in 0..n {
        // `config` gives five seats for i % 5 == 3 and six for i % 5 == 4.
        let i = 200_000 + 5 * k + 3 + k % 2;
        let g = play_and_check(i, 40, 1);
        assert_eq!(g.seats(), 5 + (k % 2) as usize);
        assert_eq!(g.map().land_hexes().count(), 30, "the 5-6 player island");
        finished += g.winner().is_some() as u64;
    }
    assert!(finished * 10 >= n * 9, "{finished} of {n} finished");
}

/// Every listed command is accepted, every accepted command is listed, refusals change
/// nothing: all listed commands of all seats every few steps, and random commands at
/// every step.
#[test]
fn legal_is_exactly_what_is_accepted_in_random_games() {
    let n = (env_or("BASE_PROP_GAMES", 800) / 6).max(1) as u64;
    for i in 0..n {
        play_and_check(100_000 + i, 5, 3);
    }
}

/// Replaying the text of every accepted command on a fresh game reproduces the final
/// state, byte for byte, whatever the configuration.
#[test]
fn replaying_the_command_log_reproduces_the_game() {
    let n = env_or("BASE_PROP_REPLAYS", 300) as u64;
    for i in 0..n {
        let cfg = config(200_000 + i);
        let mut g = BaseGame::new(cfg.clone()).unwrap();
        let mut rng = GameRng::new(i);
        let mut log: Vec<(Seat, String)> = Vec::new();
        for _ in 0..MAX_STEPS {
            if g.winner().is_some() {
                break;
            }
            // Sometimes a free-form offer, which the log must carry too.
            let raw = RawCommand::from_rng(&mut rng);
            let junk = raw.command(&g);
            let sender = raw.sender(&g);
            if matches!(
                junk,
                Command::Trade(TradeCommand::Offer { .. })
                    | Command::Trade(TradeCommand::Counter { .. })
            ) && g.clone().apply(sender, &junk, 0).is_ok()
            {
                g.apply(sender, &junk, 0).unwrap();
                log.push((sender, g.format(&junk)));
            }
            let (seat, cmd) = random_legal(&g, &mut rng);
            g.apply(seat, &cmd, 0).unwrap();
            log.push((seat, g.format(&cmd)));
        }
        let mut again = BaseGame::new(cfg).unwrap();
        for (seat, text) in &log {
            let cmd = again
                .parse(*seat, text)
                .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
            again
                .apply(*seat, &cmd, 0)
                .unwrap_or_else(|e| panic!("replayed `{text}` refused: {e}"));
        }
        assert_eq!(bytes(&g), bytes(&again), "game {i} replays differently");
        assert_eq!(g.winner(), again.winner());
    }
}

/// With a turn clock, the host's forced moves (placing, rolling, discarding, moving the
/// robber, ending turns) keep every invariant, and a tick leaves no expired deadline behind.
#[test]
fn the_clock_keeps_the_invariants_in_random_games() {
    let n = env_or("BASE_PROP_REPLAYS", 300) as u64;
    for i in 0..n {
        let cfg = BaseConfig {
            turn_ms: Some(1000),
            ..config(300_000 + i)
        };
        let mut g = BaseGame::new(cfg).unwrap();
        let mut rng = GameRng::new(i);
        let mut now = 0;
        for _ in 0..MAX_STEPS {
            if g.winner().is_some() {
                break;
            }
            let deadline = g
                .deadline()
                .expect("a running game with a clock has a deadline");
            // The host ticks when a deadline passes (at once if it already has: a turn
            // whose time ran out before the discards ended), and sometimes a player is slow.
            if deadline <= now || rng.below(4) == 0 {
                now = now.max(deadline);
                g.tick(now);
                assert!(
                    g.deadline().is_none_or(|d| d > now),
                    "tick({now}) left an expired deadline in {:?}",
                    g.phase()
                );
            } else {
                now += rng.range(0, 300) as u64;
                if now >= deadline {
                    g.tick(now);
                } else {
                    let (seat, cmd) = random_legal(&g, &mut rng);
                    g.apply(seat, &cmd, now).unwrap();
                }
            }
            check_invariants(&g);
        }
        assert!(g.winner().is_some(), "game {i} with a clock did not finish");
    }
}

fn raw_command() -> impl Strategy<Value = RawCommand> {
    let set = prop_oneof![
        (0..5usize).prop_map(|r| {
            let mut s = [0u8; 5];
            s[r] = 1;
            s
        }),
        (0..5usize, 1..6u8).prop_map(|(r, n)| {
            let mut s = [0u8; 5];
            s[r] = n;
            s
        }),
        prop::array::uniform5(0..3u8),
        Just([0u8; 5]),
    ];
    (
        any::<u8>(),
        any::<u32>(),
        any::<u32>(),
        set.clone(),
        set,
        any::<u8>(),
    )
        .prop_map(|(kind, a, b, give, get, seat)| RawCommand {
            kind,
            a,
            b,
            give,
            get,
            seat,
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: env_or("PROPTEST_CASES", 256) as u32,
        ..ProptestConfig::default()
    })]

    /// From a random point of a random game, random commands of every shape: accepted ones
    /// are listed (or free-form offers) and keep the invariants; refused ones change nothing.
    #[test]
    fn random_commands_are_listed_or_refused_without_a_trace(
        game in 0u64..1_000_000,
        steps in 0usize..400,
        cmds in prop::collection::vec(raw_command(), 1..48),
    ) {
        let mut g = BaseGame::new(config(game)).unwrap();
        let mut rng = GameRng::new(game);
        for _ in 0..steps {
            if g.winner().is_some() {
                break;
            }
            let (seat, cmd) = random_legal(&g, &mut rng);
            g.apply(seat, &cmd, 0).unwrap();
        }
        for raw in &cmds {
            let seat = raw.sender(&g);
            let cmd = raw.command(&g);
            if probe(&g, seat, &cmd) {
                // Go on from the new state, so later commands meet other phases.
                g.apply(seat, &cmd, 0).unwrap();
            }
        }
    }
}
