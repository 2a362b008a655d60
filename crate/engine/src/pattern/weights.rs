//! The weights format of the pattern evaluation, and the shipped weights of each game.
//!
//! A weights file is a 32-byte header, then the values, little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..4 | magic `RVPW` |
//! | 4..6 | format version, 1 |
//! | 6..8 | value unit: values a disc, 10 (a value is 1/10 disc) |
//! | 8..16 | layout hash: of the pattern set and the phase layout the values are for ([`layout_hash`]) |
//! | 16..20 | phases |
//! | 20..24 | values a phase |
//! | 24..28 | FNV-1a (32 bits) of the values |
//! | 28..32 | zero |
//!
//! The values follow: phase after phase, each the tables of [`PATTERNS`](super::PATTERNS) in
//! order, then the mobility values, one signed byte each. They are read where they lie:
//! loading checks the header and the checksum and copies nothing.

use std::fmt;
use std::sync::OnceLock;

use super::features::Features;
use super::geometry::{
    mobility_terms, phase, MOBILITY_CAP, PATTERNS, PHASES, PHASE_SIZE, PHASE_START, TERMS,
};
use crate::bitboard::legal_moves_x2;

/// The first bytes of a weights file.
pub const MAGIC: [u8; 4] = *b"RVPW";
/// The format version this code reads and writes.
pub const VERSION: u16 = 1;
/// The values a disc: a value is 1/10 disc (they span about ±12.7 discs).
pub const UNIT: u16 = 10;
/// The header's size in bytes.
pub const HEADER: usize = 32;

/// The layout hash: FNV-1a (64 bits) of everything that gives a value its meaning: each
/// pattern's name, squares (in digit order) and views, the phases' first empties, the mobility
/// cap and the number of values of a phase. A weights file made for another layout is refused.
pub fn layout_hash() -> u64 {
    static HASH: OnceLock<u64> = OnceLock::new();
    *HASH.get_or_init(|| hash_layout(&PATTERNS, &PHASE_START, MOBILITY_CAP))
}

fn hash_layout(patterns: &[super::Pattern], phase_start: &[u32], mobility_cap: usize) -> u64 {
    {
        let mut h = Fnv64::new();
        for pat in patterns {
            h.bytes(pat.name.as_bytes());
            h.bytes(&[0xff]);
            for sq in pat.squares() {
                h.bytes(&[sq as u8]);
            }
            h.bytes(&[0xfe]);
            for &v in pat.views {
                h.bytes(&[v as u8]);
            }
            h.bytes(&[0xfd]);
        }
        for &e in phase_start {
            h.bytes(&e.to_le_bytes());
        }
        h.bytes(&(mobility_cap as u32).to_le_bytes());
        h.bytes(&(TERMS as u32).to_le_bytes());
        h.bytes(&(PHASE_SIZE as u32).to_le_bytes());
        h.0
    }
}

struct Fnv64(u64);

