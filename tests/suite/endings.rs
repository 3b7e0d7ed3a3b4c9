//! Endings and draw rules through the outcome API: every counter one ply before and at its
//! limit, every reset, every edition difference, claims and draw offers. Histories are
//! found here by a small search (king moves that allow no capture and repeat no position a
//! third time), independent of the case files.

use arbiter::draughts::{Position, Variant};
use arbiter::edition::DrawKind;
use arbiter::{rules_for, OfferAnswer, OfferRecord, Rules, Ruleset, Side};
use rstest::rstest;
use std::collections::HashMap;

fn rules(r: &str) -> Box<dyn Rules> {
    rules_for(&r.parse::<Ruleset>().unwrap())
}

/// `plies` king moves (or any moves with `kings_only = false`) from `fen`, none a capture,
/// never giving the opponent a capture, no position three times.
fn walk(fen: &str, plies: usize, kings_only: bool, avoid_diagonal: Option<bool>) -> Vec<String> {
    let start = Position::from_fen(fen, Variant::Russian).unwrap();
    let mut seen: HashMap<Position, u32> = HashMap::new();
    seen.insert(start, 1);
    let mut out = Vec::new();
    assert!(search(
        start,
        plies,
        kings_only,
        avoid_diagonal,
        &mut seen,
        &mut out
    ));
    out
}

fn lone_king_on_diagonal(pos: &Position) -> bool {
    let diag = arbiter::draughts::endings::long_diagonal();
    (pos.pieces(Side::Second) & diag).count() == 1
}

fn search(
    pos: Position,
    left: usize,
    kings_only: bool,
    diagonal: Option<bool>,
    seen: &mut HashMap<Position, u32>,
    out: &mut Vec<String>,
) -> bool {
    if left == 0 {
        return true;
    }
    for mv in pos.legal_moves() {
        if mv.is_capture() || (kings_only && !pos.kings().contains(mv.from())) {
            continue;
        }
        let next = pos.play_unchecked(&mv);
        let replies = next.legal_moves();
        if replies.is_empty() || replies.iter().any(|m| m.is_capture()) {
            continue;
        }
        if diagonal.is_some_and(|d| lone_king_on_diagonal(&next) != d) {
            continue;
        }
        if seen.get(&next).copied().unwrap_or(0) >= 2 {
            continue;
        }
        *seen.entry(next).or_insert(0) += 1;
        out.push(mv.to_string());
        if search(next, left - 1, kings_only, diagonal, seen, out) {
            return true;
        }
        out.pop();
        *seen.entry(next).or_insert(1) -= 1;
    }
    false
}

const TEN: &str = "W:WK32,K31,21,22,23:BK1,K2,10,11,12";

// Kings-only counts: CXA art. 12.3.4.1 (15 moves, claimed), CBD (20), FMJD (25, automatic),
// FMJD-64 7.2.5 (15, automatic). One ply before the limit nothing; at the limit the draw.
#[rstest]
#[case("brazilian", 29, "ongoing", false)]
#[case("brazilian", 30, "ongoing", true)]
#[case("brazilian@cbd", 39, "ongoing", false)]
#[case("brazilian@cbd", 40, "ongoing", true)]
#[case("brazilian@fmjd", 49, "ongoing", false)]
#[case("brazilian@fmjd", 50, "draw", false)]
#[case("russian", 29, "ongoing", false)]
#[case("russian", 30, "draw", false)]
fn kings_only_count_per_edition(
    #[case] ruleset: &str,
    #[case] plies: usize,
    #[case] result: &str,
    #[case] claimable: bool,
) {
    let moves = walk(TEN, plies, true, None);
    let out = rules(ruleset).outcome(TEN, &moves).unwrap();
    assert_eq!(out.result_slug(), result, "{ruleset} after {plies} plies");
    assert_eq!(out.counters[DrawKind::KingsOnly], plies as u32);
    assert_eq!(out.claims.contains(&DrawKind::KingsOnly), claimable);
    if result == "draw" {
        assert_eq!(out.reason_slug(), "kings-only");
    }
}

