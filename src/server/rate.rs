//! The host's rate limit, one type for every use: a token bucket ([`Bucket`]) for the frames a
//! TCP connection sends, the keys and bytes an SSH guest types, and a connection's commands,
//! chat lines and lobby changes at the table. Time is passed in, in milliseconds
//! ([`Millis`]): the table's game time, or [`millis`] of a wall-clock instant.

use crate::engine::Millis;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Tokens refill at `rate` a second up to `burst`; each thing let through takes one. A new
/// bucket is full.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    /// When the tokens were last counted (`None`: never; full).
    at: Option<Millis>,
    rate: f64,
    burst: f64,
    /// Refused since the last one let through.
    refused: u32,
}

/// What a [`Bucket`] says of one more message ([`Bucket::hit`]).
#[derive(Debug, PartialEq, Eq)]
pub enum Pace {
    Fine,
    /// The first refused since one went through: say so.
    TooFast,
    /// Refused again: drop it silently.
    Dropped,
}

/// Milliseconds of a wall-clock instant, from a fixed point of this process: how the
/// connection loops, which read the wall clock, pass time to a [`Bucket`].
pub fn millis(now: Instant) -> Millis {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(Instant::now);
    now.saturating_duration_since(origin).as_millis() as Millis
}

impl Bucket {
    /// Full, refilling at `rate` a second up to `burst`.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        let (rate, burst) = (rate.max(f64::MIN_POSITIVE), burst.max(1.0));
        Bucket {
            tokens: burst,
            at: None,
            rate,
            burst,
            refused: 0,
        }
    }

    /// `per_sec` a second, as many at once.
    pub fn per_sec(per_sec: u32) -> Bucket {
        Bucket::new(f64::from(per_sec), f64::from(per_sec))
    }

    fn refill(&mut self, now: Millis) {
        if let Some(at) = self.at {
            let dt = now.saturating_sub(at) as f64 / 1000.0;
            self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        }
        self.at = Some(self.at.map_or(now, |at| at.max(now)));
    }

    /// Whether one more may go through at `now`.
    pub fn take(&mut self, now: Millis) -> bool {
        self.take_up_to(now, 1) == 1
    }

    /// How many of `n` may go through at `now` (taken).
    pub fn take_up_to(&mut self, now: Millis, n: usize) -> usize {
        self.refill(now);
        let k = (self.tokens.floor().max(0.0) as usize).min(n);
        self.tokens -= k as f64;
        if k > 0 {
            self.refused = 0;
        }
        if k < n {
            self.refused = self.refused.saturating_add((n - k) as u32);
        }
        k
    }

    /// One more message at `now`: through, or refused (told the first time in a row).
    pub fn hit(&mut self, now: Millis) -> Pace {
        if self.take(now) {
            Pace::Fine
        } else if self.refused == 1 {
            Pace::TooFast
        } else {
            Pace::Dropped
        }
    }

    /// How many were refused since the last one let through.
    pub fn refused(&self) -> u32 {
        self.refused
    }

    /// How long from the last look until one more token is there.
    pub fn until_one(&self) -> Duration {
        Duration::from_secs_f64(((1.0 - self.tokens).max(0.0) / self.rate).min(3600.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_goes_through_then_the_rate() {
        let mut b = Bucket::new(10.0, 3.0);
        assert_eq!(b.take_up_to(0, 5), 3);
        assert!(!b.take(0));
        assert_eq!(b.until_one(), Duration::from_millis(100));
        assert!(b.take(100));
        assert!(!b.take(100));
    }

    #[test]
    fn the_first_refusal_in_a_row_is_told_and_the_rest_dropped() {
        let mut b = Bucket::per_sec(2);
        assert_eq!(b.hit(5_000), Pace::Fine);
        assert_eq!(b.hit(5_000), Pace::Fine);
        assert_eq!(b.hit(5_000), Pace::TooFast);
        assert_eq!(b.hit(5_000), Pace::Dropped);
        assert_eq!(b.refused(), 2);
        // A second later the bucket is full again.
        assert_eq!(b.hit(6_000), Pace::Fine);
        assert_eq!(b.refused(), 0);
        assert_eq!(b.hit(6_000), Pace::Fine);
        assert_eq!(b.hit(6_000), Pace::TooFast);
    }
}
