//! Expectations given per side (`expect.violations`, `expect.clock`): a value for `red`,
//! `white` or `black` beside the expectation's own keys, in one map (`{red: 1, black: 0,
//! kinds: [...]}`); a side left out is not compared.

use super::check::Checker;
use crate::protocol::keys::{struct_name, with_keys, Place};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

/// A value expected of each side the case names (`red` in xiangqi, `white` in draughts,
/// `black` in both); a side left out is not compared.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BySide<T> {
    /// Red's (xiangqi).
    pub red: Option<T>,
    /// White's (draughts).
    pub white: Option<T>,
    /// Black's.
    pub black: Option<T>,
}

/// The side keys, in the order an error about an unknown key lists them.
const SIDE_KEYS: [&str; 3] = ["red", "white", "black"];

impl<T> BySide<T> {
    /// The sides named, with what is expected of each, in the order red, white, black.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, &T)> {
        SIDE_KEYS
            .into_iter()
            .zip([&self.red, &self.white, &self.black])
            .filter_map(|(name, want)| Some((name, want.as_ref()?)))
    }
}

/// An expectation given per side beside keys of its own, read from one map: the side keys
/// as `T`s, the others as `R`, a struct deriving `Deserialize` with `deny_unknown_fields`
/// (an unknown key is refused with every key expected, the side keys first; a value that
/// is not a map is refused naming the struct as `R`'s derived reader does, by its
/// `#[serde(rename)]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sided<T, R> {
    /// What is expected of each side.
    pub sides: BySide<T>,
    /// The expectation's own keys.
    pub own: R,
}

impl<'de, T, R> Deserialize<'de> for Sided<T, R>
where
    T: Deserialize<'de>,
    R: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sided<T, R>, D::Error> {
        let ([red, white, black], own) =
            with_keys(d, struct_name::<R>(), SIDE_KEYS, Place::Before)?;
        Ok(Sided {
            sides: BySide { red, white, black },
            own,
        })
    }
}

impl Checker<'_> {
    /// Compares what `want` expects of each side it names with what the engine answered
    /// for that side (`got`, by side name), and returns the problems found: a side the game
    /// does not have is one, a side the engine does not report is skipped (it does not
    /// report `{side}'s {what}`), `compare` notes the others.
    pub(super) fn compare_sides<T, G>(
        &mut self,
        want: &BySide<T>,
        got: &BTreeMap<String, G>,
        what: &str,
        mut compare: impl FnMut(&mut Self, &str, &T, &G, &mut Vec<String>),
    ) -> Vec<String> {
        let mut problems = Vec::new();
        for (name, want) in want.named() {
            if !self.is_side(name) {
                problems.push(format!("{name} is no side of {}", self.ruleset.game));
                continue;
            }
            match got.get(name) {
                Some(have) => compare(self, name, want, have, &mut problems),
                None => self.skip(format!("the engine does not report {name}'s {what}")),
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields, rename = "OwnExpect")]
    struct Own {
        #[serde(default)]
        note: Option<String>,
    }

    fn read(text: &str) -> Result<Sided<u32, Own>, String> {
        serde_yaml::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn the_sides_are_read_beside_the_own_keys() {
        let s = read("{black: 2, note: x, red: 1}").unwrap();
        assert_eq!(
            s.sides.named().collect::<Vec<_>>(),
            [("red", &1), ("black", &2)]
        );
        assert_eq!(s.own.note.as_deref(), Some("x"));
        assert_eq!(read("{}").unwrap().sides, BySide::default());
    }

    #[test]
    fn errors_name_the_key_and_what_was_expected() {
        for (text, want) in [
            (
                "{green: 1}",
                "unknown field `green`, expected one of `red`, `white`, `black`, `note`",
            ),
            ("{red: x}", "invalid type: string \"x\", expected u32"),
            ("{red: 1, red: 2}", "duplicate field `red`"),
            ("3", "expected struct OwnExpect"),
        ] {
            let err = read(text).unwrap_err();
            assert!(err.contains(want), "{text}: {err}");
        }
    }
}
