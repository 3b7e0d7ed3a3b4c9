//! Expectations said in plain words: `{outcome: {result: white, reason: no-legal-move}}`
//! becomes "White wins: no legal move."

use super::plies_in_moves;
use crate::Game;
use serde_json::Value;

/// The side names of a game: (first, second).
fn sides(game: Game) -> (&'static str, &'static str) {
    if game == Game::Xiangqi {
        ("Red", "Black")
    } else {
        ("White", "Black")
    }
}

fn side(name: &str, game: Game) -> String {
    let (first, second) = sides(game);
    match name {
        "white" | "red" => first.to_owned(),
        "black" => second.to_owned(),
        other => other.to_owned(),
    }
}

fn slug(text: &str) -> String {
    text.replace('-', " ")
}

fn list(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().map(scalar).collect(),
        Value::Null => Vec::new(),
        other => vec![scalar(other)],
    }
}

/// A scalar (or anything else, compactly) as text.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "none".to_owned(),
        other => other.to_string(),
    }
}

fn moves_phrase(moves: &[String]) -> String {
    match moves.len() {
        0 => "no move at all".to_owned(),
        1 => format!("exactly one move: {}", moves[0]),
        n => format!("exactly these {n} moves: {}", moves.join(", ")),
    }
}

/// One sentence per expectation of a case (the `expect:` mapping as JSON), in the order
/// given; keys this function does not know are said as `key: value`.
///
/// ```
/// use arbiter::{page::expectation_words, Game};
/// use serde_json::json;
///
/// let words = expectation_words(&json!({"outcome": {"result": "white", "reason": "no-legal-move"}}), Game::Russian);
/// assert_eq!(words, ["The game is over: White wins (no legal move)."]);
/// let words = expectation_words(&json!({"counters": {"kings-only": 30}}), Game::Brazilian);
/// assert_eq!(words, ["The kings only counter stands at 30 plies (15 moves)."]);
/// ```
pub fn expectation_words(expect: &Value, game: Game) -> Vec<String> {
    let Some(map) = expect.as_object() else {
        return if expect.is_null() {
            Vec::new()
        } else {
            vec![scalar(expect)]
        };
    };
    let mut out = Vec::new();
    for (key, value) in map {
        out.push(sentence(key, value, game));
    }
    out
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => format!("{}{}", c.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// What a report writes about a refusal, under any expectation: everything accepted
/// (`"accepted"`, or `{"accepted": <fen reached>}`), a stage refused (`{"rejected": "history
/// move 3", "message": …}`), or a stage that must be refused (`{"rejected": "the position",
/// "contains": …}`). `None` for any other value.
fn refusal_words(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if s == "accepted" => {
            Some("Everything is accepted (nothing refused).".to_owned())
        }
        Value::Object(m) if m.len() == 1 && m.contains_key("accepted") => Some(format!(
            "Everything is accepted (nothing refused); the position reached is {}.",
            scalar(&m["accepted"])
        )),
        Value::Object(m) => {
            let stage = m.get("rejected")?.as_str()?;
            if let Some(message) = m.get("message") {
                Some(format!(
                    "{} is refused: {}.",
                    capitalised(stage),
                    scalar(message)
                ))
            } else if m.contains_key("contains") || m.len() == 1 {
                Some(match m.get("contains").filter(|c| !c.is_null()) {
                    Some(c) => format!(
                        "{} must be refused, with a reason mentioning “{}”.",
                        capitalised(stage),
                        scalar(c)
                    ),
                    None => format!("{} must be refused.", capitalised(stage)),
                })
            } else {
                None
            }
        }
        _ => None,
    }
}

fn sentence(key: &str, value: &Value, game: Game) -> String {
    let get = |k: &str| value.get(k).filter(|v| !v.is_null());
    if let Some(words) = refusal_words(value) {
        return words;
    }
    if value.is_null() {
        return format!("{}: nothing given.", capitalised(&slug(key)));
    }
    match key {
        "legal" => format!("The side to move has {}.", moves_phrase(&list(value))),
        "legal_includes" => format!(
            "These moves are legal (among others): {}.",
            list(value).join(", ")
        ),
        // A report's answer: the moves the engine accepted, with the position each reached.
        "illegal"
            if value
                .as_array()
                .is_some_and(|a| a.iter().any(Value::is_object)) =>
        {
            let accepted: Vec<String> = value
                .as_array()
                .into_iter()
                .flatten()
                .map(|m| match (m.get("move"), m.get("reached")) {
                    (Some(mv), Some(fen)) => format!("{} (reaching {})", scalar(mv), scalar(fen)),
                    _ => compact(m),
                })
                .collect();
            format!("Accepted as legal: {}.", accepted.join(", "))
        }
        "illegal" => format!("These moves are not legal: {}.", list(value).join(", ")),
        "legal_count" => format!("The side to move has {} legal moves.", scalar(value)),
        "perft" => {
            let parts: Vec<String> = match value {
                Value::Array(items) => items
                    .iter()
                    .map(|p| {
                        format!(
                            "{} positions {} plies deep",
                            p.get("nodes").map(scalar).unwrap_or_default(),
                            p.get("depth").map(scalar).unwrap_or_default()
                        )
                    })
                    .collect(),
                other => vec![scalar(other)],
            };
            format!("The move tree counts {}.", parts.join("; "))
        }
        "fen" => format!("The position reached is {}.", scalar(value)),
        "outcome" => {
            let result = get("result").map(scalar).unwrap_or_default();
            let reason = get("reason")
                .map(scalar)
                .filter(|r| !r.is_empty())
                .map(|r| format!(" ({})", slug(&r)));
            match result.as_str() {
                "ongoing" => "The game goes on.".to_owned(),
                "draw" => format!("The game is over: drawn{}.", reason.unwrap_or_default()),
                "" => format!("Outcome: {}.", scalar(value)),
                winner => format!(
                    "The game is over: {} wins{}.",
                    side(winner, game),
                    reason.unwrap_or_default()
                ),
            }
        }
        "check" => {
            if value.as_bool() == Some(true) {
                "The side to move is in check.".to_owned()
            } else {
                "The side to move is not in check.".to_owned()
            }
        }
        "rejected" => {
            let stage = get("stage").map(scalar).unwrap_or_default();
            let what = match stage.as_str() {
                "position" => "The starting position must be refused".to_owned(),
                "move" => format!(
                    "Move {} of the history must be refused",
                    get("move").map(scalar).unwrap_or_default()
                ),
                "step" => format!(
                    "Step {} must be refused",
                    get("step").map(scalar).unwrap_or_default()
                ),
                other => format!("The {other} must be refused"),
            };
            match get("contains") {
                Some(c) => format!("{what}, with a reason mentioning “{}”.", scalar(c)),
                None => format!("{what}."),
            }
        }
        "claims" => {
            let kinds = list(value);
            if kinds.is_empty() {
                "No draw can be claimed now.".to_owned()
            } else {
                format!(
                    "A draw can be claimed now by: {}.",
                    kinds.iter().map(|k| slug(k)).collect::<Vec<_>>().join(", ")
                )
            }
        }
        "claim" => {
            let by = get("by")
                .map(|s| side(&scalar(s), game))
                .unwrap_or_default();
            let kind = get("kind").map(|k| slug(&scalar(k))).unwrap_or_default();
            let upheld = get("upheld").and_then(Value::as_bool) == Some(true);
            format!(
                "{by}'s claim of a draw by {kind} is {}.",
                if upheld { "upheld" } else { "rejected" }
            )
        }
        "counters" => {
            let parts: Vec<String> = value
                .as_object()
                .map(|m| {
                    m.iter()
                        .map(|(rule, n)| match n.as_u64() {
                            Some(n)
                                if rule.contains("repetition") || rule.contains("threefold") =>
                            {
                                format!("the {} counter stands at {n} occurrences", slug(rule))
                            }
                            Some(n) => format!(
                                "the {} counter stands at {}",
                                slug(rule),
                                plies_in_moves(n, game)
                            ),
                            None => format!("the {} rule does not count now", slug(rule)),
                        })
                        .collect()
                })
                .unwrap_or_default();
            let text = parts.join("; ");
            let mut chars = text.chars();
            match chars.next() {
                Some(c) => format!("{}{}.", c.to_uppercase(), chars.as_str()),
                None => "No counters.".to_owned(),
            }
        }
        "draw_offer" => {
            let by = get("by")
                .map(|s| side(&scalar(s), game))
                .unwrap_or_default();
            let allowed = get("allowed").and_then(Value::as_bool) == Some(true);
            format!(
                "{by} {} offer a draw now.",
                if allowed { "may" } else { "may not" }
            )
        }
        "repetition" => match value {
            Value::String(s) if s == "none" => {
                "The history ends in no repetition cycle.".to_owned()
            }
            _ => {
                let verdict = get("verdict").map(scalar).unwrap_or_else(|| scalar(value));
                let natures = get("natures")
                    .and_then(Value::as_object)
                    .map(|m| {
                        m.iter()
                            .map(|(s, n)| format!("{} {}", side(s, game), list(n).join(", ")))
                            .collect::<Vec<_>>()
                            .join("; ")
                    })
                    .filter(|t| !t.is_empty())
                    .map(|t| format!(" (the moves of the cycle: {t})"))
                    .unwrap_or_default();
                let who = get("side")
                    .map(|s| side(&scalar(s), game))
                    .unwrap_or_default();
                let ruling = match verdict.as_str() {
                    "draw" => "the game is drawn (neither side must change)".to_owned(),
                    "must-change" => {
                        format!("{who} must change its moves (a forbidden repetition)")
                    }
                    "loss" => format!("{who} loses (went on with a forbidden repetition)"),
                    other => slug(other),
                };
                let chased = get("chased")
                    .map(list)
                    .filter(|c| !c.is_empty())
                    .map(|c| format!("; pieces chased: {}", c.join(", ")))
                    .unwrap_or_default();
                format!("The repetition is judged: {ruling}{natures}{chased}.")
            }
        },
        "permitted" if value.is_string() => format!("Permitted: {}.", scalar(value)),
        "permitted" => {
            let (moves, by) = match value {
                Value::Array(_) => (list(value), None),
                _ => (
                    get("moves").map(list).unwrap_or_default(),
                    get("by").map(scalar),
                ),
            };
            let mut text = format!(
                "After the touches, the player may make {}",
                moves_phrase(&moves)
            );
            if let Some(by) = by {
                text.push_str(&format!(" (decided by {by})"));
            }
            text.push('.');
            text
        }
        "violations" => {
            let (first, second) = sides(game);
            let (a, b) = if game == Game::Xiangqi {
                ("red", "black")
            } else {
                ("white", "black")
            };
            let kinds = get("kinds").map(list).unwrap_or_default();
            format!(
                "Violations counted: {first} {}, {second} {}{}.",
                get(a).map(scalar).unwrap_or_else(|| "0".into()),
                get(b).map(scalar).unwrap_or_else(|| "0".into()),
                if kinds.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        kinds.iter().map(|k| slug(k)).collect::<Vec<_>>().join(", ")
                    )
                }
            )
        }
        "offer" => match get("pending").filter(|p| p.as_str() != Some("none")) {
            Some(s) => format!("A draw offer by {} is pending.", side(&scalar(s), game)),
            None => "No draw offer is pending.".to_owned(),
        },
        other => format!("{}: {}.", slug(other), compact(value)),
    }
}

/// A JSON value written compactly without quotes around simple keys and strings.
fn compact(value: &Value) -> String {
    match value {
        Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{k} {}", compact(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(compact).collect();
            format!("[{}]", parts.join(", "))
        }
        other => scalar(other),
    }
}
