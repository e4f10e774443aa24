//! The board cursor: moving it, panning the board, Tab between places worth a look,
//! choosing the board action under it and confirming it by key or click.

use super::*;

impl App {
    /// The ring board (0-based) the cursor is on, on a map of several boards.
    pub fn board_in_view_index(&self) -> Option<usize> {
        let map = self.map()?;
        if map.boards().len() < 2 {
            return None;
        }
        match self.cursor? {
            Target::Hex(h) => Some(map.board_of_hex(h)),
            Target::Corner(c) => map.board_of_corner(c),
            Target::Edge(e) => map
                .topology
                .edge_hexes(e)
                .iter()
                .flatten()
                .next()
                .map(|h| map.board_of_hex(*h)),
        }
    }

    /// The board in view, numbered from 1 (a ring of several boards).
    pub fn board_in_view(&self) -> Option<usize> {
        self.board_in_view_index().map(|b| b + 1)
    }

    /// The land hex nearest the middle of one board of the ring.
    pub(super) fn board_center(&self, board: usize) -> Option<Target> {
        let map = self.map()?;
        let spots: Vec<(Target, (usize, usize))> = map
            .land_hexes()
            .filter(|h| map.board_of_hex(*h) == board)
            .filter_map(|h| {
                let t = Target::Hex(h);
                self.pic.positions.get(&t).map(|p| (t, *p))
            })
            .collect();
        let n = spots.len().max(1);
        let cx = spots.iter().map(|(_, p)| p.0).sum::<usize>() / n;
        let cy = spots.iter().map(|(_, p)| p.1).sum::<usize>() / n;
        spots
            .into_iter()
            .min_by_key(|(_, (x, y))| x.abs_diff(cx) + 2 * y.abs_diff(cy))
            .map(|(t, _)| t)
    }

    /// Moves the cursor (and the view) to the middle of the next or previous board of a ring.
    pub(super) fn jump_board(&mut self, forward: bool) {
        let Some(k) = self.map().map(|m| m.boards().len()).filter(|k| *k > 1) else {
            self.info("Only one board: [ and ] switch boards in a game of several.");
            return;
        };
        let own = self.me().map(|s| s as usize / 2).unwrap_or(0);
        let cur = self.board_in_view_index().unwrap_or(own);
        let next = if forward {
            (cur + 1) % k
        } else {
            (cur + k - 1) % k
        };
        if let Some(t) = self.board_center(next) {
            self.set_cursor(t);
        }
    }

    /// The land hex nearest the middle of the picture.
    pub(super) fn center_target(&self) -> Option<Target> {
        let map = self.map()?;
        let (cx, cy) = (self.pic.width() / 2, self.pic.height() / 2);
        map.land_hexes()
            .filter_map(|h| {
                let t = Target::Hex(h);
                self.pic
                    .positions
                    .get(&t)
                    .map(|(x, y)| (x.abs_diff(cx) + 2 * y.abs_diff(cy), t))
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, t)| t)
    }

    pub(super) fn cursor_pos(&self) -> Option<(usize, usize)> {
        self.cursor
            .and_then(|t| self.pic.positions.get(&t).copied())
    }

    pub(super) fn set_cursor(&mut self, t: Target) {
        self.cursor = Some(t);
        self.rebuild();
        self.follow_cursor();
    }

    /// Pans so the cursor stays in view.
    pub(super) fn follow_cursor(&mut self) {
        let (Some(pos), Some(area)) = (self.cursor_pos(), self.board_area()) else {
            return;
        };
        self.pan = board::follow(
            self.pan,
            pos,
            (self.pic.width() as u16, self.pic.height() as u16),
            (area.width, area.height),
        );
    }

