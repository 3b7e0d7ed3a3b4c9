//! A game record read back as a game of a tournament ([`GameEntry::from_record`]), for
//! `arbiter standings <records…>`.

use super::reader::{Item, ReadRecord};
use crate::standings::GameEntry;
use crate::{Game, Ruleset, Side};

impl GameEntry {
    /// The game of a read record, with its game: players from the `Red`/`White` and
    /// `Black` tags, the round from `Round`, the result from the result token, violations
    /// from the arbiter's comments (xiangqi: each illegal move taken back; draughts: each
    /// oral warning).
    ///
    /// ```
    /// use arbiter::records::parse_records;
    /// use arbiter::standings::GameEntry;
    ///
    /// let text = "[Ruleset \"xiangqi@cxa\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n\
    ///             {[%arbiter illegal red e0e2] taken back} 1. h2e2 1/2-1/2\n";
    /// let record = &parse_records(text).unwrap()[0];
    /// let (game, entry) = GameEntry::from_record(record).unwrap();
    /// assert_eq!(game, arbiter::Game::Xiangqi);
    /// assert_eq!(entry.result.as_deref(), Some("draw"));
    /// assert_eq!(entry.violations["red"], 1);
    /// ```
    pub fn from_record(record: &ReadRecord) -> Result<(Game, GameEntry), String> {
        GameEntry::from_record_as(record, None)
    }

    /// [`GameEntry::from_record`] for a record whose tags may name no game: its ruleset
    /// as [`super::ruleset_of`] finds it, `default` for the others (`--ruleset`). The
    /// result is the result token's, else the `Result` tag's.
    pub fn from_record_as(
        record: &ReadRecord,
        default: Option<&Ruleset>,
    ) -> Result<(Game, GameEntry), String> {
        let game = super::ruleset_of(record, default)?.game;
        let first_tag = if game.is_draughts() { "White" } else { "Red" };
        let first = record
            .tag(first_tag)
            .ok_or_else(|| format!("the record has no {first_tag} tag"))?;
        let second = record.tag("Black").ok_or("the record has no Black tag")?;
        let score = super::recorded_result(record)?.ok_or_else(|| {
            format!(
                "result '{}' is not a finished game",
                record.tag("Result").unwrap_or(&record.result)
            )
        })?;
        let result = score.slug(game).to_owned();
        let mut entry = GameEntry {
            round: record.tag("Round").and_then(|r| r.parse().ok()),
            result: Some(result),
            black: Some(second.to_owned()),
            ..GameEntry::default()
        };
        if game.is_draughts() {
            entry.white = Some(first.to_owned());
        } else {
            entry.red = Some(first.to_owned());
        }
        for item in &record.items {
            let Item::Comment(c) = item else {
                continue;
            };
            let Some(rest) = c.strip_prefix("[%arbiter ") else {
                continue;
            };
            let words: Vec<&str> = rest.split([' ', ']']).collect();
            let counted = match words.first() {
                Some(&"illegal") => !game.is_draughts(),
                Some(&"warning") => game.is_draughts(),
                _ => false,
            };
            if counted {
                let side = if words.get(1) == Some(&"black") {
                    Side::Second
                } else {
                    Side::First
                };
                *entry
                    .violations
                    .entry(side.name(game).to_owned())
                    .or_insert(0) += 1;
            }
        }
        Ok((game, entry))
    }
}
