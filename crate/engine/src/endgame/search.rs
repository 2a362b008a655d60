//! The search itself, generic over the game and the scoring (`M`, see [`INV`] and [`ETW`]) so
//! that the leaf scoring costs nothing at run time.
//!
//! The root ([`Search::root`]) searches from 14 empties with an aspiration window (one score
//! either side) around the score guessed by a 6-ply search on the pattern evaluation
//! ([`crate::pattern`]).
//!
//! Layers, by the number of empty squares `n`:
//! - `n >= 7` ([`Search::deep`]): transposition table (a small cache-resident one below 10
//!   empties; entries of earlier searches are replaced first), table move first, stability
//!   cutoff, fastest-first ordering (fewest opponent replies, corner stability, potential
//!   mobility, parity), enhanced transposition cutoff from 8 empties (moves it shows unable
//!   to raise alpha are skipped), and from 14 empties (10 in the inverse game) an ordering
//!   by a shallow alpha-beta on the learned pattern evaluation of the game
//!   ([`crate::pattern`]; static at the first 2 empties, one ply more every 2 empties, at
//!   most 4; a move is scored exactly only near the best so far) less a weight for each
//!   opponent reply; principal variation search; the opponent's
//!   replies found by the ordering are handed to the child, which does not look for them again;
//! - `5 <= n < 7` ([`Search::shallow`]): plain alpha-beta over the empty squares, preferred
//!   quadrants first (odd ones in the classic game, even ones in the inverse game), then by
//!   square class (corners first in the classic game, last in the inverse game);
//! - `n <= 4`: specialised code in the same order; the last move counts its flips without
//!   making the move.
//!
//! Stable discs bound the score: those of the side whose discs count against the side to
//! move bound it from above (the opponent's in the classic game, its own in the inverse game),
//! the others from below.

use super::stability::count_stable;
use super::tables::{parity_of, EdgeTables, NEIGHBOURS, QUADRANT_BIT, QUADRANT_MASK};
use super::tt::{Table, NO_MOVE};
use crate::bitboard::{flips, last_flip_count, legal_moves, legal_moves_x2, CORNERS};
use std::mem::MaybeUninit;

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

/// Mode bit: the inverse game (fewer discs wins).
pub const INV: u8 = 1;
/// Mode bit: empty squares go to the winner.
pub const ETW: u8 = 2;
/// Beyond any score.
pub const INF: i32 = 127;
/// The best possible score.
pub const MAX_SCORE: i32 = 64;

/// Positions with at least this many empties use fastest-first ordering.
const FF_MIN: u32 = 7;
/// Positions with at least this many empties use the transposition table.
const TT_MIN: u32 = 7;
/// Positions with at least this many empties try the enhanced transposition cutoff.
const ETC_MIN: u32 = 8;
/// Weights of the fastest-first ordering.
const W_MOBILITY: i32 = 1 << 12;
const W_CORNER_STABILITY: i32 = 1 << 9;
const W_POTENTIAL: i32 = 1 << 5;
const W_PARITY: i32 = 1 << 3;

/// Own discs that are corners or edge squares next to an own corner (a cheap stability
/// count).
#[inline(always)]
fn corner_stability(p: u64) -> i32 {
    let s = (((0x0100_0000_0000_0001 & p) << 1)
        | ((0x8000_0000_0000_0080 & p) >> 1)
        | ((0x0000_0000_0000_0081 & p) << 8)
        | ((0x8100_0000_0000_0000 & p) >> 8)
        | CORNERS)
        & p;
    s.count_ones() as i32
}

/// The empty squares next to a disc of `o`: where `p` might one day move.
#[inline(always)]
fn potential_mobility(p: u64, o: u64) -> i32 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let (l, r) = (o & NOT_A, o & NOT_H);
    let near =
        (r << 1) | (l >> 1) | (o << 8) | (o >> 8) | (l << 7) | (r >> 7) | (r << 9) | (l >> 9);
    (near & !(p | o)).count_ones() as i32
}

