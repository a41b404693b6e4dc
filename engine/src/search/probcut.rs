//! ProbCut's margins: how far outside the window a search half as deep must land before the
//! midgame search trusts it to predict the deep search's cut.
//!
//! The relation comes from measurement, not a guess: `reversi-engine bench probcut
//! --positions 600 --depth 12` (docs/evaluation.md) fits, for each deep depth `d`, the line
//! `value(d) ≈ a · value(d / 2) + b` over realistic positions and the spread σ of what the
//! line leaves out, which is half as large again with 20-35 empties as with 36-52. A node
//! is cut when the shallow value predicts the deep one beyond the bound by `t · σ`, `t`
//! being the search's [`Selectivity`].

/// How boldly the midgame search prunes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selectivity {
    /// Every move is searched to the full depth.
    Full,
    /// ProbCut: a node is cut when a search half as deep predicts the cut by `confidence`
    /// hundredths of the prediction's spread σ (at 1 σ a cut is wrong about once in six;
    /// the time saved searches deeper, which matters more).
    ProbCut {
        /// `t` of the cut, in hundredths of σ.
        confidence: u16,
    },
    /// The margin guessed before the fit (2.5 discs + 0.25 per ply of depth): the baseline
    /// matches measure the fitted margins against.
    Guess,
}

impl Selectivity {
    /// The confidence the levels play with (and the book's, the labels' and the benches'
    /// searches), chosen by matches at equal nodes against the guessed margin
    /// (docs/evaluation.md): 1 σ won 54 %, 1.5 σ 49 %, 2 σ 47 %. NBoard's `set depth`, with
    /// no clock, uses [`Selectivity::SET_DEPTH`].
    pub const TUNED: Selectivity = Selectivity::ProbCut { confidence: 100 };

    /// The confidence of a search held to a set depth with no clock (NBoard's `set depth`):
    /// there pruning less costs only time, and it plays better at the same depth. Against the
    /// build of 4537441 on the same 1,200 openings at depth 12: 1.5 σ 67.5 %, 2 σ 69.0 %,
    /// 2.5 σ 70.5 % (for 0.77×, 1.10× and 1.51× that build's nodes); at depth 8, 2,000 games:
    /// 1 σ 69.2 %, 1.5 σ 72.7 %, 2 σ and 2.5 σ 73.6 % (docs/evaluation.md). At equal time
    /// 1 σ wins.
    pub const SET_DEPTH: Selectivity = Selectivity::ProbCut { confidence: 250 };
}

/// One depth's fit: the deep value ≈ `a` · the shallow value + `b`, with the spread of
/// the rest by empties class.
struct Fit {
    /// Slope, in thousandths.
    a: i32,
    /// Offset, in hundredths of a disc.
    b: i32,
    /// Spread σ with 20-35 and with 36-52 empties, in hundredths of a disc.
    sigma: [i32; 2],
}

/// The fits for deep depths 3 to 12 (shallow depth `d / 2`), from the table in
/// docs/evaluation.md.
const FITS: [Fit; 10] = [
    fit(1011, -11, 393, 265),
    fit(1013, -7, 321, 246),
    fit(1016, 220, 384, 291),
    fit(1021, -199, 389, 224),
    fit(1028, 16, 396, 222),
    fit(1019, 5, 360, 207),
    fit(1020, 224, 402, 227),
    fit(1018, -216, 361, 232),
    fit(1026, -10, 376, 235),
    fit(1020, 35, 344, 221),
];

const fn fit(a: i32, b: i32, early: i32, late: i32) -> Fit {
    Fit {
        a,
        b,
        sigma: [early, late],
    }
}

/// The shallow search's depth for a deep search of `depth` plies.
pub(crate) fn shallow_depth(depth: u32) -> u32 {
    depth / 2
}

/// The bounds a shallow search must reach for a node of `depth` plies (at least 3) and
/// `empties` empties to be cut at the window `(alpha, beta)`: at or above the first it
/// fails high, at or below the second it fails low.
pub(crate) fn bounds(
    depth: u32,
    empties: u32,
    alpha: i32,
    beta: i32,
    confidence: u16,
) -> (i32, i32) {
    // Deeper than measured: the measured depth with the same parities of deep and shallow
    // (the offset b follows them), four plies at a time.
    let mut d = depth.max(3);
    while d > 12 {
        d -= 4;
    }
    let f = &FITS[d as usize - 3];
    let sigma = f.sigma[usize::from(empties > 35)];
    let margin = sigma * i32::from(confidence) / 100;
    let high = ((beta - f.b + margin) * 1000).div_ceil_signed(f.a);
    let low = ((alpha - f.b - margin) * 1000).div_floor_signed(f.a);
    (high, low)
}

/// Rounding division of scores by the positive slope, toward the safe side of each bound
/// (the solver's selective probes use it too).
pub(crate) trait DivSigned {
    fn div_ceil_signed(self, d: i32) -> i32;
    fn div_floor_signed(self, d: i32) -> i32;
}

impl DivSigned for i32 {
    fn div_ceil_signed(self, d: i32) -> i32 {
        -(-self).div_euclid(d)
    }
    fn div_floor_signed(self, d: i32) -> i32 {
        self.div_euclid(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_lie_outside_the_window_by_about_the_confidence_times_the_spread() {
        // Depth 8 (a 1.019, b +0.05, σ 3.60 early): beta 0 needs the shallow search at
        // (0 - 0.05 + 1.5 · 3.60) / 1.019 ≈ 5.25 discs or more, alpha -1 at most
        // (-1 - 0.05 - 5.40) / 1.019 ≈ -6.33.
        let (high, low) = bounds(8, 30, -100, 0, 150);
        assert_eq!((high, low), (526, -633));
        // Later in the game the spread is smaller, and so is the margin.
        let (late_high, _) = bounds(8, 44, -100, 0, 150);
        assert!(late_high < high);
        // A higher confidence widens the margin; the bounds never cross the window.
        let (bold, _) = bounds(8, 30, -100, 0, 100);
        assert!(bold < high && bold > 0);
    }

    #[test]
    fn deeper_searches_use_the_fit_of_the_same_parities() {
        for depth in 13..30 {
            let mut d = depth;
            while d > 12 {
                d -= 4;
            }
            assert_eq!(depth % 2, d % 2);
            assert_eq!((depth / 2) % 2, (d / 2) % 2);
            assert_eq!(bounds(depth, 30, 0, 1, 150), bounds(d, 30, 0, 1, 150));
        }
    }
}
