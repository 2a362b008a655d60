//! The top level's search split over several workers that share nothing (browser workers
//! have no shared memory; each has its own [`Ai`] and tables). The root is searched the
//! "young brothers wait" way: the shallow iterations on one worker, then at each depth the
//! first move (the best of the last iteration) with a full window, then every other move
//! with a null window at that score, as many at once as there are workers; a move that fails
//! high is searched again with a full window and may become the best.
//!
//! [`Split`] only plans: it hands out [`SplitTask`]s and takes their [`SplitOutcome`]s, and
//! the caller runs the tasks on its workers ([`Ai::run_split_task`]), so that the same plan
//! drives threads natively and Web Workers in the browser.

use std::collections::VecDeque;

use super::{Ai, Level, Options};
use crate::board::{Board, PlayError, Position};
use crate::game::Rules;
use crate::limits::{Budget, Limits};
use crate::pattern::Features;
use crate::search::{to_discs, Searcher, INF};
use crate::square::Square;

/// The iterations up to this depth are one task (they take milliseconds).
pub const SHALLOW_DEPTH: u32 = 8;

/// A piece of work for one worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitTask {
    /// Iterative deepening of the whole position up to `depth`: the best move first.
    Deepen { depth: u32 },
    /// The score of `square`, `depth` plies deep, within the window `(alpha, beta)` (search
    /// units: 1/100 disc, a won or lost finished game beyond every evaluation).
    Move {
        square: Square,
        depth: u32,
        alpha: i32,
        beta: i32,
    },
}

/// What a task found. `complete` is false when the budget ran out first (the outcome is then
/// not used).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitOutcome {
    /// The moves best first, the best one's score, the deepest completed iteration.
    Deepened {
        order: Vec<Square>,
        score: i32,
        depth: u32,
    },
    /// The move's score: its value inside the window, a bound outside it (fail-soft).
    Move { score: i32, complete: bool },
}

/// The best move found so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SplitResult {
    pub best: Square,
    /// In discs, for the side to move.
    pub score: f32,
    /// The deepest completed iteration.
    pub depth: u32,
}

/// The plan of one split search (see the module documentation).
#[derive(Clone, Debug)]
pub struct Split {
    /// The root's legal moves.
    moves: u64,
    max_depth: u32,
    /// The root moves, best first after each iteration.
    order: Vec<Square>,
    /// The iteration under way (0 before the shallow iterations are in).
    depth: u32,
    shallow_sent: bool,
    first_sent: bool,
    /// The best move of this iteration and its score, once the first move is searched.
    best: Option<(Square, i32)>,
    /// Moves waiting for their null-window test, and moves to search again (first).
    waiting: VecDeque<Square>,
    again: VecDeque<Square>,
    /// The worker that last searched each move, and the one that ran the shallow iterations.
    owners: Vec<(Square, usize)>,
    lead: usize,
    running: usize,
    /// Each move's score or bound in this iteration.
    found: Vec<(Square, i32)>,
    /// The last completed iteration: best move, score, depth.
    done: Option<(Square, i32, u32)>,
    stopped: bool,
}

impl Split {
    /// The plan for `board` at `level`, or `None` when there is nothing to split: only the
    /// top level splits its search ([`Level::MAX`]; the others are quick), and not where it
    /// solves the position exactly or has fewer than two moves.
    pub fn new(board: Board, level: Level) -> Option<Split> {
        let spec = level.spec();
        let moves = board.legal_moves();
        let empties = board.empty_count();
        if level != Level::MAX || empties <= spec.exact_empties || moves.count_ones() < 2 {
            return None;
        }
        Some(Split {
            moves,
            max_depth: spec.depth.min(empties).max(1),
            order: Square::iter_bits(moves).collect(),
            depth: 0,
            shallow_sent: false,
            first_sent: false,
            best: None,
            waiting: VecDeque::new(),
            again: VecDeque::new(),
            owners: Vec::new(),
            lead: 0,
            running: 0,
            found: Vec::new(),
            done: None,
            stopped: false,
        })
    }

