//! The xiangqi rules through the game-neutral `Rules` trait used by the CLI and the runner.

use arbiter::{rules_for, PerftCount, Reason, Rules, RulesError, Ruleset, Score, Side};

fn rules() -> Box<dyn Rules> {
    rules_for(&"xiangqi".parse::<Ruleset>().unwrap())
}

#[test]
fn start_fen_and_canonical_fen() {
    let r = rules();
    assert_eq!(
        r.start_fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    assert_eq!(
        r.canonical_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap(),
        r.start_fen()
    );
    let err = r.canonical_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    assert!(
        matches!(err, RulesError::Position(ref m) if m.contains("face each other")),
        "{err}"
    );
}

#[test]
fn legal_moves_in_each_notation_share_keys() {
    let r = rules();
    let start = r.start_fen();
    let iccs = r.legal_moves(&start, None).unwrap();
    assert_eq!(iccs.len(), 44);
    for name in ["iccs", "uci10", "chinese", "wxf"] {
        let moves = r.legal_moves(&start, Some(name)).unwrap();
        let keys: Vec<_> = moves.iter().map(|m| m.key.clone()).collect();
        let expected: Vec<_> = iccs.iter().map(|m| m.key.clone()).collect();
        assert_eq!(keys, expected, "{name}");
    }
    let chinese = r.legal_moves(&start, Some("chinese")).unwrap();
    let central = chinese.iter().find(|m| m.key == "h2e2").unwrap();
    assert_eq!(central.text, "炮二平五");
    let uci10 = r.legal_moves(&start, Some("uci10")).unwrap();
    assert!(uci10.iter().any(|m| m.text == "h3h10" && m.key == "h2h9"));
}

#[test]
fn unknown_notation_lists_the_known_ones() {
    let err = rules()
        .legal_moves(&rules().start_fen(), Some("san"))
        .unwrap_err();
    assert_eq!(
        err,
        RulesError::Unsupported(
            "unknown xiangqi notation 'san' (expected one of: iccs, uci10, chinese, wxf)".into()
        )
    );
}

#[test]
fn move_json_describes_the_move() {
    let r = rules();
    let moves = r.legal_moves(&r.start_fen(), Some("wxf")).unwrap();
    let capture = moves.iter().find(|m| m.key == "h2h9").unwrap();
    assert_eq!(
        capture.json,
        serde_json::json!({
            "text": "C2+7", "iccs": "h2h9", "from": "h2", "to": "h9",
            "piece": "C", "capture": "n", "check": false
        })
    );
    let quiet = moves.iter().find(|m| m.key == "h2e2").unwrap();
    assert_eq!(quiet.json["capture"], serde_json::Value::Null);
    let moves = r.legal_moves("4k4/R8/9/9/9/9/9/9/9/3K5 w", None).unwrap();
    let check = moves.iter().find(|m| m.key == "a8a9").unwrap();
    assert_eq!(check.json["check"], true);
    let quiet = moves.iter().find(|m| m.key == "a8a7").unwrap();
    assert_eq!(quiet.json["check"], false);
}

#[test]
fn play_reads_any_guessable_notation() {
    let r = rules();
    let moves: Vec<String> = ["炮二平五", "H8+7", "h0g2", "車9平8"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        r.play(&r.start_fen(), &moves).unwrap(),
        "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
    );
    let err = r
        .play(&r.start_fen(), &["h2e2".into(), "h2e2".into()])
        .unwrap_err();
    assert!(
        matches!(err, RulesError::Move { number: 2, ref text, .. } if text == "h2e2"),
        "{err}"
    );
}

#[test]
fn resolve_move_gives_the_same_key_for_every_notation() {
    let r = rules();
    let start = r.start_fen();
    for text in ["h2e2", "H2-E2", "C2=5", "炮二平五"] {
        assert_eq!(r.resolve_move(&start, text).unwrap().key, "h2e2", "{text}");
    }
    assert!(r.resolve_move(&start, "h3e3").is_err());
}

#[test]
fn perft_with_divide() {
    let r = rules();
    let p = r.perft(&r.start_fen(), 2, PerftCount::Paths, true).unwrap();
    assert_eq!(p.nodes, 1920);
    assert_eq!(p.divide.len(), 44);
    assert!(p.divide.windows(2).all(|w| w[0].0 < w[1].0));
    let p = r
        .perft(&r.start_fen(), 3, PerftCount::Moves, false)
        .unwrap();
    assert_eq!(p.nodes, 79_666);
}

#[test]
fn status_reports_mate_stalemate_and_check() {
    let r = rules();
    let status = |fen: &str| {
        let st = r.status(fen).unwrap();
        (st.outcome.map(|o| (o.result, o.reason)), st.in_check)
    };
    let red = Score::Win(Side::First);
    assert_eq!(
        status("1R2k4/R8/9/9/9/9/9/9/9/3K5 b"),
        (Some((red, Reason::Checkmate)), true)
    );
    assert_eq!(
        status("4k4/9/4P4/9/9/9/9/9/3R1R3/4K4 b"),
        (Some((red, Reason::Stalemate)), false)
    );
    assert_eq!(status("4k4/9/9/9/9/9/9/9/9/3K1r3 w"), (None, true));
    let black_wins = status("3k5/9/9/9/9/9/9/9/r8/1r2K4 w").0;
    assert_eq!(black_wins.map(|(r, _)| r), Some(Score::Win(Side::Second)));
}

#[test]
fn render_draws_the_board() {
    let r = rules();
    let text = r.render(&r.start_fen(), false).unwrap();
    assert!(text.starts_with("9 r n b a k a b n r\n"), "{text}");
    assert!(text.contains("0 R N B A K A B N R\n"));
    assert!(text.contains("  a b c d e f g h i\n"));
    assert!(text.ends_with("red to move\n"));
    let text = r.render(&r.start_fen(), true).unwrap();
    assert!(text.starts_with("9 车马象士将士象马车\n"), "{text}");
    assert!(text.contains("0 车马相仕帅仕相马车\n"));
    assert!(text.contains("兵"));
    assert!(text.contains("卒"));
}
