//! The door every command passes before a ruleset's own rules: nobody acts once the game is
//! over, only seats at the table act, and a seat out of the game (eliminated, or
//! resigned) no longer does. Written once so that every ruleset refuses these alike, in the
//! same words; and the rule that a refused command leaves the caller's events as they were.

use crate::engine::{Millis, RuleError, Seat, refuse};

/// One command on its way through a ruleset's handlers: the seat that sent it, the game time
/// it came at, and the list its events are appended to. `Ruleset::apply_into` gets these as
/// three parameters; the glue (`ruleset_glue!(own_apply)`) puts them in one `Act`, and every
/// handler of the built-in rulesets takes that, then its own arguments, so what every command
/// carries is said once rather than in each handler's parameter list.
pub struct Act<'a, E> {
    pub seat: Seat,
    pub now: Millis,
    /// Where the handlers append their events; on a refusal [`all_or_nothing`] takes back
    /// what they appended.
    pub ev: &'a mut Vec<E>,
}

/// What a handler makes of a command: accepted (its events appended to the [`Act`]'s list),
/// or refused in words for the player.
pub type Verdict = Result<(), RuleError>;

/// Refuses a command once the game is over (`over`) or from a seat that is not one of the
/// table's `seats`.
#[inline]
pub fn admit(seat: Seat, seats: usize, over: bool) -> Result<(), RuleError> {
    if over {
        return refuse("the game is over");
    }
    if seat as usize >= seats {
        return refuse(format!("there is no seat {}", seat + 1));
    }
    Ok(())
}

/// [`admit`], and refuses a seat that is out of the game (`out`, by seat).
#[inline]
pub fn admit_playing(seat: Seat, over: bool, out: &[bool]) -> Result<(), RuleError> {
    admit(seat, out.len(), over)?;
    if out[seat as usize] {
        return refuse("you are out of the game");
    }
    Ok(())
}

/// The end of a command's handlers, which append their events to `ev` from `from` on: on a
/// refusal (`done`) the events they appended are taken back, so `ev` is as it was (the
/// handlers check before they change the state, but may have told of a step before a later
/// check refused). Taking the handlers' result rather than the handlers themselves keeps a
/// ruleset's dispatch in one function: as a closure, base's was compiled apart, and cost 3 %
/// more instructions in `catan sim`; called from the glue's `apply_into` around the dispatch,
/// 1.2 % more.
#[inline]
pub fn all_or_nothing<E>(ev: &mut Vec<E>, from: usize, done: Verdict) -> Verdict {
    if done.is_err() {
        ev.truncate(from);
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_door_refuses_in_one_wording() {
        assert_eq!(admit(0, 4, true).unwrap_err().0, "the game is over");
        assert_eq!(admit(4, 4, false).unwrap_err().0, "there is no seat 5");
        assert!(admit(3, 4, false).is_ok());
        let out = [false, true];
        assert_eq!(
            admit_playing(1, false, &out).unwrap_err().0,
            "you are out of the game"
        );
        assert_eq!(
            admit_playing(2, false, &out).unwrap_err().0,
            "there is no seat 3"
        );
        assert!(admit_playing(0, false, &out).is_ok());
    }

    #[test]
    fn a_refusal_takes_back_the_events_it_told() {
        let mut ev = vec![1];
        let from = ev.len();
        ev.push(2);
        assert!(all_or_nothing(&mut ev, from, refuse("no")).is_err());
        assert_eq!(ev, [1]);
        ev.push(3);
        all_or_nothing(&mut ev, from, Ok(())).unwrap();
        assert_eq!(ev, [1, 3]);
    }
}
