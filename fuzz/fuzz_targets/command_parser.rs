//! Any bytes as command lines for the seats of a base game (after a few random legal moves
//! the first byte chooses): no panic, invariants hold, refused commands change nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = catan::fuzz::command_input(data) {
        panic!("{e}");
    }
});
