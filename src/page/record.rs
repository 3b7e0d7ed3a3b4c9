//! Histories replayed for people: every position on the way, each move written as the
//! game's own record writes it (PDN numbers for draughts, the Chinese record for xiangqi),
//! in numbered rounds.

use crate::{rules_for, Game, Ruleset};

/// A history played from a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The position before each move played, then the position reached (one more than the
    /// moves played).
    pub fens: Vec<String>,
    /// Each move played, written for people (`22-18`, `炮二平五`).
    pub texts: Vec<String>,
    /// The moves as the case writes them.
    pub raw: Vec<String>,
    /// Whether the first side to move is the second player (black).
    pub second_starts: bool,
    /// The move the reference refused, by index, and why; the moves after it are not played.
    pub refused: Option<(usize, String)>,
}

impl Replay {
    /// Plays `moves` from `position` (the start position when `None`) under the reference
    /// rules of `ruleset`. An unreadable starting position is an error; a refused move ends
    /// the replay there (see [`Replay::refused`]).
    ///
    /// ```
    /// use arbiter::page::Replay;
    ///
    /// let r = Replay::play(&"xiangqi".parse().unwrap(), None, &["h2e2".into(), "h9g7".into()]).unwrap();
    /// assert_eq!(r.texts, ["炮二平五", "马8进7"]);
    /// assert_eq!(r.rounds(), "1. 炮二平五 马8进7");
    /// ```
    pub fn play(
        ruleset: &Ruleset,
        position: Option<&str>,
        moves: &[String],
    ) -> Result<Replay, String> {
        let rules = rules_for(ruleset);
        let start = rules
            .position_or_start(position)
            .map_err(|e| e.to_string())?;
        let mut replay = Replay {
            fens: vec![start.clone()],
            texts: Vec::new(),
            raw: moves.to_vec(),
            second_starts: false,
            refused: None,
        };
        match crate::draughts::Variant::from_game(ruleset.game) {
            Some(variant) => {
                use crate::draughts::{notation, Position};
                use crate::Side;
                let mut pos = Position::from_fen(&start, variant).map_err(|e| e.to_string())?;
                replay.second_starts = pos.turn() == Side::Second;
                for (i, text) in moves.iter().enumerate() {
                    match pos.parse_move(text) {
                        Ok(m) => {
                            replay
                                .texts
                                .push(notation::write(&m, notation::Notation::Numeric));
                            pos = pos.play_unchecked(&m);
                            replay.fens.push(pos.to_fen());
                        }
                        Err(e) => {
                            replay.refused = Some((i, e.to_string()));
                            break;
                        }
                    }
                }
            }
            None => {
                use crate::xiangqi::notation::{parse_move, Notation};
                use crate::xiangqi::Position;
                use crate::Side;
                let mut pos = Position::from_fen(&start).map_err(|e| e.to_string())?;
                replay.second_starts = pos.turn() == Side::Second;
                for (i, text) in moves.iter().enumerate() {
                    let played = parse_move(&pos, text)
                        .map_err(|e| e.to_string())
                        .and_then(|m| {
                            let written = Notation::Chinese.write(&pos, m);
                            pos.play(m).map(|p| (written, p)).map_err(|e| e.to_string())
                        });
                    match played {
                        Ok((written, next)) => {
                            replay.texts.push(written);
                            pos = next;
                            replay.fens.push(pos.fen());
                        }
                        Err(e) => {
                            replay.refused = Some((i, e));
                            break;
                        }
                    }
                }
            }
        }
        Ok(replay)
    }

    /// The position reached (after the moves played).
    pub fn reached(&self) -> &str {
        self.fens.last().map(String::as_str).unwrap_or_default()
    }

    /// The last move played with the position before it, for marking on the board.
    pub fn last_move(&self) -> Option<(String, String)> {
        let n = self.texts.len();
        (n > 0).then(|| (self.fens[n - 1].clone(), self.raw[n - 1].clone()))
    }

    /// The moves played in numbered rounds (`1. 22-18 11-15 2. …`); a history that starts
    /// with the second player opens with `1. …`. Moves the reference refused follow as the
    /// case writes them, marked.
    pub fn rounds(&self) -> String {
        let mut words: Vec<String> = Vec::new();
        let offset = usize::from(self.second_starts);
        for (i, text) in self.texts.iter().enumerate() {
            let ply = i + offset;
            if ply % 2 == 0 {
                words.push(format!("{}.", ply / 2 + 1));
            } else if i == 0 {
                words.push("1. …".to_owned());
            }
            words.push(text.clone());
        }
        if let Some((at, _)) = &self.refused {
            for (j, text) in self.raw[*at..].iter().enumerate() {
                let mark = if j == 0 { " (refused)" } else { "" };
                words.push(format!("{text}{mark}"));
            }
        }
        words.join(" ")
    }
}

/// A count of plies said in moves as well, as the rulebooks count (a move, 回合, is one ply
/// of each side).
///
/// ```
/// use arbiter::{page::plies_in_moves, Game};
/// assert_eq!(plies_in_moves(30, Game::Brazilian), "30 plies (15 moves)");
/// assert_eq!(plies_in_moves(119, Game::Xiangqi), "119 plies (59½ moves, 回合)");
/// assert_eq!(plies_in_moves(1, Game::Russian), "1 ply (½ move)");
/// ```
pub fn plies_in_moves(plies: u64, game: Game) -> String {
    let whole = plies / 2;
    let half = if plies % 2 == 1 { "½" } else { "" };
    let moves = match (whole, half) {
        (0, "½") => "½".to_owned(),
        (w, h) => format!("{w}{h}"),
    };
    let unit = if plies == 2 || (whole == 0 && plies == 1) {
        "move"
    } else {
        "moves"
    };
    let ply = if plies == 1 { "ply" } else { "plies" };
    let zh = if game == Game::Xiangqi {
        ", 回合"
    } else {
        ""
    };
    format!("{plies} {ply} ({moves} {unit}{zh})")
}
