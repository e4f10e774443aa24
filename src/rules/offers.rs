//! The offer book every Catan ruleset shares: offers between players, their answers (accept,
//! decline, counter, cancel), one-for-one bank and harbour trades, the events they make and
//! how those read. What differs between rulesets (who may trade with whom, when, how many
//! offers one seat may keep open, which bank pays) is a [`Market`]: each game implements it on
//! itself, so the book is generic code with no dispatch at run time.

use crate::engine::{RuleError, Seat, refuse};
use crate::rules::banks::Banks;
use crate::rules::entry::{Act, Verdict};
use crate::rules::facts::{self as recap, Fact};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade::{self, Offer, SeatList};
use crate::rules::words::who;

/// What the trades of a game do, in every ruleset alike. A ruleset's event enum carries them
/// in one variant (`Event::Trade`), so their wording and their summary facts live here once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TradeEvent {
    /// One lot given to the bank (or a harbour) for one card.
    BankTrade {
        seat: Seat,
        gave: ResourceSet,
        got: ResourceSet,
    },
    Offered {
        id: u32,
        from: Seat,
        to: Option<Seat>,
        give: ResourceSet,
        get: ResourceSet,
    },
    Declined {
        id: u32,
        seat: Seat,
    },
    /// An offer left the book without a trade: cancelled, declined by all it was made to, or
    /// closed by the rules (trading over). `from` made it.
    OfferClosed {
        id: u32,
        from: Seat,
    },
    Traded {
        id: u32,
        from: Seat,
        with: Seat,
        gave: ResourceSet,
        got: ResourceSet,
    },
}

impl TradeEvent {
    /// The kind's name, as the words test counts the kinds it has rendered.
    pub fn kind(&self) -> &'static str {
        match self {
            TradeEvent::BankTrade { .. } => "BankTrade",
            TradeEvent::Offered { .. } => "Offered",
            TradeEvent::Declined { .. } => "Declined",
            TradeEvent::OfferClosed { .. } => "OfferClosed",
            TradeEvent::Traded { .. } => "Traded",
        }
    }

    /// The seat whose doing the event is (a proposer for offers and trades).
    pub fn actor(&self) -> Seat {
        match self {
            TradeEvent::BankTrade { seat, .. } | TradeEvent::Declined { seat, .. } => *seat,
            TradeEvent::Offered { from, .. }
            | TradeEvent::OfferClosed { from, .. }
            | TradeEvent::Traded { from, .. } => *from,
        }
    }

    /// The event in words for one viewer: the same sentence in every ruleset.
    pub fn describe(&self, viewer: Option<Seat>, names: &[String]) -> String {
        let w = |s: Seat| who(names, s, viewer);
        match self {
            TradeEvent::BankTrade { seat, gave, got } => {
                format!("{} traded {gave} to the bank for {got}.", w(*seat).cap())
            }
            TradeEvent::Offered {
                id,
                from,
                to,
                give,
                get,
            } => {
                let target = match to {
                    Some(t) => format!(" to {}", w(*t)),
                    None => String::new(),
                };
                let answer = if viewer == Some(*from) {
                    format!("cancel {id} withdraws it")
                } else {
                    format!("accept {id} / decline {id}")
                };
                format!(
                    "Offer {id}: {} {give} for {get}{target} ({answer}).",
                    w(*from).cap_does("offer")
                )
            }
            TradeEvent::Declined { id, seat } => {
                format!("{} declined offer {id}.", w(*seat).cap())
            }
            TradeEvent::OfferClosed { id, .. } => format!("Offer {id} is closed."),
            TradeEvent::Traded {
                id,
                from,
                with,
                gave,
                got,
            } => format!(
                "Trade {id}: {} gave {gave} to {} for {got}.",
                w(*from).cap(),
                w(*with)
            ),
        }
    }

    /// What the event means for the end-of-game summary.
    pub fn recap_facts(&self, out: &mut Vec<Fact>) {
        match self {
            TradeEvent::BankTrade { seat, gave, got } => recap::bank_facts(*seat, *gave, *got, out),
            TradeEvent::Traded {
                from,
                with,
                gave,
                got,
                ..
            } => recap::trade_facts(*from, *with, *gave, *got, out),
            _ => {}
        }
    }
}

