//! The types of a catalog file.

use crate::{Game, Ruleset, RulesetError};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

/// One catalog file: a source document and its clauses.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// The source document the clauses encode.
    pub document: Document,
    /// The clauses, in the order of the document.
    pub clauses: Vec<Clause>,
}

impl Catalog {
    /// Parses a catalog from YAML text. Errors carry the line and column (not the file: see
    /// [`load_catalogs`](crate::spec::load_catalogs) for that).
    pub fn from_yaml(text: &str) -> Result<Catalog, serde_yaml::Error> {
        serde_yaml::from_str(text)
    }
}

/// The source document of a catalog.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Stable id of the document (`draughts64`, `xiangqi`, `chess-laws`).
    pub id: String,
    /// Its title.
    pub title: String,
    /// Where the text is, relative to the shared seeds.
    pub source: String,
    /// The language of the source (`zh`, `en`).
    pub language: String,
    /// Free text.
    #[serde(default)]
    pub note: Option<String>,
}

/// One clause of a rulebook.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// Stable slug id (`d64.capture.compulsory`).
    pub id: String,
    /// The article or item of the document it encodes, as the document numbers it.
    pub source: String,
    /// The games or editions it applies to.
    pub rulesets: Vec<RulesetPattern>,
    /// What the clause is about.
    pub kind: Kind,
    /// Whether a program can check it from positions, moves and events.
    pub executable: bool,
    /// A short English statement of the clause.
    pub statement: String,
    /// Related clauses, also in other documents.
    #[serde(default)]
    pub see_also: Vec<String>,
    /// Former ids of this clause.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Ambiguities, interpretation, garbled source text.
    #[serde(default)]
    pub note: Option<String>,
}

impl Clause {
    /// Whether the clause applies to a ruleset.
    pub fn applies_to(&self, ruleset: &Ruleset) -> bool {
        self.rulesets.iter().any(|p| p.matches(ruleset))
    }
}

/// The rulesets a clause applies to: a game generally (`xiangqi`, every edition of it) or
/// one edition (`xiangqi@axf`).
///
/// ```
/// use arbiter::spec::RulesetPattern;
/// use arbiter::Ruleset;
///
/// let any: RulesetPattern = "xiangqi".parse().unwrap();
/// let axf: RulesetPattern = "xiangqi@axf".parse().unwrap();
/// let cxa: Ruleset = "xiangqi".parse().unwrap();
/// assert!(any.matches(&cxa));
/// assert!(!axf.matches(&cxa));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulesetPattern {
    /// The game.
    pub game: Game,
    /// The edition, if one was named; `None` means every edition of the game.
    pub edition: Option<String>,
}

impl RulesetPattern {
    /// Whether `ruleset` is one this pattern names.
    pub fn matches(&self, ruleset: &Ruleset) -> bool {
        self.game == ruleset.game && self.edition.as_ref().is_none_or(|e| *e == ruleset.edition)
    }
}

impl FromStr for RulesetPattern {
    type Err = RulesetError;

    fn from_str(s: &str) -> Result<RulesetPattern, RulesetError> {
        let ruleset: Ruleset = s.parse()?;
        let edition = s.contains('@').then_some(ruleset.edition);
        Ok(RulesetPattern {
            game: ruleset.game,
            edition,
        })
    }
}

impl fmt::Display for RulesetPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.edition {
            Some(e) => write!(f, "{}@{e}", self.game),
            None => write!(f, "{}", self.game),
        }
    }
}

impl<'de> Deserialize<'de> for RulesetPattern {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

macro_rules! kinds {
    ($($variant:ident = $name:literal: $doc:literal,)*) => {
        /// What a clause is about (a closed list).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Kind {
            $(#[doc = $doc] $variant,)*
        }

        impl Kind {
            /// Every kind, in the documented order.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// The kebab-case name used in catalog files.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }
        }
    };
}

kinds! {
    Definition = "definition": "Definitions of terms.",
    Equipment = "equipment": "Board, pieces, clocks and their sizes.",
    Movement = "movement": "How pieces move.",
    Capture = "capture": "How pieces capture.",
    Promotion = "promotion": "Promotion of men to kings.",
    Check = "check": "Check and its consequences.",
    EndOfGame = "end-of-game": "How a game is won or lost.",
    Draw = "draw": "Drawn games.",
    Repetition = "repetition": "Repeated positions and forbidden repetitions.",
    TouchMove = "touch-move": "Touching and moving pieces.",
    Irregularity = "irregularity": "Irregular positions, moves and their correction.",
    Timing = "timing": "Clocks and time controls.",
    Recording = "recording": "Recording the moves.",
    Notation = "notation": "How moves and positions are written.",
    Adjournment = "adjournment": "Adjourning and resuming games.",
    DrawOffer = "draw-offer": "Offering draws.",
    Scoring = "scoring": "Points for results.",
    Tournament = "tournament": "Tournament systems and pairing.",
    Arbiter = "arbiter": "The arbiter's duties and powers.",
    Conduct = "conduct": "Players' conduct.",
    Penalty = "penalty": "Penalties.",
    Appeal = "appeal": "Appeals.",
}

named!(Kind);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_game_matches_every_edition_but_edition_only_itself() {
        let any: RulesetPattern = "xiangqi".parse().unwrap();
        let axf: RulesetPattern = "xiangqi@axf".parse().unwrap();
        let cxa_default: RulesetPattern = "xiangqi@cxa".parse().unwrap();
        let r_axf: Ruleset = "xiangqi@axf".parse().unwrap();
        let r_cxa: Ruleset = "xiangqi".parse().unwrap();
        assert!(any.matches(&r_axf) && any.matches(&r_cxa));
        assert!(axf.matches(&r_axf) && !axf.matches(&r_cxa));
        assert!(cxa_default.matches(&r_cxa) && !cxa_default.matches(&r_axf));
        assert!(!any.matches(&"russian".parse().unwrap()));
        assert_eq!(any.to_string(), "xiangqi");
        assert_eq!(axf.to_string(), "xiangqi@axf");
    }

    #[test]
    fn kind_names_are_the_kebab_case_serde_names() {
        for kind in Kind::ALL {
            let yaml: Kind = serde_yaml::from_str(kind.name()).unwrap();
            assert_eq!(yaml, *kind);
        }
        assert_eq!(Kind::ALL.len(), 22);
        assert!(serde_yaml::from_str::<Kind>("end_of_game").is_err());
    }
}
