//! The fitter against synthetic data of known weights, the files against the engine's loader,
//! and a tiny end-to-end run.

use std::path::PathBuf;

use reversi::internals::eval::{
    EdgeTable, Weights, ANCHORS, CLASSIC, CLASSIC_EDGES, EDGE_CONFIGS, FEATURE_COUNT, INVERSE,
    INVERSE_EDGES,
};
use reversi::internals::splitmix64;
use reversi::EvalKind;
use reversi::{Board, Position, Rules, Square};
use reversi_learn::files::{
    anchors_of, edges_text, engine_eval, parse_edges, quantize_edges, quantize_linear,
    weights_text, EdgesError,
};
use reversi_learn::fit::{
    edge_value, fit_edges, fit_linear, linear_value, phase_shares, reverse_edge, solve_spd, Edges,
    Linear, Row, PHASES,
};
use reversi_learn::selfplay::{play_games, Sample};
use reversi_learn::{run, Config};

/// Uniform in [0, 1).
fn unit(state: &mut u64) -> f64 {
    (splitmix64(state) >> 11) as f64 / (1u64 << 53) as f64
}

/// Roughly normal noise of standard deviation `sigma` (sum of 12 uniforms).
fn noise(state: &mut u64, sigma: f64) -> f64 {
    ((0..12).map(|_| unit(state)).sum::<f64>() - 6.0) * sigma
}

fn int(state: &mut u64, lo: i32, hi: i32) -> i32 {
    lo + (splitmix64(state) % (hi - lo + 1) as u64) as i32
}

#[test]
fn linear_fit_recovers_known_weights() {
    let mut s = 7u64;
    let mut truth: Linear = [[0.0; PHASES]; FEATURE_COUNT];
    for w in truth.iter_mut().flatten() {
        *w = unit(&mut s) * 20.0 - 10.0;
    }
    let rows: Vec<Row> = (0..30_000)
        .map(|_| {
            let mut r = Row {
                features: [0; FEATURE_COUNT].map(|_| int(&mut s, -12, 12)),
                edges: [0; 4],
                empties: int(&mut s, 0, 64) as usize,
                target: 0.0,
            };
            r.target = linear_value(&truth, &r) + noise(&mut s, 3.0);
            r
        })
        .collect();
    let fitted = fit_linear(&rows, 0.1).expect("solvable");
    for f in 0..FEATURE_COUNT {
        for a in 0..PHASES {
            let (t, w) = (truth[f][a], fitted[f][a]);
            assert!((t - w).abs() < 0.05, "feature {f} anchor {a}: {w} for {t}");
        }
    }
    // Written in 1/100 disc.
    let q = quantize_linear(&fitted);
    assert!((q[3][2] as f64 - truth[3][2] * 100.0).abs() <= 6.0);
}

#[test]
fn edge_fit_recovers_known_tables() {
    let mut s = 11u64;
    // A few symmetric configurations with values that change with the phase.
    let configs: Vec<usize> = (0..12)
        .map(|_| splitmix64(&mut s) as usize % EDGE_CONFIGS)
        .collect();
    let mut truth: Edges = vec![[0.0; EDGE_CONFIGS]; PHASES];
    for &c in &configs {
        for table in truth.iter_mut() {
            let v = unit(&mut s) * 8.0 - 4.0;
            table[c] = v;
            table[reverse_edge(c)] = v;
        }
    }
    let rows: Vec<Row> = (0..20_000)
        .map(|_| {
            let pick = |s: &mut u64| {
                let c = configs[splitmix64(s) as usize % configs.len()];
                if splitmix64(s).is_multiple_of(2) {
                    c
                } else {
                    reverse_edge(c)
                }
            };
            let mut r = Row {
                features: [0; FEATURE_COUNT],
                edges: [pick(&mut s), pick(&mut s), pick(&mut s), pick(&mut s)],
                empties: int(&mut s, 0, 60) as usize,
                target: 0.0,
            };
            r.target = edge_value(&truth, &r) + noise(&mut s, 0.5);
            r
        })
        .collect();
    // The feature part explains nothing here (all features 0).
    let zero: Linear = [[0.0; PHASES]; FEATURE_COUNT];
    let fitted = fit_edges(&rows, &zero, 1.0, 100, &mut |_| {});
    for &c in &configs {
        for a in 0..PHASES {
            let (t, w) = (truth[a][c], fitted[a][c]);
            assert!((t - w).abs() < 0.05, "config {c} anchor {a}: {w} for {t}");
            assert_eq!(fitted[a][c], fitted[a][reverse_edge(c)]);
        }
    }
}

