//! A guest's keystrokes arrive as the raw bytes its terminal sends (escape sequences for
//! arrows, function keys and clicks, UTF-8 for text). [`KeyParser`] turns them into the
//! crossterm events the TUI takes, with `terminput`'s parser (crossterm keeps its own
//! private). Whatever the bytes, it never panics and never holds more than [`MAX_PENDING`]
//! bytes of an unfinished sequence.

use ratatui::crossterm::event::Event as TermEvent;

/// The longest unfinished escape sequence kept: longer ones are garbage and are dropped.
pub const MAX_PENDING: usize = 64;

/// Turns a guest's input bytes into terminal events, keeping an unfinished sequence across
/// packets.
#[derive(Debug, Default)]
pub struct KeyParser {
    pending: Vec<u8>,
}

impl KeyParser {
    /// Parses `bytes`, appending the events they complete to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<TermEvent>) {
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            let more = i + 1 < bytes.len();
            // A lone ESC is the Esc key only when nothing follows it in the same packet (as
            // crossterm decides): else it starts a sequence.
            if self.pending == [0x1b] && more {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(ev)) => {
                    self.pending.clear();
                    if let Ok(ev) = terminput_crossterm::to_crossterm(ev) {
                        out.push(ev);
                    }
                }
                Ok(None) => {
                    if self.pending.len() >= MAX_PENDING {
                        self.pending.clear();
                    }
                }
                Err(_) => self.pending.clear(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};

    fn keys(bytes: &[&[u8]]) -> Vec<TermEvent> {
        let mut p = KeyParser::default();
        let mut out = Vec::new();
        for b in bytes {
            p.feed(b, &mut out);
        }
        out
    }

    fn code(e: &TermEvent) -> Option<KeyCode> {
        match e {
            TermEvent::Key(k) => Some(k.code),
            _ => None,
        }
    }

    #[test]
    fn letters_enter_arrows_and_esc() {
        let ev = keys(&[b"ab\r\x1b[A\x7f", b"\x1b"]);
        let codes: Vec<_> = ev.iter().filter_map(code).collect();
        assert_eq!(
            codes,
            vec![
                KeyCode::Char('a'),
                KeyCode::Char('b'),
                KeyCode::Enter,
                KeyCode::Up,
                KeyCode::Backspace,
                KeyCode::Esc
            ]
        );
    }

    #[test]
    fn a_sequence_split_across_packets_and_utf8() {
        let ev = keys(&[b"\x1b[", b"B", "é".as_bytes(), b"\x03"]);
        assert_eq!(code(&ev[0]), Some(KeyCode::Down));
        assert_eq!(code(&ev[1]), Some(KeyCode::Char('é')));
        match &ev[2] {
            TermEvent::Key(k) => {
                assert_eq!(k.code, KeyCode::Char('c'));
                assert!(k.modifiers.contains(KeyModifiers::CONTROL));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_sgr_click() {
        let ev = keys(&[b"\x1b[<0;10;5M"]);
        match &ev[0] {
            TermEvent::Mouse(m) => {
                assert!(matches!(m.kind, MouseEventKind::Down(_)));
                assert_eq!((m.column, m.row), (9, 4));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn hostile_bytes_never_panic_and_hold_little() {
        let mut p = KeyParser::default();
        let mut out = Vec::new();
        let mut x: u32 = 12345;
        let mut junk = Vec::new();
        for _ in 0..200_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            junk.push((x >> 16) as u8);
        }
        for chunk in junk.chunks(97) {
            p.feed(chunk, &mut out);
            assert!(p.pending.len() <= MAX_PENDING);
        }
        // An endless unfinished sequence is dropped as it grows.
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 10_000));
        p.feed(&long, &mut out);
        assert!(p.pending.len() <= MAX_PENDING);
        // And the parser still reads keys afterwards.
        let mut p = KeyParser::default();
        let mut out = Vec::new();
        p.feed(&long, &mut out);
        out.clear();
        p.feed(b"\x1bxq", &mut out);
        assert!(
            out.iter().any(|e| code(e) == Some(KeyCode::Char('q'))),
            "{out:?}"
        );
    }
}
