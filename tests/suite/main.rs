//! The integration tests of arbiter, one binary: one module per concern (the module path is
//! the test's name prefix: `cargo test --release --test suite xiangqi_perft::`), and shared
//! helpers (`common`, `report_fixtures`, `xiangqi_cycles`, `draughts_naive`, `perft_data`). One binary
//! links the library once instead of once per file, which is most of the build time of
//! `cargo test --release` (docs/performance.md, "Test time").
//!
//! Two test files are binaries of their own, for a reason each:
//! - `tests/cases.rs` runs every case file as a test under its own harness (`harness =
//!   false`, libtest-mimic), so it cannot share the libtest `main` of this binary;
//! - `tests/installed_editions.rs` installs extra editions into the process-wide edition
//!   registry, which takes them only before any ruleset is parsed; the tests of this binary
//!   parse rulesets on other threads first, so it needs a process of its own.

mod bad_input;
mod baseline;
mod browser;
mod citations;
mod clause_ids_in_code;
mod cli_anywhere;
mod cli_engine;
mod cli_fuzz;
mod cli_hardening;
mod cli_pipe;
mod cli_run;
mod cli_status;
mod clock;
mod common;
mod draughts_captures;
mod draughts_crosscheck;
mod draughts_fen;
mod draughts_fuzz_corpus;
mod draughts_naive;
mod draughts_notation;
mod draughts_perft;
mod draughts_rules;
mod draw_mutants;
mod endings;
mod engine_faults;
mod engine_gate;
mod engine_process;
mod engine_standard_uci;
mod engine_ucci_banmoves;
mod engine_uci;
mod fuzz_baseline;
mod fuzz_differential;
mod fuzz_repetition_start;
mod fuzz_targets_corpus;
mod history_cost;
mod layers;
mod mutants;
mod nothing_checked;
mod perft_data;
mod perft_depth;
mod play;
mod play_engines;
mod play_protocol;
mod play_record;
mod play_stream;
mod procedure_cli;
mod procedure_session;
mod procedure_touch;
mod protocol_schema;
mod records;
mod report_every_expectation;
mod report_fixtures;
mod report_views;
mod rules_judge;
mod spec_lint;
mod spec_load;
mod spec_schema;
mod standings;
mod unknown_fields;
mod xiangqi_cycles;
mod xiangqi_fen;
mod xiangqi_fuzz_corpus;
mod xiangqi_moves;
mod xiangqi_notation;
mod xiangqi_perft;
mod xiangqi_repetition;
mod xiangqi_repetition_claims;
mod xiangqi_rules;
