//! The patterns: which squares each reads, through which symmetric views, and the index of a
//! position's configuration of every pattern instance in a phase's weights.

use crate::bitboard::legal_moves_x2;
use crate::symmetry::{views_x2, SYMMETRIES};
use crate::ternary::BASE3;

/// How a pattern's squares are read from a board seen from its corner (see
/// [`crate::symmetry::views`]).
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    pub name: &'static str,
    /// Squares (= base-3 digits of a configuration).
    pub squares: u32,
    /// The views ([`crate::symmetry::views`] indices) whose reading gives the instances.
    pub views: &'static [usize],
    /// Packs the pattern's squares of one bitboard (as seen in a view) into the low bits.
    extract: fn(u64) -> u32,
}

impl Pattern {
    /// The number of configurations, 3^squares.
    pub const fn configs(&self) -> usize {
        3usize.pow(self.squares)
    }

    /// The squares the pattern reads in view 0 (the board itself), in digit order.
    pub fn squares(&self) -> Vec<usize> {
        let mut out = vec![usize::MAX; self.squares as usize];
        for sq in 0..64 {
            let bits = (self.extract)(1 << sq);
            if bits != 0 {
                out[bits.trailing_zeros() as usize] = sq;
            }
        }
        out
    }

    /// The digit permutations of the symmetries of the square that map the pattern's squares
    /// onto themselves (`perm[i]`: the digit square `i` goes to), identity excluded. A table
    /// must give a configuration and its images the same value for the evaluation to be
    /// symmetric.
    pub fn symmetries(&self) -> Vec<Vec<usize>> {
        let squares = self.squares();
        let set: u64 = squares.iter().map(|&s| 1u64 << s).sum();
        SYMMETRIES[1..]
            .iter()
            .filter(|g| g(set) == set)
            .map(|g| {
                squares
                    .iter()
                    .map(|&s| {
                        let image = g(1 << s).trailing_zeros() as usize;
                        squares
                            .iter()
                            .position(|&t| t == image)
                            .expect("in the set")
                    })
                    .collect()
            })
            .collect()
    }

    /// For each configuration, the smallest of it and its images under [`Pattern::symmetries`].
    pub fn canonical(&self) -> Vec<u32> {
        let n = self.squares as usize;
        let perms = self.symmetries();
        (0..self.configs() as u32)
            .map(|c| {
                let mut digits = vec![0u32; n];
                let mut x = c;
                for d in digits.iter_mut() {
                    *d = x % 3;
                    x /= 3;
                }
                perms
                    .iter()
                    .map(|perm| {
                        let mut image = vec![0u32; n];
                        for i in 0..n {
                            image[perm[i]] = digits[i];
                        }
                        image.iter().rev().fold(0, |acc, &d| acc * 3 + d)
                    })
                    .fold(c, u32::min)
            })
            .collect()
    }
}

