//! Issue 27, "super-linear histories": a game kept move by move counts the occurrences of
//! each position with one look-up and finds the start of a long repetition from the one
//! found a move earlier, instead of scanning the history again at every move. These tests
//! check that the shortcuts give exactly what the full computation gives (the cost itself
//! is a benchmark: docs/performance.md, "Long histories").

use arbiter::xiangqi::endings::XiangqiEndings;
use arbiter::xiangqi::repetition::{adjudicate, RepetitionRules};
use arbiter::xiangqi::{parse_move, Position};
use arbiter::Ruleset;

/// A history that repeats one cycle, breaks it, repeats cycles of other lengths (horses and
/// chariots shuffling, checks, a capture that resets the counts): at every move the
/// verdict of the game kept move by move equals the verdict computed afresh.
#[test]
fn the_verdict_kept_move_by_move_is_the_verdict_computed_afresh() {
    let ruleset: Ruleset = "xiangqi".parse().unwrap();
    let start = Position::start();
    let rules = RepetitionRules::for_ruleset(&ruleset).unwrap_or(RepetitionRules::CXA);
    let mut texts: Vec<&str> = Vec::new();
    // Horses out and back, both sides: a 4-ply cycle, 12 times.
    for _ in 0..12 {
        texts.extend(["h0g2", "h9g7", "g2h0", "g7h9"]);
    }
    // An 8-ply cycle (both horses each side), 6 times.
    for _ in 0..6 {
        texts.extend([
            "h0g2", "h9g7", "b0c2", "b9c7", "g2h0", "g7h9", "c2b0", "c7b9",
        ]);
    }
    // The 4-ply cycle again, then a capture (cannon takes horse) and a cycle after it.
    for _ in 0..5 {
        texts.extend(["h0g2", "h9g7", "g2h0", "g7h9"]);
    }
    texts.extend(["h2h9", "i9h9"]);
    for _ in 0..5 {
        texts.extend(["b0c2", "b9c7", "c2b0", "c7b9"]);
    }
    let mut game = XiangqiEndings::new(&ruleset, start);
    let mut moves = Vec::new();
    let mut pos = start;
    let mut verdicts = 0;
    let mut positions = vec![start];
    let mut since = 0;
    for (i, text) in texts.iter().enumerate() {
        let m = parse_move(&pos, text).unwrap_or_else(|e| panic!("move {}: {text}: {e}", i + 1));
        game.push(m);
        moves.push(m);
        pos = pos.play(m).unwrap();
        let fresh = adjudicate(&start, &moves, &rules).unwrap();
        assert_eq!(
            game.verdict(),
            fresh.as_ref(),
            "after move {} ({text})",
            i + 1
        );
        verdicts += usize::from(fresh.is_some());
        // The occurrences, counted afresh: the same placement since the last capture.
        positions.push(pos);
        if pieces(&pos) < pieces(&positions[positions.len() - 2]) {
            since = positions.len() - 1;
        }
        let seen = positions[since..].iter().filter(|p| same(p, &pos)).count() as u32;
        assert_eq!(game.occurrences(), seen, "after move {} ({text})", i + 1);
    }
    assert!(
        verdicts > 60,
        "only {verdicts} verdicts: the history does not repeat"
    );
}

/// Same pieces on the same squares, same side to move (the FEN's first two fields).
fn same(a: &Position, b: &Position) -> bool {
    let key = |p: &Position| p.fen().split(' ').take(2).collect::<Vec<_>>().join(" ");
    key(a) == key(b)
}

/// The pieces on the board.
fn pieces(p: &Position) -> usize {
    p.fen()
        .split(' ')
        .next()
        .map_or(0, |b| b.chars().filter(char::is_ascii_alphabetic).count())
}
