//! The rulebook for people: `arbiter book` writes the three catalogs as a static site (a page
//! per clause with the seed's own words, the reading, the editions, and each case drawn as
//! boards with its history in numbered rounds and its expectation in plain words), built on
//! the pages of [`crate::page`], which the HTML failure report shares.
//!
//! Every page is self-contained: inline CSS and SVG, no external resource; the site's search
//! box is the only script, and the pages read without it.

mod seed;
mod site;

pub use seed::{outside_seed, seed_text};
pub use site::{build_book, BookError, BookSummary, Sources};

#[cfg(test)]
mod tests;