/// Packs the squares of `mask` (at most one a column) into a byte, square of column c at bit
/// c.
#[inline(always)]
fn by_column(x: u64, mask: u64) -> u32 {
    ((x & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The patterns. Views: 0 the board, 1 mirrored (a<->h), 2 flipped (1<->8), 3 both, 4
/// transposed (a1-h8 diagonal), 5-7 the transposed board mirrored, flipped, both.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        // a1 b1 c1 / a2 b2 c2 / a3 b3 c3
        name: "corner3x3",
        squares: 9,
        views: &[0, 1, 2, 3],
        extract: corner3x3,
    },
    Pattern {
        // a1..d1 / a2..d2
        name: "corner2x4",
        squares: 8,
        views: &[0, 1, 2, 3, 4, 5, 6, 7],
        extract: corner2x4,
    },
    Pattern {
        name: "edge",
        squares: 8,
        views: &[0, 2, 4, 6],
        extract: edge,
    },
    Pattern {
        name: "line2",
        squares: 8,
        views: &[0, 2, 4, 6],
        extract: line2,
    },
    Pattern {
        name: "line3",
        squares: 8,
        views: &[0, 2, 4, 6],
        extract: line3,
    },
    Pattern {
        name: "line4",
        squares: 8,
        views: &[0, 2, 4, 6],
        extract: line4,
    },
    Pattern {
        // a1 b2 .. h8
        name: "diag8",
        squares: 8,
        views: &[0, 1],
        extract: diag8,
    },
    Pattern {
        // b1 c2 .. h7
        name: "diag7",
        squares: 7,
        views: &[0, 1, 2, 4],
        extract: diag7,
    },
    Pattern {
        // c1 d2 .. h6
        name: "diag6",
        squares: 6,
        views: &[0, 1, 2, 4],
        extract: diag6,
    },
    Pattern {
        // d1 e2 .. h5
        name: "diag5",
        squares: 5,
        views: &[0, 1, 2, 4],
        extract: diag5,
    },
    Pattern {
        // e1 f2 g3 h4
        name: "diag4",
        squares: 4,
        views: &[0, 1, 2, 4],
        extract: diag4,
    },
];

#[inline(always)]
fn corner3x3(x: u64) -> u32 {
    (x & 7 | (x >> 5) & 0x38 | (x >> 10) & 0x1c0) as u32
}

#[inline(always)]
fn corner2x4(x: u64) -> u32 {
    (x & 0xf | (x >> 4) & 0xf0) as u32
}

#[inline(always)]
fn edge(x: u64) -> u32 {
    x as u32 & 0xff
}

#[inline(always)]
fn line2(x: u64) -> u32 {
    (x >> 8) as u32 & 0xff
}

#[inline(always)]
fn line3(x: u64) -> u32 {
    (x >> 16) as u32 & 0xff
}

#[inline(always)]
fn line4(x: u64) -> u32 {
    (x >> 24) as u32 & 0xff
}

#[inline(always)]
fn diag8(x: u64) -> u32 {
    by_column(x, 0x8040_2010_0804_0201)
}

#[inline(always)]
fn diag7(x: u64) -> u32 {
    by_column(x, 0x0080_4020_1008_0402) >> 1
}

#[inline(always)]
fn diag6(x: u64) -> u32 {
    by_column(x, 0x0000_8040_2010_0804) >> 2
}

#[inline(always)]
fn diag5(x: u64) -> u32 {
    by_column(x, 0x0000_0080_4020_1008) >> 3
}

#[inline(always)]
fn diag4(x: u64) -> u32 {
    by_column(x, 0x0000_0000_8040_2010) >> 4
}

/// The number of pattern instances read from a board.
pub const INSTANCES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < PATTERNS.len() {
        n += PATTERNS[i].views.len();
        i += 1;
    }
    n
};

/// The offset of each pattern's table in a phase's weights; the last entry is the total.
pub const OFFSETS: [usize; PATTERNS.len() + 1] = {
    let mut t = [0; PATTERNS.len() + 1];
    let mut i = 0;
    while i < PATTERNS.len() {
        t[i + 1] = t[i] + PATTERNS[i].configs();
        i += 1;
    }
    t
};

/// Mobility values: the side to move's move count (capped), then the opponent's.
pub const MOBILITY_CAP: usize = 24;
/// Where the mobility values start in a phase's weights.
pub const MOBILITY_OFFSET: usize = OFFSETS[PATTERNS.len()];

/// The values a position sums: one a pattern instance, and its two mobilities.
pub const TERMS: usize = INSTANCES + 2;

/// The weights of one phase.
pub const PHASE_SIZE: usize = MOBILITY_OFFSET + 2 * (MOBILITY_CAP + 1);

/// The phases: a board with `e` empties uses phase `PHASE_OF[e]`. Twelve phases of five
/// empties (the last one takes the first moves too): fine enough that a table's values hold
/// across its phase, coarse enough that each phase has some 150 000 training positions for
/// its ~56 000 values and the tables of both games stay within the site's size budget
/// (docs/tuning.md, "Phases of the pattern evaluation").
pub const PHASES: usize = 12;
/// The first empties count of each phase (phase `k` covers `PHASE_START[k]..PHASE_START[k+1]`).
pub const PHASE_START: [u32; PHASES + 1] = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 65];

/// The phase of a board with `empties` empty squares.
#[inline(always)]
pub fn phase(empties: u32) -> usize {
    PHASE_OF[empties.min(64) as usize] as usize
}

static PHASE_OF: [u8; 65] = {
    let mut t = [0u8; 65];
    let mut e = 0;
    while e < 65 {
        let mut k = 0;
        while PHASE_START[k + 1] <= e as u32 {
            k += 1;
        }
        t[e] = k as u8;
        e += 1;
    }
    t
};

/// Each instance's offset in a phase's weights: its pattern's table's, in the order of
/// [`indices`].
pub static INSTANCE_OFFSETS: [u32; INSTANCES] = {
    let mut t = [0u32; INSTANCES];
    let (mut i, mut k) = (0, 0);
    while i < PATTERNS.len() {
        let mut v = 0;
        while v < PATTERNS[i].views.len() {
            t[k] = OFFSETS[i] as u32;
            k += 1;
            v += 1;
        }
        i += 1;
    }
    t
};

