//! Player names as the table accepts them. A name is shown to everyone at the table, so it is
//! made fit to show (Unicode NFKC, nothing invisible, no control characters, plain spaces), and
//! a newcomer whose name only *looks* like a seated player's (a Cyrillic "Аnn", "Ann" with a
//! zero-width space) is refused: the table would otherwise show two Anns. Looking alike is
//! Unicode's own confusable test (UTS 39 skeletons, from `unicode-security`), not a table of
//! our own.

use std::collections::HashMap;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The longest name kept, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A name as typed, made fit to show: compatibility-normalised (NFKC: full-width letters,
/// ligatures and the like become plain ones), without control, format, private-use or
/// unassigned characters and without characters Unicode says are drawn as nothing (zero-width
/// spaces and joiners, soft hyphens, fillers); any run of spaces or separators becomes one
/// space, the ends are trimmed, and at most [`MAX_NAME_CHARS`] characters are kept. Empty when
/// nothing visible is left.
pub fn normalize(raw: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in raw.nfkc() {
        match c.general_category_group() {
            GeneralCategoryGroup::Other => continue,
            GeneralCategoryGroup::Separator => space = true,
            _ if c.is_whitespace() => space = true,
            _ if invisible(c) => continue,
            _ => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
    }
    out.chars().take(MAX_NAME_CHARS).collect::<String>()
}

/// A character drawn as nothing: UTS 39 leaves default-ignorable code points out of a skeleton,
/// so a character whose skeleton is empty is one of them.
fn invisible(c: char) -> bool {
    let mut buf = [0u8; 4];
    unicode_security::skeleton(c.encode_utf8(&mut buf))
        .next()
        .is_none()
}

/// Whether two names are the same name (letter case aside).
pub fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// What a name looks like: its UTS 39 skeleton, and that of its lower case (so "ANN" looks
/// like "Ann" as well as "Аnn" does). Two names look alike when they share a key.
pub fn look_keys(name: &str) -> Vec<String> {
    let sk = |s: &str| unicode_security::skeleton(s).collect::<String>();
    let mut keys = vec![sk(name), sk(&name.to_lowercase())];
    keys.dedup();
    keys.retain(|k| !k.is_empty());
    keys
}

/// The names seated at a table by what they look like, so a newcomer's name is checked
/// against thousands of seats (a hall) without comparing it with each.
#[derive(Debug, Default)]
pub struct LookAlikes {
    /// Each seat's keys, to take them out when the seat changes hands.
    keys: Vec<Vec<String>>,
    /// Key to the seats showing it.
    seats: HashMap<String, Vec<usize>>,
}

impl LookAlikes {
    /// Seat `i` is now shown as `name` (empty: nobody sits there).
    pub fn set(&mut self, i: usize, name: &str) {
        if self.keys.len() <= i {
            self.keys.resize(i + 1, Vec::new());
        }
        for k in std::mem::take(&mut self.keys[i]) {
            if let Some(v) = self.seats.get_mut(&k) {
                v.retain(|&s| s != i);
                if v.is_empty() {
                    self.seats.remove(&k);
                }
            }
        }
        if name.is_empty() {
            return;
        }
        let keys = look_keys(name);
        for k in &keys {
            self.seats.entry(k.clone()).or_default().push(i);
        }
        self.keys[i] = keys;
    }

    /// Every seat whose name looks like `name`: among them any seat whose name is the same
    /// ([`same`]), found without comparing `name` with each seat.
    pub fn seats_like(&self, name: &str) -> Vec<usize> {
        let mut v: Vec<usize> = look_keys(name)
            .iter()
            .filter_map(|k| self.seats.get(k))
            .flatten()
            .copied()
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A seat whose name looks like `name`, if any.
    pub fn seat_like(&self, name: &str) -> Option<usize> {
        look_keys(name)
            .iter()
            .find_map(|k| self.seats.get(k).and_then(|v| v.first().copied()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_for_showing() {
        assert_eq!(normalize("  Ann  "), "Ann");
        assert_eq!(normalize("Ann\u{200B}"), "Ann");
        assert_eq!(normalize("\u{FF21}\u{FF4E}\u{FF4E}"), "Ann");
        assert_eq!(normalize("Bob\t\u{A0}\u{2028} Smith"), "Bob Smith");
        assert_eq!(normalize("\u{202E}evil\u{202C}"), "evil");
        assert_eq!(normalize("\u{3164}\u{200D}\u{7}"), "");
        assert_eq!(normalize("José Ñandú"), "José Ñandú");
        assert_eq!(normalize("Jose\u{301}"), "José");
        assert_eq!(normalize(&"x".repeat(40)).chars().count(), MAX_NAME_CHARS);
    }

    #[test]
    fn the_same_name_in_any_case_is_among_the_seats_like_it() {
        let mut t = LookAlikes::default();
        t.set(0, "Ann");
        t.set(3, "Bob");
        for same_name in ["Ann", "ANN", "ann"] {
            assert!(t.seats_like(same_name).contains(&0), "{same_name}");
            assert!(same("Ann", same_name));
        }
        assert!(!t.seats_like("Ann").contains(&3));
        t.set(0, "");
        assert!(t.seats_like("Ann").is_empty(), "a seat left is forgotten");
    }

    #[test]
    fn confusable_names_look_alike_and_different_names_do_not() {
        let mut t = LookAlikes::default();
        t.set(0, "Ann");
        t.set(2, "Bot 3");
        for like in ["\u{410}nn", "ANN", "ann", "Ann"] {
            assert_eq!(t.seat_like(like), Some(0), "{like}");
        }
        assert_eq!(t.seat_like("Anna"), None);
        assert_eq!(t.seat_like("Bob"), None);
        assert_eq!(t.seat_like("B\u{43E}t 3"), Some(2));
        t.set(0, "");
        assert_eq!(t.seat_like("Ann"), None);
        t.set(2, "Carol");
        assert_eq!(t.seat_like("Bot 3"), None);
        assert_eq!(t.seat_like("Caro1"), Some(2));
    }

    #[test]
    fn same_ignores_case_only() {
        assert!(same("Ann", "aNN"));
        assert!(!same("Ann", "\u{410}nn"));
    }
}