/// The book's state inside a game, borrowed at once so that offers and hands change together.
pub struct Book<'a> {
    pub offers: &'a mut Vec<Offer>,
    pub next_offer: &'a mut u32,
    pub hands: &'a mut [ResourceSet],
}

/// What a ruleset decides about trading. The book's rules (an offer gives something for
/// something, the proposer must hold what it gives, the first acceptor who can pay trades, an
/// offer everyone it was made to declined closes) are the same everywhere; these are not.
pub trait Market: Banks {
    /// Whether `seat` may trade now (the phase, the clock, trade-then-build), with the reason.
    fn may_trade(&self, seat: Seat) -> Result<(), RuleError>;
    /// Whether `seat` may trade with the bank now (whose turn it is, the phase), with the
    /// reason.
    fn may_bank_trade(&self, seat: Seat) -> Result<(), RuleError>;
    /// The seat's rates with the bank: 4, or its harbours' 3 and 2.
    fn rates(&self, seat: Seat) -> [u32; 5];
    /// Whether `seat` may decline or cancel now. Most rulesets answer as [`Market::may_trade`];
    /// a ruleset may let a seat that may no longer trade still say no.
    fn may_answer(&self, seat: Seat) -> Result<(), RuleError> {
        self.may_trade(seat)
    }
    /// Who an offer from `seat` goes to: `to` checked against who may trade with whom, and
    /// where the ruleset says so, narrowed (base: others answer only the current player).
    fn address(&self, seat: Seat, to: Option<Seat>) -> Result<Option<Seat>, RuleError>;
    /// Most offers `seat` may keep open at once.
    fn open_cap(&self, seat: Seat) -> usize;
    /// The seats an offer is made to, a bit each (its proposer never).
    fn made_to(&self, o: &Offer) -> u32;
    /// Whether `seat` is one of them; a ruleset may answer faster than the bits.
    #[inline]
    fn addressed_to(&self, o: &Offer, seat: Seat) -> bool {
        self.made_to(o) & bit(seat) != 0
    }
    fn offers(&self) -> &[Offer];
    fn hands(&self) -> &[ResourceSet];
    fn book(&mut self) -> Book<'_>;

    /// A one-lot trade with the bank that serves the seat, at its rates (`bank 4 wool for 1
    /// ore`).
    fn bank_trade<E: From<TradeEvent>>(
        &mut self,
        seat: Seat,
        give: ResourceSet,
        get: ResourceSet,
        ev: &mut Vec<E>,
    ) -> Result<(), RuleError> {
        self.may_bank_trade(seat)?;
        let (rates, name) = (self.rates(seat), self.bank_name(seat));
        let (hand, bank) = self.hand_and_bank(seat);
        check_bank_trade(&rates, hand, bank, &name, &give, &get)?;
        bank_trade(seat, hand, bank, give, get, ev);
        Ok(())
    }
}

/// Seats an offer still waits on, a bit each: those it is made to, less those who declined.
#[inline]
pub fn waiting_on<M: Market>(m: &M, o: &Offer) -> u32 {
    less_declined(m.made_to(o), o)
}

/// `seats` (a bit each) less those who declined the offer.
#[inline]
pub fn less_declined(mut seats: u32, o: &Offer) -> u32 {
    for d in &o.declined {
        seats &= !bit(*d);
    }
    seats
}

/// Whether `seat` may still answer the offer (made to it, not declined yet).
#[inline]
pub fn open_to<M: Market>(m: &M, o: &Offer, seat: Seat) -> bool {
    m.addressed_to(o, seat) && !o.declined_by(seat)
}

