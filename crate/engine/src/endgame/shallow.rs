//! The shallow layer, below 7 empties: plain alpha-beta over the empty squares, preferred
//! quadrants first (odd ones in the classic game, even ones in the inverse game), then by
//! square class (corners first in the classic game, last in the inverse game); from 4 empties
//! down, specialised code in the same order, and the last move counts its flips without
//! making the move.

use super::search::{end_score, Search, INF, INV};
use super::squares::{NEIGHBOURS, QUADRANT_BIT, QUADRANT_MASK};
use crate::bitboard::{flips, last_flip_count, legal_moves, CORNERS};

/// A move's score `v` for the side to move, in the exact searches' move loops: raises `best`
/// and the window's lower bound `a`, and returns `v` from the enclosing function at a cutoff
/// (`v >= beta`).
macro_rules! raise {
    ($v:expr, $best:ident, $a:ident, $beta:expr) => {
        let v = $v;
        if v > $best {
            $best = v;
            if v > $a {
                $a = v;
                if v >= $beta {
                    return v;
                }
            }
        }
    };
}

/// [`raise`] for the opponent's moves after a pass (it minimises the score): lowers `worst`
/// and the window's upper bound `b`, and returns `v` at a cutoff (`v <= alpha`).
macro_rules! lower {
    ($v:expr, $worst:ident, $b:ident, $alpha:expr) => {
        let v = $v;
        if v < $worst {
            $worst = v;
            if v < $b {
                $b = v;
                if v <= $alpha {
                    return v;
                }
            }
        }
    };
}

/// The shallow layer tries the stability cutoff from this many empties.
const SHALLOW_STABILITY_MIN: u32 = 6;

/// C-squares (edge squares next to a corner) and X-squares (diagonally next to a corner):
/// tried last in the shallow layers.
const RISKY: u64 = 0x42c3_0000_0000_c342;
/// The other non-corner squares.
const PLAIN: u64 = !(RISKY | CORNERS);

impl<'a, const M: u8> Search<'a, M> {
    /// The order of the square classes in the shallow layers.
    const TIERS: [u64; 3] = if M & INV != 0 {
        [PLAIN, RISKY, CORNERS]
    } else {
        [CORNERS, PLAIN, RISKY]
    };

