//! Fuzz target: see `arbiter::draughts::fuzzing::check_fen`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    arbiter::draughts::fuzzing::check_fen(data);
});
