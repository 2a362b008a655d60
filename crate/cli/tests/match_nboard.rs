//! `reversi match` against engines that speak NBoard (`--a nboard:CMD`): our own engine through
//! the protocol, and fake engines, small shell scripts, that reply an illegal move, hang or exit.
#![cfg(unix)]

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{assert_no_panic, run};

/// Our own binary as an NBoard engine.
fn ours() -> String {
    format!("nboard:{} nboard", env!("CARGO_BIN_EXE_reversi"))
}

/// `nboard:sh SCRIPT` for a script with `body`, written to a temporary file named after `name`.
struct Script(PathBuf);

impl Script {
    fn new(name: &str, body: &str) -> Script {
        let path =
            std::env::temp_dir().join(format!("reversi-match-{}-{name}.sh", std::process::id()));
        std::fs::write(&path, body).expect("a temporary script");
        Script(path)
    }

    fn player(&self) -> String {
        format!("nboard:sh '{}'", self.0.display())
    }
}

impl Drop for Script {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// A fake engine that answers `ping` and replies `go` with `reply` (nothing when empty).
fn fake(name: &str, reply: &str) -> Script {
    let go = if reply.is_empty() {
        String::new()
    } else {
        format!("    go) printf '{reply}\\n' ;;\n")
    };
    Script::new(
        name,
        &format!(
            "while read -r cmd arg rest; do\n  case \"$cmd\" in\n    ping) printf 'pong %s\\n' \"$arg\" ;;\n{go}  esac\ndone\n"
        ),
    )
}

/// The result line of a match's stdout.
fn result_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("A wins "))
        .unwrap_or_else(|| panic!("no result line in:\n{out}"))
}

/// Wins, draws and losses of a result line.
fn counts(out: &str) -> [u32; 3] {
    let words: Vec<&str> = result_line(out)
        .split([' ', ',', ';'])
        .filter(|w| !w.is_empty())
        .collect();
    let after = |key: &str| -> u32 {
        let i = words.iter().position(|w| *w == key).expect(key);
        words[i + 1].parse().expect("a count")
    };
    [after("wins"), after("draws"), after("losses")]
}

#[test]
fn our_level_1_against_our_own_engine_over_nboard() {
    let b = ours();
    let base = [
        "match",
        "--a",
        "1",
        "--b",
        &b,
        "--nboard-depth",
        "2",
        "--games",
        "4",
    ];
    let (code, out, err) = run(&base, "");
    assert_eq!(code, 0, "{err}");
    assert_no_panic(&err);
    let [w, d, l] = counts(&out);
    assert_eq!(w + d + l, 4, "{out}");
    assert!(
        !out.contains("forfeit") && !err.contains("forfeit"),
        "{out}{err}"
    );
    let games: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{err}");
    assert_eq!(
        games.iter().filter(|l| l.contains("A plays black")).count(),
        2
    );
    assert_eq!(
        games.iter().filter(|l| l.contains("A plays white")).count(),
        2
    );
    // Deterministic: the same result again, and on two threads (an engine each).
    let (code, again, err) = run(&[&base[..], &["--threads", "2", "--quiet"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    // Both players through the protocol; the inverse game by an engine started for it.
    let inverse = format!("{b} --inverse");
    let args = [
        "match",
        "--inverse",
        "--a",
        &inverse,
        "--b",
        &inverse,
        "--nboard-depth",
        "1",
        "--games",
        "2",
        "--quiet",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("inverse game, 2 games"), "{out}");
    let [w, d, l] = counts(&out);
    assert_eq!(w + d + l, 2, "{out}");
    assert!(!out.contains("forfeit"), "{out}{err}");
}

#[test]
fn an_engine_that_replies_an_illegal_move_forfeits_every_game() {
    // d4 is never empty: the reply is always illegal.
    let illegal = fake("illegal", "=== D4/0.00");
    let (code, out, err) = run(
        &[
            "match",
            "--a",
            "1",
            "--b",
            &illegal.player(),
            "--games",
            "3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_no_panic(&err);
    assert_eq!(counts(&out), [3, 0, 0], "{out}");
    assert!(
        result_line(&out).ends_with("; score 100.0%; forfeits A 0, B 3"),
        "{out}"
    );
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("forfeits:")).collect();
    assert_eq!(notes.len(), 3, "{err}");
    assert!(
        notes[0].contains("illegal move: '=== D4/0.00'"),
        "{}",
        notes[0]
    );
    assert!(notes[0].contains("B (nboard engine 'sh "), "{}", notes[0]);

    // A reply that is no move, with control characters in it: shown escaped, on one line.
    let garbage = fake("garbage", "=== \\033[2J\\377");
    let (code, out, err) = run(
        &[
            "match",
            "--a",
            &garbage.player(),
            "--b",
            "d1",
            "--games",
            "2",
            "--quiet",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(counts(&out), [0, 0, 2], "{out}");
    assert!(result_line(&out).ends_with("; forfeits A 2, B 0"), "{out}");
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("forfeits:")).collect();
    assert_eq!(notes.len(), 2, "{err}");
    assert!(
        notes[0].contains(r"replied no move: '=== \u{1b}[2J"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'), "{err}");
}

#[test]
fn an_engine_that_hangs_is_killed_at_the_move_time_cap() {
    let hang = fake("hang", "");
    let started = Instant::now();
    let (code, out, err) = run(
        &[
            "match",
            "--a",
            &hang.player(),
            "--b",
            "1",
            "--games",
            "2",
            "--nboard-timeout",
            "0.3",
        ],
        "",
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(code, 0, "{err}");
    assert_no_panic(&err);
    assert_eq!(counts(&out), [0, 0, 2], "{out}");
    assert!(result_line(&out).ends_with("; forfeits A 2, B 0"), "{out}");
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("forfeits:")).collect();
    assert_eq!(notes.len(), 2, "{err}");
    assert!(notes[0].contains("sent no move within 0.3 s"), "{err}");
    assert!(notes[0].contains("killed"), "{err}");
    // The forfeited games are reported with their numbers.
    assert!(err.contains("game 2: opening 1 A plays"), "{err}");
}

#[test]
fn an_engine_that_exits_at_once_is_reported_and_the_match_goes_on() {
    let gone = Script::new("gone", "echo 'fake: no evaluation file' >&2\nexit 3\n");
    let (code, out, err) = run(
        &[
            "match",
            "--a",
            "d1",
            "--b",
            &gone.player(),
            "--games",
            "2",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_no_panic(&err);
    assert_eq!(counts(&out), [2, 0, 0], "{out}");
    assert!(result_line(&out).ends_with("; forfeits A 0, B 2"), "{out}");
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("forfeits:")).collect();
    assert_eq!(notes.len(), 2, "{err}");
    for note in notes {
        assert!(note.contains("exit status: 3"), "{note}");
        assert!(note.contains("fake: no evaluation file"), "{note}");
    }
}

#[test]
fn bad_engine_commands_and_options_are_errors() {
    for (args, expected) in [
        (
            &["--b", "nboard:/nonexistent/engine nboard"][..],
            "cannot be started",
        ),
        (&["--b", "nboard:"], "is empty"),
        (&["--a", "nboard:sh -c 'exit"], "quote is not closed"),
        (&["--b", &ours(), "--nboard-depth", "0"], "--nboard-depth"),
        (
            &["--b", &ours(), "--nboard-timeout", "0"],
            "--nboard-timeout",
        ),
    ] {
        let mut argv = vec!["match", "--games", "2", "--quiet"];
        argv.extend_from_slice(args);
        let (code, out, err) = run(&argv, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_no_panic(&err);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.is_empty(), "{out}");
    }
}
