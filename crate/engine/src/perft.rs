//! Perft: the number of leaves of the game tree to a given depth, the standard check of move
//! generation. Both pass conventions of the published tables are supported.

use crate::board::Board;
use crate::square::Square;

/// How a forced pass counts toward the depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PassRule {
    /// A pass uses up one ply (the standard convention).
    #[default]
    PassIsPly,
    /// A pass uses up no ply.
    PassIsNotPly,
}

/// Leaves of the tree of depth `depth` from `board`. A game that ends before the depth counts
/// as one leaf.
pub fn perft(board: Board, depth: u32, rule: PassRule) -> u64 {
    if depth == 0 {
        return 1;
    }
    match rule {
        PassRule::PassIsPly => perft_pass_is_ply(board, depth),
        PassRule::PassIsNotPly => perft_pass_is_not_ply(board, depth),
    }
}

fn perft_pass_is_ply(board: Board, depth: u32) -> u64 {
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if depth == 1 || passed.moves() == 0 {
            return 1;
        }
        return perft_pass_is_ply(passed, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    Square::iter_bits(moves)
        .map(|sq| {
            let child = board.make_move(sq, board.flips(sq));
            perft_pass_is_ply(child, depth - 1)
        })
        .sum()
}

fn perft_pass_is_not_ply(board: Board, depth: u32) -> u64 {
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return 1;
        }
        return perft_pass_is_not_ply(passed, depth);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    Square::iter_bits(moves)
        .map(|sq| {
            let child = board.make_move(sq, board.flips(sq));
            perft_pass_is_not_ply(child, depth - 1)
        })
        .sum()
}