#[test]
fn a_man_move_resets_the_kings_only_count() {
    // art. 12.3.4.1: "no man moved".
    let mut moves = walk(TEN, 10, true, None);
    let rules = rules("brazilian");
    let fen = rules.play(TEN, &moves).unwrap();
    let pos = Position::from_fen(&fen, Variant::Brazilian).unwrap();
    let man = pos
        .legal_moves()
        .into_iter()
        .find(|m| {
            !pos.kings().contains(m.from())
                && !pos
                    .play_unchecked(m)
                    .legal_moves()
                    .iter()
                    .any(|r| r.is_capture())
        })
        .unwrap();
    moves.push(man.to_string());
    let fen = rules.play(TEN, &moves).unwrap();
    moves.extend(walk(&fen, 29, true, None));
    let out = rules.outcome(TEN, &moves).unwrap();
    assert_eq!(out.counters[DrawKind::KingsOnly], 29);
    assert!(out.claims.is_empty());
}

#[test]
fn a_king_capture_resets_the_kings_only_count() {
    let fen = "W:WK32,K31,21,22:BK1,K2,10,11,27";
    let r = rules("brazilian");
    let capture = r
        .legal_moves(fen, None)
        .unwrap()
        .into_iter()
        .find(|m| m.text.contains('x'))
        .unwrap()
        .text;
    let after = r.play(fen, std::slice::from_ref(&capture)).unwrap();
    let mut moves = vec![capture];
    moves.extend(walk(&after, 30, true, None));
    let out = r.outcome(fen, &moves[..30]).unwrap();
    assert_eq!(out.counters[DrawKind::KingsOnly], 29);
    let out = r.outcome(fen, &moves).unwrap();
    assert_eq!(out.claims, vec![DrawKind::KingsOnly]);
}

// art. 12.3.4.2, FMJD-64 7.2.8: two kings, king + man, king against a lone king, 5 moves.
#[rstest]
#[case("W:WK32,K28:BK1")]
#[case("W:WK32,21:BK1")]
#[case("W:WK32:BK1")]
fn small_endings_draw_after_five_moves(#[case] fen: &str) {
    let moves = walk(fen, 10, true, None);
    for (ruleset, at_limit) in [("brazilian", "ongoing"), ("russian", "draw")] {
        let r = rules(ruleset);
        let before = r.outcome(fen, &moves[..9]).unwrap();
        assert_eq!(before.result_slug(), "ongoing");
        assert_eq!(before.counters[DrawKind::SmallEnding], 9);
        assert!(before.claims.is_empty());
        let at = r.outcome(fen, &moves).unwrap();
        assert_eq!(at.result_slug(), at_limit, "{ruleset} {fen}");
        if ruleset == "brazilian" {
            assert_eq!(at.claims, vec![DrawKind::SmallEnding]);
        }
    }
}

#[test]
fn a_promotion_restarts_the_endgame_count() {
    // King and man against king; the man is crowned on ply 3: the count restarts there.
    let fen = "W:WK32,9:BK29";
    let r = rules("russian");
    let mut moves = vec!["9-5".to_owned()];
    let f = r.play(fen, &moves).unwrap();
    moves.extend(walk(&f, 1, true, None));
    moves.push("5-1".to_owned());
    let f = r.play(fen, &moves).unwrap();
    moves.extend(walk(&f, 10, true, None));
    let out = r.outcome(fen, &moves[..12]).unwrap();
    assert_eq!(out.counters[DrawKind::SmallEnding], 9);
    assert_eq!(out.result_slug(), "ongoing");
    assert_eq!(
        r.outcome(fen, &moves).unwrap().reason_slug(),
        "small-ending"
    );
}

// FMJD-64 7.2.6 and the edition's choice that 7.2.5 does not apply inside it.
#[test]
fn equal_balance_four_pieces_and_the_suspended_kings_only_rule() {
    let fen = "W:WK32,K28:BK1,12";
    let moves = walk(fen, 60, true, None);
    let russian = rules("russian");
    let at30 = russian.outcome(fen, &moves[..30]).unwrap();
    assert_eq!(
        at30.result_slug(),
        "ongoing",
        "7.2.5 is suspended in a 7.2.6 ending"
    );
    let cxa = rules("brazilian").outcome(fen, &moves[..30]).unwrap();
    assert_eq!(cxa.claims, vec![DrawKind::KingsOnly]);
    assert_eq!(
        russian.outcome(fen, &moves[..59]).unwrap().result_slug(),
        "ongoing"
    );
    let at60 = russian.outcome(fen, &moves).unwrap();
    assert_eq!(
        (at60.result_slug(), at60.reason_slug()),
        ("draw", "equal-balance")
    );
    // The same game under a claim, from the ruling side.
    let claim = russian
        .claim(fen, &moves[..59], "equal-balance", None)
        .unwrap();
    assert!(!claim.upheld);
}

