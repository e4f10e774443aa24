//! The pure rules engine: what every ruleset offers the host, the bots and the clients.
//!
//! A ruleset is a state machine. Commands from seats go in with the current time; events come
//! out, or a [`RuleError`] that says why the command is illegal and leaves the state exactly as
//! it was. The engine never reads a clock: the host passes `now` in, asks for the next
//! [`Ruleset::deadline`], and calls [`Ruleset::tick`] when it passes. Randomness comes from the
//! [`rng::GameRng`] in the state.
//!
//! Who may act is a set: [`Ruleset::actors`] lists every seat that may send a command now (a
//! discard on a 7 asks several at once; Total Chaos has no current player at all).

pub mod rng;

/// A seat at the table, 0-based.
pub type Seat = u16;

/// Game time in milliseconds since the host started the game.
pub type Millis = u64;

/// Why a command was refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }
}

/// Shorthand for refusing a command.
pub fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError(msg.into()))
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Winners (several only when a ruleset's scoring ties).
    pub winners: Vec<Seat>,
    /// Every seat with its final score, best first.
    pub standings: Vec<(Seat, i64)>,
}

/// Steps a game through each of its deadlines at or before `now`: the shared body of the
/// rulesets' [`Ruleset::tick`]. `step` resolves the deadline it is called for (or clears
/// it); the bound of 64 steps keeps a step that fails to do so from looping.
pub fn run_deadlines<G: Ruleset>(
    game: &mut G,
    now: Millis,
    mut step: impl FnMut(&mut G, &mut Vec<G::Event>),
) -> Vec<G::Event> {
    let mut ev = Vec::new();
    for _ in 0..64 {
        match game.deadline() {
            Some(d) if d <= now => step(game, &mut ev),
            _ => break,
        }
    }
    ev
}

/// What every ruleset offers. One closed enum ([`crate::variants::Game`]) dispatches to them.
pub trait Ruleset: Clone + Send + Sync + 'static {
    /// A typed command; the text form is [`Ruleset::parse`] / [`Ruleset::format`].
    type Command: Clone + std::fmt::Debug + PartialEq + Send + Sync;
    /// What happened; [`Ruleset::describe`] turns it into words for one viewer.
    type Event: Clone + std::fmt::Debug + Send + Sync;
    /// What one seat (or a spectator) may see.
    type View: Clone + std::fmt::Debug + serde::Serialize + Send;

    /// Number of seats.
    fn seats(&self) -> usize;
    /// Applies a command from a seat, or refuses it and leaves the state untouched.
    fn apply(
        &mut self,
        seat: Seat,
        cmd: &Self::Command,
        now: Millis,
    ) -> Result<Vec<Self::Event>, RuleError>;
    /// Lets time pass: acts on every deadline at or before `now`.
    fn tick(&mut self, now: Millis) -> Vec<Self::Event>;
    /// The next moment something happens by itself, if any.
    fn deadline(&self) -> Option<Millis>;
    /// Every command this seat may send now; each is accepted if sent.
    fn legal(&self, seat: Seat) -> Vec<Self::Command>;
    /// Seats that may act now.
    fn actors(&self) -> Vec<Seat>;
    /// What a seat (or a spectator, `None`) may see.
    fn view(&self, seat: Option<Seat>) -> Self::View;
    /// Reads a command in the text language.
    fn parse(&self, seat: Seat, text: &str) -> Result<Self::Command, RuleError>;
    /// Writes a command in the text language, so that `parse` reads it back.
    fn format(&self, cmd: &Self::Command) -> String;
    /// The event in words for one viewer, or `None` if it tells them nothing.
    fn describe(&self, ev: &Self::Event, viewer: Option<Seat>, names: &[String]) -> Option<String>;
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The command language, for `help`.
    fn help(&self) -> String;

    /// Every seat's points (by seat) split by where they come from, hidden cards included:
    /// the end-of-game summary's standings and its chart over the turns. Each seat's sum is
    /// its score in [`Ruleset::outcome`] once the game is over.
    fn points_by_source(&self) -> Vec<crate::recap::SeatPoints>;

    /// What an event means for the end-of-game summary (cards gained or lost and why, the
    /// production dice, a new turn or round), appended to `out`.
    fn recap_facts(&self, ev: &Self::Event, out: &mut Vec<crate::recap::Fact>);

    /// [`Ruleset::apply`] appending its events to `events` (cleared by the caller), so a
    /// driver that plays many moves reuses one buffer. Rulesets override it to skip the
    /// allocation; the result is the same.
    fn apply_into(
        &mut self,
        seat: Seat,
        cmd: &Self::Command,
        now: Millis,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError> {
        events.extend(self.apply(seat, cmd, now)?);
        Ok(())
    }

    /// [`Ruleset::actors`] written into `out` (cleared first), for drivers that ask each move.
    fn actors_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(self.actors());
    }
}