impl Fnv64 {
    fn new() -> Fnv64 {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, data: &[u8]) {
        for &b in data {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// FNV-1a (32 bits) of `data`: the values' checksum.
fn fnv32(data: &[u8]) -> u32 {
    data.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// A weights file that cannot be used: why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Shorter than the header.
    TooShort { bytes: usize },
    /// Not a weights file.
    Magic,
    /// Written in another version of the format.
    Version { found: u16 },
    /// Values in another unit.
    Unit { found: u16 },
    /// Made for another pattern set or phase layout.
    Layout { found: u64, expected: u64 },
    /// Another number of phases or of values a phase than the header says, or the code reads.
    Size {
        phases: u32,
        per_phase: u32,
        bytes: usize,
    },
    /// The values do not match their checksum (the file is damaged).
    Checksum { found: u32, expected: u32 },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pattern weights: ")?;
        match self {
            WeightsError::TooShort { bytes } => {
                write!(f, "{bytes} bytes, shorter than the {HEADER}-byte header")
            }
            WeightsError::Magic => write!(f, "not a weights file (no RVPW magic)"),
            WeightsError::Version { found } => {
                write!(f, "format version {found}, this engine reads {VERSION}")
            }
            WeightsError::Unit { found } => {
                write!(f, "{found} values a disc, this engine reads {UNIT}")
            }
            WeightsError::Layout { found, expected } => write!(
                f,
                "made for the pattern layout {found:016x}, this engine has {expected:016x}"
            ),
            WeightsError::Size {
                phases,
                per_phase,
                bytes,
            } => write!(
                f,
                "{phases} phases of {per_phase} values in {bytes} bytes of values, this engine \
                 reads {PHASES} phases of {PHASE_SIZE}"
            ),
            WeightsError::Checksum { found, expected } => write!(
                f,
                "the values are damaged (checksum {found:08x}, the header says {expected:08x})"
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Learned pattern tables, [`PHASES`] phases of [`PHASE_SIZE`] values of 1/10 disc, read in
/// place from a weights file.
#[derive(Clone, Copy, Debug)]
pub struct PatternWeights<'a> {
    values: &'a [u8],
}

impl<'a> PatternWeights<'a> {
    /// Checks a weights file (see the module doc) and reads its values in place.
    pub fn from_bytes(file: &'a [u8]) -> Result<PatternWeights<'a>, WeightsError> {
        if file.len() < HEADER {
            return Err(WeightsError::TooShort { bytes: file.len() });
        }
        let u16_at = |i: usize| u16::from_le_bytes([file[i], file[i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([file[i], file[i + 1], file[i + 2], file[i + 3]]);
        if file[..4] != MAGIC {
            return Err(WeightsError::Magic);
        }
        if u16_at(4) != VERSION {
            return Err(WeightsError::Version { found: u16_at(4) });
        }
        if u16_at(6) != UNIT {
            return Err(WeightsError::Unit { found: u16_at(6) });
        }
        let mut hash = [0u8; 8];
        hash.copy_from_slice(&file[8..16]);
        let found = u64::from_le_bytes(hash);
        if found != layout_hash() {
            return Err(WeightsError::Layout {
                found,
                expected: layout_hash(),
            });
        }
        let (phases, per_phase) = (u32_at(16), u32_at(20));
        let values = &file[HEADER..];
        if phases as usize != PHASES
            || per_phase as usize != PHASE_SIZE
            || values.len() != PHASES * PHASE_SIZE
        {
            return Err(WeightsError::Size {
                phases,
                per_phase,
                bytes: values.len(),
            });
        }
        let (found, expected) = (fnv32(values), u32_at(24));
        if found != expected {
            return Err(WeightsError::Checksum { found, expected });
        }
        Ok(PatternWeights { values })
    }

    /// The weights file of `values` (`PHASES * PHASE_SIZE` of them, 1/100 disc): rounded to
    /// 1/10 disc, within ±12.7 discs.
    pub fn file(values: &[i16]) -> Vec<u8> {
        let body: Vec<u8> = values
            .iter()
            .map(|&v| {
                let tenths = (v as f64 / 10.0).round().clamp(-127.0, 127.0);
                tenths as i8 as u8
            })
            .collect();
        let mut file = Vec::with_capacity(HEADER + body.len());
        file.extend_from_slice(&MAGIC);
        file.extend_from_slice(&VERSION.to_le_bytes());
        file.extend_from_slice(&UNIT.to_le_bytes());
        file.extend_from_slice(&layout_hash().to_le_bytes());
        file.extend_from_slice(&(PHASES as u32).to_le_bytes());
        file.extend_from_slice(&((body.len() / PHASES.max(1)) as u32).to_le_bytes());
        file.extend_from_slice(&fnv32(&body).to_le_bytes());
        file.extend_from_slice(&[0; 4]);
        file.extend_from_slice(&body);
        file
    }

    /// The FNV-1a (32 bits) of the values: what identifies a set of tables.
    pub fn checksum(&self) -> u32 {
        fnv32(self.values)
    }

    /// The values of one phase, 1/10 disc each.
    #[inline(always)]
    pub fn phase(&self, phase: usize) -> &'a [u8] {
        &self.values[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE]
    }

    /// The evaluation of the position (`p` to move), 1/100 disc, its pattern indices read
    /// from the board.
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        self.evaluate_features(&Features::new(p, o), p, o)
    }

    /// The evaluation of the position (`p` to move) from its pattern indices as the searches
    /// keep them (`features` must be those of `p`, `o`): the values of every instance's
    /// configuration and of both mobilities, 1/100 disc.
    #[inline]
    pub fn evaluate_features(&self, features: &Features, p: u64, o: u64) -> i32 {
        let [own, theirs] = legal_moves_x2([p, o], [o, p]);
        self.evaluate_moves(features, p, o, own, theirs)
    }

    /// [`PatternWeights::evaluate_features`] given the legal moves of both sides (`own`: of
    /// `p`), which a search may have found already.
    #[inline]
    pub fn evaluate_moves(
        &self,
        features: &Features,
        p: u64,
        o: u64,
        own: u64,
        theirs: u64,
    ) -> i32 {
        let w = self.phase(phase((p | o).count_zeros()));
        let value = |i: usize| w[i] as i8 as i32;
        let [own_moves, their_moves] = mobility_terms(own, theirs);
        let tenths: i32 = features
            .instances()
            .iter()
            .map(|&i| value(i as usize))
            .sum::<i32>()
            + value(own_moves as usize)
            + value(their_moves as usize);
        tenths * (100 / UNIT as i32)
    }
}

impl PatternWeights<'static> {
    /// The classic game's tables.
    pub fn classic() -> &'static PatternWeights<'static> {
        static W: OnceLock<PatternWeights<'static>> = OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../weights/classic_patterns.bin"))
                .unwrap_or_else(|e| panic!("the shipped classic weights: {e}"))
        })
    }

    /// The inverse game's tables.
    pub fn inverse() -> &'static PatternWeights<'static> {
        static W: OnceLock<PatternWeights<'static>> = OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../weights/inverse_patterns.bin"))
                .unwrap_or_else(|e| panic!("the shipped inverse weights: {e}"))
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
    fn values_round_trip_through_a_file() {
        let mut values = vec![34i16; PHASES * PHASE_SIZE];
        values[0] = -5000;
        values[1] = 5000;
        values[2] = -26;
        let file = PatternWeights::file(&values);
        assert_eq!(file.len(), HEADER + PHASES * PHASE_SIZE);
        let w = PatternWeights::from_bytes(&file).unwrap();
        // Rounded to 1/10 disc, clamped to ±12.7 discs.
        assert_eq!(w.phase(PHASES - 1)[PHASE_SIZE - 1] as i8, 3);
        assert_eq!(w.phase(0)[..3], [-127i8 as u8, 127, -3i8 as u8]);
        assert_eq!(w.evaluate(0, 0), 30 * TERMS as i32);
    }

    #[test]
    fn the_shipped_files_are_for_this_layout() {
        for file in [
            &include_bytes!("../weights/classic_patterns.bin")[..],
            &include_bytes!("../weights/inverse_patterns.bin")[..],
        ] {
            assert_eq!(PatternWeights::from_bytes(file).map(|_| ()), Ok(()));
        }
    }

    #[test]
    fn damaged_or_foreign_files_are_refused() {
        let good = PatternWeights::file(&vec![5i16; PHASES * PHASE_SIZE]);
        let refused = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut file = good.clone();
            f(&mut file);
            PatternWeights::from_bytes(&file)
                .map(|_| ())
                .expect_err("refused")
        };
        assert_eq!(
            PatternWeights::from_bytes(&good[..10]).err(),
            Some(WeightsError::TooShort { bytes: 10 })
        );
        assert_eq!(refused(&|f| f[0] = b'X'), WeightsError::Magic);
        assert_eq!(refused(&|f| f[4] = 2), WeightsError::Version { found: 2 });
        assert_eq!(refused(&|f| f[6] = 100), WeightsError::Unit { found: 100 });
        assert!(matches!(
            refused(&|f| f[9] ^= 1),
            WeightsError::Layout { expected, .. } if expected == layout_hash()
        ));
        assert!(matches!(
            refused(&|f| f[16] = 7),
            WeightsError::Size { phases: 7, .. }
        ));
        assert!(matches!(
            refused(&|f| {
                f.pop();
            }),
            WeightsError::Size { .. }
        ));
        // One value changed: the checksum notices.
        let damaged = refused(&|f| f[HEADER + 1000] ^= 0x10);
        assert!(matches!(damaged, WeightsError::Checksum { .. }));
        assert!(damaged.to_string().contains("damaged"));
    }

    #[test]
    fn the_layout_hash_sees_every_part_of_the_layout() {
        // A change of a pattern's views, its squares' order, a phase boundary or the
        // mobility cap changes the hash (so the shipped files must then be refitted).
        let h = layout_hash();
        assert_eq!(h, hash_layout(&PATTERNS, &PHASE_START, MOBILITY_CAP));
        let mut fewer_views = PATTERNS;
        fewer_views[2].views = &[0, 2, 4];
        let mut other_pattern = PATTERNS;
        other_pattern[3] = PATTERNS[4];
        let mut phases = PHASE_START;
        phases[1] += 1;
        for other in [
            hash_layout(&fewer_views, &PHASE_START, MOBILITY_CAP),
            hash_layout(&other_pattern, &PHASE_START, MOBILITY_CAP),
            hash_layout(&PATTERNS, &phases, MOBILITY_CAP),
            hash_layout(&PATTERNS, &PHASE_START, MOBILITY_CAP + 1),
            hash_layout(&PATTERNS[..10], &PHASE_START, MOBILITY_CAP),
        ] {
            assert_ne!(h, other);
        }
    }
}
