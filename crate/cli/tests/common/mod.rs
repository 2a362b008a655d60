//! Shared by the CLI test files: running the `reversi` binary with input on stdin, and a
//! seeded RNG for random games.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// The `reversi` binary under test.
pub fn reversi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_reversi"))
}

/// `reversi ARGS` started with piped stdin, stdout and stderr.
pub fn spawn(args: &[&OsStr]) -> Child {
    reversi()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the reversi binary runs")
}

/// The output of a child once `input` has been written to its stdin from another thread (a
/// command that answers as it reads must not block the writer; one that exits before reading
/// makes a broken pipe, which is fine) and the stdin closed.
pub fn finish(mut child: Child, input: &[u8]) -> Output {
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("reversi ends");
    writer.join().expect("the writer thread");
    out
}

/// The first `n` lines of FFO 1-19 (14 empties: solved in milliseconds): each position as an
/// OBF line without its scores, and its listed (move, score) pairs, best first.
pub fn ffo(n: usize) -> Vec<(String, Vec<(String, i32)>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/fforum-1-19.obf"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .map(|line| {
            let mut parts = line.split(';');
            let head = parts.next().unwrap().trim().to_string();
            let scores = parts
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (mv, score) = p.split_once(':').expect("MOVE:SCORE");
                    (mv.to_ascii_lowercase(), score.parse().expect("a score"))
                })
                .collect();
            (head, scores)
        })
        .collect()
}

/// Runs `reversi ARGS` with `input` on stdin: exit code, stdout, stderr.
pub fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let out = finish(spawn(&args), input.as_bytes());
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs `reversi ARGS` (any OS strings) with `input` bytes on stdin: the exit code (`None`
/// when a signal ended it), stdout and stderr (invalid UTF-8 replaced).
pub fn run_raw(args: &[&OsStr], input: &[u8]) -> (Option<i32>, String, String) {
    let out = finish(spawn(args), input);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks that `stderr` shows no panic (nor an abort's allocation message).
pub fn assert_no_panic(stderr: &str) {
    assert!(
        !stderr.contains("panicked") && !stderr.contains("memory allocation"),
        "{stderr}"
    );
}

/// The engine's SplitMix64, for random games.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        (reversi::internals::splitmix64(&mut self.0) % n as u64) as usize
    }
}
