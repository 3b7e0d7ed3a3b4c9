//! Fuzz target: see `arbiter::fuzz::targets::check_repetition_start`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    arbiter::fuzz::targets::check_repetition_start(data);
});
