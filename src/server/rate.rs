//! One token bucket for every rate the host limits from outside the table: frames a TCP
//! connection sends, and the keys and bytes an SSH guest types. Time is passed in.

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
