//! Perft: the number of leaves of the game tree to a given depth, the standard check of move
//! generation. Both pass conventions of the published tables are supported.

use crate::bitboard;
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
    let moves = board.legal_moves();
    if moves == 0 {
        let passed = board.pass();
        if depth == 1 || passed.legal_moves() == 0 {
            return 1;
        }
        return perft_pass_is_ply(passed, depth - 1);
    }
    match depth {
        1 => u64::from(moves.count_ones()),
        // Bulk counting: a child without moves is one leaf whether it passes or the game ends.
        2 => children(board, moves)
            .map(|child| u64::from(child.legal_moves().count_ones().max(1)))
            .sum(),
        _ => children(board, moves)
            .map(|child| perft_pass_is_ply(child, depth - 1))
            .sum(),
    }
}

fn perft_pass_is_not_ply(board: Board, depth: u32) -> u64 {
    let moves = board.legal_moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.legal_moves() == 0 {
            return 1;
        }
        return perft_pass_is_not_ply(passed, depth);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    children(board, moves)
        .map(|child| perft_pass_is_not_ply(child, depth - 1))
        .sum()
}

/// The positions after each of `moves` (the legal moves of `board`).
#[inline(always)]
fn children(board: Board, moves: u64) -> impl Iterator<Item = Board> {
    Square::iter_bits(moves).map(move |sq| {
        let flips = bitboard::flips(board.player, board.opponent, sq.index());
        board.make_move(sq, flips)
    })
}
