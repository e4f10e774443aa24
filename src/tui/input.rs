//! Keys to intents, and the command line's editor. Pure: no terminal, no clock, so every
//! mapping is unit-tested. The app ([`super::app`]) turns intents into commands.

use super::ruleset::Phase;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A direction on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Left,
    Right,
    Up,
    Down,
}

/// An action from the action bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Roll,
    Road,
    Settle,
    City,
    BuyDev,
    Play,
    Trade,
    Answer,
    Discard,
    End,
}

impl Verb {
    /// Every verb in the order the action bar lists them.
    pub const ALL: [Verb; 10] = [
        Verb::Roll,
        Verb::Road,
        Verb::Settle,
        Verb::City,
        Verb::BuyDev,
        Verb::Play,
        Verb::Trade,
        Verb::Answer,
        Verb::Discard,
        Verb::End,
    ];

    /// The key that chooses it.
    pub fn key(self) -> char {
        match self {
            Verb::Roll => 'r',
            Verb::Road => 'o',
            Verb::Settle => 's',
            Verb::City => 'c',
            Verb::BuyDev => 'b',
            Verb::Play => 'p',
            Verb::Trade => 't',
            Verb::Answer => 'a',
            Verb::Discard => 'd',
            Verb::End => 'e',
        }
    }

    /// Its name in the action bar.
    pub fn label(self) -> &'static str {
        match self {
            Verb::Roll => "Roll the dice",
            Verb::Road => "Road",
            Verb::Settle => "Settlement",
            Verb::City => "City",
            Verb::BuyDev => "Development card",
            Verb::Play => "Play a card…",
            Verb::Trade => "Trade…",
            Verb::Answer => "Answer offers…",
            Verb::Discard => "Discard…",
            Verb::End => "End the turn",
        }
    }

    /// What it costs in the Catan rulesets that build (a road, a settlement, a city, a
    /// development card), outside the free placements of a setup.
    pub fn cost(self) -> Option<crate::rules::resources::ResourceSet> {
        use crate::rules::costs;
        match self {
            Verb::Road => Some(costs::ROAD),
            Verb::Settle => Some(costs::SETTLEMENT),
            Verb::City => Some(costs::CITY),
            Verb::BuyDev => Some(costs::DEV_CARD),
            _ => None,
        }
    }

    /// Why `hand` cannot pay for it ("Road costs 1 lumber 1 brick; you are missing 1
    /// brick."), or `None` when it can or the action costs nothing.
    pub fn short_of(self, hand: &crate::rules::resources::ResourceSet) -> Option<String> {
        let cost = self.cost()?;
        if hand.contains(&cost) {
            return None;
        }
        let mut missing = crate::rules::resources::ResourceSet::EMPTY;
        for (r, n) in cost.iter() {
            missing[r] = n.saturating_sub(hand[r]);
        }
        Some(format!(
            "{} costs {cost}; you are missing {missing}.",
            self.label()
        ))
    }

    /// Its name in the action bar during `phase`: in a special build `e` ends that, not a turn.
    pub fn label_in(self, phase: Phase, short: bool) -> &'static str {
        match (self, phase, short) {
            (Verb::End, Phase::SpecialBuild, false) => "End special build",
            (Verb::End, Phase::SpecialBuild, true) => "End build",
            (_, _, false) => self.label(),
            (_, _, true) => self.short_label(),
        }
    }

    /// Its name where room is short.
    pub fn short_label(self) -> &'static str {
        match self {
            Verb::Roll => "Roll",
            Verb::BuyDev => "Dev card",
            Verb::Play => "Play…",
            Verb::Answer => "Offers…",
            Verb::End => "End turn",
            other => other.label(),
        }
    }

    fn from_key(c: char) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.key() == c)
    }
}

/// What a key asks for on the main screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Move the cursor to the nearest place in a direction.
    Move(Dir),
    /// Scroll the board when it is larger than its pane.
    Pan(Dir),
    /// Jump to the next (or previous) legal place of the chosen action.
    NextTarget,
    PrevTarget,
    /// Do the chosen action at the cursor.
    Confirm,
    /// Drop the chosen action, or the error shown.
    Cancel,
    Verb(Verb),
    /// Open the command line (`:`), or with `say ` already typed (`m`).
    CommandLine,
    Chat,
    Help,
    /// Ask to quit (`q`); Ctrl-C quits at once.
    Quit,
    ForceQuit,
    ToggleNames,
    LogUp,
    /// Show how others join this game and the host's key (`i`).
    JoinInfo,
    /// Scroll the ruleset's own side panel (such as armies) up or down.
    PanelUp,
    PanelDown,
    LogDown,
    LogEnd,
    /// Hot-seat: hand the keyboard to the next person at this terminal.
    SwitchPerson,
    /// Show the results again once the game is over.
    Results,
    /// Ask the host what the hard bot would play now (`y`).
    Hint,
    /// Bring the next (`]`) or previous (`[`) board of a ring into view.
    Board(bool),
}