/// The seats an offer is made to, in seat order.
pub fn addressees<M: Market>(m: &M, o: &Offer) -> Vec<Seat> {
    let bits = m.made_to(o);
    (0..32).filter(|s| bits & (1 << s) != 0).collect()
}

fn bit(seat: Seat) -> u32 {
    1u32 << (seat as u32 & 31)
}

/// Refuses an offer that could not be posted now; on success, who it goes to.
pub fn check_offer<M: Market>(
    m: &M,
    seat: Seat,
    give: &ResourceSet,
    get: &ResourceSet,
    to: Option<Seat>,
) -> Result<Option<Seat>, RuleError> {
    m.may_trade(seat)?;
    trade::check_offer_shape(give, get)?;
    let to = m.address(seat, to)?;
    if !m.hands()[seat as usize].contains(give) {
        return refuse(format!("you do not have {give}"));
    }
    let open = m.offers().iter().filter(|o| o.from == seat).count();
    if open >= m.open_cap(seat) {
        return refuse(format!(
            "you have {open} open offer(s) already; cancel one first (`cancel ID`)"
        ));
    }
    Ok(to)
}

/// Posts an offer checked by [`check_offer`] (`offer 1 brick for 1 ore [to N]`, or a
/// counter-offer).
fn post<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    seat: Seat,
    give: ResourceSet,
    get: ResourceSet,
    to: Option<Seat>,
    ev: &mut Vec<E>,
) {
    let b = m.book();
    let id = *b.next_offer;
    *b.next_offer += 1;
    b.offers.push(Offer {
        id,
        from: seat,
        to,
        give,
        get,
        declined: SeatList::new(),
    });
    ev.push(
        TradeEvent::Offered {
            id,
            from: seat,
            to,
            give,
            get,
        }
        .into(),
    );
}

/// The index of an open offer.
pub fn find<M: Market>(m: &M, id: u32) -> Result<usize, RuleError> {
    m.offers().iter().position(|o| o.id == id).ok_or_else(|| {
        RuleError::new(format!(
            "there is no open offer {id} (someone may have taken it first)"
        ))
    })
}

/// Refuses `seat` an answer to the offer at `i`: its own, not made to it, or declined.
pub fn answerable<M: Market>(m: &M, seat: Seat, i: usize) -> Result<(), RuleError> {
    let o = &m.offers()[i];
    if o.from == seat {
        return refuse(format!(
            "offer {} is your own (`cancel {}` withdraws it)",
            o.id, o.id
        ));
    }
    if !m.addressed_to(o, seat) {
        return refuse(format!("offer {} is not addressed to you", o.id));
    }
    if o.declined_by(seat) {
        return refuse(format!("you have declined offer {}", o.id));
    }
    Ok(())
}

/// The index of open offer `id` once `seat` may answer it (see [`answerable`]) and `gate`
/// lets it answer now ([`Market::may_trade`] to accept, [`Market::may_answer`] to say no):
/// every answer is checked this way before anything changes.
fn to_answer<M: Market>(
    m: &M,
    seat: Seat,
    id: u32,
    gate: fn(&M, Seat) -> Result<(), RuleError>,
) -> Result<usize, RuleError> {
    let i = find(m, id)?;
    answerable(m, seat, i)?;
    gate(m, seat)?;
    Ok(i)
}

/// Whether both sides of an offer hold their part for `seat` to accept it.
pub fn both_can_pay<M: Market>(m: &M, o: &Offer, seat: Seat) -> bool {
    let hands = m.hands();
    hands[seat as usize].contains(&o.get) && hands[o.from as usize].contains(&o.give)
}

