//! Constant tables of the solver: rays, neighbours, quadrants, and the exact stability of
//! edge lines.

use std::sync::OnceLock;

/// The (up to eight) squares adjacent to each square.
pub static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut m = 0u64;
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                    m |= 1 << (ny * 8 + nx);
                }
                dx += 1;
            }
            dy += 1;
        }
        out[sq] = m;
        sq += 1;
    }
    out
}

/// The four 4x4 quadrants, as bitboards.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// For each square, the bit (1, 2, 4 or 8) of its quadrant.
pub static QUADRANT_BIT: [u8; 64] = build_quadrant_bit();

const fn build_quadrant_bit() -> [u8; 64] {
    let mut out = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let q = (sq / 32) * 2 + (sq % 8) / 4;
        out[sq] = 1 << q;
        sq += 1;
    }
    out
}

/// For each 4-bit set of quadrants, the union of their squares.
pub static QUADRANT_MASK: [u64; 16] = build_quadrant_mask();

const fn build_quadrant_mask() -> [u64; 16] {
    let mut out = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut q = 0;
        while q < 4 {
            if i & (1 << q) != 0 {
                out[i] |= QUADRANTS[q];
            }
            q += 1;
        }
        i += 1;
    }
    out
}

/// The parity word of a set of empty squares: bit `q` set when quadrant `q` holds an odd
/// number of them.
#[inline]
pub fn parity_of(empties: u64) -> u8 {
    let mut parity = 0;
    for (q, mask) in QUADRANTS.iter().enumerate() {
        parity |= (((empties & mask).count_ones() & 1) as u8) << q;
    }
    parity
}

/// Tables computed once: the stable discs of every edge pattern.
pub struct EdgeTables {
    /// `stable[p * 256 + o]`: the discs (of either colour) of the 8-square line `p`/`o` that no
    /// sequence of moves along the line can flip.
    pub stable: Vec<u8>,
    /// A byte spread onto column a: bit `i` to bit `8 * i`.
    pub unpack_column: [u64; 256],
}

pub fn edge_tables() -> &'static EdgeTables {
    static TABLES: OnceLock<EdgeTables> = OnceLock::new();
    TABLES.get_or_init(build_edge_tables)
}

/// Discs of `other` flipped when `me` plays on `x` in an 8-square line.
fn line_flips(me: u8, other: u8, x: u32) -> u8 {
    let mut flips = 0u8;
    for dir in [-1i32, 1] {
        let mut run = 0u8;
        let mut i = x as i32 + dir;
        while (0..8).contains(&i) && other & (1 << i) != 0 {
            run |= 1 << i;
            i += dir;
        }
        if (0..8).contains(&i) && me & (1 << i) != 0 {
            flips |= run;
        }
    }
    flips
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
                    let f = line_flips(p, o, x);
                    let (np, no) = (p | f | (1 << x), o & !f);
                    s &= !f & stable[np as usize * 256 + no as usize];
                    let f = line_flips(o, p, x);
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