/// The ordering by a shallow alpha-beta on the pattern evaluation ([`crate::pattern`]) from
/// this many empties: static there and at one empty more, then one ply more every 2 empties,
/// at most 4 (at most 6: 1% more instructions on FFO 20-39, 7% more nodes on FFO 40-49;
/// deeper at the root only, 5 or 7 plies: FFO 20-39 117.6 M or 111.4 M nodes, against 105.9 M
/// for the same trial build at 3).
/// Measured (empties to the winner for the classic game, discs on the board for the inverse
/// one):
/// - classic, callgrind on FFO 20-39: 29% fewer instructions than the mobility evaluation it
///   replaced (60.2 G -> 42.8 G); from 13 or 15 empties, 1.5 or 2.5 discs a reply, or a
///   margin of 4 or 16 discs: 5% to 11% more; from 12 empties: 4% fewer nodes, 10% more time;
/// - inverse, FFO 21-33: from 10 empties 118 M nodes and 5.0 s, from 13 empties 180 M and
///   5.7 s (from 9: 101 M nodes but 7.5 s; from 12: 159 M nodes); FFO 35-38: 58 M vs 130 M
///   nodes, 3.4 s vs 4.4 s.
const SORT_MIN_CLASSIC: u32 = 14;
const SORT_MIN_INVERSE: u32 = 10;
const SORT_STEP: u32 = 2;
const SORT_MAX_DEPTH: u32 = 4;
/// The ordering search scores a move exactly only when it comes within this margin (1/100
/// disc) of the best move scored so far (else it gets an upper bound, which orders it well
/// enough).
const SORT_MARGIN: i32 = 800;
/// The weight of each opponent reply (1/100 disc) next to the ordering search's score:
/// fewer replies first, as fastest-first ordering does below the pattern ordering.
const W_REPLIES_CLASSIC: i32 = 200;
const W_REPLIES_INVERSE: i32 = 150;
/// Corner stability and potential mobility join the fastest-first ordering from this many
/// empties.
const RICH_ORDER_MIN: u32 = 8;
const INF_EVAL: i32 = 1 << 16;

/// The pattern evaluation of the game (1/100 disc) for the side to move.
#[inline(always)]
fn pattern_eval<const M: u8>(p: u64, o: u64) -> i32 {
    let w = if M & INV != 0 {
        crate::pattern::PatternWeights::inverse()
    } else {
        crate::pattern::PatternWeights::classic()
    };
    w.evaluate(p, o)
}

/// A depth-limited alpha-beta on the pattern evaluation (1/100 disc), for move ordering and
/// the root's guess.
fn pattern_search<const M: u8>(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return pattern_eval::<M>(p, o);
    }
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            let pc = p.count_ones() as i32;
            return end_score::<M>(pc, 64 - pc - o.count_ones() as i32) * 100;
        }
        return -pattern_search::<M>(o, p, depth, -beta, -alpha);
    }
    let mut best = -INF_EVAL;
    let mut bits = moves;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let f = flips(p, o, sq);
        let v = -pattern_search::<M>(o ^ f, p ^ f ^ (1 << sq), depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The root searches positions with at least this many empties with an aspiration window
/// around a guess from a pattern search this deep, this wide (a score either side of the
/// guess: a null-window test when scores are even). Measured against the fitted evaluation's
/// guess at 3 either side (nodes): FFO 40-49 930 M vs 1100 M, FFO 20-39 106.1 M vs 106.2 M,
/// inverse FFO 21-33 180 M vs 191 M; a guess 8 plies deep: 952 M and 101 M, but it costs up
/// to 0.3 s a position.
///
/// The guess is the biggest lever left: with the exact score as the guess (an oracle, for
/// measurement), FFO 20-39 takes 84.0 M nodes (off by 2: 87.9 M, by 4: 100.9 M). Deeper
/// pattern searches do not get there: 10 plies 96.3 M, 12 plies 93.2 M, at 0.8 s and 5.3 s
/// of guessing even with ordered PVS; the mean of the 5- and 6-ply guesses: FFO 20-39 102.7 M
/// but FFO 40-49 967 M.
const ASPIRATION_MIN: u32 = 14;
const ASPIRATION_DEPTH: u32 = 6;
const ASPIRATION_WIDTH: i32 = 1;

/// The shallow layer tries the stability cutoff from this many empties.
const SHALLOW_STABILITY_MIN: u32 = 6;

/// C-squares (edge squares next to a corner) and X-squares (diagonally next to a corner):
/// tried last in the shallow layers.
const RISKY: u64 = 0x42c3_0000_0000_c342;
/// The other non-corner squares.
const PLAIN: u64 = !(RISKY | CORNERS);

/// How often (in nodes) the stop callback is asked.
const CHECK_INTERVAL: u64 = 4096;

/// The final score for the side to move with `pc` discs when `e` squares stay empty.
#[inline(always)]
fn end_score<const M: u8>(pc: i32, e: i32) -> i32 {
    let oc = 64 - e - pc;
    let mut d = pc - oc;
    if M & INV != 0 {
        d = -d;
    }
    if M & ETW != 0 {
        if d > 0 {
            d += e;
        } else if d < 0 {
            d -= e;
        }
    }
    d
}

pub struct Search<'a, const M: u8> {
    pub tt: &'a mut Table,
    pub stop: &'a mut dyn FnMut(u64) -> bool,
    pub edges: &'static EdgeTables,
    pub nodes: u64,
    next_check: u64,
    pub aborted: bool,
}

