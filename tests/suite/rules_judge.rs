//! A judge takes the typed moves a board lists (`Judge::push_listed`) and judges them exactly
//! as the same moves read from their text (`Judge::push`): the same states after every
//! move, and the same refusal of a move after the game ended.

use arbiter::rules::{rules_of, Board, PlayRules};
use arbiter::{Judge, RulesError};

/// Plays `moves` from `fen` under `ruleset` through two judges, one reading each move's
/// text, the other taking the board's candidate, and checks that they agree after every
/// move. Returns the first refusal, where the judges stop.
fn listed_and_read(ruleset: &str, fen: &str, moves: &[&str]) -> Option<RulesError> {
    let play = PlayRules::of(&ruleset.parse().unwrap());
    let rules = rules_of(&play);
    let mut read: Box<dyn Judge> = rules.judge(fen, &[]).unwrap();
    let mut listed = read.clone();
    let mut board = Board::of(&play, Some(fen)).unwrap();
    for (i, text) in moves.iter().enumerate() {
        let m = board.read_move(text).unwrap();
        assert!(board.legal_moves().contains(&m), "{text} is listed");
        let (a, b) = (read.push(text), listed.push_listed(&m));
        // The same refusal, the move written as given or canonically.
        let canonical = |r: &Result<(), RulesError>| match r {
            Err(RulesError::Move { number, reason, .. }) => Some((*number, reason.clone())),
            Err(e) => panic!("{e}"),
            Ok(()) => None,
        };
        assert_eq!(canonical(&a), canonical(&b), "move {} ({text})", i + 1);
        assert_eq!(read.outcome(), listed.outcome(), "after {text}");
        assert_eq!(read.plies(), listed.plies());
        if let Err(e) = a {
            return Some(e);
        }
        board = board.play(&m);
    }
    None
}

#[test]
fn a_listed_xiangqi_move_is_judged_as_its_text_and_refused_after_a_forbidden_repetition() {
    // The red chariot checks from g9 and g8 for ever: after four cycles red has lost.
    let cycle = ["g8g9", "d9d8", "g9g8", "d8d9"];
    let mut moves: Vec<&str> = cycle.iter().cycle().take(16).copied().collect();
    assert_eq!(
        listed_and_read("xiangqi", "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1", &moves),
        None
    );
    moves.push("g8g9");
    let refused = listed_and_read("xiangqi", "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1", &moves);
    let Some(RulesError::Move { number, reason, .. }) = refused else {
        panic!("the move after the loss is refused: {refused:?}")
    };
    assert_eq!(number, 17);
    assert!(reason.contains("already over"), "{reason}");
}

#[test]
fn a_listed_draughts_move_is_judged_as_its_text_and_refused_after_an_automatic_draw() {
    // Russian draws a threefold repetition at once: the kings' shuffle ends the game.
    let moves = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"].repeat(3);
    let refused = listed_and_read("russian", "W:WKc1:BKh8", &moves);
    let Some(RulesError::Move { number, reason, .. }) = refused else {
        panic!("a move after the draw is refused: {refused:?}")
    };
    assert_eq!(number, 9);
    assert!(reason.contains("already over"), "{reason}");
    // From the start, with captures: every state agrees.
    let game = ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "h6-g5"];
    assert_eq!(
        listed_and_read(
            "russian",
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            &game
        ),
        None
    );
}
