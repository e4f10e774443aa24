//! Fuzzing the engine and the wire: random and mutated commands fed to a game as the host
//! would (text parsed for a seat, then applied), and random and mutated frames fed to both
//! ends' frame decoders. Nothing may panic; after every step the variant's invariants hold
//! (cards and pieces conserved, scores consistent), and a refused command leaves the state
//! byte-identical.
//!
//! The driver plays [`Game`] through the [`Ruleset`] contract alone: each ruleset's invariants
//! are its [`Ruleset::audit`]. `cargo test` runs small counts (tests/fuzz.rs); the large runs are
//! `cargo run --release --example fuzz -- --variant base --commands 1000000 --frames 1000000`,
//! and `fuzz/` holds cargo-fuzz targets over [`frame_input`] and [`command_input`].

use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::proto::codec::{MAX_CLIENT_FRAME, MAX_SERVER_FRAME, MsgCodec};
use crate::proto::moves::{EventKind, Move};
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::ruleset::Ruleset;
use crate::setup::GameSetup;
use crate::variants::Game;
use bytes::BytesMut;
use tokio_util::codec::Decoder;

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Commands fed in (every text sent for a seat).
    pub commands: u64,
    /// Accepted by the engine.
    pub accepted: u64,
    /// Parsed but refused by the rules.
    pub refused: u64,
    /// Not understood by the parser.
    pub unparsed: u64,
    /// Times the clock ran out and the engine acted itself.
    pub ticks: u64,
    /// Games played (a new one starts when one ends or runs long).
    pub games: u64,
    /// Of them, games played to a winner.
    pub finished: u64,
    /// Frames (or byte runs) fed to the decoders.
    pub frames: u64,
    /// Messages decoded from them.
    pub decoded: u64,
}

/// Everything that must hold between two steps of a game, in words when it does not: the
/// ruleset's own invariants ([`Ruleset::audit`]), and the contract's: a seat the game waits
/// for has something legal to send.
pub fn audit<G: Ruleset>(game: &G) -> Result<(), String> {
    game.audit()?;
    for s in game.actors() {
        if game.legal(s).is_empty() {
            return Err(format!("seat {} is asked to act with nothing legal", s + 1));
        }
    }
    Ok(())
}

/// The whole state as bytes, to prove a refused command changed nothing.
pub fn snapshot<R: serde::Serialize>(game: &R) -> Vec<u8> {
    bincode::serde::encode_to_vec(game, bincode::config::standard()).expect("a game state encodes")
}

mod erased {
    /// A value that serializes (messages, for the decoders' samples).
    pub trait Encode {
        fn bytes(&self) -> Vec<u8>;
    }
    impl<T: serde::Serialize> Encode for T {
        fn bytes(&self) -> Vec<u8> {
            bincode::serde::encode_to_vec(self, bincode::config::standard())
                .expect("a message encodes")
        }
    }
}

/// Words commands are made of, for random sentences.
const WORDS: &[&str] = &[
    "settle",
    "road",
    "city",
    "roll",
    "end",
    "buy",
    "dev",
    "play",
    "knight",
    "monopoly",
    "plenty",
    "year",
    "discard",
    "robber",
    "steal",
    "bank",
    "offer",
    "accept",
    "reject",
    "cancel",
    "confirm",
    "for",
    "ore",
    "wool",
    "grain",
    "lumber",
    "brick",
    "1",
    "2",
    "3",
    "0",
    "-1",
    "99",
    "4294967296",
    "A",
    "B",
    "Z",
    "A.nw",
    "A.n",
    "C.se",
    "S.s",
    "@@",
    ".",
    "",
    "claim",
    "ready",
    "ship",
    "move",
    "attack",
    "place",
];