/// The ordering score of a move the enhanced transposition cutoff showed useless.
const SKIP: i32 = i32::MIN;

/// A move of the ordered list.
#[derive(Clone, Copy)]
struct Move {
    flips: u64,
    /// The opponent's replies after the move.
    replies: u64,
    sq: u8,
    score: i32,
}

/// Room for the moves of a position, of which the first `len` are set. Nothing is written
/// before use: clearing the room at every deep node was 48 stores in the wasm build.
struct MoveList {
    room: [MaybeUninit<Move>; 64],
    len: usize,
}

impl MoveList {
    #[inline(always)]
    fn new() -> Self {
        MoveList {
            room: [const { MaybeUninit::uninit() }; 64],
            len: 0,
        }
    }

    /// Adds a move (panics when the room is full).
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.room[self.len].write(mv);
        self.len += 1;
    }

    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: `push` wrote the first `len` entries (and `len <= 64`, its indexing checks).
        unsafe { std::slice::from_raw_parts_mut(self.room.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl<'a, const M: u8> Search<'a, M> {
    /// The mode tag stored in the table (never 0).
    const TAG: u8 = M + 1;
    /// Quadrants preferred by the parity ordering: odd ones, or even ones in the inverse game.
    const PARITY_FLIP: u8 = if M & INV != 0 { 0xf } else { 0 };
    /// The pattern ordering starts at this many empties.
    const SORT_MIN: u32 = if M & INV != 0 {
        SORT_MIN_INVERSE
    } else {
        SORT_MIN_CLASSIC
    };
    /// The weight of an opponent reply in the pattern ordering.
    const W_REPLIES: i32 = if M & INV != 0 {
        W_REPLIES_INVERSE
    } else {
        W_REPLIES_CLASSIC
    };
    /// The order of the square classes in the shallow layers.
    const TIERS: [u64; 3] = if M & INV != 0 {
        [PLAIN, RISKY, CORNERS]
    } else {
        [CORNERS, PLAIN, RISKY]
    };

    pub fn new(
        tt: &'a mut Table,
        stop: &'a mut dyn FnMut(u64) -> bool,
        edges: &'static EdgeTables,
    ) -> Self {
        Search {
            tt,
            stop,
            edges,
            nodes: 0,
            next_check: CHECK_INTERVAL,
            aborted: false,
        }
    }

    #[inline(always)]
    fn poll(&mut self) {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            if (self.stop)(self.nodes) {
                self.aborted = true;
            }
        }
    }

    /// A bound from stable discs that settles the window, if any.
    #[inline(always)]
    fn stability_cutoff(&self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        // Stable discs rarely settle a window closer to 0 than twice the empties: the count is
        // not worth its cost there (FFO 20-39: 3.8% fewer instructions, nodes +0.6%).
        let reach = 2 * n as i32;
        // Stable discs of `hi` bound our score from above, those of `lo` from below.
        let (hi, hi_other, lo, lo_other) = if M & INV != 0 {
            (p, o, o, p)
        } else {
            (o, p, p, o)
        };
        if alpha >= reach && alpha >= MAX_SCORE - 2 * hi.count_ones() as i32 {
            let bound = MAX_SCORE - 2 * count_stable(self.edges, hi, hi_other);
            if bound <= alpha {
                return Some(bound);
            }
        }
        if beta <= -reach && beta <= 2 * lo.count_ones() as i32 - MAX_SCORE {
            let bound = 2 * count_stable(self.edges, lo, lo_other) - MAX_SCORE;
            if bound >= beta {
                return Some(bound);
            }
        }
        None
    }

    /// The exact value of any position with `n` empties, fail-soft within (alpha, beta).
    pub fn any(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        let empties = !(p | o);
        match n {
            0 => {
                self.nodes += 1;
                end_score::<M>(p.count_ones() as i32, 0)
            }
            1 => self.solve1(p, o, empties.trailing_zeros() as usize),
            2 => {
                let x1 = empties.trailing_zeros() as usize;
                let x2 = 63 - empties.leading_zeros() as usize;
                self.solve2(p, o, alpha, beta, x1, x2)
            }
            3 | 4 => self.shallow(p, o, alpha, beta, n, parity_of(empties)),
            _ if n < FF_MIN => self.shallow(p, o, alpha, beta, n, parity_of(empties)),
            _ => self.deep(p, o, alpha, beta, n),
        }
    }

    /// [`Search::any`] for a position whose moves are known.
    #[inline(always)]
    fn child(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, moves: u64) -> i32 {
        if n >= FF_MIN {
            self.deep_known::<true>(p, o, alpha, beta, n, moves)
        } else {
            self.any(p, o, alpha, beta, n)
        }
    }

    /// The root: the exact value and the best move (None when the side to move must pass or
    /// the game is over), fail-soft within `(alpha, beta)`. From [`ASPIRATION_MIN`] empties the
    /// window is first narrowed around a guessed score, then moved on failure (the table keeps
    /// what each try proved).
    pub fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u8>) {
        let n = (!(p | o)).count_ones();
        if n < ASPIRATION_MIN || legal_moves(p, o) == 0 {
            return self.root_window(p, o, alpha, beta);
        }
        // Aspiration: a window around a guess from a shallow search on the pattern
        // evaluation, moved on failure.
        let depth = ASPIRATION_DEPTH.min(n);
        let g = pattern_search::<M>(p, o, depth, -INF_EVAL, INF_EVAL);
        let mut guess = (g as f64 / 100.0).round() as i32;
        if M & ETW != 0 {
            guess &= !1;
        }
        let w = ASPIRATION_WIDTH;
        let mut lo = (guess - w).clamp(alpha, beta - 1);
        let mut hi = (guess + w).clamp(lo + 1, beta);
        loop {
            let (v, mv) = self.root_window(p, o, lo, hi);
            if self.aborted {
                return (v, mv);
            }
            if v <= lo && lo > alpha {
                hi = (v + 1).min(hi);
                lo = (v - 2 * w).max(alpha);
                if lo >= hi {
                    lo = alpha;
                }
            } else if v >= hi && hi < beta {
                lo = (v - 1).max(lo);
                hi = (v + 2 * w).min(beta);
                if lo >= hi {
                    hi = beta;
                }
            } else {
                return (v, mv);
            }
        }
    }

    /// The root searched with the window `(alpha, beta)`.
    fn root_window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u8>) {
        let n = (!(p | o)).count_ones();
        let moves = legal_moves(p, o);
        if moves == 0 {
            return (self.any(p, o, alpha, beta, n), None);
        }
        self.nodes += 1;
        let mut list = MoveList::new();
        let tt_move = self
            .tt
            .probe(p, o, Self::TAG, n)
            .map_or(NO_MOVE, |h| h.best);
        let list = self.order(p, o, n, moves, tt_move, &mut list);
        let mut best = -INF;
        let mut best_move = list[0].sq;
        let mut a = alpha;
        for (i, mv) in list.iter().enumerate() {
            let bit = 1u64 << mv.sq;
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
            let v = if i == 0 {
                -self.child(np, no, -beta, -a, n - 1, mv.replies)
            } else {
                let v = -self.child(np, no, -a - 1, -a, n - 1, mv.replies);
                if v > a && v < beta && !self.aborted {
                    -self.child(np, no, -beta, -a, n - 1, mv.replies)
                } else {
                    v
                }
            };
            if self.aborted {
                return (0, None);
            }
            if v > best {
                best = v;
                best_move = mv.sq;
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        self.store(p, o, n, alpha, beta, best, best_move);
        (best, Some(best_move))
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, p: u64, o: u64, n: u32, alpha: i32, beta: i32, v: i32, best: u8) {
        let (lower, upper) = if v <= alpha {
            (-MAX_SCORE, v)
        } else if v >= beta {
            (v, MAX_SCORE)
        } else {
            (v, v)
        };
        self.tt.store(p, o, Self::TAG, n, lower, upper, best);
    }

    /// The flips of the move on `sq` and the position after it (`(flips, player, opponent)`,
    /// the opponent to move), whose table bucket is asked for ahead of the probes.
    #[inline(always)]
    fn play_ahead(&self, p: u64, o: u64, n: u32, sq: usize) -> (u64, u64, u64) {
        let f = flips(p, o, sq);
        let (np, no) = (o ^ f, p ^ f ^ (1u64 << sq));
        if n > TT_MIN {
            self.tt.prefetch(np, no, n - 1);
        }
        (f, np, no)
    }

    /// Orders the moves: the table move first, then fewest opponent replies (corners count
    /// twice), with small bonuses for odd quadrants and corners, into `list` (empty). Returns
    /// the ordered moves.
    #[inline(always)]
    #[allow(unused_assignments)] // the best ordering score after the last move
    fn order<'l>(
        &self,
        p: u64,
        o: u64,
        n: u32,
        moves: u64,
        tt_move: u8,
        list: &'l mut MoveList,
    ) -> &'l mut [Move] {
        let parity_mask = QUADRANT_MASK[(parity_of(!(p | o)) ^ Self::PARITY_FLIP) as usize];
        let mut sort_best = -INF_EVAL;
        // Scores a move (its square, flips, the position after it and the opponent's replies
        // there) and adds it to the list (a macro: as a closure it was not inlined).
        macro_rules! push {
            ($sq:expr, $child:expr, $replies:expr) => {{
                let (sq, (f, np, no), replies): (usize, (u64, u64, u64), u64) =
                    ($sq, $child, $replies);
                let bit = 1u64 << sq;
                let score = if sq as u8 == tt_move {
                    1 << 30
                } else if n >= Self::SORT_MIN {
                    let d = ((n - Self::SORT_MIN) / SORT_STEP).min(SORT_MAX_DEPTH);
                    let floor = (sort_best - SORT_MARGIN).max(-INF_EVAL);
                    let v = -pattern_search::<M>(np, no, d, -INF_EVAL, -floor);
                    sort_best = sort_best.max(v);
                    (v - replies.count_ones() as i32 * Self::W_REPLIES) * 256
                } else {
                    let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                    let mut s = -mobility * W_MOBILITY;
                    if n >= RICH_ORDER_MIN {
                        if M & INV != 0 {
                            s -= corner_stability(no) * W_CORNER_STABILITY;
                        } else {
                            s += corner_stability(no) * W_CORNER_STABILITY;
                        }
                        s -= potential_mobility(np, no) * W_POTENTIAL;
                    }
                    if parity_mask & bit != 0 {
                        s += W_PARITY;
                    }
                    s
                };
                list.push(Move {
                    flips: f,
                    replies,
                    sq: sq as u8,
                    score,
                });
            }};
        }
        // Two moves at a time: the opponent's replies after both are found together
        // (`legal_moves_x2`: one SIMD computation in wasm, two plain ones elsewhere).
        let mut bits = moves;
        while bits != 0 {
            let sq0 = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f0, p0, o0) = self.play_ahead(p, o, n, sq0);
            if bits == 0 {
                push!(sq0, (f0, p0, o0), legal_moves(p0, o0));
                break;
            }
            let sq1 = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f1, p1, o1) = self.play_ahead(p, o, n, sq1);
            let [r0, r1] = legal_moves_x2([p0, p1], [o0, o1]);
            push!(sq0, (f0, p0, o0), r0);
            push!(sq1, (f1, p1, o1), r1);
        }
        let list = list.as_mut_slice();
        // Sort descending (insertion sort: lists are short).
        for i in 1..list.len() {
            let m = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].score < m.score {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = m;
        }
        list
    }

    /// Positions with at least `TT_MIN` empties.
    fn deep(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        self.deep_known::<false>(p, o, alpha, beta, n, 0)
    }

    /// [`Search::deep`]; with `KNOWN`, `moves` are the legal moves (else they are found here).
    #[inline(always)]
    fn deep_known<const KNOWN: bool>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        moves: u64,
    ) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.stability_cutoff(p, o, alpha, beta, n) {
            return v;
        }
        let mut tt_move = NO_MOVE;
        let hit = if n >= TT_MIN {
            self.tt.probe(p, o, Self::TAG, n)
        } else {
            None
        };
        if let Some(hit) = hit {
            if hit.lower >= beta {
                return hit.lower;
            }
            if hit.upper <= alpha {
                return hit.upper;
            }
            if hit.lower == hit.upper {
                return hit.lower;
            }
            alpha = alpha.max(hit.lower);
            beta = beta.min(hit.upper);
            tt_move = hit.best;
        }
        let moves = if KNOWN { moves } else { legal_moves(p, o) };
        if moves == 0 {
            let theirs = legal_moves(o, p);
            if theirs == 0 {
                return end_score::<M>(p.count_ones() as i32, n as i32);
            }
            return -self.deep_known::<true>(o, p, -beta, -alpha, n, theirs);
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let mut a = alpha;
        let mut rest = moves;
        // The table's move first, before the cost of ordering the others.
        if tt_move != NO_MOVE && moves & (1u64 << tt_move) != 0 {
            let sq = tt_move as usize;
            let f = flips(p, o, sq);
            let v = -self.any(o ^ f, p ^ f ^ (1u64 << sq), -beta, -a, n - 1);
            if self.aborted {
                return 0;
            }
            best = v;
            best_move = tt_move;
            if v > a {
                a = v;
                if a >= beta {
                    self.store(p, o, n, alpha, beta, best, best_move);
                    return best;
                }
            }
            rest &= !(1u64 << sq);
        }
        let pv = beta - alpha > 1;
        let mut list = MoveList::new();
        let list = self.order(p, o, n, rest, NO_MOVE, &mut list);
        let mut first = best == -INF;
        if n >= ETC_MIN {
            for mv in list.iter_mut() {
                let bit = 1u64 << mv.sq;
                let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
                if let Some(hit) = self.tt.probe(np, no, Self::TAG, n - 1) {
                    if -hit.upper >= beta {
                        self.tt
                            .store(p, o, Self::TAG, n, -hit.upper, MAX_SCORE, mv.sq);
                        return -hit.upper;
                    }
                    if -hit.lower <= a {
                        // This move cannot raise alpha: its bound stands for its value.
                        mv.score = SKIP;
                        if -hit.lower > best {
                            best = -hit.lower;
                            best_move = mv.sq;
                        }
                    }
                }
            }
        }
        for mv in list.iter() {
            if mv.score == SKIP {
                continue;
            }
            let bit = 1u64 << mv.sq;
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
            let v = if first || !pv {
                first = false;
                -self.child(np, no, -beta, -a, n - 1, mv.replies)
            } else {
                let v = -self.child(np, no, -a - 1, -a, n - 1, mv.replies);
                if v > a && v < beta && !self.aborted {
                    -self.child(np, no, -beta, -a, n - 1, mv.replies)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv.sq;
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        if n >= TT_MIN {
            self.store(p, o, n, alpha, beta, best, best_move);
        }
        best
    }

    /// Positions with 3 to `FF_MIN - 1` empties: no table, odd quadrants first.
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u8) -> i32 {
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

    fn solve2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> i32 {
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
    fn solve1(&mut self, p: u64, o: u64, x: usize) -> i32 {
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
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
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
