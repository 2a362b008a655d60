//! The AI: legal moves everywhere (passes, single moves, finished games), node budgets,
//! determinism of the levels, obvious choices, and exact scores against a brute-force minimax.

mod common;

use common::Rng;

use reversi::{Ai, Board, EvalKind, Level, Limits, Options, Position, Rules, Square};

fn nodes(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        max_time_ms: None,
        max_depth: None,
        clock: None,
    }
}

/// Every position of a random game from the standard start (passes applied), each with the
/// side to move, ending with the finished position.
fn random_game(seed: u64) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut b = Position::standard().board;
    let mut out = vec![b];
    while !b.is_game_over() {
        if b.legal_moves() == 0 {
            out.push(b); // the side to move must pass here
            b = b.pass();
            out.push(b);
            continue;
        }
        let sq = rng.pick(b.legal_moves());
        b = b.make_move(sq, b.flips(sq));
        out.push(b);
    }
    out
}

fn check_move(board: &Board, best: Option<Square>, what: &str) {
    let moves = board.legal_moves();
    match best {
        None => assert_eq!(
            moves,
            0,
            "{what}: no move, but {} legal",
            moves.count_ones()
        ),
        Some(sq) => assert_ne!(moves & sq.bit(), 0, "{what}: {sq} is not legal"),
    }
}

#[test]
fn legal_moves_in_random_games_both_rules() {
    let mut ai = Ai::new(4);
    let mut passes = 0;
    let mut single = 0;
    for rules in [Rules::Classic, Rules::Inverse] {
        for seed in 0..12u64 {
            for (i, b) in random_game(seed).iter().enumerate() {
                passes += (b.legal_moves() == 0 && !b.is_game_over()) as u32;
                single += (b.legal_moves().count_ones() == 1) as u32;
                let a = ai.think(*b, rules, &nodes(3000));
                check_move(b, a.best, &format!("think seed {seed} ply {i}"));
                // Exact-solver nodes are cheaper: SOLVER_NODES_PER_NODE of them cost one node.
                let cap = 3000 * reversi::SOLVER_NODES_PER_NODE + 1;
                assert!(a.nodes <= cap, "{} nodes", a.nodes);
                if b.empty_count() > 10 {
                    assert!(a.nodes <= 3001, "{} nodes (midgame only)", a.nodes);
                }
                if let Some(best) = a.best {
                    assert_eq!(a.pv.first(), Some(&best));
                }
                let level = Level::new(1 + (i % 4) as u8).unwrap();
                let m = ai.choose_move(*b, rules, level, None, seed ^ i as u64);
                check_move(b, m, &format!("level {} seed {seed} ply {i}", level.get()));
            }
        }
    }
    assert!(passes > 0, "the games should include forced passes");
    assert!(single > 0, "the games should include one-move positions");
}

#[test]
fn pass_and_game_over_give_none() {
    // Black (to move) has no move: a lone white disc on a1 with black on b1... nothing to flank.
    let b = Position::parse(
        "OX------------------------------------------------------------X-",
        "X",
    )
    .unwrap()
    .board;
    assert_eq!(b.legal_moves(), 0);
    let mut ai = Ai::new(1);
    assert_eq!(ai.think(b, Rules::Classic, &nodes(1000)).best, None);
    assert_eq!(ai.choose_move(b, Rules::Inverse, Level::MAX, None, 1), None);
    let full = Board::new(u64::MAX >> 20, !(u64::MAX >> 20));
    assert!(full.is_game_over());
    assert_eq!(
        ai.choose_move(full, Rules::Classic, Level::MIN, None, 1),
        None
    );
}

