//! Any bytes into the host's and the client's frame decoders: no panic, and every message
//! decoded survives a round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = catan::fuzz::frame_input(data) {
        panic!("{e}");
    }
});
