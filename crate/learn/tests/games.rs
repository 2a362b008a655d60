//! `reversi-learn games`: the same files whatever the threads and the restarts, torn and bad
//! lines, exact labels.

use std::path::{Path, PathBuf};

use reversi::{Limits, Rules, Scoring, Solver};
use reversi_learn::games::manifest::Manifest;
use reversi_learn::games::play::Player;
use reversi_learn::games::record::GameRecord;
use reversi_learn::games::{run_games, GamesConfig, GamesError, GamesReport};
use reversi_learn::provenance::RunInfo;

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-games-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Small and fast games: depth 2, 2000 nodes a move, exact from 10 empties, chunks of 4.
fn config(out: &Path, rules: Rules, games: u64, threads: usize) -> GamesConfig {
    GamesConfig {
        rules,
        games,
        threads,
        exact_empties: 10,
        depth: 2,
        nodes: 2000,
        chunk_games: 4,
        ..GamesConfig::new(out.to_path_buf())
    }
}

fn info() -> RunInfo {
    RunInfo {
        command: "reversi-learn games (test)".into(),
        commit: "unknown".into(),
        tree: "unknown".into(),
    }
}

fn run(config: &GamesConfig) -> Result<GamesReport, GamesError> {
    run_games(config, &info(), &mut |_| {})
}

/// The chunk files of `dir/<rules>`, by name, with their contents.
fn chunks(dir: &Path, rules: Rules) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir.join(rules.name()))
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name().to_string_lossy().starts_with("games-"))
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

fn manifest(dir: &Path, rules: Rules) -> Manifest {
    Manifest::parse(&std::fs::read_to_string(dir.join(rules.name()).join("MANIFEST.md")).unwrap())
        .unwrap()
}

#[test]
fn the_same_games_whatever_the_threads_and_the_restarts() {
    for rules in [Rules::Classic, Rules::Inverse] {
        let one = temp_dir(&format!("one-{rules}"));
        let r = run(&config(&one, rules, 10, 1)).unwrap();
        assert_eq!((r.games, r.added_games), (10, 10));
        let files = chunks(&one, rules);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "games-00000000.txt",
                "games-00000004.txt",
                "games-00000008.txt"
            ]
        );
        let lines: Vec<&str> = files.iter().flat_map(|(_, t)| t.lines()).collect();
        assert_eq!(lines.len(), 10);
        for (i, line) in lines.iter().enumerate() {
            let start = if i == 9 { " a " } else { " s " };
            assert!(line.starts_with(&format!("{i}{start}")), "{line}");
        }
        let labels: usize = lines
            .iter()
            .map(|l| GameRecord::parse(l).unwrap().labels.len())
            .sum();
        assert_eq!(r.labels, labels as u64);
        assert!(labels >= 80, "about 10 labels a game: {labels}");

        let two = temp_dir(&format!("two-{rules}"));
        run(&config(&two, rules, 10, 2)).unwrap();
        assert_eq!(chunks(&two, rules), files, "2 threads");

        // Stopped after 5 games (in the middle of a chunk), then resumed on another count
        // of threads.
        let resumed = temp_dir(&format!("resumed-{rules}"));
        run(&config(&resumed, rules, 5, 2)).unwrap();
        let r = run(&config(&resumed, rules, 10, 1)).unwrap();
        assert_eq!((r.games, r.added_games), (10, 5));
        assert_eq!(chunks(&resumed, rules), files, "resumed");
        let m = manifest(&resumed, rules);
        assert_eq!(m.runs.len(), 2);
        assert_eq!((m.runs[0].from, m.runs[0].to), (0, 5));
        assert_eq!(
            (m.runs[1].from, m.runs[1].to, m.runs[1].threads),
            (5, 10, 1)
        );
        assert_eq!(m, {
            let mut m1 = manifest(&one, rules);
            m1.runs = m.runs.clone();
            m1
        });

        // Run again: nothing to do, nothing changes.
        let before = std::fs::read_to_string(resumed.join(rules.name()).join("MANIFEST.md"));
        let r = run(&config(&resumed, rules, 10, 1)).unwrap();
        assert_eq!(r.added_games, 0);
        let after = std::fs::read_to_string(resumed.join(rules.name()).join("MANIFEST.md"));
        assert_eq!(before.unwrap(), after.unwrap());
        for d in [one, two, resumed] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

