//! Who holds a seat across a save and a reconnection: the seats a save left, and the tokens
//! that let a person reclaim theirs.

use crate::record::Entry;

/// Who held a seat in a saved game, for [`super::Table::resume`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSeat {
    pub name: String,
    pub token: String,
    pub bot: bool,
}

/// The seats as the `seat` lines of a save left them (seats without one are bots).
pub fn saved_seats(seats: usize, entries: &[Entry]) -> Vec<SavedSeat> {
    let mut v: Vec<SavedSeat> = (0..seats)
        .map(|i| SavedSeat {
            name: format!("Bot {}", i + 1),
            token: new_token(),
            bot: true,
        })
        .collect();
    for e in entries {
        if let Entry::Seat {
            seat,
            bot,
            token,
            name,
            ..
        } = e
            && let Some(s) = v.get_mut(*seat as usize)
        {
            *s = SavedSeat {
                name: name.clone(),
                token: token.clone(),
                bot: *bot,
            };
        }
    }
    v
}

/// A fresh secret a person reclaims their seat with (and a game's id when none is given).
pub(super) fn new_token() -> String {
    use rand::RngExt;
    let mut r = rand::rng();
    format!("{:016x}{:016x}", r.random::<u64>(), r.random::<u64>())
}