#[test]
fn node_budgets_are_respected() {
    let mut ai = Ai::new(8);
    let boards: Vec<Board> = random_game(99).into_iter().step_by(7).take(6).collect();
    for rules in [Rules::Classic, Rules::Inverse] {
        for b in &boards {
            for budget in [1u64, 50, 1000, 20_000] {
                let a = ai.think(*b, rules, &nodes(budget));
                check_move(b, a.best, "budget");
                assert!(
                    a.nodes <= budget + 1,
                    "{} nodes for a budget of {budget}",
                    a.nodes
                );
            }
        }
    }
    // The levels' own budgets too.
    let b = boards[2];
    for n in 1..=Level::MAX.get() {
        let level = Level::new(n).unwrap();
        let a = ai.play_level(b, Rules::Classic, level, EvalKind::Classic, None, 3);
        assert!(
            a.nodes <= level.spec().nodes + 1,
            "level {n}: {} nodes",
            a.nodes
        );
    }
}

#[test]
fn node_budgets_are_respected_when_the_exact_solver_runs() {
    // Positions of 12-20 empties: the budget goes partly to the midgame search, partly to the
    // exact solver (whose nodes cost 1/SOLVER_NODES_PER_NODE each); the solver checks its
    // budget every few thousand of its nodes, hence the margin.
    const MARGIN: u64 = 8192 / reversi::SOLVER_NODES_PER_NODE + 1;
    let mut ai = Ai::new(8);
    let mut solved = 0;
    for seed in 200..203 {
        let game = random_game(seed);
        let boards = game
            .iter()
            .filter(|b| (12..=20).contains(&b.empty_count()) && b.legal_moves() != 0)
            .step_by(3);
        for rules in [Rules::Classic, Rules::Inverse] {
            for b in boards.clone() {
                for budget in [2_000u64, 30_000, 300_000] {
                    ai.clear();
                    let limits = nodes(budget);
                    let options = Options {
                        exact_empties: 20,
                        ..Options::for_limits(rules, &limits)
                    };
                    let a = ai.analyze(*b, rules, &limits, &options);
                    check_move(b, a.best, "solver budget");
                    assert!(
                        a.budget_used() <= budget + MARGIN,
                        "{} empties: {} budget units ({} solver nodes) for a budget of {budget}",
                        b.empty_count(),
                        a.budget_used(),
                        a.solver_nodes
                    );
                    assert!(a.solver_nodes <= a.nodes);
                    solved += usize::from(a.exact);
                }
            }
        }
    }
    assert!(solved > 0, "some positions were solved within their budget");
}

#[test]
fn depth_limit_is_respected_and_deeper_searches_count_more_nodes() {
    let mut ai = Ai::new(8);
    let b = random_game(5)[12];
    let mut last = 0;
    for depth in 1..=6 {
        ai.clear();
        let limits = Limits {
            max_depth: Some(depth),
            ..nodes(10_000_000)
        };
        let a = ai.think(b, Rules::Classic, &limits);
        assert_eq!(a.depth, depth);
        assert!(a.nodes > last, "depth {depth}: {} nodes", a.nodes);
        last = a.nodes;
    }
}

#[test]
fn levels_are_deterministic_given_a_seed_and_noisy_at_the_bottom() {
    let boards: Vec<Board> = random_game(7)
        .into_iter()
        .filter(|b| b.legal_moves().count_ones() >= 4)
        .take(20)
        .collect();
    for n in [1u8, 3, 5, 8] {
        let level = Level::new(n).unwrap();
        let play = |seed: u64| -> Vec<Option<Square>> {
            let mut ai = Ai::new(2);
            boards
                .iter()
                .map(|b| ai.choose_move(*b, Rules::Classic, level, None, seed))
                .collect()
        };
        assert_eq!(play(11), play(11), "level {n}");
    }
    // Level 1 varies with the seed; the top level does not.
    let b = boards[3];
    let choices = |level: Level| -> std::collections::HashSet<Square> {
        (0..40u64)
            .filter_map(|seed| Ai::new(1).choose_move(b, Rules::Classic, level, None, seed))
            .collect()
    };
    assert!(choices(Level::MIN).len() > 1);
    assert_eq!(choices(Level::new(7).unwrap()).len(), 1);
}