/// The configuration of every pattern instance (in the order of [`indices`], without the
/// tables' offsets) with only `p`'s discs as digits 1, and with only `o`'s: the position's
/// configuration for `p` to move is the first plus twice the second, for `o` to move the
/// second plus twice the first. Straight-line code (the readings of [`PATTERNS`] in order; a
/// test checks it against them).
#[inline]
pub fn readings(p: u64, o: u64) -> ([u32; INSTANCES], [u32; INSTANCES]) {
    let (vp, vo) = views_x2(p, o);
    macro_rules! read {
        ($f:expr, $v:literal) => {{
            let f = $f;
            (
                BASE3[f(vp[$v]) as usize] as u32,
                BASE3[f(vo[$v]) as usize] as u32,
            )
        }};
    }
    let r: [(u32, u32); INSTANCES] = [
        read!(corner3x3, 0),
        read!(corner3x3, 1),
        read!(corner3x3, 2),
        read!(corner3x3, 3),
        read!(corner2x4, 0),
        read!(corner2x4, 1),
        read!(corner2x4, 2),
        read!(corner2x4, 3),
        read!(corner2x4, 4),
        read!(corner2x4, 5),
        read!(corner2x4, 6),
        read!(corner2x4, 7),
        read!(edge, 0),
        read!(edge, 2),
        read!(edge, 4),
        read!(edge, 6),
        read!(line2, 0),
        read!(line2, 2),
        read!(line2, 4),
        read!(line2, 6),
        read!(line3, 0),
        read!(line3, 2),
        read!(line3, 4),
        read!(line3, 6),
        read!(line4, 0),
        read!(line4, 2),
        read!(line4, 4),
        read!(line4, 6),
        read!(diag8, 0),
        read!(diag8, 1),
        read!(diag7, 0),
        read!(diag7, 1),
        read!(diag7, 2),
        read!(diag7, 4),
        read!(diag6, 0),
        read!(diag6, 1),
        read!(diag6, 2),
        read!(diag6, 4),
        read!(diag5, 0),
        read!(diag5, 1),
        read!(diag5, 2),
        read!(diag5, 4),
        read!(diag4, 0),
        read!(diag4, 1),
        read!(diag4, 2),
        read!(diag4, 4),
    ];
    (r.map(|x| x.0), r.map(|x| x.1))
}

/// The index into a phase's weights of every pattern instance of the position (`p` to move),
/// then of the two mobilities.
#[inline]
pub fn indices(p: u64, o: u64) -> [u32; TERMS] {
    let (own, theirs) = readings(p, o);
    let mut out = [0u32; TERMS];
    for k in 0..INSTANCES {
        out[k] = INSTANCE_OFFSETS[k] + own[k] + 2 * theirs[k];
    }
    let [own_moves, their_moves] = mobility_indices(p, o);
    out[INSTANCES] = own_moves;
    out[INSTANCES + 1] = their_moves;
    out
}

/// The indices into a phase's weights of the two mobilities of the position (`p` to move):
/// the last two of [`indices`].
#[inline(always)]
pub fn mobility_indices(p: u64, o: u64) -> [u32; 2] {
    // Both sides' moves at once (one SIMD computation in wasm).
    let [own, theirs] = legal_moves_x2([p, o], [o, p]);
    mobility_terms(own, theirs)
}

