//! The tolerant reader of PGN (xiangqi) and PDN (draughts) text: [`read_games`].
//!
//! It follows the PGN standard's grammar (a tag section of `[Name "value"]` pairs, then
//! movetext ending in a result token), which PDN 3.0 keeps for draughts, and reads it as
//! records are really written:
//!
//! - **Game boundaries.** A game ends at its result token, or at the next tag section when
//!   the token is missing (files that hold only moves). A tag after movetext always starts
//!   a new game, so two games are never merged; movetext after a result token without a
//!   tag section is a game of its own.
//! - **Tags.** The value runs to the last `"` before the `]` that closes the tag on its
//!   line, so a value holding `]` or an unescaped `"` is read whole; `\"` and `\\` are
//!   unescaped; several tags may share a line; a value without quotes is read up to `]`.
//! - **Movetext.** Move numbers are skipped in every form (`1.`, `1...`, `1…`, `1．`, a
//!   lone `...`), also when glued to the move (`1.h2e2`, `1...h9g7`). Comments `{…}` are
//!   kept as comments (over several lines); `;` comments to the end of the line and
//!   `%` escape lines are dropped; variations `( … )` are skipped, nested or not, never
//!   merged into the main line; NAGs (`$1`) and suffix annotations (`!`, `?`, `!?`, `?!`,
//!   `!!`, `??`) are dropped.
//! - **Full-width forms.** Full-width ASCII (`Ｃ２＝５`, `１．`, `－`) and the ideographic
//!   space are read as their ASCII forms in movetext, so a move in full-width WXF or with
//!   full-width digits is read like its ASCII form.
//! - **Result tokens.** `1-0`, `0-1`, `1/2-1/2`, `½-½`, `0-0`, `*`, and draughts' `2-0`,
//!   `0-2`, `1-1`, with `-`, `–`, `—` or `:` between the scores. Any other token shaped like
//!   a score (`2-1`, `1/2`) is an unknown result token: the game is unreadable, and the
//!   token is never read as a move.
//!
//! A game that cannot be read is an [`RecordError`] with its game number and line, and
//! the games after it are read as usual.
//!
//! ```
//! use arbiter::records::{read_games, Item};
//!
//! let text = "[Event \"Cup [final]\"]\n[Result \"1-0\"]\n\n1.h2e2 $1 {good} (1. c3c4) h9g7!? 1-0\n\
//!             [Event \"next\"]\n1. b0c2 ½–½\n";
//! let games = read_games(text);
//! assert_eq!(games.len(), 2);
//! let first = games[0].as_ref().unwrap();
//! assert_eq!(first.tag("Event"), Some("Cup [final]"));
//! assert_eq!(first.moves().collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(first.items[1], Item::Comment("good".into()));
//! let second = games[1].as_ref().unwrap();
//! assert_eq!((second.result.as_str(), second.line), ("1/2-1/2", 5));
//! ```

/// One item of a read record's movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A move, as written (full-width forms read as ASCII, annotations dropped).
    Move(String),
    /// A comment, its whitespace collapsed.
    Comment(String),
}

/// A game record as read: its tags and movetext items.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadRecord {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The moves and comments, in order (comments without braces).
    pub items: Vec<Item>,
    /// The line of each item (1-based), as `items`.
    pub lines: Vec<usize>,
    /// The result token at the end, in its canonical form (`1-0`, `0-1`, `1/2-1/2`, `0-0`,
    /// `2-0`, `0-2`, `1-1`, `*`); empty when the game has none.
    pub result: String,
    /// The line the game starts on (1-based).
    pub line: usize,
}

impl ReadRecord {
    /// The value of a tag (the first of that name; names compare exactly).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a tag whose name is `name` in any case (`GameType`, `gametype`).
    pub fn tag_any_case(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.items.iter().filter_map(|i| match i {
            Item::Move(m) => Some(m.as_str()),
            Item::Comment(_) => None,
        })
    }
}