    /// The same plan stopping after the iteration at `depth` (to time a fixed depth).
    pub fn with_max_depth(mut self, depth: u32) -> Split {
        self.max_depth = depth.max(1);
        self
    }

    /// The next task for the idle worker `worker` (the caller's numbering); `None` when there
    /// is none for it now (wait for an outcome) or the search is over ([`Split::finished`]).
    /// A worker gets the moves it searched in the last iteration first, whose subtrees its
    /// tables hold; the first move of an iteration waits for the worker that searched it
    /// last (or the shallow iterations), so every idle worker should be asked.
    pub fn next_task(&mut self, worker: usize) -> Option<SplitTask> {
        if self.stopped {
            return None;
        }
        if self.depth == 0 {
            if self.shallow_sent {
                return None;
            }
            self.shallow_sent = true;
            self.lead = worker;
            self.running += 1;
            return Some(SplitTask::Deepen {
                depth: SHALLOW_DEPTH.min(self.max_depth),
            });
        }
        let (square, alpha, beta) = if !self.first_sent {
            let first = self.order[0];
            if self.owner(first).unwrap_or(self.lead) != worker {
                return None;
            }
            self.first_sent = true;
            (first, -INF, INF)
        } else if let Some((_, alpha)) = self.best {
            if let Some(sq) = self.take(worker, true) {
                (sq, alpha, INF)
            } else {
                (self.take(worker, false)?, alpha, alpha + 1)
            }
        } else {
            return None; // the first move's score is not in yet
        };
        self.owners.retain(|&(sq, _)| sq != square);
        self.owners.push((square, worker));
        self.running += 1;
        Some(SplitTask::Move {
            square,
            depth: self.depth,
            alpha,
            beta,
        })
    }

    /// The worker that last searched `square`.
    fn owner(&self, square: Square) -> Option<usize> {
        self.owners
            .iter()
            .find(|&&(sq, _)| sq == square)
            .map(|&(_, w)| w)
    }

    /// A move of the queue of searches again (`again`) or of null-window tests for `worker`:
    /// one it searched last, else one nobody did, else the first.
    fn take(&mut self, worker: usize, again: bool) -> Option<Square> {
        let queue = if again { &self.again } else { &self.waiting };
        let pick = queue
            .iter()
            .position(|&sq| self.owner(sq) == Some(worker))
            .or_else(|| queue.iter().position(|&sq| self.owner(sq).is_none()))
            .unwrap_or(0);
        let queue = if again {
            &mut self.again
        } else {
            &mut self.waiting
        };
        queue.remove(pick)
    }

    /// Takes the outcome of `task` (one [`Split::next_task`] gave). An outcome that does not
    /// fit (of another iteration, another kind, or not about this position's moves) is
    /// left out; shallow iterations that do not order every move end the search.
    pub fn report(&mut self, task: SplitTask, outcome: SplitOutcome) {
        self.running = self.running.saturating_sub(1);
        if self.stopped {
            return;
        }
        match (task, outcome) {
            (
                SplitTask::Deepen { depth: asked },
                SplitOutcome::Deepened {
                    order,
                    score,
                    depth,
                },
            ) => {
                let all_moves = order.len() == self.order.len()
                    && order.iter().fold(0u64, |m, sq| m | 1 << sq.index()) == self.moves;
                if depth == 0 || !all_moves {
                    // Not even depth 1 within the budget, or not an order of the moves.
                    self.stopped = true;
                    return;
                }
                self.order = order;
                self.done = Some((self.order[0], score, depth));
                if depth < asked {
                    self.stopped = true; // the budget ran out
                } else {
                    self.next_iteration(depth + 1);
                }
            }
            (
                SplitTask::Move {
                    square,
                    depth,
                    alpha,
                    beta,
                },
                SplitOutcome::Move { score, complete },
            ) if depth == self.depth && self.moves & 1 << square.index() != 0 => {
                if !complete {
                    self.stopped = true;
                    return;
                }
                let first = self.best.is_none();
                if beta >= INF {
                    // A full window: the move's value (a bound when not above alpha).
                    if self.best.is_none_or(|(_, best)| score > best) {
                        self.best = Some((square, score));
                    }
                } else if score > alpha {
                    // The null window failed high: the move may be better than the best.
                    self.again.push_back(square);
                }
                match self.found.iter_mut().find(|(sq, _)| *sq == square) {
                    Some(entry) => entry.1 = score,
                    None => self.found.push((square, score)),
                }
                if first {
                    self.waiting = self.order[1..].iter().copied().collect();
                }
                if self.running == 0 && self.waiting.is_empty() && self.again.is_empty() {
                    self.end_iteration();
                }
            }
            _ => {} // an outcome of an earlier iteration, or of another kind: not ours
        }
    }

