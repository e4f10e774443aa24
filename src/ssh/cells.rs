//! The screen cells all SSH sessions may draw, in all. A session's screen costs the host
//! memory by its size (the drawn buffers and their diff: about 100 bytes a cell, 7.8 MiB at
//! the 400×200 clamp), so the clamp alone would let 1,024 large windows take 8 GiB. Each
//! session is granted its window's size while the budget has room, else the largest of a
//! few smaller sizes that fits, and never less than 80×24: the budget is sized so every
//! session can have that.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The smallest screen a session is drawn at (what every terminal opens at).
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Sessions that may be drawn at the full clamp at once, beyond every session's minimum.
pub const LARGE_SESSIONS: usize = 16;

/// Sizes tried, largest first, when a window does not fit what is left of the budget.
const FALLBACKS: [(u16, u16); 3] = [(200, 60), (120, 40), MIN_SIZE];

fn cells((w, h): (u16, u16)) -> usize {
    w as usize * h as usize
}

/// The cells granted to sessions, and the most there may be.
#[derive(Debug)]
pub struct CellBudget {
    used: AtomicUsize,
    max: usize,
}

impl CellBudget {
    /// A budget for `sessions` sessions: each may have 80×24, and [`LARGE_SESSIONS`] of them
    /// a window at the clamp (`largest`) besides.
    pub fn for_sessions(sessions: usize, largest: (u16, u16)) -> CellBudget {
        CellBudget {
            used: AtomicUsize::new(0),
            max: sessions * cells(MIN_SIZE) + LARGE_SESSIONS * cells(largest),
        }
    }

    /// Cells granted now, and the most there may be.
    pub fn in_use(&self) -> (usize, usize) {
        (self.used.load(Ordering::SeqCst), self.max)
    }

    /// The size to draw a session at that holds `held` cells and whose window is `want`
    /// (already clamped): `want` if the budget has room, else the largest fallback within
    /// `want` that fits, else 80×24 (or `want`, if smaller). `held` becomes the new grant.
    pub fn fit(&self, held: &mut usize, want: (u16, u16)) -> (u16, u16) {
        let smallest = (want.0.min(MIN_SIZE.0), want.1.min(MIN_SIZE.1));
        let mut current = self.used.load(Ordering::SeqCst);
        loop {
            let others = current - *held;
            let room = self.max.saturating_sub(others);
            let size = std::iter::once(want)
                .chain(
                    FALLBACKS
                        .iter()
                        .map(|&(w, h)| (want.0.min(w), want.1.min(h))),
                )
                .find(|&s| cells(s) <= room)
                .unwrap_or(smallest);
            let next = others + cells(size);
            match self
                .used
                .compare_exchange(current, next, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => {
                    *held = cells(size);
                    return size;
                }
                Err(now) => current = now,
            }
        }
    }

    /// Gives back a session's cells.
    pub fn release(&self, held: &mut usize) {
        self.used.fetch_sub(*held, Ordering::SeqCst);
        *held = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const CLAMP: (u16, u16) = (400, 200);

    #[test]
    fn large_windows_get_smaller_screens_once_the_budget_is_spent() {
        let b = CellBudget::for_sessions(20, CLAMP);
        let mut held = vec![0; 20];
        let sizes: Vec<_> = held.iter_mut().map(|h| b.fit(h, CLAMP)).collect();
        assert_eq!(&sizes[..16], &[CLAMP; 16], "sixteen windows at the clamp");
        assert!(
            sizes[16..].iter().all(|&s| cells(s) < cells(CLAMP)),
            "{sizes:?}"
        );
        assert!(
            sizes.iter().all(|&s| cells(s) >= cells(MIN_SIZE)),
            "{sizes:?}"
        );
        let (used, max) = b.in_use();
        assert!(used <= max);
        // A session that leaves gives its cells back; a resize keeps the session's own.
        b.release(&mut held[0]);
        assert_eq!(b.fit(&mut held[19], CLAMP), CLAMP);
        for h in &mut held {
            b.release(h);
        }
        assert_eq!(b.in_use().0, 0);
    }

    proptest! {
        /// Whatever sizes any sessions ask for, in any order, with resizes and leavers, the
        /// cells granted stay within the budget, and each session gets 80×24 or its window.
        #[test]
        fn no_mix_of_windows_exceeds_the_budget(
            asks in proptest::collection::vec((0usize..64, 1u16..=400, 1u16..=200, any::<bool>()), 1..400)
        ) {
            let b = CellBudget::for_sessions(64, CLAMP);
            let mut held = vec![0usize; 64];
            for (s, w, h, leave) in asks {
                if leave {
                    b.release(&mut held[s]);
                } else {
                    let got = b.fit(&mut held[s], (w, h));
                    prop_assert!(got.0 <= w && got.1 <= h);
                    prop_assert!(cells(got) >= cells((w.min(80), h.min(24))));
                }
                let (used, max) = b.in_use();
                prop_assert!(used <= max, "{used} > {max}");
                prop_assert_eq!(used, held.iter().sum::<usize>());
            }
        }
    }
}
