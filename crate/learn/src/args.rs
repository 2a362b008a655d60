//! The command line: `reversi-learn [--rules classic|inverse] [--games N] [--seed S] ...`.

use std::fmt;
use std::path::PathBuf;

use reversi::{EvalKind, Rules};

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
    Unknown(String),
    MissingValue(String),
    /// The option, then its bad value.
    BadValue(String, String),
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Help => f.write_str(USAGE),
            ArgError::Unknown(a) => write!(f, "unknown argument `{a}`\n{USAGE}"),
            ArgError::MissingValue(a) => write!(f, "`{a}` needs a value\n{USAGE}"),
            ArgError::BadValue(a, v) => write!(f, "bad value `{v}` for `{a}`\n{USAGE}"),
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

/// Parses the arguments (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Config, ArgError> {
    let mut c = Config::default();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        if arg == "-h" || arg == "--help" {
            return Err(ArgError::Help);
        }
        let known = [
            "--rules",
            "--games",
            "--seed",
            "--out",
            "--exact-empties",
            "--depth",
            "--nodes",
            "--temperature",
            "--ridge",
            "--edge-ridge",
            "--iterations",
            "--validate",
            "--threads",
        ];
        if !known.contains(&arg.as_str()) {
            return Err(ArgError::Unknown(arg));
        }
        let value = it
            .next()
            .ok_or_else(|| ArgError::MissingValue(arg.clone()))?;
        let bad = || ArgError::BadValue(arg.clone(), value.clone());
        match arg.as_str() {
            "--rules" => c.rules = value.parse().map_err(|_| bad())?,
            "--games" => c.games = number(&value, 1, u32::MAX as u64).ok_or_else(bad)?,
            "--seed" => c.seed = value.parse().map_err(|_| bad())?,
            "--out" if !value.is_empty() => c.out = PathBuf::from(&value),
            "--out" => return Err(bad()),
            "--exact-empties" => c.exact_empties = number(&value, 0, 20).ok_or_else(bad)? as u32,
            "--depth" => c.depth = number(&value, 1, 10).ok_or_else(bad)? as u32,
            "--nodes" => c.nodes = number(&value, 1, u64::MAX).ok_or_else(bad)?,
            "--temperature" => c.temperature = float(&value).ok_or_else(bad)? as f32,
            "--ridge" => c.ridge = float(&value).ok_or_else(bad)?,
            "--edge-ridge" => c.edge_ridge = float(&value).ok_or_else(bad)?,
            "--iterations" => c.iterations = number(&value, 0, 100_000).ok_or_else(bad)? as usize,
            "--validate" => c.validate = number(&value, 0, u32::MAX as u64).ok_or_else(bad)?,
            _ => c.threads = number(&value, 1, 64).ok_or_else(bad)? as usize,
        }
    }
    Ok(c)
}

fn number(s: &str, min: u64, max: u64) -> Option<u64> {
    s.parse().ok().filter(|n| (min..=max).contains(n))
}

fn float(s: &str) -> Option<f64> {
    s.parse().ok().filter(|x: &f64| x.is_finite() && *x >= 0.0)
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

    #[test]
    fn errors() {
        assert_eq!(
            parse("--rules chess"),
            Err(ArgError::BadValue("--rules".into(), "chess".into()))
        );
        assert_eq!(
            parse("--games 0"),
            Err(ArgError::BadValue("--games".into(), "0".into()))
        );
        assert_eq!(
            parse("--exact-empties 30").unwrap_err(),
            ArgError::BadValue("--exact-empties".into(), "30".into())
        );
        assert_eq!(
            parse("--ridge -1").unwrap_err(),
            ArgError::BadValue("--ridge".into(), "-1".into())
        );
        assert_eq!(
            parse("--seed"),
            Err(ArgError::MissingValue("--seed".into()))
        );
        assert_eq!(parse("--fast"), Err(ArgError::Unknown("--fast".into())));
        assert_eq!(parse("--help"), Err(ArgError::Help));
    }
}
