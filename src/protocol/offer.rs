//! The wire form of an earlier draw offer (the `draw_offer` query's `earlier`, a case's
//! `expect.draw_offer.earlier`): the side by the game's name for it, read into an
//! [`OfferRecord`] once the game is known.
//!
//! ```
//! use arbiter::outcome::{OfferAnswer, OfferRecord};
//! use arbiter::protocol::offer::OfferText;
//! use arbiter::{Game, Side};
//!
//! let text: OfferText = serde_json::from_str(r#"{"by":"red","after_move":3}"#).unwrap();
//! assert_eq!(
//!     text.read(Game::Xiangqi),
//!     Ok(OfferRecord { by: Side::First, after_move: 3, answer: OfferAnswer::Pending })
//! );
//! assert_eq!(
//!     text.read(Game::Russian).unwrap_err().to_string(),
//!     "invalid side 'red' (expected white or black)"
//! );
//! ```

use crate::outcome::{OfferAnswer, OfferRecord};
use crate::{Game, Side, SideError};
use serde::{Deserialize, Serialize};

/// An earlier draw offer as the protocol and the case files write it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OfferText {
    /// The offering side (`white`, `black`, `red`).
    pub by: String,
    /// How many moves of the history had been played when it was made (it was made right
    /// after move number `after_move`; 0 = before any move of the history).
    pub after_move: usize,
    /// The answer, `pending` when not given.
    #[serde(default = "pending")]
    pub answer: OfferAnswer,
}

fn pending() -> OfferAnswer {
    OfferAnswer::Pending
}

impl OfferText {
    /// The offer, its side read by `game`'s names for the sides.
    pub fn read(&self, game: Game) -> Result<OfferRecord, SideError> {
        Ok(OfferRecord {
            by: Side::parse(&self.by, game)?,
            after_move: self.after_move,
            answer: self.answer,
        })
    }
}
