//! Splices two weights files: the phases before a given one from a base file, the rest from
//! another. The exact solver orders its moves with the phases of 0-24 empties only, so a fit
//! spliced onto the shipped tables from phase 5 (25 empties) keeps every endgame solve as it
//! was while the midgame gets the new tables (`docs/tuning.md`).

use reversi::internals::pattern::{PatternWeights, PHASES, PHASE_SIZE};

/// The weights file with phases `0..from_phase` of `base` and `from_phase..` of `other`.
/// `from_phase` must be below [`PHASES`].
pub fn splice(base: &PatternWeights, other: &PatternWeights, from_phase: usize) -> Vec<u8> {
    assert!(from_phase < PHASES, "phase {from_phase} of {PHASES}");
    let mut values = Vec::with_capacity(PHASES * PHASE_SIZE);
    for k in 0..PHASES {
        let source = if k < from_phase { base } else { other };
        // A stored value is a signed tenth of a disc; `file` takes hundredths and rounds
        // them back to the same tenths.
        values.extend(source.phase(k).iter().map(|&b| b as i8 as i16 * 10));
    }
    PatternWeights::file(&values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn constant_file(value: i16) -> Vec<u8> {
        PatternWeights::file(&vec![value; PHASES * PHASE_SIZE])
    }

    #[test]
    fn takes_each_phase_from_the_right_file() {
        let (a, b) = (constant_file(30), constant_file(-70));
        let (a, b) = (
            PatternWeights::from_bytes(&a).unwrap(),
            PatternWeights::from_bytes(&b).unwrap(),
        );
        let file = splice(&a, &b, 5);
        let w = PatternWeights::from_bytes(&file).expect("a valid file, checksum included");
        for k in 0..PHASES {
            let want = if k < 5 { 3 } else { -7 };
            assert!(w.phase(k).iter().all(|&v| v as i8 == want), "phase {k}");
        }
    }

    #[test]
    fn splicing_a_file_onto_itself_gives_it_back() {
        let shipped = PatternWeights::classic();
        let file = splice(shipped, PatternWeights::inverse(), 0);
        let inverse = PatternWeights::from_bytes(&file).unwrap();
        assert_eq!(inverse.checksum(), PatternWeights::inverse().checksum());
        let same = splice(shipped, shipped, 7);
        assert_eq!(
            PatternWeights::from_bytes(&same).unwrap().checksum(),
            shipped.checksum()
        );
    }
}
