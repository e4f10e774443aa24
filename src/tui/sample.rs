//! Games in known states for the snapshot tests and the frame benchmark: a real host table
//! (no sockets, no clock) with people and bots, driven step by step, its messages fed to an
//! [`App`]. Each ruleset's client module (`rulesets::*`) adds the constructor of its own
//! game (and base its view and an editor of it).

use super::app::{App, AppOptions, Effect, Session, must_act};
use super::ruleset::Phase;
use super::theme::{ColorLevel, Theme};
use crate::engine::Millis;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::ruleset::Ruleset;
use crate::server::table::{Table, TableConfig};
use crate::variants::Game;
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
    /// The same table as a hall display sees it: the screen of a spectator named "Hall"
    /// (the people seated sit idle).
    pub fn watched(self, level: ColorLevel) -> Sample {
        let mut s = self;
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

    /// Lets the bots play until the game waits for a person here (or `max` steps pass). A
    /// game whose clock runs (timed phases or rounds) moves on without them:
    /// there the steps pass all the same.
    pub fn bots(&mut self, max: usize) {
        for _ in 0..max {
            let game = self.table.game();
            let waits =
                game.deadline().is_none() && self.app.sessions.iter().any(|s| must_act(&s.st));
            if waits || game.outcome().is_some() {
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
            if self.app.phase() != Some(Phase::Setup) {
                return;
            }
            self.app.pass_to = false;
            let Some(first) = self.app.st().legal().first().cloned() else {
                return;
            };
            self.send(&first);
        }
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