    /// Places the cursor may move to: those the chosen action fits, on or by the land.
    pub(super) fn nav_candidates(&self) -> Vec<(Target, (usize, usize))> {
        let Some(map) = self.map() else {
            return Vec::new();
        };
        let action = self.effective_action();
        self.pic
            .positions
            .iter()
            .filter(|(t, _)| action.is_none_or(|a| a.fits(**t)))
            .filter(|(t, _)| match self.hexes_only() {
                // Every hex, the sea's too (Adaptations drifts sea tiles).
                true => matches!(t, Target::Hex(_)),
                false => board::playable(map, **t),
            })
            .map(|(t, p)| (*t, *p))
            .collect()
    }

    /// The hexes a ruleset's own command involves ([`crate::tui::ruleset::RulesetUi::own_hexes`]).
    pub(super) fn own_hexes(&self, at: Option<HexId>, text: &str) -> Vec<HexId> {
        match (self.map(), self.ruleset()) {
            (Some(m), Some(r)) => r.own_hexes(m, at, text),
            _ => at.into_iter().collect(),
        }
    }

    /// Whether the cursor stops on hexes alone: the ruleset's pieces all stand on hexes.
    fn hexes_only(&self) -> bool {
        self.ruleset().is_some_and(|r| !r.corners_and_edges())
    }

    /// The place at a picture position the cursor may stop on: in a ruleset played on hexes
    /// alone, the hex around a corner's or an edge's mark.
    fn spot_at(&self, x: usize, y: usize) -> Option<Target> {
        let t = self.pic.target_at(x, y)?;
        if matches!(t, Target::Hex(_)) || !self.hexes_only() {
            return Some(t);
        }
        self.pic.hex_at.get(&(x, y)).map(|h| Target::Hex(*h))
    }

    /// The places Tab cycles through: the chosen action's, or every place something can be
    /// built now; in a game of its own keys, every hex a legal command of its own involves.
    pub(super) fn tab_targets(&self) -> Vec<Target> {
        match self.effective_action() {
            Some(a) => self.legal.targets(a),
            None => {
                let mut v: Vec<Target> = self
                    .legal
                    .board_actions()
                    .into_iter()
                    .flat_map(|a| self.legal.targets(a))
                    .collect();
                for (m, text) in self.st().legal_moves() {
                    if let Move::Own { at, .. } = m {
                        for h in self.own_hexes(*at, text) {
                            if !v.contains(&Target::Hex(h)) {
                                v.push(Target::Hex(h));
                            }
                        }
                    }
                }
                v
            }
        }
    }

    // ---- handlers --------------------------------------------------------------------------
}

impl App {
    pub(super) fn move_cursor(&mut self, d: Dir) {
        if let Some(t) = self.hex_step(d) {
            self.set_cursor(t);
            return;
        }
        let from = self
            .cursor_pos()
            .unwrap_or((self.pic.width() / 2, self.pic.height() / 2));
        let cands = self.nav_candidates();
        if let Some(t) = board::step(from, d, cands.into_iter()) {
            self.set_cursor(t);
        }
    }

    /// In a ruleset played on hexes alone, the neighbouring hex an arrow steps to from the
    /// hex under the cursor: the neighbour straight that way, or of the two that lie that
    /// way (up-right and down-right on flat-topped hexes), the one that zigzags along the
    /// row, down from an upper hex and up from a lower one, so the arrow and its opposite
    /// return. `None`: no neighbour that way (the shared step then looks further).
    fn hex_step(&self, d: Dir) -> Option<Target> {
        let (Some(Target::Hex(h)), true) = (self.cursor, self.hexes_only()) else {
            return None;
        };
        let map = self.map()?;
        let (fx, fy) = self.cursor_pos()?;
        let (fx, fy) = (fx as i64, fy as i64);
        let mut ways: Vec<(i64, i64, i64, Target)> = map
            .topology
            .hex(h)
            .neighbors()
            .into_iter()
            .filter_map(|n| map.topology.hex_id(n))
            .filter_map(|n| {
                let t = Target::Hex(n);
                let (x, y) = *self.pic.positions.get(&t)?;
                let (dx, dy) = (x as i64 - fx, y as i64 - fy);
                let (along, across) = match d {
                    Dir::Right => (dx, dy),
                    Dir::Left => (-dx, dy),
                    Dir::Down => (dy, dx),
                    Dir::Up => (-dy, dx),
                };
                (along > 0).then_some((across.abs(), across, along, t))
            })
            .collect();
        ways.sort_by_key(|w| (w.0, w.1));
        let straightest = ways.first()?.0;
        ways.retain(|w| w.0 == straightest);
        if ways.len() < 2 || straightest == 0 {
            return ways.first().map(|w| w.3);
        }
        // Two ways equally aslant: the row's zigzag by where the cursor stands across.
        let at = match d {
            Dir::Left | Dir::Right => fy,
            Dir::Up | Dir::Down => fx,
        };
        let upper = (at / straightest) % 2 == 0;
        let pick = if upper { ways.last() } else { ways.first() };
        pick.map(|w| w.3)
    }