/// Why a game could not be read: the game (1-based in its file), the line, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {message}")]
pub struct RecordError {
    /// The game's number in the file.
    pub game: usize,
    /// The line of the problem (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The canonical form of a result token as written, `None` when the token is not one.
/// Unknown score-shaped tokens are `Some(Err(..))`.
///
/// ```
/// use arbiter::records::read_result_token;
///
/// assert_eq!(read_result_token("½–½"), Some(Ok("1/2-1/2")));
/// assert_eq!(read_result_token("2-0"), Some(Ok("2-0")));
/// assert_eq!(read_result_token("1:0"), Some(Ok("1-0")));
/// assert!(matches!(read_result_token("2-1"), Some(Err(_))));
/// assert_eq!(read_result_token("9-13"), None);
/// ```
pub fn read_result_token(token: &str) -> Option<Result<&'static str, String>> {
    if token == "*" {
        return Some(Ok("*"));
    }
    let t: String = token
        .chars()
        .map(|c| match c {
            '–' | '—' | '‐' | '−' | ':' => '-',
            '½' => 'h',
            c => c,
        })
        .collect();
    let t = t.replace("1/2", "h");
    let score = |s: &str| matches!(s, "0" | "1" | "2" | "h");
    let shaped = match t.split_once('-') {
        Some((a, b)) => score(a) && score(b),
        None => t == "h",
    };
    if !shaped {
        return None;
    }
    Some(match t.as_str() {
        "1-0" => Ok("1-0"),
        "0-1" => Ok("0-1"),
        "h-h" => Ok("1/2-1/2"),
        "0-0" => Ok("0-0"),
        "2-0" => Ok("2-0"),
        "0-2" => Ok("0-2"),
        "1-1" => Ok("1-1"),
        _ => Err(format!(
            "unknown result token '{token}' (expected 1-0, 0-1, 1/2-1/2, ½-½, 2-0, 0-2, 1-1, 0-0 or *)"
        )),
    })
}

/// Full-width ASCII forms and the ideographic space as ASCII.
pub fn ascii_forms(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    /// At the start of a line (only whitespace before on it).
    line_start: bool,
}

impl Scanner<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.line_start = true;
        } else if !c.is_whitespace() {
            self.line_start = false;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    /// The rest of the current line, without its end.
    fn rest_of_line(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            out.push(c);
            self.next();
        }
        out
    }

    /// The next character, read; `None` at the end of the text, or after a line break
    /// when the next line opens the next game's tags (the line break is read, the tags
    /// are not).
    fn next_in_game(&mut self) -> Option<char> {
        let c = self.next()?;
        if c == '\n' && self.at_tag_line() {
            return None;
        }
        Some(c)
    }

    /// Whether the text at the start of the current line (the scanner is there) opens a
    /// tag: `[` then a letter.
    fn at_tag_line(&self) -> bool {
        let mut it = self.chars.clone();
        while let Some(c) = it.next() {
            if c == '[' {
                return it.next().is_some_and(|c| c.is_alphabetic());
            }
            if !c.is_whitespace() || c == '\n' {
                return false;
            }
        }
        false
    }
}

#[derive(Default)]
struct Building {
    record: ReadRecord,
    error: Option<(usize, String)>,
    /// Whether movetext (a move or a result token) has been read.
    movetext: bool,
    /// Whether the result token has been read.
    ended: bool,
}

impl Building {
    fn is_empty(&self) -> bool {
        self.record.tags.is_empty() && self.record.items.is_empty() && !self.ended
    }

    fn fail(&mut self, line: usize, message: String) {
        if self.error.is_none() {
            self.error = Some((line, message));
        }
    }
}

/// Parses tags from the rest of a line that starts with `[`.
fn read_tags(line: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('[') else {
            return Err(format!("unexpected text '{rest}' after a tag"));
        };
        let name_end = body
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() {
            return Err(format!("tag '[{body}': expected [Name \"value\"]"));
        }
        let after = body[name_end..].trim_start();
        if let Some(quoted) = after.strip_prefix('"') {
            // The value ends at a `"` followed by `]` after which the line ends or another
            // tag starts.
            let mut end = None;
            for (i, _) in quoted.match_indices('"') {
                let tail = quoted[i + 1..].trim_start();
                if let Some(after_tag) = tail.strip_prefix(']') {
                    let after_tag = after_tag.trim_start();
                    if after_tag.is_empty() || after_tag.starts_with('[') {
                        end = Some((i, after_tag));
                        break;
                    }
                }
            }
            let Some((i, tail)) = end else {
                return Err(format!(
                    "tag {name}: the value is not closed by '\"]' on its line"
                ));
            };
            let value = quoted[..i].replace("\\\"", "\"").replace("\\\\", "\\");
            out.push((name.to_owned(), value));
            rest = tail;
        } else {
            let Some(close) = after.find(']') else {
                return Err(format!("tag {name}: no ']' closes it on its line"));
            };
            out.push((name.to_owned(), after[..close].trim().to_owned()));
            rest = after[close + 1..].trim_start();
        }
    }
    Ok(out)
}

/// A move number and what follows it glued: `12.`, `1...`, `1…` give the rest.
fn strip_move_number(token: &str) -> &str {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = digits.trim_start_matches(['.', '…']);
    if digits.len() < token.len() && rest.len() < digits.len() {
        rest
    } else if token.chars().all(|c| c == '.' || c == '…') {
        ""
    } else {
        token
    }
}

/// Reads every game of a PGN or PDN text (a byte-order mark is skipped): each game read,
/// or why it could not be, in file order. [`games`] gives them one at a time.
pub fn read_games(text: &str) -> Vec<Result<ReadRecord, RecordError>> {
    games(text).collect()
}

