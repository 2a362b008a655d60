//! Issue 20, no panic on any input: arguments that are not UTF-8, a closed or full stdout,
//! input lines that are not UTF-8, a table too large to allocate, and control characters in
//! input, each with the exit code and the one-line message the CLI promises.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use common::{assert_no_panic, finish, reversi, run, run_raw};

/// The first `n` positions of FFO 1-19 as OBF lines without their scores, each with the
/// answer `solve --empties-to-winner` must print (the first listed move and score, the best).
fn ffo(n: usize) -> Vec<(String, String)> {
    common::ffo(n)
        .into_iter()
        .map(|(head, scores)| {
            let (mv, score) = &scores[0];
            (head, format!("{mv} {score:+}"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Arguments that are not UTF-8
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_exit_2_and_one_escaped_line() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let cases: [(&[&[u8]], &str); 4] = [
        (
            &[b"play", b"\xff\xfe"],
            r"argument 2 is not valid UTF-8: '\xff\xfe'",
        ),
        (
            &[b"play", b"--board", b"\xc3", b"--side", b"X"],
            r"argument 3 is not valid UTF-8: '\xc3'",
        ),
        (&[b"\xff"], r"argument 1 is not valid UTF-8: '\xff'"),
        (
            &[b"solve", b"--tt", b"1\xe9\n"],
            r"argument 3 is not valid UTF-8: '1\xe9\n'",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&OsStr> = args.iter().map(|a| OsStr::from_bytes(a)).collect();
        let (code, out, err) = run_raw(&args, b"");
        assert_no_panic(&err);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(err.trim_end(), format!("reversi: {message}"), "{args:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// A closed stdout
// ---------------------------------------------------------------------------------------------

/// Runs `reversi ARGS` with stdout a pipe whose reader is already closed: every write to it
/// fails with a broken pipe.
fn run_into_closed_pipe(args: &[&str], input: &[u8]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = reversi()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the reversi binary runs");
    finish(child, input)
}

#[test]
fn a_closed_stdout_ends_quietly_with_141() {
    let nboard = b"nboard 2\nping 1\n";
    for (args, input) in [
        (&["help"][..], &b""[..]),
        (&["play", "f5"], b""),
        (&["perft", "2"], b""),
        (&["nboard"], nboard),
    ] {
        let out = run_into_closed_pipe(args, input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_no_panic(&err);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        // perft's timing goes to stderr before its count; the others write nothing there.
        let expected = usize::from(args[0] == "perft");
        assert_eq!(err.lines().count(), expected, "{args:?}: {err}");
    }
}

/// `reversi solve < many.obf | head -1`: the reader takes one answer and goes away; the next
/// answer cannot be written and solving stops there, quietly.
#[test]
fn solve_stops_quietly_when_its_reader_goes_away() {
    let (position, answer) = ffo(1).remove(0);
    let mut child = reversi()
        .args(["solve", "--empties-to-winner"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the reversi binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(stdin, "{position}").expect("the first line");
    let mut first = String::new();
    stdout.read_line(&mut first).expect("the first answer");
    assert_eq!(first.trim_end(), answer);
    drop(stdout);
    // Many more lines: the first answer to them finds no reader.
    for _ in 0..200 {
        if writeln!(stdin, "{position}").is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().expect("reversi ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_no_panic(&err);
    assert_eq!(out.status.code(), Some(141), "{err}");
    assert!(!err.contains("total:"), "solving went on: {err}");
    assert!(!err.contains("reversi:"), "no message: {err}");
}

// ---------------------------------------------------------------------------------------------
// A full stdout
// ---------------------------------------------------------------------------------------------

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_exit_2_and_a_message() {
    let position = format!("{}\n", ffo(1)[0].0);
    for (args, input) in [
        (&["play", "f5"][..], &b""[..]),
        (&["help"], b""),
        (&["solve"], position.as_bytes()),
        (&["nboard"], b"nboard 2\nping 1\n"),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let child = reversi()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the reversi binary runs");
        let out = finish(child, input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_no_panic(&err);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let last = err.lines().last().unwrap_or("");
        assert!(
            last.starts_with("reversi: cannot write to stdout: ") && last.contains("os error 28"),
            "{args:?}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Input lines that are not UTF-8
// ---------------------------------------------------------------------------------------------

#[test]
fn nboard_reports_a_line_that_is_not_utf8_and_answers_the_next() {
    let board = "---------------------------O*------*O--------------------------- *";
    let mut input = b"nboard 2\nset game (;GM[Othello]PB[Jos".to_vec();
    input.push(0xe9); // Latin-1
    input.extend_from_slice(format!("]PW[b]BO[8 {board}]B[f5];)\nping 5\n").as_bytes());
    let (code, out, err) = run_raw(&["nboard".as_ref()], &input);
    assert_no_panic(&err);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "set myname reversi");
    assert!(
        lines[1].starts_with("status error: ")
            && lines[1].contains("UTF-8")
            && lines[1].contains(r"PB[Jos\xe9]"),
        "{out}"
    );
    assert_eq!(lines[2], "pong 5", "the engine reads on");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn solve_reports_a_line_that_is_not_utf8_and_solves_the_others() {
    let positions = ffo(2);
    let mut input = format!("{}\n", positions[0].0).into_bytes();
    input.extend_from_slice(b"Jos\xe9 X\n");
    input.extend_from_slice(format!("{}\n", positions[1].0).as_bytes());
    let (code, out, err) = run_raw(&["solve".as_ref(), "--empties-to-winner".as_ref()], &input);
    assert_no_panic(&err);
    assert_eq!(code, Some(2), "a bad line: {err}");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers, [&positions[0].1, &positions[1].1], "{err}");
    let bad: Vec<&str> = err.lines().filter(|l| l.contains("UTF-8")).collect();
    assert_eq!(bad.len(), 1, "{err}");
    assert!(
        bad[0].starts_with("line 2: ") && bad[0].contains(r"Jos\xe9 X"),
        "{err}"
    );
    assert!(err.contains("total: 2 solved"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Tables too large
// ---------------------------------------------------------------------------------------------

/// `reversi ARGS` with at most 1 GB of address space (`ulimit -v`), so that a table of a few
/// GB cannot be allocated on any machine.
#[cfg(unix)]
fn run_in_1_gb(args: &[&str]) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 1000000 && exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    finish(child, b"")
}

#[cfg(unix)]
#[test]
fn a_table_that_cannot_be_allocated_is_a_clear_error() {
    let position = format!("{}\n", ffo(1)[0].0);
    for args in [
        &["solve", "--tt", "4096"][..],
        &[
            "match", "--tt", "4096", "--games", "2", "--a", "d1", "--b", "d1",
        ],
        &[
            "bench",
            "midgame",
            "--tt",
            "4096",
            "--positions",
            "1",
            "--time",
            "1",
        ],
    ] {
        let out = run_in_1_gb(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_no_panic(&err);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("reversi: --tt 4096: "), "{args:?}: {err}");
    }
    // The same solve within the limit works: the limit is not what fails.
    let child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 1000000 && exec "$0" solve --tt 16"#)
        .arg(env!("CARGO_BIN_EXE_reversi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let out = finish(child, position.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_table_beyond_the_bound_is_refused_before_allocating() {
    for command in ["solve", "match"] {
        let (code, out, err) = run(&[command, "--tt", "16385"], "");
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty());
        assert!(
            err.contains("--tt: '16385' is not a number from 1 to 16384"),
            "{err}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Control characters in input
// ---------------------------------------------------------------------------------------------

#[test]
fn control_characters_in_input_are_escaped_in_messages() {
    let bell_board = format!("\u{7}{}", "-".repeat(63));
    let escape_side = format!("{} \u{1b}[31mX\n", "-".repeat(64));
    let cases: [(&[&str], &str, &str); 10] = [
        (&["play", "f5\u{1b}[2J"], "", r"'\u{1b}['"),
        (&["play", "--start", "x\ny"], "", r"'x\ny'"),
        (
            &["play", "--board", bell_board.as_str(), "--side", "X"],
            "",
            r"'\u{7}'",
        ),
        (
            &["play", "--bogus\u{7}"],
            "",
            r"unknown option '--bogus\u{7}'",
        ),
        (&["match", "--a", "5\r6"], "", r"player '5\r6'"),
        (&["perft", "\u{85}x"], "", r"DEPTH: '\u{85}x'"),
        (
            &["bench", "x\u{202e}y"],
            "",
            r"unknown benchmark 'x\u{202e}y'",
        ),
        (&["x\ty"], "", r"unknown command 'x\ty'"),
        (
            &["solve"],
            &escape_side,
            r"line 1: not an OBF position: the side to move '\u{1b}[31mX'",
        ),
        (&["solve", "--time", "1\u{1b}"], "", r"--time: '1\u{1b}'"),
    ];
    for (args, input, needle) in cases {
        let (code, _, err) = run(args, input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: a control character in {err:?}"
        );
        let line = err
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{args:?}: no '{needle}' in {err:?}"));
        // The unknown command is followed by the usage, solve reports its lines, then a total;
        // every other message is one line.
        if args[0] != "x\ty" && args != ["solve"] {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        }
        assert!(line.len() < 300, "{line}");
    }
}

#[test]
fn nboard_escapes_control_characters_in_its_status_lines() {
    let (code, out, err) = run(&["nboard"], "foo\u{1b}]0;title\u{7}\nping 1\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            r"status error: unknown command 'foo\u{1b}]0;title\u{7}'",
            "pong 1"
        ],
        "{out:?}"
    );
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
}
