//! Issue 25: game records as they exist — real PGN and PDN files (tests/data/records/,
//! sources in its README) and hand-made probes of every quirk — read by one tolerant
//! reader and checked by `arbiter records`, `arbiter play --replay` and `arbiter
//! standings`; a forbidden repetition refereed in records, adjudicated between engines.

use crate::common::{arbiter, code, root, stdout};
use arbiter::procedure::{Event, RepetitionEnforcement, Session};
use arbiter::records::{
    check_game, decode, read_file, read_games, CheckOptions, Enforcement, Status, TextEncoding,
};
use arbiter::{Reason, Score, Side};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    root().join("tests/data/records").join(name)
}

fn xiangqi() -> CheckOptions {
    CheckOptions {
        ruleset: Some("xiangqi".parse().unwrap()),
        ..CheckOptions::default()
    }
}

fn checked(text: &str) -> Vec<arbiter::records::GameReport> {
    read_games(text)
        .into_iter()
        .map(|g| check_game(&g.unwrap(), &CheckOptions::default()))
        .collect()
}

#[test]
fn tag_values_with_brackets_nags_comments_and_variations_are_read_and_skipped_not_merged() {
    let games = read_games(
        "[Event \"Cup ]final[\"] [Site \"a \"b\" c\"]\n[Game \"Chinese Chess\"]\n; note\n\
         1.h2e2 $1 h9g7!? {a\ncomment} 2. h0g2 (2. c3c4 (2. b0c2) i9h9) i9h9 ½–½\n",
    );
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("Cup ]final["));
    assert_eq!(g.tag("Site"), Some("a \"b\" c"));
    assert_eq!(
        g.moves().collect::<Vec<_>>(),
        ["h2e2", "h9g7", "h0g2", "i9h9"]
    );
    assert_eq!(g.result, "1/2-1/2");
}

#[test]
fn every_result_token_people_write_is_read_and_ends_its_game() {
    for (token, canonical) in [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("1/2-1/2", "1/2-1/2"),
        ("½-½", "1/2-1/2"),
        ("½–½", "1/2-1/2"),
        ("2-0", "2-0"),
        ("0-2", "0-2"),
        ("1-1", "1-1"),
        ("*", "*"),
    ] {
        let games = read_games(&format!("1. h2e2 {token}\n1. c3c4 1-0\n"));
        assert_eq!(games.len(), 2, "{token}: two games, never merged");
        assert_eq!(games[0].as_ref().unwrap().result, canonical, "{token}");
        assert_eq!(games[0].as_ref().unwrap().moves().count(), 1, "{token}");
    }
}

#[test]
fn an_unknown_result_token_is_never_a_move_and_the_next_game_keeps_its_own_result() {
    // The silent corruption of the issue: the unknown token read as a move merged game 2
    // into game 1, and standings gave game 2's result to game 1's players.
    let games = read_games(
        "[Red \"A\"]\n[Black \"B\"]\n1. h2e2 h9g7 2–1\n\n[Red \"C\"]\n[Black \"D\"]\n1. c3c4 0-1\n",
    );
    assert_eq!(games.len(), 2);
    let bad = games[0].as_ref().unwrap_err();
    assert_eq!((bad.game, bad.line), (1, 3));
    assert!(bad.message.contains("unknown result token '2–1'"), "{bad}");
    let second = games[1].as_ref().unwrap();
    assert_eq!(
        (second.tag("Red"), second.result.as_str()),
        (Some("C"), "0-1")
    );
}

#[test]
fn a_game_without_a_result_token_ends_at_the_next_tag_section() {
    let games = read_games("[Event \"1\"]\n1. h2e2 h9g7\n[Event \"2\"]\n1. c3c4\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().moves().count(), 2);
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("2"));
}

#[test]
fn an_unclosed_comment_stops_at_the_next_game_and_only_its_game_is_unreadable() {
    let games = read_games("[Event \"1\"]\n1. h2e2 {never closed\n\n[Event \"2\"]\n1. c3c4 1-0\n");
    assert_eq!(games.len(), 2);
    let e = games[0].as_ref().unwrap_err();
    assert!(e.message.contains("not closed"), "{e}");
    assert_eq!(e.line, 2);
    assert_eq!(games[1].as_ref().unwrap().result, "1-0");
}

