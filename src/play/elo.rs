//! The Elo arithmetic of a match score, as cutechess reports it: the rating difference a
//! score fraction implies, its 95% interval from the observed win, draw and loss
//! frequencies, and the likelihood of superiority.
//!
//! - The expected score of a player rated `d` points above its opponent is
//!   `1 / (1 + 10^(-d/400))`; [`difference`] inverts it: `d = -400 log10(1/p - 1)`.
//! - The interval: the per-game score has mean `p = (W + D/2)/N` and variance
//!   `σ² = w(1-p)² + d(½-p)² + l(0-p)²` (with the observed frequencies `w, d, l`); the
//!   95% interval of the mean, `p ± 1.96 σ/√N`, is mapped through [`difference`].
//! - The likelihood of superiority (LOS), from wins and losses only:
//!   `½ (1 + erf((W - L) / √(2 (W + L))))`.
//!
//! ```
//! use arbiter::play::elo::{difference, Estimate};
//!
//! // 75% is about +191 Elo; 64% about +100.
//! assert!((difference(0.75) - 190.85).abs() < 0.01);
//! let e = Estimate::of(60, 20, 20).unwrap();
//! assert!((e.difference - 147.19).abs() < 0.01);
//! assert!((e.low - 86.22).abs() < 0.01 && (e.high - 218.25).abs() < 0.01);
//! assert!(e.los > 0.9999);
//! ```

/// The rating difference a score fraction `p` (0–1) implies; ±infinity at 0 and 1.
pub fn difference(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The expected score fraction of a player rated `d` points above its opponent.
pub fn expected(d: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-d / 400.0))
}

/// The Elo estimate of a score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The rating difference.
    pub difference: f64,
    /// The low end of its 95% interval.
    pub low: f64,
    /// The high end.
    pub high: f64,
    /// The likelihood of superiority, 0–1 (0.5 without decisive games).
    pub los: f64,
    /// The share of draws among the games.
    pub draw_ratio: f64,
}

impl Estimate {
    /// The estimate of `wins`, `draws` and `losses`; `None` without any game.
    pub fn of(wins: u32, draws: u32, losses: u32) -> Option<Estimate> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            f64::from(wins) / n,
            f64::from(draws) / n,
            f64::from(losses) / n,
        );
        let p = w + d / 2.0;
        let variance = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
        let margin = 1.96 * (variance / n).sqrt();
        let decisive = f64::from(wins + losses);
        let los = if decisive == 0.0 {
            0.5
        } else {
            0.5 * (1.0 + erf((f64::from(wins) - f64::from(losses)) / (2.0 * decisive).sqrt()))
        };
        Some(Estimate {
            difference: difference(p),
            low: difference(p - margin),
            high: difference(p + margin),
            los,
            draw_ratio: d,
        })
    }

    /// Half the interval's width, cutechess's "±" (infinite when an end is).
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The error function, to 1.5e-7 (Abramowitz and Stegun 7.1.26).
pub fn erf(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0; // exact: the approximation leaves about 1e-9 there
    }
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A rating difference as text: `+147.2`, `-inf`.
pub fn show(d: f64) -> String {
    if d.is_infinite() {
        if d > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else if d.abs() < 0.05 {
        "0.0".to_owned()
    } else {
        format!("{d:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_differences() {
        // The logistic table: 50% is 0, 64% about +100, 76% about +200, 91% about +400.
        assert_eq!(difference(0.5), 0.0);
        assert!((difference(0.64) - 99.95).abs() < 0.01);
        assert!((difference(0.76) - 200.24).abs() < 0.01);
        assert!((difference(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((difference(0.25) + 190.85).abs() < 0.01);
        assert_eq!(difference(1.0), f64::INFINITY);
        assert_eq!(difference(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn expected_inverts_difference() {
        for p in [0.1, 0.3, 0.5, 0.77, 0.95] {
            assert!((expected(difference(p)) - p).abs() < 1e-12);
        }
        assert!((expected(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn interval_of_a_known_score() {
        // 60 wins, 20 draws, 20 losses: p = 0.7, σ = 0.4, p ± 0.0784.
        let e = Estimate::of(60, 20, 20).unwrap();
        assert!((e.low - difference(0.7 - 0.0784)).abs() < 1e-9);
        assert!((e.high - difference(0.7 + 0.0784)).abs() < 1e-9);
        assert!((e.draw_ratio - 0.2).abs() < 1e-12);
        // An even score: 0, symmetric interval, LOS one half.
        let even = Estimate::of(10, 5, 10).unwrap();
        assert_eq!(even.difference, 0.0);
        assert!((even.low + even.high).abs() < 1e-9);
        assert!((even.los - 0.5).abs() < 1e-12);
        assert!(Estimate::of(0, 0, 0).is_none());
    }

    #[test]
    fn los_of_known_scores() {
        // W = 10, L = 4: erf(6 / √28) = erf(1.1339) ≈ 0.8909, LOS ≈ 0.9455.
        let e = Estimate::of(10, 0, 4).unwrap();
        assert!((e.los - 0.9455).abs() < 1e-3);
        assert!((erf(1.0) - 0.842_700_79).abs() < 2e-7);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 2e-7);
        // Draws only: no decisive game, LOS one half.
        assert_eq!(Estimate::of(0, 7, 0).unwrap().los, 0.5);
    }
}
