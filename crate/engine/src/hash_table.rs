//! The storage shared by the two transposition tables (the midgame search's and the exact
//! solver's): a power-of-two number of buckets chosen by a hash of the position, allocated
//! fallibly and, on Linux, backed by huge pages where the system allows it.
//!
//! A transposition table is read at random, so with 4 KB pages most probes of a large table
//! also miss the processor's TLB. Transparent huge pages (2 MB) remove most of those page
//! walks; Linux gives them to a region only when asked (`madvise`) if its setting is
//! `madvise` (the usual default). See `docs/tuning.md` for the measurements.

use std::fmt;

/// A transposition table of the asked size could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The size asked for, in MB.
    pub megabytes: usize,
}

impl fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate a transposition table of {} MB (not enough memory)",
            self.megabytes
        )
    }
}

impl std::error::Error for TableAllocError {}

/// The bucket of a position: a hash of both bitboards (no false hits come of a collision:
/// entries store the whole position).
#[inline(always)]
pub(crate) fn hash(player: u64, opponent: u64) -> usize {
    let h = (player ^ opponent.rotate_left(23))
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .rotate_left(29)
        ^ opponent.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    (h ^ (h >> 31)) as usize
}

/// A power-of-two number of buckets `B`, indexed by [`hash`].
pub(crate) struct Buckets<B> {
    buckets: Vec<B>,
    mask: usize,
}

impl<B: Clone> Buckets<B> {
    /// The largest power of two of buckets that fits in `megabytes` MB, at least
    /// `min_buckets` (a power of two), each `empty`.
    pub fn try_new(
        megabytes: usize,
        min_buckets: usize,
        empty: B,
    ) -> Result<Self, TableAllocError> {
        debug_assert!(min_buckets.is_power_of_two());
        let bytes = megabytes.saturating_mul(1 << 20);
        let fitting = bytes / std::mem::size_of::<B>().max(1);
        let mut n = min_buckets;
        while n <= fitting / 2 {
            n *= 2;
        }
        let buckets = try_huge_vec(n, empty).ok_or(TableAllocError { megabytes })?;
        Ok(Buckets {
            buckets,
            mask: n - 1,
        })
    }

    /// The bucket of hash `h`.
    #[inline(always)]
    pub fn get(&self, h: usize) -> &B {
        &self.buckets[h & self.mask]
    }

    #[inline(always)]
    pub fn get_mut(&mut self, h: usize) -> &mut B {
        &mut self.buckets[h & self.mask]
    }

    /// Sets every bucket to `empty`.
    pub fn fill(&mut self, empty: B) {
        self.buckets.fill(empty);
    }

    /// The size in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<B>()
    }
}

/// A vector of `n` copies of `value`, or `None` when the memory cannot be had. Its memory is
/// advised for huge pages before it is first written.
fn try_huge_vec<T: Clone>(n: usize, value: T) -> Option<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).ok()?;
    #[cfg(target_os = "linux")]
    advise_huge_pages(v.as_mut_ptr() as usize, n * std::mem::size_of::<T>());
    v.resize(n, value);
    Some(v)
}

/// Asks for huge pages on the whole pages of `[start, start + len)`, if it is big enough to
/// hold one (a hint: failure changes nothing but speed).
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    const PAGE: usize = 4096;
    if len < 2 * HUGE {
        return;
    }
    let first = (start + PAGE - 1) & !(PAGE - 1);
    let end = (start + len) & !(PAGE - 1);
    if end > first {
        // SAFETY: the range lies inside the vector's allocation (rounded inwards to whole
        // pages); MADV_HUGEPAGE changes how the pages are backed, never their contents.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_vectors_hold_their_values() {
        let v: Vec<u64> = try_huge_vec(3 << 20, 7).unwrap();
        assert_eq!(v.len(), 3 << 20);
        assert!(v.iter().all(|&x| x == 7));
        assert_eq!(try_huge_vec(5, 1u32), Some(vec![1; 5]));
    }

    #[test]
    fn sizes_are_powers_of_two_within_the_budget() {
        let t = Buckets::try_new(1, 16, [0u64; 4]).unwrap();
        assert_eq!(t.bytes(), 1 << 20);
        let t = Buckets::try_new(3, 16, [0u64; 4]).unwrap();
        assert_eq!(t.bytes(), 2 << 20);
        // The minimum holds for a zero budget.
        let t = Buckets::try_new(0, 16, [0u64; 4]).unwrap();
        assert_eq!(t.bytes(), 16 * 32);
    }

    #[test]
    fn an_impossible_size_is_an_error() {
        let e = Buckets::try_new(usize::MAX >> 20, 16, [0u64; 8]).err();
        assert_eq!(
            e,
            Some(TableAllocError {
                megabytes: usize::MAX >> 20
            })
        );
        assert!(e.unwrap().to_string().contains("MB"));
    }
}
