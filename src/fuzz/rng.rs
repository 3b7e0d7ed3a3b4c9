//! [`Rng`]: the fuzzer's small deterministic random number generator.
//!
//! SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, one multiply-xorshift
//! finaliser per draw. It is not cryptographic and need not be; what matters here is that it
//! is tiny, fast, has no dependency and gives the same stream on every platform and every
//! version of arbiter, so a seed and an index always name the same position. (`rand`'s
//! generators promise no such stability across its versions.)

/// A SplitMix64 generator.
///
/// ```
/// use arbiter::fuzz::Rng;
///
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng(u64);

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser: a bijective mix of 64 bits.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(mix(seed))
    }

    /// A generator for one item of a stream: a pure function of `(seed, index)`, and
    /// independent of the generators of the other indices.
    ///
    /// ```
    /// use arbiter::fuzz::Rng;
    ///
    /// assert_eq!(Rng::for_item(1, 2), Rng::for_item(1, 2));
    /// assert_ne!(Rng::for_item(1, 2), Rng::for_item(2, 1));
    /// ```
    pub fn for_item(seed: u64, index: u64) -> Rng {
        Rng(mix(mix(seed) ^ index.wrapping_mul(GAMMA).rotate_left(17)))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-shift: unbiased enough for n far below 2^32.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// An index into `weights`, drawn in proportion to them (`None` when they sum to 0).
    pub fn weighted(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = ((u128::from(self.next_u64()) * u128::from(total)) >> 64) as u64;
        for (i, &w) in weights.iter().enumerate() {
            if pick < u64::from(w) {
                return Some(i);
            }
            pick -= u64::from(w);
        }
        Some(weights.len() - 1)
    }
}
