//! `Ai::score_moves`: every legal move scored, best first; the midgame scores are the full-
//! window values of a plain minimax on the evaluation; the exact ones equal a brute-force
//! minimax to the end, in both games; a tiny budget still scores every move.

mod common;

use common::Rng;

use reversi::{Ai, Board, EvalKind, Limits, Position, Rules};

/// A position after `plies` random moves from the standard start (None if the game ended or
/// someone had to pass on the way).
fn random_position(rng: &mut Rng, plies: usize) -> Option<Board> {
    let mut b = Position::standard().board;
    for _ in 0..plies {
        if b.legal_moves() == 0 {
            return None;
        }
        let sq = rng.pick(b.legal_moves());
        b = b.make_move(sq, b.flips(sq));
    }
    (b.legal_moves() != 0).then_some(b)
}

fn children(b: Board) -> Vec<Board> {
    reversi::Square::iter_bits(b.legal_moves())
        .map(|sq| b.make_move(sq, b.flips(sq)))
        .collect()
}

/// The final score for the side to move with best play, counting the discs on the board.
fn brute_force(b: Board, rules: Rules) -> i32 {
    if b.legal_moves() == 0 {
        if b.pass().legal_moves() == 0 {
            return rules.score(b.player.count_ones(), b.opponent.count_ones());
        }
        return -brute_force(b.pass(), rules);
    }
    children(b)
        .into_iter()
        .map(|c| -brute_force(c, rules))
        .max()
        .unwrap()
}

fn check_shape(b: Board, scores: &[reversi::MoveScore]) {
    assert_eq!(scores.len() as u32, b.legal_moves().count_ones());
    let mut seen = 0u64;
    for m in scores {
        assert_ne!(b.legal_moves() & m.square.bit(), 0, "{} is legal", m.square);
        assert_eq!(seen & m.square.bit(), 0, "{} once", m.square);
        seen |= m.square.bit();
        assert!(m.depth >= 1);
    }
    assert!(
        scores.windows(2).all(|w| w[0].score >= w[1].score),
        "best first"
    );
}

#[test]
fn midgame_scores_are_the_minimax_of_the_evaluation() {
    let mut rng = Rng::new(5);
    let mut checked = 0;
    while checked < 40 {
        let plies = 10 + rng.below(20);
        let Some(b) = random_position(&mut rng, plies) else {
            continue;
        };
        // Depth 2, away from passes and ends: each move's value is the minimum over the
        // replies of the evaluation after them.
        let grandchildren_ok = children(b)
            .iter()
            .all(|c| c.legal_moves() != 0 && children(*c).iter().all(|g| !g.is_game_over()));
        if !grandchildren_ok {
            continue;
        }
        for rules in [Rules::Classic, Rules::Inverse] {
            let eval = EvalKind::for_rules(rules);
            let limits = Limits {
                max_depth: Some(2),
                ..Limits::NONE
            };
            let scores = Ai::new(1).score_moves(b, rules, &limits);
            check_shape(b, &scores);
            for m in &scores {
                let child = b.make_move(m.square, b.flips(m.square));
                let want = children(child)
                    .iter()
                    .map(|g| eval.evaluate(g))
                    .min()
                    .unwrap();
                assert_eq!(m.score, want as f32 / 100.0, "{} in {b:?}", m.square);
                assert_eq!((m.depth, m.exact), (2, false));
            }
        }
        checked += 1;
    }
}

#[test]
fn exact_scores_are_the_best_play_results_in_both_games() {
    let mut rng = Rng::new(9);
    let mut checked = 0;
    while checked < 30 {
        let plies = 51 + rng.below(3);
        let Some(b) = random_position(&mut rng, plies) else {
            continue;
        };
        // Exact from the midgame search to the end, or (its depth capped) from the solver.
        let capped = Limits {
            max_depth: Some(2),
            ..Limits::NONE
        };
        for (rules, limits) in [
            (Rules::Classic, Limits::NONE),
            (Rules::Inverse, Limits::NONE),
            (Rules::Classic, capped),
            (Rules::Inverse, capped),
        ] {
            let mut ai = Ai::new(2);
            let scores = ai.score_moves(b, rules, &limits);
            check_shape(b, &scores);
            for m in &scores {
                let child = b.make_move(m.square, b.flips(m.square));
                assert!(m.exact, "{} exact", m.square);
                assert_eq!(m.depth, b.empty_count());
                assert_eq!(m.score, -brute_force(child, rules) as f32, "{}", m.square);
            }
        }
        checked += 1;
    }
}

#[test]
fn a_tiny_budget_still_scores_every_move() {
    let mut rng = Rng::new(13);
    let mut checked = 0;
    while checked < 20 {
        let Some(b) = random_position(&mut rng, 20) else {
            continue;
        };
        let scores = Ai::new(1).score_moves(b, Rules::Classic, &Limits::nodes(1));
        check_shape(b, &scores);
        assert!(scores.iter().all(|m| m.depth == 1 && !m.exact));
        checked += 1;
    }
    // No move: no score.
    let full = Board::new(u64::MAX, 0);
    assert!(Ai::new(1)
        .score_moves(full, Rules::Classic, &Limits::NONE)
        .is_empty());
}
