//! Game records in the notations a xiangqi record may be written in (`arbiter play
//! --record-notation chinese|wxf`): the Chinese move record of the CXA rules (第四章 第三节
//! 记录) and WXF are read back and replayed to the same result, by the library, by
//! `arbiter play --replay` and by `arbiter standings --verify`.

use crate::common::{arbiter, code, records_replay_and_rank, stderr, temp_dir};
use arbiter::play::{
    control_for, play_game, Choice, GameOptions, GameRecord, MoveRequest, Opening, Player,
    PlayerError, RandomPlayer, RecordNotation,
};
use arbiter::records::{parse_records, verify, Item};
use arbiter::standings::GameEntry;

fn options(control: Option<&str>, max_plies: u32) -> GameOptions {
    let ruleset: arbiter::Ruleset = "xiangqi".parse().unwrap();
    GameOptions {
        control: control.map(|c| control_for(ruleset.game, c).unwrap()),
        ruleset,
        max_plies: Some(max_plies),
        round: 1,
    }
}

/// Plays an illegal general's move twice, then random moves (two violations, taken back).
struct TwiceIllegal {
    illegal: u32,
    random: RandomPlayer,
}

impl Player for TwiceIllegal {
    fn name(&self) -> String {
        "twice-illegal".to_owned()
    }
    fn choose(&mut self, request: &MoveRequest) -> Result<Choice, PlayerError> {
        if self.illegal < 2 {
            self.illegal += 1;
            return Ok(Choice::timed_by_arbiter("e0e2"));
        }
        self.random.choose(request)
    }
}

fn games() -> Vec<GameRecord> {
    let mut out = Vec::new();
    for seed in 0..3 {
        let mut red = RandomPlayer::new(seed);
        let mut black = RandomPlayer::new(seed + 50);
        let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
        let control = (seed == 1).then_some("per-move");
        out.push(play_game(&mut players, &Opening::default(), &options(control, 300)).unwrap());
    }
    let mut red = TwiceIllegal {
        illegal: 0,
        random: RandomPlayer::new(9),
    };
    let mut black = RandomPlayer::new(10);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let opening = Opening {
        fen: None,
        moves: vec!["h2e2".into(), "h9g7".into()],
    };
    out.push(play_game(&mut players, &opening, &options(Some("1m+1s"), 200)).unwrap());
    out
}

#[test]
fn xiangqi_records_in_chinese_and_wxf_replay_to_the_same_result() {
    for record in games() {
        let canonical = parse_records(&record.to_text()).unwrap().remove(0);
        for notation in [RecordNotation::Chinese, RecordNotation::Wxf] {
            let text = record.to_text_in(notation);
            assert!(
                text.contains(&format!("[Notation \"{}\"]", notation.name())),
                "{text}"
            );
            let read = parse_records(&text).unwrap().remove(0);
            let moves = |r: &arbiter::records::ReadRecord| -> Vec<String> {
                r.items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Move(m) => Some(m.clone()),
                        Item::Comment(_) => None,
                    })
                    .collect()
            };
            let (written, iccs) = (moves(&read), moves(&canonical));
            assert_eq!(written.len(), iccs.len());
            // Every move in the notation asked for, none left in ICCS.
            for (w, i) in written.iter().zip(&iccs) {
                assert_ne!(w, i, "{notation:?}: {i} written as ICCS");
                if notation == RecordNotation::Chinese {
                    assert!(!w.is_ascii(), "{w}");
                }
            }
            assert_eq!(Some(verify(&read).unwrap()), record.result, "{text}");
            // Read as a game of a tournament: the same result and violations.
            let (_, entry) = GameEntry::from_record(&read).unwrap();
            let (_, from_canonical) = GameEntry::from_record(&canonical).unwrap();
            assert_eq!(entry, from_canonical);
        }
    }
}

#[test]
fn the_chinese_record_names_the_moves_as_the_rules_write_them() {
    // 第四章 第三节: 炮二平五 马8进7 (red's files in Chinese numerals, black's in digits).
    let game = games().pop().unwrap();
    let text = game.to_text_in(RecordNotation::Chinese);
    assert!(text.contains("1. 炮二平五 马8进7 "), "{text}");
    // The arbiter's tags keep the illegal move as the player gave it.
    assert!(text.contains("[%arbiter illegal red e0e2"), "{text}");
    let (_, entry) = GameEntry::from_record(&parse_records(&text).unwrap()[0]).unwrap();
    assert_eq!(entry.violations["red"], 2);
}

#[test]
fn arbiter_play_writes_chinese_records_that_replay_and_rank() {
    let dir = temp_dir("play-record-chinese");
    let record = dir.join("games.pgn");
    let out = arbiter(&[
        "play",
        "--red",
        "greedy",
        "--black",
        "random",
        "-r",
        "xiangqi",
        "-n",
        "2",
        "-c",
        "5m+2s",
        "-q",
        "--record-notation",
        "chinese",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Notation \"chinese\"]"), "{text}");
    assert!(text.contains("1. 炮"), "{text}");
    records_replay_and_rank(&record, "greedy");
    // Draughts records are numeric.
    let out = arbiter(&[
        "play",
        "--white",
        "random",
        "--black",
        "random",
        "-r",
        "russian",
        "--record-notation",
        "chinese",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("the chinese notation is for xiangqi records"),
        "{}",
        stderr(&out)
    );
}
