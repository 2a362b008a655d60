//! Shared by the CLI test files: running the `reversi` binary with input on stdin.

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
