//! The drawings put each piece and mark where the rulebooks' diagrams put them.

use super::*;
use crate::draughts::{self, Variant};
use crate::xiangqi;

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// Every element opened is closed: the groups balance and the document ends once.
fn assert_balanced(svg: &str) {
    assert_eq!(count(svg, "<g "), count(svg, "</g>"), "{svg}");
    assert_eq!(count(svg, "<svg "), 1);
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn draughts_start_has_twelve_men_each_and_thirty_two_numbers() {
    let pos = draughts::Position::start(Variant::Russian);
    let svg = draughts_board(&pos, &Marks::default(), &Style::default());
    assert_eq!(count(&svg, r#"class="piece man white""#), 12);
    assert_eq!(count(&svg, r#"class="piece man black""#), 12);
    assert_eq!(count(&svg, r#"class="number""#), 32);
    assert_eq!(count(&svg, r#"class="coordinate""#), 32);
    assert_balanced(&svg);
    let plain = Style {
        numbers: false,
        coordinates: false,
        ..Style::default()
    };
    let svg = draughts_board(&pos, &Marks::default(), &plain);
    assert_eq!(count(&svg, r#"class="number""#), 0);
    assert_eq!(count(&svg, r#"class="coordinate""#), 0);
}

#[test]
fn draughts_square_one_is_b8_at_the_top_left_and_thirty_two_is_g1() {
    // PDN numbering (d64 board: square 1 is b8, 32 is g1, white at the bottom).
    let pos = draughts::Position::from_fen("W:W32:BK1", Variant::Brazilian).unwrap();
    let svg = draughts_board(&pos, &Marks::default(), &Style::default());
    // b8: file 1, top row; g1: file 6, bottom row (margin 24, squares of 50).
    assert!(svg.contains(r#"<circle cx="99" cy="49" r="19""#), "{svg}");
    assert!(svg.contains(r#"<circle cx="349" cy="399" r="19""#), "{svg}");
    assert!(svg.contains("<title>black king on 1</title>"));
    assert!(svg.contains("<title>white man on 32</title>"));
    // A king has a crown; a man has none.
    assert_eq!(count(&svg, "<path d="), 2, "the arrow head and one crown");
}

#[test]
fn a_capture_is_drawn_along_its_route_with_every_captured_piece_crossed() {
    // Found by arbiter fuzz (docs/findings.md, 4): the man on 19 goes round and takes five.
    let pos = draughts::Position::from_fen("B:W14,15,22,23,24:B19", Variant::Russian).unwrap();
    let circuit = pos.parse_move("19x10x17x26x19x28").unwrap();
    let svg = draughts_board(&pos, &Marks::draughts_move(&circuit), &Style::default());
    assert_eq!(count(&svg, r#"class="captured""#), 5);
    let route = svg.split(r#"class="route" points=""#).nth(1).unwrap();
    let points = route.split('"').next().unwrap();
    assert_eq!(points.split(' ').count(), 6, "{points}");
    let short = pos.parse_move("19x28").unwrap();
    let svg = draughts_board(&pos, &Marks::draughts_move(&short), &Style::default());
    assert_eq!(count(&svg, r#"class="captured""#), 1);
    assert_balanced(&svg);
}

#[test]
fn touched_pieces_are_ringed_and_numbered_in_order_when_several() {
    let pos = draughts::Position::start(Variant::Russian);
    let one = Marks {
        touched: vec![draughts::Square::from_number(22).unwrap()],
        ..Marks::default()
    };
    let svg = draughts_board(&pos, &one, &Style::default());
    assert_eq!(count(&svg, r#"class="touched""#), 1);
    assert!(
        !svg.contains(">1</text></g>"),
        "a single touch is not numbered"
    );
    let two = Marks {
        touched: vec![
            draughts::Square::from_number(22).unwrap(),
            draughts::Square::from_number(11).unwrap(),
        ],
        ..Marks::default()
    };
    let svg = draughts_board(&pos, &two, &Style::default());
    assert_eq!(count(&svg, r#"class="touched""#), 2);
    assert!(svg.contains(">1</text></g>") && svg.contains(">2</text></g>"));
    assert_balanced(&svg);
}

#[test]
fn xiangqi_start_has_red_below_with_chinese_names() {
    let pos = xiangqi::Position::start();
    let svg = xiangqi_board(&pos, &Marks::default(), &Style::default());
    assert_eq!(count(&svg, r#"class="piece red""#), 16);
    assert_eq!(count(&svg, r#"class="piece black""#), 16);
    // 帅 on e0: file 4, bottom rank (margin 62, points 50 apart); 将 on e9 at the top.
    assert!(svg.contains(r#"<circle cx="262" cy="512" r="21""#), "{svg}");
    assert!(svg.contains(r#"<circle cx="262" cy="62" r="21""#), "{svg}");
    assert!(svg.contains("<title>red 帅 on e0</title>"));
    assert!(svg.contains("<title>black 将 on e9</title>"));
    for name in ["仕", "相", "兵", "士", "象", "卒", "马", "车", "炮"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
    assert!(svg.contains("楚 河") && svg.contains("汉 界"));
    assert_balanced(&svg);
}

#[test]
fn xiangqi_files_are_numbered_from_each_players_right() {
    // 第一章 第一节 一: 执红棋方面从右到左分别用中文数字一至九, 执黑棋方面从右到左用阿拉伯数字1至9.
    let svg = xiangqi_board(
        &xiangqi::Position::start(),
        &Marks::default(),
        &Style::default(),
    );
    let label = |class: &str, x: u32| {
        let at = format!(r#"class="file {class}" x="{x}""#);
        let rest = svg.split(&at).nth(1).unwrap_or_else(|| panic!("{at}"));
        rest.split('>')
            .nth(1)
            .unwrap()
            .split('<')
            .next()
            .unwrap()
            .to_owned()
    };
    // Red sits below: its right is file i (x = 462), numbered 一; file a (x = 62) is 九.
    assert_eq!(label("red", 462), "一");
    assert_eq!(label("red", 62), "九");
    // Black sits above, facing red: its right is file a, numbered 1; file i is 9.
    assert_eq!(label("black", 62), "1");
    assert_eq!(label("black", 462), "9");
}

#[test]
fn a_xiangqi_capture_crosses_the_taken_piece() {
    // The central cannon takes the soldier on e6: 炮二平五 … 炮五进四.
    let pos = xiangqi::Position::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    )
    .unwrap();
    let pos = pos.play_iccs("h9g7").unwrap();
    let m = xiangqi::iccs::parse_iccs(&pos, "e2e6").unwrap();
    let svg = xiangqi_board(&pos, &Marks::xiangqi_move(&pos, m), &Style::default());
    assert_eq!(count(&svg, r#"class="captured""#), 1);
    assert_eq!(count(&svg, r#"class="highlight""#), 2);
    let quiet = xiangqi::iccs::parse_iccs(&pos, "e2e1").unwrap();
    let svg = xiangqi_board(&pos, &Marks::xiangqi_move(&pos, quiet), &Style::default());
    assert_eq!(count(&svg, r#"class="captured""#), 0);
}

#[test]
fn the_dark_theme_changes_the_colours_not_the_drawing() {
    let pos = xiangqi::Position::start();
    let light = xiangqi_board(&pos, &Marks::default(), &Style::default());
    let dark = xiangqi_board(
        &pos,
        &Marks::default(),
        &Style {
            theme: Theme::Dark,
            ..Style::default()
        },
    );
    assert_ne!(light, dark);
    assert_eq!(count(&light, "<circle"), count(&dark, "<circle"));
    assert_eq!(count(&light, "<line"), count(&dark, "<line"));
}

#[test]
fn titles_are_escaped() {
    assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
}