#[test]
fn cholesky_solves() {
    // [[4, 2], [2, 3]] x = [2, 5]: x = [-0.5, 2].
    let mut a = vec![4.0, 2.0, 2.0, 3.0];
    let x = solve_spd(&mut a, &[2.0, 5.0]).unwrap();
    assert!((x[0] + 0.5).abs() < 1e-12 && (x[1] - 2.0).abs() < 1e-12);
    let mut singular = vec![1.0, 1.0, 1.0, 1.0];
    assert_eq!(solve_spd(&mut singular, &[1.0, 1.0]), None);
    assert!(fit_linear(&[], 0.0).is_none());
}

#[test]
fn phases_interpolate_as_the_engine() {
    // The model's anchor shares, applied to a table, give the engine's expanded weights.
    let mut anchors = [[0i32; PHASES]; FEATURE_COUNT];
    for (f, row) in anchors.iter_mut().enumerate() {
        for (a, w) in row.iter_mut().enumerate() {
            *w = (f as i32 * 37 - a as i32 * 211) * if a % 2 == 0 { 1 } else { -3 };
        }
    }
    let w = Weights::parse(&weights_text(Rules::Classic, &anchors, "test"));
    assert_eq!(anchors_of(&w), anchors);
    for e in 0..=64 {
        let l = phase_shares(e);
        assert!((l.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        for (f, row) in anchors.iter().enumerate() {
            let v: f64 = (0..PHASES).map(|a| l[a] * row[a] as f64).sum();
            assert!((v - w.by_empties[e][f] as f64).abs() <= 1.0, "e {e} f {f}");
        }
    }
}

const CLASSIC_EDGES_FILE: &str = include_str!("../../engine/src/weights/classic_edges.rs");
const INVERSE_EDGES_FILE: &str = include_str!("../../engine/src/weights/inverse_edges.rs");
const CLASSIC_FILE: &str = include_str!("../../engine/src/weights/classic.txt");

#[test]
fn edge_files_round_trip_through_the_shipped_tables() {
    for (file, table) in [
        (CLASSIC_EDGES_FILE, &CLASSIC_EDGES),
        (INVERSE_EDGES_FILE, &INVERSE_EDGES),
    ] {
        // The parser reads what the engine includes...
        let parsed = parse_edges(file).expect("the shipped file parses");
        assert!(*parsed == *table);
        // ...and the writer writes the same file back.
        assert_eq!(edges_text(table), file);
    }
}

#[test]
fn weight_files_round_trip() {
    for (rules, w) in [(Rules::Classic, &CLASSIC), (Rules::Inverse, &INVERSE)] {
        let text = weights_text(rules, &anchors_of(w), "a comment\nover two lines");
        let back = Weights::parse(&text);
        assert_eq!(back.by_empties, w.by_empties);
    }
    assert_eq!(
        anchors_of(&Weights::parse(CLASSIC_FILE)),
        anchors_of(&CLASSIC)
    );
}

#[test]
fn bad_edge_files_are_errors() {
    let good = edges_text(&quantize_edges(&vec![[0.4996; EDGE_CONFIGS]; PHASES]));
    assert_eq!(parse_edges(&good).unwrap()[4][6560], 50);
    assert_eq!(parse_edges(&good[..good.len() / 2]), Err(EdgesError::Shape));
    assert_eq!(parse_edges("[[1,2],]"), Err(EdgesError::Shape));
    assert_eq!(
        parse_edges(&good.replacen("50", "x", 1)),
        Err(EdgesError::Unexpected(good.find("50").unwrap()))
    );
    assert_eq!(
        parse_edges(&good.replacen("50", "99999", 1)),
        Err(EdgesError::Range(good.find("50").unwrap()))
    );
    assert_eq!(
        parse_edges(&good.replacen("50,", "50,50,", 1)),
        Err(EdgesError::Shape)
    );
    assert_eq!(
        parse_edges(&format!("{good}[")),
        Err(EdgesError::Unexpected(good.len()))
    );
    assert_eq!(parse_edges(""), Err(EdgesError::Shape));
}

/// Positions of a few random games.
fn random_positions(seed: u64, games: usize) -> Vec<Board> {
    let mut s = seed;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::standard();
        while !pos.board.is_game_over() {
            let moves = pos.board.legal_moves();
            if moves == 0 {
                pos = pos.pass();
                continue;
            }
            out.push(pos.board);
            let k = splitmix64(&mut s) % moves.count_ones() as u64;
            pos = pos
                .play(Square::iter_bits(moves).nth(k as usize).unwrap())
                .unwrap();
        }
    }
    out
}

#[test]
fn engine_eval_is_the_engines_evaluation() {
    for board in random_positions(5, 40) {
        let row = Row::from_sample(&Sample {
            board,
            target: 0,
            exact: false,
        });
        assert_eq!(
            engine_eval(&CLASSIC, &CLASSIC_EDGES, &row),
            EvalKind::Classic.evaluate(&board)
        );
        assert_eq!(
            engine_eval(&INVERSE, &INVERSE_EDGES, &row),
            EvalKind::Inverse.evaluate(&board)
        );
    }
}

fn temp_dir(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("reversi-learn-{}-{name}", std::process::id()))
}