    fn end_iteration(&mut self) {
        let (best, score) = self.best.expect("the first move is searched");
        let mut rest: Vec<(Square, i32)> = self
            .found
            .iter()
            .copied()
            .filter(|&(sq, _)| sq != best)
            .collect();
        rest.sort_by_key(|&(_, s)| -s);
        self.order = std::iter::once(best)
            .chain(rest.iter().map(|&(sq, _)| sq))
            .collect();
        self.done = Some((best, score, self.depth));
        self.next_iteration(self.depth + 1);
    }

    fn next_iteration(&mut self, depth: u32) {
        if depth > self.max_depth {
            self.stopped = true;
            return;
        }
        self.depth = depth;
        self.first_sent = false;
        self.best = None;
        self.waiting.clear();
        self.again.clear();
        self.found.clear();
    }

    /// True when the search is over: the last iteration is done, or a task ran out of
    /// budget. Tasks still running may be left to end (their outcomes are not needed).
    pub fn finished(&self) -> bool {
        self.stopped
    }

    /// The best move: that of the iteration under way if its first move is searched (a
    /// move that beat it counts, as in the one-worker search), else of the last completed
    /// one.
    pub fn result(&self) -> Option<SplitResult> {
        let (best, score, depth) = match (self.best, self.done) {
            (Some((sq, s)), Some((_, _, d))) => (sq, s, d),
            (Some((sq, s)), None) => (sq, s, 0),
            (None, Some(done)) => done,
            (None, None) => return None,
        };
        Some(SplitResult {
            best,
            score: to_discs(score),
            depth,
        })
    }
}