/// The games of a PGN or PDN text, read one at a time (a long file is never held as
/// games whole): as [`read_games`].
///
/// ```
/// let text = "1. h2e2 1-0\n1. c3c4 0-1\n";
/// let results: Vec<String> = arbiter::records::games(text).map(|g| g.unwrap().result).collect();
/// assert_eq!(results, ["1-0", "0-1"]);
/// ```
pub fn games(text: &str) -> Games<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Games {
        s: Scanner {
            chars: text.chars().peekable(),
            line: 1,
            line_start: true,
        },
        game: Building::default(),
        count: 0,
        ready: None,
        done: false,
    }
}

/// The iterator of [`games`].
pub struct Games<'a> {
    s: Scanner<'a>,
    game: Building,
    /// The games given so far.
    count: usize,
    /// A game finished by the last step.
    ready: Option<Result<ReadRecord, RecordError>>,
    done: bool,
}

impl Iterator for Games<'_> {
    type Item = Result<ReadRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(g) = self.ready.take() {
                return Some(g);
            }
            if self.done {
                return None;
            }
            if !self.step() {
                self.done = true;
                self.finish();
            }
        }
    }
}

impl Games<'_> {
    /// Ends the game being read: it is ready unless it holds nothing.
    fn finish(&mut self) {
        let done = std::mem::take(&mut self.game);
        if done.is_empty() && done.error.is_none() {
            return;
        }
        self.count += 1;
        self.ready = Some(match done.error {
            Some((line, message)) => Err(RecordError {
                game: self.count,
                line,
                message,
            }),
            None => Ok(done.record),
        });
    }

    /// Reads the next token; `false` at the end of the text.
    fn step(&mut self) -> bool {
        let Some(c) = self.s.peek() else {
            return false;
        };
        let line = self.s.line;
        let at_line_start = self.s.line_start;
        if c.is_whitespace() {
            self.s.next();
            return true;
        }
        if self.game.is_empty() && self.game.error.is_none() {
            self.game.record.line = line;
        }
        match c {
            '%' if at_line_start => {
                self.s.rest_of_line();
            }
            '[' => {
                if self.game.movetext {
                    self.finish();
                    self.game.record.line = line;
                }
                let tag_line = self.s.rest_of_line();
                match read_tags(&tag_line) {
                    Ok(tags) => self.game.record.tags.extend(tags),
                    Err(e) => self.game.fail(line, e),
                }
            }
            '{' => {
                self.s.next();
                let mut comment = String::new();
                let mut closed = false;
                while let Some(c) = self.s.next_in_game() {
                    if c == '\n' {
                        comment.push(' ');
                        continue;
                    }
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    comment.push(c);
                }
                if !closed {
                    self.game.fail(
                        line,
                        "a comment '{' is not closed before the next game's tags".to_owned(),
                    );
                }
                self.game.record.items.push(Item::Comment(
                    comment.split_whitespace().collect::<Vec<_>>().join(" "),
                ));
                self.game.record.lines.push(line);
            }
            ';' => {
                self.s.rest_of_line();
            }
            '(' => {
                self.s.next();
                let mut depth = 1;
                let mut in_comment = false;
                while let Some(c) = self.s.next_in_game() {
                    match c {
                        '{' => in_comment = true,
                        '}' => in_comment = false,
                        '(' if !in_comment => depth += 1,
                        ')' if !in_comment => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                if depth > 0 {
                    self.game.fail(
                        line,
                        "a variation '(' is not closed before the next game's tags".to_owned(),
                    );
                }
            }
            ')' => {
                self.s.next();
                self.game.fail(line, "a ')' closes no variation".to_owned());
            }
            _ => {
                let mut raw = String::new();
                while let Some(c) = self.s.peek() {
                    if c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';' | '[') {
                        break;
                    }
                    raw.push(c);
                    self.s.next();
                }
                let token = ascii_forms(&raw);
                if token.starts_with('$') {
                    return true; // a NAG
                }
                if let Some(result) = read_result_token(&token) {
                    if self.game.ended {
                        self.finish();
                        self.game.record.line = line;
                    }
                    self.game.movetext = true;
                    self.game.ended = true;
                    match result {
                        Ok(r) => self.game.record.result = r.to_owned(),
                        Err(e) => self.game.fail(line, e),
                    }
                    return true;
                }
                let mv = strip_move_number(&token).trim_end_matches(['!', '?']);
                if mv.is_empty() {
                    return true;
                }
                if self.game.ended {
                    // Movetext after the result without a tag section: a game of its own.
                    self.finish();
                    self.game.record.line = line;
                }
                self.game.movetext = true;
                self.game.record.items.push(Item::Move(mv.to_owned()));
                self.game.record.lines.push(line);
            }
        }
        true
    }
}
