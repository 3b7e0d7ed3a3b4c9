//! [`Span`]: a length of clock time, kept in milliseconds, read from the forms people write
//! (`90m`, `1h30m`, `2m30s`, `1:30:00`, `35`, `12.5`) and written back as `h:mm:ss`.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A length of clock time (time used, time left, a period, an increment), in milliseconds.
///
/// Read from a number of seconds (`35`, `12.5`), `m:ss` or `h:mm:ss` (`1:30`, `1:30:00`), or
/// units (`90m`, `1h30m`, `2m30s`, `500ms`); written as `h:mm:ss` (with `.mmm` when there are
/// milliseconds), and as a number of seconds in JSON.
///
/// ```
/// use arbiter::clock::Span;
///
/// let period: Span = "1h30m".parse().unwrap();
/// assert_eq!(period, Span::from_minutes(90));
/// assert_eq!("1:30:00".parse::<Span>().unwrap(), period);
/// assert_eq!("5400".parse::<Span>().unwrap(), period);
/// assert_eq!(period.to_string(), "1:30:00");
/// assert_eq!("2.5".parse::<Span>().unwrap().to_string(), "0:00:02.500");
/// assert!("90 minutes".parse::<Span>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span(pub u64);

impl Span {
    /// No time.
    pub const ZERO: Span = Span(0);

    /// `n` milliseconds.
    pub const fn from_millis(n: u64) -> Span {
        Span(n)
    }

    /// `n` seconds.
    pub const fn from_secs(n: u64) -> Span {
        Span(n * 1000)
    }

    /// `n` minutes.
    pub const fn from_minutes(n: u64) -> Span {
        Span(n * 60_000)
    }

    /// The milliseconds.
    pub const fn millis(self) -> u64 {
        self.0
    }

    /// The time as a PGN `[%clk …]` comment writes it, `h:mm:ss.mmm`: the form records are
    /// written in and the one a replay compares them with.
    ///
    /// ```
    /// use arbiter::clock::Span;
    ///
    /// assert_eq!(Span::from_millis(3_723_045).clk(), "1:02:03.045");
    /// assert_eq!(Span::from_secs(59).clk(), "0:00:59.000");
    /// ```
    pub fn clk(self) -> String {
        let ms = self.0;
        format!(
            "{}:{:02}:{:02}.{:03}",
            ms / 3_600_000,
            ms / 60_000 % 60,
            ms / 1000 % 60,
            ms % 1000
        )
    }

    /// The time in seconds (with the milliseconds as a fraction).
    pub fn secs_f64(self) -> f64 {
        self.0 as f64 / 1000.0
    }

    /// Reads a number of seconds (as JSON writes spans), rounded to the millisecond.
    /// Negative, infinite and absurdly large numbers are refused.
    pub fn from_secs_f64(secs: f64) -> Option<Span> {
        (secs.is_finite() && (0.0..=1e12).contains(&secs))
            .then(|| Span((secs * 1000.0).round() as u64))
    }

    /// `self + other`.
    pub const fn plus(self, other: Span) -> Span {
        Span(self.0.saturating_add(other.0))
    }

    /// `self - other`, or zero.
    pub const fn minus(self, other: Span) -> Span {
        Span(self.0.saturating_sub(other.0))
    }

    /// `self × num / den`, rounded to the nearest millisecond (`den` > 0).
    pub fn scale(self, num: u64, den: u64) -> Span {
        let n = u128::from(self.0) * u128::from(num);
        let d = u128::from(den.max(1));
        Span(((n + d / 2) / d) as u64)
    }
}

/// Why a text is not a span.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a time (expected seconds like 35 or 12.5, m:ss or h:mm:ss like 1:30:00, or \
     units like 90m, 1h30m, 2m30s, 500ms)"
)]
pub struct SpanError(pub String);

impl FromStr for Span {
    type Err = SpanError;

