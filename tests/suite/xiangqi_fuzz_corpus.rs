//! Replays the committed seed corpora of the xiangqi fuzz targets, so that stable
//! toolchains check the same properties: parsers never panic, and whatever parses writes
//! back to text that parses to the same thing.

use crate::common::fuzz_corpus;
use arbiter::xiangqi::fuzzing::{check_chinese, check_fen, check_iccs, check_wxf};

fn replay(target: &str, check: fn(&[u8])) {
    for (name, data) in fuzz_corpus(target, 24) {
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{target}/{name} failed");
    }
}

#[test]
fn fen_corpus() {
    replay("xiangqi_fen", check_fen);
}

#[test]
fn iccs_corpus() {
    replay("xiangqi_iccs", check_iccs);
}

#[test]
fn wxf_corpus() {
    replay("xiangqi_wxf", check_wxf);
}

#[test]
fn chinese_corpus() {
    replay("xiangqi_chinese", check_chinese);
}

// The seeds are meant to exercise the accepting paths too: a good share must parse.
#[test]
fn corpus_seeds_include_valid_moves() {
    use arbiter::xiangqi::{parse_move, Position};
    let dir = crate::common::root().join("fuzz/corpus/xiangqi_chinese");
    let mut ok = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        let Ok(text) = String::from_utf8(data) else {
            continue;
        };
        let (pos, mv) = match text.split_once('\n') {
            Some((fen, mv)) => (Position::from_fen(fen).unwrap(), mv.to_owned()),
            None => (Position::start(), text),
        };
        ok += parse_move(&pos, &mv).is_ok() as usize;
    }
    assert!(ok >= 20, "only {ok} valid seeds");
}
