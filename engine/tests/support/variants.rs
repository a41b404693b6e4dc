//! Every combination of the rule variants (3 starts × 3 supplies × 2 first players × 2 flip
//! rules × 2 scorings = 72), for the tests that play them all.

use reversi_engine::{Color, DiscSupply, FlipRule, OutOfDiscs, Rules, Scoring, StartPosition};

/// All 72 rule sets.
pub fn all_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for start in [
        StartPosition::Diagonal,
        StartPosition::Parallel,
        StartPosition::Free,
    ] {
        for supply in [
            DiscSupply::Shared,
            DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
            DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
        ] {
            for first in [Color::Black, Color::White] {
                for flips in [FlipRule::AllLines, FlipRule::ChooseOneLine] {
                    for scoring in [Scoring::MostDiscs, Scoring::FewestDiscs] {
                        all.push(Rules {
                            start,
                            first,
                            supply,
                            flips,
                            scoring,
                        });
                    }
                }
            }
        }
    }
    all
}
