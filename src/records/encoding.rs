//! The text encodings game records are found in, and how a file's is told.
//!
//! Xiangqi records come from Chinese-language software and databases: UTF-8 (with or
//! without a byte-order mark), GB18030 (the mainland's, a superset of GBK and GB2312) and
//! Big5 (Taiwan's and Hong Kong's). Draughts PDN is UTF-8 or, from old software, a legacy
//! single-byte code page; only the encodings above are read.
//!
//! The decoding is [`encoding_rs`]'s, the WHATWG Encoding Standard's decoders as Firefox
//! uses them: maintained, exact about malformed input (a decoder says whether it had to
//! replace a byte sequence), and fast. A file is read as:
//!
//! 1. the encoding forced by the caller (`--encoding`), if any; malformed input is then an
//!    error naming the line;
//! 2. otherwise UTF-8 or UTF-16 when the file starts with the byte-order mark;
//! 3. otherwise UTF-8 when the bytes are valid UTF-8;
//! 4. otherwise whichever of GB18030 and Big5 decodes the bytes without error; when both
//!    do, the one whose text holds more of the characters xiangqi records are written with
//!    (piece names, 进退平, full-width digits); a tie is an error that asks for
//!    `--encoding`, never a guess.
//!
//! ```
//! use arbiter::records::{decode, TextEncoding};
//!
//! // 炮二平五 in Big5, in GB18030 and in UTF-8.
//! let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD];
//! let gb = [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5];
//! assert_eq!(decode(&big5, None).unwrap(), ("炮二平五".to_owned(), TextEncoding::Big5));
//! assert_eq!(decode(&gb, None).unwrap(), ("炮二平五".to_owned(), TextEncoding::Gb18030));
//! assert_eq!(decode("炮二平五".as_bytes(), None).unwrap().1, TextEncoding::Utf8);
//! assert!(decode(&gb, Some(TextEncoding::Utf8)).is_err());
//! ```

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE, UTF_8};
use std::str::FromStr;

/// An encoding a record file may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// UTF-16 (little- or big-endian), told by its byte-order mark only.
    Utf16,
    /// GB18030 (and so GBK and GB2312).
    Gb18030,
    /// Big5 (with the HKSCS extensions the WHATWG decoder reads).
    Big5,
}

impl TextEncoding {
    /// The names `--encoding` takes.
    pub const NAMES: [&'static str; 4] = ["utf-8", "utf-16", "gb18030", "big5"];

    /// The name (`utf-8`, `utf-16`, `gb18030`, `big5`).
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Utf16 => "utf-16",
            TextEncoding::Gb18030 => "gb18030",
            TextEncoding::Big5 => "big5",
        }
    }
}

named!(TextEncoding);

impl FromStr for TextEncoding {
    type Err = String;

    /// Reads a name, case-insensitively; `utf8`, `gbk`, `gb2312`, `cp936` and `cp950`
    /// are read too.
    fn from_str(s: &str) -> Result<TextEncoding, String> {
        match s.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Ok(TextEncoding::Utf8),
            "utf-16" | "utf16" => Ok(TextEncoding::Utf16),
            "gb18030" | "gbk" | "gb2312" | "cp936" => Ok(TextEncoding::Gb18030),
            "big5" | "big-5" | "cp950" => Ok(TextEncoding::Big5),
            _ => Err(format!(
                "unknown encoding '{s}' (expected one of: {})",
                TextEncoding::NAMES.join(", ")
            )),
        }
    }
}

/// Why a file's bytes could not be read as text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The bytes are not valid in the forced (or byte-order-marked) encoding.
    #[error("line {line}: the bytes are not valid {encoding} (give the file's encoding with --encoding)")]
    Malformed {
        /// The encoding tried.
        encoding: TextEncoding,
        /// The line of the first malformed byte (1-based).
        line: usize,
    },
    /// No supported encoding reads the bytes.
    #[error("line {line}: the text is neither UTF-8, GB18030 nor Big5 (give the file's encoding with --encoding)")]
    Unknown {
        /// The line of the first byte that is not valid UTF-8 (1-based).
        line: usize,
    },
    /// GB18030 and Big5 both read the bytes, equally well.
    #[error("the text reads as GB18030 and as Big5 alike: give the file's encoding with --encoding gb18030 or --encoding big5")]
    Ambiguous,
}

