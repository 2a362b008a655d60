//! `reversi nboard` driven through stdin/stdout, and a tiny `reversi match`.

mod common;

use common::run;
use reversi::{Game, Position, Rules, Square};

const STANDARD: &str = "---------------------------O*------*O---------------------------";

/// The GGF game from the standard start after `moves` (NBoard's `set game` form).
fn ggf(moves: &[(&str, &str)]) -> String {
    let moves: String = moves.iter().map(|(c, m)| format!("{c}[{m}]")).collect();
    format!("(;GM[Othello]PC[NBoard]SZ[8]RE[?]BO[8 {STANDARD} *]{moves};)")
}

/// The square of a `=== SQ[/eval]` line.
fn go_square(out: &str) -> Square {
    let line = out
        .lines()
        .find(|l| l.starts_with("=== "))
        .unwrap_or_else(|| panic!("no '===' line in:\n{out}"));
    line[4..6]
        .parse()
        .unwrap_or_else(|e| panic!("'{line}': {e}"))
}

#[test]
fn nboard_answers_ping_and_go_with_a_legal_move() {
    let input = format!(
        "nboard 2\nset depth 4\nset game {}\nping 1\ngo\nquit\n",
        ggf(&[("B", "F5")])
    );
    let (code, out, err) = run(&["nboard"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"set myname reversi"), "{out}");
    assert!(lines.contains(&"pong 1"), "{out}");
    let mut game = Game::new(Rules::Classic, Position::standard());
    game.play("f5".parse().unwrap()).unwrap();
    let sq = go_square(&out);
    assert!(game.is_legal(sq), "{sq} is not legal after f5:\n{out}");
    assert!(!out.contains("error"), "{out}\n{err}");
}

#[test]
fn nboard_reports_bad_moves_and_keeps_working() {
    // a1 is not legal after f5; White may not pass while it has moves; a1 is not a move word.
    let input = format!(
        "nboard 2\nset depth 2\nset game {}\nmove a1\nmove pa\nmove zz\nping 2\nmove d6\ngo\nquit\n",
        ggf(&[("B", "F5")])
    );
    let (code, out, err) = run(&["nboard"], &input);
    assert_eq!(code, 0, "{err}");
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("status error"))
        .collect();
    assert_eq!(errors.len(), 3, "one error line per bad move:\n{out}");
    assert!(errors[1].contains("pass"), "{}", errors[1]);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(out.lines().any(|l| l == "pong 2"), "{out}");
    // The bad moves changed nothing: go answers for Black after f5 d6.
    let mut game = Game::new(Rules::Classic, Position::standard());
    game.play_transcript("f5d6").unwrap();
    let sq = go_square(&out);
    assert!(game.is_legal(sq), "{sq} is not legal after f5 d6:\n{out}");
}

#[test]
fn nboard_rejects_a_pass_after_the_end_and_a_bad_game() {
    // A finished game: only black discs, nobody can move.
    let finished = format!("(;GM[Othello]BO[8 XX{} O];)", "-".repeat(62));
    let input = format!(
        "nboard 2\nset game {finished}\nmove pa\nset game (;GM[Othello]BO[8 ---];)\nset depth 61\nping 3\n"
    );
    let (code, out, err) = run(&["nboard"], &input);
    assert_eq!(code, 0, "{err}");
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("status error"))
        .collect();
    assert_eq!(errors.len(), 3, "{out}");
    assert!(errors[0].contains("over"), "{}", errors[0]);
    assert!(out.lines().any(|l| l == "pong 3"), "{out}");
}

#[test]
fn nboard_search_at_depth_60_stops_at_the_time_cap() {
    // Without the cap this would search for hours; the test only needs it to end.
    let input = format!(
        "nboard 2\nset depth 60\nset game {}\ngo\nhint 2\nquit\n",
        ggf(&[("B", "F5"), ("W", "D6")])
    );
    let (code, out, err) = run(&["nboard", "--time", "0.3"], &input);
    assert_eq!(code, 0, "{err}");
    let mut game = Game::new(Rules::Classic, Position::standard());
    game.play_transcript("f5d6").unwrap();
    assert!(game.is_legal(go_square(&out)), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("search ")).count(), 2);
}

#[test]
fn nboard_rejects_a_bad_time() {
    for bad in ["0", "-1", "x", "1e99"] {
        let (code, _, err) = run(&["nboard", "--time", bad], "quit\n");
        assert_eq!(code, 2, "--time {bad}: {err}");
        assert!(err.contains("--time"), "{err}");
    }
}

/// The `A wins W, draws D, losses L` counts of a match.
fn counts(out: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with("A wins "))
        .unwrap_or_else(|| panic!("no result line in:\n{out}"));
    let numbers: Vec<u32> = line
        .split(';')
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 3, "{line}");
    (numbers[0], numbers[1], numbers[2])
}

#[test]
fn a_tiny_match_counts_every_game() {
    let (code, out, err) = run(&["match", "--games", "2", "--a", "d1", "--b", "d1"], "");
    assert_eq!(code, 0, "{err}");
    let (w, d, l) = counts(&out);
    assert_eq!(w + d + l, 2, "{out}");
    // Each game is reported on stderr.
    assert_eq!(err.lines().filter(|l| l.starts_with("game ")).count(), 2);
    let (code, out, _) = run(
        &["match", "--games", "3", "--a", "d1", "--b", "d2", "--quiet"],
        "",
    );
    assert_eq!(code, 0);
    let (w, d, l) = counts(&out);
    assert_eq!(w + d + l, 3, "{out}");
}

#[test]
fn a_match_gives_the_same_result_on_any_number_of_threads() {
    let base = ["match", "--games", "12", "--a", "3", "--b", "d2", "--quiet"];
    let (code, one, err) = run(&base, "");
    assert_eq!(code, 0, "{err}");
    let (code, three, err) = run(&[&base[..], &["--threads", "3"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(one, three);
    let (w, d, l) = counts(&three);
    assert_eq!(w + d + l, 12, "{three}");
}

#[test]
fn match_and_bench_reject_out_of_range_numbers() {
    for args in [
        &["match", "--tt", "99999999999"][..],
        &["match", "--tt", "0"],
        &["match", "--games", "0"],
        &["match", "--games", "-3"],
        &["match", "--threads", "0"],
        &["bench", "midgame", "--tt", "99999999999"],
        &["bench", "midgame", "--plies", "4294967297"],
        &["bench", "midgame", "--positions", "0"],
        &["bench", "midgame", "--level", "11"],
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(args[args.len() - 2]), "{args:?}: {err}");
    }
}
