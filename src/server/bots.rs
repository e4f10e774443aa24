//! The bots a table seats, as the table sees them: a [`SeatBot`] (what `catan sim`'s loop
//! plays with) that also has a level for the lobby ([`TableBot`]). A [`BotMaker`] given to the
//! table makes them: [`catan_bot`] for the five rulesets (their own heuristics and search),
//! [`legal_bot`] for a ruleset that brings no bots of its own.

use crate::bots::legal::LegalBot;
use crate::bots::search::{Budget, Plan, Stats};
use crate::bots::{BotKind, SeatBot};
use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;
use crate::variants::{Game, GameCommand};

/// A bot at the table: it chooses as in the sim ([`SeatBot::choose`]) and has a level.
pub trait TableBot<G: Ruleset>: SeatBot<G> + Send + Sync {
    /// Its level: the lobby shows it and the host's key moves it up from there.
    fn kind(&self) -> BotKind;
    /// How the lobby names it in `game` (its level, and what it plays as where the ruleset
    /// lacks that level).
    fn label(&self, game: &G) -> String;
    /// Whether it has a search of its own under way, or done and its pick not yet played:
    /// the table then asks again soon ([`THINK_POLL_MS`]) instead of after a whole think
    /// time.
    fn thinking(&self) -> bool {
        false
    }
}

/// How often a table asks a bot that thinks on its own thread whether it is done.
pub const THINK_POLL_MS: Millis = 25;

/// Makes the bot of a level with its own seed, thinking within a budget (only searching bots
/// use the budget).
pub type BotMaker<G> = fn(BotKind, u64, Budget) -> Box<dyn TableBot<G>>;

impl TableBot<Game> for crate::bots::Bot<Game> {
    fn kind(&self) -> BotKind {
        self.kind
    }

    fn label(&self, game: &Game) -> String {
        self.kind.label(game)
    }
}

/// The five rulesets' bots, each playing its ruleset's heuristic and search; a hard bot
/// searches on a thread of its own ([`OffTable`]).
pub fn catan_bot(kind: BotKind, seed: u64, budget: Budget) -> Box<dyn TableBot<Game>> {
    let bot = crate::bots::Bot::new(kind, seed).with_budget(budget);
    if kind == BotKind::Hard {
        Box::new(OffTable {
            bot,
            thinking: None,
        })
    } else {
        Box::new(bot)
    }
}

/// A search under way on its own thread, for one seat and position.
struct Thinking {
    seat: Seat,
    /// The position as the seat saw it when the search began: the pick is played only if
    /// the seat still sees the same.
    view: <Game as Ruleset>::View,
    job: std::thread::JoinHandle<Option<GameCommand>>,
}

/// A hard bot that thinks off the table's task: the table runs one step at a time for
/// everyone at it (people's commands, the clock, other bots), so a search of up to a second
/// run inline would hold all of that up. Asked for a command, the bot answers at once when
/// the decision needs no search; otherwise it starts the search on a thread and answers
/// `None` (nothing yet) until the search is done, when the table asks again
/// ([`TableBot::thinking`]). The pick is played only if the position is still the one the
/// search started from: if someone moved meanwhile (an offer, a discard), the old search is
/// left to finish and dropped, and a new one starts from the new position.
pub struct OffTable {
    bot: crate::bots::Bot<Game>,
    thinking: Option<Thinking>,
}

impl SeatBot<Game> for OffTable {
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<GameCommand> {
        let view = game.view(Some(seat));
        if let Some(t) = self.thinking.take()
            && t.seat == seat
            && t.view == view
        {
            if !t.job.is_finished() {
                self.thinking = Some(t);
                return None;
            }
            if let Ok(pick) = t.job.join() {
                return pick;
            }
            // The search thread panicked (a bug): think again rather than stall.
            tracing::error!(seat, "a bot's search thread failed");
        }
        match self.bot.plan(game, seat) {
            Plan::Ready(pick) => pick,
            Plan::Search(job) => {
                let spawned = std::thread::Builder::new()
                    .name(format!("bot {seat} search"))
                    .spawn(move || job.run(&mut Stats::default()));
                match spawned {
                    Ok(job) => {
                        self.thinking = Some(Thinking { seat, view, job });
                        None
                    }
                    Err(e) => {
                        // No thread to be had: play the heuristic's pick now.
                        tracing::error!(seat, error = %e, "no thread for a bot's search");
                        self.bot.plan_without_search(game, seat)
                    }
                }
            }
        }
    }

    fn think_ms(&mut self) -> Millis {
        self.bot.think_ms()
    }

    fn name(&self) -> &'static str {
        self.bot.kind.name()
    }
}

impl TableBot<Game> for OffTable {
    fn kind(&self) -> BotKind {
        self.bot.kind
    }

    fn label(&self, game: &Game) -> String {
        self.bot.kind.label(game)
    }

    fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

/// A seat's level kept beside a bot that plays the same at every level.
struct Leveled<B> {
    kind: BotKind,
    bot: B,
}

impl<G: Ruleset, B: SeatBot<G> + Send + Sync> SeatBot<G> for Leveled<B> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Command> {
        self.bot.choose(game, seat)
    }

    fn think_ms(&mut self) -> Millis {
        self.bot.think_ms()
    }

    fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl<G: Ruleset, B: SeatBot<G> + Send + Sync> TableBot<G> for Leveled<B> {
    fn kind(&self) -> BotKind {
        self.kind
    }

    fn label(&self, _game: &G) -> String {
        format!(
            "{} (as {}: this ruleset has no bots of its own)",
            self.kind.name(),
            self.bot.name()
        )
    }
}

/// Bots for any ruleset: each plays a random command among those `legal` lists
/// ([`LegalBot`]), whatever its level (the lobby says so).
pub fn legal_bot<G: Ruleset>(kind: BotKind, seed: u64, _budget: Budget) -> Box<dyn TableBot<G>> {
    Box::new(Leveled {
        kind,
        bot: LegalBot::new(seed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::BotPlay;

    fn setup_game(seed: u64) -> Game {
        let args = crate::setup::GameSetup {
            seed: Some(seed),
            ..Default::default()
        };
        args.create(4, seed).expect("a base game")
    }

    /// Asks until the bot's thread is done (it has nothing to wait for but its search).
    fn answer(bot: &mut Box<dyn TableBot<Game>>, game: &Game, seat: Seat) -> GameCommand {
        loop {
            if let Some(cmd) = bot.choose(game, seat) {
                return cmd;
            }
            std::thread::yield_now();
        }
    }

    /// A hard bot at a table searches on its own thread: asked for a searched decision (a
    /// setup spot) it answers "nothing yet" at once, then the same pick a bot thinking inline
    /// makes; a search for a position that has moved on is never played.
    #[test]
    fn a_hard_bot_thinks_off_the_table() {
        let budget = Budget::Playouts(12);
        let game = setup_game(3);
        let seat = game.actors()[0];
        let mut bot = catan_bot(BotKind::Hard, 9, budget);
        assert!(game.searches());
        assert_eq!(
            bot.choose(&game, seat),
            None,
            "the search runs off the table"
        );
        let pick = answer(&mut bot, &game, seat);
        let inline = crate::bots::Bot::new(BotKind::Hard, 9)
            .with_budget(budget)
            .choose(&game, seat)
            .expect("a setup spot");
        assert_eq!(pick, inline);
        assert!(!bot.thinking());

        // A search started on one position, then asked about another: the first pick is
        // dropped and the answer is legal where the seat is now.
        let mut bot = catan_bot(BotKind::Hard, 9, budget);
        assert_eq!(bot.choose(&game, seat), None);
        let other = setup_game(4);
        let seat2 = other.actors()[0];
        let pick = answer(&mut bot, &other, seat2);
        assert!(other.legal(seat2).contains(&pick), "{pick:?}");
        // A bot that never searches answers at once, inline.
        let mut medium = catan_bot(BotKind::Heuristic, 9, budget);
        assert!(medium.choose(&game, seat).is_some());
        assert!(!medium.thinking());
    }

    /// At a live table a hard bot's search does not hold the table: while the bot thinks
    /// about a setup spot on its own thread, a person's chat and question are answered at
    /// once, the game waits for the bot, and the table asks the bot again every
    /// [`THINK_POLL_MS`] of table time until its pick is played. Table time is passed in;
    /// only the search itself runs on the wall clock (its one-second budget).
    #[test]
    fn a_table_answers_people_while_a_hard_bot_thinks() {
        use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
        use crate::server::table::{QUEUE, Table, TableConfig};
        let mut t = Table::new(
            setup_game(3),
            TableConfig {
                bots: 3,
                bot_kind: BotKind::Hard,
                bot_think_ms: 1000,
                seed: 3,
                ..TableConfig::default()
            },
        );
        let (tx, mut rx) = tokio::sync::mpsc::channel(QUEUE);
        t.open(1, tx, false, "test 1".into());
        t.message(
            1,
            ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: "Ann".into(),
                token: None,
                watch: false,
                color: None,
                password: None,
            },
            0,
        );
        assert!(t.started(), "the person fills the last seat");
        let heard = |rx: &mut tokio::sync::mpsc::Receiver<ServerMsg>| {
            std::iter::from_fn(|| rx.try_recv().ok()).collect::<Vec<_>>()
        };
        let ann = heard(&mut rx)
            .iter()
            .find_map(|m| match m {
                ServerMsg::Welcome { seat, .. } => *seat,
                _ => None,
            })
            .expect("Ann has a seat");
        // Ann plays her setup as medium would until a bot must choose a spot.
        let mut helper = crate::bots::Bot::<Game>::new(BotKind::Heuristic, 1);
        let mut now: Millis = 0;
        let mut seq = 0;
        while t.game().actors() == vec![ann] {
            let cmd = helper.choose(t.game(), ann).expect("Ann has a move");
            let text = t.game().format(&cmd);
            seq += 1;
            t.message(1, ClientMsg::Command { seq, text }, now);
        }
        let bot_seat = t.game().actors()[0];
        assert_ne!(bot_seat, ann);
        let due = t.next_wake().expect("the bot is due");
        now = now.max(due);
        let played = t.record().len();
        t.tick(now);
        assert_eq!(t.record().len(), played, "the bot is still thinking");
        assert_eq!(
            t.next_wake(),
            Some(now + THINK_POLL_MS),
            "the table asks the thinking bot again soon"
        );
        heard(&mut rx);
        // Ann chats and asks what she may do: both are answered while the search runs.
        t.message(
            1,
            ClientMsg::Chat {
                text: "your move".into(),
            },
            now + 1,
        );
        t.message(1, ClientMsg::Legal, now + 1);
        let msgs = heard(&mut rx);
        assert!(
            msgs.iter()
                .any(|m| matches!(m, ServerMsg::Chat { text, .. } if text == "your move")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter().any(|m| matches!(m, ServerMsg::Legal(..))),
            "{msgs:?}"
        );
        assert_eq!(t.record().len(), played, "the game waited for the bot");
        assert_eq!(t.game().actors(), vec![bot_seat]);
        // The table keeps asking; once the search is done its pick is played.
        while t.record().len() == played {
            now += THINK_POLL_MS;
            t.tick(now);
            std::thread::yield_now();
        }
        assert!(
            matches!(t.record().last(), Some(crate::record::Entry::Command { seat, .. }) if *seat == bot_seat),
            "the bot placed its settlement"
        );
    }

    /// Bots that may all act at once (discards after a 7) think at once: a hard bot still
    /// searching on its thread does not hold up the next, so every bot owing a discard
    /// starts its search in the same tick, and each discard is played once its search ends.
    #[test]
    fn bots_owing_discards_think_at_once() {
        use crate::server::table::{Table, TableConfig};
        use crate::variants::base::{BaseGame, Phase};
        let mut cfg = crate::sim::SimConfig::base(1, 5, vec![BotKind::Heuristic; 4]);
        cfg.move_cap = 16;
        let Game::Base(mut g) = crate::sim::play_game(&cfg, 0, false).expect("a game").game else {
            panic!("a base game")
        };
        // Every seat holds nine cards and owes four.
        let hand = crate::rules::resources::ResourceSet::new(2, 2, 2, 2, 1);
        for s in 0..4 {
            let old = g.table.hands[s];
            g.table.bank.add(&old);
            g.table.bank.sub(&hand);
            g.table.hands[s] = hand;
        }
        g.phase = Phase::Discard {
            owed: (0..4).map(|s| (s, 4)).collect(),
        };
        let g: BaseGame = g;
        let mut t = Table::new(
            Game::Base(g),
            TableConfig {
                bots: 4,
                bot_kind: BotKind::Hard,
                bot_think_ms: 1000,
                seed: 3,
                ..TableConfig::default()
            },
        );
        let mut now: Millis = 0;
        while !t.started() {
            now = t.next_wake().expect("the lobby fills with bots");
            t.tick(now);
        }
        let played = t.record().len();
        now = now.max(t.next_wake().expect("the bots are due"));
        t.tick(now);
        assert_eq!(
            t.bots_thinking(),
            4,
            "every bot owing a discard searches at once"
        );
        assert_eq!(
            t.record().len(),
            played,
            "no discard before its search ends"
        );
        while t.game().actors().len() == 4 || t.bots_thinking() > 0 {
            now += THINK_POLL_MS;
            t.tick(now);
            std::thread::yield_now();
            if !matches!(t.game(), Game::Base(b) if matches!(b.phase(), Phase::Discard { .. })) {
                break;
            }
        }
        assert!(t.record().len() > played, "the discards are played");
    }

    /// A table of a ruleset with no bots of its own seats legal bots, which the lobby names
    /// by their level and what they play as, and which play only legal commands.
    #[test]
    fn legal_bots_keep_their_level_and_play_legal_commands() {
        use crate::variants::base::{BaseConfig, BaseGame};
        let game = BaseGame::new(BaseConfig::new(4, 3)).expect("a base game");
        let mut bot = legal_bot::<BaseGame>(BotKind::Hard, 5, Budget::Playouts(1));
        assert_eq!(bot.kind(), BotKind::Hard);
        assert_eq!(
            bot.label(&game),
            "hard (as legal: this ruleset has no bots of its own)"
        );
        let seat = game.actors()[0];
        let cmd = bot.choose(&game, seat).expect("the first seat has moves");
        assert!(game.legal(seat).contains(&cmd));
    }
}