#[test]
fn move_numbers_glued_or_for_a_black_first_move_are_skipped() {
    let text = "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n1... h9g7 2.h2e2 2...i9h9 *\n";
    let r = &checked(text)[0];
    assert_eq!((r.status, r.plies), (Status::Clean, 3), "{r:?}");
}

#[test]
fn full_width_wxf_and_digits_traditional_and_simplified_pieces_read_alike() {
    for moves in [
        "Ｃ２＝５ Ｈ８＋７",
        "炮二平五 馬８進７",
        "炮二平五 马8进7",
        "砲二平五 傌８進７",
    ] {
        let r = &checked(&format!("[Game \"Chinese Chess\"]\n1. {moves} *\n"))[0];
        assert_eq!((r.status, r.plies), (Status::Clean, 2), "{moves}: {r:?}");
    }
}

#[test]
fn the_error_for_a_refused_full_width_move_does_not_call_wxf_chinese() {
    let r = &checked("[Game \"Chinese Chess\"]\n1. Ｒ２＋１ *\n")[0];
    assert_eq!(r.status, Status::Illegal);
    let m = r.message.as_deref().unwrap();
    assert!(!m.contains("Chinese notation"), "{m}");
    assert!(m.contains("R2+1"), "{m}");
}

#[test]
fn the_game_type_comes_from_game_variant_gametype_or_the_option() {
    let r = |text: &str, options: &CheckOptions| {
        check_game(&read_games(text).remove(0).unwrap(), options)
    };
    let none = CheckOptions::default();
    let ruleset = |rep: arbiter::records::GameReport| rep.ruleset.map(|r| r.game);
    assert_eq!(
        ruleset(r("[GameType \"25\"]\n1. c3-d4 *", &none)),
        Some(arbiter::Game::Russian)
    );
    assert_eq!(
        ruleset(r("[GameType \"26,W,8,8,A0,0\"]\n1. 22-18 *", &none)),
        Some(arbiter::Game::Brazilian)
    );
    assert_eq!(
        ruleset(r("[Variant \"xiangqi\"]\n1. h2e2 *", &none)),
        Some(arbiter::Game::Xiangqi)
    );
    assert_eq!(
        ruleset(r("[Game \"Chinese Chess\"]\n1. h2e2 *", &none)),
        Some(arbiter::Game::Xiangqi)
    );
    assert_eq!(
        ruleset(r("1. h2e2 *", &xiangqi())),
        Some(arbiter::Game::Xiangqi)
    );
    let unnamed = r("1. h2e2 *", &none);
    assert_eq!(unnamed.status, Status::Unreadable);
    assert!(unnamed.message.unwrap().contains("--ruleset"));
    let contradicted = r("[GameType \"25\"]\n1. c3-d4 *", &xiangqi());
    assert!(contradicted
        .message
        .unwrap()
        .contains("--ruleset says xiangqi"));
}

#[test]
fn a_game_ended_by_resignation_agreement_or_time_is_not_ended_too_early() {
    for termination in [
        "",
        "[Termination \"resignation\"]\n",
        "[Termination \"time forfeit\"]\n",
    ] {
        let text =
            format!("[Game \"Chinese Chess\"]\n{termination}[Result \"0-1\"]\n1. h2e2 h9g7 0-1\n");
        let r = &checked(&text)[0];
        assert_eq!(r.status, Status::Clean, "{termination}: {r:?}");
        assert_eq!(r.replayed, None);
    }
}

#[test]
fn a_recorded_draw_that_ends_in_mate_is_result_differs_and_a_record_without_clause_agrees() {
    // Two chariots: a8 holds rank 8, i0i9 checks along rank 9, the generals face on
    // the e-file: mate.
    let mate = "[Game \"Chinese Chess\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\"]\n";
    let drawn = checked(&format!("{mate}[Result \"1/2-1/2\"]\n1. i0i9 1/2-1/2\n"));
    let won = checked(&format!("{mate}[Result \"1-0\"]\n1. i0i9 1-0\n"));
    assert_eq!(won[0].replayed.as_deref(), Some("1-0"), "{won:?}");
    assert_eq!(won[0].status, Status::Clean, "no Clause tag: no mismatch");
    assert_eq!(drawn[0].status, Status::ResultDiffers);
    assert!(
        drawn[0].message.as_deref().unwrap().contains("checkmate"),
        "{drawn:?}"
    );
}