#[test]
fn level_specs_grow_with_the_level() {
    let specs: Vec<_> = (1..=Level::MAX.get())
        .map(|n| Level::new(n).unwrap().spec())
        .collect();
    for w in specs.windows(2) {
        assert!(w[1].depth >= w[0].depth);
        assert!(w[1].nodes >= w[0].nodes);
        assert!(w[1].exact_empties >= w[0].exact_empties);
        assert!(w[1].temperature <= w[0].temperature);
    }
    assert!(specs[0].temperature > 0.0);
    assert_eq!(specs[specs.len() - 1].temperature, 0.0);
    assert!(specs[specs.len() - 1].exact_empties >= 20);
}

/// Black to move can play e4 and flip every white disc (a wipe-out: the game ends with Black
/// owning all the discs), or play one of several quiet moves.
fn wipeout_position() -> Board {
    let s = "--------\
             --------\
             --------\
             XOOO----\
             -XXX----\
             --------\
             --------\
             --------";
    Position::parse(s, "X").unwrap().board
}

#[test]
fn classic_takes_the_wipeout_inverse_avoids_it() {
    let b = wipeout_position();
    let e4: Square = "e4".parse().unwrap();
    let after = b.make_move(e4, b.flips(e4));
    assert_eq!(after.player, 0, "e4 wipes White out");
    assert!(b.legal_moves().count_ones() >= 4);
    for n in [5u8, 6, 8] {
        let level = Level::new(n).unwrap();
        let mut ai = Ai::new(4);
        for seed in 0..3 {
            assert_eq!(
                ai.choose_move(b, Rules::Classic, level, None, seed),
                Some(e4),
                "classic, level {n}"
            );
            let m = ai.choose_move(b, Rules::Inverse, level, None, seed);
            assert!(m.is_some() && m != Some(e4), "inverse, level {n}: {m:?}");
        }
    }
    // The noisy levels mostly find it (and mostly avoid it in inverse).
    for n in [1u8, 3] {
        let level = Level::new(n).unwrap();
        let count = |rules| {
            (0..100u64)
                .filter(|&s| Ai::new(1).choose_move(b, rules, level, None, s) == Some(e4))
                .count()
        };
        let (classic, inverse) = (count(Rules::Classic), count(Rules::Inverse));
        eprintln!("level {n}: e4 {classic}/100 classic, {inverse}/100 inverse");
        assert!(classic >= 60, "level {n}: classic e4 {classic}/100");
        assert!(inverse <= 20, "level {n}: inverse e4 {inverse}/100");
    }
    let a = Ai::new(1).think(b, Rules::Classic, &nodes(10_000));
    // Black then owns 8 discs, White none: +8 exactly.
    assert_eq!((a.best, a.score), (Some(e4), 8.0));
}

/// An X-square position: Black to move can play b2 (flipping c3), after which White takes a1
/// flipping b2, c3 and d4 along the diagonal; or play quietly in the centre.
fn x_square_position() -> Board {
    let s = "--------\
             --------\
             --O-----\
             ---XO---\
             ---XO---\
             --------\
             --------\
             --------";
    Position::parse(s, "X").unwrap().board
}

#[test]
fn classic_avoids_giving_a_corner_away() {
    let b = x_square_position();
    let b2: Square = "b2".parse().unwrap();
    assert_ne!(b.legal_moves() & b2.bit(), 0);
    for n in [5u8, 7, 9] {
        let m = Ai::new(4).choose_move(b, Rules::Classic, Level::new(n).unwrap(), None, 1);
        assert!(m.is_some() && m != Some(b2), "level {n}: {m:?}");
    }
}

/// The exact final score for the side to move under perfect play (plain minimax).
fn minimax(b: Board, rules: Rules) -> i32 {
    let moves = b.legal_moves();
    if moves == 0 {
        if b.pass().legal_moves() == 0 {
            return rules.score(b.player.count_ones(), b.opponent.count_ones());
        }
        return -minimax(b.pass(), rules);
    }
    Square::iter_bits(moves)
        .map(|sq| -minimax(b.make_move(sq, b.flips(sq)), rules))
        .max()
        .unwrap()
}

