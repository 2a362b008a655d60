//! Static evaluation of midgame positions, for the classic and the inverse game.
//!
//! An evaluation is a weighted sum of features of the position (mobility, potential mobility,
//! corners, X- and C-squares, edges, stable discs, frontier, discs, parity), each measured for
//! the side to move minus its opponent, plus a table value for the configuration of each of the
//! four edges (a pattern). The weights depend on the game phase (the number of empty squares)
//! and are DATA: the text tables `weights/classic.txt` and `weights/inverse.txt`, parsed at
//! compile time (a malformed table does not compile), and the edge tables
//! `weights/classic_edges.rs` and `weights/inverse_edges.rs`, so they can be re-learned without
//! touching the code. Both games have their own weights, fitted to game results (least squares
//! for the features, then the edge tables on what remains) from self-play games, with exact
//! scores from the solver for positions of 14 empties or fewer.
//!
//! Scores are in [`SCALE`] units per disc (1/100 disc), positive when the side to move is
//! better under the game's goal.

use crate::bitboard::{legal_moves, CORNERS};
use crate::board::Board;
use crate::game::Rules;
use crate::ternary::BASE3;

/// Score units per disc.
pub const SCALE: i32 = 100;

/// Evaluations never reach the score of a finished game won by a whole board.
pub const MAX_EVAL: i32 = 64 * SCALE - 1;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// Weights for the classic game (more discs wins).
    Classic,
    /// The inverse game's own features and weights (fewer discs wins).
    Inverse,
    /// The classic evaluation with its sign flipped: the naive baseline for the inverse game.
    NegatedClassic,
}

impl EvalKind {
    /// The evaluation made for `rules`.
    pub const fn for_rules(rules: Rules) -> EvalKind {
        match rules {
            Rules::Classic => EvalKind::Classic,
            Rules::Inverse => EvalKind::Inverse,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Classic => "classic",
            EvalKind::Inverse => "inverse",
            EvalKind::NegatedClassic => "negated",
        }
    }

