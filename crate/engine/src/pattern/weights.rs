//! The weights format of the pattern evaluation, and the shipped weights of each game.

use std::sync::OnceLock;

use super::geometry::{indices, phase, PHASES, PHASE_SIZE};

/// Learned pattern tables, [`PHASES`] phases of [`PHASE_SIZE`] values, kept in the file's
/// 1/10 disc (one byte a value: half the cache footprint of 16-bit values).
pub struct PatternWeights {
    values: Box<[i8]>,
}

/// A weights file that is not [`PHASES`] × [`PHASE_SIZE`] bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadWeights {
    pub bytes: usize,
}

impl std::fmt::Display for BadWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "pattern weights: {} bytes, expected {}",
            self.bytes,
            PHASES * PHASE_SIZE
        )
    }
}

impl std::error::Error for BadWeights {}

/// The unit of a weights file's values: 1/10 disc (they span about ±12 discs).
const FILE_UNIT: i16 = 10;

impl PatternWeights {
    /// Parses a weights file: the phases in order, each the tables of [`PATTERNS`](super::PATTERNS) in order
    /// then the mobility values, one signed byte each in 1/10 disc.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, BadWeights> {
        if bytes.len() != PHASES * PHASE_SIZE {
            return Err(BadWeights { bytes: bytes.len() });
        }
        let values = bytes.iter().map(|&b| b as i8).collect();
        Ok(PatternWeights { values })
    }

    /// The file form of `values` (`PHASES * PHASE_SIZE` of them, 1/100 disc): rounded to
    /// 1/10 disc, within ±12.7 discs.
    pub fn to_bytes(values: &[i16]) -> Vec<u8> {
        values
            .iter()
            .map(|&v| {
                let tenths = (v as f64 / FILE_UNIT as f64).round().clamp(-127.0, 127.0);
                tenths as i8 as u8
            })
            .collect()
    }

    /// The weights of one phase, 1/10 disc.
    #[inline(always)]
    pub fn phase(&self, phase: usize) -> &[i8] {
        &self.values[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE]
    }

    /// The evaluation of the position (`p` to move), 1/100 disc.
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let w = self.phase(phase((p | o).count_zeros()));
        let tenths: i32 = indices(p, o).iter().map(|&i| w[i as usize] as i32).sum();
        tenths * FILE_UNIT as i32
    }

    /// The classic game's tables.
    pub fn classic() -> &'static PatternWeights {
        static W: OnceLock<PatternWeights> = OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../weights/classic_patterns.bin"))
                .expect("the shipped classic pattern weights have the right size")
        })
    }

    /// The inverse game's tables.
    pub fn inverse() -> &'static PatternWeights {
        static W: OnceLock<PatternWeights> = OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../weights/inverse_patterns.bin"))
                .expect("the shipped inverse pattern weights have the right size")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::TERMS;
    use super::*;
    use crate::rng::splitmix64;
    use crate::symmetry::views;

    #[test]
    fn evaluation_is_symmetric() {
        // Shipped tables: a position and its images under the symmetries score the same.
        let mut s = 99u64;
        for _ in 0..200 {
            let a = splitmix64(&mut s);
            let b = splitmix64(&mut s);
            let (p, o) = (a & !b, b & !a);
            for w in [PatternWeights::classic(), PatternWeights::inverse()] {
                let v = w.evaluate(p, o);
                for (vp, vo) in views(p).into_iter().zip(views(o)) {
                    assert_eq!(w.evaluate(vp, vo), v);
                }
            }
        }
    }

    #[test]
    fn weights_file_size_is_checked() {
        assert_eq!(
            PatternWeights::from_bytes(&[0; 6]).err(),
            Some(BadWeights { bytes: 6 })
        );
        let mut values = vec![34i16; PHASES * PHASE_SIZE];
        values[0] = -5000;
        values[1] = 5000;
        values[2] = -26;
        let w = PatternWeights::from_bytes(&PatternWeights::to_bytes(&values)).unwrap();
        // Rounded to 1/10 disc, clamped to ±12.7 discs.
        assert_eq!(w.phase(PHASES - 1)[PHASE_SIZE - 1], 3);
        assert_eq!(w.phase(0)[..3], [-127, 127, -3]);
        assert_eq!(w.evaluate(0, 0), 30 * TERMS as i32);
    }
}
