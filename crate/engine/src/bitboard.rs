//! Bit-parallel move generation and flipping on 64-bit boards.
//!
//! Bit `i` is the square with column `i % 8` (a..h) and row `i / 8` (1..8), so `a1` is bit 0,
//! `h1` bit 7 and `h8` bit 63. Row 1 is at the top of the board.

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Columns b..g: opponent discs that can sit inside a horizontal or diagonal run.
const INNER_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The squares of the legal moves of `p` against `o` (disjoint bitboards).
#[inline(always)]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::legal_moves(p, o)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        legal_moves_scalar(p, o)
    }
}

/// [`legal_moves`] one axis at a time in 64-bit words: any target (the wasm builds run it).
/// The tests check both versions against a naive reading of the rules.
#[inline(always)]
pub fn legal_moves_scalar(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    (axis_moves(p, inner, 1)
        | axis_moves(p, o, 8)
        | axis_moves(p, inner, 7)
        | axis_moves(p, inner, 9))
        & !(p | o)
}

/// Squares beyond a run of `mask` discs that starts next to a disc of `p`, along one axis
/// (`shift` 1, 7, 8 or 9) in both directions. `mask` must exclude the columns where a run
/// would wrap around the board edge.
#[inline(always)]
fn axis_moves(p: u64, mask: u64, shift: u32) -> u64 {
    // Grow runs of `mask` discs from `p` one step, then by doubling: a run holds at most six.
    let s2 = shift * 2;
    let mut up = mask & (p << shift);
    let mut down = mask & (p >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    let pre_up = mask & (mask << shift);
    let pre_down = mask & (mask >> shift);
    up |= pre_up & (up << s2);
    down |= pre_down & (down >> s2);
    up |= pre_up & (up << s2);
    down |= pre_down & (down >> s2);
    (up << shift) | (down >> shift)
}

/// The discs of `o` flipped when `p` plays on `sq` (0 when the move flips nothing, i.e. is
/// illegal; the square is assumed empty). Branch-free, always inlined: it is the hot path of
/// perft and of the endgame solver.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::flips(p, o, sq)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        flips_scalar(p, o, sq)
    }
}

/// [`flips`] one ray at a time in 64-bit words: any target (the wasm builds run it). The
/// tests check both versions against a naive reading of the rules.
#[inline(always)]
pub fn flips_scalar(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let mut f = 0;
    for &ray in &rays[..4] {
        // Toward higher bits: the first square that is not the opponent's is the lowest set
        // bit of `ray & !o`; if it is ours, every ray square below it flips.
        let stop = ray & !o;
        let outflank = stop & stop.wrapping_neg() & p;
        f |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[4..] {
        // Toward lower bits: the first stop is the highest set bit (bit 0 as a sentinel when
        // there is none: it is then not ours on this ray, so nothing flips).
        let stop = (ray & !o) | 1;
        let outflank = (1u64 << (63 - stop.leading_zeros())) & p & ray;
        f |= (outflank.wrapping_neg() << 1) & ray;
    }
    f
}

/// The four axes at once in the lanes of 256-bit vectors (x86-64 builds for processors with
/// AVX2, see `.cargo/config.toml`): lane `i` shifts by `[1, 8, 9, 7][i]`, toward higher bits
/// in one vector and toward lower bits in another. Runs of opponent discs grow from the
/// starting discs by one step twice, then by two steps twice (a run holds at most six discs).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2 {
    use super::INNER_COLUMNS;
    use std::arch::x86_64::*;

    /// The opponent discs that may sit inside a run along each lane's axis (a run along a
    /// row or a diagonal must not wrap around the board edge).
    #[inline(always)]
    fn runs_mask(o: u64) -> __m256i {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe {
            let inner = (o & INNER_COLUMNS) as i64;
            _mm256_set_epi64x(inner, inner, o as i64, inner)
        }
    }

    #[inline(always)]
    fn shifts() -> __m256i {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe { _mm256_set_epi64x(7, 9, 8, 1) }
    }

    /// The OR of the four lanes.
    #[inline(always)]
    fn or_lanes(x: __m256i) -> u64 {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe {
            let y = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
            _mm_cvtsi128_si64(_mm_or_si128(y, _mm_unpackhi_epi64(y, y))) as u64
        }
    }

    /// Grows, from the discs of `start`, runs of `mask` discs along each lane's axis, toward
    /// higher bits (first) and toward lower bits (second), the start excluded.
    #[inline(always)]
    fn runs(start: __m256i, mask: __m256i, s: __m256i) -> (__m256i, __m256i) {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe {
            let s2 = _mm256_add_epi64(s, s);
            let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(start, s));
            let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(start, s));
            up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, s)));
            down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, s)));
            let pre_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, s));
            let pre_down = _mm256_srlv_epi64(pre_up, s);
            up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, s2)));
            down = _mm256_or_si256(
                down,
                _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, s2)),
            );
            up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, s2)));
            down = _mm256_or_si256(
                down,
                _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, s2)),
            );
            (up, down)
        }
    }

    #[inline(always)]
    pub fn legal_moves(p: u64, o: u64) -> u64 {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe {
            let s = shifts();
            let (up, down) = runs(_mm256_set1_epi64x(p as i64), runs_mask(o), s);
            let beyond = _mm256_or_si256(_mm256_sllv_epi64(up, s), _mm256_srlv_epi64(down, s));
            or_lanes(beyond) & !(p | o)
        }
    }

    #[inline(always)]
    pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
        // SAFETY: this module is compiled only for processors with AVX2 (cfg above).
        unsafe {
            let s = shifts();
            let (up, down) = runs(_mm256_set1_epi64x(1i64 << sq), runs_mask(o), s);
            // A run flips when the square beyond it is ours (an empty run flips nothing).
            let pv = _mm256_set1_epi64x(p as i64);
            let zero = _mm256_setzero_si256();
            let up_end = _mm256_and_si256(_mm256_sllv_epi64(up, s), pv);
            let down_end = _mm256_and_si256(_mm256_srlv_epi64(down, s), pv);
            let up = _mm256_andnot_si256(_mm256_cmpeq_epi64(up_end, zero), up);
            let down = _mm256_andnot_si256(_mm256_cmpeq_epi64(down_end, zero), down);
            or_lanes(_mm256_or_si256(up, down))
        }
    }
}

/// The squares from `sq` (excluded) to the board edge in each of the eight directions: four
/// toward higher bit indices (E, S, SE, SW) then four toward lower (W, N, NW, NE).
pub(crate) static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRS[d];
            let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            let mut ray = 0u64;
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                ray |= 1 << (y * 8 + x);
                x += dx;
                y += dy;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Discs of `p` that can never flip again, found by a sound but incomplete test: exact
/// stability along the edges, discs whose four lines are full, and interior discs protected on
/// every axis by a full line or a stable disc of their own colour (the endgame solver's test).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    crate::endgame::stable_discs(p, o)
}
