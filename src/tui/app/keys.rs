//! Keys to intents: the game keys, dialogs, the lobby and the command line.

use super::*;

impl App {
    /// A key.
    pub fn on_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if is_force_quit(&k) {
            return vec![Effect::Quit];
        }
        if self.confirm_quit {
            match k.code {
                KeyCode::Char('y' | 'Y') => return vec![Effect::Quit],
                KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc | KeyCode::Enter => {
                    self.confirm_quit = false
                }
                _ => {}
            }
            return Vec::new();
        }
        if self.pass_to {
            match k.code {
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.pass_to = false;
                    self.refresh();
                }
                KeyCode::Char('q') => self.confirm_quit = true,
                _ => {}
            }
            return Vec::new();
        }
        if self.join_info {
            if matches!(
                k.code,
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('i' | 'q' | ' ')
            ) {
                self.join_info = false;
            }
            return Vec::new();
        }
        if let Some(scroll) = self.help {
            let (max, page) = crate::tui::screens::help_scroll(self, self.size);
            let scroll = scroll.min(max);
            self.help = match k.code {
                KeyCode::Esc | KeyCode::Char('?' | 'q') | KeyCode::F(1) | KeyCode::Enter => None,
                KeyCode::Down | KeyCode::Char('j') => Some(scroll.saturating_add(1)),
                KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(scroll.saturating_add(page)),
                KeyCode::PageUp => Some(scroll.saturating_sub(page)),
                KeyCode::Home => Some(0),
                KeyCode::End => Some(max),
                _ => Some(scroll),
            }
            .map(|s| s.min(max));
            return Vec::new();
        }
        if self.editing {
            let cands = self.completions();
            return match self.editor.key(&k, &cands) {
                LineEvent::Editing => Vec::new(),
                LineEvent::Cancel => {
                    self.editing = false;
                    Vec::new()
                }
                LineEvent::Submit(line) => {
                    self.editing = false;
                    self.run_line(&line)
                }
            };
        }
        if let Some(d) = &mut self.dialog {
            let out = d.key(&k);
            return self.dialog_outcome(out);
        }
        if self.results {
            match k.code {
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('g') => self.results = false,
                KeyCode::Tab | KeyCode::BackTab => {
                    self.review_page = !self.review_page;
                    self.results_scroll = 0;
                }
                KeyCode::Char('q') => self.confirm_quit = true,
                KeyCode::Down | KeyCode::Char('j') => {
                    self.results_scroll = self.results_scroll.saturating_add(1)
                }
                KeyCode::Up | KeyCode::Char('k') => {
                    self.results_scroll = self.results_scroll.saturating_sub(1)
                }
                KeyCode::PageDown | KeyCode::Char(' ') => {
                    self.results_scroll = self.results_scroll.saturating_add(10)
                }
                KeyCode::PageUp => self.results_scroll = self.results_scroll.saturating_sub(10),
                KeyCode::Char('?') => self.help = Some(0),
                _ => {}
            }
            return Vec::new();
        }
        if self.st().update.is_none() {
            if k.code == KeyCode::Char('i') && self.has_join_info() {
                self.join_info = true;
                return Vec::new();
            }
            return self.lobby_key(k);
        }
        if let Some(fx) = self.own_key(&k) {
            return fx;
        }
        match map_key(&k) {
            Some(i) => self.intent(i),
            None => Vec::new(),
        }
    }

    /// A key of the ruleset's own ([`crate::tui::ruleset::OwnKey`]) while one of its
    /// commands is legal: the command, or the choice among several. `None`: not such a key
    /// now, so it does what it does in every game.
    fn own_key(&mut self, k: &KeyEvent) -> Option<Vec<Effect>> {
        let KeyCode::Char(c) = k.code else {
            return None;
        };
        if k.modifiers.intersects(
            ratatui::crossterm::event::KeyModifiers::CONTROL
                | ratatui::crossterm::event::KeyModifiers::ALT,
        ) {
            return None;
        }
        let own = *self.ruleset()?.own_keys().iter().find(|o| o.key == c)?;
        // In the order the key lists its commands (Adaptations' `e` offers "done" before the
        // discards that also end a part), each command's moves as the host listed them, with
        // the hexes each involves (a placement on two hexes is found from either).
        let mut all: Vec<(usize, Vec<HexId>, String)> = self
            .st()
            .legal_moves()
            .filter_map(|(m, text)| match m {
                Move::Own { verb, at } => own
                    .verbs
                    .iter()
                    .position(|v| *v == verb.as_str())
                    .map(|i| (i, self.own_hexes(*at, text), text.clone())),
                _ => None,
            })
            .collect();
        all.sort_by_key(|(i, _, _)| *i);
        let all: Vec<(Vec<HexId>, String)> =
            all.into_iter().map(|(_, at, text)| (at, text)).collect();
        if all.is_empty() {
            // A key only this ruleset binds, or one whose shared action this ruleset has no
            // words for and cannot take either, says why it does nothing now in the ruleset's
            // terms (not as a settlement where the game has none).
            let shared_says = match map_key(k) {
                None => false,
                Some(Intent::Verb(v)) => {
                    self.watching()
                        || self.verb_enabled(v)
                        || self
                            .ruleset()
                            .is_some_and(|r| r.why_not(&self.ctx(), v).is_some())
                }
                Some(_) => true,
            };
            if shared_says {
                return None;
            }
            let now = self
                .ruleset()
                .map(|r| r.prompt(&self.ctx()).0)
                .unwrap_or_default();
            let said = match self
                .ruleset()
                .and_then(|r| r.own_why_not(&self.ctx(), own.key))
            {
                Some(why) => why,
                None => format!("Not possible now ({}). {now}", own.what),
            };
            self.info(said.trim_end().to_string());
            return Some(Vec::new());
        }
        // Commands that act on a hex are offered for the hex under the cursor.
        let on_hexes: Vec<HexId> = all.iter().flat_map(|(at, _)| at.iter().copied()).collect();
        let here = match self.cursor {
            Some(Target::Hex(h)) => Some(h),
            _ => None,
        };
        let items: Vec<(String, String)> = match here {
            Some(h) if on_hexes.contains(&h) => all
                .into_iter()
                .filter(|(at, _)| at.contains(&h))
                .map(|(_, t)| {
                    let shown = match (self.map(), self.ruleset()) {
                        (Some(m), Some(r)) => r.own_item(&r.offered_from(m, h, &t)),
                        _ => t.clone(),
                    };
                    (shown, t)
                })
                .collect(),
            _ if all.iter().all(|(at, _)| !at.is_empty()) && all.len() > 1 => {
                let name = |h: HexId| match (self.map(), self.ruleset()) {
                    (Some(m), Some(r)) => r.hex_name(m, h),
                    _ => "?".into(),
                };
                let mut hexes: Vec<String> = Vec::new();
                for h in on_hexes {
                    let n = name(h);
                    if !hexes.contains(&n) {
                        hexes.push(n);
                    }
                }
                let shown = hexes.iter().take(8).cloned().collect::<Vec<_>>().join(" ");
                let more = hexes.len().saturating_sub(8);
                let more = if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                };
                // The cursor goes to the first such hex; the key again offers its choices.
                if let Some(first) = all.iter().find_map(|(at, _)| at.first().copied()) {
                    self.cursor = Some(Target::Hex(first));
                    self.rebuild();
                    self.follow_cursor();
                }
                self.info(format!(
                    "{}: possible at {shown}{more}. The cursor is on {}: {c} again for its choices, or arrows to another.",
                    cap(own.what.to_string()),
                    hexes.first().cloned().unwrap_or_default()
                ));
                return Some(Vec::new());
            }
            _ => all
                .into_iter()
                .map(|(_, t)| {
                    let shown = self.ruleset().map_or(t.clone(), |r| r.own_item(&t));
                    (shown, t)
                })
                .collect(),
        };
        // One command is sent at once when it says no more than the key (`ready`) or acts on
        // the hex under the cursor; one that chooses for the player (which units move where,
        // which adaptation to buy) is shown first, as the list of one it is.
        let pointed = here.is_some_and(|h| on_hexes.contains(&h));
        match items.as_slice() {
            [] => None,
            [(_, cmd)] if pointed || own.verbs.contains(&cmd.as_str()) => {
                let cmd = cmd.clone();
                Some(self.command(&cmd))
            }
            _ => {
                let prompt = if items.len() == 1 {
                    "The only one possible now: Enter sends it, Esc goes back."
                } else {
                    "Choose one (the command it sends):"
                };
                self.dialog = Some(Dialog::List(ListDialog {
                    title: format!(" {} ", cap(own.what.to_string())),
                    prompt: prompt.into(),
                    items,
                    row: 0,
                    typed: String::new(),
                }));
                Some(Vec::new())
            }
        }
    }

    pub(super) fn dialog_outcome(&mut self, out: Outcome) -> Vec<Effect> {
        match out {
            Outcome::Stay => Vec::new(),
            Outcome::Close => {
                if matches!(&self.dialog, Some(Dialog::Pick(p)) if p.kind == crate::tui::dialogs::PickKind::Discard)
                {
                    self.discard_dismissed = true;
                    self.info("The discard waits for you: press d to choose your cards.");
                }
                self.dialog = None;
                Vec::new()
            }
            Outcome::Send(cmd) => {
                // While the connection is down nothing is sent: the dialog stays open with
                // what was composed in it, to send once the host is back.
                if !self.st().reconnecting {
                    self.dialog = None;
                }
                self.command(&cmd)
            }
            Outcome::Open(d) => {
                self.dialog = Some(*d);
                Vec::new()
            }
        }
    }

    /// Keys before the game starts.
    pub(super) fn lobby_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        let lobby = self.st().lobby.clone();
        let me = self.me();
        match k.code {
            KeyCode::Char('q') => self.confirm_quit = true,
            KeyCode::Char('?') => self.help = Some(0),
            KeyCode::Char(':') => self.open_editor(""),
            KeyCode::Char('m') => self.open_editor("say "),
            // At the hot-seat setup screen the people are all here: Enter starts.
            KeyCode::Enter if self.opts.local && lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::Start);
            }
            KeyCode::Char('k') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                self.open_editor("kick ")
            }
            KeyCode::Char('l') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                self.open_editor("level ")
            }
            KeyCode::Char('r') | KeyCode::Enter => {
                if let (Some(l), Some(me)) = (&lobby, me) {
                    let ready = l
                        .seats
                        .get(me as usize)
                        .and_then(|s| s.as_ref())
                        .is_some_and(|s| s.ready);
                    return self.send(ClientMsg::Ready(!ready));
                }
            }
            KeyCode::Char('s') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::Start);
            }
            KeyCode::Char('+') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::AddBot);
            }
            KeyCode::Char('-') if lobby.as_ref().is_some_and(|l| l.is_host) => {
                return self.send(ClientMsg::RemoveBot);
            }
            KeyCode::Char('c') => {
                if let Some(c) = lobby.as_ref().and_then(|l| l.free_colors.first()) {
                    return self.send(ClientMsg::Color(c.clone()));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    pub(super) fn open_editor(&mut self, prefill: &str) {
        self.editor.open(prefill);
        self.editing = true;
    }

    /// What Tab completes to on the command line.
    pub fn completions(&self) -> Vec<String> {
        let mut v: Vec<String> = self.st().legal().to_vec();
        for w in LOCAL_WORDS {
            v.push(w.to_string());
        }
        v
    }

    /// A line from the command line: a client word or a game command.
    pub fn run_line(&mut self, line: &str) -> Vec<Effect> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "say" | "chat" => {
                if rest.is_empty() {
                    return Vec::new();
                }
                self.send(ClientMsg::Chat {
                    text: rest.to_string(),
                })
            }
            "help" | "?" => {
                self.help = Some(0);
                Vec::new()
            }
            "quit" | "exit" | "q" => {
                self.confirm_quit = true;
                Vec::new()
            }
            "names" => {
                self.names = !self.names;
                self.rebuild();
                Vec::new()
            }
            "legal" => {
                let n = self.st().legal().len();
                let sample: Vec<&str> = self
                    .st()
                    .legal()
                    .iter()
                    .take(8)
                    .map(|s| s.as_str())
                    .collect();
                self.info(format!(
                    "{n} legal command(s){}{}",
                    if n > 0 { ": " } else { "" },
                    sample.join(", ") + if n > 8 { ", …" } else { "" }
                ));
                Vec::new()
            }
            // Lobby words until the game runs; then game commands (a vote to end a phase).
            "ready" if self.st().update.is_none() => self.send(ClientMsg::Ready(true)),
            "unready" if self.st().update.is_none() => self.send(ClientMsg::Ready(false)),
            "start" => self.send(ClientMsg::Start),
            "addbot" => self.send(ClientMsg::AddBot),
            "removebot" => self.send(ClientMsg::RemoveBot),
            "kick" => match rest.parse::<crate::engine::Seat>() {
                Ok(n) if n >= 1 => self.send(ClientMsg::Kick(n - 1)),
                _ => {
                    self.info("Kick which seat? For example `kick 3`.");
                    Vec::new()
                }
            },
            "level" => match rest.parse::<crate::engine::Seat>() {
                Ok(n) if n >= 1 => self.send(ClientMsg::BotLevel(n - 1)),
                _ => {
                    self.info(
                        "Which bot seat's level? For example `level 3` (easy → medium → hard).",
                    );
                    Vec::new()
                }
            },
            "color" | "colour" => self.send(ClientMsg::Color(rest.to_string())),
            _ => self.command(line),
        }
    }

    pub(super) fn intent(&mut self, i: Intent) -> Vec<Effect> {
        if !matches!(i, Intent::Confirm) {
            self.clicked = None;
        }
        // A message stays until the next key; the key may put up its own.
        self.flash = None;
        match i {
            Intent::ForceQuit => return vec![Effect::Quit],
            Intent::Quit => self.confirm_quit = true,
            Intent::Help => self.help = Some(0),
            Intent::JoinInfo => {
                if self.has_join_info() {
                    self.join_info = true;
                } else {
                    self.info("This terminal plays a local game: nobody joins it.");
                }
            }
            Intent::CommandLine => self.open_editor(""),
            Intent::Chat => self.open_editor("say "),
            Intent::ToggleNames => {
                self.names = !self.names;
                self.rebuild();
            }
            Intent::Board(forward) => self.jump_board(forward),
            Intent::LogUp => self.scroll_log(self.log_scroll + self.log_page()),
            Intent::LogDown => self.scroll_log(self.log_scroll.saturating_sub(self.log_page())),
            Intent::LogEnd => self.scroll_log(0),
            Intent::PanelUp => self.panel_scroll = self.panel_scroll.saturating_sub(3),
            Intent::PanelDown => self.panel_scroll = self.panel_scroll.saturating_add(3),
            Intent::Results => {
                if self.phase() == Some(Phase::Over) || self.st().summary.is_some() {
                    self.results = true;
                } else {
                    self.info("The results show when the game is over.");
                }
            }
            Intent::Hint => {
                self.flash = Some(Flash {
                    text: "Asking what the hard bot would play here…".into(),
                    kind: FlashKind::Info,
                });
                return self.send(ClientMsg::Hint);
            }
            Intent::SwitchPerson => {
                if self.hotseat() {
                    let next = (self.active + 1) % self.sessions.len();
                    self.switch_to(next);
                } else {
                    self.info("Only one person plays at this terminal.");
                }
            }
            Intent::Cancel => {
                self.action = None;
                self.flash = None;
                self.rebuild();
            }
            Intent::Move(d) => self.move_cursor(d),
            Intent::Pan(d) => self.pan_board(d),
            Intent::NextTarget => self.tab(true),
            Intent::PrevTarget => self.tab(false),
            Intent::Confirm => return self.confirm(),
            Intent::Verb(v) => return self.verb(v),
        }
        Vec::new()
    }
}