    /// Positions with 3 to `FF_MIN - 1` empties: no table, odd quadrants first.
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        parity: u8,
    ) -> i32 {
        if n == 4 {
            return self.solve4(p, o, alpha, beta, parity);
        }
        if n == 3 {
            let empties = !(p | o);
            let odd = QUADRANT_MASK[(parity ^ Self::PARITY_FLIP) as usize];
            let [x0, x1, x2] = sort_by_parity::<3>(empties, odd, Self::TIERS);
            return self.solve3(p, o, alpha, beta, x0, x1, x2);
        }
        self.nodes += 1;
        self.poll();
        if n >= SHALLOW_STABILITY_MIN {
            if let Some(v) = self.stability_cutoff(p, o, alpha, beta, n) {
                return v;
            }
        }
        let empties = !(p | o);
        let odd = QUADRANT_MASK[(parity ^ Self::PARITY_FLIP) as usize];
        let mut best = -INF;
        let mut a = alpha;
        let (e_odd, e_even) = (empties & odd, empties & !odd);
        let [t1, t2, t3] = Self::TIERS;
        // The six classes of squares written out, not a loop over an array of them (see
        // `solve3`).
        macro_rules! moves_in {
            ($set:expr) => {
                let mut bits = $set;
                while bits != 0 {
                    let sq = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if NEIGHBOURS[sq] & o == 0 {
                        continue;
                    }
                    let f = flips(p, o, sq);
                    if f == 0 {
                        continue;
                    }
                    let bit = 1u64 << sq;
                    let v = -self.shallow(
                        o ^ f,
                        p ^ f ^ bit,
                        -beta,
                        -a,
                        n - 1,
                        parity ^ QUADRANT_BIT[sq],
                    );
                    raise!(v, best, a, beta);
                }
            };
        }
        moves_in!(e_odd & t1);
        moves_in!(e_odd & t2);
        moves_in!(e_odd & t3);
        moves_in!(e_even & t1);
        moves_in!(e_even & t2);
        moves_in!(e_even & t3);
        if best == -INF {
            if legal_moves(o, p) == 0 {
                return end_score::<M>(p.count_ones() as i32, n as i32);
            }
            return -self.shallow(o, p, -beta, -alpha, n, parity);
        }
        best
    }

    #[allow(unused_assignments)] // the last move's alpha/beta update
    fn solve4(&mut self, p: u64, o: u64, alpha: i32, beta: i32, parity: u8) -> i32 {
        self.nodes += 1;
        let empties = !(p | o);
        let [x0, x1, x2, x3] = sort_by_parity::<4>(
            empties,
            QUADRANT_MASK[(parity ^ Self::PARITY_FLIP) as usize],
            Self::TIERS,
        );
        let mut best = -INF;
        let mut a = alpha;
        // The moves written out, the other squares in order: see `solve3`.
        macro_rules! own_move {
            ($sq:expr, $r0:expr, $r1:expr, $r2:expr) => {
                if NEIGHBOURS[$sq] & o != 0 {
                    let f = flips(p, o, $sq);
                    if f != 0 {
                        let (np, no) = (o ^ f, p ^ f ^ (1 << $sq));
                        let v = -self.solve3(np, no, -beta, -a, $r0, $r1, $r2);
                        raise!(v, best, a, beta);
                    }
                }
            };
        }
        own_move!(x0, x1, x2, x3);
        own_move!(x1, x0, x2, x3);
        own_move!(x2, x0, x1, x3);
        own_move!(x3, x0, x1, x2);
        if best != -INF {
            return best;
        }
        // Pass: the opponent moves (it minimises our score).
        let mut worst = INF;
        let mut b = beta;
        macro_rules! their_move {
            ($sq:expr, $r0:expr, $r1:expr, $r2:expr) => {
                if NEIGHBOURS[$sq] & p != 0 {
                    let f = flips(o, p, $sq);
                    if f != 0 {
                        let (np, no) = (p ^ f, o ^ f ^ (1 << $sq));
                        let v = self.solve3(np, no, alpha, b, $r0, $r1, $r2);
                        lower!(v, worst, b, alpha);
                    }
                }
            };
        }
        their_move!(x0, x1, x2, x3);
        their_move!(x1, x0, x2, x3);
        their_move!(x2, x0, x1, x3);
        their_move!(x3, x0, x1, x2);
        if worst != INF {
            return worst;
        }
        end_score::<M>(p.count_ones() as i32, 4)
    }

    /// Three empty squares `x0, x1, x2`, in the order to try them.
    #[allow(clippy::too_many_arguments, unused_assignments)]
    fn solve3(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x0: usize,
        x1: usize,
        x2: usize,
    ) -> i32 {
        self.nodes += 1;
        // Below 64 for the compiler too: the table lookups need no bounds checks.
        let (x0, x1, x2) = (x0 & 63, x1 & 63, x2 & 63);
        let mut best = -INF;
        let mut a = alpha;
        // Each move written out, not a loop over an array: in wasm the array lived in memory
        // and each turn of the loop paid a stack check.
        macro_rules! own_move {
            ($sq:expr, $r0:expr, $r1:expr) => {
                if NEIGHBOURS[$sq] & o != 0 {
                    let f = flips(p, o, $sq);
                    if f != 0 {
                        let v = -self.solve2(o ^ f, p ^ f ^ (1 << $sq), -beta, -a, $r0, $r1);
                        raise!(v, best, a, beta);
                    }
                }
            };
        }
        own_move!(x0, x1, x2);
        own_move!(x1, x0, x2);
        own_move!(x2, x0, x1);
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        let mut b = beta;
        macro_rules! their_move {
            ($sq:expr, $r0:expr, $r1:expr) => {
                if NEIGHBOURS[$sq] & p != 0 {
                    let f = flips(o, p, $sq);
                    if f != 0 {
                        let v = self.solve2(p ^ f, o ^ f ^ (1 << $sq), alpha, b, $r0, $r1);
                        lower!(v, worst, b, alpha);
                    }
                }
            };
        }
        their_move!(x0, x1, x2);
        their_move!(x1, x0, x2);
        their_move!(x2, x0, x1);
        if worst != INF {
            return worst;
        }
        end_score::<M>(p.count_ones() as i32, 3)
    }

    pub(super) fn solve2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if NEIGHBOURS[x1] & o != 0 {
            let f = flips(p, o, x1);
            if f != 0 {
                best = -self.solve1(o ^ f, p ^ f ^ (1 << x1), x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if NEIGHBOURS[x2] & o != 0 {
            let f = flips(p, o, x2);
            if f != 0 {
                let v = -self.solve1(o ^ f, p ^ f ^ (1 << x2), x1);
                return v.max(best);
            }
        }
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        if NEIGHBOURS[x1] & p != 0 {
            let f = flips(o, p, x1);
            if f != 0 {
                worst = self.solve1(p ^ f, o ^ f ^ (1 << x1), x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if NEIGHBOURS[x2] & p != 0 {
            let f = flips(o, p, x2);
            if f != 0 {
                let v = self.solve1(p ^ f, o ^ f ^ (1 << x2), x1);
                return v.min(worst);
            }
        }
        if worst != INF {
            return worst;
        }
        end_score::<M>(p.count_ones() as i32, 2)
    }

    /// One empty square `x`: the side to move plays it if it can, else the opponent, else the
    /// game ends with it empty.
    #[inline(always)]
    pub(super) fn solve1(&mut self, p: u64, o: u64, x: usize) -> i32 {
        self.nodes += 1;
        let pc = p.count_ones() as i32;
        let n = last_flip_count(p, x);
        if n > 0 {
            return end_score::<M>(pc + n + 1, 0);
        }
        let n = last_flip_count(o, x);
        if n > 0 {
            return end_score::<M>(pc - n, 0);
        }
        end_score::<M>(pc, 1)
    }
}

/// The `N` empty squares of `empties` (exactly `N`): those of `odd` quadrants first, then by
/// the `tiers` (a partition of the board, in order of preference), then by index. Each
/// square's key is sorted by a fixed network of compare-exchanges: no branch to mispredict
/// (looping over the six classes mispredicted about once a node).
#[inline(always)]
fn sort_by_parity<const N: usize>(empties: u64, odd: u64, tiers: [u64; 3]) -> [usize; N] {
    debug_assert_eq!(empties.count_ones() as usize, N);
    let mut keys = [0u32; N];
    let mut bits = empties;
    for key in keys.iter_mut() {
        let sq = bits.trailing_zeros() & 63;
        bits &= bits.wrapping_sub(1);
        let even = (!odd >> sq & 1) as u32;
        let tier = (tiers[1] >> sq & 1) as u32 + 2 * (tiers[2] >> sq & 1) as u32;
        *key = (even * 4 + tier) << 6 | sq;
    }
    for &(i, j) in const { sorting_network(N) } {
        let (a, b) = (keys[i], keys[j]);
        keys[i] = a.min(b);
        keys[j] = a.max(b);
    }
    keys.map(|k| (k & 63) as usize)
}

/// Compare-exchanges that sort `n` values (optimal networks; the tests check every input of
/// zeros and ones, which suffices).
const fn sorting_network(n: usize) -> &'static [(usize, usize)] {
    match n {
        0 | 1 => &[],
        2 => &[(0, 1)],
        3 => &[(0, 1), (1, 2), (0, 1)],
        4 => &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
        5 => &[
            (0, 1),
            (3, 4),
            (2, 4),
            (2, 3),
            (0, 3),
            (0, 2),
            (1, 4),
            (1, 3),
            (1, 2),
        ],
        6 => &[
            (1, 2),
            (4, 5),
            (0, 2),
            (3, 5),
            (0, 1),
            (3, 4),
            (2, 5),
            (0, 3),
            (1, 4),
            (2, 4),
            (1, 3),
            (2, 3),
        ],
        _ => panic!("no sorting network for this size"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_networks_sort_every_input() {
        for n in 0..=6 {
            for input in 0u32..1 << n {
                let mut v: Vec<u32> = (0..n).map(|i| input >> i & 1).collect();
                for &(i, j) in sorting_network(n) {
                    if v[i] > v[j] {
                        v.swap(i, j);
                    }
                }
                assert!(v.windows(2).all(|w| w[0] <= w[1]), "n {n}, input {input:b}");
            }
        }
    }

    /// The order by classes, read class by class (the definition).
    fn naive_order(empties: u64, odd: u64, tiers: [u64; 3]) -> Vec<usize> {
        let mut out = Vec::new();
        for half in [odd, !odd] {
            for tier in tiers {
                out.extend((0..64).filter(|&sq| (empties & half & tier) >> sq & 1 != 0));
            }
        }
        out
    }

    #[test]
    fn parity_order_matches_its_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || crate::rng::splitmix64(&mut x);
        let tiers = [[CORNERS, PLAIN, RISKY], [PLAIN, RISKY, CORNERS]];
        for round in 0..2000 {
            let odd = QUADRANT_MASK[round % 16];
            // Three to six distinct squares.
            let mut empties = 0u64;
            let n = 3 + round % 4;
            while (empties.count_ones() as usize) < n {
                empties |= 1 << (next() % 64);
            }
            let t = tiers[round % 2];
            let want = naive_order(empties, odd, t);
            let got: Vec<usize> = match n {
                3 => sort_by_parity::<3>(empties, odd, t).to_vec(),
                4 => sort_by_parity::<4>(empties, odd, t).to_vec(),
                5 => sort_by_parity::<5>(empties, odd, t).to_vec(),
                _ => sort_by_parity::<6>(empties, odd, t).to_vec(),
            };
            assert_eq!(got, want, "empties {empties:#x}, odd {odd:#x}");
        }
    }
}
