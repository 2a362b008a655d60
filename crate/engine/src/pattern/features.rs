//! The pattern indices of a position kept up to date move by move: a move changes the digits
//! of the few instances through its square and its flipped discs, so the search adds those
//! digits' place values instead of reading all 46 instances through the 8 symmetric views of
//! the board at every node.
//!
//! The indices are kept for both sides: the side to move's (digit 1 its discs, 2 the
//! opponent's) and the opponent's, which become the side to move's after a move or a pass.

use std::sync::LazyLock;

use super::geometry::{indices, readings, INSTANCES, INSTANCE_OFFSETS};

/// The lanes of an index vector: the instances, rounded up to whole 128-bit vectors (the
/// updates are lane-wise additions, which the compiler turns into SIMD additions).
const LANES: usize = INSTANCES.next_multiple_of(8);

type Lanes = [u16; LANES];

/// The pattern indices of a position (offsets of the pattern tables included), as
/// [`indices`] gives them, for the side to move and for its opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Features {
    own: Lanes,
    theirs: Lanes,
}

/// `PLACE[s][k]`: the place value of square `s`'s digit in instance `k` (a power of 3), 0 when
/// the instance does not read `s`. Derived from [`indices`], the one definition of the
/// readings.
static PLACE: LazyLock<[Lanes; 64]> = LazyLock::new(|| {
    let empty = indices(0, 0);
    let mut place = [[0; LANES]; 64];
    for (sq, lanes) in place.iter_mut().enumerate() {
        let one = indices(1 << sq, 0);
        for k in 0..INSTANCES {
            lanes[k] = (one[k] - empty[k]) as u16;
        }
    }
    place
});

impl Features {
    /// The indices of no position (all zero), for room that is not read.
    pub const EMPTY: Features = Features {
        own: [0; LANES],
        theirs: [0; LANES],
    };

    /// The indices of the position (`p` to move), read from the board.
    #[inline]
    pub fn new(p: u64, o: u64) -> Features {
        let (a, b) = readings(p, o);
        let mut f = Features::EMPTY;
        for k in 0..INSTANCES {
            f.own[k] = (INSTANCE_OFFSETS[k] + a[k] + 2 * b[k]) as u16;
            f.theirs[k] = (INSTANCE_OFFSETS[k] + b[k] + 2 * a[k]) as u16;
        }
        f
    }

    /// The side to move's index of every pattern instance.
    #[inline(always)]
    pub fn instances(&self) -> &[u16] {
        &self.own[..INSTANCES]
    }

    /// The indices after the side to move plays `sq`, flipping `flips`; the opponent is then
    /// to move.
    #[inline(always)]
    pub fn play(&self, sq: usize, flips: u64) -> Features {
        let place = &*PLACE;
        // The flipped digits: 2 -> 1 for the mover, 1 -> 2 for the opponent.
        let mut flipped = [0u16; LANES];
        let mut bits = flips;
        while bits != 0 {
            let f = &place[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            for k in 0..LANES {
                flipped[k] = flipped[k].wrapping_add(f[k]);
            }
        }
        // The new disc: 0 -> 1 for the mover, 0 -> 2 for the opponent.
        let new = &place[sq];
        let mut own = [0u16; LANES];
        let mut theirs = [0u16; LANES];
        for k in 0..LANES {
            own[k] = self.own[k].wrapping_sub(flipped[k]).wrapping_add(new[k]);
            theirs[k] = self.theirs[k]
                .wrapping_add(flipped[k])
                .wrapping_add(new[k].wrapping_mul(2));
        }
        Features {
            own: theirs,
            theirs: own,
        }
    }

    /// The indices after a pass.
    #[inline(always)]
    pub fn pass(&self) -> Features {
        Features {
            own: self.theirs,
            theirs: self.own,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Start;
    use crate::rng::splitmix64;
    use crate::square::Square;

    #[test]
    fn updates_equal_the_reading_of_the_board_along_random_games() {
        let mut s = 5u64;
        for game in 0..300 {
            let start = Start::ALL[game % Start::ALL.len()].position().board;
            let mut b = start;
            let mut f = Features::new(b.player, b.opponent);
            loop {
                assert_eq!(f, Features::new(b.player, b.opponent));
                let moves = b.legal_moves();
                if moves == 0 {
                    if b.pass().legal_moves() == 0 {
                        break;
                    }
                    b = b.pass();
                    f = f.pass();
                    continue;
                }
                let n = splitmix64(&mut s) % moves.count_ones() as u64;
                let sq = Square::iter_bits(moves).nth(n as usize).expect("a move");
                let flips = b.flips(sq);
                b = b.make_move(sq, flips);
                f = f.play(sq.index(), flips);
            }
            assert!(b.empty_count() < 60);
        }
    }

    #[test]
    fn the_place_values_are_powers_of_three() {
        for lanes in PLACE.iter() {
            let read: Vec<u16> = lanes.iter().copied().filter(|&v| v != 0).collect();
            // Every square is read by 3 to 7 instances.
            assert!((3..=7).contains(&read.len()), "{read:?}");
            assert!(read
                .iter()
                .all(|v| [1, 3, 9, 27, 81, 243, 729, 2187, 6561].contains(v)));
        }
    }
}