/// One random or mutated command text for `seat`.
fn fuzz_text(game: &Game, seat: Seat, rng: &mut GameRng, vocab: &[String]) -> String {
    let seats = game.seats();
    let pick_legal = |s: Seat, rng: &mut GameRng| {
        let legal = game.legal(s);
        (!legal.is_empty()).then(|| game.format(&legal[rng.below(legal.len())]))
    };
    match rng.below(100) {
        0..45 => pick_legal(seat, rng).unwrap_or_else(|| "end".into()),
        45..60 => pick_legal(rng.below(seats) as Seat, rng).unwrap_or_else(|| "roll".into()),
        60..80 => {
            let base = pick_legal(rng.below(seats) as Seat, rng)
                .or_else(|| vocab.first().cloned())
                .unwrap_or_else(|| "settle A.nw".into());
            mutate(&base, rng, vocab)
        }
        80..92 => {
            let n = 1 + rng.below(5);
            (0..n)
                .map(|_| {
                    if !vocab.is_empty() && rng.below(3) == 0 {
                        let v = &vocab[rng.below(vocab.len())];
                        v.split(' ').nth(rng.below(3)).unwrap_or(v).to_string()
                    } else {
                        WORDS[rng.below(WORDS.len())].to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => {
            let n = rng.below(48);
            let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

/// A small change to a command's text: a word dropped, doubled, swapped or replaced, a number
/// changed, a character inserted or the text cut short.
fn mutate(text: &str, rng: &mut GameRng, vocab: &[String]) -> String {
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let i = rng
        .below(words.len().max(1))
        .min(words.len().saturating_sub(1));
    match rng.below(8) {
        0 if words.len() > 1 => {
            words.remove(i);
        }
        1 => {
            let w = words[i].clone();
            words.insert(i, w);
        }
        2 if words.len() > 1 => {
            let j = rng.below(words.len());
            words.swap(i, j);
        }
        3 => words[i] = WORDS[rng.below(WORDS.len())].to_string(),
        4 => {
            let n = [0i64, -1, 1, 2, 7, 19, 255, 256, 65_536, i64::MAX][rng.below(10)];
            words[i] = n.to_string();
        }
        5 if !vocab.is_empty() => {
            let other = &vocab[rng.below(vocab.len())];
            if let Some(w) = other.split(' ').nth(1) {
                words[i] = w.to_string();
            }
        }
        6 => {
            let mut chars: Vec<char> = words[i].chars().collect();
            let at = rng.below(chars.len() + 1);
            chars.insert(at, ['.', ' ', '\0', 'é', '9', 'x', '\n', '-'][rng.below(8)]);
            words[i] = chars.into_iter().collect();
        }
        _ => {
            let s = words.join(" ");
            let cut = rng.below(s.chars().count() + 1);
            return s.chars().take(cut).collect();
        }
    }
    words.join(" ")
}

/// Feeds `count` random and mutated commands to games of `args`' variant with `seats` seats,
/// starting from `seed`; a turn timer runs in every other game. Stops at the first broken
/// invariant with a message naming the seed, the step and the command.
pub fn commands(args: &GameSetup, seats: usize, seed: u64, count: u64) -> Result<Stats, String> {
    // A variant that fixes its seats (two per board of a ring) plays with that many.
    let seats = args.fixed_seats().unwrap_or(seats);
    let mut stats = Stats::default();
    let mut rng = GameRng::new(seed);
    let mut vocab: Vec<String> = Vec::new();
    let mut game_seed = seed;
    while stats.commands < count {
        let mut a = args.clone();
        a.flags.turn_secs = (stats.games % 2 == 1).then_some(5);
        let mut game = a.create(seats, game_seed)?;
        stats.games += 1;
        let mut now: Millis = 0;
        for step in 0..4_000u32 {
            if game.outcome().is_some() {
                stats.finished += 1;
                break;
            }
            if stats.commands >= count {
                break;
            }
            now += rng.below(1_500) as Millis;
            if game.deadline().is_some_and(|d| d <= now) {
                game.tick(now);
                stats.ticks += 1;
                audit(&game).map_err(|e| {
                    format!("game seed {game_seed}, after a tick at step {step}: {e}")
                })?;
            }
            let actors = game.actors();
            let seat = if !actors.is_empty() && rng.below(10) < 7 {
                actors[rng.below(actors.len())]
            } else {
                rng.below(seats) as Seat
            };
            let text = fuzz_text(&game, seat, &mut rng, &vocab);
            stats.commands += 1;
            let where_ = || {
                format!(
                    "game seed {game_seed}, step {step}, seat {}, `{}`",
                    seat + 1,
                    text.escape_debug()
                )
            };
            let step_result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                one_command(&mut game, seat, &text, now)
            }))
            .map_err(|_| format!("panic: {}", where_()))?;
            match step_result.map_err(|e| format!("{e}: {}", where_()))? {
                Fed::Accepted(formatted) => {
                    stats.accepted += 1;
                    if vocab.len() < 512 {
                        vocab.push(formatted);
                    } else {
                        let i = rng.below(vocab.len());
                        vocab[i] = formatted;
                    }
                }
                Fed::Refused => stats.refused += 1,
                Fed::Unparsed => stats.unparsed += 1,
            }
        }
        game_seed = game_seed.wrapping_add(0x9e37_79b9);
    }
    Ok(stats)
}

/// What became of one command.
enum Fed {
    Accepted(String),
    Refused,
    Unparsed,
}

/// Parses and applies one command as the host would, checking what must hold after it.
fn one_command(game: &mut Game, seat: Seat, text: &str, now: Millis) -> Result<Fed, String> {
    let Ok(cmd) = game.parse(seat, text) else {
        return Ok(Fed::Unparsed);
    };
    let before = snapshot(game);
    // Records keep accepted commands as text: that text must read back as the same command
    // (checked before applying, as a replay reads it into the same state).
    let formatted = game.format(&cmd);
    let reread = game.parse(seat, &formatted);
    match game.apply(seat, &cmd, now) {
        Ok(_) => {
            if reread.as_ref().ok() != Some(&cmd) {
                return Err(format!(
                    "accepted, but its record text `{formatted}` does not read back as the same command"
                ));
            }
            audit(game)?;
            Ok(Fed::Accepted(formatted))
        }
        Err(e) => {
            if e.0.trim().is_empty() {
                return Err("a refusal without a reason".into());
            }
            if snapshot(game) != before {
                return Err(format!("refused ({e}) but the state changed"));
            }
            Ok(Fed::Refused)
        }
    }
}

/// Input for the command-parser fuzz target: a byte that chooses the ruleset (every built-in
/// one, in the command line's order, so each parser is fuzzed), a byte to choose how far
/// into a game to start, a seed byte, then lines of `<seat byte><command text>`. Each command
/// is checked as in [`commands`].
pub fn command_input(data: &[u8]) -> Result<(), String> {
    let (head, rest) = data.split_at(data.len().min(3));
    let byte = |i: usize| head.get(i).copied().unwrap_or(0);
    let rulesets = crate::variants::GameSettings::NAMES;
    let args = GameSetup::of(rulesets[byte(0) as usize % rulesets.len()]);
    let seats = args.fixed_seats().unwrap_or(4);
    let seed = byte(2) as u64;
    let mut game = args.create(seats, seed)?;
    let mut rng = GameRng::new(seed);
    // Play some random legal moves first, so later phases are reached.
    for _ in 0..byte(1) as usize * 2 {
        let actors = game.actors();
        let Some(&s) = actors.first() else { break };
        let legal = game.legal(s);
        if legal.is_empty() {
            break;
        }
        let c = legal[rng.below(legal.len())].clone();
        game.apply(s, &c, 0)
            .map_err(|e| format!("a legal move was refused: {e}"))?;
    }
    for line in rest.split(|b| *b == b'\n') {
        let Some((&s, text)) = line.split_first() else {
            continue;
        };
        let text = String::from_utf8_lossy(text);
        one_command(&mut game, (s as usize % seats) as Seat, &text, 0)?;
    }
    Ok(())
}

/// Feeds one run of bytes to a host's and a client's frame decoder; returns how many messages
/// decoded. A decoded message must encode and decode back to itself.
pub fn frame_input(data: &[u8]) -> Result<u64, String> {
    let mut n = 0;
    n += decode_all::<ClientMsg>(data, MAX_CLIENT_FRAME)?;
    n += decode_all::<ServerMsg>(data, MAX_SERVER_FRAME)?;
    Ok(n)
}

fn decode_all<M>(data: &[u8], max: usize) -> Result<u64, String>
where
    M: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
{
    let mut codec: MsgCodec<M, M> = MsgCodec::new(max);
    let mut buf = BytesMut::from(data);
    let mut n = 0;
    // A decoder stops at its first error, as a connection closes on one.
    while let Ok(Some(msg)) = codec.decode(&mut buf) {
        n += 1;
        let body = crate::proto::codec::encode(&msg).map_err(|e| e.to_string())?;
        let back: M = crate::proto::codec::decode(&body).map_err(|e| e.to_string())?;
        if back != msg {
            return Err(format!("{msg:?} does not survive a round trip"));
        }
    }
    Ok(n)
}

fn frame_of(body: &[u8]) -> Vec<u8> {
    let mut v = (body.len() as u32).to_be_bytes().to_vec();
    v.extend_from_slice(body);
    v
}

/// Messages as both ends send them, from a game of the variant (views carry its state).
fn sample_messages(game: &Game, rng: &mut GameRng) -> Vec<Vec<u8>> {
    let enc = |m: &dyn erased::Encode| m.bytes();
    let mut v = vec![
        enc(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "Ann".into(),
            token: Some("00ff00ff00ff00ff".into()),
            watch: false,
            color: Some("red".into()),
            password: None,
        }),
        enc(&ClientMsg::Command {
            seq: 7,
            text: "settle A.nw".into(),
        }),
        enc(&ClientMsg::Chat { text: "hi".into() }),
        enc(&ClientMsg::Ready(true)),
        enc(&ClientMsg::Kick(3)),
        enc(&ClientMsg::Ping(u64::MAX)),
        enc(&ClientMsg::Bye),
        enc(&ServerMsg::<crate::variants::GameView>::Rejected {
            seq: 1,
            reason: "no".into(),
        }),
        enc(&ServerMsg::<crate::variants::GameView>::Legal(
            vec!["roll".into(), "end".into()],
            vec![Move::Roll, Move::End],
        )),
    ];
    let seat = rng.below(game.seats()) as Seat;
    v.push(enc(&ServerMsg::Update(Box::new(crate::proto::Update {
        version: 1,
        view: game.view(Some(seat)),
        log: vec!["something happened".into()],
        log_kinds: vec![EventKind::Other],
        legal: game.legal(seat).iter().map(|c| game.format(c)).collect(),
        moves: game.legal(seat).iter().map(|c| game.move_of(c)).collect(),
        actors: game.actors(),
        reply_to: Some(1),
        deadline_ms: None,
        seats: Vec::new(),
        seats_at: Vec::new(),
        at_us: 0,
        legal_left_out: false,
        legal_same: false,
        legal_offers_left_off: false,
        waiting_for_you: game.waits_for(seat),
    }))));
    v
}

/// Feeds `count` random and mutated frames (built from messages of games of `args`' variant)
/// to both decoders.
pub fn frames(args: &GameSetup, seed: u64, count: u64) -> Result<Stats, String> {
    let mut stats = Stats::default();
    let mut rng = GameRng::new(seed);
    let mut game = args.create(args.fixed_seats().unwrap_or(4), seed)?;
    let mut samples = sample_messages(&game, &mut rng);
    while stats.frames < count {
        // Move the game on now and then, so views of later states are sampled too.
        if stats.frames % 1_000 == 0 {
            for _ in 0..20 {
                let Some(&s) = game.actors().first() else {
                    game = args.create(args.fixed_seats().unwrap_or(4), rng.next_seed())?;
                    break;
                };
                let legal = game.legal(s);
                if legal.is_empty() {
                    break;
                }
                let c = legal[rng.below(legal.len())].clone();
                let _ = game.apply(s, &c, 0);
            }
            samples = sample_messages(&game, &mut rng);
        }
        let body = &samples[rng.below(samples.len())];
        let mut data = frame_of(body);
        match rng.below(8) {
            0 => {} // intact: must decode
            1 => {
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(data.len());
                    data[i] ^= 1 << rng.below(8);
                }
            }
            2 => data.truncate(rng.below(data.len() + 1)),
            3 => {
                let n = rng.below(16);
                data.extend((0..n).map(|_| rng.below(256) as u8));
            }
            4 => {
                let len = [0u32, 1, 3, u32::MAX, 16 * 1024 + 1, 4 * 1024 * 1024 + 1][rng.below(6)];
                data[..4].copy_from_slice(&len.to_be_bytes());
            }
            5 => {
                let other = frame_of(&samples[rng.below(samples.len())]);
                data.extend_from_slice(&other);
            }
            6 => {
                let i = 4 + rng.below(data.len() - 3);
                let n = rng.below(8);
                let junk: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
                data.splice(i.min(data.len())..i.min(data.len()), junk);
            }
            _ => {
                let n = rng.below(64);
                data = (0..n).map(|_| rng.below(256) as u8).collect();
            }
        }
        stats.frames += 1;
        let intact = data == frame_of(body);
        let got = std::panic::catch_unwind(|| frame_input(&data))
            .map_err(|_| format!("panic decoding {data:02x?}"))??;
        if intact && got == 0 {
            return Err(format!("an intact frame did not decode: {data:02x?}"));
        }
        stats.decoded += got;
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resources::ResourceSet;

    /// The driver's audit asks the ruleset's own (here base's) and refuses a seat asked to
    /// act with nothing legal.
    #[test]
    fn the_audit_catches_lost_cards_and_pieces() {
        use crate::variants::base::{BaseConfig, BaseGame};
        let game = BaseGame::new(BaseConfig::new(3, 1)).unwrap();
        assert_eq!(audit(&game), Ok(()));
        let mut bad = game.clone();
        bad.table.hands[0] = ResourceSet::uniform(1);
        assert!(audit(&bad).unwrap_err().contains("cards not conserved"));
    }

    #[test]
    fn mutations_change_text_and_never_panic() {
        let mut rng = GameRng::new(3);
        let vocab = vec!["settle A.nw".to_string(), "offer 1 ore for 1 wool".into()];
        let changed = (0..1000)
            .filter(|_| mutate("road C.n", &mut rng, &vocab) != "road C.n")
            .count();
        assert!(changed > 500, "{changed}");
    }
}
