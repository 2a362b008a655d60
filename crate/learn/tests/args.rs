//! The learn tools' command lines, through the shared reader (reversi-args): arguments that are
//! not UTF-8 and bad values are exit code 2 and a message, never a panic.

use std::process::Command;

/// Runs one of the tools: exit code and stderr.
fn run(exe: &str, args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = Command::new(exe)
        .args(args)
        .output()
        .expect("the tool runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_exit_2() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"\xff\n");
    for (exe, args, index) in [
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            vec![OsStr::new("--games"), bad],
            2,
        ),
        (
            env!("CARGO_BIN_EXE_reversi-patterns"),
            vec![OsStr::new("samples"), bad],
            2,
        ),
    ] {
        let (code, err) = run(exe, &args);
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(code, Some(2), "{exe}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.ends_with(&format!("argument {index} is not valid UTF-8: '\\xff\\n'")),
            "{exe}: {err}"
        );
    }
}

#[test]
fn bad_values_are_exit_2_with_the_usage() {
    for (exe, args) in [
        (env!("CARGO_BIN_EXE_reversi-learn"), &["--games", "0"][..]),
        (env!("CARGO_BIN_EXE_reversi-learn"), &["--rules", "chess"]),
        (
            env!("CARGO_BIN_EXE_reversi-patterns"),
            &["samples", "classic", "x", "0", "0", "10", "1"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-patterns"),
            &[
                "samples",
                "classic",
                "18446744073709551615",
                "1",
                "0",
                "10",
                "1",
            ],
        ),
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let (code, err) = run(exe, &args);
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.lines().count() >= 1, "{args:?}: no message");
    }
    let (_, err) = run(
        env!("CARGO_BIN_EXE_reversi-learn"),
        &["--games".as_ref(), "0".as_ref()],
    );
    assert!(
        err.contains("--games: '0' is not a number from 1 to"),
        "{err}"
    );
    assert!(err.contains("usage: reversi-learn"), "{err}");
}
