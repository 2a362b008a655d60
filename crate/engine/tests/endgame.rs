//! The exact endgame solver: the FFO suite (empties to the winner), a naive minimax on random
//! endgames of both games with both scorings, passes, finished games, windows, aborts.

mod common;

use common::Rng;

use std::sync::atomic::{AtomicU64, Ordering};

use reversi::{Board, Limits, Position, Rules, Scoring, Solver, Square};

const FFO_1_19: &str = include_str!("data/fforum-1-19.obf");
const FFO_20_39: &str = include_str!("data/fforum-20-39.obf");

/// The listed `(move, score)` pairs of an OBF line.
type Listed = Vec<(Option<Square>, i32)>;

/// The positions of an OBF file with their listed scores.
fn obf(text: &str) -> Vec<(Position, Listed)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('%'))
        .map(|l| Position::parse_obf(l).expect("test data parses"))
        .collect()
}

/// Solves `pos` and checks the score is the best listed one and the move is listed with it.
fn check_best(solver: &mut Solver, index: usize, pos: &Position, listed: &[(Option<Square>, i32)]) {
    let best = listed.iter().map(|&(_, s)| s).max().expect("scores listed");
    let sol = solver
        .solve(
            pos.board,
            Rules::Classic,
            Scoring::EmptiesToWinner,
            &Limits::NONE,
        )
        .expect("not aborted");
    assert_eq!(sol.score, best, "position {index}: score");
    let mv = sol.best.expect("a move");
    assert!(
        listed.iter().any(|&(m, s)| m == Some(mv) && s == best),
        "position {index}: {mv} is not among the best listed moves {listed:?}"
    );
    assert!(sol.nodes > 0);
}

#[test]
fn ffo_1_19_best_move_and_score() {
    let mut solver = Solver::new(16);
    let positions = obf(FFO_1_19);
    assert_eq!(positions.len(), 19);
    for (i, (pos, listed)) in positions.iter().enumerate() {
        check_best(&mut solver, i + 1, pos, listed);
    }
}

#[test]
fn ffo_1_19_every_listed_move() {
    let mut solver = Solver::new(16);
    for (i, (pos, listed)) in obf(FFO_1_19).iter().enumerate() {
        for &(mv, score) in listed {
            let mv = mv.expect("no pass is listed in this suite");
            let child = pos.play(mv).expect("listed moves are legal");
            let sol = solver
                .solve(
                    child.board,
                    Rules::Classic,
                    Scoring::EmptiesToWinner,
                    &Limits::NONE,
                )
                .expect("not aborted");
            assert_eq!(-sol.score, score, "position {}: move {mv}", i + 1);
        }
    }
}

#[test]
fn ffo_20_39_easy_ones() {
    let mut solver = Solver::new(32);
    let positions = obf(FFO_20_39);
    assert_eq!(positions.len(), 20);
    // The quicker ones (up to 20 empties).
    for i in [0, 1, 2, 3, 4, 7, 9] {
        let (pos, listed) = &positions[i];
        check_best(&mut solver, i + 20, pos, listed);
    }
}

/// The final score by the book: discs counted, the empties to the winner if asked.
fn naive_final(board: Board, rules: Rules, scoring: Scoring) -> i32 {
    let own = board.player.count_ones() as i32;
    let other = board.opponent.count_ones() as i32;
    let empty = 64 - own - other;
    let diff = match rules {
        Rules::Classic => own - other,
        Rules::Inverse => other - own,
    };
    match scoring {
        Scoring::DiscsOnBoard => diff,
        Scoring::EmptiesToWinner => match diff {
            d if d > 0 => d + empty,
            d if d < 0 => d - empty,
            _ => 0,
        },
    }
}

/// Plain minimax (negamax form), no pruning.
fn naive(board: Board, rules: Rules, scoring: Scoring) -> i32 {
    let moves = board.legal_moves();
    if moves == 0 {
        if board.pass().legal_moves() == 0 {
            return naive_final(board, rules, scoring);
        }
        return -naive(board.pass(), rules, scoring);
    }
    Square::iter_bits(moves)
        .map(|sq| -naive(board.make_move(sq, board.flips(sq)), rules, scoring))
        .max()
        .expect("at least one move")
}

