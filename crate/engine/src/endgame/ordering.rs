//! The deep search's move ordering: the table move first, then, from 14 empties (10 in the
//! inverse game), a shallow alpha-beta on the learned pattern evaluation of the game
//! ([`crate::pattern`]; static at the first 2 empties, one ply more every 2 empties, at most 4;
//! a move is scored exactly only near the best so far) less a weight for each opponent reply;
//! below that, fastest-first (fewest opponent replies, corner stability, potential mobility,
//! parity). The opponent's replies found here are handed to the child, which does not look
//! for them again. The constants were measured: see `docs/tuning.md`.

use std::mem::MaybeUninit;

use super::search::{end_score, Search, INV, TT_MIN};
use super::squares::{parity_of, QUADRANT_MASK};
use crate::bitboard::{flips, legal_moves, legal_moves_x2, CORNERS};
use crate::pattern::{Features, PatternWeights};

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
/// at most 4 (the measurements behind these are in `docs/tuning.md`).
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
const W_REPLIES_CLASSIC: i32 = 150;
const W_REPLIES_INVERSE: i32 = 150;
/// Corner stability and potential mobility join the fastest-first ordering from this many
/// empties.
const RICH_ORDER_MIN: u32 = 8;
const INF_EVAL: i32 = 1 << 16;

/// The pattern evaluation of the game (1/100 disc) for the side to move, from the position's
/// pattern indices.
#[inline(always)]
fn pattern_eval<const M: u8>(p: u64, o: u64, features: &Features) -> i32 {
    let w = if M & INV != 0 {
        PatternWeights::inverse()
    } else {
        PatternWeights::classic()
    };
    w.evaluate_features(features, p, o)
}

/// A depth-limited alpha-beta on the pattern evaluation (1/100 disc), for move ordering and
/// the root's guess; `features` are the pattern indices of the position.
fn pattern_search<const M: u8>(
    p: u64,
    o: u64,
    features: &Features,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if depth == 0 {
        return pattern_eval::<M>(p, o, features);
    }
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            let pc = p.count_ones() as i32;
            return end_score::<M>(pc, 64 - pc - o.count_ones() as i32) * 100;
        }
        return -pattern_search::<M>(o, p, &features.pass(), depth, -beta, -alpha);
    }
    let mut best = -INF_EVAL;
    let mut bits = moves;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let f = flips(p, o, sq);
        let child = features.play(sq, f);
        let v = -pattern_search::<M>(o ^ f, p ^ f ^ (1 << sq), &child, depth - 1, -beta, -alpha);
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

/// A move of the ordered list.
#[derive(Clone, Copy)]
pub(super) struct Move {
    pub(super) flips: u64,
    /// The opponent's replies after the move.
    pub(super) replies: u64,
    pub(super) sq: u8,
    pub(super) score: i32,
}

/// Room for the moves of a position, of which the first `len` are set. Nothing is written
/// before use: clearing the room at every deep node was 48 stores in the wasm build.
pub(super) struct MoveRoom {
    room: [MaybeUninit<Move>; 64],
    len: usize,
}

impl MoveRoom {
    #[inline(always)]
    pub(super) fn new() -> Self {
        MoveRoom {
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
    pub(super) fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: `push` wrote the first `len` entries (and `len <= 64`, its indexing checks).
        unsafe { std::slice::from_raw_parts_mut(self.room.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl<'a, const M: u8> Search<'a, M> {
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
    pub(super) fn order<'l>(
        &self,
        p: u64,
        o: u64,
        n: u32,
        moves: u64,
        tt_move: u8,
        list: &'l mut MoveRoom,
    ) -> &'l mut [Move] {
        let parity_mask = QUADRANT_MASK[(parity_of(!(p | o)) ^ Self::PARITY_FLIP) as usize];
        let mut sort_best = -INF_EVAL;
        // The pattern ordering plays each move on the position's pattern indices.
        let features = if n >= Self::SORT_MIN {
            Features::new(p, o)
        } else {
            Features::EMPTY
        };
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
                    let child = features.play(sq, f);
                    let v = -pattern_search::<M>(np, no, &child, d, -INF_EVAL, -floor);
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
}
