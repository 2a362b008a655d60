//! The four axes at once in the lanes of 256-bit vectors (x86-64 builds for processors with
//! AVX2, see `.cargo/config.toml`): lane `i` shifts by `[1, 8, 9, 7][i]`, toward higher bits
//! in one vector and toward lower bits in another. Runs of opponent discs grow from the
//! starting discs by one step twice, then by two steps twice (a run holds at most six discs).

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