/// [`mobility_indices`] of the legal moves of the side to move (`own`) and of its opponent.
#[inline(always)]
pub fn mobility_terms(own: u64, theirs: u64) -> [u32; 2] {
    let mobility = |moves: u64| (moves.count_ones() as usize).min(MOBILITY_CAP);
    [
        (MOBILITY_OFFSET + mobility(own)) as u32,
        (MOBILITY_OFFSET + MOBILITY_CAP + 1 + mobility(theirs)) as u32,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::splitmix64;
    use crate::symmetry::{flip, mirror, transpose, views};

    /// The reading of every pattern instance through [`PATTERNS`] (the definition [`indices`]
    /// unrolls).
    fn indices_generic(p: u64, o: u64) -> Vec<u32> {
        let (vp, vo) = (views(p), views(o));
        let mut out = Vec::with_capacity(TERMS);
        for (i, pat) in PATTERNS.iter().enumerate() {
            for &v in pat.views {
                let c = BASE3[(pat.extract)(vp[v]) as usize] as u32
                    + 2 * BASE3[(pat.extract)(vo[v]) as usize] as u32;
                out.push(OFFSETS[i] as u32 + c);
            }
        }
        out
    }

    /// The squares (of the view) each pattern reads, in digit order, checked.
    fn squares(pat: &Pattern) -> Vec<usize> {
        for sq in 0..64 {
            let bits = (pat.extract)(1 << sq);
            assert!(
                bits.count_ones() <= 1,
                "{}: square {sq} read twice",
                pat.name
            );
            assert!(bits < 1 << pat.squares, "{}: digit out of range", pat.name);
        }
        let out = pat.squares();
        assert!(
            !out.contains(&usize::MAX),
            "{}: a digit reads no square",
            pat.name
        );
        out
    }

    #[test]
    fn canonical_configurations() {
        // The edge reversed is the same edge; a corner block transposed is the same block;
        // a 2x4 corner block has no symmetry of its own.
        let edge = &PATTERNS[2];
        assert_eq!(edge.name, "edge");
        assert_eq!(edge.symmetries(), vec![vec![7, 6, 5, 4, 3, 2, 1, 0]]);
        let c = edge.canonical();
        // a1 own (digit 0 = 1) and h1 own (digit 7 = 1: 3^7) are images of each other.
        assert_eq!(c[1], 1);
        assert_eq!(c[2187], 1);
        assert!(c.iter().enumerate().all(|(i, &k)| k as usize <= i));
        assert_eq!(PATTERNS[0].symmetries().len(), 1);
        assert!(PATTERNS[1].symmetries().is_empty());
        // diag8: the transposition keeps the order, the other diagonal reflection reverses it.
        assert_eq!(PATTERNS[6].symmetries().len(), 3);
    }

    #[test]
    fn patterns_read_the_squares_they_name() {
        let sq = |name: &str| -> usize {
            let b = name.as_bytes();
            ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize
        };
        let expect: [&[&str]; 11] = [
            &["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"],
            &["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"],
            &["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"],
            &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"],
            &["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"],
            &["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"],
            &["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"],
            &["b1", "c2", "d3", "e4", "f5", "g6", "h7"],
            &["c1", "d2", "e3", "f4", "g5", "h6"],
            &["d1", "e2", "f3", "g4", "h5"],
            &["e1", "f2", "g3", "h4"],
        ];
        for (pat, names) in PATTERNS.iter().zip(expect) {
            let want: Vec<usize> = names.iter().map(|n| sq(n)).collect();
            assert_eq!(squares(pat), want, "{}", pat.name);
        }
    }

    #[test]
    fn instances_are_distinct_and_cover_symmetric_images() {
        // Every instance reads a different set of board squares, and the set of instances of a
        // pattern is closed under the symmetries of the square.
        let unview = |v: usize, sq: usize| -> usize {
            // The board square seen at `sq` in view `v`.
            let x = 1u64 << sq;
            let inverse = |b: u64| -> u64 {
                match v {
                    0 => b,
                    1 => mirror(b),
                    2 => flip(b),
                    3 => mirror(flip(b)),
                    4 => transpose(b),
                    5 => transpose(mirror(b)),
                    6 => transpose(flip(b)),
                    _ => transpose(mirror(flip(b))),
                }
            };
            let b = inverse(x);
            assert_eq!(views(b)[v], x);
            b.trailing_zeros() as usize
        };
        for pat in &PATTERNS {
            let sets: Vec<u64> = pat
                .views
                .iter()
                .map(|&v| squares(pat).iter().map(|&s| 1u64 << unview(v, s)).sum())
                .collect();
            for (i, a) in sets.iter().enumerate() {
                for b in &sets[i + 1..] {
                    assert_ne!(a, b, "{}: two instances read the same squares", pat.name);
                }
                for image in [mirror(*a), flip(*a), transpose(*a)] {
                    assert!(sets.contains(&image), "{}: instances not closed", pat.name);
                }
            }
        }
    }

    #[test]
    fn indices_match_a_naive_reading() {
        let mut s = 7u64;
        for _ in 0..300 {
            let a = splitmix64(&mut s);
            let b = splitmix64(&mut s);
            let (p, o) = (a & !b, b & !a);
            let idx = indices(p, o);
            assert_eq!(indices_generic(p, o)[..], idx[..INSTANCES]);
            let (vp, vo) = (views(p), views(o));
            let mut k = 0;
            for (i, pat) in PATTERNS.iter().enumerate() {
                for &v in pat.views {
                    let mut c = 0usize;
                    for &sq in squares(pat).iter().rev() {
                        let digit = (vp[v] >> sq & 1) + 2 * (vo[v] >> sq & 1);
                        c = c * 3 + digit as usize;
                    }
                    assert!(c < pat.configs());
                    assert_eq!(idx[k] as usize, OFFSETS[i] + c);
                    k += 1;
                }
            }
            let mp = crate::bitboard::legal_moves(p, o).count_ones() as usize;
            let mo = crate::bitboard::legal_moves(o, p).count_ones() as usize;
            assert_eq!(idx[k] as usize, MOBILITY_OFFSET + mp.min(MOBILITY_CAP));
            assert_eq!(
                idx[k + 1] as usize,
                MOBILITY_OFFSET + MOBILITY_CAP + 1 + mo.min(MOBILITY_CAP)
            );
        }
    }
}