#[test]
fn tiny_run_writes_loadable_deterministic_files() {
    let base = Config {
        rules: Rules::Inverse,
        games: 6,
        seed: 42,
        exact_empties: 10,
        validate: 2,
        iterations: 20,
        ..Config::default()
    };
    let mut outputs = Vec::new();
    for (k, threads) in [1, 1, 2].into_iter().enumerate() {
        let config = Config {
            out: temp_dir(&format!("run{k}")),
            threads,
            ..base.clone()
        };
        let report = run(&config, &mut |_| {}).expect("the run succeeds");
        assert!(report.positions > 6 * 30, "{} positions", report.positions);
        assert!(report.exact_positions >= 6 * 5);
        assert_eq!(report.weights_file, config.out.join("inverse.txt"));
        assert_eq!(report.edges_file, config.out.join("inverse_edges.rs"));
        let text = std::fs::read_to_string(&report.weights_file).unwrap();
        let edges = std::fs::read_to_string(&report.edges_file).unwrap();
        // The engine's loader takes the feature table (it panics on a malformed one).
        let w = Weights::parse(&text);
        let table: Box<EdgeTable> = parse_edges(&edges).expect("the edge file parses");
        // Symmetric, as eval.rs requires.
        for a in 0..ANCHORS.len() {
            for i in (0..EDGE_CONFIGS).step_by(5) {
                assert_eq!(table[a][i], table[a][reverse_edge(i)]);
            }
        }
        // The fit explains the training data better than nothing at all.
        let (new, _) = report.validation.clone().expect("validated");
        assert!(report.train.all.is_finite() && new.all.is_finite());
        assert!(w.by_empties.iter().flatten().any(|&v| v != 0));
        outputs.push((text, edges, report.positions));
        std::fs::remove_dir_all(&config.out).unwrap();
    }
    assert!(outputs[0] == outputs[1], "same seed, same files");
    assert!(outputs[0] == outputs[2], "threads do not change the files");
    // Another seed plays other games.
    let other = Config {
        out: temp_dir("other"),
        seed: 43,
        validate: 0,
        ..base
    };
    let report = run(&other, &mut |_| {}).unwrap();
    assert!(report.validation.is_none());
    let text = std::fs::read_to_string(&report.weights_file).unwrap();
    assert_ne!(text, outputs[0].0);
    std::fs::remove_dir_all(&other.out).unwrap();
}

#[test]
fn final_result_labels_agree_with_the_solver() {
    // The solver does not change the games: with and without it, the same positions. At one
    // empty square the last move is forced, so the final result is the exact score.
    for rules in [Rules::Classic, Rules::Inverse] {
        let config = Config {
            rules,
            ..Config::default()
        };
        let mut play = config.play();
        play.exact_empties = 0;
        let results = play_games(&play, 3, 0..30, 1, &mut |_| {});
        play.exact_empties = 1;
        let exact = play_games(&play, 3, 0..30, 1, &mut |_| {});
        assert_eq!(results.len(), exact.len());
        let mut checked = 0;
        for (r, e) in results.iter().zip(&exact) {
            assert_eq!(r.board, e.board);
            assert!(!r.exact);
            assert_eq!(e.exact, e.board.empty_count() <= 1);
            if e.exact {
                assert_eq!(r.target, e.target, "{rules:?}");
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked} positions at one empty");
    }
}
