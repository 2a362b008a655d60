//! Multi-ProbCut (Buro): before searching a node `depth` plies deep, a search `shallow(depth)`
//! plies deep predicts the deep score; when the prediction is beyond the window by more than
//! [`CUT_SIGMAS`] times the error such predictions make, the node is cut with that bound.
//!
//! The error is the standard deviation of `deep score - shallow score` over self-play
//! positions, measured for every depth and empties by `reversi-learn probcut` and fitted as
//! `sigma = c0 + c1 * empties + c2 * depth` (1/100 disc) per game: the constants below are
//! that tool's output (docs/tuning.md, "Multi-ProbCut"). The shallow depth keeps the parity of
//! the deep one, as the scores of even and odd depths differ.

use crate::eval::EvalKind;

/// Nodes at least this deep try a cut.
pub const MIN_DEPTH: u32 = 3;

/// How many standard deviations beyond the window the prediction must be: 1.5 cuts a
/// node wrongly about 7% of the time where the error is normal, once each side.
pub const CUT_SIGMAS: f32 = 1.5;

/// The depth of the predicting search: about half, with the same parity.
#[inline]
pub fn shallow(depth: u32) -> u32 {
    let s = depth / 2;
    if (depth - s) % 2 == 1 {
        s - 1
    } else {
        s
    }
}

/// The fitted error model of one evaluation: `c0 + c1 * empties + c2 * depth`, 1/100 disc.
#[derive(Clone, Copy, Debug)]
pub struct SigmaModel {
    pub c0: f32,
    pub c1: f32,
    pub c2: f32,
}

impl SigmaModel {
    #[inline]
    pub fn sigma(&self, depth: u32, empties: u32) -> f32 {
        (self.c0 + self.c1 * empties as f32 + self.c2 * depth as f32).max(50.0)
    }
}

/// The models of the shipped evaluations (`reversi-learn probcut` output).
pub fn model(eval: EvalKind) -> SigmaModel {
    match eval {
        EvalKind::Classic | EvalKind::NegatedClassic => CLASSIC,
        EvalKind::Inverse => INVERSE,
    }
}

const CLASSIC: SigmaModel = SigmaModel {
    c0: 595.1,
    c1: -7.20,
    c2: 1.87,
};

const INVERSE: SigmaModel = SigmaModel {
    c0: 258.2,
    c1: -3.33,
    c2: 2.72,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_keep_the_parity_and_are_shallower() {
        for d in MIN_DEPTH..40 {
            let s = shallow(d);
            assert!(s < d && s >= 1, "{d} -> {s}");
            assert_eq!((d - s) % 2, 0, "{d} -> {s}");
        }
        assert_eq!(shallow(3), 1);
        assert_eq!(shallow(8), 4);
    }
}