fn line_of(bytes: &[u8], offset: usize) -> usize {
    1 + bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// The offset of the first byte `encoding` cannot decode.
fn first_malformed(encoding: &'static Encoding, bytes: &[u8]) -> usize {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(
        decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3),
    );
    let (_, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    read
}

fn strict(
    encoding: &'static Encoding,
    which: TextEncoding,
    bytes: &[u8],
) -> Result<String, DecodeError> {
    match encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok(text.into_owned()),
        None => Err(DecodeError::Malformed {
            encoding: which,
            line: line_of(bytes, first_malformed(encoding, bytes)),
        }),
    }
}

/// The characters xiangqi records are written with, in either script: piece names,
/// directions, numerals.
fn xiangqi_score(text: &str) -> usize {
    const WORDS: &str = "车車俥马馬傌炮砲包兵卒帅帥将將仕士相象进進退平前后後一二三四五六七八九\
                         １２３４５６７８９红紅黑胜勝负負和";
    text.chars().filter(|c| WORDS.contains(*c)).count()
}

/// Decodes a record file's bytes: as `forced` says, or as the module documentation
/// describes. Returns the text (without a byte-order mark) and the encoding it was in.
pub fn decode(
    bytes: &[u8],
    forced: Option<TextEncoding>,
) -> Result<(String, TextEncoding), DecodeError> {
    let bom = Encoding::for_bom(bytes);
    let body = |len: usize| &bytes[len..];
    match forced {
        Some(TextEncoding::Utf8) => {
            let skip = if bom.is_some_and(|(e, _)| e == UTF_8) {
                3
            } else {
                0
            };
            return strict(UTF_8, TextEncoding::Utf8, body(skip)).map(|t| (t, TextEncoding::Utf8));
        }
        Some(TextEncoding::Utf16) => {
            let (encoding, skip) = match bom {
                Some((e, n)) if e == UTF_16LE || e == UTF_16BE => (e, n),
                _ => (UTF_16LE, 0),
            };
            return strict(encoding, TextEncoding::Utf16, body(skip))
                .map(|t| (t, TextEncoding::Utf16));
        }
        Some(TextEncoding::Gb18030) => {
            return strict(GB18030, TextEncoding::Gb18030, bytes)
                .map(|t| (t, TextEncoding::Gb18030))
        }
        Some(TextEncoding::Big5) => {
            return strict(BIG5, TextEncoding::Big5, bytes).map(|t| (t, TextEncoding::Big5))
        }
        None => {}
    }
    if let Some((encoding, skip)) = bom {
        let which = if encoding == UTF_8 {
            TextEncoding::Utf8
        } else {
            TextEncoding::Utf16
        };
        return strict(encoding, which, body(skip)).map(|t| (t, which));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_owned(), TextEncoding::Utf8));
    }
    let gb = GB18030.decode_without_bom_handling_and_without_replacement(bytes);
    let big5 = BIG5.decode_without_bom_handling_and_without_replacement(bytes);
    match (gb, big5) {
        (Some(g), None) => Ok((g.into_owned(), TextEncoding::Gb18030)),
        (None, Some(b)) => Ok((b.into_owned(), TextEncoding::Big5)),
        (Some(g), Some(b)) => match xiangqi_score(&g).cmp(&xiangqi_score(&b)) {
            std::cmp::Ordering::Greater => Ok((g.into_owned(), TextEncoding::Gb18030)),
            std::cmp::Ordering::Less => Ok((b.into_owned(), TextEncoding::Big5)),
            std::cmp::Ordering::Equal => Err(DecodeError::Ambiguous),
        },
        (None, None) => {
            let valid = std::str::from_utf8(bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            Err(DecodeError::Unknown {
                line: line_of(bytes, valid),
            })
        }
    }
}
