//! The transposition table of the midgame search: two-entry buckets chosen by a hash of the
//! position ([`crate::hash_table`]). Entries store the whole position, so a hit is never a
//! hash collision.

use crate::board::Board;
use crate::hash_table::{hash, Buckets, TableAllocError};
use crate::square::NO_SQUARE;

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is exactly this.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct MidgameEntry {
    pub player: u64,
    pub opponent: u64,
    pub score: i32,
    /// Remaining depth of the search that produced it.
    pub depth: u8,
    pub bound: Bound,
    /// The best move found (square index), or [`NO_SQUARE`].
    pub best: u8,
    generation: u8,
}

const EMPTY: MidgameEntry = MidgameEntry {
    player: 0,
    opponent: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
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

    /// Stores a result for `b`: over the same position, else over the shallower or older of
    /// the two entries of the bucket.
    #[inline]
    pub fn store(&mut self, b: &Board, score: i32, depth: u32, bound: Bound, best: u8) {
        let generation = self.generation;
        let bucket = self.buckets.get_mut(hash(b.player, b.opponent));
        let slot = match bucket
            .iter()
            .position(|e| e.player == b.player && e.opponent == b.opponent)
        {
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
        // Keep the best move of a previous search of the same position when this one has none.
        let best = if best == NO_SQUARE && old.player == b.player && old.opponent == b.opponent {
            old.best
        } else {
            best
        };
        bucket[slot] = MidgameEntry {
            player: b.player,
            opponent: b.opponent,
            score,
            depth: depth.min(255) as u8,
            bound,
            best,
            generation,
        };
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
        t.store(&b, 42, 3, Bound::Lower, 19);
        let e = t.probe(&b).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.best),
            (42, 3, Bound::Lower, 19)
        );
        assert!(t.probe(&b.pass()).is_none());
        t.clear();
        assert!(t.probe(&b).is_none());
    }
}
