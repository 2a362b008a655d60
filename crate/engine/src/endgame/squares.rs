//! Square sets of the solver's move ordering: the neighbours of each square, and the four
//! quadrants with the parity of their empty squares.

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
