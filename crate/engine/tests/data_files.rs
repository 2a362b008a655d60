//! The test data and the shipped weights are the recorded files: each file's SHA-256 equals
//! the one in its folder's `SOURCE.md` (`tests/data/`, `src/weights/`), and every file of the
//! folder is listed there.

use sha2::{Digest, Sha256};
use std::path::Path;

#[test]
fn data_files_match_their_checksums() {
    check_folder("tests/data", 5);
}

#[test]
fn weights_files_match_their_checksums() {
    check_folder("src/weights", 2);
}

/// Checks the `count` files listed in `folder/SOURCE.md` and that nothing else is there.
fn check_folder(folder: &str, count: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let source = std::fs::read_to_string(dir.join("SOURCE.md")).unwrap();
    // Table rows: | `file` | what | `sha256` |
    let listed: Vec<(String, String)> = source
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let file = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let sum = cells.get(3)?.strip_prefix('`')?.strip_suffix('`')?;
            (sum.len() == 64).then(|| (file.to_string(), sum.to_string()))
        })
        .collect();
    assert_eq!(
        listed.len(),
        count,
        "{folder}/SOURCE.md lists {count} files"
    );
    for (file, sum) in &listed {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let got: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(&got, sum, "{file}: checksum differs from SOURCE.md");
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "SOURCE.md" || listed.iter().any(|(f, _)| *f == name),
            "{name} is not listed in SOURCE.md"
        );
    }
}
