//! [`Score`]: a match score — wins, draws, losses of one player against another — with the
//! Elo difference it implies and a 95% interval, as cutechess reports it.
//!
//! The score fraction is `p = (W + D/2) / N`; the Elo difference `-400 log10(1/p - 1)`. The
//! interval comes from the standard error of the mean per-game score (with the observed
//! win, draw and loss frequencies), `p ± 1.96 σ/√N`, mapped through the same formula. Games
//! that both sides lost (0 points each) are counted apart and left out.
//!
//! ```
//! use arbiter::play::Score;
//!
//! let mut score = Score::default();
//! for _ in 0..60 { score.add(2, false); } // wins
//! for _ in 0..20 { score.add(1, false); } // draws
//! for _ in 0..20 { score.add(0, false); } // losses
//! let (elo, low, high) = score.elo().unwrap();
//! assert!((elo - 147.2).abs() < 0.1);
//! assert!(low < elo && elo < high);
//! ```

/// Wins, draws and losses of one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games both sides lost.
    pub both_lost: u32,
}

impl Score {
    /// Adds a game: `halves` is 2 for a win, 1 for a draw, 0 for a loss; `both_lost` for a
    /// game both sides lost.
    pub fn add(&mut self, halves: u32, both_lost: bool) {
        match (both_lost, halves) {
            (true, _) => self.both_lost += 1,
            (false, 2) => self.wins += 1,
            (false, 1) => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// All games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses + self.both_lost
    }

    /// Points at 1/½/0.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The score fraction of the decided and drawn games; `None` without any.
    pub fn fraction(&self) -> Option<f64> {
        let n = self.wins + self.draws + self.losses;
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The Elo difference and its 95% interval (low, high); `None` without games.
    /// Infinite when every game was won (or lost).
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let p = self.fraction()?;
        let n = f64::from(self.wins + self.draws + self.losses);
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let variance = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
        let margin = 1.96 * (variance / n).sqrt();
        Some((elo(p), elo(p - margin), elo(p + margin)))
    }

    /// The score as a line: `W-D-L, points/games, Elo diff ±`.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "+{} ={} -{}, {:.1}/{}",
            self.wins,
            self.draws,
            self.losses,
            self.points(),
            self.games()
        );
        if self.both_lost > 0 {
            s.push_str(&format!(" ({} lost by both)", self.both_lost));
        }
        if let Some((e, low, high)) = self.elo() {
            s.push_str(&format!(
                ", Elo difference {} (95%: {} to {})",
                show(e),
                show(low),
                show(high)
            ));
        }
        s
    }
}

/// The Elo difference of a score fraction.
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn show(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{e:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo_with_a_symmetric_interval() {
        let mut s = Score::default();
        for h in [2, 0, 1, 1, 2, 0] {
            s.add(h, false);
        }
        let (e, low, high) = s.elo().unwrap();
        assert!(e.abs() < 1e-9);
        assert!((low + high).abs() < 1e-9 && high > 0.0);
    }

    #[test]
    fn both_lost_games_are_left_out_of_the_fraction() {
        let mut s = Score::default();
        s.add(2, false);
        s.add(0, true);
        assert_eq!(s.fraction(), Some(1.0));
        assert_eq!(s.games(), 2);
    }
}