#[test]
fn equal_balance_six_pieces_needs_sixty_moves() {
    let fen = "W:WK32,K31,29:BK1,K2,4";
    let moves = walk(fen, 120, true, None);
    let r = rules("russian");
    assert_eq!(
        r.outcome(fen, &moves[..60]).unwrap().result_slug(),
        "ongoing"
    );
    assert_eq!(
        r.outcome(fen, &moves[..119]).unwrap().result_slug(),
        "ongoing"
    );
    assert_eq!(
        r.outcome(fen, &moves).unwrap().reason_slug(),
        "equal-balance"
    );
}

// FMJD-64 7.2.4 and 7.2.7 against FMJD's 16 moves: editions disagree on three against one.
#[test]
fn three_against_a_lone_king_by_edition() {
    let fen = "W:WK32,K28,21:BK1";
    let moves = walk(fen, 32, true, Some(false));
    let fmjd = rules("brazilian@fmjd");
    assert_eq!(
        fmjd.outcome(fen, &moves[..31]).unwrap().result_slug(),
        "ongoing"
    );
    assert_eq!(
        fmjd.outcome(fen, &moves).unwrap().reason_slug(),
        "three-vs-king"
    );
    let russian = rules("russian").outcome(fen, &moves).unwrap();
    assert_eq!(
        russian.result_slug(),
        "ongoing",
        "two kings and a man are not three kings"
    );

    let fen = "W:WK32,K28,K31:BK1";
    let moves = walk(fen, 30, true, Some(false));
    let r = rules("russian");
    assert_eq!(
        r.outcome(fen, &moves[..29]).unwrap().result_slug(),
        "ongoing"
    );
    assert_eq!(
        r.outcome(fen, &moves).unwrap().reason_slug(),
        "three-kings-vs-king"
    );
}

#[test]
fn long_diagonal_count_starts_by_edition() {
    // Lone king off the long diagonal for 7 plies, then on it.
    let fen = "W:WK32,K31,K30:BK1";
    // Found by the search of the case generator: the lone king reaches the diagonal on ply 8.
    let moves: Vec<String> = [
        "32-23", "1-10", "23-5", "10-7", "5-23", "7-3", "23-9", "3-8", "30-23", "8-25", "9-6",
        "25-8", "31-24", "8-25", "23-19", "25-22", "6-1", "22-11",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let pos = |n: usize| {
        let f = rules("russian").play(fen, &moves[..n]).unwrap();
        lone_king_on_diagonal(&Position::from_fen(&f, Variant::Russian).unwrap())
    };
    assert!(!pos(7) && pos(8) && pos(18));
    let fmjd = rules("brazilian@fmjd").outcome(fen, &moves[..10]).unwrap();
    assert_eq!(
        fmjd.reason_slug(),
        "long-diagonal",
        "counted from the balance"
    );
    let russian = rules("russian");
    let at10 = russian.outcome(fen, &moves[..10]).unwrap();
    assert_eq!(
        at10.counters[DrawKind::LongDiagonal],
        2,
        "counted from the arrival"
    );
    assert_eq!(
        russian.outcome(fen, &moves[..17]).unwrap().result_slug(),
        "ongoing"
    );
    assert_eq!(
        russian.outcome(fen, &moves[..18]).unwrap().reason_slug(),
        "long-diagonal"
    );
}

#[test]
fn threefold_needs_the_same_side_to_move() {
    // art. 12.3.1: White shuttles g1-h2, Black a3-b2-c1-a3.
    let fen = "W:WK32,27,31:BK21,7,8";
    let cycle = [
        "32-28", "21-25", "28-32", "25-30", "32-28", "30-21", "28-32", "21-25", "32-28", "25-30",
        "28-32", "30-21",
    ];
    let moves: Vec<String> = cycle.iter().chain(&cycle).map(|s| s.to_string()).collect();
    let cxa = rules("brazilian");
    let at19 = cxa.outcome(fen, &moves[..19]).unwrap();
    assert_eq!(
        at19.counters[DrawKind::Threefold],
        2,
        "four times the placement, twice Black to move"
    );
    assert_eq!(
        cxa.outcome(fen, &moves[..23]).unwrap().counters[DrawKind::Threefold],
        2
    );
    let at24 = cxa.outcome(fen, &moves).unwrap();
    assert_eq!(at24.claims, vec![DrawKind::Threefold]);
    assert!(
        cxa.claim(fen, &moves, "threefold", Some("black"))
            .unwrap()
            .upheld
    );
    assert_eq!(
        rules("russian").outcome(fen, &moves).unwrap().reason_slug(),
        "threefold"
    );
    // A move after an automatic draw is refused.
    let mut more = moves.clone();
    more.push("32-28".into());
    let err = rules("russian")
        .outcome(fen, &more)
        .unwrap_err()
        .to_string();
    assert!(err.contains("already over after move 24"), "{err}");
}

#[test]
fn claims_of_rules_the_edition_lacks_or_unknown_kinds() {
    let r = rules("brazilian");
    let ruling = r.claim(TEN, &[], "equal-balance", None).unwrap();
    assert!(!ruling.upheld);
    assert_eq!(ruling.reason, "brazilian@cxa has no equal-balance rule");
    let err = r
        .claim(TEN, &[], "sixty-move", None)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("unknown claim kind 'sixty-move' for brazilian"),
        "{err}"
    );
    assert!(r.claim(TEN, &[], "kings-only", Some("red")).is_err());
}

