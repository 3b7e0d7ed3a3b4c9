//! Fuzz target: see `arbiter::targets::check_generated`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    arbiter::targets::check_generated(data);
});
