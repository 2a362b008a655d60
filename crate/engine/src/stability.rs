//! Stable discs (discs that can never flip again), found by a fast, sound but incomplete
//! test: exact edge stability from a table, discs whose four lines are full, and interior
//! discs protected on every axis by a full line or a stable disc of their own colour. The
//! exact solver bounds scores with it.

use std::sync::OnceLock;

use crate::bitboard::line_flips;

const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00ff;
const ROW_8: u64 = 0xff00_0000_0000_0000;
const INTERIOR: u64 = 0x007e_7e7e_7e7e_7e00;

/// Bit `8 * i` (column a) to bit `i` of a byte.
#[inline(always)]
fn pack_column_a(x: u64) -> usize {
    ((x & COLUMN_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// The squares whose whole line along each axis is occupied: (horizontal, vertical, a1-h8
/// diagonal direction (shift 9), h1-a8 direction (shift 7)).
#[inline]
fn full_lines(occ: u64) -> (u64, u64, u64, u64) {
    let mut h = occ;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & COLUMN_A).wrapping_mul(0xff);

    let mut v = occ;
    v &= v >> 32;
    v &= v >> 16;
    v &= v >> 8;
    let v = (v & ROW_1).wrapping_mul(COLUMN_A);

    // Shift 9 (down-right). `up` holds the occupied squares whose run toward the top-left edge
    // is all occupied; `down` the same toward the bottom-right.
    let edge_tl = ROW_1 | COLUMN_A;
    let edge_br = ROW_8 | COLUMN_H;
    let mut up = occ & edge_tl;
    let mut down = occ & edge_br;
    for _ in 0..6 {
        up |= occ & (up << 9) & !COLUMN_A;
        down |= occ & (down >> 9) & !COLUMN_H;
    }
    let d9 = up & down;

    // Shift 7 (down-left).
    let edge_tr = ROW_1 | COLUMN_H;
    let edge_bl = ROW_8 | COLUMN_A;
    let mut up = occ & edge_tr;
    let mut down = occ & edge_bl;
    for _ in 0..6 {
        up |= occ & (up << 7) & !COLUMN_H;
        down |= occ & (down >> 7) & !COLUMN_A;
    }
    let d7 = up & down;
    (h, v, d9, d7)
}

/// The stable discs of the edges (both colours) from the edge table.
#[inline]
fn edge_stable(t: &EdgeTables, p: u64, o: u64) -> u64 {
    let idx = |a: usize, b: usize| t.stable[a * 256 + b];
    let top = idx((p & 0xff) as usize, (o & 0xff) as usize) as u64;
    let bottom = (idx((p >> 56) as usize, (o >> 56) as usize) as u64) << 56;
    let left = t.unpack_column[idx(pack_column_a(p), pack_column_a(o)) as usize];
    let right = t.unpack_column[idx(pack_column_a(p >> 7), pack_column_a(o >> 7)) as usize] << 7;
    top | bottom | left | right
}

/// The discs of `p` (against `o`) that can never flip again (see the module's doc).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    stable_with(edge_tables(), p, o)
}

/// [`stable_discs`] with the edge tables at hand (the solver's hot path).
#[inline]
pub(crate) fn stable_with(t: &EdgeTables, p: u64, o: u64) -> u64 {
    let (h, v, d9, d7) = full_lines(p | o);
    let mut stable = (edge_stable(t, p, o) | (h & v & d9 & d7)) & p;
    let candidates = p & INTERIOR;
    loop {
        let old = stable;
        let sh = h | (stable << 1) | (stable >> 1);
        let sv = v | (stable << 8) | (stable >> 8);
        let s9 = d9 | (stable << 9) | (stable >> 9);
        let s7 = d7 | (stable << 7) | (stable >> 7);
        stable |= candidates & sh & sv & s9 & s7;
        if stable == old {
            return stable;
        }
    }
}

/// The number of stable discs of `p`.
#[inline]
pub(crate) fn count_stable(t: &EdgeTables, p: u64, o: u64) -> i32 {
    stable_with(t, p, o).count_ones() as i32
}

/// Tables computed once: the stable discs of every edge pattern.
pub(crate) struct EdgeTables {
    /// `stable[p * 256 + o]`: the discs (of either colour) of the 8-square line `p`/`o` that no
    /// sequence of moves along the line can flip.
    pub stable: Vec<u8>,
    /// A byte spread onto column a: bit `i` to bit `8 * i`.
    pub unpack_column: [u64; 256],
}

pub(crate) fn edge_tables() -> &'static EdgeTables {
    static TABLES: OnceLock<EdgeTables> = OnceLock::new();
    TABLES.get_or_init(build_edge_tables)
}

fn build_edge_tables() -> EdgeTables {
    let mut stable = vec![0u8; 65536];
    // Lines with fewer empties first: a line's answer depends on its children only.
    for empties in 0..=8u32 {
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o != 0 || 8 - (p | o).count_ones() != empties {
                    continue;
                }
                let (p, o) = (p as u8, o as u8);
                let mut s = p | o;
                let mut free = !(p | o);
                while free != 0 {
                    let x = free.trailing_zeros();
                    free &= free - 1;
                    // Either colour may take the square (a move may be legal through another
                    // line); discs flipped now or later are not stable.
                    let f = line_flips(x as usize, p as u64, o as u64) as u8;
                    let (np, no) = (p | f | (1 << x), o & !f);
                    s &= !f & stable[np as usize * 256 + no as usize];
                    let f = line_flips(x as usize, o as u64, p as u64) as u8;
                    let (np, no) = (p & !f, o | f | (1 << x));
                    s &= !f & stable[np as usize * 256 + no as usize];
                }
                stable[p as usize * 256 + o as usize] = s;
            }
        }
    }
    let mut unpack_column = [0u64; 256];
    for (b, slot) in unpack_column.iter_mut().enumerate() {
        for i in 0..8 {
            if b & (1 << i) != 0 {
                *slot |= 1 << (8 * i);
            }
        }
    }
    EdgeTables {
        stable,
        unpack_column,
    }
}
