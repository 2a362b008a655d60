//! The committed exact sets (`data/RULES/exact-21-28.txt`, made by `reversi-learn exact`):
//! positions of held-out games of the same directory, as the games reach them, with scores
//! that a fresh solve gives. Only the classic set is committed so far: the inverse one (some
//! six times the solver nodes a position) is still being solved (crate/learn/README.md).

use std::collections::HashMap;
use std::path::PathBuf;

use reversi::{Limits, Rules, Scoring, Solver};
use reversi_learn::dataset::{held_out, read_games};
use reversi_learn::exact::read_exact_set;

fn data(rules: Rules) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(rules.name())
}

#[test]
fn the_exact_sets_are_positions_of_held_out_games_with_their_exact_scores() {
    for rules in [Rules::Classic] {
        let path = data(rules).join("exact-21-28.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert!(
            text.starts_with(&format!("# exact set: {} game", rules.name())),
            "{path:?}"
        );
        assert!(text.contains("# run: ") && text.contains("| commit "));
        let set = read_exact_set(&path).unwrap();
        assert!(set.len() >= 40, "{rules}: {} positions", set.len());
        let games: HashMap<u64, _> = read_games(&data(rules))
            .unwrap()
            .into_iter()
            .map(|g| (g.index, g))
            .collect();
        let mut per_empties = HashMap::new();
        for p in &set {
            assert!(held_out(p.game), "{rules}: game {} is not held out", p.game);
            let replay = games[&p.game].replay().unwrap();
            assert_eq!(replay.before[p.ply as usize], p.board, "{rules}: {p:?}");
            assert!((21..=28).contains(&p.empties()), "{rules}: {p:?}");
            *per_empties.entry(p.empties()).or_insert(0) += 1;
        }
        assert_eq!(per_empties.len(), 8, "{rules}: {per_empties:?}");
        // The cheapest solves again: the same scores.
        let mut solver = Solver::new(16);
        for p in set.iter().filter(|p| p.empties() == 21).take(4) {
            let s = solver
                .solve(p.board, rules, Scoring::DiscsOnBoard, &Limits::NONE)
                .unwrap();
            assert_eq!(s.score, p.score, "{rules}: {p:?}");
        }
    }
}
