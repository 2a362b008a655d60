//! The evaluation of a position, for the classic and the inverse game: the learned pattern
//! evaluation ([`crate::pattern`]), one table set per phase of five empties, each game with
//! its own tables (fitted to its own goal: in the inverse game corners and stable discs are
//! liabilities). It drives the midgame search, the exact solver's move ordering, hints and
//! analysis.
//!
//! Scores are in [`SCALE`] units per disc (1/100 disc), positive when the side to move is
//! better under the game's goal.

use crate::bitboard::legal_moves_x2;
use crate::board::Board;
use crate::game::Rules;
use crate::pattern::{Features, PatternWeights};

/// Score units per disc.
pub const SCALE: i32 = 100;

/// Evaluations never reach the score of a finished game won by a whole board.
pub const MAX_EVAL: i32 = 64 * SCALE - 1;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// The classic game's tables (more discs wins).
    Classic,
    /// The inverse game's own tables (fewer discs wins).
    Inverse,
    /// The classic tables with the sign flipped: the naive baseline for the inverse game.
    NegatedClassic,
}

impl EvalKind {
    /// The evaluation made for `rules`.
    pub const fn for_rules(rules: Rules) -> EvalKind {
        match rules {
            Rules::Classic => EvalKind::Classic,
            Rules::Inverse => EvalKind::Inverse,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Classic => "classic",
            EvalKind::Inverse => "inverse",
            EvalKind::NegatedClassic => "negated",
        }
    }

    /// Parses `classic`, `inverse` or `negated`.
    pub fn parse(s: &str) -> Option<EvalKind> {
        [
            EvalKind::Classic,
            EvalKind::Inverse,
            EvalKind::NegatedClassic,
        ]
        .into_iter()
        .find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// The score of `board` for the side to move, within ±[`MAX_EVAL`].
    #[inline]
    pub fn evaluate(self, board: &Board) -> i32 {
        self.evaluate_features(board, &Features::new(board.player, board.opponent))
    }

    /// [`EvalKind::evaluate`] from the board's pattern indices as the searches keep them.
    #[inline]
    pub fn evaluate_features(self, board: &Board, features: &Features) -> i32 {
        let [own, theirs] = legal_moves_x2(
            [board.player, board.opponent],
            [board.opponent, board.player],
        );
        self.evaluate_moves(board, features, own, theirs)
    }

    /// [`EvalKind::evaluate_features`] given the legal moves of both sides (`own`: of the side
    /// to move), which a search may have found already.
    #[inline]
    pub fn evaluate_moves(self, board: &Board, features: &Features, own: u64, theirs: u64) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let w = match self {
            EvalKind::Classic | EvalKind::NegatedClassic => PatternWeights::classic(),
            EvalKind::Inverse => PatternWeights::inverse(),
        };
        let v = w.evaluate_moves(features, p, o, own, theirs);
        let v = if self == EvalKind::NegatedClassic {
            -v
        } else {
            v
        };
        v.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Start;
    use crate::rng::splitmix64;
    use crate::symmetry::SYMMETRIES;

    #[test]
    fn every_evaluation_is_symmetric_under_the_eight_symmetries() {
        let mut s = 11u64;
        for _ in 0..500 {
            let a = splitmix64(&mut s);
            let b = splitmix64(&mut s);
            let board = Board {
                player: a & !b,
                opponent: b & !a,
            };
            for kind in [
                EvalKind::Classic,
                EvalKind::Inverse,
                EvalKind::NegatedClassic,
            ] {
                let v = kind.evaluate(&board);
                for g in SYMMETRIES {
                    let image = Board {
                        player: g(board.player),
                        opponent: g(board.opponent),
                    };
                    assert_eq!(kind.evaluate(&image), v, "{}", kind.name());
                }
            }
        }
    }

    #[test]
    fn the_evaluation_from_kept_indices_is_the_evaluation() {
        let mut s = 17u64;
        for _ in 0..100 {
            let mut b = Start::Standard.position().board;
            let mut f = Features::new(b.player, b.opponent);
            while !b.is_game_over() {
                for kind in [
                    EvalKind::Classic,
                    EvalKind::Inverse,
                    EvalKind::NegatedClassic,
                ] {
                    assert_eq!(kind.evaluate_features(&b, &f), kind.evaluate(&b));
                }
                let moves = b.legal_moves();
                if moves == 0 {
                    (b, f) = (b.pass(), f.pass());
                    continue;
                }
                let n = splitmix64(&mut s) % moves.count_ones() as u64;
                let sq = crate::square::Square::iter_bits(moves)
                    .nth(n as usize)
                    .expect("a move");
                let flips = b.flips(sq);
                (b, f) = (b.make_move(sq, flips), f.play(sq.index(), flips));
            }
        }
    }

    #[test]
    fn the_games_have_their_own_tables() {
        // Random games to 24 empties; there, the four corners given to the side to move
        // rather than to its opponent: better in the classic game, worse in the inverse one
        // (on average over the positions). The negated baseline is the classic one flipped.
        let corners = 0x8100_0000_0000_0081u64;
        let mut s = 3u64;
        let (mut classic, mut inverse, mut n) = (0i64, 0i64, 0);
        for _ in 0..200 {
            let mut b = Start::Standard.position().board;
            while b.empty_count() > 24 {
                let moves = b.legal_moves();
                if moves == 0 {
                    b = b.pass();
                    if b.legal_moves() == 0 {
                        break;
                    }
                    continue;
                }
                let k = splitmix64(&mut s) % moves.count_ones() as u64;
                let mut m = moves;
                for _ in 0..k {
                    m &= m - 1;
                }
                let sq = crate::square::Square::new(m.trailing_zeros() as u8).expect("a square");
                b = b.make_move(sq, b.flips(sq));
            }
            let own = Board {
                player: b.player | corners,
                opponent: b.opponent & !corners,
            };
            let theirs = Board {
                player: b.player & !corners,
                opponent: b.opponent | corners,
            };
            classic +=
                (EvalKind::Classic.evaluate(&own) - EvalKind::Classic.evaluate(&theirs)) as i64;
            inverse +=
                (EvalKind::Inverse.evaluate(&own) - EvalKind::Inverse.evaluate(&theirs)) as i64;
            assert_eq!(
                EvalKind::NegatedClassic.evaluate(&own),
                -EvalKind::Classic.evaluate(&own)
            );
            n += 1;
        }
        assert!(classic / n > 5 * SCALE as i64, "classic {}", classic / n);
        assert!(inverse / n < -SCALE as i64, "inverse {}", inverse / n);
        let start = Start::Standard.position().board;
        assert!(EvalKind::Classic.evaluate(&start).abs() < 3 * SCALE);
    }

    #[test]
    fn names_parse_back() {
        for kind in [
            EvalKind::Classic,
            EvalKind::Inverse,
            EvalKind::NegatedClassic,
        ] {
            assert_eq!(EvalKind::parse(kind.name()), Some(kind));
        }
        assert_eq!(EvalKind::parse("patterns"), None);
    }
}
