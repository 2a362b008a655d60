//! The chunk files of a games directory: reading and checking them on resume (a torn last
//! line cut off), then appending games in index order.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use reversi::internals::splitmix64;
use reversi::{Rules, Scoring, Solver};
use sha2::{Digest, Sha256};

use super::manifest::ChunkSummary;
use super::play::game_seed;
use super::record::GameRecord;
use super::GamesError;

/// The file of the chunk whose first game is `first`: `games-00120000.txt`.
pub fn chunk_name(first: u64) -> String {
    format!("games-{first:08}.txt")
}

/// The first game of a chunk file name written by [`chunk_name`].
fn parse_chunk_name(name: &str) -> Option<u64> {
    let digits = name.strip_prefix("games-")?.strip_suffix(".txt")?;
    let first: u64 = digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse().ok())??;
    (chunk_name(first) == name).then_some(first)
}

/// How the lines are checked when they are read.
pub struct Checks<'a> {
    pub rules: Rules,
    pub exact_empties: u32,
    /// Re-solves this share of the labels (percent), chosen from the seed, with this solver.
    pub verify: Option<(&'a mut Solver, u32)>,
    pub seed: u64,
}

/// True if the label at `ply` of game `index` is one of the `percent` % that `--verify`
/// re-solves (a fixed choice for a seed).
pub fn verify_selected(seed: u64, index: u64, ply: u32, percent: u32) -> bool {
    let mut s = game_seed(seed, index)
        ^ 0x05ee_d0f1_abe1
        ^ (ply as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    splitmix64(&mut s) % 100 < percent as u64
}

struct Chunk {
    first: u64,
    games: u64,
    /// Of the bytes so far.
    hasher: Sha256,
}

/// The chunk files of one directory, as read and as appended to.
pub struct Store {
    dir: PathBuf,
    chunk_games: u64,
    chunks: Vec<Chunk>,
    /// The last chunk, open for appending.
    file: Option<File>,
    pub games: u64,
    pub labels: u64,
    /// Labels re-solved by `--verify`.
    pub verified: u64,
    /// The file whose torn last line was cut off, and the bytes cut.
    pub truncated: Option<(PathBuf, usize)>,
}

impl Store {
    /// Reads and checks every chunk file of `dir` (game `k` of the chunk starting at `first`
    /// must be game `first + k`, every chunk but the last full); cuts a torn last line (no
    /// newline at the end of the last file) off.
    pub fn open(dir: &Path, chunk_games: u64, checks: &mut Checks) -> Result<Store, GamesError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |error| GamesError::Io { path, error }
        };
        let mut firsts = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io(dir))? {
            let entry = entry.map_err(io(dir))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if name.starts_with("games-") {
                let first = parse_chunk_name(name).ok_or_else(|| GamesError::Layout {
                    dir: dir.to_path_buf(),
                    why: format!(
                        "'{}' is not a chunk file name (games-NNNNNNNN.txt)",
                        reversi_args::escape(name)
                    ),
                })?;
                firsts.push(first);
            }
        }
        firsts.sort_unstable();
        let mut store = Store {
            dir: dir.to_path_buf(),
            chunk_games,
            chunks: Vec::new(),
            file: None,
            games: 0,
            labels: 0,
            verified: 0,
            truncated: None,
        };
        for (k, &first) in firsts.iter().enumerate() {
            let path = dir.join(chunk_name(first));
            if first != store.games {
                return Err(GamesError::Layout {
                    dir: dir.to_path_buf(),
                    why: format!(
                        "{} should start at game {} (chunks of {chunk_games} games, one after the other)",
                        chunk_name(first),
                        store.games
                    ),
                });
            }
            let last = k + 1 == firsts.len();
            store.read_chunk(&path, first, last, checks)?;
            if !last && store.games != first + chunk_games {
                return Err(GamesError::Layout {
                    dir: dir.to_path_buf(),
                    why: format!(
                        "{} has {} games, not {chunk_games}, yet is not the last chunk",
                        chunk_name(first),
                        store.games - first
                    ),
                });
            }
        }
        Ok(store)
    }

    fn read_chunk(
        &mut self,
        path: &Path,
        first: u64,
        last: bool,
        checks: &mut Checks,
    ) -> Result<(), GamesError> {
        let io = |error| GamesError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut bytes = std::fs::read(path).map_err(io)?;
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if complete < bytes.len() {
            let line = bytes[..complete].iter().filter(|&&b| b == b'\n').count() + 1;
            if !last {
                return Err(GamesError::BadLine {
                    path: path.to_path_buf(),
                    line,
                    why: "a line without its end (only the last file may have one)".into(),
                });
            }
            let file = OpenOptions::new().write(true).open(path).map_err(io)?;
            file.set_len(complete as u64).map_err(io)?;
            self.truncated = Some((path.to_path_buf(), bytes.len() - complete));
            bytes.truncate(complete);
        }
        let mut hasher = Sha256::new();
        hasher.update(&bytes);
        let mut games = 0;
        // Every line ends with a newline now.
        let body = bytes.strip_suffix(b"\n").unwrap_or(&[]);
        let lines = body
            .split(|&b| b == b'\n')
            .take(if bytes.is_empty() { 0 } else { usize::MAX });
        for (n, line) in lines.enumerate() {
            let bad = |why: String| GamesError::BadLine {
                path: path.to_path_buf(),
                line: n + 1,
                why,
            };
            if games == self.chunk_games {
                return Err(bad(format!(
                    "more than {} games in a chunk",
                    self.chunk_games
                )));
            }
            let text = std::str::from_utf8(line).map_err(|_| bad("not UTF-8".into()))?;
            let record = GameRecord::parse(text).map_err(bad)?;
            let index = first + games;
            if record.index != index {
                return Err(bad(format!("game {}, expected game {index}", record.index)));
            }
            let labelled = record
                .check(checks.rules, checks.exact_empties)
                .map_err(bad)?;
            if let Some((solver, percent)) = checks.verify.as_mut() {
                for (board, label) in &labelled {
                    if !verify_selected(checks.seed, index, label.ply, *percent) {
                        continue;
                    }
                    let solved = solver
                        .solve(
                            *board,
                            checks.rules,
                            Scoring::DiscsOnBoard,
                            &reversi::Limits::NONE,
                        )
                        .map(|s| s.score);
                    if solved != Some(label.score) {
                        return Err(bad(format!(
                            "label {}:{}: the solver says {}",
                            label.ply,
                            label.score,
                            solved.map_or("nothing".into(), |s| s.to_string())
                        )));
                    }
                    self.verified += 1;
                }
            }
            self.labels += record.labels.len() as u64;
            games += 1;
        }
        self.games += games;
        self.chunks.push(Chunk {
            first,
            games,
            hasher,
        });
        Ok(())
    }

    /// Appends a game's line (with its newline, in one write): it must be game
    /// [`Store::games`]. Starts a new chunk file when the last one is full.
    pub fn append(&mut self, line: &str, labels: u64) -> Result<(), GamesError> {
        let full = self
            .chunks
            .last()
            .is_none_or(|c| c.games == self.chunk_games);
        if full || self.file.is_none() {
            let (path, create) = if full {
                (self.dir.join(chunk_name(self.games)), true)
            } else {
                let first = self.chunks.last().map_or(0, |c| c.first);
                (self.dir.join(chunk_name(first)), false)
            };
            let mut options = OpenOptions::new();
            if create {
                options.write(true).create_new(true);
            } else {
                options.append(true);
            }
            let file = options.open(&path).map_err(|error| GamesError::Io {
                path: path.clone(),
                error,
            })?;
            if create {
                self.chunks.push(Chunk {
                    first: self.games,
                    games: 0,
                    hasher: Sha256::new(),
                });
            }
            self.file = Some(file);
        }
        let chunk = self.chunks.last_mut().expect("a chunk is open");
        let path = self.dir.join(chunk_name(chunk.first));
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let file = self.file.as_mut().expect("the file is open");
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .map_err(|error| GamesError::Io { path, error })?;
        chunk.hasher.update(&bytes);
        chunk.games += 1;
        self.games += 1;
        self.labels += labels;
        if chunk.games == self.chunk_games {
            self.file = None;
        }
        Ok(())
    }

    /// The chunk files as they are now.
    pub fn summaries(&self) -> Vec<ChunkSummary> {
        self.chunks
            .iter()
            .map(|c| ChunkSummary {
                name: chunk_name(c.first),
                first: c.first,
                games: c.games,
                sha256: c
                    .hasher
                    .clone()
                    .finalize()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
            })
            .collect()
    }

    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_names() {
        assert_eq!(chunk_name(120_000), "games-00120000.txt");
        assert_eq!(parse_chunk_name("games-00120000.txt"), Some(120_000));
        assert_eq!(parse_chunk_name("games-123456789.txt"), Some(123_456_789));
        for bad in [
            "games-1.txt",
            "games-+0000001.txt",
            "games-00000000.txt.tmp",
            "games-.txt",
        ] {
            assert_eq!(parse_chunk_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn verification_picks_about_the_share_asked() {
        let n = (0..10_000u64)
            .filter(|&i| verify_selected(1, i / 20, (i % 20) as u32, 1))
            .count();
        assert!((60..=140).contains(&n), "{n}");
        assert!((0..100).all(|i| verify_selected(1, i, 3, 100)));
        assert!((0..100).all(|i| !verify_selected(1, i, 3, 0)));
    }
}
