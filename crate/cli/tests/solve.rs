//! `reversi solve`: scores against the ones listed in the FFO data (not the solver's own
//! output), a forced pass checked by a naive minimax written here, and bad input.

mod common;

use common::{ffo, run, Rng};
use reversi::{Board, Game, Position, Rules, Square};

/// Runs `reversi solve ARGS` with `input` on stdin: exit code, stdout, stderr.
fn solve(args: &[&str], input: &str) -> (i32, String, String) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    run(&all, input)
}

/// `<move> <score>` from one stdout line.
fn parse_line(line: &str) -> (String, i32) {
    let (mv, score) = line.split_once(' ').expect("'<move> <score>'");
    (mv.to_string(), score.parse().expect("a signed whole score"))
}

/// Checks each output line against the listed scores of its position.
fn check_listed(out: &str, positions: &[(String, Vec<(String, i32)>)]) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        positions.len(),
        "one line per position:\n{out}"
    );
    for (line, (head, scores)) in lines.iter().zip(positions) {
        let (mv, score) = parse_line(line);
        let best = scores.iter().map(|s| s.1).max().expect("listed scores");
        assert_eq!(score, best, "{head}: {line}");
        assert!(
            scores.iter().any(|(m, s)| *m == mv && *s == best),
            "{head}: {mv} is not listed with the best score {best}"
        );
    }
}

#[test]
fn solve_matches_the_listed_ffo_scores() {
    let positions = ffo(19);
    assert_eq!(positions.len(), 19);
    let input: String = positions.iter().map(|(h, _)| format!("{h}\n")).collect();
    let (code, out, err) = solve(&["--empties-to-winner"], &input);
    assert_eq!(code, 0, "{err}");
    check_listed(&out, &positions);
    assert!(err.contains("total: 19 solved"), "{err}");
}

/// The exact score for the side to move, classic rules, discs on the board only: plain
/// minimax over every move, a pass when there is none, the end when neither side can move.
fn minimax(b: Board) -> i32 {
    let moves = b.legal_moves();
    if moves == 0 {
        let passed = b.pass();
        if passed.legal_moves() == 0 {
            return b.player.count_ones() as i32 - b.opponent.count_ones() as i32;
        }
        return -minimax(passed);
    }
    Square::iter_bits(moves)
        .map(|sq| -minimax(b.make_move(sq, b.flips(sq))))
        .max()
        .expect("a move")
}

/// Positions (side to move first) where the side to move must pass with few empties, found
/// by random games through the library.
fn forced_passes(count: usize) -> Vec<Position> {
    let mut rng = Rng(11);
    let mut found = Vec::new();
    for _ in 0..10_000 {
        let mut game = Game::new(Rules::Classic, Position::standard());
        while !game.is_over() {
            let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
            game.play(moves[rng.below(moves.len())]).unwrap();
            let p = game.position();
            if game.last_pass().is_some() && (1..=9).contains(&p.board.empty_count()) {
                // The game shows the position after the pass: undo the pass.
                found.push(p.pass());
                break;
            }
        }
        if found.len() == count {
            break;
        }
    }
    assert_eq!(
        found.len(),
        count,
        "random games gave too few forced passes"
    );
    found
}

#[test]
fn solve_prints_pass_when_the_side_to_move_must_pass() {
    let mut positions = forced_passes(3);
    // A finished game: only black discs (a1, b1), so nobody can move; White to move.
    let finished = format!("XX{} O", "-".repeat(62));
    positions.push(Position::parse_obf(&finished).unwrap().0);
    let input: String = positions
        .iter()
        .map(|p| format!("{}\n", p.to_obf()))
        .collect();
    let (code, out, err) = solve(&[], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), positions.len(), "{out}");
    for (line, p) in lines.iter().zip(&positions) {
        assert_eq!(p.board.legal_moves(), 0, "the side to move has no move");
        let (mv, score) = parse_line(line);
        assert_eq!(mv, "pass", "{}", p.to_obf());
        assert_eq!(score, minimax(p.board), "{}", p.to_obf());
    }
    assert_eq!(lines[3], "pass -2", "the finished game, for White");
}

#[test]
fn solve_reports_a_bad_line_by_number_and_solves_the_others() {
    let positions = ffo(2);
    let input = format!(
        "% a comment\n{}\nthis is not a position\n\n{}\n",
        positions[0].0, positions[1].0
    );
    let (code, out, err) = solve(&["--empties-to-winner"], &input);
    assert_eq!(code, 2, "{err}");
    check_listed(&out, &positions);
    assert!(err.contains("line 3:"), "the bad line's number: {err}");
    assert!(
        !err.contains("line 1:") && !err.contains("line 4:"),
        "{err}"
    );
}

#[test]
fn solve_rejects_bad_options() {
    let input = format!("{}\n", ffo(1)[0].0);
    for args in [
        &["--time", "abc"][..],
        &["--time", "0"],
        &["--time", "-1"],
        &["--time"],
        &["--tt", "99999999999999999999"],
        &["--tt", "0"],
        &["--frobnicate"],
    ] {
        let (code, out, err) = solve(args, &input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(args[0]), "{args:?} named in: {err}");
    }
}
