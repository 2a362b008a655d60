//! The command line: `reversi-learn [--rules classic|inverse] [--games N] [--seed S] ...`,
//! read with the tools' shared reader ([`reversi_args`]).

use std::fmt;
use std::path::PathBuf;

use reversi::{EvalKind, Rules};
use reversi_args::Args;

use crate::selfplay::PlayConfig;

/// Everything a run needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub rules: Rules,
    /// Training games.
    pub games: u64,
    pub seed: u64,
    /// The directory the weight files are written to.
    pub out: PathBuf,
    /// Positions with this many empties or fewer get the solver's exact score as label (0: the
    /// final result only).
    pub exact_empties: u32,
    /// Self-play search depth and node budget a move.
    pub depth: u32,
    pub nodes: u64,
    /// Softmax temperature of the self-play moves (discs), for variety.
    pub temperature: f32,
    /// Ridge of the feature-weight fit.
    pub ridge: f64,
    /// Ridge of the edge-table fit.
    pub edge_ridge: f64,
    /// Conjugate-gradient iterations (at most) of the edge-table fit.
    pub iterations: usize,
    /// Held-out games to compare the new weights with the shipped ones (0: none).
    pub validate: u64,
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: Rules::Classic,
            games: 8000,
            seed: 1,
            out: PathBuf::from("learned"),
            exact_empties: 14,
            depth: 3,
            nodes: 40_000,
            temperature: 0.5,
            ridge: 1.0,
            edge_ridge: 30.0,
            iterations: 100,
            validate: 1000,
            threads: 1,
        }
    }
}

impl Config {
    /// How the games are played.
    pub fn play(&self) -> PlayConfig {
        PlayConfig {
            rules: self.rules,
            eval: EvalKind::for_rules(self.rules),
            depth: self.depth,
            nodes: self.nodes,
            temperature: self.temperature,
            exact_empties: self.exact_empties,
        }
    }
}

/// What is wrong with the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// `--help` was asked for (not an error, but no run either).
    Help,
    /// An unknown option, a missing or bad value, an argument that is not UTF-8.
    Bad(reversi_args::ArgError),
}

impl From<reversi_args::ArgError> for ArgError {
    fn from(e: reversi_args::ArgError) -> ArgError {
        ArgError::Bad(e)
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Help => f.write_str(USAGE),
            ArgError::Bad(e) => write!(f, "{e}\n{USAGE}"),
        }
    }
}

impl std::error::Error for ArgError {}

pub const USAGE: &str = "\
usage: reversi-learn [options]
  --rules classic|inverse   the game whose weights are learned (classic)
  --games N                 self-play training games (8000)
  --seed S                  seed of the self-play games (1)
  --out DIR                 where <rules>.txt and <rules>_edges.rs are written (learned)
  --exact-empties N         exact solver labels at N empties or fewer, 0..=20 (14)
  --depth D                 self-play search depth, 1..=10 (3)
  --nodes N                 self-play node budget a move (40000)
  --temperature T           self-play softmax noise in discs, >= 0 (0.5)
  --ridge R                 ridge of the feature-weight fit, >= 0 (1)
  --edge-ridge R            ridge of the edge-table fit, >= 0 (30)
  --iterations N            conjugate-gradient iterations of the edge-table fit (100)
  --validate N              held-out games comparing new and shipped weights (1000)
  --threads T               worker threads, 1..=64; results do not depend on it (1)";

/// Parses the arguments (without the program name) with the tools' shared reader
/// ([`reversi_args`]); `std::env::args_os` gives them through [`parse_os_args`].
pub fn parse_args<I, S>(args: I) -> Result<Config, ArgError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut a = Args::new(args);
    if a.flag("-h") || a.flag("--help") {
        return Err(ArgError::Help);
    }
    let d = Config::default();
    let c = Config {
        rules: a
            .parsed("--rules", "classic or inverse")?
            .unwrap_or(d.rules),
        games: a.number("--games", d.games, 1..=u32::MAX as u64)?,
        seed: a.number("--seed", d.seed, 0..=u64::MAX)?,
        out: match a.option("--out")? {
            None => d.out,
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            Some(dir) => {
                return Err(ArgError::Bad(reversi_args::ArgError::BadValue {
                    name: "--out".into(),
                    value: dir,
                    expected: "a directory".into(),
                }))
            }
        },
        exact_empties: a.number("--exact-empties", d.exact_empties, 0..=20)?,
        depth: a.number("--depth", d.depth, 1..=10)?,
        nodes: a.number("--nodes", d.nodes, 1..=u64::MAX)?,
        temperature: a.number("--temperature", d.temperature, 0.0..=f32::MAX)?,
        ridge: a.number("--ridge", d.ridge, 0.0..=f64::MAX)?,
        edge_ridge: a.number("--edge-ridge", d.edge_ridge, 0.0..=f64::MAX)?,
        iterations: a.number("--iterations", d.iterations, 0..=100_000)?,
        validate: a.number("--validate", d.validate, 0..=u32::MAX as u64)?,
        threads: a.number("--threads", d.threads, 1..=64)?,
    };
    a.finish()?;
    Ok(c)
}

/// [`parse_args`] on the arguments as the OS gives them (an argument that is not UTF-8 is an
/// error).
pub fn parse_os_args<I>(args: I) -> Result<Config, ArgError>
where
    I: IntoIterator<Item = std::ffi::OsString>,
{
    parse_args(reversi_args::utf8_words(args)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Config, ArgError> {
        parse_args(s.split_whitespace().map(String::from))
    }

    #[test]
    fn options() {
        let c =
            parse("--rules inverse --games 7 --seed 9 --out /tmp/x --exact-empties 10").unwrap();
        assert_eq!(c.rules, Rules::Inverse);
        assert_eq!((c.games, c.seed, c.exact_empties), (7, 9, 10));
        assert_eq!(c.out, PathBuf::from("/tmp/x"));
        assert_eq!(parse("").unwrap(), Config::default());
    }

    /// The option and value named by the bad-value error of `line`, if that is its result.
    fn bad_value(line: &str) -> Option<(String, String)> {
        match parse(line) {
            Err(ArgError::Bad(reversi_args::ArgError::BadValue { name, value, .. })) => {
                Some((name, value))
            }
            _ => None,
        }
    }

    #[test]
    fn errors() {
        for (name, value) in [
            ("--rules", "chess"),
            ("--games", "0"),
            ("--exact-empties", "30"),
            ("--ridge", "-1"),
            ("--temperature", "1e39"),
            ("--threads", "65"),
            ("--seed", "-1"),
        ] {
            assert_eq!(
                bad_value(&format!("{name} {value}")),
                Some((name.to_string(), value.to_string()))
            );
        }
        assert_eq!(
            parse("--seed"),
            Err(ArgError::Bad(reversi_args::ArgError::MissingValue(
                "--seed".into()
            )))
        );
        let e = parse("--fast").unwrap_err();
        assert_eq!(
            e,
            ArgError::Bad(reversi_args::ArgError::UnknownOption("--fast".into()))
        );
        assert!(e
            .to_string()
            .starts_with("unknown option '--fast'\nusage: reversi-learn"));
        assert!(parse("extra").is_err());
        assert_eq!(parse("--help"), Err(ArgError::Help));
        assert_eq!(parse("--games 7 -h"), Err(ArgError::Help));
    }
}
