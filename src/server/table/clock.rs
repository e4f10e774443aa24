//! Who acts without being asked: the bots in the seats, and the table's clock (deadlines,
//! away seats handed to a bot, the lobby timer).

use super::*;

impl<G: Ruleset> Table<G> {
    pub(super) fn seat_bot(&mut self, i: usize) {
        self.occupancy.dirty = true;
        let slot = &mut self.slots[i];
        slot.occupant = Occupant::Bot;
        slot.name = format!("Bot {}", i + 1);
        slot.ready = true;
        self.sync_name(i);
        // The bots given at the start take the last seats; the list's levels go to those in
        // seat order, repeating in rotation like `catan sim --bots` when the list is shorter.
        // A bot added later in the lobby gets the first level.
        let first = self.slots.len().saturating_sub(self.cfg.bots);
        let levels = &self.cfg.bot_levels;
        let kind = i
            .checked_sub(first)
            .and_then(|nth| levels.get(nth % levels.len().max(1)))
            .copied()
            .unwrap_or(self.cfg.bot_kind);
        self.bots[i] = Some(self.new_bot(kind, self.cfg.seed ^ ((i as u64 + 1) * 0x9e37)));
    }

    /// A bot of `kind` thinking within the table's budget.
    pub(super) fn new_bot(&self, kind: BotKind, seed: u64) -> Box<dyn TableBot<G>> {
        (self.make_bot)(kind, seed, self.think_budget())
    }

    /// Seats a bot plays now: bots, and people away longer than the grace period.
    pub(super) fn bot_plays(&self, seat: Seat, now: Millis) -> bool {
        let s = &self.slots[seat as usize];
        match s.occupant {
            Occupant::Bot => true,
            Occupant::Person => {
                s.conn.is_none() && s.away_since.is_some_and(|t| now >= t + self.cfg.away_ms)
            }
            Occupant::Empty => false,
        }
    }

