//! Any bytes as command lines for the seats of a game of any ruleset (the first byte chooses
//! it, the second how many random legal moves come first): no panic, invariants hold, refused
//! commands change nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = catan::fuzz::command_input(data) {
        panic!("{e}");
    }
});