/// Accepts the offer at `i` (checked by [`to_answer`]): the cards change hands and the offer
/// closes.
fn accept_at<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    seat: Seat,
    i: usize,
    ev: &mut Vec<E>,
) -> Result<(), RuleError> {
    let o = &m.offers()[i];
    if m.may_trade(o.from).is_err() {
        return refuse(format!("seat {} cannot trade right now", o.from + 1));
    }
    if !m.hands()[o.from as usize].contains(&o.give) {
        return refuse(format!("seat {} no longer has {}", o.from + 1, o.give));
    }
    if !m.hands()[seat as usize].contains(&o.get) {
        return refuse(format!("you do not have {}", o.get));
    }
    let b = m.book();
    let o = b.offers.remove(i);
    let id = o.id;
    b.hands[o.from as usize].sub(&o.give);
    b.hands[seat as usize].add(&o.give);
    b.hands[seat as usize].sub(&o.get);
    b.hands[o.from as usize].add(&o.get);
    ev.push(
        TradeEvent::Traded {
            id,
            from: o.from,
            with: seat,
            gave: o.give,
            got: o.get,
        }
        .into(),
    );
    Ok(())
}

/// Notes `seat`'s no; the offer closes once everyone it was made to has said no.
fn decline_at<M: Market, E: From<TradeEvent>>(m: &mut M, seat: Seat, i: usize, ev: &mut Vec<E>) {
    let b = m.book();
    b.offers[i].declined.push(seat);
    let (id, from) = (b.offers[i].id, b.offers[i].from);
    ev.push(TradeEvent::Declined { id, seat }.into());
    if waiting_on(m, &m.offers()[i]) == 0 {
        m.book().offers.remove(i);
        ev.push(TradeEvent::OfferClosed { id, from }.into());
    }
}

/// Answers the offer at `i` (checked by [`to_answer`]) with another: declines it and offers
/// `give` for `get` to its proposer. Nothing happens unless both halves may.
fn counter_at<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    seat: Seat,
    i: usize,
    (give, get): (ResourceSet, ResourceSet),
    ev: &mut Vec<E>,
) -> Result<(), RuleError> {
    let from = m.offers()[i].from;
    // Declining touches only the answered offer (never one of `seat`'s own), so the new offer
    // is checked as it will be posted.
    let to = check_offer(m, seat, &give, &get, Some(from))?;
    decline_at(m, seat, i, ev);
    post(m, seat, give, get, to, ev);
    Ok(())
}

/// Withdraws one's own offer.
pub fn cancel<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    seat: Seat,
    id: u32,
    ev: &mut Vec<E>,
) -> Result<(), RuleError> {
    let i = find(m, id)?;
    if m.offers()[i].from != seat {
        return refuse(format!("offer {id} is not yours to cancel"));
    }
    // Offers wait, unanswered, while the ruleset does not let their proposer trade.
    m.may_answer(seat)?;
    m.book().offers.remove(i);
    ev.push(TradeEvent::OfferClosed { id, from: seat }.into());
    Ok(())
}

/// Closes every open offer (trading is over for the turn).
pub fn close_all<M: Market, E: From<TradeEvent>>(m: &mut M, ev: &mut Vec<E>) {
    for o in m.book().offers.drain(..) {
        ev.push(
            TradeEvent::OfferClosed {
                id: o.id,
                from: o.from,
            }
            .into(),
        );
    }
}

/// Closes the offers `close` picks (a seat left the game or stopped trading), in book order.
pub fn close_if<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    ev: &mut Vec<E>,
    close: impl Fn(&M, &Offer) -> bool,
) {
    let mut i = 0;
    while i < m.offers().len() {
        if close(m, &m.offers()[i]) {
            let o = m.book().offers.remove(i);
            ev.push(
                TradeEvent::OfferClosed {
                    id: o.id,
                    from: o.from,
                }
                .into(),
            );
        } else {
            i += 1;
        }
    }
}