impl Ai {
    /// Runs a task of a [`Split`] of `position` within `limits` (the level's node budget and
    /// time cap are the caller's to share out; the depth limit is the task's). Returns the
    /// outcome and the nodes searched, or the error of a task's move that cannot be played
    /// there. Shallow iterations of a position without a move find nothing (depth 0).
    pub fn run_split_task(
        &mut self,
        position: Position,
        rules: Rules,
        task: SplitTask,
        limits: &Limits,
    ) -> Result<(SplitOutcome, u64), PlayError> {
        let board = position.board;
        if let SplitTask::Move { square, .. } = task {
            position.play(square)?; // checked before anything changes
        }
        let budget = Budget::start(limits);
        let options = Options::midgame(rules);
        if self.split_root == Some(board) {
            self.use_table_for(rules, options.eval, options.selective);
        } else {
            self.begin_search(rules, options.eval, options.selective);
            self.split_root = Some(board);
        }
        Ok(match task {
            SplitTask::Deepen { .. } if board.legal_moves() == 0 => {
                let nothing = SplitOutcome::Deepened {
                    order: Vec::new(),
                    score: 0,
                    depth: 0,
                };
                (nothing, 0)
            }
            SplitTask::Deepen { depth } => {
                let r = self.midgame(board, rules, &options, budget, depth, depth, false);
                let outcome = SplitOutcome::Deepened {
                    order: r.order,
                    score: r.score,
                    depth: r.depth,
                };
                (outcome, r.nodes)
            }
            SplitTask::Move {
                square,
                depth,
                alpha,
                beta,
            } => {
                let mut searcher =
                    Searcher::new(&mut self.tt, options.eval, rules, budget).selective();
                let child = board.make_move(square, board.flips(square));
                let features = Features::new(child.player, child.opponent);
                let score = -searcher.negamax(child, &features, depth - 1, -beta, -alpha);
                let outcome = SplitOutcome::Move {
                    score,
                    complete: !searcher.aborted(),
                };
                (outcome, searcher.nodes)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Start;
    use crate::openings::random_openings;

    /// Positions after `plies` random moves with two moves or more.
    fn positions(n: usize, plies: u32, seed: u64) -> Vec<Position> {
        let mut out = random_openings(4 * n, plies, seed);
        out.retain(|p| p.board.legal_moves().count_ones() >= 2);
        out.truncate(n);
        assert_eq!(out.len(), n);
        out
    }

    /// The one-worker search to `depth`, as the split's tasks search (no exact solving).
    fn searched(position: Position, depth: u32) -> crate::ai::Analysis {
        let limits = Limits {
            max_depth: Some(depth),
            ..Limits::NONE
        };
        Ai::new(1).analyze(
            position.board,
            Rules::Classic,
            &limits,
            &Options::midgame(Rules::Classic),
        )
    }

    /// Runs `split` on `workers` simulated workers: each round hands a task to every idle
    /// worker, runs them, and reports the outcomes last first.
    fn run(mut split: Split, position: Position, workers: &mut [Ai]) -> SplitResult {
        let mut rounds = 0;
        while !split.finished() {
            let mut outcomes = Vec::new();
            for (w, ai) in workers.iter_mut().enumerate() {
                let Some(task) = split.next_task(w) else {
                    continue;
                };
                let (outcome, _) = ai
                    .run_split_task(position, Rules::Classic, task, &Limits::NONE)
                    .expect("a task of the plan");
                outcomes.push((task, outcome));
            }
            assert!(!outcomes.is_empty(), "no task and not finished");
            for (task, outcome) in outcomes.into_iter().rev() {
                // As they travel between the page and its workers.
                let task: SplitTask = task.to_string().parse().expect("a task");
                let outcome: SplitOutcome = outcome.to_string().parse().expect("an outcome");
                split.report(task, outcome);
            }
            rounds += 1;
            assert!(rounds < 10_000);
        }
        split.result().expect("a move")
    }

    #[test]
    fn one_worker_searches_as_the_one_worker_search_does() {
        for position in positions(12, 20, 1) {
            // Deeper than the shallow iterations.
            let depth = SHALLOW_DEPTH + 2;
            let split = Split::new(position.board, Level::MAX).expect("a midgame position");
            let got = run(split.with_max_depth(depth), position, &mut [Ai::new(1)]);
            let want = searched(position, depth);
            assert_eq!(
                (Some(got.best), got.score, got.depth),
                (want.best, want.score, want.depth)
            );
        }
    }

    #[test]
    fn more_workers_reach_the_depth_with_a_best_move() {
        for (i, position) in positions(12, 24, 2).into_iter().enumerate() {
            let depth = SHALLOW_DEPTH + 2;
            let split = Split::new(position.board, Level::MAX).expect("a midgame position");
            let mut workers: Vec<Ai> = (0..2 + i % 3).map(|_| Ai::new(1)).collect();
            let got = run(split.with_max_depth(depth), position, &mut workers);
            let want = searched(position, depth);
            // Each worker has its own table, so Multi-ProbCut's shallow searches may find
            // other entries and cut elsewhere: the same depth, a score within a disc.
            assert_eq!(got.depth, want.depth);
            assert!((got.score - want.score).abs() <= 1.0, "{got:?} {want:?}");
            assert!(position.board.legal_moves() & 1 << got.best.index() != 0);
        }
    }

    #[test]
    fn a_worker_gets_back_the_moves_it_searched() {
        let position = positions(1, 20, 4)[0];
        let mut split = Split::new(position.board, Level::MAX)
            .expect("a plan")
            .with_max_depth(SHALLOW_DEPTH + 2);
        let mut ais = [Ai::new(1), Ai::new(1)];
        let mut run_on = |split: &mut Split, w: usize, task: SplitTask| {
            let (outcome, _) = ais[w]
                .run_split_task(position, Rules::Classic, task, &Limits::NONE)
                .expect("a task of the plan");
            split.report(task, outcome);
        };
        // Worker 1 runs the shallow iterations, so the next iteration's first move is its.
        let shallow = split.next_task(1).expect("the shallow task");
        assert_eq!(split.next_task(0), None);
        run_on(&mut split, 1, shallow);
        assert_eq!(split.next_task(0), None);
        let mut searched_by: Vec<(Square, usize)> = Vec::new();
        for depth in [SHALLOW_DEPTH + 1, SHALLOW_DEPTH + 2] {
            let mut asked = 1;
            while !split.finished() {
                let w = asked % 2;
                asked += 1;
                let Some(task) = split.next_task(w) else {
                    continue;
                };
                let SplitTask::Move {
                    square, depth: d, ..
                } = task
                else {
                    panic!("a move task");
                };
                assert_eq!(d, depth);
                if depth == SHALLOW_DEPTH + 2 {
                    // Its own moves first, while it has some left.
                    let own = |w: usize| searched_by.iter().filter(move |&&(_, o)| o == w);
                    let last = searched_by
                        .iter()
                        .find(|&&(sq, _)| sq == square)
                        .map(|&(_, o)| o);
                    assert!(last == Some(w) || own(w).all(|&(sq, _)| !split.waiting.contains(&sq)));
                } else {
                    searched_by.push((square, w));
                }
                run_on(&mut split, w, task);
                if split.depth != depth {
                    break;
                }
            }
        }
        assert!(split.finished());
        assert!(
            searched_by.iter().any(|&(_, w)| w == 0) && searched_by.iter().any(|&(_, w)| w == 1)
        );
    }

    #[test]
    fn only_the_top_level_splits_and_not_its_exact_endgames() {
        let board = Start::Standard.position().board;
        assert!(Split::new(board, Level::new(5).expect("a level")).is_none());
        assert!(Split::new(board, Level::new(9).expect("a level")).is_none());
        assert!(Split::new(board, Level::MAX).is_some());
        let endgame = positions(1, 42, 3)[0];
        assert!(Split::new(endgame.board, Level::MAX).is_none());
    }

    #[test]
    fn a_task_of_a_move_that_is_not_legal_is_refused() {
        let start = Start::Standard.position();
        let task = SplitTask::Move {
            square: "a1".parse().expect("a square"),
            depth: 3,
            alpha: 0,
            beta: 1,
        };
        let mut ai = Ai::new(1);
        let refused = ai.run_split_task(start, Rules::Classic, task, &Limits::NONE);
        assert!(
            matches!(refused, Err(PlayError::Illegal { .. })),
            "{refused:?}"
        );
        // The shallow iterations of a position where nobody can move find nothing.
        let over = Position {
            board: Board::new(u64::MAX, 0),
            side: start.side,
        };
        let shallow = SplitTask::Deepen { depth: 8 };
        let (nothing, _) = ai
            .run_split_task(over, Rules::Classic, shallow, &Limits::NONE)
            .expect("no move to play");
        assert_eq!(
            nothing,
            SplitOutcome::Deepened {
                order: Vec::new(),
                score: 0,
                depth: 0
            }
        );
    }

    #[test]
    fn outcomes_that_do_not_fit_are_left_out() {
        let board = Start::Standard.position().board;
        let mut split = Split::new(board, Level::MAX).expect("a plan");
        let task = split.next_task(0).expect("the shallow task");
        // An order that leaves out a move ends the search, with no move.
        let bad = SplitOutcome::Deepened {
            order: vec!["d3".parse().expect("a square")],
            score: 0,
            depth: 8,
        };
        split.report(task, bad);
        assert!(split.finished());
        assert_eq!(split.result(), None);
    }
}
