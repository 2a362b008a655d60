//! The exact solver's transposition table: exact bounds of solved positions, keyed by both
//! bitboards (no false hits), in buckets of two entries ([`crate::hash_table`]).

use crate::hash_table::{hash, Buckets, TableAllocError};
use crate::square::NO_SQUARE;

/// One position's bounds. `mode` tells the game and scoring the bounds belong to; `lower >
/// upper` never happens. `empties` orders the replacement (bigger subtrees are kept).
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct SolverEntry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    mode: u8,
    empties: u8,
    /// The search (see [`SolverTable::new_search`]) that last wrote the entry.
    date: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub lower: i32,
    pub upper: i32,
    /// The best move found (index), or [`NO_SQUARE`].
    pub best: u8,
}

/// An entry that was never written has mode 0; real modes are 1..=4.
const EMPTY_MODE: u8 = 0;

/// Two entries in one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([SolverEntry; 2]);

/// Positions with fewer empties go to a small table that stays in the processor's cache:
/// they are many, each cheap to redo. Its size trades nodes for cache misses; bigger ones
/// were no faster (`docs/tuning.md`).
pub const SMALL_LIMIT: u32 = 10;
/// Buckets of the small table (512 KB).
const SMALL_BUCKETS: usize = 1 << 13;

pub struct SolverTable {
    buckets: Buckets<Bucket>,
    small: Buckets<Bucket>,
    date: u8,
}

impl SolverTable {
    /// A table of about `megabytes` MB (at least 512 buckets of two entries, a power of two),
    /// or an error when the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<SolverTable, TableAllocError> {
        Ok(SolverTable {
            buckets: Buckets::try_new(megabytes, 512, Bucket::default())?,
            small: Buckets::try_new(0, SMALL_BUCKETS, Bucket::default())?,
            date: 0,
        })
    }

    /// Starts a new search: entries written by earlier ones are replaced first.
    pub fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.small.fill(Bucket::default());
    }

    #[inline(always)]
    fn bucket(&self, player: u64, opponent: u64, empties: u32) -> &Bucket {
        let h = hash(player, opponent);
        if empties < SMALL_LIMIT {
            self.small.get(h)
        } else {
            self.buckets.get(h)
        }
    }

    #[inline(always)]
    fn bucket_mut(&mut self, player: u64, opponent: u64, empties: u32) -> &mut Bucket {
        let h = hash(player, opponent);
        if empties < SMALL_LIMIT {
            self.small.get_mut(h)
        } else {
            self.buckets.get_mut(h)
        }
    }
}

impl SolverTable {
    /// Asks the processor to start loading the bucket of a position probed soon (a hint
    /// only: no effect on results, nothing on other targets).
    ///
    /// WebAssembly has no prefetch, and a plain load in its place was slower: unlike a
    /// prefetch, a load that misses holds up the instructions after it.
    #[inline(always)]
    pub fn prefetch(&self, player: u64, opponent: u64, empties: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.bucket(player, opponent, empties) as *const Bucket as *const i8;
            // SAFETY: a prefetch never faults nor changes memory; `ptr` is a valid bucket.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(ptr);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent, empties);
    }

    #[inline]
    pub fn probe(&self, player: u64, opponent: u64, mode: u8, empties: u32) -> Option<Hit> {
        for e in &self.bucket(player, opponent, empties).0 {
            if e.player == player && e.opponent == opponent && e.mode == mode {
                return Some(Hit {
                    lower: e.lower as i32,
                    upper: e.upper as i32,
                    best: e.best,
                });
            }
        }
        None
    }

    /// Records that the value lies in `lower..=upper` (intersected with what is known).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        player: u64,
        opponent: u64,
        mode: u8,
        empties: u32,
        lower: i32,
        upper: i32,
        best: u8,
    ) {
        debug_assert!(mode != EMPTY_MODE);
        let date = self.date;
        let pair = &mut self.bucket_mut(player, opponent, empties).0;
        for e in pair.iter_mut() {
            if e.player == player && e.opponent == opponent && e.mode == mode {
                let lo = lower.max(e.lower as i32);
                let up = upper.min(e.upper as i32);
                if lo <= up {
                    e.lower = lo as i8;
                    e.upper = up as i8;
                } else {
                    // Cannot happen with exact bounds; keep the new ones.
                    e.lower = lower as i8;
                    e.upper = upper as i8;
                }
                if best != NO_SQUARE {
                    e.best = best;
                }
                e.date = date;
                return;
            }
        }
        // Replace an empty entry, else one of an earlier search, else the one of the smaller
        // subtree.
        let priority = |e: &SolverEntry| {
            if e.mode == EMPTY_MODE {
                0
            } else if e.date != date {
                1
            } else {
                2 + e.empties as u32
            }
        };
        let slot = if priority(&pair[0]) <= priority(&pair[1]) {
            0
        } else {
            1
        };
        pair[slot] = SolverEntry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
            best,
            mode,
            empties: empties as u8,
            date,
        };
    }
}
