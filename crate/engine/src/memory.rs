//! Large tables: on Linux, backed by huge pages where the system allows it.
//!
//! A transposition table is read at random: with 4 KB pages most probes of a 64 MB table
//! also miss the processor's TLB (perf: the solver's table prefetches took 27% of its
//! deep-node samples, 11% with huge pages). Transparent huge pages (2 MB) remove most of
//! those page walks; Linux gives them to a region only when asked (`madvise`) if its setting
//! is `madvise` (the usual default).

/// A vector of `n` copies of `value` whose memory is advised for huge pages before it is
/// first written (elsewhere: a plain vector).
pub fn huge_vec<T: Clone>(n: usize, value: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    advise_huge_pages(v.as_mut_ptr() as usize, n * std::mem::size_of::<T>());
    v.resize(n, value);
    v
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
    fn huge_vec_holds_its_values() {
        let v: Vec<u64> = huge_vec(3 << 20, 7);
        assert_eq!(v.len(), 3 << 20);
        assert!(v.iter().all(|&x| x == 7));
        assert_eq!(huge_vec(5, 1u32), vec![1; 5]);
    }
}