/// Ctrl-C, whatever the screen.
pub fn is_force_quit(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c' | 'C'))
}

/// The main screen's keys.
pub fn map_key(k: &KeyEvent) -> Option<Intent> {
    if is_force_quit(k) {
        return Some(Intent::ForceQuit);
    }
    let shift = k.modifiers.contains(KeyModifiers::SHIFT);
    Some(match k.code {
        KeyCode::Left if shift => Intent::Pan(Dir::Left),
        KeyCode::Right if shift => Intent::Pan(Dir::Right),
        KeyCode::Up if shift => Intent::Pan(Dir::Up),
        KeyCode::Down if shift => Intent::Pan(Dir::Down),
        KeyCode::Left | KeyCode::Char('h') => Intent::Move(Dir::Left),
        KeyCode::Right | KeyCode::Char('l') => Intent::Move(Dir::Right),
        KeyCode::Up | KeyCode::Char('k') => Intent::Move(Dir::Up),
        KeyCode::Down | KeyCode::Char('j') => Intent::Move(Dir::Down),
        KeyCode::Char('H') => Intent::Pan(Dir::Left),
        KeyCode::Char('L') => Intent::Pan(Dir::Right),
        KeyCode::Char('K') => Intent::Pan(Dir::Up),
        KeyCode::Char('J') => Intent::Pan(Dir::Down),
        KeyCode::Tab => Intent::NextTarget,
        KeyCode::BackTab => Intent::PrevTarget,
        KeyCode::Enter | KeyCode::Char(' ') => Intent::Confirm,
        KeyCode::Esc | KeyCode::Char('x') => Intent::Cancel,
        KeyCode::Char(':') => Intent::CommandLine,
        KeyCode::Char('m') => Intent::Chat,
        KeyCode::Char('?') | KeyCode::F(1) => Intent::Help,
        KeyCode::Char('q') => Intent::Quit,
        KeyCode::Char('n') => Intent::ToggleNames,
        KeyCode::PageUp => Intent::LogUp,
        KeyCode::PageDown => Intent::LogDown,
        KeyCode::End => Intent::LogEnd,
        KeyCode::Char('w') => Intent::SwitchPerson,
        KeyCode::Char('g') => Intent::Results,
        KeyCode::Char('y') => Intent::Hint,
        KeyCode::Char(']') => Intent::Board(true),
        KeyCode::Char('[') => Intent::Board(false),
        KeyCode::Char('i') => Intent::JoinInfo,
        KeyCode::Char('<') => Intent::PanelUp,
        KeyCode::Char('>') => Intent::PanelDown,
        KeyCode::Char(c) => Intent::Verb(Verb::from_key(c)?),
        _ => return None,
    })
}

/// What the command line's editor did with a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineEvent {
    /// Still editing.
    Editing,
    /// Enter: the line to run (not empty).
    Submit(String),
    /// Esc, or Backspace on an empty line.
    Cancel,
}

/// A one-line editor with history (Up/Down) and completion (Tab) from a list of candidates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEditor {
    /// The text, as characters so the cursor moves by characters.
    pub text: Vec<char>,
    /// Cursor position in `text`.
    pub pos: usize,
    /// Lines entered before, oldest first.
    pub history: Vec<String>,
    /// Where Up/Down stand in the history (`None`: the line being typed).
    browse: Option<usize>,
    /// The line being typed when history browsing began.
    draft: Vec<char>,
    /// Candidates of the last completion and which one is shown (`None`: only their shared
    /// start), to cycle with Tab.
    completing: Option<(Vec<String>, Option<usize>)>,
}

/// Most lines kept in the history.
pub const HISTORY_KEEP: usize = 200;

impl LineEditor {
    /// Starts a new line, keeping the history.
    pub fn open(&mut self, prefill: &str) {
        self.text = prefill.chars().collect();
        self.pos = self.text.len();
        self.browse = None;
        self.completing = None;
    }

    pub fn line(&self) -> String {
        self.text.iter().collect()
    }

    /// The candidates of the current completion and the one shown, for the hint line.
    pub fn completions(&self) -> Option<(&[String], Option<usize>)> {
        self.completing.as_ref().map(|(v, i)| (v.as_slice(), *i))
    }

    fn set(&mut self, s: &str) {
        self.text = s.chars().collect();
        self.pos = self.text.len();
    }

