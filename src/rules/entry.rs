//! The door every command passes before a ruleset's own rules: nobody acts once the game is
//! over, only seats at the table act, and a seat out of the game (Risk of Catan's
//! elimination) no longer does. Written once so that every ruleset refuses these alike, in the
//! same words; and the rule that a refused command leaves the caller's events as they were.

use crate::engine::{RuleError, Seat, refuse};

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

/// Runs a command's handler that appends its events to `ev`: on a refusal the events it
/// appended are taken back, so `ev` is as it was (the handlers check before they change the
/// state, but may have told of a step before a later check refused).
#[inline]
pub fn all_or_nothing<E>(
    ev: &mut Vec<E>,
    apply: impl FnOnce(&mut Vec<E>) -> Result<(), RuleError>,
) -> Result<(), RuleError> {
    let ev0 = ev.len();
    let done = apply(ev);
    if done.is_err() {
        ev.truncate(ev0);
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
        let r = all_or_nothing(&mut ev, |ev| {
            ev.push(2);
            refuse("no")
        });
        assert!(r.is_err());
        assert_eq!(ev, [1]);
        all_or_nothing(&mut ev, |ev| {
            ev.push(3);
            Ok(())
        })
        .unwrap();
        assert_eq!(ev, [1, 3]);
    }
}
