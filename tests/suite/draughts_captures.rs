//! Movement and capture clauses of the CXA 64-square rules (articles 5 and 6), each checked
//! on a hand-built position: the exact set of legal moves (by identity, with the promotion
//! flag) and perft to depth 3 or more. Every test names the clause and the article, and
//! its comment says which wrong implementation it catches.
//!
//! Squares: 1 = b8 … 4 = h8, 5 = a7 … 29 = a1 … 32 = g1 (white at the bottom).

use arbiter::draughts::{perft, PerftCount, Position, Variant};
use std::collections::BTreeSet;

/// The legal moves as `text` plus `+` when crowned, one per identity.
fn moves(fen: &str, variant: Variant) -> BTreeSet<String> {
    let pos = Position::from_fen(fen, variant).unwrap();
    pos.legal_moves()
        .iter()
        .map(|m| format!("{m}{}", if m.promotes() { "+" } else { "" }))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn perft_of(fen: &str, variant: Variant, depth: u32, count: PerftCount) -> u64 {
    perft(&Position::from_fen(fen, variant).unwrap(), depth, count)
}

const BOTH: [Variant; 2] = [Variant::Brazilian, Variant::Russian];

/// Art. 6.2: capture is compulsory. The man on 22 must take 18; the free moves of 21 and
/// 22 are illegal. Catches: listing plain moves beside captures.
#[test]
fn capture_is_compulsory_art_6_2() {
    let fen = "W:W21,22:B18";
    for v in BOTH {
        assert_eq!(moves(fen, v), set(&["22x15"]), "{v}");
    }
    // After 22x15 black (no pieces) has lost: perft stops there.
    assert_eq!(perft_of(fen, Variant::Russian, 3, PerftCount::Paths), 0);
    assert_eq!(
        perft_of("W:W21,22:B18,3", Variant::Russian, 3, PerftCount::Paths),
        6
    );
}

/// Art. 5.4: a man moves one square diagonally forward only. Catches: backward or
/// two-square plain moves.
#[test]
fn man_moves_forward_only_art_5_4() {
    for v in BOTH {
        assert_eq!(moves("W:W22:B3", v), set(&["22-17", "22-18"]), "{v}");
        assert_eq!(moves("B:W30:B10", v), set(&["10-14", "10-15"]), "{v}");
    }
    // 22 and 3 race: depth 3 = 2 (white) * 2 (black: 3-7, 3-8) * 2 (white again).
    assert_eq!(
        perft_of("W:W22:B3", Variant::Brazilian, 3, PerftCount::Paths),
        8
    );
}

/// Art. 6.1: men capture backward as well as forward. The white man on d4 (18) takes the
/// black man behind it on c3 (22). Catches: forward-only captures for men.
#[test]
fn man_captures_backward_art_6_1() {
    for v in BOTH {
        assert_eq!(moves("W:W18:B22", v), set(&["18x25"]), "{v}");
        assert_eq!(moves("B:W14:B9", v), set(&["9x18"]), "{v}");
    }
    assert_eq!(
        perft_of("W:W18:B22,1", Variant::Russian, 3, PerftCount::Paths),
        4
    );
}

/// Art. 5.6: a king moves any distance along a free diagonal. The king on a1 reaches every
/// square up to the black man on h8. Catches: one-square kings.
#[test]
fn king_flies_art_5_6() {
    for v in BOTH {
        assert_eq!(
            moves("W:WK29:B4", v),
            set(&["29-25", "29-22", "29-18", "29-15", "29-11", "29-8"]),
            "{v}"
        );
    }
    assert_eq!(
        perft_of("W:WK29:B4", Variant::Russian, 3, PerftCount::Paths),
        5
    );
}

/// Art. 6.3: a king takes a piece at any distance and lands on any empty square beyond it.
/// Catches: kings that must be adjacent, or must land right behind the victim.
#[test]
fn king_captures_at_distance_and_lands_anywhere_beyond_art_6_3() {
    for v in BOTH {
        assert_eq!(
            moves("W:WK29:B15", v),
            set(&["29x11", "29x8", "29x4"]),
            "{v}"
        );
    }
    assert_eq!(
        perft_of("W:WK29:B15,1", Variant::Russian, 3, PerftCount::Paths),
        54
    );
}

/// Art. 6.1 and 6.7: own pieces cannot be jumped. After 22x15 the white man on f6 (11)
/// would be "capturable" towards g7 if own pieces counted. Catches: jumping any piece.
#[test]
fn own_pieces_cannot_be_jumped_art_6_7() {
    for v in BOTH {
        assert_eq!(moves("W:W11,22:B18", v), set(&["22x15"]), "{v}");
        // A king may not jump its own man on b2 either: only the man moves.
        assert_eq!(moves("W:WK29,25:B1", v), set(&["25-21", "25-22"]), "{v}");
    }
    assert_eq!(
        perft_of("W:W11,22:B18,1", Variant::Russian, 3, PerftCount::Paths),
        6
    );
}

/// Art. 6.8: a piece may not be jumped twice. The man on c3 goes round b4-b6-d6-d4 and is
/// back on c3 next to the already taken d4, which it may not take again. Catches: not
/// tracking the taken pieces (the search would loop).
#[test]
fn no_piece_is_jumped_twice_art_6_8() {
    for v in BOTH {
        assert_eq!(
            moves("W:W22:B9,10,17,18", v),
            set(&["22x13x6x15x22"]),
            "{v}"
        );
    }
    // The king version: after a1xc3-e5xf4-g3xf2-e1 the king looks back along e1-a5 across
    // the taken c3 to the empty b4/a5; jumping c3 again is forbidden.
    assert_eq!(
        moves("W:WK29:B19,22,27", Variant::Russian),
        set(&["29x18x32", "29x15x24x31"])
    );
    assert_eq!(
        perft_of("W:W22:B9,10,17,18", Variant::Russian, 1, PerftCount::Paths),
        2
    );
    assert_eq!(
        perft_of(
            "W:W22:B9,10,17,18,1",
            Variant::Russian,
            3,
            PerftCount::Moves
        ),
        4
    );
}

/// Art. 6.11: the taken pieces leave the board only when the whole capture is over, so
/// they block. After a1xc3-e5xf4-g3xf2-e1 the taken c3 stands between the king and b4;
/// removing pieces at once would allow a fourth capture e1xb4-a5.
#[test]
fn captured_pieces_stay_until_the_capture_ends_art_6_11() {
    let fen = "W:WK29:B17,19,22,27";
    assert_eq!(
        moves(fen, Variant::Russian),
        set(&["29x18x32", "29x15x24x31"])
    );
    assert_eq!(moves(fen, Variant::Brazilian), set(&["29x15x24x31"]));
    assert_eq!(perft_of(fen, Variant::Russian, 3, PerftCount::Paths), 31);
    assert_eq!(perft_of(fen, Variant::Brazilian, 3, PerftCount::Paths), 9);
}

/// Art. 6.8: the same empty square may be crossed more than once — including the square
/// the king started from. The king on d4 goes d4xc5-b6xc7-d8xe7-f6 and then back along the
/// long diagonal across e5 and its own start square d4 to take c3. Catches: treating the
/// start square (or visited squares) as occupied.
#[test]
fn same_empty_square_may_be_crossed_again_art_6_8() {
    let fen = "W:WK18:B6,7,14,22";
    assert_eq!(
        moves(fen, Variant::Russian),
        set(&["18x25", "18x29", "18x9x2x11x25", "18x9x2x11x29"])
    );
    assert_eq!(
        moves(fen, Variant::Brazilian),
        set(&["18x9x2x11x25", "18x9x2x11x29"])
    );
    // The man loop returns to its own start square c3 (22).
    assert_eq!(
        moves("W:W22:B9,10,17,18", Variant::Brazilian),
        set(&["22x13x6x15x22"])
    );
    assert_eq!(perft_of(fen, Variant::Russian, 3, PerftCount::Paths), 74);
    assert_eq!(
        perft_of(&format!("{fen},1"), Variant::Russian, 3, PerftCount::Paths),
        120
    );
}

/// Art. 6.5 / 6.6: a capture goes on while the piece can take more; a king that can go on
/// from some landing squares must land on one of them. From a1 the king takes c3 and must
/// stop on e5 (the only square from which f4 can be taken). Catches: letting the king stop
/// on d4, f6, g7 or h8.
#[test]
fn king_must_land_where_the_capture_continues_art_6_6() {
    for v in BOTH {
        assert_eq!(
            moves("W:WK29:B19,22", v),
            set(&["29x15x24", "29x15x28"]),
            "{v}"
        );
    }
    assert_eq!(
        perft_of("W:WK29:B19,22,1", Variant::Russian, 3, PerftCount::Paths),
        18
    );
}

/// Art. 6.12.1.2 (Brazilian): the capture taking the most pieces is compulsory. Russian
/// rules leave the choice free. Catches: no majority rule in Brazilian, or a majority rule
/// in Russian.
#[test]
fn brazilian_majority_capture_art_6_12_1_2() {
    let fen = "W:W21,24:B11,17,19";
    assert_eq!(moves(fen, Variant::Brazilian), set(&["24x15x8"]));
    assert_eq!(moves(fen, Variant::Russian), set(&["21x14", "24x15x8"]));
    assert_eq!(perft_of(fen, Variant::Brazilian, 3, PerftCount::Paths), 3);
    assert_eq!(perft_of(fen, Variant::Russian, 3, PerftCount::Paths), 5);
}

/// Art. 6.12.1.2 (Brazilian): kings and men count the same — a king taking one piece must
/// give way to a man taking two. Catches: giving kings priority or extra weight.
#[test]
fn brazilian_majority_counts_kings_and_men_alike_art_6_12_1_2() {
    let fen = "W:W7,K12,29:B8,17,25";
    assert_eq!(moves(fen, Variant::Brazilian), set(&["29x22x13"]));
    assert_eq!(moves(fen, Variant::Russian), set(&["12x3", "29x22x13"]));
    assert_eq!(perft_of(fen, Variant::Brazilian, 3, PerftCount::Paths), 1);
}

/// Art. 6.12.1.1: among captures of the same number of pieces the choice is free. Both
/// men may take one piece, landing on e5. Catches: keeping only the first maximum found.
#[test]
fn free_choice_among_equal_captures_art_6_12_1_1() {
    for v in BOTH {
        assert_eq!(moves("W:W22,24:B18,19", v), set(&["22x15", "24x15"]), "{v}");
    }
    assert_eq!(
        perft_of(
            "W:W22,24:B18,19,1",
            Variant::Brazilian,
            3,
            PerftCount::Paths
        ),
        8
    );
}

/// Art. 6.12.1.3 (Brazilian): a man that reaches the last row during a capture but ends
/// elsewhere stays a man — it goes on capturing as a man (backward) and is not crowned.
/// Russian: crowned at once, it goes on as a king (flying). Catches: promotion in passing in
/// Brazilian, or no mid-capture promotion in Russian.
#[test]
fn brazilian_no_promotion_in_passing_art_6_12_1_3() {
    let fen = "W:W9:B6,7";
    assert_eq!(moves(fen, Variant::Brazilian), set(&["9x2x11"]));
    assert_eq!(
        moves(fen, Variant::Russian),
        set(&["9x2x11+", "9x2x16+", "9x2x20+"])
    );
    let after = Position::from_fen(fen, Variant::Brazilian)
        .unwrap()
        .play_text("9x11")
        .unwrap();
    assert_eq!(after.to_fen(), "B:W11:B");
    assert_eq!(
        perft_of("W:W9:B6,7,28", Variant::Brazilian, 3, PerftCount::Paths),
        2
    );
    assert_eq!(
        perft_of("W:W9:B6,7,28", Variant::Russian, 3, PerftCount::Paths),
        27
    );
}

/// Art. 5.5.1: a man ending its move (plain or capture) on the last row is crowned.
#[test]
fn man_ending_on_last_row_is_crowned_art_5_5_1() {
    for v in BOTH {
        assert_eq!(moves("W:W10:B6", v), set(&["10x1+"]), "{v}");
        assert_eq!(moves("W:W5:B28", v), set(&["5-1+"]), "{v}");
        assert_eq!(moves("B:W5:B26", v), set(&["26-30+", "26-31+"]), "{v}");
    }
    assert_eq!(
        perft_of("W:W5:B28", Variant::Russian, 3, PerftCount::Paths),
        7
    );
}

/// Russian rules: a man crowned during a capture goes on as a king and, like every king,
/// must land where the capture continues. From d8 the fresh king must stop on h4 to take
/// g3. Catches: stopping the capture at the crowning, or letting the fresh king stop on f6
/// or g5.
#[test]
fn russian_crowned_man_continues_as_king_and_must_continue() {
    let fen = "W:W9:B6,7,24";
    assert_eq!(
        moves(fen, Variant::Russian),
        set(&["9x2x20x27+", "9x2x20x31+"])
    );
    assert_eq!(moves(fen, Variant::Brazilian), set(&["9x2x11"]));
    assert_eq!(perft_of(fen, Variant::Russian, 1, PerftCount::Paths), 2);
    assert_eq!(
        perft_of("W:W9:B6,7,24,28", Variant::Russian, 3, PerftCount::Paths),
        15
    );
}

/// `a.l.` (art. 10.2.6): two routes with the same identity are one move; perft counts them
/// as two paths but one move.
#[test]
fn two_paths_one_move_art_10_2_6() {
    let pos = Position::from_fen("W:W22:B9,10,17,18", Variant::Russian).unwrap();
    assert_eq!(pos.legal_paths().len(), 2);
    assert_eq!(pos.legal_moves().len(), 1);
    assert_eq!(pos.legal_paths()[0], pos.legal_paths()[1]);
    assert_eq!(perft(&pos, 1, PerftCount::Paths), 2);
    assert_eq!(perft(&pos, 1, PerftCount::Moves), 1);
}
