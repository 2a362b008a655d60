//! The command line of `reversi-learn games`, read with the tools' shared reader
//! ([`reversi_args`]).

use std::fmt;
use std::path::PathBuf;

use reversi_args::Args;

use crate::games::GamesConfig;

pub const GAMES_USAGE: &str = "\
usage: reversi-learn games --out DIR [options]
  plays self-play games into DIR/<rules>/games-<FIRST>.txt, labels the positions near the end
  exactly, resumes what DIR/<rules> holds (see crate/learn/README.md)
  --out DIR                 the data directory (required)
  --rules classic|inverse   the game (classic)
  --games N                 the games wanted in all; stops when there are N (40000)
  --seed S                  seed of the games: game i depends on (S, i) only (1)
  --exact-empties N         exact solver labels at N empties or fewer, 0..=30 (20)
  --depth D                 self-play search depth, 1..=10 (4)
  --nodes N                 self-play node budget a move (40000)
  --temperature T           self-play softmax noise in discs, >= 0 (0.7)
  --chunk-games N           games per chunk file (10000)
  --threads T               worker threads, 1..=64; the files do not depend on it (1)
  --verify                  also re-solve 1 % of the labels read back";

/// What is wrong with a `games` command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamesArgError {
    /// `--help` was asked for.
    Help,
    Bad(reversi_args::ArgError),
}

impl From<reversi_args::ArgError> for GamesArgError {
    fn from(e: reversi_args::ArgError) -> GamesArgError {
        GamesArgError::Bad(e)
    }
}

impl fmt::Display for GamesArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesArgError::Help => f.write_str(GAMES_USAGE),
            GamesArgError::Bad(e) => write!(f, "{e}\n{GAMES_USAGE}"),
        }
    }
}

impl std::error::Error for GamesArgError {}

/// Parses the arguments of `reversi-learn games` (after the word `games`).
pub fn parse_games_args<I, S>(args: I) -> Result<GamesConfig, GamesArgError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut a = Args::new(args);
    if a.flag("-h") || a.flag("--help") {
        return Err(GamesArgError::Help);
    }
    let out = match a.option("--out")? {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        other => {
            return Err(GamesArgError::Bad(reversi_args::ArgError::BadValue {
                name: "--out".into(),
                value: other.unwrap_or_default(),
                expected: "a directory (--out is required)".into(),
            }))
        }
    };
    let d = GamesConfig::new(out);
    let c = GamesConfig {
        rules: a
            .parsed("--rules", "classic or inverse")?
            .unwrap_or(d.rules),
        games: a.number("--games", d.games, 1..=u32::MAX as u64)?,
        seed: a.number("--seed", d.seed, 0..=u64::MAX)?,
        exact_empties: a.number("--exact-empties", d.exact_empties, 0..=30)?,
        depth: a.number("--depth", d.depth, 1..=10)?,
        nodes: a.number("--nodes", d.nodes, 1..=u64::MAX)?,
        temperature: a.number("--temperature", d.temperature, 0.0..=f32::MAX)?,
        chunk_games: a.number("--chunk-games", d.chunk_games, 1..=10_000_000)?,
        threads: a.number("--threads", d.threads, 1..=64)?,
        verify_percent: if a.flag("--verify") { 1 } else { 0 },
        out: d.out,
    };
    a.finish()?;
    Ok(c)
}

/// [`parse_games_args`] on the arguments as the OS gives them.
pub fn parse_games_os_args<I>(args: I) -> Result<GamesConfig, GamesArgError>
where
    I: IntoIterator<Item = std::ffi::OsString>,
{
    parse_games_args(reversi_args::utf8_words(args)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi::Rules;

    fn games(s: &str) -> Result<GamesConfig, GamesArgError> {
        parse_games_args(s.split_whitespace().map(String::from))
    }

    #[test]
    fn games_options() {
        let c = games("--out d").unwrap();
        assert_eq!(c, GamesConfig::new(PathBuf::from("d")));
        assert_eq!(
            (c.games, c.exact_empties, c.depth, c.nodes, c.temperature),
            (40_000, 20, 4, 40_000, 0.7)
        );
        let c = games(
            "--out d --rules inverse --games 9 --seed 3 --exact-empties 10 --depth 2 \
             --nodes 500 --temperature 1.5 --chunk-games 4 --threads 2 --verify",
        )
        .unwrap();
        assert_eq!(c.rules, Rules::Inverse);
        assert_eq!((c.games, c.seed, c.exact_empties, c.depth), (9, 3, 10, 2));
        assert_eq!((c.nodes, c.temperature, c.chunk_games), (500, 1.5, 4));
        assert_eq!((c.threads, c.verify_percent), (2, 1));
        assert_eq!(games("--out d -h"), Err(GamesArgError::Help));
        for bad in [
            "",
            "--out",
            "--out d --exact-empties 31",
            "--out d --games 0",
            "--out d --chunk-games 0",
            "--out d --ridge 1",
            "--out d extra",
        ] {
            let e = games(bad).unwrap_err();
            assert!(
                e.to_string().contains("usage: reversi-learn games"),
                "{bad}: {e}"
            );
        }
    }
}
