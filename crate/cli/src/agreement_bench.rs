//! `reversi bench agreement`: how often a level's midgame search (by default the top level's,
//! its node budget, no clock) picks a move the exact solver says is best, on positions of 22
//! to 26 empties, and what its misses cost in discs. A measure, not a test.
//!
//! Positions: games from `--positions` random openings of 8 plies (`--seed`), played on by
//! level 6 (no noise) to 22, 23, ... 26 empties in turn. Options: `--level N`, `--inverse`.

use reversi::{
    random_openings, Ai, Board, EvalKind, Level, Limits, Rules, Scoring, Solver, Square,
};

use crate::args::{level, rules, Args};
use crate::out::{self, Failure};

pub fn run(mut args: Args) -> Result<(), Failure> {
    let rules = rules(&mut args);
    let count = args.number("--positions", 100usize, 1..=10_000)?;
    let seed = args.number("--seed", 1u64, 0..=u64::MAX)?;
    let level = level(&mut args)?.unwrap_or(Level::MAX);
    args.finish()?;

    let mut player = Ai::new(32);
    let mut solver = Solver::new(64);
    let eval = EvalKind::for_rules(rules);
    out::line(format_args!(
        "{} game, level {} against the exact solver, {count} positions of 22-26 empties",
        rules.name(),
        level.get()
    ))?;
    let (mut agreed, mut lost, mut n) = (0u32, 0i64, 0u32);
    let mut by_empties = [(0u32, 0u32); 5];
    for (i, opening) in random_openings(count, 8, seed).iter().enumerate() {
        let target = 22 + (i % 5) as u32;
        let Some(board) = play_to(&mut player, opening.board, rules, target) else {
            continue;
        };
        player.clear();
        let Some(chosen) = player
            .play_level(board, rules, level, eval, None, seed)
            .best
        else {
            continue;
        };
        let (best, best_move) = exact(&mut solver, board, rules);
        // The chosen move's own solve only when it is not the solver's best (a tie still
        // agrees).
        let got = if best_move == Some(chosen) {
            best
        } else {
            -exact(
                &mut solver,
                board.make_move(chosen, board.flips(chosen)),
                rules,
            )
            .0
        };
        let slot = &mut by_empties[(board.empty_count() - 22) as usize];
        slot.1 += 1;
        n += 1;
        if got == best {
            agreed += 1;
            slot.0 += 1;
        } else {
            lost += i64::from(best - got);
        }
    }
    for (k, (a, total)) in by_empties.iter().enumerate() {
        if *total > 0 {
            out::line(format_args!("{} empties: {a}/{total} best moves", 22 + k))?;
        }
    }
    out::line(format_args!(
        "agreement {agreed}/{n} ({:.1}%), mean loss {:.2} discs a position",
        100.0 * f64::from(agreed) / f64::from(n.max(1)),
        lost as f64 / f64::from(n.max(1))
    ))
}

/// The position reached when level 6 plays both sides from `board` down to `empties`
/// empties, if the game gets there with the side to move able to move.
fn play_to(ai: &mut Ai, mut board: Board, rules: Rules, empties: u32) -> Option<Board> {
    let level = Level::new(6).expect("a level");
    while board.empty_count() > empties {
        if board.legal_moves() == 0 {
            board = board.pass();
            if board.legal_moves() == 0 {
                return None;
            }
            continue;
        }
        let sq: Square = ai.choose_move(board, rules, level, None, 0)?;
        board = board.make_move(sq, board.flips(sq));
    }
    (board.legal_moves() != 0 && board.empty_count() == empties).then_some(board)
}

/// The exact score of `board` for the side to move (discs on the board) and a best move.
fn exact(solver: &mut Solver, board: Board, rules: Rules) -> (i32, Option<Square>) {
    let solution = solver
        .solve(board, rules, Scoring::DiscsOnBoard, &Limits::NONE)
        .expect("no limit");
    (solution.score, solution.best)
}
