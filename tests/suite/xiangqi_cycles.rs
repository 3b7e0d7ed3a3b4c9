//! Repetition cycles shared by the claim tests (`xiangqi_repetition_claims`) and the
//! installed-edition test (`tests/installed_editions.rs`): start positions (FEN, ranks 9 to 0)
//! and the four moves (ICCS) that bring each back.

/// `cycle` played `n` times after `prefix`.
pub fn times(cycle: &[&str], n: usize, prefix: &[&str]) -> Vec<String> {
    prefix
        .iter()
        .chain(cycle.iter().cycle().take(cycle.len() * n))
        .map(|s| s.to_string())
        .collect()
}

/// Chariot a0-b0 against general d9-d8, the red general on f0: nothing is attacked.
pub const IDLE: &str = "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1";
pub const SHUTTLE: [&str; 4] = ["a0b0", "d9d8", "b0a0", "d8d9"];
/// The red chariot follows the loose black cannon c7-c8 (长捉).
pub const CHASE: &str = "2bakab2/R8/2c6/4p4/9/9/4P4/9/9/2BAKAB2 w - - 0 1";
pub const CHASE_CYCLE: [&str; 4] = ["a8a7", "c7c8", "a7a8", "c8c7"];
/// 一将一捉: the chariot checks from g9 and chases the cannon c7 from g7.
pub const CHECK_CHASE: &str = "3k5/9/2c3R2/9/9/9/9/9/9/4K4 w - - 0 1";
pub const CHECK_CHASE_CYCLE: [&str; 4] = ["g7g9", "d9d8", "g9g7", "d8d9"];
/// Both chariots chase a loose piece with every move (长捉 against 长捉).
pub const BOTH: &str = "3aka3/9/7c1/R6n1/4p4/1C7/1N6r/9/9/3AKA3 w - - 0 1";
pub const BOTH_CYCLE: [&str; 4] = ["a6a7", "i3i4", "a7a6", "i4i3"];
/// Perpetual check by the chariot on d1/e1 after a1d1.
pub const CHECKS: &str = "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1";
pub const CHECK_CYCLE: [&str; 4] = ["d9e9", "d1e1", "e9d9", "e1d1"];