/// Random play from the standard start until `empties` squares are left (or the game ends).
fn random_position(rng: &mut Rng, empties: u32) -> Board {
    let mut board = Position::standard().board;
    while board.empty_count() > empties {
        let moves = board.legal_moves();
        if moves == 0 {
            if board.pass().legal_moves() == 0 {
                break;
            }
            board = board.pass();
            continue;
        }
        let sq = rng.pick(moves);
        board = board.make_move(sq, board.flips(sq));
    }
    board
}

const MODES: [(Rules, Scoring); 4] = [
    (Rules::Classic, Scoring::DiscsOnBoard),
    (Rules::Classic, Scoring::EmptiesToWinner),
    (Rules::Inverse, Scoring::DiscsOnBoard),
    (Rules::Inverse, Scoring::EmptiesToWinner),
];

/// Checks a solution against the naive minimax: the score, and the best move's value.
fn check_against_naive(solver: &mut Solver, board: Board, rules: Rules, scoring: Scoring) {
    let expected = naive(board, rules, scoring);
    let sol = solver
        .solve(board, rules, scoring, &Limits::NONE)
        .expect("not aborted");
    let context = format!(
        "{:?} {rules:?} {scoring:?}",
        Position {
            board,
            side: reversi::Color::Black
        }
        .to_obf()
    );
    assert_eq!(sol.score, expected, "score of {context}");
    match sol.best {
        Some(sq) => {
            let flips = board.flips(sq);
            assert_ne!(flips, 0, "best move {sq} is illegal in {context}");
            let child = board.make_move(sq, flips);
            assert_eq!(
                -naive(child, rules, scoring),
                expected,
                "move {sq} of {context}"
            );
        }
        None => assert_eq!(
            board.legal_moves(),
            0,
            "no move given although one is legal: {context}"
        ),
    }
}

#[test]
fn random_endgames_match_naive_minimax() {
    let mut rng = Rng::new(0x5eed_0001);
    // One solver for everything: the table must keep games and scorings apart.
    let mut solver = Solver::new(8);
    let mut count = 0;
    for round in 0..100 {
        let empties = 1 + round % 11;
        let board = random_position(&mut rng, empties);
        for (rules, scoring) in MODES {
            check_against_naive(&mut solver, board, rules, scoring);
            count += 1;
        }
    }
    assert_eq!(count, 400);
}

#[test]
fn passes_and_finished_games_match_naive_minimax() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut solver = Solver::new(8);
    let (mut passes, mut finished) = (0, 0);
    while passes < 40 || finished < 40 {
        // Play a random game to its end, checking the pass positions of the last 12 empties
        // and the final position.
        let mut board = Position::standard().board;
        loop {
            let moves = board.legal_moves();
            if moves == 0 {
                if board.pass().legal_moves() == 0 {
                    if finished < 40 {
                        for (rules, scoring) in MODES {
                            let sol = solver.solve(board, rules, scoring, &Limits::NONE).unwrap();
                            assert_eq!(sol.best, None);
                            assert_eq!(sol.score, naive_final(board, rules, scoring));
                        }
                        finished += 1;
                    }
                    break;
                }
                if board.empty_count() <= 12 && passes < 40 {
                    for (rules, scoring) in MODES {
                        let sol = solver.solve(board, rules, scoring, &Limits::NONE).unwrap();
                        assert_eq!(sol.best, None, "must pass");
                        assert_eq!(sol.score, naive(board, rules, scoring));
                        assert_eq!(sol.score, -naive(board.pass(), rules, scoring));
                    }
                    passes += 1;
                }
                board = board.pass();
                continue;
            }
            let sq = rng.pick(moves);
            board = board.make_move(sq, board.flips(sq));
        }
    }
}

#[test]
fn full_board_and_wipe_out() {
    let mut solver = Solver::new(1);
    // A full board: 40 against 24.
    let full = Board::new(u64::MAX >> 24, !(u64::MAX >> 24));
    let sol = solver
        .solve(full, Rules::Classic, Scoring::DiscsOnBoard, &Limits::NONE)
        .unwrap();
    assert_eq!((sol.best, sol.score), (None, 16));
    let sol = solver
        .solve(
            full,
            Rules::Inverse,
            Scoring::EmptiesToWinner,
            &Limits::NONE,
        )
        .unwrap();
    assert_eq!((sol.best, sol.score), (None, -16));
    // Three discs against none, 61 empty: the empties go to the winner.
    let board = Board::new(0b111, 0);
    for (rules, scoring, expected) in [
        (Rules::Classic, Scoring::DiscsOnBoard, 3),
        (Rules::Classic, Scoring::EmptiesToWinner, 64),
        (Rules::Inverse, Scoring::DiscsOnBoard, -3),
        (Rules::Inverse, Scoring::EmptiesToWinner, -64),
    ] {
        let sol = solver.solve(board, rules, scoring, &Limits::NONE).unwrap();
        assert_eq!(
            (sol.best, sol.score),
            (None, expected),
            "{rules:?} {scoring:?}"
        );
    }
}

