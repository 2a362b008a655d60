//! WebAssembly SIMD: [`super::flips`], two rays a vector, and [`super::legal_moves_x2`], the eight
//! directions one after the other, each on both boards (the lanes), as `axis_moves` grows
//! runs.

use super::INNER_COLUMNS;
use std::arch::wasm32::*;

/// Squares beyond runs of `mask` discs that start next to a disc of `p`, toward higher
/// bits (`UP`) or lower bits, `S` squares a step.
#[inline(always)]
fn beyond_runs<const UP: bool, const S: u32>(p: v128, mask: v128) -> v128 {
    let shift = |x: v128, n: u32| if UP { u64x2_shl(x, n) } else { u64x2_shr(x, n) };
    let mut run = v128_and(mask, shift(p, S));
    run = v128_or(run, v128_and(mask, shift(run, S)));
    let pre = v128_and(mask, shift(mask, S));
    run = v128_or(run, v128_and(pre, shift(run, 2 * S)));
    run = v128_or(run, v128_and(pre, shift(run, 2 * S)));
    shift(run, S)
}

/// For each square, the squares from it (excluded) to the board's edge in each direction,
/// two directions a vector, in the lanes of [`flips`]: toward higher bits +1 and +8, then
/// +7 and +9; toward lower bits -1 and -8, then -7 and -9.
#[repr(align(16))]
struct Rays([[u64; 8]; 64]);

static RAYS: Rays = {
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (-1, 1),
        (1, 1),
        (-1, 0),
        (0, -1),
        (1, -1),
        (-1, -1),
    ];
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = STEPS[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                t[sq][d] |= 1 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    Rays(t)
};

/// [`super::flips`], two rays a vector. The first square of a ray that is not the
/// opponent's is its lowest such bit toward higher bits (`y & -y`), its highest toward
/// lower bits (found by smearing the bits down); the run before it flips when that square
/// is `p`'s. Fewer instructions in V8's code than [`super::flips_scalar`]; the variants
/// tried are in `docs/tuning.md`.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let rays = RAYS.0[sq & 63].as_ptr() as *const v128;
    // SAFETY: each square's row of `RAYS` holds four vectors (`repr(align(16))`).
    let [up0, up1, down0, down1] = unsafe { [0, 1, 2, 3].map(|i| v128_load(rays.add(i))) };
    let (pv, ov, zero) = (u64x2_splat(p), u64x2_splat(o), u64x2_splat(0));
    let up = |ray: v128| {
        let y = v128_andnot(ray, ov);
        let outflank = v128_and(v128_and(y, i64x2_neg(y)), pv);
        let run = v128_and(i64x2_sub(outflank, u64x2_splat(1)), ray);
        v128_andnot(run, i64x2_eq(outflank, zero))
    };
    let down = |ray: v128| {
        let mut s = v128_andnot(ray, ov);
        for n in [1, 2, 4, 8, 16, 32] {
            s = v128_or(s, u64x2_shr(s, n));
        }
        let outflank = v128_and(v128_andnot(s, u64x2_shr(s, 1)), pv);
        // Rays toward lower bits never reach bit 63: an outflanking disc is positive.
        v128_and(v128_andnot(ray, s), i64x2_gt(outflank, zero))
    };
    let f = v128_or(v128_or(up(up0), up(up1)), v128_or(down(down0), down(down1)));
    u64x2_extract_lane::<0>(f) | u64x2_extract_lane::<1>(f)
}

#[inline(always)]
pub fn legal_moves_x2(p: [u64; 2], o: [u64; 2]) -> [u64; 2] {
    let pv = u64x2(p[0], p[1]);
    let ov = u64x2(o[0], o[1]);
    let inner = v128_and(ov, u64x2_splat(INNER_COLUMNS));
    let mut m = beyond_runs::<true, 1>(pv, inner);
    m = v128_or(m, beyond_runs::<false, 1>(pv, inner));
    m = v128_or(m, beyond_runs::<true, 8>(pv, ov));
    m = v128_or(m, beyond_runs::<false, 8>(pv, ov));
    m = v128_or(m, beyond_runs::<true, 7>(pv, inner));
    m = v128_or(m, beyond_runs::<false, 7>(pv, inner));
    m = v128_or(m, beyond_runs::<true, 9>(pv, inner));
    m = v128_or(m, beyond_runs::<false, 9>(pv, inner));
    let moves = v128_andnot(m, v128_or(pv, ov));
    [
        u64x2_extract_lane::<0>(moves),
        u64x2_extract_lane::<1>(moves),
    ]
}
