//! Shared by the CLI test files: running the `reversi` binary with input on stdin, and a
//! seeded RNG for random games.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `reversi ARGS` with `input` on stdin: exit code, stdout, stderr.
pub fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the reversi binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // A refused option may exit before reading: a broken pipe is fine then.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("reversi ends");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs `reversi ARGS` (any OS strings) with `input` bytes on stdin: the exit code (`None`
/// when a signal ended it), stdout and stderr (invalid UTF-8 replaced).
pub fn run_raw(args: &[&OsStr], input: &[u8]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the reversi binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // Written from a thread: a command that answers as it reads must not block the writer.
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("reversi ends");
    writer.join().expect("the writer thread");
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