#[test]
fn search_window_is_fail_soft_and_exact_inside() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut solver = Solver::new(8);
    for round in 0..60 {
        let board = random_position(&mut rng, 4 + round % 7);
        for (rules, scoring) in MODES {
            let exact = naive(board, rules, scoring);
            for _ in 0..3 {
                let a = (rng.next_u64() % 129) as i32 - 64;
                let b = a + 1 + (rng.next_u64() % 20) as i32;
                let v = solver
                    .search(board, rules, scoring, a, b, &Limits::NONE)
                    .expect("not aborted");
                if v <= a {
                    assert!(exact <= v, "fail low {v} but exact {exact} in ({a}, {b})");
                } else if v >= b {
                    assert!(exact >= v, "fail high {v} but exact {exact} in ({a}, {b})");
                } else {
                    assert_eq!(v, exact, "inside ({a}, {b})");
                }
            }
        }
    }
}

#[test]
fn stop_aborts_and_the_solver_still_works() {
    let positions = obf(FFO_20_39);
    // 20 empties.
    let (pos, listed) = &positions[9];
    let mut solver = Solver::new(8);
    // The budget is checked every 4096 nodes.
    let r = solver.solve(
        pos.board,
        Rules::Classic,
        Scoring::EmptiesToWinner,
        &Limits::nodes(3 * 4096),
    );
    assert_eq!(r, None);
    assert!(
        (3 * 4096..4 * 4096).contains(&solver.nodes()),
        "{} nodes",
        solver.nodes()
    );
    // A clock that has passed the deadline at the first check.
    fn ticking() -> f64 {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        CALLS.fetch_add(1, Ordering::Relaxed) as f64 * 1e6
    }
    let r = solver.search(
        pos.board,
        Rules::Inverse,
        Scoring::DiscsOnBoard,
        -1,
        1,
        &Limits::time(1.0, ticking),
    );
    assert_eq!(r, None);
    assert!(solver.nodes() < 2 * 4096, "{} nodes", solver.nodes());
    // The aborted searches left nothing wrong behind.
    check_best(&mut solver, 29, pos, listed);
}

/// Above the naive minimax's reach (the aspiration window at the root, the orderings by
/// shallow searches, the enhanced transposition cutoff all start at 14 empties or fewer):
/// the root's score and move agree with a one-ply expansion solved by separate solvers, and
/// with a plain full-window search.
#[test]
fn deep_roots_agree_with_their_children() {
    let mut rng = Rng::new(0x5eed_0016);
    let mut checked = 0;
    for (rules, scoring) in MODES {
        for _ in 0..2 {
            let board = random_position(&mut rng, 17);
            if board.legal_moves() == 0 {
                continue;
            }
            let sol = Solver::new(8)
                .solve(board, rules, scoring, &Limits::NONE)
                .expect("not aborted");
            let full = Solver::new(8)
                .search(board, rules, scoring, -64, 64, &Limits::NONE)
                .expect("not aborted");
            assert_eq!(sol.score, full, "{rules:?} {scoring:?}: solve vs search");
            let mut children = Solver::new(8);
            let mut best = i32::MIN;
            for sq in Square::iter_bits(board.legal_moves()) {
                let child = board.make_move(sq, board.flips(sq));
                let v = -children
                    .solve(child, rules, scoring, &Limits::NONE)
                    .expect("not aborted")
                    .score;
                if Some(sq) == sol.best {
                    assert_eq!(v, sol.score, "{rules:?} {scoring:?}: value of {sq}");
                }
                best = best.max(v);
            }
            assert_eq!(sol.score, best, "{rules:?} {scoring:?}: best child");
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} positions checked");
}