    /// Parses `classic`, `inverse` or `negated`.
    pub fn parse(s: &str) -> Option<EvalKind> {
        [
            EvalKind::Classic,
            EvalKind::Inverse,
            EvalKind::NegatedClassic,
        ]
        .into_iter()
        .find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// The score of `board` for the side to move, within ±[`MAX_EVAL`].
    pub fn evaluate(self, board: &Board) -> i32 {
        let f = features(board);
        let e = board.empty_count() as usize;
        let edges = edge_indices(board.player, board.opponent);
        let v = match self {
            EvalKind::Classic => {
                dot(&CLASSIC.by_empties[e], &f) + edge_score(&CLASSIC_EDGES, &edges, e)
            }
            EvalKind::Inverse => {
                dot(&INVERSE.by_empties[e], &f) + edge_score(&INVERSE_EDGES, &edges, e)
            }
            EvalKind::NegatedClassic => {
                -(dot(&CLASSIC.by_empties[e], &f) + edge_score(&CLASSIC_EDGES, &edges, e))
            }
        };
        v.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// The names of the features, in the order of the weight tables.
pub const FEATURE_NAMES: [&str; FEATURE_COUNT] = [
    "mobility",
    "potential",
    "corners",
    "corner_moves",
    "x_squares",
    "c_squares",
    "edges",
    "stable",
    "frontier",
    "discs",
    "parity",
];

/// The number of features.
pub const FEATURE_COUNT: usize = 11;

/// The empties counts at which the tables give the weights (linear in between).
pub const ANCHORS: [usize; 5] = [60, 45, 30, 15, 0];

/// A weight table expanded to every number of empties, 0..=64.
pub struct Weights {
    pub by_empties: [[i32; FEATURE_COUNT]; 65],
}

/// The classic weights (from `weights/classic.txt`).
pub static CLASSIC: Weights = Weights::parse(include_str!("weights/classic.txt"));
/// The inverse weights (from `weights/inverse.txt`).
pub static INVERSE: Weights = Weights::parse(include_str!("weights/inverse.txt"));

impl Weights {
    /// Parses a weight table (see `weights/classic.txt`), at compile time: any error in the
    /// table is a compile error.
    pub const fn parse(text: &str) -> Weights {
        let b = text.as_bytes();
        let mut anchors = [[0i32; ANCHORS.len()]; FEATURE_COUNT];
        let mut feature = 0;
        let mut i = 0;
        while i < b.len() {
            // One line: [i, end).
            let mut end = i;
            while end < b.len() && b[end] != b'\n' {
                end += 1;
            }
            let mut j = skip_spaces(b, i, end);
            if j < end && b[j] != b'#' {
                if feature >= FEATURE_COUNT {
                    panic!("weights: too many feature lines");
                }
                // The name.
                let name = FEATURE_NAMES[feature].as_bytes();
                let mut k = 0;
                while k < name.len() {
                    if j + k >= end || b[j + k] != name[k] {
                        panic!("weights: feature lines out of order or misnamed");
                    }
                    k += 1;
                }
                j += name.len();
                if j < end && b[j] != b' ' && b[j] != b'\t' {
                    panic!("weights: feature lines out of order or misnamed");
                }
                let mut a = 0;
                while a < ANCHORS.len() {
                    j = skip_spaces(b, j, end);
                    let mut negative = false;
                    if j < end && b[j] == b'-' {
                        negative = true;
                        j += 1;
                    } else if j < end && b[j] == b'+' {
                        j += 1;
                    }
                    if j >= end || !b[j].is_ascii_digit() {
                        panic!("weights: a feature line needs 5 integer weights");
                    }
                    let mut v: i32 = 0;
                    while j < end && b[j].is_ascii_digit() {
                        v = v * 10 + (b[j] - b'0') as i32;
                        j += 1;
                    }
                    anchors[feature][a] = if negative { -v } else { v };
                    a += 1;
                }
                j = skip_spaces(b, j, end);
                if j < end && b[j] != b'#' {
                    panic!("weights: unexpected text after the 5 weights");
                }
                feature += 1;
            }
            i = end + 1;
        }
        if feature != FEATURE_COUNT {
            panic!("weights: missing feature lines");
        }
        // Expand: linear interpolation between the anchors.
        let mut by_empties = [[0i32; FEATURE_COUNT]; 65];
        let mut e = 0;
        while e <= 64 {
            let mut f = 0;
            while f < FEATURE_COUNT {
                by_empties[e][f] = if e >= ANCHORS[0] {
                    anchors[f][0]
                } else {
                    let mut a = 0;
                    while ANCHORS[a + 1] > e {
                        a += 1;
                    }
                    let (hi, lo) = (ANCHORS[a] as i32, ANCHORS[a + 1] as i32);
                    let t = e as i32 - lo;
                    let span = hi - lo;
                    (anchors[f][a + 1] * (span - t) + anchors[f][a] * t) / span
                };
                f += 1;
            }
            e += 1;
        }
        Weights { by_empties }
    }
}

const fn skip_spaces(b: &[u8], mut j: usize, end: usize) -> usize {
    while j < end && (b[j] == b' ' || b[j] == b'\t' || b[j] == b'\r') {
        j += 1;
    }
    j
}

/// The number of configurations of an edge (8 squares, 3 states each).
pub const EDGE_CONFIGS: usize = 6561;

/// Edge tables: for each anchor of [`ANCHORS`], the value (in [`SCALE`] units) of each edge
/// configuration, indexed by [`edge_indices`]. Learned from games; symmetric under reversal of
/// the edge, so the four edges share one table.
pub type EdgeTable = [[i16; EDGE_CONFIGS]; ANCHORS.len()];

/// The classic edge tables (data: `weights/classic_edges.rs`).
pub static CLASSIC_EDGES: EdgeTable = include!("weights/classic_edges.rs");
/// The inverse edge tables (data: `weights/inverse_edges.rs`).
pub static INVERSE_EDGES: EdgeTable = include!("weights/inverse_edges.rs");

/// The configuration index of each edge (rows 1 and 8, columns a and h), squares in order
/// from one corner to the other (digit `i`: 0 empty, 1 side to move, 2 opponent).
#[inline]
pub fn edge_indices(p: u64, o: u64) -> [usize; 4] {
    #[inline(always)]
    fn column(x: u64, shift: u32) -> usize {
        (((x >> shift) & COL_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
    }
    #[inline(always)]
    fn index(p: usize, o: usize) -> usize {
        BASE3[p] as usize + 2 * BASE3[o] as usize
    }
    [
        index((p & 0xff) as usize, (o & 0xff) as usize),
        index((p >> 56) as usize, (o >> 56) as usize),
        index(column(p, 0), column(o, 0)),
        index(column(p, 7), column(o, 7)),
    ]
}

/// For each empties count: the anchor at or above it, and the interpolation position.
static ANCHOR_OF: [(u8, u8, u8); 65] = {
    let mut t = [(0u8, 0u8, 1u8); 65];
    let mut e = 0;
    while e < ANCHORS[0] {
        let mut a = 0;
        while ANCHORS[a + 1] > e {
            a += 1;
        }
        let lo = ANCHORS[a + 1];
        t[e] = (a as u8, (e - lo) as u8, (ANCHORS[a] - lo) as u8);
        e += 1;
    }
    t
};

/// The edge part of the evaluation: the four edges' table values, interpolated by phase.
#[inline]
pub fn edge_score(table: &EdgeTable, edges: &[usize; 4], empties: usize) -> i32 {
    let sum = |a: usize| edges.iter().map(|&i| table[a][i] as i32).sum::<i32>();
    if empties >= ANCHORS[0] {
        return sum(0);
    }
    let (a, t, span) = ANCHOR_OF[empties];
    let (a, t, span) = (a as usize, t as i32, span as i32);
    (sum(a + 1) * (span - t) + sum(a) * t) / span
}

#[inline]
fn dot(w: &[i32; FEATURE_COUNT], f: &[i32; FEATURE_COUNT]) -> i32 {
    let mut s = 0;
    for i in 0..FEATURE_COUNT {
        s += w[i] * f[i];
    }
    s
}

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const EDGES: u64 = 0xff81_8181_8181_81ff;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const ROW_1: u64 = 0x0000_0000_0000_00ff;
const ROW_8: u64 = 0xff00_0000_0000_0000;
const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = 0x8080_8080_8080_8080;

/// The squares next to (8 directions) any square of `b`.
#[inline]
fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// X-squares (b2, g2, b7, g7) whose corner is empty.
#[inline]
fn open_x_squares(empty: u64) -> u64 {
    let c = empty & CORNERS;
    // a1 -> b2 (+9), h1 -> g2 (+7), a8 -> b7 (-7), h8 -> g7 (-9).
    ((c & 1) << 9 | (c & 0x80) << 7 | (c & (1 << 56)) >> 7 | (c & (1 << 63)) >> 9) & X_SQUARES
}

/// C-squares (the edge squares next to a corner) whose corner is empty.
#[inline]
fn open_c_squares(empty: u64) -> u64 {
    let c = empty & CORNERS;
    let beside = ((c << 1) & NOT_A) | ((c >> 1) & NOT_H) | (c << 8) | (c >> 8);
    beside & EDGES
}

/// Discs of `p` that can never flip: runs along an edge from a corner of `p`, and every disc
/// on a full edge (an edge disc can only flip along its edge).
#[inline]
pub fn edge_stable(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let mut s = p & CORNERS;
    if s != 0 {
        for _ in 0..6 {
            s |= p & ROW_1 & ((s << 1) | (s >> 1));
            s |= p & ROW_8 & ((s << 1) | (s >> 1));
            s |= p & COL_A & ((s << 8) | (s >> 8));
            s |= p & COL_H & ((s << 8) | (s >> 8));
        }
    }
    for edge in [ROW_1, ROW_8, COL_A, COL_H] {
        if occupied & edge == edge {
            s |= p & edge;
        }
    }
    s
}

/// The feature vector of `board` (side to move minus opponent), in [`FEATURE_NAMES`] order.
pub fn features(board: &Board) -> [i32; FEATURE_COUNT] {
    let (p, o) = (board.player, board.opponent);
    let empty = !(p | o);
    let pm = legal_moves(p, o);
    let om = legal_moves(o, p);
    let near_empty = neighbours(empty);
    let open_x = open_x_squares(empty);
    let open_c = open_c_squares(empty);
    let plain_edges = EDGES & !CORNERS & !open_c;
    let diff = |b: u64| (p & b).count_ones() as i32 - (o & b).count_ones() as i32;
    let n = empty.count_ones();
    [
        pm.count_ones() as i32 - om.count_ones() as i32,
        (empty & neighbours(o)).count_ones() as i32 - (empty & neighbours(p)).count_ones() as i32,
        diff(CORNERS),
        (pm & CORNERS).count_ones() as i32 - (om & CORNERS).count_ones() as i32,
        diff(open_x),
        diff(open_c),
        diff(plain_edges),
        edge_stable(p, o).count_ones() as i32 - edge_stable(o, p).count_ones() as i32,
        diff(near_empty),
        diff(!0),
        if n % 2 == 1 { 1 } else { -1 },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn tables_interpolate_between_anchors() {
        let mut text = String::from("# a comment\n\nmobility 100 100 40 10 -5 # trailing\n");
        for name in &FEATURE_NAMES[1..] {
            text.push_str(&format!("{name} 1 2 3 4 5\n"));
        }
        let w = Weights::parse(&text);
        assert_eq!(w.by_empties[64][0], 100);
        assert_eq!(w.by_empties[60][0], 100);
        assert_eq!(w.by_empties[45][0], 100);
        assert_eq!(w.by_empties[30][0], 40);
        // 37 empties: 7/15 of the way from 30 (40) to 45 (100).
        assert_eq!(w.by_empties[37][0], (40 * 8 + 100 * 7) / 15);
        assert_eq!(w.by_empties[0][0], -5);
        assert_eq!(w.by_empties[0][10], 5);
        assert_eq!(w.by_empties[15][3], 4);
        // The embedded tables parse (at compile time) into the same shape.
        assert_eq!(CLASSIC.by_empties.len(), 65);
    }

    #[test]
    #[should_panic(expected = "out of order")]
    fn tables_reject_misnamed_lines() {
        Weights::parse("mobilty 1 2 3 4 5\n");
    }

    #[test]
    #[should_panic(expected = "5 integer weights")]
    fn tables_reject_short_lines() {
        Weights::parse("mobility 1 2 3 4\n");
    }

    #[test]
    fn start_is_symmetric() {
        let b = Position::standard().board;
        let f = features(&b);
        // Four moves each, nothing on corners or edges, equal discs; 60 empties is even.
        assert_eq!(f, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1]);
    }

    #[test]
    fn squares_masks() {
        let all_empty = !0u64;
        assert_eq!(open_x_squares(all_empty), X_SQUARES);
        assert_eq!(open_c_squares(all_empty).count_ones(), 8);
        // With a1 taken, b2 is no longer an open X-square, a2/b1 no longer open C-squares.
        let e = !1u64;
        assert_eq!(open_x_squares(e) & (1 << 9), 0);
        assert_eq!(open_c_squares(e) & 0b10, 0);
        assert_eq!(open_c_squares(e) & (1 << 8), 0);
    }

    #[test]
    fn edge_indices_read_the_four_edges() {
        // a1 own, h1 opponent: digits 1 at position 0 and 2 at position 7 of row 1; column a
        // sees a1 as its first square, column h sees h1 as its first.
        let p = 1u64;
        let o = 1u64 << 7;
        let idx = edge_indices(p, o);
        assert_eq!(idx, [1 + 2 * 2187, 0, 1, 2]);
        // h8 own: the last square of row 8 and of column h.
        let idx = edge_indices(1 << 63, 0);
        assert_eq!(idx, [0, 2187, 0, 2187]);
        assert!(idx.iter().all(|&i| i < EDGE_CONFIGS));
        assert_eq!(edge_indices(u64::MAX, 0), [3280; 4]);
    }

    #[test]
    fn edge_tables_are_symmetric() {
        // Reversing an edge (the same edge seen from its other corner) keeps its value.
        let reverse = |mut i: usize| {
            let mut r = 0;
            for _ in 0..8 {
                r = r * 3 + i % 3;
                i /= 3;
            }
            r
        };
        for table in [&CLASSIC_EDGES, &INVERSE_EDGES] {
            for anchor in table.iter() {
                for i in (0..EDGE_CONFIGS).step_by(7) {
                    assert_eq!(anchor[i], anchor[reverse(i)]);
                }
            }
        }
    }

    #[test]
    fn edge_score_interpolates() {
        let e = edge_indices(0x81, 0);
        for empties in 0..=64 {
            let v = edge_score(&CLASSIC_EDGES, &e, empties);
            let (lo, hi) = (0..ANCHORS.len())
                .map(|a| e.iter().map(|&i| CLASSIC_EDGES[a][i] as i32).sum::<i32>())
                .fold((i32::MAX, i32::MIN), |(lo, hi), s| (lo.min(s), hi.max(s)));
            assert!(v >= lo && v <= hi);
        }
    }

    #[test]
    fn edge_stability() {
        // Black a1 b1 c1, white d1: the black run from the corner is stable, d1 is not.
        let p = 0b111;
        let o = 0b1000;
        assert_eq!(edge_stable(p, o), 0b111);
        assert_eq!(edge_stable(o, p), 0);
    }
}
