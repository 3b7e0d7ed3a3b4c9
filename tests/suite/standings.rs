//! Standings: points by game, tie-breaks as the xiangqi rules define them, violations read
//! from records. Each test names the plausible wrong scoring it tells apart.

use arbiter::play::{parse_records, play_game, GameOptions, Opening, Player, RandomPlayer};
use arbiter::procedure::Side;
use arbiter::standings::{standings, GameScore, System};
use arbiter::Game;

fn g(a: &str, b: &str, winner: Option<Side>) -> GameScore {
    GameScore::new([a, b], winner, false)
}

/// A 3 (beat B, drew C, lost to D), B 4, C 3 (drew A, beat D), D 2, in units.
fn round_robin() -> Vec<GameScore> {
    vec![
        g("A", "B", Some(Side::First)),
        g("A", "C", None),
        g("D", "A", Some(Side::First)),
        g("B", "C", Some(Side::First)),
        g("B", "D", Some(Side::First)),
        g("C", "D", Some(Side::First)),
    ]
}

fn places(table: &[arbiter::standings::Row]) -> Vec<(String, (usize, usize))> {
    table.iter().map(|r| (r.name.clone(), r.place)).collect()
}

#[test]
fn round_robin_ties_are_broken_by_sonneborn_berger() {
    // xq.scoring.rr-single-rank, xq.scoring.rr-single-sonneborn: A and C have 1.5 points;
    // 小分 A = 2 (B) + 1.5/2 (C) = 2.75, C = 1.5/2 (A) + 1 (D) = 1.75. Buchholz (a plausible
    // wrong tie-break) gives both 4.5 and would share 2nd-3rd.
    let table = standings(Game::Xiangqi, &round_robin(), System::RoundRobin);
    assert_eq!(
        places(&table),
        [
            ("B".to_owned(), (1, 1)),
            ("A".to_owned(), (2, 2)),
            ("C".to_owned(), (3, 3)),
            ("D".to_owned(), (4, 4)),
        ]
    );
    assert_eq!(table[1].points, 1.5);
    assert_eq!(table[1].tiebreak, 2.75);
    assert_eq!(table[2].tiebreak, 1.75);
}

#[test]
fn swiss_ties_are_broken_by_buchholz_and_else_shared() {
    // xq.scoring.swiss-individual-rank: 对手分 A = B + C + D = 2 + 1.5 + 1 = 4.5 = C's, so
    // they share 2nd-3rd (Sonneborn-Berger, the wrong tie-break here, would split them).
    let table = standings(Game::Xiangqi, &round_robin(), System::Swiss);
    assert_eq!(table[1].place, (2, 3));
    assert_eq!(table[2].place, (2, 3));
    assert_eq!(table[1].tiebreak, 4.5);
}

#[test]
fn draughts_scores_two_one_zero() {
    // d64.scoring.win-two, draw-one, loss-zero; xiangqi scores the same results 1/½/0
    // (xq.scoring.game-points).
    let games = [g("W", "L", Some(Side::First)), g("W", "D", None)];
    let d = standings(Game::Russian, &games, System::RoundRobin);
    let x = standings(Game::Xiangqi, &games, System::RoundRobin);
    let points =
        |t: &[arbiter::standings::Row], n: &str| t.iter().find(|r| r.name == n).unwrap().points;
    assert_eq!(
        (points(&d, "W"), points(&d, "D"), points(&d, "L")),
        (3.0, 1.0, 0.0)
    );
    assert_eq!(
        (points(&x, "W"), points(&x, "D"), points(&x, "L")),
        (1.5, 0.5, 0.0)
    );
}

#[test]
fn fewer_violations_break_a_remaining_tie_and_recorded_violations_count() {
    // xq.scoring.rr-single-violations, read from a record: red plays two illegal general
    // moves, then moves; the game is adjudicated a draw, so only the violations differ.
    struct TwoIllegal(u32);
    impl Player for TwoIllegal {
        fn name(&self) -> String {
            "careless".to_owned()
        }
        fn choose(
            &mut self,
            r: &arbiter::play::MoveRequest,
        ) -> Result<arbiter::play::Choice, arbiter::play::PlayerError> {
            self.0 += 1;
            let text = if self.0 <= 2 {
                "e0e2".to_owned()
            } else {
                r.permitted[0].clone()
            };
            Ok(arbiter::play::Choice { text, spent: None })
        }
    }
    let mut red = TwoIllegal(0);
    let mut black = RandomPlayer::new(4);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let options = GameOptions {
        ruleset: "xiangqi".parse().unwrap(),
        control: None,
        max_plies: Some(6),
        round: 1,
    };
    let record = play_game(&mut players, &Opening::default(), &options).unwrap();
    assert!(record.result.adjudicated);
    let read = parse_records(&record.to_text()).unwrap();
    let score = GameScore::from_record(&read[0]).unwrap();
    assert_eq!(score.violations, [2, 0]);
    let table = standings(Game::Xiangqi, &[score], System::RoundRobin);
    // Ignoring violations (the plausible wrong) would share 1st-2nd.
    assert_eq!(places(&table)[0], ("random".to_owned(), (1, 1)));
    assert_eq!(places(&table)[1], ("careless".to_owned(), (2, 2)));
    assert_eq!(table[1].violations, 2);
}

#[test]
fn a_complete_tie_shares_the_places() {
    // xq.scoring.rr-single-shared.
    let table = standings(Game::Xiangqi, &[g("P", "Q", None)], System::RoundRobin);
    assert_eq!(table[0].place, (1, 2));
    assert_eq!(table[1].place, (1, 2));
}