    /// Handles a key; `candidates` are the words Tab may complete to.
    pub fn key(&mut self, k: &KeyEvent, candidates: &[String]) -> LineEvent {
        if k.code != KeyCode::Tab && k.code != KeyCode::BackTab {
            self.completing = None;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        match k.code {
            KeyCode::Esc => return LineEvent::Cancel,
            KeyCode::Enter => {
                let line = self.line().trim().to_string();
                if line.is_empty() {
                    return LineEvent::Cancel;
                }
                if self.history.last() != Some(&line) {
                    self.history.push(line.clone());
                    if self.history.len() > HISTORY_KEEP {
                        self.history.remove(0);
                    }
                }
                self.browse = None;
                return LineEvent::Submit(line);
            }
            KeyCode::Backspace => {
                if self.text.is_empty() {
                    return LineEvent::Cancel;
                }
                if self.pos > 0 {
                    self.pos -= 1;
                    self.text.remove(self.pos);
                }
            }
            KeyCode::Delete if self.pos < self.text.len() => {
                self.text.remove(self.pos);
            }
            KeyCode::Left => self.pos = self.pos.saturating_sub(1),
            KeyCode::Right => self.pos = (self.pos + 1).min(self.text.len()),
            KeyCode::Home => self.pos = 0,
            KeyCode::End => self.pos = self.text.len(),
            KeyCode::Char('a') if ctrl => self.pos = 0,
            KeyCode::Char('e') if ctrl => self.pos = self.text.len(),
            KeyCode::Char('u') if ctrl => {
                self.text.drain(..self.pos);
                self.pos = 0;
            }
            KeyCode::Char('w') if ctrl => {
                let mut start = self.pos;
                while start > 0 && self.text[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.text[start - 1] != ' ' {
                    start -= 1;
                }
                self.text.drain(start..self.pos);
                self.pos = start;
            }
            KeyCode::Up => {
                if self.history.is_empty() {
                    return LineEvent::Editing;
                }
                let i = match self.browse {
                    None => {
                        self.draft = self.text.clone();
                        self.history.len() - 1
                    }
                    Some(i) => i.saturating_sub(1),
                };
                self.browse = Some(i);
                let h = self.history[i].clone();
                self.set(&h);
            }
            KeyCode::Down => match self.browse {
                None => {}
                Some(i) if i + 1 < self.history.len() => {
                    self.browse = Some(i + 1);
                    let h = self.history[i + 1].clone();
                    self.set(&h);
                }
                Some(_) => {
                    self.browse = None;
                    self.text = std::mem::take(&mut self.draft);
                    self.pos = self.text.len();
                }
            },
            KeyCode::Tab | KeyCode::BackTab => self.complete(candidates, k.code == KeyCode::Tab),
            KeyCode::Char(c) if !ctrl => {
                self.text.insert(self.pos, c);
                self.pos += 1;
            }
            _ => {}
        }
        LineEvent::Editing
    }

    fn complete(&mut self, candidates: &[String], forward: bool) {
        if let Some((list, shown)) = &mut self.completing {
            let n = list.len();
            let i = match (*shown, forward) {
                (None, true) => 0,
                (None, false) => n - 1,
                (Some(i), true) => (i + 1) % n,
                (Some(i), false) => (i + n - 1) % n,
            };
            *shown = Some(i);
            let s = list[i].clone();
            self.set(&s);
            return;
        }
        let typed = self.line().to_ascii_lowercase();
        let mut hits: Vec<String> = candidates
            .iter()
            .filter(|c| c.to_ascii_lowercase().starts_with(&typed))
            .cloned()
            .collect();
        hits.dedup();
        match hits.len() {
            0 => {}
            1 => {
                let s = hits[0].clone();
                self.set(&s);
            }
            _ => {
                let common = common_prefix(&hits);
                if common.chars().count() > typed.chars().count() {
                    // First extend to what every candidate shares; Tab again cycles.
                    self.set(&common);
                    self.completing = Some((hits, None));
                } else {
                    let s = hits[0].clone();
                    self.set(&s);
                    self.completing = Some((hits, Some(0)));
                }
            }
        }
    }
}

fn common_prefix(v: &[String]) -> String {
    let Some(first) = v.first() else {
        return String::new();
    };
    let mut n = first.len();
    for s in &v[1..] {
        n = n.min(
            first
                .char_indices()
                .zip(s.chars())
                .take_while(|((_, a), b)| a.eq_ignore_ascii_case(b))
                .last()
                .map_or(0, |((i, a), _)| i + a.len_utf8()),
        );
    }
    first[..n].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn in_a_special_build_e_is_labelled_as_ending_it() {
        assert_eq!(
            Verb::End.label_in(Phase::SpecialBuild, false),
            "End special build"
        );
        assert_eq!(Verb::End.label_in(Phase::SpecialBuild, true), "End build");
        assert_eq!(Verb::End.label_in(Phase::Main, false), "End the turn");
        assert_eq!(Verb::Road.label_in(Phase::SpecialBuild, false), "Road");
    }

    #[test]
    fn keys_map_to_intents() {
        assert_eq!(
            map_key(&key(KeyCode::Char('h'))),
            Some(Intent::Move(Dir::Left))
        );
        assert_eq!(map_key(&key(KeyCode::Down)), Some(Intent::Move(Dir::Down)));
        assert_eq!(
            map_key(&KeyEvent::new(KeyCode::Down, KeyModifiers::SHIFT)),
            Some(Intent::Pan(Dir::Down))
        );
        assert_eq!(map_key(&key(KeyCode::Tab)), Some(Intent::NextTarget));
        assert_eq!(map_key(&key(KeyCode::Enter)), Some(Intent::Confirm));
        assert_eq!(
            map_key(&key(KeyCode::Char('r'))),
            Some(Intent::Verb(Verb::Roll))
        );
        assert_eq!(
            map_key(&key(KeyCode::Char('t'))),
            Some(Intent::Verb(Verb::Trade))
        );
        assert_eq!(map_key(&key(KeyCode::Char('q'))), Some(Intent::Quit));
        assert_eq!(
            map_key(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Intent::ForceQuit)
        );
        assert_eq!(map_key(&key(KeyCode::Char('z'))), None);
        // Every verb has its own key, and none collides with a movement key.
        for v in Verb::ALL {
            assert_eq!(map_key(&key(KeyCode::Char(v.key()))), Some(Intent::Verb(v)));
        }
    }

    fn typed(ed: &mut LineEditor, s: &str, cands: &[String]) {
        for c in s.chars() {
            ed.key(&key(KeyCode::Char(c)), cands);
        }
    }

    #[test]
    fn editor_history() {
        let mut ed = LineEditor::default();
        typed(&mut ed, "roll", &[]);
        assert_eq!(
            ed.key(&key(KeyCode::Enter), &[]),
            LineEvent::Submit("roll".into())
        );
        ed.open("");
        typed(&mut ed, "end", &[]);
        ed.key(&key(KeyCode::Enter), &[]);
        ed.open("");
        typed(&mut ed, "dra", &[]);
        ed.key(&key(KeyCode::Up), &[]);
        assert_eq!(ed.line(), "end");
        ed.key(&key(KeyCode::Up), &[]);
        assert_eq!(ed.line(), "roll");
        ed.key(&key(KeyCode::Down), &[]);
        assert_eq!(ed.line(), "end");
        ed.key(&key(KeyCode::Down), &[]);
        assert_eq!(
            ed.line(),
            "dra",
            "down past the newest brings back the draft"
        );
        assert_eq!(ed.key(&key(KeyCode::Esc), &[]), LineEvent::Cancel);
    }

    #[test]
    fn editor_completes_from_the_legal_list() {
        let cands: Vec<String> = ["settle A.nw", "settle B.e", "roll", "road C.n"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut ed = LineEditor::default();
        typed(&mut ed, "ro", &cands);
        ed.key(&key(KeyCode::Tab), &cands);
        // "roll" and "road C.n" share only "ro": Tab shows the first, Tab again the next.
        assert_eq!(ed.line(), "roll");
        ed.key(&key(KeyCode::Tab), &cands);
        assert_eq!(ed.line(), "road C.n");
        ed.open("");
        typed(&mut ed, "se", &cands);
        ed.key(&key(KeyCode::Tab), &cands);
        assert_eq!(ed.line(), "settle ", "extends to the shared prefix first");
        ed.key(&key(KeyCode::Tab), &cands);
        assert_eq!(ed.line(), "settle A.nw");
        ed.key(&key(KeyCode::Tab), &cands);
        assert_eq!(ed.line(), "settle B.e");
        ed.open("");
        typed(&mut ed, "rol", &cands);
        ed.key(&key(KeyCode::Tab), &cands);
        assert_eq!(ed.line(), "roll");
    }

    #[test]
    fn editor_moves_and_deletes() {
        let mut ed = LineEditor::default();
        typed(&mut ed, "say hi there", &[]);
        ed.key(
            &KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL),
            &[],
        );
        assert_eq!(ed.line(), "say hi ");
        ed.key(&key(KeyCode::Home), &[]);
        ed.key(&key(KeyCode::Delete), &[]);
        assert_eq!(ed.line(), "ay hi ");
        ed.key(&key(KeyCode::Char('s')), &[]);
        assert_eq!(ed.line(), "say hi ");
        ed.open("");
        assert_eq!(ed.key(&key(KeyCode::Backspace), &[]), LineEvent::Cancel);
    }
}
