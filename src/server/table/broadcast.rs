//! The broadcast planner: after a change, who is sent what (a hall sends each seat its
//! neighbourhood), built in parallel and encoded once where shared.

use super::*;

/// What every connection's update shares, computed once per broadcast. In a hall the seat
/// list and the actors are made per recipient instead (its neighbourhood), so they are `None`.
pub(super) struct Shared {
    seats: Option<Vec<SeatInfo>>,
    deadline_ms: Option<Millis>,
    actors: Option<Vec<Seat>>,
    /// Lobby: seats taken, and colours nobody has.
    taken: usize,
    free_colors: Vec<String>,
}

/// One connection's part of a broadcast, decided before the updates are built.
pub(super) struct Planned {
    id: ConnId,
    seats: SeatList,
    /// The view leaves the pieces out: the connection holds them as they are.
    keep_pieces: bool,
    /// The seats its view names ([`Ruleset::shown_seats`]), when the plan needed them.
    shown: Option<Vec<Seat>>,
}

impl Planned {
    /// A whole update, nothing known of the recipient.
    fn whole(id: ConnId) -> Planned {
        Planned {
            id,
            seats: SeatList::Full,
            keep_pieces: false,
            shown: None,
        }
    }
}

/// What an update says of the recipient's legal commands.
pub(super) enum HallLegal {
    /// These (every update outside a hall, and a hall seat the game waits for); `true`: its
    /// offers were left off ([`Update::legal_offers_left_off`]).
    Listed(Vec<String>, Vec<Move>, bool),
    /// The list it was last given ([`Update::legal_same`]).
    Same,
    /// None: the game does not wait for it ([`Update::legal_left_out`]; it may ask).
    LeftOut,
}

/// Which seat entries an update carries: a hall's recipient gets those it does not know.
pub(super) enum SeatList {
    /// None: the seats it knows are as they were.
    Unchanged,
    /// Every seat it is shown.
    Full,
    /// These seats only (sorted), new to it; the others are as it knows them.
    Only(Vec<Seat>),
}

/// A hall's events by the seat they are about, so each recipient reads the events near it
/// without going through everyone's (a round's end closes thousands of offers and discards).
pub(super) struct EventIndex {
    /// Events about everyone, by position.
    global: Vec<usize>,
    /// Events about one seat: (seat, position), sorted.
    by_seat: Vec<(Seat, usize)>,
}

impl EventIndex {
    fn new<G: Ruleset>(game: &G, evs: &[G::Event]) -> EventIndex {
        let mut global = Vec::new();
        let mut by_seat = Vec::new();
        for (i, e) in evs.iter().enumerate() {
            match game.event_seat(e) {
                Some(s) => by_seat.push((s, i)),
                None => global.push(i),
            }
        }
        by_seat.sort_unstable();
        EventIndex { global, by_seat }
    }

    /// Positions of the events a seat reads, in order.
    fn for_viewer<G: Ruleset>(&self, game: &G, viewer: Seat) -> Vec<usize> {
        let mut v = self.global.clone();
        if !self.by_seat.is_empty() {
            for s in game.audience(Some(viewer), &[]).unwrap_or_default() {
                let lo = self.by_seat.partition_point(|(x, _)| *x < s);
                let hi = self.by_seat.partition_point(|(x, _)| *x <= s);
                v.extend(self.by_seat[lo..hi].iter().map(|(_, i)| *i));
            }
        }
        v.sort_unstable();
        v
    }
}

impl<G: Ruleset> Table<G> {
    /// In a hall, the seats that show `seat` in their views (its board and both neighbours);
    /// `None` elsewhere: everyone.
    pub(super) fn near(&self, seat: Seat) -> Option<Vec<Seat>> {
        if !self.hall {
            return None;
        }
        self.game.audience(Some(seat), &[])
    }