// Xiangqi 第一章 第四节 二 (四): 60 rounds without capture, claimed; a false claim costs the
// claimant 5 minutes.
const XQ: &str = "3k5/9/9/9/9/9/4P4/9/9/R3K4 w - - 110 56";

fn xq_moves(n: usize) -> Vec<String> {
    // 10 plies without capture, found by the case generator's search.
    [
        "a0d0", "d9e9", "d0d2", "e9f9", "d2h2", "f9f8", "h2c2", "f8f9", "c2c8", "f9e9",
    ][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn sixty_move_rule_counts_from_the_fen_clock() {
    let r = rules("xiangqi");
    let moves = xq_moves(10);
    let before = r.outcome(XQ, &moves[..9]).unwrap();
    assert_eq!(before.counters[DrawKind::SixtyMove], 119);
    assert!(before.claims.is_empty());
    let false_claim = r.claim(XQ, &moves[..9], "sixty-move", None).unwrap();
    assert!(!false_claim.upheld);
    let p = false_claim.penalty.unwrap();
    assert_eq!((p.side, p.seconds), (Side::Second, 300));
    let at = r.outcome(XQ, &moves).unwrap();
    assert_eq!(at.claims, vec![DrawKind::SixtyMove]);
    assert_eq!(
        at.result_slug(),
        "ongoing",
        "a claim, not an automatic draw"
    );
    let claim = r.claim(XQ, &moves, "sixty-move", Some("black")).unwrap();
    assert!(claim.upheld && claim.penalty.is_none());
    assert_eq!(claim.outcome.result_slug(), "draw");
}

#[test]
fn only_a_capture_resets_the_sixty_move_count() {
    // Checks and soldier moves do not reset it (the history has both); the capture does.
    let fen = "3k5/9/9/9/9/9/4P4/9/r8/R3K4 w - - 30 20";
    let moves: Vec<String> = serde_json::from_str(r#"["a0a1", "d9d8", "a1f1", "d8e8", "f1f0", "e8e9", "f0f6", "e9e8", "f6c6", "e8d8", "c6c0", "d8d7", "e0f0", "d7e7", "c0a0", "e7d7", "f0e0", "d7e7", "a0a1", "e7d7", "a1a7", "d7d8", "a7h7", "d8d9", "h7h6", "d9e9", "e0d0", "e9e8", "e3e4", "e8e9", "h6f6", "e9e8", "f6f0", "e8e9", "f0f5", "e9e8", "f5f9", "e8e7", "f9i9", "e7e8", "i9d9", "e8e7", "d9d6", "e7f7", "d6b6", "f7f8", "b6b0", "f8e8", "b0a0", "e8e9", "a0a7", "e9f9", "a7a2", "f9f8", "a2a4", "f8f9", "a4a3", "f9e9", "a3d3", "e9e8", "d3i3", "e8e9", "i3c3", "e9e8", "d0d1", "e8f8", "e4e5", "f8f9", "c3c4", "f9e9", "d1e1", "e9d9", "c4e4", "d9e9", "e1e2", "e9f9", "e4h4", "f9f8", "h4c4", "f8f9", "c4c0", "f9f8", "c0a0", "f8e8", "a0f0", "e8e9", "f0i0", "e9d9", "i0i4", "d9e9", "e5e6", "e9e8", "i4a4", "e8f8", "e6d6", "f8f7", "e2d2", "f7f8", "a4a7", "f8e8", "d6d7", "e8e9", "d7d8", "e9f9", "a7a1", "f9f8", "a1g1", "f8f7", "g1g9", "f7e7", "g9g4", "e7f7", "g4g0", "f7f8", "g0e0", "f8f9", "d8d9", "f9f8", "d2e2", "f8f9", "e0g0"]"#).unwrap();
    let r = rules("xiangqi");
    assert_eq!(
        r.outcome(fen, &moves[..120]).unwrap().counters[DrawKind::SixtyMove],
        119
    );
    assert_eq!(
        r.outcome(fen, &moves).unwrap().claims,
        vec![DrawKind::SixtyMove]
    );
}

// The xiangqi repetition claim and the loss by forbidden repetition are decided by the
// repetition verdict: xiangqi_repetition_claims.

fn offer(by: Side, after_move: usize, answer: OfferAnswer) -> OfferRecord {
    OfferRecord {
        by,
        after_move,
        answer,
    }
}

#[test]
fn draughts_draw_offers_after_twenty_moves_and_not_twice() {
    // art. 12.4.
    let moves = walk(TEN, 40, true, None);
    let r = rules("brazilian");
    let (white, black) = (Side::First, Side::Second);
    let allowed = |n: usize, by: Side, earlier: &[OfferRecord]| {
        r.draw_offer(TEN, &moves[..n], by, earlier).unwrap().allowed
    };
    assert!(allowed(39, white, &[]));
    assert!(!allowed(37, white, &[]), "19 moves are too few");
    assert!(!allowed(39, black, &[]), "only right after one's move");
    assert!(allowed(40, black, &[]));
    let refused = [offer(white, 35, OfferAnswer::Pending)];
    assert!(
        !allowed(39, white, &refused),
        "declined by moving, no repeat"
    );
    let both = [
        offer(white, 35, OfferAnswer::Refused),
        offer(black, 36, OfferAnswer::Refused),
    ];
    assert!(allowed(39, white, &both));
    assert!(
        !allowed(40, black, &both),
        "draughts: black waits for white's offer"
    );
    let pending = [offer(white, 39, OfferAnswer::Pending)];
    assert!(!allowed(39, white, &pending));
}

#[test]
fn xiangqi_draw_offers_alternate_by_counts() {
    // 第一章 第四节 二 (二).
    let r = rules("xiangqi");
    let (red, black) = (Side::First, Side::Second);
    let start = r.start_fen();
    let moves: Vec<String> = ["h2e2", "h9g7", "b0c2", "b9c7", "a0b0"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let allowed = |n: usize, by: Side, earlier: &[OfferRecord]| {
        r.draw_offer(&start, &moves[..n], by, earlier)
            .unwrap()
            .allowed
    };
    assert!(allowed(1, red, &[]), "no minimum number of moves");
    assert!(!allowed(1, black, &[]));
    let one = [offer(red, 1, OfferAnswer::Pending)];
    assert!(!allowed(3, red, &one));
    let two = [
        offer(red, 1, OfferAnswer::Refused),
        offer(black, 2, OfferAnswer::Refused),
    ];
    assert!(allowed(3, red, &two));
    assert!(allowed(4, black, &two), "equal counts free both sides");
    let three = [
        offer(red, 1, OfferAnswer::Refused),
        offer(black, 2, OfferAnswer::Refused),
        offer(red, 3, OfferAnswer::Refused),
    ];
    assert!(!allowed(5, red, &three));
}

/// The sides of a draw offer are read by the game's names at the edges: the protocol's
/// `draw_offer` query (offering side first, then the earlier offers in order) and a case's
/// `expect.draw_offer`, each naming the side it does not know and the names expected.
#[test]
fn draw_offer_sides_are_read_by_the_games_names() {
    use arbiter::case::{Case, Runner, Verdict};
    use arbiter::engine::{Engine, ReferenceEngine};
    use arbiter::protocol::offer::OfferText;
    use arbiter::protocol::wire::parse_request;
    use arbiter::protocol::{Query, Reply, Request};

    let earlier = |by: &str| OfferText {
        by: by.to_owned(),
        after_move: 1,
        answer: OfferAnswer::Refused,
    };
    let ask = |ruleset: &str, by: &str, earlier: Vec<OfferText>| {
        let query = Query::DrawOffer {
            by: by.to_owned(),
            earlier,
        };
        let mut request = Request::new(ruleset.parse().unwrap(), query);
        request.moves = vec!["h2e2".to_owned(), "h9g7".to_owned(), "b0c2".to_owned()];
        if ruleset != "xiangqi" {
            request.moves = vec!["c3-d4".to_owned(), "f6-g5".to_owned(), "b2-c3".to_owned()];
        }
        ReferenceEngine::new().run(&request)
    };
    // A side the game does not have is a question the reference does not answer: it skips
    // the query, saying why.
    let skipped = |reply: Reply| match reply {
        Reply::Skipped(message) => message,
        other => panic!("expected skipped, got {other:?}"),
    };
    // The names of the game are read, each game its own.
    for (ruleset, first, second) in [("xiangqi", "red", "black"), ("russian", "white", "black")] {
        let Reply::Answer(_) = ask(ruleset, first, vec![earlier(second)]) else {
            panic!("{ruleset}: {first} after {second}'s offer is answered");
        };
    }
    assert_eq!(
        skipped(ask("xiangqi", "white", vec![])),
        "unknown side 'white' (expected red or black)"
    );
    assert_eq!(
        skipped(ask(
            "russian",
            "white",
            vec![earlier("black"), earlier("red")]
        )),
        "unknown side 'red' (expected white or black)"
    );
    assert_eq!(
        skipped(ask("xiangqi", "blue", vec![earlier("white")])),
        "unknown side 'blue' (expected red or black)",
        "the offering side is read first"
    );
    // On the wire: the earlier offers have exactly the fields `by`, `after_move`, `answer`.
    let line = |offer: &str| {
        format!(
            r#"{{"cmd":"run","seq":1,"ruleset":"xiangqi","moves":[],"query":"draw_offer","by":"red","earlier":[{offer}]}}"#
        )
    };
    let (_, request) = parse_request(&line(r#"{"by":"black","after_move":0}"#)).unwrap();
    assert_eq!(
        request.query,
        Query::DrawOffer {
            by: "red".to_owned(),
            earlier: vec![OfferText {
                by: "black".to_owned(),
                after_move: 0,
                answer: OfferAnswer::Pending,
            }],
        }
    );
    let wrong = parse_request(&line(r#"{"by":"black","after_move":0,"side":"red"}"#))
        .unwrap_err()
        .to_string();
    assert!(
        wrong.starts_with(
            "`earlier`: unknown field `side`, expected one of `by`, `after_move`, `answer`"
        ),
        "{wrong}"
    );
    // A case names the side that is not one of its game's before asking the engine.
    let case: Case = serde_yaml::from_str(
        "{id: t.offer, clauses: [xq.t], ruleset: xiangqi, moves: [h2e2], \
         expect: {draw_offer: {by: red, allowed: true, earlier: [{by: white, after_move: 0}]}}}",
    )
    .unwrap();
    let r = Runner::new(
        Box::new(ReferenceEngine::new()),
        std::sync::Arc::new(rules_for),
    )
    .run(&case, &case.rulesets[0]);
    assert_eq!(r.verdict, Verdict::Errored, "{}", r.message);
    assert!(
        r.message
            .contains("draw_offer: 'white' is not a side of xiangqi"),
        "{}",
        r.message
    );
}
