//! Where the learn pipeline's products come from: the command line and the engine's commit
//! that each manifest and weights record names.

use std::path::{Path, PathBuf};

/// Where a run comes from, for the manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// The command line, one line.
    pub command: String,
    /// The engine's commit (`git rev-parse HEAD`) or `unknown`.
    pub commit: String,
    /// `clean`, `dirty` or `unknown`.
    pub tree: String,
}

/// The engine's commit (`git rev-parse HEAD` in the current directory) and the state of the
/// work tree: `clean`, or `dirty` when something outside `data_dir` is changed or untracked
/// (the data being written is not a change of the engine); `unknown` without git.
pub fn git_state(data_dir: &Path) -> (String, String) {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| o.stdout)
    };
    let unknown = || "unknown".to_string();
    let Some(head) = git(&["rev-parse", "HEAD"]) else {
        return (unknown(), unknown());
    };
    let commit = String::from_utf8_lossy(&head).trim().to_string();
    let top = git(&["rev-parse", "--show-toplevel"]).and_then(|t| {
        PathBuf::from(String::from_utf8_lossy(&t).trim())
            .canonicalize()
            .ok()
    });
    let status = git(&["status", "--porcelain", "-z", "--untracked-files=all"]);
    let data = data_dir.canonicalize().ok();
    let tree = match (top, status) {
        (Some(top), Some(status)) => {
            let mut entries = status.split(|&b| b == 0).filter(|e| e.len() > 3);
            let mut dirty = false;
            while let Some(entry) = entries.next() {
                let (xy, path) = (&entry[..2], &entry[3..]);
                if xy.contains(&b'R') || xy.contains(&b'C') {
                    entries.next(); // the old name of a rename or copy
                }
                let path = top.join(String::from_utf8_lossy(path).as_ref());
                if !data.as_ref().is_some_and(|d| path.starts_with(d)) {
                    dirty = true;
                }
            }
            if dirty { "dirty" } else { "clean" }.to_string()
        }
        _ => unknown(),
    };
    (commit, tree)
}

/// Arguments as one shell line (quoted where needed, escaped to one printable line).
pub fn command_line<I: IntoIterator<Item = std::ffi::OsString>>(args: I) -> String {
    args.into_iter()
        .map(|a| {
            let s = reversi_args::escape_os(&a);
            let plain = !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
            if plain {
                s
            } else {
                format!("'{}'", s.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::command_line;
    use std::ffi::OsString;

    fn line(args: &[&str]) -> String {
        command_line(args.iter().map(OsString::from))
    }

    #[test]
    fn plain_arguments_stay_bare_and_others_are_quoted() {
        assert_eq!(
            line(&["reversi-learn", "fit", "--out", "a/b.bin"]),
            "reversi-learn fit --out a/b.bin"
        );
        assert_eq!(line(&["echo", "two words", ""]), "echo 'two words' ''");
        assert_eq!(line(&["echo", "it's"]), "echo 'it'\\''s'");
    }

    #[test]
    fn a_newline_stays_on_one_line() {
        assert!(!line(&["echo", "a\nb"]).contains('\n'));
    }
}