    fn from_str(text: &str) -> Result<Span, SpanError> {
        let bad = || SpanError(text.to_owned());
        let t = text.trim();
        if t.is_empty() {
            return Err(bad());
        }
        if t.contains(':') {
            // m:ss or h:mm:ss; the seconds may have a fraction.
            let parts: Vec<&str> = t.split(':').collect();
            let two_digits = |p: &str| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit());
            let (first, middle, last) = match parts.as_slice() {
                [m, s] => (*m, None, *s),
                [h, m, s] => (*h, Some(*m), *s),
                _ => return Err(bad()),
            };
            let secs = seconds(last).ok_or_else(bad)?;
            if !two_digits(last.split('.').next().unwrap_or("")) || secs.0 >= 60_000 {
                return Err(bad());
            }
            if first.is_empty() || !first.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let mut minutes: u64 = first.parse().map_err(|_| bad())?;
            if let Some(m) = middle {
                let m_value: u64 = m.parse().map_err(|_| bad())?;
                if !two_digits(m) || m_value >= 60 {
                    return Err(bad());
                }
                minutes = minutes
                    .checked_mul(60)
                    .and_then(|x| x.checked_add(m_value))
                    .ok_or_else(bad)?;
            }
            return minutes
                .checked_mul(60_000)
                .and_then(|ms| ms.checked_add(secs.0))
                .map(Span)
                .ok_or_else(bad);
        }
        if let Some(s) = seconds(t) {
            return Ok(s);
        }
        // Units: a sequence of <number><unit>, units h, m, s, ms in that order.
        let mut rest = t;
        let mut total = 0u64;
        let mut last_rank = 0;
        while !rest.is_empty() {
            let digits = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .ok_or_else(bad)?;
            if digits == 0 {
                return Err(bad());
            }
            let (number, tail) = rest.split_at(digits);
            let (unit, rank, ms) = if let Some(t) = tail.strip_prefix("ms") {
                (t, 4, 1.0)
            } else if let Some(t) = tail.strip_prefix('h') {
                (t, 1, 3_600_000.0)
            } else if let Some(t) = tail.strip_prefix('m') {
                (t, 2, 60_000.0)
            } else if let Some(t) = tail.strip_prefix('s') {
                (t, 3, 1000.0)
            } else {
                return Err(bad());
            };
            if rank <= last_rank {
                return Err(bad());
            }
            last_rank = rank;
            let n: f64 = number.parse().map_err(|_| bad())?;
            let part = n * ms;
            if !part.is_finite() || part > 1e15 {
                return Err(bad());
            }
            total = total.checked_add(part.round() as u64).ok_or_else(bad)?;
            rest = unit;
        }
        Ok(Span(total))
    }
}

/// A plain number of seconds, possibly with a fraction (`35`, `12.5`).
fn seconds(text: &str) -> Option<Span> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (text.contains('.') && frac.is_empty()) {
        return None;
    }
    let w: u64 = whole.parse().ok()?;
    let mut ms = 0u64;
    for (i, b) in frac.bytes().take(3).enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    if frac.len() > 3 && frac.as_bytes()[3] >= b'5' {
        ms += 1;
    }
    w.checked_mul(1000)?.checked_add(ms).map(Span)
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0 % 1000;
        let s = self.0 / 1000;
        write!(f, "{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)?;
        if ms != 0 {
            write!(f, ".{ms:03}")?;
        }
        Ok(())
    }
}

impl Serialize for Span {
    /// A number of seconds: an integer when whole, else with the milliseconds.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 1000 == 0 {
            s.serialize_u64(self.0 / 1000)
        } else {
            s.serialize_f64(self.secs_f64())
        }
    }
}

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Span, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Span;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a time: seconds (35, 12.5), m:ss or h:mm:ss (1:30:00), or units (90m, 1h30m)",
                )
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Span, E> {
                n.checked_mul(1000)
                    .map(Span)
                    .ok_or_else(|| E::custom(format!("{n} seconds is too long")))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Span, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom(format!("a time cannot be negative ({n})")))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Span, E> {
                Span::from_secs_f64(x).ok_or_else(|| {
                    E::custom(format!("{x} is not a time (expected 0 or more seconds)"))
                })
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Span, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        for (text, ms) in [
            ("0", 0),
            ("35", 35_000),
            ("12.5", 12_500),
            ("0.0005", 1),
            ("1:30", 90_000),
            ("1:30:00", 5_400_000),
            ("0:00:02.25", 2_250),
            ("90m", 5_400_000),
            ("1h30m", 5_400_000),
            ("2m30s", 150_000),
            ("500ms", 500),
            ("1.5m", 90_000),
            ("10s", 10_000),
        ] {
            assert_eq!(text.parse::<Span>(), Ok(Span(ms)), "{text}");
        }
        for bad in [
            "", "-5", "1:3", "1:60", "1:2:3:4", "m", "5x", "30s2m", "1h1h", "1.", ".5", "1:30:60",
            "a:30",
        ] {
            assert!(bad.parse::<Span>().is_err(), "{bad}");
        }
    }

    #[test]
    fn writes_h_mm_ss_and_json_seconds() {
        assert_eq!(Span::from_secs(3725).to_string(), "1:02:05");
        assert_eq!(Span(61_005).to_string(), "0:01:01.005");
        assert_eq!(serde_json::to_string(&Span::from_secs(90)).unwrap(), "90");
        assert_eq!(serde_json::to_string(&Span(1500)).unwrap(), "1.5");
        let back: Span = serde_json::from_str("1.5").unwrap();
        assert_eq!(back, Span(1500));
        let yaml: Span = serde_yaml::from_str("90m").unwrap();
        assert_eq!(yaml, Span::from_minutes(90));
        assert!(serde_json::from_str::<Span>("-1").is_err());
    }

    #[test]
    fn scales_by_a_ratio_as_the_seed_example() {
        // 第四章 第二节 一 (四): 90 min × 20/30 = 60 min, 60 min × 20/30 = 40 min.
        assert_eq!(Span::from_minutes(90).scale(20, 30), Span::from_minutes(60));
        assert_eq!(Span::from_minutes(60).scale(20, 30), Span::from_minutes(40));
        assert_eq!(Span(1).scale(1, 3), Span(0));
        assert_eq!(Span(2).scale(1, 3), Span(1));
    }
}