#[test]
fn a_torn_last_line_is_cut_off_and_the_run_ends_as_an_uninterrupted_one() {
    let rules = Rules::Classic;
    let whole = temp_dir("whole");
    run(&config(&whole, rules, 7, 1)).unwrap();
    let expected = chunks(&whole, rules);

    let torn = temp_dir("torn");
    run(&config(&torn, rules, 6, 1)).unwrap();
    // Game 6 half written: a run killed while writing it.
    let line6 = expected[1].1.lines().nth(2).unwrap();
    assert!(line6.starts_with("6 s "));
    let path = torn.join("classic").join("games-00000004.txt");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(&line6[..line6.len() / 2]);
    std::fs::write(&path, &text).unwrap();
    let r = run(&config(&torn, rules, 7, 1)).unwrap();
    assert!(r.truncated);
    assert_eq!((r.games, r.added_games), (7, 1));
    assert_eq!(chunks(&torn, rules), expected);

    // Only in the last file: elsewhere an unfinished line is an error.
    let first = torn.join("classic").join("games-00000000.txt");
    let mut text = std::fs::read_to_string(&first).unwrap();
    text.pop();
    std::fs::write(&first, &text).unwrap();
    let e = run(&config(&torn, rules, 8, 1)).unwrap_err().to_string();
    assert!(
        e.ends_with(
            "games-00000000.txt:4: a line without its end (only the last file may have one)"
        ),
        "{e}"
    );
    for d in [whole, torn] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_bad_line_is_an_error_naming_its_file_and_line() {
    let rules = Rules::Inverse;
    let dir = temp_dir("bad");
    run(&config(&dir, rules, 8, 2)).unwrap();
    let path = dir.join("inverse").join("games-00000004.txt");
    let good = std::fs::read_to_string(&path).unwrap();
    let line = good.lines().nth(2).unwrap().to_string();
    let record = GameRecord::parse(&line).unwrap();
    let mut wrong_score = record.clone();
    wrong_score.black_score += 2;
    let mut illegal = record.clone();
    illegal.moves.swap(10, 11);
    let mut missing_label = record.clone();
    missing_label.labels.remove(0);
    let mut wrong_index = record.clone();
    wrong_index.index += 1;
    for (bad, why) in [
        (wrong_score.to_line(), "the final score for Black is"),
        (illegal.to_line(), "is not legal"),
        (missing_label.to_line(), "labels at plies"),
        (wrong_index.to_line(), "game 7, expected game 6"),
        (line.replacen(' ', "  ", 1), "fields, expected 5"),
        (line.to_uppercase(), "start 'S' is not s or a"),
        ("garbage".to_string(), "1 fields"),
        (String::new(), "1 fields"),
    ] {
        std::fs::write(&path, good.replace(&line, &bad)).unwrap();
        let e = run(&config(&dir, rules, 9, 1)).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, GamesError::BadLine { line: 3, .. }), "{text}");
        assert!(text.contains("games-00000004.txt:3: "), "{text}");
        assert!(text.contains(why), "{text}");
        // Nothing is played or cut.
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            good.replace(&line, &bad)
        );
    }

    // A label changed to another possible score passes the checks, but not --verify (here
    // re-solving every label).
    let mut wrong_label = record.clone();
    let s = wrong_label.labels[1].score;
    wrong_label.labels[1].score = if s > 0 { s - 2 } else { s + 2 };
    std::fs::write(&path, good.replace(&line, &wrong_label.to_line())).unwrap();
    let verify_all = GamesConfig {
        verify_percent: 100,
        ..config(&dir, rules, 8, 1)
    };
    let e = run(&verify_all).unwrap_err().to_string();
    assert!(e.contains("games-00000004.txt:3: label "), "{e}");
    assert!(e.contains("the solver says"), "{e}");
    std::fs::write(&path, &good).unwrap();
    let r = run(&verify_all).unwrap();
    assert!(r.verified >= 60, "{}", r.verified);

    // Other parameters than those of the files, chunk files without a manifest.
    let e = run(&GamesConfig {
        depth: 3,
        ..config(&dir, rules, 9, 1)
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("MANIFEST.md: the games there were made with depth 2, this run asks for 3"),
        "{e}"
    );
    std::fs::remove_file(dir.join("inverse").join("MANIFEST.md")).unwrap();
    let e = run(&config(&dir, rules, 9, 1)).unwrap_err().to_string();
    assert!(
        e.contains("MANIFEST.md: missing, yet the directory holds games"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn labels_are_the_exact_scores_of_a_fresh_solve() {
    for rules in [Rules::Classic, Rules::Inverse] {
        let c = config(Path::new("unused"), rules, 3, 1);
        let mut player = Player::new().unwrap();
        for index in [0, 9] {
            let record = player.play(&c.params(), index);
            let labelled = record.check(rules, c.exact_empties).unwrap();
            let positions = record.replay().unwrap().before;
            let near_end = positions
                .iter()
                .filter(|b| b.empty_count() <= c.exact_empties)
                .count();
            assert!(near_end >= 5, "{}", record.to_line());
            assert_eq!(labelled.len(), near_end, "{}", record.to_line());
            for (board, label) in labelled.iter().step_by(3) {
                let mut solver = Solver::new(4);
                let s = solver
                    .solve(*board, rules, Scoring::DiscsOnBoard, &Limits::NONE)
                    .unwrap();
                assert_eq!(
                    s.score, label.score,
                    "{rules} game {index} ply {}",
                    label.ply
                );
            }
            // The same game again, from another player (other tables before): same line.
            assert_eq!(Player::new().unwrap().play(&c.params(), index), record);
        }
    }
}
