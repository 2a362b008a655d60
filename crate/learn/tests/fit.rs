//! The whole pipeline on a few small games: `games`, then `label` (resumed after a stop, the
//! same files), then `fit` (a weights file the engine loads, held-out errors by phase).

use std::path::{Path, PathBuf};

use reversi::internals::pattern::{PatternWeights, PHASES};
use reversi::Rules;
use reversi_learn::dataset::{game_samples, read_games, LabelKind};
use reversi_learn::games::{run_games, GamesConfig};
use reversi_learn::labels::{read_search_labels, run_labels, LabelConfig, BLOCK};
use reversi_learn::patterns::FitOptions;
use reversi_learn::provenance::RunInfo;
use reversi_learn::train::{report_table, train, TrainConfig};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-fit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `games` small games of `rules` into `dir/<rules>`: depth 1, 500 nodes, exact from 8 empties.
fn make_games(dir: &Path, rules: Rules, games: u64) {
    let config = GamesConfig {
        rules,
        games,
        exact_empties: 8,
        depth: 1,
        nodes: 500,
        chunk_games: 40,
        ..GamesConfig::new(dir.to_path_buf())
    };
    let info = RunInfo {
        command: "test".into(),
        commit: "unknown".into(),
        tree: "unknown".into(),
    };
    run_games(&config, &info, &mut |_| {}).unwrap();
}

fn label_config(data: &Path, out: &Path, games: u64, threads: usize) -> LabelConfig {
    LabelConfig {
        rules: Rules::Classic,
        data: data.to_path_buf(),
        out: out.to_path_buf(),
        depth: 1,
        exact_empties: 8,
        games,
        threads,
        run: "test".into(),
    }
}

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn games_then_labels_then_a_fit_the_engine_loads() {
    const { assert!(BLOCK >= 60, "the test wants its games in one label block") };
    let dir = temp_dir("pipeline");
    make_games(&dir, Rules::Classic, 60);
    let data = dir.join("classic");

    // Labels in one go, and in two runs (the first stopped after 25 games, its last line
    // torn), give the same files.
    let whole = dir.join("labels-whole");
    run_labels(&label_config(&data, &whole, 60, 1), &mut |_| {}).unwrap();
    let resumed = dir.join("labels-resumed");
    run_labels(&label_config(&data, &resumed, 25, 1), &mut |_| {}).unwrap();
    let block = resumed.join("labels-00000000.txt");
    let mut text = std::fs::read_to_string(&block).unwrap();
    text.push_str("25 0:1");
    std::fs::write(&block, text).unwrap();
    run_labels(&label_config(&data, &resumed, 60, 2), &mut |_| {}).unwrap();
    let without_runs = |dir: &Path| {
        let mut f = files(dir);
        f.retain(|(name, _)| name != "RUNS");
        f
    };
    assert_eq!(without_runs(&whole), without_runs(&resumed));
    let runs = std::fs::read_to_string(resumed.join("RUNS")).unwrap();
    assert_eq!(runs.lines().count(), 2, "{runs}");
    // Other parameters in the same directory are refused.
    let mut other = label_config(&data, &whole, 60, 1);
    other.depth = 2;
    assert!(run_labels(&other, &mut |_| {}).is_err());

    // Every position above the exact labels has a search label.
    let labels = read_search_labels(&whole).unwrap();
    let games = read_games(&data).unwrap();
    assert_eq!(games.len(), 60);
    for g in &games {
        let s = game_samples(
            g,
            Rules::Classic,
            8,
            labels.get(&g.index).map(Vec::as_slice),
        )
        .unwrap();
        for x in &s {
            let want = if x.empties() <= 8 {
                LabelKind::Exact
            } else {
                LabelKind::Search
            };
            assert_eq!(x.kind, want, "game {} at {} empties", g.index, x.empties());
        }
    }

    // The fit writes a weights file of the engine's layout and measures it.
    let out = dir.join("classic.bin");
    let config = TrainConfig {
        rules: Rules::Classic,
        data: data.clone(),
        labels: Some(whole.clone()),
        out: out.clone(),
        exact_empties: 8,
        games: u64::MAX,
        options: FitOptions {
            iterations: 50,
            ..FitOptions::default()
        },
    };
    let report = train(&config, &mut |_| {}).unwrap();
    assert_eq!(report.games, 60);
    assert!(report.by_kind[0] > 0 && report.by_kind[1] > 0 && report.by_kind[2] == 0);
    assert!(report.held_positions > 0);
    let bytes = std::fs::read(&out).unwrap();
    PatternWeights::from_bytes(&bytes).unwrap();
    let table = report_table(&report);
    assert_eq!(table.lines().count(), 2 + PHASES);
    let busiest = report.fits.iter().max_by_key(|f| f.positions).unwrap();
    assert!(busiest.mse.is_finite() && busiest.positions > 0);
    let _ = std::fs::remove_dir_all(&dir);
}
