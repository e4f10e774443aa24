//! Games in known states for the snapshot tests and the frame benchmark: a real host table
//! (no sockets, no clock) with people and bots, driven step by step, its messages fed to an
//! [`App`].

use super::app::{App, AppOptions, Effect, Session, must_act};
use super::theme::{ColorLevel, Theme};
use crate::engine::Millis;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::ruleset::Ruleset;
use crate::server::table::{Table, TableConfig};
use crate::variants::base::{BaseConfig, BaseGame, BaseView};
use crate::variants::{Game, GameView};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;
use tokio::sync::mpsc;

/// A table with people (the first in seat 1) and bots, and the app showing their views.
pub struct Sample {
    pub table: Table,
    pub app: App,
    rx: Vec<mpsc::Receiver<ServerMsg>>,
    /// The table's clock.
    pub now: Millis,
    /// The app's clock (fixed, so countdowns do not move).
    pub t0: Instant,
    seq: u32,
}

impl Sample {
    /// A base game for `seats` seats with the given seed, seat 1 placing first; "Ann" plays,
    /// bots take the rest.
    pub fn new(seed: u64, seats: usize, level: ColorLevel) -> Sample {
        Sample::with_people(seed, &["Ann"], seats, level)
    }

    /// As [`Sample::new`] with several people at the terminal (a hot-seat game).
    pub fn with_people(seed: u64, people: &[&str], seats: usize, level: ColorLevel) -> Sample {
        let mut cfg = BaseConfig::new(seats, seed);
        cfg.first = Some(0);
        let game = Game::Base(BaseGame::new(cfg).expect("a valid base game"));
        Sample::with_game(game, seed, people, seats, level)
    }

    /// A Total Chaos game with "Ann" in seat 1 and bots in the others.
    pub fn chaos(seed: u64, seats: usize, level: ColorLevel) -> Sample {
        let cfg = crate::variants::total_chaos::ChaosConfig::new(seats, seed);
        let game = Game::TotalChaos(
            crate::variants::total_chaos::ChaosGame::new(cfg).expect("a valid game"),
        );
        Sample::with_game(game, seed, &["Ann"], seats, level)
    }

    /// An Adaptations game with "Ann" in seat 1 and bots in the others.
    pub fn adaptations(seed: u64, seats: usize, level: ColorLevel) -> Sample {
        let cfg = crate::variants::adaptations::AdaptConfig::new(seats, seed);
        let game = Game::Adaptations(
            crate::variants::adaptations::AdaptGame::new(cfg).expect("a valid game"),
        );
        Sample::with_game(game, seed, &["Ann"], seats, level)
    }

    /// A Risk of Catan game with "Ann" in seat 1 (placing first) and bots in the others.
    pub fn risk(seed: u64, seats: usize, level: ColorLevel) -> Sample {
        let mut cfg = crate::variants::risk::RiskConfig::new(seats, seed);
        cfg.base.first = Some(0);
        let game = Game::Risk(crate::variants::risk::RiskGame::new(cfg).expect("a valid game"));
        Sample::with_game(game, seed, &["Ann"], seats, level)
    }

    /// A Big Game of `boards` boards with "Ann" in seat 1 (Sun, board 1) and bots in the others.
    pub fn big(seed: u64, boards: usize, level: ColorLevel) -> Sample {
        let cfg = crate::variants::big_game::BigConfig::new(boards, seed);
        let game =
            Game::BigGame(crate::variants::big_game::BigGame::new(cfg).expect("a valid game"));
        Sample::with_game(game, seed, &["Ann"], 2 * boards, level)
    }

