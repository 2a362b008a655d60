//! The committed exact sets (`data/RULES/exact-21-28.txt`, made by `reversi-learn exact`):
//! the positions that `exact::choose` picks from the held-out games of the same directory,
//! with scores that a fresh solve gives. Both sets are complete (the inverse one, some six
//! times the solver nodes a position, was solved over several sessions).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use reversi::{Limits, Rules, Scoring, Solver};
use reversi_learn::dataset::{held_out, read_games};
use reversi_learn::exact::{choose, read_exact_set};

fn data(rules: Rules) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(rules.name())
}

/// Checks the set of `rules` made with `--per-empties per_empties`: every chosen position is
/// there, a run has finished, and the cheapest positions solve to their scores again.
fn check(rules: Rules, per_empties: usize) {
    let path = data(rules).join("exact-21-28.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert!(
        text.starts_with(&format!("# exact set: {} game", rules.name())),
        "{path:?}"
    );
    let set = read_exact_set(&path).unwrap();
    let chosen: HashSet<(u64, u32)> = choose(&data(rules), (21, 28), per_empties)
        .unwrap()
        .iter()
        .map(|&(g, ply, _)| (g, ply))
        .collect();
    let solved: HashSet<(u64, u32)> = set.iter().map(|p| (p.game, p.ply)).collect();
    assert_eq!(solved.len(), set.len(), "{rules}: a position twice");
    assert!(
        solved.is_subset(&chosen),
        "{rules}: not the chosen positions"
    );
    assert!(text.contains("# run: ") && text.contains("| commit "));
    assert_eq!(solved, chosen, "{rules}: positions missing");
    assert!(set.len() >= 40, "{rules}: {} positions", set.len());
    let games: HashMap<u64, _> = read_games(&data(rules))
        .unwrap()
        .into_iter()
        .map(|g| (g.index, g))
        .collect();
    let mut per_empties_found = HashMap::new();
    for p in &set {
        assert!(held_out(p.game), "{rules}: game {} is not held out", p.game);
        let replay = games[&p.game].replay().unwrap();
        assert_eq!(replay.before[p.ply as usize], p.board, "{rules}: {p:?}");
        assert!((21..=28).contains(&p.empties()), "{rules}: {p:?}");
        *per_empties_found.entry(p.empties()).or_insert(0) += 1;
    }
    assert_eq!(per_empties_found.len(), 8, "{rules}: {per_empties_found:?}");
    // The cheapest solves again: the same scores.
    let mut solver = Solver::new(16);
    let cheapest: Vec<_> = set.iter().filter(|p| p.empties() == 21).take(4).collect();
    assert!(!cheapest.is_empty(), "{rules}: no position of 21 empties");
    for p in cheapest {
        let s = solver
            .solve(p.board, rules, Scoring::DiscsOnBoard, &Limits::NONE)
            .unwrap();
        assert_eq!(s.score, p.score, "{rules}: {p:?}");
    }
}

#[test]
fn the_classic_exact_set_is_its_chosen_positions_with_their_exact_scores() {
    check(Rules::Classic, 10);
}

#[test]
fn the_inverse_exact_set_is_its_chosen_positions_with_their_exact_scores() {
    check(Rules::Inverse, 5);
}
