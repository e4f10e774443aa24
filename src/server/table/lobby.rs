//! The lobby and the hello: who may come in, which seat they get, and when the game starts.

use super::*;

impl<G: Ruleset> Table<G> {
    /// Why a hello is refused at a private table (no password, or a wrong one); `None` lets it
    /// in. The host's own terminal needs none; a hello of another protocol is left to
    /// [`Self::hello`]'s version check, which says so.
    pub(super) fn private_refusal(
        &self,
        conn: ConnId,
        version: u32,
        typed: Option<&str>,
    ) -> Option<String> {
        let wanted = self.cfg.password.as_deref()?;
        if version != PROTOCOL_VERSION || self.conns.get(&conn).is_some_and(|c| c.is_host) {
            return None;
        }
        match typed {
            None => Some(
                "this table is private: it needs a password (catan join --password PW, or CATAN_PASSWORD)"
                    .into(),
            ),
            Some(t) if !crate::proto::password_matches(t.as_bytes(), wanted.as_bytes()) => {
                Some("this table is private: wrong password".into())
            }
            Some(_) => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn hello(
        &mut self,
        conn: ConnId,
        version: u32,
        name: String,
        token: Option<String>,
        watch: bool,
        color: Option<String>,
        now: Millis,
    ) {
        if version != PROTOCOL_VERSION {
            self.refuse(
                conn,
                format!(
                    "version mismatch: this host speaks protocol {PROTOCOL_VERSION}, your client {version}; use the same catan version as the host"
                ),
            );
            return;
        }
        // The one place a name enters the table: made fit to show to everyone.
        let name = crate::server::names::normalize(&name);
        let name = if name.is_empty() {
            "Player".to_string()
        } else {
            name
        };
        let mut back = false;
        let seat = if watch {
            None
        } else if let Some(tok) = token
            .as_deref()
            .and_then(|t| self.slots.iter().position(|s| s.token == t))
        {
            // Coming back to a seat: a token outranks any connection holding it now.
            if let Some(old) = self.slots[tok].conn
                && old != conn
            {
                self.effects
                    .close
                    .push((old, "your seat was taken up from another connection".into()));
                if let Some(c) = self.conns.get_mut(&old) {
                    c.seat = None;
                }
            }
            if self.slots[tok].occupant == Occupant::Bot {
                self.slots[tok].occupant = Occupant::Person;
                self.slots[tok].name = name.clone();
                self.sync_name(tok);
                self.bots[tok] = None;
                self.record_seat(tok, now);
            }
            back = self.started;
            Some(tok)
        } else {
            // Through the look-alike index: a hall's join does not compare the name with
            // every seat.
            if self.looks.seats_like(&name).into_iter().any(|i| {
                self.slots[i].occupant == Occupant::Person
                    && crate::server::names::same(&self.slots[i].name, &name)
            }) {
                // The connection may have closed while its hello was queued: nothing to tell.
                let Some(c) = self.conns.get_mut(&conn) else {
                    return;
                };
                if !c.told_held {
                    // Say which game it is, so a client that holds this seat's token for
                    // this game (and only such a client) sends it.
                    c.told_held = true;
                    let game = self.info.id.clone();
                    self.send(conn, ServerMsg::NameHeld { game });
                    return;
                }
                self.refuse(
                    conn,
                    format!("the name {name} is taken at this table; choose another with --name (the player who sat down with it gets the seat back by joining again with the same data directory)"),
                );
                return;
            }
            if let Some(i) = self.looks.seat_like(&name) {
                let other = self.names[i].clone();
                self.refuse(
                    conn,
                    format!("the name {name} looks like {other}, already at the table; choose another with --name"),
                );
                return;
            }
            // An empty seat first; else a bot's, in the lobby as in the running game (where
            // the newcomer takes over the bot's hand and all).
            let free = self
                .slots
                .iter()
                .position(|s| s.occupant == Occupant::Empty)
                .or_else(|| self.slots.iter().position(|s| s.occupant == Occupant::Bot));
            match free {
                Some(i) => {
                    let slot = &mut self.slots[i];
                    let took_from =
                        (self.started && slot.occupant == Occupant::Bot).then(|| slot.name.clone());
                    if let Some(bot) = &took_from {
                        tracing::info!(seat = i + 1, %name, "takes over from {bot}");
                    }
                    slot.occupant = Occupant::Person;
                    slot.name = name.clone();
                    slot.token = new_token();
                    self.sync_name(i);
                    let slot = &mut self.slots[i];
                    slot.ready = self.started || !self.cfg.hold_in_lobby;
                    self.bots[i] = None;
                    self.record_seat(i, now);
                    if self.started {
                        self.took_over(i as Seat, now);
                    }
                    if let Some(bot) = took_from {
                        // Everyone at the table hears who now plays the seat.
                        let ids = self.greeted();
                        let notice = format!("{name} takes over {bot}'s seat (seat {}).", i + 1);
                        self.send_all(&ids, ServerMsg::Notice(notice));
                    }
                    Some(i)
                }
                None => {
                    self.refuse(
                        conn,
                        "the table is full; `catan join ADDR --watch` watches the game".into(),
                    );
                    return;
                }
            }
        };
        let Some(c) = self.conns.get_mut(&conn) else {
            // [`Self::handle`] saw it open; a connection gone since has nothing to greet.
            return;
        };
        c.greeted = true;
        c.watch = watch;
        c.seat = seat.map(|s| s as Seat);
        let token = match seat {
            Some(i) => {
                let slot = &mut self.slots[i];
                slot.conn = Some(conn);
                slot.left = false;
                let owed_back = std::mem::take(&mut slot.away_in_record);
                slot.away_since = None;
                slot.covered = false;
                if let Some(col) = &color {
                    let col = col.to_ascii_lowercase();
                    if COLORS.contains(&col.as_str())
                        && !self
                            .slots
                            .iter()
                            .any(|s| s.color == col && s.occupant != Occupant::Empty)
                    {
                        self.slots[i].color = col;
                    }
                }
                if owed_back {
                    self.push_entry(Entry::Away {
                        at: now,
                        seat: i as Seat,
                        away: false,
                    });
                }
                self.slots[i].token.clone()
            }
            None => String::new(),
        };
        tracing::info!(
            conn,
            peer = %self.conns[&conn].peer,
            %name,
            seat = seat.map(|s| s + 1),
            watch,
            "joined"
        );
        if seat.is_some() && self.first_person_at.is_none() {
            self.first_person_at = Some(now);
        }
        self.send(
            conn,
            ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                seat: seat.map(|s| s as Seat),
                token,
                game: Box::new(self.info.clone()),
            },
        );
        if let Some(problem) = self.save_problem().map(str::to_string) {
            self.send(conn, ServerMsg::Notice(problem));
        }
        self.maybe_start(now);
        if seat.is_none() {
            // A spectator's arrival changes nothing anyone else sees: it alone is sent the
            // table (a crowd of arrivals costs one message each, not one per connection),
            // with the game so far, so that whoever walks up to the hall screen can read
            // what happened.
            self.send_table_to(conn, now);
        } else {
            let who = seat.and_then(|s| self.near(s as Seat));
            let who = who.map(|mut w| {
                // The newcomer hears even if its seat is outside its own neighbourhood list.
                w.extend(seat.map(|s| s as Seat));
                w
            });
            self.seat_news(who, now);
        }
        if back {
            // What they missed, in words for them; what their bot did for them is told as
            // their bot's doing.
            let me = seat.map(|s| s as Seat);
            let (log, kinds, stood_in) = self.game_so_far(me);
            let mut notice = format!(
                "welcome back to seat {}: the game so far follows",
                seat.map_or(0, |s| s + 1)
            );
            if stood_in {
                notice.push_str(
                    " (lines starting \"Your bot:\" are what your bot did while you were away)",
                );
            }
            self.send(conn, ServerMsg::Notice(notice));
            let mut msg = self.update_for(conn, &[], now, None);
            if let ServerMsg::Update(u) = &mut msg {
                u.log = log;
                u.log_kinds = kinds;
            }
            self.send(conn, msg);
        }
        if let Some(s) = &self.summary {
            let msg = ServerMsg::Summary(s.clone());
            self.send(conn, msg);
        }
        self.send_review_to(conn);
    }

    /// The table as it is now, to one connection only (its seat list in full), with the
    /// game's latest lines as a spectator reads them.
    pub(super) fn send_table_to(&mut self, conn: ConnId, now: Millis) {
        let changes = self.seat_changes;
        if let Some(c) = self.conns.get_mut(&conn) {
            c.hall.seats_seen = changes;
        }
        let mut msg = self.update_for(conn, &[], now, None);
        if let ServerMsg::Update(u) = &mut msg {
            (u.log, u.log_kinds, _) = self.game_so_far(None);
        }
        self.send(conn, msg);
    }

    /// The game's latest lines (at most [`HISTORY_SENT`]) in words for `me` (a spectator:
    /// `None`); what a bot did for `me` while they were away is told as their bot's doing,
    /// and the flag says whether there was any.
    fn game_so_far(&self, me: Option<Seat>) -> (Vec<String>, Vec<EventKind>, bool) {
        let skip = self.history.len().saturating_sub(HISTORY_SENT);
        let mut log = Vec::new();
        let mut kinds = Vec::new();
        let mut stood_in = false;
        for (e, stand_in) in self.history.iter().skip(skip) {
            let Some((text, kind)) = self.log_line(e, me) else {
                continue;
            };
            let by_bot = me.is_some() && *stand_in == me && done_by_you(&text);
            stood_in |= by_bot;
            log.push(if by_bot { by_your_bot(&text) } else { text });
            kinds.push(kind);
        }
        (log, kinds, stood_in)
    }

    pub(super) fn choose_color(&mut self, conn: ConnId, col: &str, now: Millis) {
        let Some(seat) = self.conns[&conn].seat else {
            return;
        };
        let col = col.to_ascii_lowercase();
        if self.slots[seat as usize].color == col {
            // One's own colour again: nothing changes, nothing is sent.
            return;
        }
        if !self.paced(conn, now, |c| &mut c.lobby, LOBBY_PER_SEC, "lobby changes") {
            return;
        }
        if !COLORS.contains(&col.as_str()) {
            self.send(
                conn,
                ServerMsg::Notice(format!("colours are {}", COLORS.join(", "))),
            );
            return;
        }
        if self
            .slots
            .iter()
            .enumerate()
            .any(|(i, s)| i != seat as usize && s.color == col && s.occupant != Occupant::Empty)
        {
            self.send(conn, ServerMsg::Notice(format!("{col} is taken")));
            return;
        }
        // Swap with an empty seat's colour so colours stay distinct.
        if let Some(j) = self.slots.iter().position(|s| s.color == col) {
            let mine = self.slots[seat as usize].color.clone();
            self.slots[j].color = mine;
        }
        self.slots[seat as usize].color = col;
        let who = self.near(seat);
        self.seat_news(who, now);
    }

    /// The rule every table starts by: each seat filled and ready.
    pub(super) fn ready_to_start(&self) -> bool {
        !self.started
            && self
                .slots
                .iter()
                .all(|s| s.occupant != Occupant::Empty && s.ready)
    }

    pub(super) fn maybe_start(&mut self, now: Millis) {
        if self.ready_to_start() {
            self.start(now);
        }
    }

    /// Starts the game; bots take the empty seats.
    pub fn start(&mut self, now: Millis) {
        if self.started {
            return;
        }
        for i in 0..self.slots.len() {
            if self.slots[i].occupant == Occupant::Empty {
                self.seat_bot(i);
            }
        }
        self.started = true;
        self.count_seats();
        tracing::info!(seats = self.slots.len(), "game started");
        let names = self.names();
        if let Some(news) = self.save.as_mut().and_then(|s| s.start(names.clone())) {
            self.tell_save_news(&news);
        } else if let Some(problem) = self.save_problem().map(str::to_string) {
            // Not saved from the start: everyone hears it as the game begins.
            self.tell_save_news(&SaveNews::Stopped(problem));
        }
        for i in 0..self.slots.len() {
            self.record_seat(i, now);
        }
        let actors = self.game.actors();
        // Several seats acting at once (a setup played by all at once) have no first player.
        let notice = match actors.as_slice() {
            [one] => format!("the game begins: {} goes first", names[*one as usize]),
            [] => "the game begins".to_string(),
            _ => "the game begins: everyone makes their setup choices at once".to_string(),
        };
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        self.send_all(&ids, ServerMsg::Notice(notice));
        self.after_change(Vec::new(), now, None);
    }
}

/// Whether a line written for a seat tells something that seat did: "You built …", "Offer 4:
/// You offer …". Of the lines a stand-in bot's moves caused, only these are its doing; the
/// turn passing, another seat's harvest and the cards the dice brought are not.
fn done_by_you(text: &str) -> bool {
    let said = match text.split_once(": ") {
        Some((label, rest)) if label.starts_with("Offer ") => rest,
        _ => text,
    };
    said.starts_with("You ") && !said.starts_with("You get ") && !said.starts_with("You got ")
}

/// A line of what a bot did for a person who was away, told to that person: "You rolled 7"
/// becomes "Your bot: you rolled 7", "Offer 4: You offer …" "Your bot: offer 4: you offer …".
fn by_your_bot(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_lowercase().to_string());
    let rest: String = chars.collect::<String>().replacen(": You ", ": you ", 1);
    format!("Your bot: {}{rest}", first.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only lines telling what the seat did are its stand-in bot's doing.
    #[test]
    fn a_stand_in_bots_doing_is_what_the_seat_did() {
        assert!(done_by_you("You built a settlement at F.sw."));
        assert!(done_by_you(
            "Offer 4: You offer 1 brick for 1 ore (cancel 4 withdraws it)."
        ));
        assert!(!done_by_you("Turn 10: Bob's turn."));
        assert!(!done_by_you("12: Bob gets 1 brick."));
        assert!(!done_by_you("12: You get 1 brick."));
        assert!(!done_by_you("Offer 4 is closed."));
        assert_eq!(
            by_your_bot("Offer 4: You offer 1 brick for 1 ore."),
            "Your bot: offer 4: you offer 1 brick for 1 ore."
        );
        assert_eq!(by_your_bot("You rolled 7."), "Your bot: you rolled 7.");
    }
}