/// Checks a one-lot bank trade at these rates against the hand and the bank that pays
/// (`bank_name` names it in the refusal: "the bank", "board 2's bank").
pub fn check_bank_trade(
    rates: &[u32; 5],
    hand: &ResourceSet,
    bank: &ResourceSet,
    bank_name: &str,
    give: &ResourceSet,
    get: &ResourceSet,
) -> Result<(), RuleError> {
    trade::check_maritime(rates, give, get)?;
    if give.kinds() != 1 || get.total() != 1 {
        let (r, _) = give.iter().next().unwrap_or((Resource::Wool, 0));
        return refuse(format!(
            "one bank trade at a time: e.g. `bank {} {r} for 1 ore`",
            rates[r as usize]
        ));
    }
    if !hand.contains(give) {
        return refuse(format!("you do not have {give}"));
    }
    if !bank.contains(get) {
        return refuse(format!("{bank_name} has no {get} left"));
    }
    Ok(())
}

/// Makes a checked bank trade: the lot goes to the bank, the card to the seat.
pub fn bank_trade<E: From<TradeEvent>>(
    seat: Seat,
    hand: &mut ResourceSet,
    bank: &mut ResourceSet,
    give: ResourceSet,
    get: ResourceSet,
    ev: &mut Vec<E>,
) {
    hand.sub(&give);
    bank.add(&give);
    bank.sub(&get);
    hand.add(&get);
    ev.push(
        TradeEvent::BankTrade {
            seat,
            gave: give,
            got: get,
        }
        .into(),
    );
}

/// One answer a seat may send to the book, as the legal-command lists name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Cancel(u32),
    Accept(u32),
    Decline(u32),
}

/// Calls `f` on each answer `seat` may send, in book order: cancelling its own offers,
/// accepting (where `may_accept` agrees and both sides can pay) or declining those open to it.
pub fn each_answer<M: Market>(
    m: &M,
    seat: Seat,
    may_accept: impl Fn(&Offer) -> bool,
    mut f: impl FnMut(Answer),
) {
    for o in m.offers() {
        if o.from == seat {
            f(Answer::Cancel(o.id));
        } else if open_to(m, o, seat) {
            if may_accept(o) && both_can_pay(m, o, seat) {
                f(Answer::Accept(o.id));
            }
            f(Answer::Decline(o.id));
        }
    }
}

/// Calls `f(give, get)` on each one-for-one offer a hand can make, in resource order: the
/// offers the legal-command lists name (any other offer is accepted but not listed).
pub fn each_simple_offer(hand: &ResourceSet, mut f: impl FnMut(ResourceSet, ResourceSet)) {
    for give in Resource::ALL {
        if hand[give] == 0 {
            continue;
        }
        for get in Resource::ALL {
            if get != give {
                f(ResourceSet::one(give, 1), ResourceSet::one(get, 1));
            }
        }
    }
}

/// [`each_simple_offer`]'s offers as the commands to everyone a legal list names: one
/// source for the host's lists and the texts a client writes for the offers left off.
pub fn each_simple_offer_command(hand: &ResourceSet, mut f: impl FnMut(TradeCommand)) {
    each_simple_offer(hand, |give, get| {
        f(TradeCommand::Offer {
            give,
            get,
            to: None,
        })
    });
}

/// The texts of [`each_simple_offer_command`]'s offers, as a legal list names them: what a
/// client appends to a list whose offers were left off
/// ([`crate::ruleset::Ruleset::legal_for_hall`]).
pub fn simple_offer_texts(hand: &ResourceSet, out: &mut Vec<String>) {
    each_simple_offer_command(hand, |c| out.push(c.to_string()));
}

impl From<Answer> for TradeCommand {
    fn from(a: Answer) -> TradeCommand {
        match a {
            Answer::Cancel(id) => TradeCommand::Cancel(id),
            Answer::Accept(id) => TradeCommand::Accept(id),
            Answer::Decline(id) => TradeCommand::Decline(id),
        }
    }
}

/// The trade commands every Catan ruleset takes, with one text language. A ruleset's command
/// enum carries them in one variant (`Command::Trade`), so they are read, written and listed
/// here once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TradeCommand {
    /// Maritime trade: one lot of `give` at your rate for one card.
    Bank {
        give: ResourceSet,
        get: ResourceSet,
    },
    /// Propose a trade (to one seat, or to everyone you may trade with).
    Offer {
        give: ResourceSet,
        get: ResourceSet,
        to: Option<Seat>,
    },
    /// Answer an offer with a new one to its proposer.
    Counter {
        id: u32,
        give: ResourceSet,
        get: ResourceSet,
    },
    Accept(u32),
    Decline(u32),
    /// Withdraw your own offer.
    Cancel(u32),
}