#[test]
fn an_illegal_move_gives_ply_text_position_why_and_the_legal_moves() {
    let r = &checked("[Game \"Chinese Chess\"]\n1. h2e2 h9g7\n2. h2h9 1-0\n")[0];
    assert_eq!((r.status, r.ply, r.plies), (Status::Illegal, Some(3), 2));
    let m = r.illegal.as_ref().unwrap();
    assert_eq!(m.text, "h2h9");
    assert!(m.fen.starts_with("rnbakab1r/9/1c4nc1/"), "{}", m.fen);
    assert!(m.legal.contains(&"h0g2".to_owned()));
    assert!(
        r.message.as_deref().unwrap().contains("line 3"),
        "{:?}",
        r.message
    );
}

#[test]
fn a_termination_by_checkmate_that_the_position_does_not_show_differs() {
    let r = &checked("[Game \"Chinese Chess\"]\n[Termination \"checkmate\"]\n1. h2e2 1-0\n")[0];
    assert_eq!(r.status, Status::ResultDiffers);
}

/// The real game of tests/data/records (Hu Ronghua, game 273 of the wukong-xiangqi xqdb
/// file): red repeats 一将一杀 four times and goes on; the record shows no ruling.
fn repeating_game() -> arbiter::records::ReadRecord {
    let read = read_file(&data("wukong-Hu_Ronghua_excerpt.pgn"), None).unwrap();
    read.games
        .into_iter()
        .map(Result::unwrap)
        .find(|g| g.line > 1 && g.moves().count() > 79 && g.moves().nth(79) == Some("f9f6"))
        .expect("the game with the cycle")
}

#[test]
fn refereed_a_forbidden_cycle_is_a_finding_and_the_game_goes_on() {
    let game = repeating_game();
    let r = check_game(&game, &xiangqi());
    assert_eq!(r.status, Status::Clean, "{r:?}");
    assert!(r.plies > 79);
    let kinds: Vec<_> = r
        .findings
        .iter()
        .map(|f| (f.kind, f.side.as_deref()))
        .collect();
    assert!(kinds.contains(&("must-change", Some("red"))), "{kinds:?}");
    assert!(kinds.contains(&("unchanged", Some("red"))), "{kinds:?}");
    let must = r.findings.iter().find(|f| f.kind == "must-change").unwrap();
    assert!(must.message.contains("from ply 64"), "{}", must.message);
}

#[test]
fn adjudicated_between_engines_the_forbidden_cycle_loses_at_once() {
    // The same moves under the automatic enforcement of `arbiter play`: the loss at ply 79
    // and the next move refused.
    let game = repeating_game();
    let options = CheckOptions {
        enforcement: Enforcement(RepetitionEnforcement::Automatic),
        ..xiangqi()
    };
    let r = check_game(&game, &options);
    assert_eq!((r.status, r.ply), (Status::Illegal, Some(80)), "{r:?}");
    let mut s = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    assert_eq!(s.policy().repetition, RepetitionEnforcement::Automatic);
    for m in game.moves().take(79) {
        s.apply(Event::Move(m.to_owned())).unwrap();
    }
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.result, &o.reason),
        (Score::Win(Side::Second), &Reason::ForbiddenRepetition)
    );
}

#[test]
fn a_record_that_ends_with_the_rulings_loss_is_clean_with_the_ruling_found() {
    let game = repeating_game();
    let moves: Vec<&str> = game.moves().take(79).collect();
    let text = format!(
        "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n{} 0-1\n",
        moves.join(" ")
    );
    let r = &checked(&text)[0];
    assert_eq!(
        (r.status, r.replayed.as_deref()),
        (Status::Clean, Some("0-1")),
        "{r:?}"
    );
    assert!(r.findings.iter().any(|f| f.kind == "ruled"));
}

