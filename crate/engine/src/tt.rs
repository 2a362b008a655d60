//! The transposition table of the midgame search: a fixed-size table (sized in MB) of
//! two-entry buckets indexed by a hash of the position. Entries store the whole position, so a
//! hit is never a hash collision.

use crate::board::Board;

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
pub struct Entry {
    pub player: u64,
    pub opponent: u64,
    pub score: i32,
    /// Remaining depth of the search that produced it.
    pub depth: u8,
    pub bound: Bound,
    /// The best move found (square index), or `NO_MOVE`.
    pub best: u8,
    generation: u8,
}

/// `Entry::best` when there is no move.
pub const NO_MOVE: u8 = 64;

const EMPTY: Entry = Entry {
    player: 0,
    opponent: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: NO_MOVE,
    generation: 0,
};

/// The table. Always at least one bucket.
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two buckets; 0 gives a tiny
    /// table).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.saturating_mul(1 << 20);
        let per_bucket = std::mem::size_of::<[Entry; 2]>();
        let wanted = (bytes / per_bucket).max(1024);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            buckets: crate::memory::huge_vec(count, [EMPTY; 2]),
            mask: count - 1,
            generation: 1,
        }
    }

    /// Size of the table in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<[Entry; 2]>()
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

    #[inline]
    fn index(&self, b: &Board) -> usize {
        let h = b.player.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ b.opponent
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
                .rotate_left(29);
        ((h ^ (h >> 31)) as usize) & self.mask
    }

    /// The entry stored for `b`, if any.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<Entry> {
        let bucket = &self.buckets[self.index(b)];
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
        let i = self.index(b);
        let bucket = &mut self.buckets[i];
        let slot = match bucket
            .iter()
            .position(|e| e.player == b.player && e.opponent == b.opponent)
        {
            Some(s) => s,
            None => {
                let worth = |e: &Entry| {
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
        let best = if best == NO_MOVE && old.player == b.player && old.opponent == b.opponent {
            old.best
        } else {
            best
        };
        bucket[slot] = Entry {
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
        let mut t = Table::new(1);
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