impl TradeCommand {
    /// Reads a whole command line if its first word names a trade command (`bank`, `offer`,
    /// `counter`, `accept`, `decline`, `cancel` and their other names); `None` if it names
    /// none, so the ruleset reads it as one of its own. `seats` bounds an offer's `to`.
    pub fn parse(words: &[&str], seats: usize) -> Option<Result<TradeCommand, RuleError>> {
        use crate::rules::words::{id_arg, no_more_words, seat_arg, trade_parts};
        let first = words.first()?.to_ascii_lowercase();
        let rest = &words[1..];
        let answer = |make: fn(u32) -> TradeCommand, what: &str| {
            let id = id_arg(rest.first(), what)?;
            no_more_words(words, 2)?;
            Ok(make(id))
        };
        Some(match first.as_str() {
            "bank" | "maritime" => trade_parts(rest).and_then(|(give, get, to)| match to {
                Some(_) => refuse("a bank trade has no `to`"),
                None => Ok(TradeCommand::Bank { give, get }),
            }),
            "offer" | "trade" => trade_parts(rest).and_then(|(give, get, to)| {
                let to = to.map(|t| seat_arg(t, seats)).transpose()?;
                Ok(TradeCommand::Offer { give, get, to })
            }),
            "counter" => {
                parse_counter(rest).map(|(id, give, get)| TradeCommand::Counter { id, give, get })
            }
            "accept" | "yes" => answer(TradeCommand::Accept, "accept"),
            "decline" | "no" | "reject" => answer(TradeCommand::Decline, "decline"),
            "cancel" | "withdraw" => answer(TradeCommand::Cancel, "cancel"),
            _ => return None,
        })
    }
}

impl TradeCommand {
    /// Whether this proposes a trade to other players (an offer, or a counter-offer): the easy
    /// bot makes one a turn.
    pub fn is_offer(&self) -> bool {
        matches!(
            self,
            TradeCommand::Offer { .. } | TradeCommand::Counter { .. }
        )
    }

    /// Whether this answers someone else's offer: a seat with one in its legal list is
    /// answering rather than playing.
    pub fn is_answer(&self) -> bool {
        matches!(self, TradeCommand::Accept(_) | TradeCommand::Decline(_))
    }
}

/// Carries out a trade command, the `Trade` arm of every Catan ruleset's dispatch: offers
/// and their answers through the book, a bank trade with the bank that serves the seat
/// ([`Market::bank_trade`]: which bank, and at what rates, is the ruleset's own).
pub fn apply<M: Market, E: From<TradeEvent>>(
    m: &mut M,
    cx: &mut Act<E>,
    cmd: TradeCommand,
) -> Verdict {
    let (seat, ev) = (cx.seat, &mut *cx.ev);
    match cmd {
        TradeCommand::Bank { give, get } => m.bank_trade(seat, give, get, ev),
        TradeCommand::Offer { give, get, to } => {
            let to = check_offer(m, seat, &give, &get, to)?;
            post(m, seat, give, get, to, ev);
            Ok(())
        }
        TradeCommand::Counter { id, give, get } => {
            let i = to_answer(m, seat, id, M::may_answer)?;
            counter_at(m, seat, i, (give, get), ev)
        }
        TradeCommand::Accept(id) => {
            let i = to_answer(m, seat, id, M::may_trade)?;
            accept_at(m, seat, i, ev)
        }
        TradeCommand::Decline(id) => {
            let i = to_answer(m, seat, id, M::may_answer)?;
            decline_at(m, seat, i, ev);
            Ok(())
        }
        TradeCommand::Cancel(id) => cancel(m, seat, id, ev),
    }
}

