//! The eight symmetries of the board (the dihedral group of the square) as maps of bitboards:
//! mirror (a<->h), flip (1<->8), the transposition about the a1-h8 diagonal, and their
//! products. The pattern evaluation reads each pattern through them, so that every instance
//! shares one table, and the tests check that evaluations are symmetric.

/// The symmetries of the square as maps of bitboards, in the order of [`views`].
pub const SYMMETRIES: [fn(u64) -> u64; 8] = [
    |x| x,
    mirror,
    flip,
    |x| flip(mirror(x)),
    transpose,
    |x| mirror(transpose(x)),
    |x| flip(transpose(x)),
    |x| flip(mirror(transpose(x))),
];

/// Mirror a<->h.
#[inline(always)]
pub fn mirror(mut x: u64) -> u64 {
    x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1;
    x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2;
    (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (x & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Flip 1<->8.
#[inline(always)]
pub fn flip(x: u64) -> u64 {
    x.swap_bytes()
}

/// Transpose about the a1-h8 diagonal (square (row, column) to (column, row)).
#[inline(always)]
pub fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The eight views of a bitboard: 0 the board, 1 mirrored (a<->h), 2 flipped (1<->8), 3 both,
/// 4 transposed (a1-h8 diagonal), 5-7 the transposed board mirrored, flipped, both.
#[inline(always)]
pub fn views(x: u64) -> [u64; 8] {
    let m = mirror(x);
    let t = transpose(x);
    let tm = mirror(t);
    [x, m, flip(x), flip(m), t, tm, flip(t), flip(tm)]
}

/// The views of two bitboards: `(views(a), views(b))`. The wasm builds with SIMD compute both
/// boards' views at once, one board a lane (WebAssembly has no byte swap for `flip`, which
/// is long as scalar code); elsewhere, two calls.
#[inline(always)]
pub fn views_x2(a: u64, b: u64) -> ([u64; 8], [u64; 8]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        simd128::views_x2(a, b)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        (views(a), views(b))
    }
}

/// [`mirror`], [`flip`] and [`transpose`] on two bitboards, one a lane.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use std::arch::wasm32::*;

    #[inline(always)]
    fn swap(x: v128, mask: u64, n: u32) -> v128 {
        let mask = u64x2_splat(mask);
        v128_or(
            v128_and(u64x2_shr(x, n), mask),
            u64x2_shl(v128_and(x, mask), n),
        )
    }

    #[inline(always)]
    fn mirror(x: v128) -> v128 {
        let x = swap(x, 0x5555_5555_5555_5555, 1);
        let x = swap(x, 0x3333_3333_3333_3333, 2);
        swap(x, 0x0f0f_0f0f_0f0f_0f0f, 4)
    }

    #[inline(always)]
    fn flip(x: v128) -> v128 {
        i8x16_shuffle::<7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8>(x, x)
    }

    #[inline(always)]
    fn transpose(mut x: v128) -> v128 {
        for (mask, n) in [
            (0x0f0f_0f0f_0000_0000, 28),
            (0x3333_0000_3333_0000, 14),
            (0x5500_5500_5500_5500, 7),
        ] {
            let t = v128_and(u64x2_splat(mask), v128_xor(x, u64x2_shl(x, n)));
            x = v128_xor(x, v128_xor(t, u64x2_shr(t, n)));
        }
        x
    }

    #[inline(always)]
    pub fn views_x2(a: u64, b: u64) -> ([u64; 8], [u64; 8]) {
        let x = u64x2(a, b);
        let m = mirror(x);
        let t = transpose(x);
        let tm = mirror(t);
        let v = [x, m, flip(x), flip(m), t, tm, flip(t), flip(tm)];
        (
            v.map(|x| u64x2_extract_lane::<0>(x)),
            v.map(|x| u64x2_extract_lane::<1>(x)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::splitmix64;

    fn naive_transpose(x: u64) -> u64 {
        let mut t = 0;
        for r in 0..8 {
            for c in 0..8 {
                if x >> (8 * r + c) & 1 != 0 {
                    t |= 1 << (8 * c + r);
                }
            }
        }
        t
    }

    fn naive_mirror(x: u64) -> u64 {
        let mut t = 0;
        for r in 0..8 {
            for c in 0..8 {
                if x >> (8 * r + c) & 1 != 0 {
                    t |= 1 << (8 * r + 7 - c);
                }
            }
        }
        t
    }

    #[test]
    fn views_are_the_symmetries() {
        let x = 0x0123_4567_89ab_cdefu64;
        for (v, g) in views(x).into_iter().zip(SYMMETRIES) {
            assert_eq!(v, g(x));
        }
    }

    #[test]
    fn symmetries_match_naive_ones() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for _ in 0..1000 {
            let x = splitmix64(&mut s);
            assert_eq!(transpose(x), naive_transpose(x));
            assert_eq!(mirror(x), naive_mirror(x));
            assert_eq!(transpose(transpose(x)), x);
        }
    }
}
