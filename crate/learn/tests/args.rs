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
            vec![OsStr::new("fit"), OsStr::new("--data"), bad],
            2,
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            vec![OsStr::new("label"), bad],
            1,
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            vec![OsStr::new("games"), OsStr::new("--out"), bad],
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
        (env!("CARGO_BIN_EXE_reversi-learn"), &[][..]),
        (env!("CARGO_BIN_EXE_reversi-learn"), &["--games", "0"]),
        (env!("CARGO_BIN_EXE_reversi-learn"), &["games"]),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["games", "--out", "x", "--games", "0"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["games", "--out", "x", "--ridge", "1"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["fit", "--rules", "chess"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["fit", "--rules", "classic", "--data", "d"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &[
                "fit", "--rules", "classic", "--data", "d", "--out", "o", "--ridge", "-1",
            ],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["label", "--rules", "classic", "--data", "d", "--out", "o"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &[
                "label", "--rules", "inverse", "--data", "d", "--out", "o", "--depth", "21",
            ],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &["splice", "--base", "a", "--from", "b", "--out", "o"],
        ),
        (
            env!("CARGO_BIN_EXE_reversi-learn"),
            &[
                "splice",
                "--base",
                "a",
                "--from",
                "b",
                "--out",
                "o",
                "--from-phase",
                "12",
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
        &[
            "label", "--rules", "classic", "--data", "d", "--out", "o", "--depth", "0",
        ]
        .map(std::ffi::OsStr::new),
    );
    assert!(
        err.contains("--depth: '0' is not a number from 1 to 20"),
        "{err}"
    );
    assert!(err.contains("usage: reversi-learn label"), "{err}");
    // A data directory that does not exist: exit 1 and a message naming it.
    let (code, err) = run(
        env!("CARGO_BIN_EXE_reversi-learn"),
        &[
            "fit".as_ref(),
            "--rules".as_ref(),
            "classic".as_ref(),
            "--data".as_ref(),
            "/nonexistent/d".as_ref(),
            "--out".as_ref(),
            "/tmp/x.bin".as_ref(),
        ],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("reversi-learn fit: /nonexistent/d: "),
        "{err}"
    );
}

#[test]
fn games_help_and_errors() {
    let exe = env!("CARGO_BIN_EXE_reversi-learn");
    let out = Command::new(exe)
        .args(["games", "--help"])
        .output()
        .expect("the tool runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: reversi-learn games"));
    let (code, err) = run(exe, &["games".as_ref(), "--out".as_ref()]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("reversi-learn games: --out needs a value"),
        "{err}"
    );
    // A directory that cannot be made: exit 1 and a message, no panic.
    let (code, err) = run(
        exe,
        &["games".as_ref(), "--out".as_ref(), "/dev/null/x".as_ref()],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("reversi-learn games: /dev/null/x: "),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn splice_refuses_what_is_not_a_weights_file() {
    let exe = env!("CARGO_BIN_EXE_reversi-learn");
    let not_weights = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let out = std::env::temp_dir().join(format!("splice-{}.bin", std::process::id()));
    let (code, err) = run(
        exe,
        &[
            "splice".as_ref(),
            "--base".as_ref(),
            not_weights.as_ref(),
            "--from".as_ref(),
            not_weights.as_ref(),
            "--from-phase".as_ref(),
            "5".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with(&format!("reversi-learn splice: {not_weights}: ")),
        "{err}"
    );
    assert!(!out.exists(), "nothing is written");
}
