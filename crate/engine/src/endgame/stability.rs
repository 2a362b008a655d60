//! A fast, sound (incomplete) count of stable discs: exact edge stability from a table, discs
//! whose four lines are full, and interior discs protected on every axis by a full line or a
//! stable disc of their own colour.

use super::tables::EdgeTables;

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
pub fn full_lines(occ: u64) -> (u64, u64, u64, u64) {
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

/// Stable discs of `p` (against `o`).
#[inline]
pub fn stable_discs(t: &EdgeTables, p: u64, o: u64) -> u64 {
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
pub fn count_stable(t: &EdgeTables, p: u64, o: u64) -> i32 {
    stable_discs(t, p, o).count_ones() as i32
}