/// Writes a trade command so that [`TradeCommand::parse`] reads it back.
impl std::fmt::Display for TradeCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TradeCommand::Bank { give, get } => write!(f, "bank {give} for {get}"),
            TradeCommand::Offer { give, get, to } => match to {
                Some(t) => write!(f, "offer {give} for {get} to {}", t + 1),
                None => write!(f, "offer {give} for {get}"),
            },
            TradeCommand::Counter { id, give, get } => write!(f, "counter {id} {give} for {get}"),
            TradeCommand::Accept(id) => write!(f, "accept {id}"),
            TradeCommand::Decline(id) => write!(f, "decline {id}"),
            TradeCommand::Cancel(id) => write!(f, "cancel {id}"),
        }
    }
}

/// Makes a ruleset's command enum take [`TradeCommand`]s and [`Answer`]s (into its `Trade`
/// variant), so every ruleset lists its answers with [`each_answer`].
macro_rules! answers_into {
    ($command:ty) => {
        impl From<$crate::rules::offers::TradeCommand> for $command {
            fn from(t: $crate::rules::offers::TradeCommand) -> $command {
                <$command>::Trade(t)
            }
        }
        impl From<$crate::rules::offers::Answer> for $command {
            fn from(a: $crate::rules::offers::Answer) -> $command {
                <$command>::Trade(a.into())
            }
        }
    };
}
pub(crate) use answers_into;

/// Reads the words after `counter`: `ID GIVE for GET`, as every ruleset writes a
/// counter-offer (it goes to whoever made the offer, so it names no seat).
fn parse_counter(words: &[&str]) -> Result<(u32, ResourceSet, ResourceSet), RuleError> {
    let id = crate::rules::words::id_arg(words.first(), "counter")?;
    let (give, get, to) = crate::rules::words::trade_parts(words.get(1..).unwrap_or_default())?;
    if to.is_some() {
        return refuse("a counter-offer goes to whoever made the offer; leave out `to`");
    }
    Ok((id, give, get))
}

/// The [`Market`] methods that only lend the book's state, for a game that keeps its offers,
/// hands, map and pieces (for the harbour rates, every Catan ruleset's) in the table in its
/// field `table` (a [`crate::rules::table::CatanTable`] of one board or of a ring).
macro_rules! book_in_fields {
    () => {
        fn rates(&self, seat: $crate::engine::Seat) -> [u32; 5] {
            $crate::rules::trade::maritime_rates(&self.table.map, &self.table.pieces, seat)
        }
        fn offers(&self) -> &[$crate::rules::trade::Offer] {
            &self.table.offers
        }
        fn hands(&self) -> &[$crate::rules::resources::ResourceSet] {
            &self.table.hands
        }
        fn book(&mut self) -> $crate::rules::offers::Book<'_> {
            $crate::rules::offers::Book {
                offers: &mut self.table.offers,
                next_offer: &mut self.table.next_offer,
                hands: &mut self.table.hands,
            }
        }
    };
}
pub(crate) use book_in_fields;

#[cfg(test)]
mod tests {
    use super::*;

    /// The others are told how to answer an offer; its maker, how to withdraw it.
    #[test]
    fn an_offer_tells_its_maker_how_to_withdraw_it_and_the_others_how_to_answer() {
        let names: Vec<String> = ["Ann", "Bob"].map(String::from).into();
        let ev = TradeEvent::Offered {
            id: 3,
            from: 0,
            to: None,
            give: ResourceSet::one(Resource::Wool, 1),
            get: ResourceSet::one(Resource::Ore, 1),
        };
        assert_eq!(
            ev.describe(Some(0), &names),
            "Offer 3: You offer 1 wool for 1 ore (cancel 3 withdraws it)."
        );
        assert_eq!(
            ev.describe(Some(1), &names),
            "Offer 3: Ann offers 1 wool for 1 ore (accept 3 / decline 3)."
        );
    }
}
