//! A history written as a list of move texts or in numbered rounds.
//!
//! `moves:` of a case or shared history is either a YAML list (`["22-18", "11-15"]`) or one
//! string of numbered rounds as a game record prints them: `"1. 22-18 11-15 2. 18x11 8x15"`,
//! `"1. 炮二平五 马8进7 2. 马二进三"`; `1...` starts with the second player's move. Round
//! numbers are optional, but where they stand they must count up by one from the first; a
//! number may be written against its move (`1.22-18`). Either form reads to the same list
//! of plies.
//!
//! ```
//! use arbiter::case::read_rounds;
//!
//! assert_eq!(read_rounds("1. 22-18 11-15 2. 18x11").unwrap(), ["22-18", "11-15", "18x11"]);
//! assert_eq!(read_rounds("3... h9g7 4.h2e2").unwrap(), ["h9g7", "h2e2"]);
//! assert_eq!(
//!     read_rounds("1. 22-18 11-15 3. 18x11").unwrap_err(),
//!     "round number '3.' where 2. was expected"
//! );
//! ```

use serde::de::{self, SeqAccess, Visitor};
use serde::Deserializer;
use std::fmt;

/// Reads a history in numbered rounds into its plies; the error says which round number is
/// out of order.
pub fn read_rounds(text: &str) -> Result<Vec<String>, String> {
    let mut plies = Vec::new();
    let mut next: Option<u64> = None;
    for token in text.split_whitespace() {
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        let (number, rest) = if digits > 0 && dots > 0 {
            (Some(&token[..digits + dots]), &token[digits + dots..])
        } else {
            (None, token)
        };
        if let Some(number) = number {
            let n: u64 = token[..digits]
                .parse()
                .map_err(|_| format!("round number '{number}' is too large"))?;
            if let Some(expected) = next {
                if n != expected {
                    return Err(format!(
                        "round number '{number}' where {expected}. was expected"
                    ));
                }
            }
            next = Some(n + 1);
        }
        if !rest.is_empty() {
            plies.push(rest.to_owned());
        }
    }
    Ok(plies)
}

/// Deserializes `moves:` from a list of texts or a string of numbered rounds.
pub(crate) fn list_or_rounds<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Moves;
    impl<'de> Visitor<'de> for Moves {
        type Value = Vec<String>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of moves or a string of numbered rounds (\"1. 22-18 11-15 2. …\")")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<String>, E> {
            read_rounds(v).map_err(E::custom)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(text) = seq.next_element::<String>()? {
                out.push(text);
            }
            Ok(out)
        }
    }
    d.deserialize_any(Moves)
}
