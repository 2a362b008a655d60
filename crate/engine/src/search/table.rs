//! The transposition table of the midgame search: two-entry buckets chosen by a hash of the
//! position ([`crate::hash_table`]). Entries store the whole position, so a hit is never a
//! hash collision.

use super::INF;
use crate::board::Board;
use crate::hash_table::{hash, Buckets, TableAllocError};
use crate::square::NO_SQUARE;

/// One stored search result: bounds on the score of the position at a remaining depth.
/// A search that failed low gives an upper bound, one that failed high a lower bound; both
/// are kept, so a later search with another window can use either (`lower == upper`: exact).
#[derive(Clone, Copy, Debug)]
pub struct MidgameEntry {
    pub player: u64,
    pub opponent: u64,
    /// The score is at least this (`-INF`: unknown).
    pub lower: i32,
    /// The score is at most this (`INF`: unknown).
    pub upper: i32,
    /// Remaining depth of the searches that produced the bounds.
    pub depth: u8,
    /// The best move found (square index), or [`NO_SQUARE`].
    pub best: u8,
    generation: u8,
}

const EMPTY: MidgameEntry = MidgameEntry {
    player: 0,
    opponent: 0,
    lower: -INF,
    upper: INF,
    depth: 0,
    best: NO_SQUARE,
    generation: 0,
};

/// The table: at least 1024 buckets.
pub struct MidgameTable {
    buckets: Buckets<[MidgameEntry; 2]>,
    generation: u8,
}

impl MidgameTable {
    /// A table of about `megabytes` MB (rounded down to a power of two buckets; 0 gives a tiny
    /// table), or an error when the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<MidgameTable, TableAllocError> {
        Ok(MidgameTable {
            buckets: Buckets::try_new(megabytes, 1024, [EMPTY; 2])?,
            generation: 1,
        })
    }

    /// Size of the table in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.buckets.bytes()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill([EMPTY; 2]);
        self.generation = 1;
    }

    /// Marks the start of a new search: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// The entry stored for `b`, if any.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<MidgameEntry> {
        let bucket = self.buckets.get(hash(b.player, b.opponent));
        bucket
            .iter()
            .find(|e| e.generation != 0 && e.player == b.player && e.opponent == b.opponent)
            .copied()
    }

    /// Stores the bounds `lower..=upper` found by a search of `b` `depth` deep: over the same
    /// position (tightening its bounds when the depth is the same, replacing them when this
    /// search is deeper, leaving a deeper entry of this search alone), else over the shallower
    /// or older of the two entries of the bucket.
    #[inline]
    pub fn store(&mut self, b: &Board, depth: u32, lower: i32, upper: i32, best: u8) {
        let generation = self.generation;
        let depth = depth.min(255) as u8;
        let bucket = self.buckets.get_mut(hash(b.player, b.opponent));
        let same = |e: &MidgameEntry| e.player == b.player && e.opponent == b.opponent;
        let slot = match bucket.iter().position(same) {
            Some(s) => s,
            None => {
                let worth = |e: &MidgameEntry| {
                    if e.generation == 0 {
                        -1
                    } else if e.generation != generation {
                        e.depth as i32
                    } else {
                        e.depth as i32 + 256
                    }
                };
                if worth(&bucket[0]) <= worth(&bucket[1]) {
                    0
                } else {
                    1
                }
            }
        };
        let old = bucket[slot];
        let mut entry = MidgameEntry {
            player: b.player,
            opponent: b.opponent,
            lower,
            upper,
            depth,
            best,
            generation,
        };
        if same(&old) && old.generation != 0 {
            if old.depth > depth && old.generation == generation {
                return;
            }
            if old.depth == depth {
                entry.lower = lower.max(old.lower);
                entry.upper = upper.min(old.upper);
                if entry.lower > entry.upper {
                    // The searches disagree (selective cuts, an aborted search): trust the new.
                    (entry.lower, entry.upper) = (lower, upper);
                }
            }
            // Keep the best move of a previous search when this one has none.
            if best == NO_SQUARE {
                entry.best = old.best;
            }
        }
        bucket[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut t = MidgameTable::try_new(1).unwrap();
        assert!(t.bytes() <= 1 << 20);
        let b = Board::new(0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        assert!(t.probe(&b).is_none());
        t.store(&b, 3, 42, INF, 19);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (42, INF, 3, 19));
        // The same depth tightens; a shallower search leaves the entry alone; a deeper one
        // replaces it.
        t.store(&b, 3, -INF, 50, NO_SQUARE);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (42, 50, 3, 19));
        t.store(&b, 2, 0, 0, 20);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (42, 50, 3, 19));
        t.store(&b, 4, -INF, 10, 21);
        let e = t.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (-INF, 10, 4, 21));
        assert!(t.probe(&b.pass()).is_none());
        t.clear();
        assert!(t.probe(&b).is_none());
    }
}
