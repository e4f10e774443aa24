//! What the host works out for its players beside the game: a hint (what `hard` would play in
//! the asking seat now) and, once the game is over, its review (each seat's chance of winning
//! over the game, and the turning points). Both cost far more than a table step, so the table
//! only decides and hands the work out as a [`CoachJob`]; the table task runs it on a thread
//! of its own, and the answer comes back as [`CoachNews`], which the table passes on. The
//! table stays pure: tests run a job inline and feed its news back.

use super::{ConnId, Occupant, Table};
use crate::bots::search::Budget;
use crate::engine::Seat;
use crate::proto::{Hint, ServerMsg};
use crate::record::Entry;
use crate::review::{Review, ReviewState};
use crate::ruleset::Ruleset;
use std::sync::Arc;

/// `hard`'s move for a seat of the game (seeded, within a budget), or why there is none.
pub type HintFn<G> = Arc<dyn Fn(&G, Seat, u64, Budget) -> Result<Hint, String> + Send + Sync>;

/// The review of a finished game from its seat names and record; `progress(done, total)` is
/// called as it goes.
pub type ReviewFn = Arc<
    dyn Fn(&[String], &[Entry], &(dyn Fn(usize, usize) + Sync)) -> Result<Review, String>
        + Send
        + Sync,
>;

/// What the host can work out for its players. The command layer, which knows the concrete
/// rulesets and the record's header, fills it in; a table without it gives no hints and no
/// review.
pub struct Coach<G> {
    pub hint: Option<HintFn<G>>,
    pub review: Option<ReviewFn>,
}

impl<G> Default for Coach<G> {
    fn default() -> Self {
        Coach {
            hint: None,
            review: None,
        }
    }
}

/// Whether players may ask for hints (`catan host --hints` / `--no-hints`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Hints {
    /// Never.
    Off,
    /// Only a person with no other person at the table: against bots, a hint helps nobody
    /// beat anybody.
    #[default]
    Alone,
    /// Always, the host allowing it with other people at the table.
    On,
}

/// A piece of work for a thread of its own; it posts what it finds with the function given.
pub type CoachJob = Box<dyn FnOnce(&(dyn Fn(CoachNews) + Sync)) + Send + Sync>;

/// What a [`CoachJob`] found.
#[derive(Debug)]
pub enum CoachNews {
    Hint {
        conn: ConnId,
        answer: Result<Hint, String>,
    },
    Review(ReviewState),
}

/// Hints worked out at once, whoever asked: each takes a core for up to a second.
pub const HINTS_AT_ONCE: usize = 4;

/// Seats at most for which the host reviews a game by itself: a hall's playouts cost many
/// times a table's (`catan replay --review` still reviews it, at fewer points).
pub const REVIEW_SEATS: usize = crate::review::HALL_SEATS;

impl<G: Ruleset> Table<G> {
    /// The table with a coach: it gives hints (as its config allows) and reviews the game
    /// when it ends.
    pub fn with_coach(mut self, coach: Coach<G>) -> Self {
        self.set_coach(coach);
        self
    }

    /// Gives the running table a coach ([`Table::with_coach`]).
    pub fn set_coach(&mut self, coach: Coach<G>) {
        self.coach = coach;
    }

    /// Changes whether players may ask for hints, from the next request on.
    pub fn set_hints(&mut self, hints: Hints) {
        self.cfg.hints = hints;
    }

    /// A player asks what `hard` would play now: refused with the reason, or handed out as a
    /// job whose answer goes to that connection only.
    pub(super) fn hint_asked(&mut self, conn: ConnId) {
        match self.hint_refusal(conn) {
            Some(why) => self.send(conn, ServerMsg::Hint(Err(why))),
            None => {
                let (Some(hint), Some(seat)) = (
                    self.coach.hint.clone(),
                    self.conns.get(&conn).and_then(|c| c.seat),
                ) else {
                    return;
                };
                self.hinting.insert(conn);
                let game = self.game.clone();
                let seed = self.cfg.seed ^ self.record.len() as u64 ^ (u64::from(seat) << 40);
                let budget = self.think_budget();
                self.effects.jobs.push(Box::new(move |post| {
                    let answer = hint(&game, seat, seed, budget);
                    post(CoachNews::Hint { conn, answer });
                }));
            }
        }
    }