    /// Sends the change to the connections of the seats in `who` (all connections when
    /// `None`). Spectators of a hall hear only of changes for everyone (a round's start, the
    /// dice), which carry the whole world: on every move it would be too much.
    pub(super) fn broadcast(
        &mut self,
        evs: &[G::Event],
        now: Millis,
        reply: Option<(ConnId, u32)>,
        who: Option<Vec<Seat>>,
    ) {
        self.version += 1;
        if evs.is_empty() {
            self.seat_changes += 1;
        }
        let shared = self.shared(now);
        let mut ids: Vec<ConnId> = match &who {
            None => self.conns.keys().copied().collect(),
            Some(seats) => seats
                .iter()
                .filter_map(|s| self.slots.get(*s as usize).and_then(|x| x.conn))
                .collect(),
        };
        if let Some((c, _)) = reply
            && !ids.contains(&c)
        {
            ids.push(c);
        }
        ids.sort_unstable();
        ids.dedup();
        // In a hall, events about one seat are read only near it: index them by seat once.
        let by_seat = self.hall.then(|| EventIndex::new(&self.game, evs));
        // A round's start changes the top of the standings, and with it the seats named.
        let for_all = by_seat.as_ref().is_some_and(|ix| !ix.global.is_empty());
        let mut plan: Vec<Planned> = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(c) = self.conns.get_mut(&id).filter(|c| c.greeted) else {
                continue;
            };
            let changed = c.hall.seats_seen != self.seat_changes;
            let mut shown_seats = None;
            let list = match c.seat {
                // A hall seat is sent the entries of the seats it is shown and does not know.
                Some(s) if self.hall && self.started && (changed || for_all) => {
                    let shown = self.game.shown_seats(s).unwrap_or_default();
                    let list = if changed {
                        SeatList::Full
                    } else {
                        let new: Vec<Seat> = shown
                            .iter()
                            .copied()
                            .filter(|x| c.hall.seats_known.binary_search(x).is_err())
                            .collect();
                        if new.is_empty() {
                            SeatList::Unchanged
                        } else {
                            SeatList::Only(new)
                        }
                    };
                    c.hall.seats_known.clone_from(&shown);
                    shown_seats = Some(shown);
                    list
                }
                _ if changed || for_all => SeatList::Full,
                _ => SeatList::Unchanged,
            };
            // A seat holds the pieces of the last view it was sent: when they are as they
            // were (a round's start moves none), they stay out of this one.
            let mark = match c.seat {
                Some(s) if self.started => self.game.pieces_mark(s),
                _ => None,
            };
            let keep_pieces = mark.is_some() && c.hall.pieces_sent == mark;
            c.hall.pieces_sent = mark;
            plan.push(Planned {
                id,
                seats: list,
                keep_pieces,
                shown: shown_seats,
            });
            c.hall.seats_seen = self.seat_changes;
        }
        // Outside a hall every spectator sees the same update: it is built once and copied,
        // so a crowd of spectators costs a copy each, not a view and a log each.
        let mut watchers = Vec::new();
        if !self.hall {
            plan.retain(|p| {
                let id = p.id;
                let c = &self.conns[&id];
                let same = c.seat.is_none() && !c.is_host && reply.is_none_or(|(r, _)| r != id);
                if same {
                    watchers.push(id);
                }
                !same
            });
        }
        // A hall's round start builds thousands of updates: two threads build each chunk, and
        // a chunk goes out while the next is built.
        let began = std::time::Instant::now();
        for chunk in plan.chunks(PARALLEL_CHUNK) {
            let msgs = self.build_updates(chunk, evs, by_seat.as_ref(), reply, &shared);
            for (id, built, given) in msgs {
                if given.is_some()
                    && let Some(c) = self.conns.get_mut(&id)
                {
                    c.hall.legal_sent = given;
                }
                self.send_built(id, built);
            }
        }
        if for_all {
            tracing::debug!(
                updates = plan.len(),
                us = began.elapsed().as_micros() as u64,
                "a change for everyone built and queued"
            );
        }
        // Built once, encoded once: every spectator's queue gets the same bytes.
        if let Some(&first) = watchers.first() {
            let (msg, _) = self.message_for(
                &Planned::whole(first),
                evs,
                by_seat.as_ref(),
                reply,
                &shared,
            );
            self.send_all(&watchers, msg);
        }
    }

    /// The updates of `part` (connection, with its seat list), by two threads when many.
    pub(super) fn build_updates(
        &self,
        part: &[Planned],
        evs: &[G::Event],
        ix: Option<&EventIndex>,
        reply: Option<(ConnId, u32)>,
        shared: &Shared,
    ) -> Vec<(ConnId, Built<G::View>, Option<u64>)> {
        // A TCP connection's update is encoded here, by the thread that built it.
        let build = |part: &[Planned]| -> Vec<(ConnId, Built<G::View>, Option<u64>)> {
            part.iter()
                .map(|p| {
                    let id = p.id;
                    let (msg, given) = self.message_for(p, evs, ix, reply, shared);
                    let built = match &self.conns[&id].tx {
                        Outbox::Local(_) => Built::Msg(msg),
                        Outbox::Wire(_) => match crate::proto::codec::frame(&msg) {
                            Ok(f) => Built::Frame(f),
                            Err(e) => {
                                tracing::error!(conn = id, error = %e, "an update could not be encoded");
                                Built::Nothing
                            }
                        },
                    };
                    (id, built, given)
                })
                .collect()
        };
        if part.len() < PARALLEL_CHUNK / 2 {
            return build(part);
        }
        let (a, b) = part.split_at(part.len() / 2);
        std::thread::scope(|sc| {
            let other = sc.spawn(|| build(b));
            let mut m = build(a);
            m.extend(other.join().expect("building an update does not panic"));
            m
        })
    }

    /// One connection's update (or lobby) with `evs` in words for it, whole: the next
    /// broadcast sends its pieces again.
    pub(super) fn update_for(
        &mut self,
        id: ConnId,
        evs: &[G::Event],
        now: Millis,
        reply: Option<(ConnId, u32)>,
    ) -> ServerMsg<G::View> {
        if let Some(c) = self.conns.get_mut(&id) {
            c.hall.pieces_sent = None;
        }
        let index = self.hall.then(|| EventIndex::new(&self.game, evs));
        let (msg, given) = self.message_for(
            &Planned::whole(id),
            evs,
            index.as_ref(),
            reply,
            &self.shared(now),
        );
        if given.is_some()
            && let Some(c) = self.conns.get_mut(&id)
        {
            c.hall.legal_sent = given;
        }
        msg
    }

    /// What every connection's update shares.
    pub(super) fn shared(&self, now: Millis) -> Shared {
        let (taken, free_colors) = if self.started {
            (0, Vec::new())
        } else {
            (
                self.slots
                    .iter()
                    .filter(|s| s.occupant != Occupant::Empty)
                    .count(),
                COLORS
                    .iter()
                    .filter(|col| {
                        // Colours repeat in a hall: all are free.
                        self.hall
                            || !self
                                .slots
                                .iter()
                                .any(|s| s.color == **col && s.occupant != Occupant::Empty)
                    })
                    .map(|s| s.to_string())
                    .collect(),
            )
        };
        Shared {
            seats: (!self.hall).then(|| self.seat_infos()),
            deadline_ms: self.game.deadline().map(|d| d.saturating_sub(now)),
            actors: match (self.started, self.hall) {
                (false, _) => Some(Vec::new()),
                (true, false) => Some(self.game.actors()),
                (true, true) => None,
            },
            taken,
            free_colors,
        }
    }

    pub(super) fn message_for(
        &self,
        plan: &Planned,
        evs: &[G::Event],
        index: Option<&EventIndex>,
        reply: Option<(ConnId, u32)>,
        shared: &Shared,
    ) -> (ServerMsg<G::View>, Option<u64>) {
        let (id, seats_sent, keep_pieces) = (plan.id, &plan.seats, plan.keep_pieces);
        let c = &self.conns[&id];
        let seat = c.seat;
        // The seats this recipient's messages name: everyone, or in a hall its neighbourhood.
        let shown: Option<Vec<Seat>> = match (self.hall, seat) {
            (true, Some(s)) if self.started => {
                plan.shown.clone().or_else(|| self.game.shown_seats(s))
            }
            (true, Some(s)) => self.near(s),
            _ => None,
        };
        let (seats, seats_at) = match (&shown, &shared.seats) {
            // The seats this connection knows are as they were: an empty list says so.
            (Some(_), _) if self.started && matches!(seats_sent, SeatList::Unchanged) => {
                (Vec::new(), Vec::new())
            }
            (Some(_), _)
                if let SeatList::Only(new) = seats_sent
                    && self.started =>
            {
                (
                    new.iter().map(|s| self.seat_info(*s as usize)).collect(),
                    new.clone(),
                )
            }
            (Some(v), _) => (
                v.iter().map(|s| self.seat_info(*s as usize)).collect(),
                v.clone(),
            ),
            (None, Some(all)) => (all.clone(), Vec::new()),
            (None, None) => (self.seat_infos(), Vec::new()),
        };
        if self.started {
            let describe = |e: &G::Event| self.log_line(e, seat);
            let (log, log_kinds): (Vec<String>, Vec<EventKind>) = match (index, seat) {
                (Some(ix), Some(s)) => ix
                    .for_viewer(&self.game, s)
                    .into_iter()
                    .filter_map(|i| describe(&evs[i]))
                    .unzip(),
                _ => evs.iter().filter_map(describe).unzip(),
            };
            let actors = match (&shared.actors, &shown) {
                (Some(a), _) => a.clone(),
                (None, Some(v)) => v
                    .iter()
                    .copied()
                    .filter(|s| self.game.is_actor(*s))
                    .collect(),
                (None, None) => self.game.actors(),
            };
            let hall_wire = self.hall && matches!(c.tx, Outbox::Wire(_));
            let (legal, given) = match seat {
                Some(s) if hall_wire => self.hall_legal(s, c.hall.legal_sent),
                Some(s) => {
                    let (texts, moves) = self.legal_texts(s);
                    (HallLegal::Listed(texts, moves, false), None)
                }
                None => (HallLegal::Listed(Vec::new(), Vec::new(), false), None),
            };
            let (legal_left_out, legal_same) = (
                matches!(legal, HallLegal::LeftOut),
                matches!(legal, HallLegal::Same),
            );
            let (legal, moves, legal_offers_left_off) = match legal {
                HallLegal::Listed(v, m, left_off) => (v, m, left_off),
                HallLegal::LeftOut | HallLegal::Same => (Vec::new(), Vec::new(), false),
            };
            let msg = ServerMsg::Update(Box::new(Update {
                version: self.version,
                view: match seat {
                    Some(s) if keep_pieces => self.game.view_without_pieces(s),
                    _ => self.game.view(seat),
                },
                log,
                log_kinds,
                legal_left_out,
                legal_same,
                legal_offers_left_off,
                waiting_for_you: seat.is_some_and(|s| self.game.waits_for(s)),
                legal,
                moves,
                actors,
                reply_to: reply.filter(|(c, _)| *c == id).map(|(_, seq)| seq),
                deadline_ms: shared.deadline_ms,
                seats,
                seats_at,
                at_us: self.wall_us,
            }));
            (msg, given)
        } else {
            let lobby_seats = if seats_at.is_empty() {
                self.slots
                    .iter()
                    .zip(seats)
                    .map(|(s, i)| (s.occupant != Occupant::Empty).then_some(i))
                    .collect()
            } else {
                seats_at
                    .iter()
                    .zip(seats)
                    .map(|(s, i)| {
                        (self.slots[*s as usize].occupant != Occupant::Empty).then_some(i)
                    })
                    .collect()
            };
            let msg = ServerMsg::Lobby(Box::new(LobbyView {
                seats: lobby_seats,
                seats_at,
                total: self.slots.len(),
                taken: shared.taken,
                you: seat,
                started: false,
                is_host: c.is_host,
                free_colors: shared.free_colors.clone(),
            }));
            (msg, None)
        }
    }

    /// A hall seat's legal commands for an update over TCP, and the mark of a list given.
    /// Only a seat the game waits for gets its list (a round's start lists the active group's
    /// commands, not the whole hall's), and only when it differs from the one it was last
    /// given (`sent`): a neighbour's move mostly leaves it as it was. Building the list costs
    /// a few microseconds; the question and answer it saves cost a round trip each.
    pub(super) fn hall_legal(&self, seat: Seat, sent: Option<u64>) -> (HallLegal, Option<u64>) {
        if !self.game.is_actor(seat) {
            return (HallLegal::LeftOut, None);
        }
        let (cmds, offers_left_off) = self.game.legal_for_hall(seat);
        let mark = legal_mark(&cmds, offers_left_off);
        if sent == Some(mark) {
            return (HallLegal::Same, None);
        }
        let (texts, moves) = self.legal_forms(&cmds);
        (HallLegal::Listed(texts, moves, offers_left_off), Some(mark))
    }
}