    /// Seats the game waits for that a bot plays now. A hall asks seat by seat about the
    /// seats a bot may play (listing the actors among thousands on every move costs more).
    pub(super) fn bot_actors(&self, now: Millis) -> Box<dyn Iterator<Item = Seat> + '_> {
        if self.hall {
            let keep = move |s: &Seat| self.bot_plays(*s, now) && self.game.is_actor(*s);
            if self.occupancy.dirty {
                Box::new((0..self.slots.len() as Seat).filter(keep))
            } else {
                Box::new(self.occupancy.botlike.iter().map(|(s, _)| *s).filter(keep))
            }
        } else {
            Box::new(
                self.game
                    .actors()
                    .into_iter()
                    .filter(move |s| self.bot_plays(*s, now)),
            )
        }
    }

    pub(super) fn schedule_bots(&mut self, now: Millis) {
        if !self.started || self.game.outcome().is_some() {
            self.bot_due = None;
            return;
        }
        let any = self.bot_actors(now).next().is_some();
        self.bot_due = match (any, self.bot_due) {
            (true, Some(d)) => Some(d),
            (true, None) => Some(now + self.cfg.bot_think_ms),
            (false, _) => None,
        };
    }

    /// Tells the table which away people a bot now plays for: those whose grace period has
    /// just ended (their seats' neighbourhoods hear, or everyone outside a hall).
    fn note_covered_seats(&mut self, now: Millis) {
        let due: Vec<Seat> = self
            .occupancy
            .botlike
            .iter()
            .filter(|(s, since)| {
                // A person's seat (a bot's has no `since`) that a bot now plays.
                since.is_some() && self.bot_plays(*s, now) && !self.slots[*s as usize].covered
            })
            .map(|(s, _)| *s)
            .collect();
        for s in &due {
            self.slots[*s as usize].covered = true;
        }
        match due.as_slice() {
            [] => {}
            [one] => {
                let who = self.near(*one);
                self.seat_news(who, now);
            }
            _ => self.seat_news(None, now),
        }
    }

    /// How many of the table's bots have a search of their own under way (or done, its pick
    /// not yet played).
    pub fn bots_thinking(&self) -> usize {
        self.bots.iter().flatten().filter(|b| b.thinking()).count()
    }

    /// The next moment the table must act by itself.
    pub fn next_wake(&self) -> Option<Millis> {
        let mut t = [self.bot_due, None, None, None];
        if self.started {
            t[1] = self.game.deadline();
            let away = self.cfg.away_ms;
            t[2] = if self.bot_due.is_some() {
                None
            } else if self.occupancy.dirty {
                self.slots
                    .iter()
                    .filter(|s| s.occupant == Occupant::Person && s.conn.is_none())
                    .filter_map(|s| s.away_since.map(|a| a + away))
                    .filter(|&end| end > self.ticked)
                    .min()
            } else {
                self.occupancy
                    .botlike
                    .iter()
                    .filter_map(|(_, since)| since.map(|a| a + away))
                    .filter(|&end| end > self.ticked)
                    .min()
            };
        } else if self.ready_to_start() {
            // A table filled with bots from the start (a headless host): nobody joins to set
            // the rule off, so the table starts by itself at once.
            t[3] = Some(self.origin);
        } else if let (Some(after), Some(first)) = (self.cfg.start_after_ms, self.first_person_at) {
            t[3] = Some(first + after);
        }
        t.into_iter().flatten().min()
    }

    /// Lets time pass: deadlines, bots, the lobby timer.
    pub fn tick(&mut self, now: Millis) {
        self.ticked = self.ticked.max(now);
        self.flush(now);
        self.count_seats();
        if !self.started {
            self.maybe_start(now);
            if let (Some(after), Some(first)) = (self.cfg.start_after_ms, self.first_person_at)
                && now >= first + after
            {
                self.start(now);
            }
            return;
        }
        self.note_covered_seats(now);
        if self.game.deadline().is_some_and(|d| d <= now) {
            let evs = self.game.tick(now);
            self.push_entry(Entry::Tick { at: now });
            self.after_change(evs, now, None);
        }
        if self.bot_due.is_some_and(|d| d <= now) {
            self.bot_due = None;
            let mut seats: Vec<Seat> = self.bot_actors(now).collect();
            let simultaneous = self.game.simultaneous();
            if simultaneous && !seats.is_empty() {
                // No turns: every bot gets its go, starting from a seat that rotates.
                let k = self.version as usize % seats.len();
                seats.rotate_left(k);
            }
            // With turns one bot acts a tick, so people can follow; a bot still thinking on
            // its own thread does not hold up the next (bots answering one offer, or
            // discarding after a 7, think at once). Any other bot ends the tick, as before.
            for seat in seats {
                let mut bot = match self.bots[seat as usize].take() {
                    Some(b) => b,
                    None => self.new_bot(self.cfg.bot_kind, self.cfg.seed ^ (seat as u64 + 77)),
                };
                let choice = bot.choose(&self.game, seat);
                // Only a bot that went on thinking lets the next one have this tick.
                let waits_on_search = choice.is_none() && bot.thinking();
                self.bots[seat as usize] = Some(bot);
                if let Some(cmd) = choice
                    && let Err(e) = self.play(seat, &cmd, now, None)
                {
                    tracing::error!(seat, error = %e, "a bot's command was refused");
                }
                if !simultaneous && !waits_on_search {
                    break;
                }
            }
            self.schedule_bots(now);
            // A bot searching on its own thread is asked again soon, not after a think time.
            if self.bots_thinking() > 0 {
                let poll = now + crate::server::bots::THINK_POLL_MS;
                self.bot_due = Some(self.bot_due.map_or(poll, |d| d.min(poll)));
            }
        } else if self.bot_due.is_none() {
            // An away seat may have just passed its grace period.
            self.schedule_bots(now);
        }
    }
}