    /// Why `conn` gets no hint now, if it does not.
    fn hint_refusal(&self, conn: ConnId) -> Option<String> {
        let seat = self.conns.get(&conn).and_then(|c| c.seat);
        let others = self
            .slots
            .iter()
            .enumerate()
            .any(|(i, s)| s.occupant == Occupant::Person && Some(i as Seat) != seat);
        Some(if self.cfg.hints == Hints::Off {
            "the host turned hints off for this game.".into()
        } else if self.coach.hint.is_none() {
            "this host gives no hints.".into()
        } else if seat.is_none() {
            "hints are for a seat's player, and you are watching.".into()
        } else if !self.started {
            "the game has not started yet.".into()
        } else if self.hinting.contains(&conn) {
            "the last hint is still being worked out.".into()
        } else if self.hinting.len() >= HINTS_AT_ONCE {
            "the host is working out other players' hints: ask again in a moment.".into()
        } else if others && self.cfg.hints == Hints::Alone {
            "other people play at this table, so hints are off unless the host allows them (catan host --hints).".into()
        } else {
            return None;
        })
    }

    /// Starts the review once the game is over, if the table has a coach for it.
    pub(super) fn review_at_the_end(&mut self) {
        let Some(review) = self.coach.review.clone() else {
            return;
        };
        if self.review.is_some() {
            return;
        }
        if self.slots.len() > REVIEW_SEATS {
            self.review_news(ReviewState::Failed(format!(
                "a game of {} seats is too big to review here; `catan replay SAVE --review` reviews it at fewer points.",
                self.slots.len()
            )));
            return;
        }
        let names = self.names.clone();
        let record = self.record.clone();
        self.review_news(ReviewState::Computing { done: 0, total: 1 });
        self.effects.jobs.push(Box::new(move |post| {
            let progress =
                |done, total| post(CoachNews::Review(ReviewState::Computing { done, total }));
            let state = match review(&names, &record, &progress) {
                Ok(r) => ReviewState::Ready(Box::new(r)),
                Err(why) => ReviewState::Failed(why),
            };
            post(CoachNews::Review(state));
        }));
    }

    /// What a job found, passed on: a hint to whoever asked (if still here), the review's
    /// progress and the review to everyone.
    pub fn coach_news(&mut self, news: CoachNews) {
        match news {
            CoachNews::Hint { conn, answer } => {
                if self.hinting.remove(&conn) {
                    self.send(conn, ServerMsg::Hint(answer));
                }
            }
            CoachNews::Review(state) => self.review_news(state),
        }
    }

    /// Keeps the review's state and tells everyone; progress only when it moved a whole
    /// percent, so a review of many steps sends a hundred messages at most.
    fn review_news(&mut self, state: ReviewState) {
        let percent = |s: &ReviewState| match s {
            ReviewState::Computing { done, total } => Some(done * 100 / (*total).max(1)),
            _ => None,
        };
        if let (Some(now), Some(before)) = (percent(&state), self.review.as_ref().and_then(percent))
            && now == before
        {
            return;
        }
        if matches!(
            self.review,
            Some(ReviewState::Ready(_) | ReviewState::Failed(_))
        ) {
            return;
        }
        self.review = Some(state.clone());
        let ids = self.greeted();
        self.send_all(&ids, ServerMsg::Review(state));
    }

    /// Runs `job` here and now, its news handed to the table as it comes: the tests' stand-in
    /// for the table task's threads.
    #[cfg(test)]
    pub fn run_job_here(&mut self, job: CoachJob) {
        let found = std::sync::Mutex::new(Vec::new());
        job(&|news| found.lock().expect("one thread").push(news));
        for news in found.into_inner().expect("one thread") {
            self.coach_news(news);
        }
    }

    /// Runs every job handed out so far ([`Table::run_job_here`]); returns how many there were.
    #[cfg(test)]
    pub fn run_jobs_here(&mut self) -> usize {
        let jobs = std::mem::take(&mut self.effects.jobs);
        let n = jobs.len();
        for job in jobs {
            self.run_job_here(job);
        }
        n
    }

    /// The review as it stands, to a connection that arrives after the game ended.
    pub(super) fn send_review_to(&mut self, conn: ConnId) {
        if let Some(r) = self.review.clone() {
            self.send(conn, ServerMsg::Review(r));
        }
    }

    /// The review as it stands (`None` before the game ends or without a coach).
    pub fn review(&self) -> Option<&ReviewState> {
        self.review.as_ref()
    }

    /// A hard bot's think budget at this table.
    pub(super) fn think_budget(&self) -> Budget {
        match self.cfg.bot_budget {
            Some(n) => Budget::Playouts(n),
            None => Budget::Time(std::time::Duration::from_millis(
                self.cfg.bot_think_ms.clamp(50, 1000),
            )),
        }
    }
}