    pub(super) fn pan_board(&mut self, d: Dir) {
        let Some(area) = self.board_area() else {
            return;
        };
        let vp = self.viewport(area);
        let (mut x, mut y) = vp.offset;
        match d {
            Dir::Left => x = x.saturating_sub(4),
            Dir::Right => x += 4,
            Dir::Up => y = y.saturating_sub(2),
            Dir::Down => y += 2,
        }
        self.pan = (x, y);
        let vp = self.viewport(area);
        self.pan = vp.offset;
    }

    pub(super) fn tab(&mut self, forward: bool) {
        let targets = self.tab_targets();
        if targets.is_empty() {
            let own_keys = self
                .ruleset()
                .is_some_and(|r| r.keys() == crate::tui::ruleset::Keys::CommandLine);
            self.info(if own_keys && self.my_turn() {
                "No hex has a move for you now: ? lists the keys."
            } else if self.my_turn() {
                "Nothing to place on the board now: the action bar lists what you can do."
            } else {
                "Nothing to place on the board: it is not your turn."
            });
            return;
        }
        let ordered = board::reading_order(&self.pic, &targets);
        if let Some(t) = board::cycle(&ordered, self.cursor_pos(), forward) {
            self.set_cursor(t);
            self.flash = None;
        }
    }

    /// The action Enter takes at a target when none is chosen: what the legal list allows
    /// there, or else what the target suggests (the engine then says why not).
    pub(super) fn action_at(&self, t: Target) -> Option<BoardAction> {
        if let Some(a) = self.effective_action() {
            return Some(a);
        }
        match t {
            Target::Corner(c) => {
                if self.legal.city.iter().any(|(x, _)| *x == c) {
                    Some(BoardAction::City)
                } else if self.legal.settle.iter().any(|(x, _)| *x == c) {
                    Some(BoardAction::Settle)
                } else {
                    let mine = self.me().is_some_and(|me| {
                        self.ruleset()
                            .is_some_and(|r| r.building_owner(c) == Some(me))
                    });
                    Some(if mine {
                        BoardAction::City
                    } else {
                        BoardAction::Settle
                    })
                }
            }
            Target::Edge(e) => Some(
                if self.legal.ship.iter().any(|(x, _)| *x == e)
                    && !self.legal.road.iter().any(|(x, _)| *x == e)
                {
                    BoardAction::Ship
                } else {
                    BoardAction::Road
                },
            ),
            Target::Hex(_) => (!self.legal.robber.is_empty()).then_some(BoardAction::Robber),
        }
    }

    /// The name of a target in the command language.
    pub fn target_name(&self, t: Target) -> String {
        let Some(map) = self.map() else {
            return String::new();
        };
        match t {
            Target::Corner(c) => map.corner_name(c),
            Target::Edge(e) => map.edge_name(e),
            Target::Hex(h) => map.hex_name(h).to_string(),
        }
    }

