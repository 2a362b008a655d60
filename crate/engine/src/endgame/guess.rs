//! The root's guess of the exact score, around which it opens its aspiration window: a
//! selective midgame search ([`crate::search`], Multi-ProbCut) on the game's pattern
//! evaluation. The closer the guess, the fewer nodes the solve takes (with the exact score as
//! the guess FFO 20-39 takes 30% fewer); the depth was measured (`docs/tuning.md`).

use crate::board::Board;
use crate::eval::EvalKind;
use crate::game::Rules;
use crate::hash_table::TableAllocError;
use crate::limits::Budget;
use crate::pattern::Features;
use crate::search::{to_discs, MidgameTable, Searcher, INF};

/// The guess searches this many plies (fewer when fewer squares are empty).
const GUESS_DEPTH: u32 = 8;

/// The guess's search and its table, which keeps the entries of one game's rules at a time.
pub(super) struct Guesser {
    table: MidgameTable,
    rules: Option<Rules>,
}

impl Guesser {
    /// The size (MB) of the table.
    const TABLE_MB: usize = 1;

    pub(super) fn try_new() -> Result<Guesser, TableAllocError> {
        Ok(Guesser {
            table: MidgameTable::try_new(Guesser::TABLE_MB)?,
            rules: None,
        })
    }

    /// Forgets every stored result.
    pub(super) fn clear(&mut self) {
        self.table.clear();
        self.rules = None;
    }

    /// The guessed score (discs, for the side to move) of `board` and the nodes spent on it;
    /// `None` when the budget ran out first. Iterative deepening by two plies, so that each
    /// iteration's table moves order the next.
    pub(super) fn guess(
        &mut self,
        board: Board,
        rules: Rules,
        budget: Budget,
    ) -> (Option<i32>, u64) {
        if self.rules != Some(rules) {
            // The other game's scores are not this game's.
            self.clear();
            self.rules = Some(rules);
        }
        self.table.new_search();
        let eval = EvalKind::for_rules(rules);
        let mut searcher = Searcher::new(&mut self.table, eval, rules, budget).selective();
        let features = Features::new(board.player, board.opponent);
        let depth = GUESS_DEPTH.min(board.empty_count());
        let mut score = 0;
        let mut d = 2 - depth % 2;
        while d <= depth && !searcher.aborted() {
            score = searcher.negamax(board, &features, d, -INF, INF);
            d += 2;
        }
        let guess = (!searcher.aborted()).then(|| to_discs(score).round() as i32);
        (guess, searcher.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::{Scoring, Solver};
    use crate::limits::Limits;
    use crate::openings::random_openings;

    #[test]
    fn a_guess_as_deep_as_the_empties_is_the_exact_score() {
        let mut guesser = Guesser::try_new().unwrap();
        let mut solver = Solver::new(1);
        let mut checked = 0;
        // Positions of random games at 6-8 empties where the side to move has a move.
        for (i, board) in (52..=54)
            .flat_map(|plies| random_openings(14, plies, plies.into()))
            .map(|pos| pos.board)
            .filter(|b| b.legal_moves() != 0)
            .enumerate()
        {
            for rules in [Rules::Classic, Rules::Inverse] {
                let budget = Budget::start(&Limits::NONE);
                let (guess, nodes) = guesser.guess(board, rules, budget);
                let exact = solver
                    .solve(board, rules, Scoring::DiscsOnBoard, &Limits::NONE)
                    .unwrap();
                assert_eq!(guess, Some(exact.score), "position {i}, {rules:?}");
                assert!(nodes > 0);
                checked += 1;
            }
        }
        assert!(checked >= 40, "only {checked} positions");
    }

    #[test]
    fn a_spent_budget_gives_no_guess() {
        let mut guesser = Guesser::try_new().unwrap();
        let board = random_openings(1, 30, 1)[0].board;
        let budget = Budget::start(&Limits::nodes(10));
        let (guess, nodes) = guesser.guess(board, Rules::Classic, budget);
        assert_eq!(guess, None);
        assert!(nodes <= 11, "{nodes} nodes");
    }
}
