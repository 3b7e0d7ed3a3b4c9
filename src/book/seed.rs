//! The seed's own words for a clause: the article a clause's `source` names, cut out of the
//! seed's text.
//!
//! The seeds are plain text copied from web pages, often one long line, with garbled
//! characters and the table of contents repeated at the top. A reference is read as a path
//! of markers, each looked for inside the span of the one before:
//!
//! - `第四章 第一节 一 (三) 2 (1)` (xiangqi): chapter, section (each a heading followed by
//!   a space; of several copies of a heading the longest whose span holds no other copy,
//!   so that the table of contents is passed over), item `一、`, sub-item `（三）`, point `2、`,
//!   sub-point `（1）`; a word (`裁判长`) is looked for as it stands;
//! - `art. 6, item 12.1.2` (draughts): article `第六条` (the first heading of that
//!   number after the article before it), then the numbered item `12.1.2`;
//! - `art. 13.1(1)` (the chess laws): the numbered item `13.1`, then `(1)`;
//! - `preface`: from `前言` to the first chapter.
//!
//! A span ends where the next marker of its level begins (the next number, or a new list
//! starting at one), or with the span around it. When a marker is not found the text is
//! `None`, and the page says so; a source that names another document (`… not in the seed`)
//! is not looked for.

/// The seed text of a reference, or `None` when it cannot be found.
///
/// ```
/// use arbiter::book::seed_text;
///
/// let seed = "目录 第一章 总则 第二章 棋 第一章 总则 一、先走。 二、后走。 第二章 棋 一、棋子。";
/// assert_eq!(seed_text(seed, "第一章 二").as_deref(), Some("二、后走。"));
/// assert_eq!(seed_text(seed, "第二章 一").as_deref(), Some("一、棋子。"));
/// assert_eq!(seed_text(seed, "第三章"), None);
/// ```
pub fn seed_text(seed: &str, reference: &str) -> Option<String> {
    let markers = parse_reference(reference)?;
    let chars: Vec<char> = seed.chars().collect();
    let mut span = (0, chars.len());
    let mut prev_article: Option<(u32, usize)> = None;
    for marker in &markers {
        span = find(&chars, span, marker, &mut prev_article)?;
    }
    let text: String = chars[span.0..span.1].iter().collect();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// Whether a clause's source names a text outside the seed.
pub fn outside_seed(reference: &str) -> bool {
    reference.contains("not in the seed")
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Marker {
    /// `第N章` (also the garbled `陼`).
    Chapter(u32),
    /// `第N节`.
    Section(u32),
    /// `N、` with a Chinese numeral.
    ZhItem(u32),
    /// `（N）` with a Chinese numeral.
    ZhParen(u32),
    /// `N、` with arabic digits.
    Point(u32),
    /// `（N）` or `(N)` with arabic digits.
    Paren(u32),
    /// `第N条` (`條`).
    Article(u32),
    /// `12.1.2`.
    Dotted(Vec<u32>),
    /// `N.` or `N.M…`: any item of number N (ends the items of N-1).
    Leading(u32),
    /// The preface, to the first chapter.
    Preface,
    /// A word, as it stands.
    Word(String),
}

fn zh_number(text: &str) -> Option<u32> {
    let digit = |c: char| {
        "〇一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .map(|n| n as u32)
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [] => None,
        ['十'] => Some(10),
        ['十', d] => Some(10 + digit(*d)?),
        [t, '十'] => Some(digit(*t)? * 10),
        [t, '十', d] => Some(digit(*t)? * 10 + digit(*d)?),
        [d] => digit(*d),
        _ => None,
    }
}

fn zh_numeral(n: u32) -> String {
    const D: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    match n {
        0..=9 => D[n as usize].to_string(),
        10 => "十".to_owned(),
        11..=19 => format!("十{}", D[(n - 10) as usize]),
        _ if n % 10 == 0 => format!("{}十", D[(n / 10) as usize]),
        _ => format!("{}十{}", D[(n / 10) as usize], D[(n % 10) as usize]),
    }
}

/// The markers of a reference; `None` when it is not one the seeds number.
fn parse_reference(reference: &str) -> Option<Vec<Marker>> {
    let r = reference.trim();
    if outside_seed(r) {
        return None;
    }
    // Trailing remarks in parentheses of words (`(fragment)`).
    let r = match r.rfind(" (") {
        Some(at)
            if r[at + 2..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic()) =>
        {
            &r[..at]
        }
        _ => r,
    };
    if r == "preface" {
        return Some(vec![Marker::Preface]);
    }
    if let Some(rest) = r.strip_prefix("art. ") {
        let mut out = Vec::new();
        let (article, item) = match rest.split_once(", item ") {
            Some((a, i)) => (a, Some(i)),
            None => (rest, None),
        };
        let (head, paren) = split_paren(article)?;
        if head.contains('.') {
            out.push(Marker::Dotted(dotted(head)?));
        } else {
            out.push(Marker::Article(head.parse().ok()?));
        }
        out.extend(paren.map(Marker::Paren));
        if let Some(item) = item {
            let (head, paren) = split_paren(item)?;
            out.push(Marker::Dotted(dotted(head)?));
            out.extend(paren.map(Marker::Paren));
        }
        return Some(out);
    }
    let mut out = Vec::new();
    for word in r.split_whitespace() {
        let inner = word
            .strip_prefix(['(', '（'])
            .and_then(|w| w.strip_suffix([')', '）']));
        let m = if let Some(n) = word.strip_prefix('第').and_then(|w| w.strip_suffix('章')) {
            Marker::Chapter(zh_number(n)?)
        } else if let Some(n) = word.strip_prefix('第').and_then(|w| w.strip_suffix('节')) {
            Marker::Section(zh_number(n)?)
        } else if let Some(inner) = inner {
            match inner.parse() {
                Ok(n) => Marker::Paren(n),
                Err(_) => Marker::ZhParen(zh_number(inner)?),
            }
        } else if let Ok(n) = word.parse() {
            Marker::Point(n)
        } else if let Some(n) = zh_number(word) {
            Marker::ZhItem(n)
        } else {
            Marker::Word(word.to_owned())
        };
        out.push(m);
    }
    (!out.is_empty()).then_some(out)
}

/// `12.4(1)` → (`12.4`, Some(1)).
fn split_paren(text: &str) -> Option<(&str, Option<u32>)> {
    match text.split_once('(') {
        Some((head, rest)) => Some((head.trim(), Some(rest.strip_suffix(')')?.parse().ok()?))),
        None => Some((text.trim(), None)),
    }
}

fn dotted(text: &str) -> Option<Vec<u32>> {
    text.split('.').map(|p| p.parse().ok()).collect()
}

/// Every position in `span` where `pattern` occurs, with the check `ok(start, end)`.
fn occurrences(
    chars: &[char],
    (from, to): (usize, usize),
    pattern: &str,
    ok: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let pat: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    if pat.is_empty() || to < from + pat.len() {
        return out;
    }
    for at in from..=to - pat.len() {
        if chars[at..at + pat.len()] == pat[..] && ok(at, at + pat.len()) {
            out.push(at);
        }
    }
    out
}

fn is_space(c: Option<&char>) -> bool {
    c.is_none_or(|c| c.is_whitespace())
}

/// The start patterns of a marker, and which check applies at a match.
fn patterns(marker: &Marker) -> Vec<String> {
    match marker {
        Marker::Chapter(n) => vec![
            format!("第{}章", zh_numeral(*n)),
            format!("第{}陼", zh_numeral(*n)),
        ],
        Marker::Section(n) => vec![format!("第{}节", zh_numeral(*n))],
        Marker::ZhItem(n) => vec![format!("{}、", zh_numeral(*n))],
        Marker::ZhParen(n) => vec![
            format!("（{}）", zh_numeral(*n)),
            format!("({})", zh_numeral(*n)),
        ],
        Marker::Point(n) => vec![format!("{n}、"), format!("{n}.")],
        Marker::Paren(n) => vec![format!("（{n}）"), format!("({n})")],
        Marker::Article(n) => vec![
            format!("第{}条", zh_numeral(*n)),
            format!("第{}條", zh_numeral(*n)),
        ],
        Marker::Dotted(parts) => {
            let joined = parts
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(".");
            if parts.len() == 1 {
                vec![
                    format!("{joined}."),
                    format!("{joined} ."),
                    format!("{joined}、"),
                ]
            } else {
                vec![joined]
            }
        }
        Marker::Leading(n) => vec![format!("{n}."), format!("{n} ."), format!("{n}、")],
        Marker::Preface => vec!["前言".to_owned(), "前 言".to_owned()],
        Marker::Word(w) => vec![w.clone()],
    }
}

/// Where a marker may start: headings stand alone; numbers do not continue a number.
fn starts(chars: &[char], span: (usize, usize), marker: &Marker) -> Vec<usize> {
    let mut out = Vec::new();
    for pattern in patterns(marker) {
        let found = occurrences(chars, span, &pattern, |s, e| match marker {
            Marker::Chapter(_) | Marker::Section(_) => {
                is_space(chars.get(e))
                    && (s == 0 || is_space(chars.get(s - 1)) || !chars[s - 1].is_alphanumeric())
            }
            Marker::Article(_) => !matches!(chars.get(e), Some('第' | '规' | '中')),
            Marker::Dotted(_) | Marker::Point(_) => {
                // Items begin a passage; `第2款2.3涉及` cites one.
                let before_ok = s == 0 || chars[s - 1].is_whitespace();
                let after = chars.get(e);
                let after_ok = after.is_none_or(|c| !c.is_ascii_digit())
                    && !(after == Some(&'.') && chars.get(e + 1).is_some_and(char::is_ascii_digit));
                before_ok && after_ok
            }
            Marker::Leading(_) => s == 0 || chars[s - 1].is_whitespace(),
            Marker::ZhItem(_) => s == 0 || !"〇一二三四五六七八九十第".contains(chars[s - 1]),
            _ => true,
        });
        out.extend(found);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The markers that end a marker's span: the next one of its level, or a list starting
/// again at one, or (for headings) the next heading above it.
fn enders(marker: &Marker) -> Vec<Marker> {
    match marker {
        Marker::Chapter(n) => vec![Marker::Chapter(n + 1)],
        Marker::Section(n) => vec![Marker::Section(n + 1), Marker::Section(1)],
        Marker::ZhItem(n) => vec![Marker::ZhItem(n + 1), Marker::ZhItem(1)],
        // Not a list starting again: `（一）` is also cited inside the text (条款（一）).
        Marker::ZhParen(n) => vec![Marker::ZhParen(n + 1)],
        Marker::Point(n) => vec![Marker::Point(n + 1), Marker::Point(1)],
        Marker::Paren(n) => vec![Marker::Paren(n + 1)],
        Marker::Article(n) => (1..=10)
            .map(Marker::Chapter)
            .chain([Marker::Article(n + 1)])
            .collect(),
        Marker::Dotted(parts) => {
            let mut out = Vec::new();
            for len in (2..=parts.len()).rev() {
                let mut next = parts[..len].to_vec();
                next[len - 1] += 1;
                out.push(Marker::Dotted(next));
            }
            out.push(Marker::Leading(parts[0] + 1));
            // Article headings (`第十三條`) where items are numbered by article.
            out.extend((1..=30).map(Marker::Article));
            out
        }
        Marker::Preface => vec![Marker::Chapter(1)],
        Marker::Leading(_) | Marker::Word(_) => Vec::new(),
    }
}

/// The position after `n` words from `from` (words separated by whitespace).
fn past_words(chars: &[char], from: usize, n: usize) -> usize {
    let mut at = from;
    for _ in 0..n {
        while at < chars.len() && chars[at].is_whitespace() {
            at += 1;
        }
        while at < chars.len() && !chars[at].is_whitespace() {
            at += 1;
        }
    }
    at
}

fn find(
    chars: &[char],
    span: (usize, usize),
    marker: &Marker,
    prev_article: &mut Option<(u32, usize)>,
) -> Option<(usize, usize)> {
    let end_of = |start: usize| {
        let from = start + 1;
        enders(marker)
            .iter()
            .filter_map(|m| starts(chars, (from, span.1), m).into_iter().next())
            .min()
            .unwrap_or(span.1)
    };
    // A table of contents (titles, dashes, page numbers) is not the text.
    let contents = |s: usize| {
        let e = end_of(s);
        chars[s..e].windows(5).any(|w| w.iter().all(|&c| c == '-'))
    };
    let candidates: Vec<usize> = starts(chars, span, marker)
        .into_iter()
        .filter(|&s| !contents(s))
        .collect();
    let start = match marker {
        // Headings: the copy with the longest span (the body, not the table of contents);
        // a copy whose span holds another copy of the heading is a table of contents.
        Marker::Chapter(_) | Marker::Section(_) => {
            let alone: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&s| !candidates.iter().any(|&c| c > s && c < end_of(s)))
                .collect();
            alone
                .into_iter()
                .max_by_key(|&s| (end_of(s) - s, usize::MAX - s))?
        }
        // Articles: the first heading of that number after the article before it.
        Marker::Article(n) => {
            let after = match *prev_article {
                Some((m, at)) if m < *n => at,
                _ => {
                    // Headings of the articles before, in order.
                    let mut at = span.0;
                    for k in 1..*n {
                        if let Some(s) = starts(chars, (at, span.1), &Marker::Article(k))
                            .into_iter()
                            .next()
                        {
                            at = s;
                        }
                    }
                    at
                }
            };
            let s = candidates.into_iter().find(|&s| s >= after)?;
            *prev_article = Some((*n, s));
            s
        }
        // A word (`裁判长`) begins a passage: after a space, and past the heading of the
        // span it is looked for in (`第二节 裁判人员及其职责` names 裁判人员 too).
        Marker::Word(_) => {
            let heading_end = past_words(chars, span.0, 2);
            candidates
                .into_iter()
                .find(|&s| s >= heading_end && s > 0 && chars[s - 1].is_whitespace())?
        }
        _ => candidates.into_iter().next()?,
    };
    Some((start, end_of(start)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const XQ: &str = "目录 第一章 行棋规定 第一节 棋盘 第二节 走棋 第二章 裁判 第一节 组织 \
        第一章 行棋规定 第一节 棋盘 一、九道直线。 二、河界。 第二节 走棋 一、红先。 \
        二、走法： （一）帅 1、一步。 2、九宫。 （二）车 见第一章第一节。 第二章 裁判 第一节 组织 \
        裁判长 一、主持。 二、审定。 裁判员 一、执行。";

    /// Each reference of `expected` finds its passage of `seed`, or none.
    fn finds(seed: &str, expected: &[(&str, Option<&str>)]) {
        for &(reference, passage) in expected {
            assert_eq!(
                seed_text(seed, reference).as_deref(),
                passage,
                "{reference}"
            );
        }
    }

    #[test]
    fn xiangqi_references_find_their_item_not_the_contents() {
        finds(
            XQ,
            &[
                ("第一章 第一节 二", Some("二、河界。")),
                ("第一章 第二节 二 (一) 2", Some("2、九宫。")),
                ("第一章 第二节 二 (二)", Some("（二）车 见第一章第一节。")),
                ("第二章 第一节 裁判员 一", Some("一、执行。")),
                ("第二章 第一节 裁判长 二", Some("二、审定。 裁判员")),
                ("第一章 第三节", None),
                ("第五章 第一节", None),
            ],
        );
    }

    const D64: &str = "前 言 规则。 第一陼 棋具 第一条 棋, 1.棋,的形状 1.1正方形 8×8,64格。 1.2黑格。 \
        2.比赛用, 2.1 35cm×35cm。 第二条 棋子 1. 白棋。 第二陼 行棋 第三条 行棋 1.一步 见第一条规定。 \
        第二条第2款。 2. 后退。";

    #[test]
    fn draughts_articles_and_items() {
        finds(
            D64,
            &[
                ("preface", Some("前 言 规则。")),
                ("art. 1, item 1.1", Some("1.1正方形 8×8,64格。")),
                ("art. 1, item 2", Some("2.比赛用, 2.1 35cm×35cm。")),
                ("art. 2, item 1", Some("1. 白棋。")),
                ("art. 3, item 2", Some("2. 后退。")),
                ("art. 3, item 4", None),
                (
                    "FMJD-64 Russian rules art. 7.2.4 (not in the seed; docs/rulings.md)",
                    None,
                ),
            ],
        );
    }

    #[test]
    fn chess_items_with_parentheses() {
        let seed = "12.9裁判员不得提醒 。\n(1)对手已经下过棋了 。\n(2)忘记按钟\n第十三條:封棋\n13.1(1)记录着法。\n(2)封棋。\n13.2信封";
        finds(
            seed,
            &[
                ("art. 12.9(2)", Some("(2)忘记按钟")),
                ("art. 13.1(1)", Some("(1)记录着法。")),
                ("art. 13.2", Some("13.2信封")),
                ("art. 12.4(1) (fragment)", None),
            ],
        );
    }

    #[test]
    fn chinese_numerals_read_and_write() {
        for n in 1..=30 {
            assert_eq!(zh_number(&zh_numeral(n)), Some(n), "{n}");
        }
        assert_eq!(zh_numeral(16), "十六");
    }
}
