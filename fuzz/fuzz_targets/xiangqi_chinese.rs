//! Fuzz target: see `arbiter::xiangqi::fuzzing::check_chinese`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    arbiter::xiangqi::fuzzing::check_chinese(data);
});