#[test]
fn exact_scores_match_brute_force_minimax() {
    let mut ai = Ai::new(8);
    let mut checked = 0;
    for seed in 20..32u64 {
        let game = random_game(seed);
        // Positions with 9 or fewer empties that are not finished.
        for b in game
            .iter()
            .filter(|b| b.empty_count() <= 9 && b.empty_count() >= 4 && b.legal_moves() != 0)
            .take(2)
        {
            for rules in [Rules::Classic, Rules::Inverse] {
                let a = ai.think(*b, rules, &nodes(50_000_000));
                assert!(a.exact, "{} empties not solved", b.empty_count());
                let truth = minimax(*b, rules);
                assert_eq!(a.score, truth as f32, "{rules:?} seed {seed}");
                // The midgame search alone, deep enough, is exact too.
                let own = Options {
                    eval: EvalKind::for_rules(rules),
                    exact_empties: 0,
                    temperature: 0.0,
                    seed: 0,
                    selective: true,
                };
                let m = ai.analyze(*b, rules, &nodes(50_000_000), &own);
                assert!(m.exact && m.depth == b.empty_count());
                assert_eq!(m.score, truth as f32, "midgame {rules:?} seed {seed}");
                let best = a.best.unwrap();
                let child = b.make_move(best, b.flips(best));
                assert_eq!(
                    -minimax(child, rules),
                    truth,
                    "the best move reaches the score"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn exact_search_of_the_level_matches_minimax() {
    // A level that solves exactly at these empties plays a move that keeps the exact score.
    let mut ai = Ai::new(8);
    for seed in 40..46u64 {
        let game = random_game(seed);
        let Some(b) = game
            .iter()
            .find(|b| b.empty_count() == 10 && b.legal_moves() != 0)
        else {
            continue;
        };
        for rules in [Rules::Classic, Rules::Inverse] {
            let truth = minimax(*b, rules);
            let a = ai.play_level(*b, rules, Level::MAX, EvalKind::for_rules(rules), None, 0);
            assert!(a.exact);
            assert_eq!(a.score, truth as f32);
            let best = a.best.unwrap();
            assert_eq!(-minimax(b.make_move(best, b.flips(best)), rules), truth);
        }
    }
}

#[test]
fn evaluations_differ_between_the_games() {
    // The inverse evaluation is not the classic one negated.
    let b = wipeout_position();
    let c = EvalKind::Classic.evaluate(&b);
    let i = EvalKind::Inverse.evaluate(&b);
    let n = EvalKind::NegatedClassic.evaluate(&b);
    assert_eq!(n, -c);
    assert_ne!(i, n);
    // Options keep the chosen evaluation.
    let mut ai = Ai::new(1);
    let o = Options {
        eval: EvalKind::NegatedClassic,
        exact_empties: 0,
        temperature: 0.0,
        seed: 0,
        selective: true,
    };
    let a = ai.analyze(b, Rules::Inverse, &nodes(500), &o);
    check_move(&b, a.best, "negated");
}

#[test]
fn multi_probcut_searches_deeper_in_the_same_nodes_and_is_deterministic() {
    // Midgame positions of random games (30 to 44 empties), 100 000 nodes each: the selective
    // search completes deeper iterations than the full-width one, in both games, and gives
    // the same analysis twice.
    for rules in [Rules::Classic, Rules::Inverse] {
        let (mut selective_depth, mut full_depth) = (0, 0);
        for seed in 0..8 {
            let game = random_game(100 + seed);
            let Some(b) = game
                .iter()
                .find(|b| (30..=44).contains(&b.empty_count()) && b.legal_moves() != 0)
            else {
                continue;
            };
            let run = |selective: bool| {
                let mut ai = Ai::new(8);
                let options = Options {
                    exact_empties: 0,
                    selective,
                    ..Options::for_limits(rules, &nodes(100_000))
                };
                ai.analyze(*b, rules, &nodes(100_000), &options)
            };
            let s = run(true);
            assert_eq!(s, run(true), "{rules:?}: not deterministic");
            check_move(b, s.best, "selective");
            selective_depth += s.depth;
            full_depth += run(false).depth;
        }
        assert!(
            selective_depth > full_depth + 8,
            "{rules:?}: selective {selective_depth}, full-width {full_depth}"
        );
    }
}