#[test]
fn encodings_big5_gb18030_and_utf8_with_bom_are_told_from_the_bytes_or_forced() {
    let encoding = |name: &str| read_file(&data(name), None).unwrap().encoding;
    assert_eq!(encoding("ccpd-00001562-big5.pgn"), TextEncoding::Big5);
    assert_eq!(encoding("probes/gb18030.pgn"), TextEncoding::Gb18030);
    assert_eq!(encoding("probes/utf8-bom.pgn"), TextEncoding::Utf8);
    assert_eq!(encoding("wukong-xqdb_traditional.pgn"), TextEncoding::Utf8);
    let big5 = std::fs::read(data("ccpd-00001562-big5.pgn")).unwrap();
    let e = decode(&big5, Some(TextEncoding::Utf8)).unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    let r = read_file(&data("ccpd-00001562-big5.pgn"), None).unwrap();
    assert_eq!(r.games[0].as_ref().unwrap().tag("Site"), Some("江西宜春"));
}

#[test]
fn the_real_samples_replay_with_every_rejection_a_record_error() {
    // Every game of the samples: the xiangqi ones clean but for one record error (a
    // recorded draw ending in checkmate, CCPD 00001400); the draughts pages of the first
    // USSR championship clean but for two games whose source omits black's first move.
    let mut tally = std::collections::BTreeMap::new();
    for (file, options) in [
        ("wukong-xqdb_traditional.pgn", xiangqi()),
        ("wukong-Hu_Ronghua_excerpt.pgn", xiangqi()),
        ("ccpd-00001562-big5.pgn", CheckOptions::default()),
        ("ccpd-00001400-big5.pgn", CheckOptions::default()),
        ("ccpd-worldcup-00000001-big5.pgn", CheckOptions::default()),
        ("ussr1924.pdn", CheckOptions::default()),
    ] {
        for g in read_file(&data(file), None).unwrap().games {
            let r = check_game(&g.unwrap(), &options);
            *tally.entry((file, r.status.slug())).or_insert(0) += 1;
        }
    }
    let n = |f: &str, s: &str| tally.get(&(f, s)).copied().unwrap_or(0);
    assert_eq!(n("wukong-xqdb_traditional.pgn", "clean"), 15);
    assert_eq!(n("wukong-Hu_Ronghua_excerpt.pgn", "clean"), 22);
    assert_eq!(n("ccpd-00001400-big5.pgn", "result-differs"), 1);
    assert_eq!(n("ussr1924.pdn", "clean"), 27);
    assert_eq!(n("ussr1924.pdn", "illegal"), 2);
}

#[test]
fn arbiter_records_writes_a_json_line_per_game_then_a_summary_and_its_exit_says_how_it_went() {
    let out = arbiter(&[
        "records",
        "--format",
        "json",
        "tests/data/records/probes/quirks.pgn",
    ]);
    assert_eq!(code(&out), 1, "some game not clean");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    for (i, l) in lines[..4].iter().enumerate() {
        assert_eq!(l["index"], i + 1);
        for key in ["file", "plies", "status", "ply", "message", "findings"] {
            assert!(l.get(key).is_some(), "{key} in {l}");
        }
    }
    assert_eq!(lines[1]["status"], "illegal");
    assert_eq!(lines[2]["status"], "unreadable");
    assert_eq!(lines[4]["summary"], true);
    assert_eq!(lines[4]["games"], 4);
    let clean = arbiter(&["records", "tests/data/records/probes/draughts.pdn"]);
    assert_eq!(code(&clean), 0, "{}", stdout(&clean));
    assert!(stdout(&clean).contains("2 games in 1 files: 2 clean"));
    let dir = crate::common::temp_dir("records-unreadable");
    std::fs::write(dir.join("x.pgn"), "1. h2e2 2-1\n").unwrap();
    let none = arbiter(&["records", dir.to_str().unwrap()]);
    assert_eq!(code(&none), 2, "nothing readable");
}

#[test]
fn play_replay_and_standings_read_the_real_big5_records() {
    let out = arbiter(&[
        "play",
        "--replay",
        "tests/data/records/ccpd-00001562-big5.pgn",
    ]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(stdout(&out).contains("1 of 1 games reproduced"));
    let out = arbiter(&[
        "standings",
        "tests/data/records/ccpd-00001562-big5.pgn",
        "tests/data/records/ccpd-worldcup-00000001-big5.pgn",
    ]);
    assert_eq!(code(&out), 0, "{}", crate::common::stderr(&out));
    assert!(stdout(&out).contains("上海歐陽琦琳"), "{}", stdout(&out));
}
