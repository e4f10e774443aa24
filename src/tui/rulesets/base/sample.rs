//! Base games in known states for the snapshot tests and the frame benchmark: the sample's
//! constructors, the view on screen and an editor of it.

use crate::variants::GameView;
use crate::variants::base::{BaseConfig, BaseGame, BaseView};

impl crate::tui::sample::Sample {
    /// A base game for `seats` seats with the given seed, seat 1 placing first; "Ann" plays,
    /// bots take the rest.
    pub fn new(seed: u64, seats: usize, level: crate::tui::theme::ColorLevel) -> Self {
        Self::with_people(seed, &["Ann"], seats, level)
    }

    /// As [`Sample::new`](crate::tui::sample::Sample::new) with several people at the terminal (a hot-seat game).
    pub fn with_people(seed: u64, people: &[&str], seats: usize, level: crate::tui::theme::ColorLevel) -> Self {
        let mut cfg = BaseConfig::new(seats, seed);
        cfg.first = Some(0);
        let game = crate::variants::Game::Base(BaseGame::new(cfg).expect("a valid base game"));
        Self::with_game(game, seed, people, seats, level)
    }


    /// The base game's view on screen (`None` before the game starts or in another ruleset).
    pub fn view(&self) -> Option<&BaseView> {
        #[allow(irrefutable_let_patterns)]
        match &self.app.st().update.as_ref()?.view {
            GameView::Base(v) => Some(v),
            _ => None,
        }
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