    /// A Big Game as the hall display sees it: a spectator of the table (Ann sits idle).
    pub fn big_hall(seed: u64, boards: usize, level: ColorLevel) -> Sample {
        let mut s = Sample::big(seed, boards, level);
        let (tx, r) = mpsc::channel(100_000);
        s.table.open(9, tx, false, "hall".into());
        s.table.message(
            9,
            ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: "Hall".into(),
                token: None,
                watch: true,
                color: None,
                password: None,
            },
            s.now,
        );
        s.rx = vec![r];
        s.app = App::new(
            vec![Session::new("Hall")],
            Theme::new(level),
            AppOptions::default(),
            s.t0,
        );
        s.pump();
        s
    }

    /// A table running `game` with these people and bots in the other seats.
    pub fn with_game(
        game: Game,
        seed: u64,
        people: &[&str],
        seats: usize,
        level: ColorLevel,
    ) -> Sample {
        let mut table = Table::new(
            game,
            TableConfig {
                name: format!("{}'s game", people[0]),
                bots: seats - people.len(),
                bot_think_ms: 0,
                seed,
                rate_per_sec: 1_000_000,
                ..TableConfig::default()
            },
        );
        let mut rx = Vec::new();
        for (i, name) in people.iter().enumerate() {
            let (tx, r) = mpsc::channel(100_000);
            table.open(i as u64, tx, i == 0, "sample".into());
            table.message(
                i as u64,
                ClientMsg::Hello {
                    version: PROTOCOL_VERSION,
                    name: name.to_string(),
                    token: None,
                    watch: false,
                    color: None,
                    password: None,
                },
                0,
            );
            rx.push(r);
        }
        let t0 = Instant::now();
        let app = App::new(
            people.iter().map(|n| Session::new(*n)).collect(),
            Theme::new(level),
            AppOptions::default(),
            t0,
        );
        let mut s = Sample {
            table,
            app,
            rx,
            now: 0,
            t0,
            seq: 1_000_000,
        };
        s.pump();
        s
    }

    /// Feeds the table's messages to the app.
    pub fn pump(&mut self) {
        for (i, rx) in self.rx.iter_mut().enumerate() {
            while let Ok(m) = rx.try_recv() {
                self.app.on_server(i, m, self.t0);
            }
        }
    }

    /// Lets the bots play until the game waits for a person here (or `max` steps pass).
    pub fn bots(&mut self, max: usize) {
        for _ in 0..max {
            if self.app.sessions.iter().any(|s| must_act(&s.st))
                || self.table.game().outcome().is_some()
            {
                return;
            }
            self.now += 1;
            self.table.tick(self.now);
            self.pump();
        }
    }

    /// Sends a command as the person on screen, straight to the table.
    pub fn send(&mut self, text: &str) {
        self.seq += 1;
        self.now += 1;
        self.table.message(
            self.app.active as u64,
            ClientMsg::Command {
                seq: self.seq,
                text: text.to_string(),
            },
            self.now,
        );
        self.pump();
    }

    /// Carries out the app's effects (its messages go to the table).
    pub fn apply(&mut self, fx: Vec<Effect>) {
        for e in fx {
            if let Effect::Send(i, msg) = e {
                self.now += 1;
                self.table.message(i as u64, msg, self.now);
            }
        }
        self.pump();
    }

    /// A key pressed in the app, its effects carried out.
    pub fn key(&mut self, code: KeyCode) {
        let fx = self.app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
        self.apply(fx);
    }

    /// Plays the setup with the first legal choices (people) and the bots' own, until the
    /// game leaves setup.
    pub fn finish_setup(&mut self) {
        for _ in 0..64 {
            self.bots(500);
            let Some(v) = self.view() else { return };
            if v.phase != "setup" {
                return;
            }
            self.app.pass_to = false;
            let Some(first) = self.app.st().legal().first().cloned() else {
                return;
            };
            self.send(&first);
        }
    }

    /// The view on screen.
    pub fn view(&self) -> Option<&BaseView> {
        self.app.view()
    }

    /// Changes the view on screen in place (to show states that are slow to reach by
    /// playing), then lets the app re-read it.
    pub fn edit(&mut self, f: impl FnOnce(&mut BaseView, &mut Vec<String>)) {
        let s = &mut self.app.sessions[self.app.active];
        if let Some(u) = s.st.update.as_mut() {
            #[allow(irrefutable_let_patterns)]
            if let GameView::Base(v) = &mut u.view {
                f(v, &mut u.legal);
                // The edited list typed as the host types it: the command, then its move.
                if let Some(map) = s.st.map.as_deref() {
                    let seats = v.players.len();
                    u.moves = u
                        .legal
                        .iter()
                        .map(
                            |t| match crate::variants::base::command::parse(map, seats, t) {
                                Ok(c) => crate::variants::base::moves::move_of(&c),
                                Err(e) => panic!("a sample's legal command `{t}`: {e}"),
                            },
                        )
                        .collect();
                }
            }
        }
        self.app.refresh();
    }
}

/// A main-phase sample: setup done, Ann has rolled on her first turn. Used by the benchmark.
pub fn main_phase(seed: u64, level: ColorLevel) -> Sample {
    let mut s = Sample::new(seed, 4, level);
    s.finish_setup();
    s.bots(2000);
    if s.app.legal.roll {
        s.send("roll");
    }
    s.bots(2000);
    s
}
