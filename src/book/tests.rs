use crate::clause;
use crate::page::*;
use crate::{Game, Ruleset};
use serde_json::json;

fn ruleset(text: &str) -> Ruleset {
    text.parse().unwrap()
}

#[test]
fn rounds_number_both_sides_and_start_with_black_when_black_moves_first() {
    let moves: Vec<String> = ["22-18", "11-15", "18x11"].map(String::from).to_vec();
    let r = Replay::play(&ruleset("russian"), None, &moves).unwrap();
    assert_eq!(r.rounds(), "1. 22-18 11-15 2. 18x11");
    assert_eq!(r.fens.len(), 4);
    let r = Replay::play(
        &ruleset("russian"),
        Some("B:W22:B11"),
        &["11-15".into(), "22-18".into()],
    )
    .unwrap();
    assert_eq!(r.rounds(), "1. … 11-15 2. 22-18");
}

#[test]
fn a_refused_history_move_is_shown_as_written_and_marked() {
    let moves: Vec<String> = ["22-18", "22-18", "11-15"].map(String::from).to_vec();
    let r = Replay::play(&ruleset("brazilian"), None, &moves).unwrap();
    assert_eq!(r.refused.as_ref().map(|(i, _)| *i), Some(1));
    assert_eq!(r.rounds(), "1. 22-18 22-18 (refused) 11-15");
    assert!(Replay::play(&ruleset("xiangqi"), Some("not a fen"), &[]).is_err());
}

#[test]
fn xiangqi_histories_are_written_in_the_chinese_record() {
    let moves: Vec<String> = ["h2e2", "h9g7", "h0g2"].map(String::from).to_vec();
    let r = Replay::play(&ruleset("xiangqi"), None, &moves).unwrap();
    assert_eq!(r.rounds(), "1. 炮二平五 马8进7 2. 马二进三");
}

#[test]
fn counts_in_plies_are_said_in_moves_too() {
    assert_eq!(
        plies_in_moves(60, Game::Xiangqi),
        "60 plies (30 moves, 回合)"
    );
    let words = expectation_words(
        &json!({"counters": {"kings-only": 29, "threefold": 2, "small-ending": null}}),
        Game::Brazilian,
    );
    assert_eq!(
        words,
        ["The kings only counter stands at 29 plies (14½ moves); the small ending rule does not count now; the threefold counter stands at 2 occurrences."]
    );
}

#[test]
fn expectations_read_as_sentences() {
    let e = json!({
        "legal": ["22x15"],
        "rejected": {"stage": "move", "move": 2, "contains": "no legal move"},
        "claim": {"kind": "kings-only", "by": "black", "upheld": false},
        "repetition": {"verdict": "loss", "side": "red"},
        "permitted": {"moves": ["a0b0"], "by": clause::XQ_TOUCH_MOVE_OWN_PIECE},
    });
    let words = expectation_words(&e, Game::Xiangqi);
    assert_eq!(
        words,
        [
            "Black's claim of a draw by kings only is rejected.",
            "The side to move has exactly one move: 22x15.",
            "After the touches, the player may make exactly one move: a0b0 (decided by xq.touch-move.own-piece).",
            "Move 2 of the history must be refused, with a reason mentioning “no legal move”.",
            "The repetition is judged: Red loses (went on with a forbidden repetition).",
        ]
    );
}

#[test]
fn boards_draw_missing_and_extra_moves_apart_and_touched_pieces() {
    let req = BoardRequest {
        fen: "W:W22,25:B18",
        arrows: vec![
            (
                ArrowKind::Missing,
                Route::Squares(vec!["22".into(), "15".into()]),
            ),
            (ArrowKind::Extra, Route::Move("25-21".into())),
        ],
        touched: vec!["25".into()],
        ..BoardRequest::default()
    };
    let svg = board_svg(&ruleset("russian"), &req).unwrap();
    assert_eq!(svg.matches(r#"class="arrow missing""#).count(), 1);
    assert_eq!(svg.matches(r#"class="arrow extra""#).count(), 1);
    assert!(svg.contains(r#"class="touched""#));
    assert!(svg.trim_end().ends_with("</svg>"));
    // One expected move is the board's route, its capture crossed out.
    let req = BoardRequest {
        fen: "W:W22:B18",
        arrows: vec![(ArrowKind::Expected, Route::Move("22x15".into()))],
        ..BoardRequest::default()
    };
    let svg = board_svg(&ruleset("russian"), &req).unwrap();
    assert!(svg.contains(r#"class="captured""#) && !svg.contains("class=\"arrow"));
    assert!(board_svg(
        &ruleset("xiangqi"),
        &BoardRequest {
            fen: "9/9",
            ..BoardRequest::default()
        }
    )
    .is_err());
}

#[test]
fn text_from_cases_is_escaped_in_pages() {
    let html = scene_html(
        &ruleset("russian"),
        &Scene {
            moves: &["<b>".to_owned()],
            ..Scene::default()
        },
    );
    assert!(
        html.contains("&lt;b&gt;") && !html.contains("<b>&lt;"),
        "{html}"
    );
    assert!(!html.contains("<b><"));
}
