//! The draughts rules through the game-neutral `Rules` trait (what the CLI and the case
//! runner use): texts, keys, JSON, notation choice, play errors, status and rendering.

use arbiter::{rules_for, Reason, Rules, RulesError, Ruleset, Score, Side};

fn rules(name: &str) -> Box<dyn Rules> {
    rules_for(&name.parse::<Ruleset>().unwrap())
}

#[test]
fn start_position_and_canonical_fen() {
    let r = rules("russian");
    assert_eq!(
        r.start_fen(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(
        r.canonical_fen("[FEN \"B:Wc3,a1:BK9\"]").unwrap(),
        "B:W22,29:BK9"
    );
    assert_eq!(r.ruleset().to_string(), "russian@fmjd64");
    let err = r.canonical_fen("W:W1:B12").unwrap_err();
    assert!(
        matches!(err, RulesError::Position(ref m) if m.contains("square 1")),
        "{err}"
    );
}

#[test]
fn legal_moves_text_key_and_json() {
    let r = rules("russian");
    // The loop: one move with two paths, written with the smaller one.
    let moves = r.legal_moves("W:W22:B9,10,17,18", None).unwrap();
    assert_eq!(moves.len(), 1);
    let m = &moves[0];
    assert_eq!(m.text, "22x13x6x15x22");
    assert_eq!(m.key, "22x22(9,10,17,18)");
    assert_eq!(
        m.json,
        serde_json::json!({
            "text": "22x13x6x15x22",
            "from": 22,
            "to": 22,
            "captures": [9, 10, 17, 18],
            "promotes": false,
            "path": [22, 13, 6, 15, 22],
            "paths": [[22, 13, 6, 15, 22], [22, 15, 6, 13, 22]],
        })
    );
    // The other route reads as the same move (same key).
    assert_eq!(
        r.resolve_move("W:W22:B9,10,17,18", "c3:e5:c7:a5:c3")
            .unwrap()
            .key,
        m.key
    );
    let crowned = r.legal_moves("W:W9:B6,7", None).unwrap();
    assert_eq!(crowned[0].key, "9x11(6,7)+K");
    assert_eq!(crowned[0].json["promotes"], true);
}

#[test]
fn notations() {
    let r = rules("brazilian");
    let fen = r.start_fen();
    let alg: Vec<String> = r
        .legal_moves(&fen, Some("algebraic"))
        .unwrap()
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(
        alg,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    let num = r.legal_moves(&fen, Some("numeric")).unwrap();
    assert_eq!(num[0].text, "21-17");
    assert_eq!(
        r.legal_moves(&fen, Some("wxf")).unwrap_err(),
        RulesError::Unsupported(
            "unknown draughts notation 'wxf' (expected one of: numeric, algebraic)".into()
        )
    );
}

#[test]
fn play_reports_the_bad_move_by_number() {
    let r = rules("russian");
    let fen = r.start_fen();
    let moves: Vec<String> = ["c3-d4", "f6-g5", "d4-e6"].map(String::from).to_vec();
    match r.play(&fen, &moves).unwrap_err() {
        RulesError::Move {
            number,
            text,
            reason,
        } => {
            assert_eq!(number, 3);
            assert_eq!(text, "d4-e6");
            assert!(reason.contains("unknown square 'e6'"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let moves: Vec<String> = ["c3-d4", "f6-g5", "d4-c3"].map(String::from).to_vec();
    assert!(matches!(
        r.play(&fen, &moves),
        Err(RulesError::Move { number: 3, .. })
    ));
    let ok = r.play(&fen, &moves[..2]).unwrap();
    assert_eq!(
        ok,
        "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,16"
    );
}

#[test]
fn status_art_12_2() {
    let r = rules("brazilian");
    let ended = |fen: &str| r.status(fen).unwrap().outcome.map(|o| (o.result, o.reason));
    let white = Score::Win(Side::First);
    assert_eq!(ended("B:W21:B"), Some((white, Reason::NoPieces)));
    // Black man on 13 (a5) blocked by white men on 17 and 22 behind it: no legal move.
    assert_eq!(ended("B:W17,22:B13"), Some((white, Reason::NoLegalMove)));
    let black = Score::Win(Side::Second);
    assert_eq!(ended("W:W29:B25,22"), Some((black, Reason::NoLegalMove)));
    let st = r.status(&r.start_fen()).unwrap();
    assert_eq!(st.outcome, None);
    assert!(!st.in_check);
}

#[test]
fn render_draws_the_board() {
    let r = rules("russian");
    let board = r.render("B:W21,K30:B1,K12", false).unwrap();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "8    b   .   .   .");
    assert_eq!(lines[2], "6    .   .   .   B");
    assert_eq!(lines[5], "3  w   .   .   .  ");
    assert_eq!(lines[7], "1  .   W   .   .  ");
    assert_eq!(lines[8], "   a b c d e f g h");
    assert_eq!(lines[9], "black to move");
}

#[test]
fn perft_through_rules() {
    let r = rules("brazilian");
    let p = r
        .perft(&r.start_fen(), 5, arbiter::PerftCount::Moves, false)
        .unwrap();
    assert_eq!(p.nodes, 7473);
}
