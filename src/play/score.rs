//! [`MatchScore`]: a match score — wins, draws, losses of one player against another — with the
//! Elo difference it implies and a 95% interval, as cutechess reports it.
//!
//! The arithmetic is in [`super::elo`]. Games that both sides lost (0 points each) are
//! counted apart and left out.
//!
//! ```
//! use arbiter::play::MatchScore;
//!
//! let mut score = MatchScore::default();
//! for _ in 0..60 { score.add(2, false); } // wins
//! for _ in 0..20 { score.add(1, false); } // draws
//! for _ in 0..20 { score.add(0, false); } // losses
//! let (elo, low, high) = score.elo().unwrap();
//! assert!((elo - 147.2).abs() < 0.1);
//! assert!(low < elo && elo < high);
//! ```

use super::elo::{show, Estimate};

/// Wins, draws and losses of one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchScore {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games both sides lost.
    pub both_lost: u32,
}

impl MatchScore {
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
    /// Infinite when every game was won (or lost). See [`super::elo`].
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        self.estimate().map(|e| (e.difference, e.low, e.high))
    }

    /// The Elo estimate: difference, interval, likelihood of superiority, draw ratio.
    pub fn estimate(&self) -> Option<Estimate> {
        Estimate::of(self.wins, self.draws, self.losses)
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
        if let Some(e) = self.estimate() {
            s.push_str(&format!(
                ", Elo difference {} (95%: {} to {}), LOS {:.1}%, draw ratio {:.1}%",
                show(e.difference),
                show(e.low),
                show(e.high),
                100.0 * e.los,
                100.0 * e.draw_ratio
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo_with_a_symmetric_interval() {
        let mut s = MatchScore::default();
        for h in [2, 0, 1, 1, 2, 0] {
            s.add(h, false);
        }
        let (e, low, high) = s.elo().unwrap();
        assert!(e.abs() < 1e-9);
        assert!((low + high).abs() < 1e-9 && high > 0.0);
    }

    #[test]
    fn both_lost_games_are_left_out_of_the_fraction() {
        let mut s = MatchScore::default();
        s.add(2, false);
        s.add(0, true);
        assert_eq!(s.fraction(), Some(1.0));
        assert_eq!(s.games(), 2);
    }
}