    pub(super) fn confirm(&mut self) -> Vec<Effect> {
        let Some(t) = self.cursor else {
            self.info("Move the cursor onto the board first (arrow keys, or Tab).");
            return Vec::new();
        };
        if self.watching() {
            self.warn("You are watching: spectators cannot play.");
            return Vec::new();
        }
        let Some(a) = self.action_at(t) else {
            self.info(format!(
                "Nothing to do at {}: choose an action first (o road, s settlement, c city).",
                self.target_name(t)
            ));
            return Vec::new();
        };
        if !a.fits(t) {
            self.info(format!(
                "{} goes on {}: move the cursor there, or press Tab.",
                cap(a.what().to_string()),
                match a {
                    BoardAction::Settle | BoardAction::City | BoardAction::Collect => "a corner",
                    BoardAction::Road | BoardAction::Ship => "an edge",
                    BoardAction::Robber | BoardAction::Place => "a hex",
                }
            ));
            return Vec::new();
        }
        if let (BoardAction::Robber, Target::Hex(h)) = (a, t) {
            let moves = self.legal.robber_moves(h);
            if moves.len() > 1 {
                let people = self.people();
                let cards = |s: Seat| self.ruleset().map_or(0, |r| r.cards_held(s));
                let items = moves
                    .iter()
                    .filter_map(|m| {
                        let s = m.steal?;
                        Some((
                            format!(
                                "{} {} ({})",
                                people.letters.get(s as usize).copied().unwrap_or('?'),
                                people.name(s),
                                crate::rules::words::count(cards(s), "card")
                            ),
                            m.text.clone(),
                        ))
                    })
                    .collect();
                self.dialog = Some(Dialog::List(ListDialog::victims(
                    &self.target_name(t),
                    items,
                )));
                return Vec::new();
            }
        }
        let cmd = self
            .legal
            .command_at(a, t)
            .unwrap_or_else(|| format!("{} {}", a.word(), self.target_name(t)));
        self.command(&cmd)
    }

    /// A mouse event.
    pub fn on_mouse(&mut self, m: MouseEvent) -> Vec<Effect> {
        if self.confirm_quit || self.pass_to || self.editing || self.dialog.is_some() {
            return Vec::new();
        }
        if self.help.is_some() || self.results {
            return Vec::new();
        }
        let Some(areas) = self.layout(self.size) else {
            return Vec::new();
        };
        let inside = |r: Rect| {
            m.column >= r.x && m.column < r.x + r.width && m.row >= r.y && m.row < r.y + r.height
        };
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                if inside(areas.board) {
                    let area = self.board_inner(areas.board);
                    let vp = self.viewport(area);
                    let Some((x, y)) = board::pic_pos(area, &vp, m.column, m.row) else {
                        return Vec::new();
                    };
                    let Some(t) = self.spot_at(x, y) else {
                        return Vec::new();
                    };
                    if self.cursor == Some(t) && self.clicked == Some(t) {
                        return self.confirm();
                    }
                    self.set_cursor(t);
                    self.clicked = Some(t);
                    self.flash = Some(Flash {
                        text: format!(
                            "{}: click again or press Enter to confirm.",
                            self.target_name(t)
                        ),
                        kind: FlashKind::Info,
                    });
                } else if inside(areas.actions)
                    && let Some(v) = action_at_row(self, areas.actions, m.row)
                {
                    return self.verb(v);
                }
            }
            MouseEventKind::ScrollUp => {
                if inside(areas.log) {
                    self.scroll_log(self.log_scroll + 3);
                } else if inside(areas.board) {
                    self.pan_board(Dir::Up);
                }
            }
            MouseEventKind::ScrollDown => {
                if inside(areas.log) {
                    self.scroll_log(self.log_scroll.saturating_sub(3));
                } else if inside(areas.board) {
                    self.pan_board(Dir::Down);
                }
            }
            _ => {}
        }
        Vec::new()
    }

    // ---- actions ---------------------------------------------------------------------------
}
