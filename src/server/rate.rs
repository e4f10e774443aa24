//! The host's rate limits, in one place. Outside the table, one token bucket ([`Bucket`]) for
//! frames a TCP connection sends and the keys and bytes an SSH guest types; inside it, one
//! per-second count ([`Window`]) for a connection's commands, chat lines and lobby changes.
//! Time is passed in.

use crate::engine::Millis;
use std::time::{Duration, Instant};

/// Tokens refill at `rate` a second up to `burst`; each thing let through takes one.
#[derive(Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// Full, refilling at `rate` a second up to `burst`.
    pub fn new(now: Instant, rate: f64, burst: f64) -> Bucket {
        let (rate, burst) = (rate.max(f64::MIN_POSITIVE), burst.max(1.0));
        Bucket {
            tokens: burst,
            at: now,
            rate,
            burst,
        }
    }

    /// Whether one more may go through at `now`.
    pub fn take(&mut self, now: Instant) -> bool {
        self.take_up_to(now, 1) == 1
    }

    /// How many of `n` may go through at `now` (taken).
    pub fn take_up_to(&mut self, now: Instant, n: usize) -> usize {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        let k = (self.tokens.floor().max(0.0) as usize).min(n);
        self.tokens -= k as f64;
        k
    }

    /// How long from the last look until one more token is there.
    pub fn until_one(&self) -> Duration {
        Duration::from_secs_f64(((1.0 - self.tokens).max(0.0) / self.rate).min(3600.0))
    }
}

/// Counts one kind of message in the current second of game time, for the table's limits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Window {
    start: Millis,
    count: u32,
}

/// What a [`Window`] says of one more message.
#[derive(Debug, PartialEq, Eq)]
pub enum Pace {
    Fine,
    /// The first past the limit this second: say so.
    TooFast,
    /// Past the limit again: drop it silently.
    Dropped,
}

impl Window {
    /// Counts one more message at `now`: how many came in the current second, this one too.
    pub fn count(&mut self, now: Millis) -> u32 {
        if now.saturating_sub(self.start) >= 1000 {
            self.start = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        self.count
    }

    /// Counts one more message at `now` against `per_sec` a second.
    pub fn hit(&mut self, now: Millis, per_sec: u32) -> Pace {
        match self.count(now).cmp(&(per_sec + 1)) {
            std::cmp::Ordering::Less => Pace::Fine,
            std::cmp::Ordering::Equal => Pace::TooFast,
            std::cmp::Ordering::Greater => Pace::Dropped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_goes_through_then_the_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(t0, 10.0, 3.0);
        assert_eq!(b.take_up_to(t0, 5), 3);
        assert!(!b.take(t0));
        assert_eq!(b.until_one(), Duration::from_millis(100));
        assert!(b.take(t0 + Duration::from_millis(100)));
        assert!(!b.take(t0 + Duration::from_millis(100)));
    }
}
