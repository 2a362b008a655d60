//! The text of a split search's tasks and outcomes ([`super::split`]), as they travel
//! between the page and its workers: `deepen 8`, `move d3 12 -300 -299`,
//! `deepened 8 -35 d3 c4 ...`, `move -320 complete`.

use std::fmt;
use std::str::FromStr;

use super::split::{SplitOutcome, SplitTask};
use crate::search::INF;
use crate::square::Square;

/// A [`SplitTask`] or [`SplitOutcome`] text that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSplitError(pub String);

impl fmt::Display for ParseSplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a task or outcome of a split search: '{}'", self.0)
    }
}

impl std::error::Error for ParseSplitError {}

/// Reads the words of a task or outcome text: the next one as `T`, else the error.
struct Words<'a> {
    text: &'a str,
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words {
            text,
            words: text.split_ascii_whitespace(),
        }
    }

    fn error(&self) -> ParseSplitError {
        ParseSplitError(self.text.chars().take(80).collect())
    }

    fn next<T: FromStr>(&mut self) -> Result<T, ParseSplitError> {
        let word = self.words.next().ok_or_else(|| self.error())?;
        word.parse().map_err(|_| self.error())
    }

    fn score(&mut self) -> Result<i32, ParseSplitError> {
        let v: i32 = self.next()?;
        if v.abs() > INF {
            return Err(self.error());
        }
        Ok(v)
    }

    fn depth(&mut self) -> Result<u32, ParseSplitError> {
        let d: u32 = self.next()?;
        if !(1..=60).contains(&d) {
            return Err(self.error());
        }
        Ok(d)
    }

    fn end(&mut self) -> Result<(), ParseSplitError> {
        match self.words.next() {
            None => Ok(()),
            Some(_) => Err(self.error()),
        }
    }
}

/// `deepen DEPTH` or `move SQUARE DEPTH ALPHA BETA`: how a task travels to a worker.
impl fmt::Display for SplitTask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SplitTask::Deepen { depth } => write!(f, "deepen {depth}"),
            SplitTask::Move {
                square,
                depth,
                alpha,
                beta,
            } => write!(f, "move {square} {depth} {alpha} {beta}"),
        }
    }
}

impl FromStr for SplitTask {
    type Err = ParseSplitError;

    fn from_str(text: &str) -> Result<SplitTask, ParseSplitError> {
        let mut w = Words::new(text);
        let task = match w.next::<String>()?.as_str() {
            "deepen" => SplitTask::Deepen { depth: w.depth()? },
            "move" => {
                let (square, depth, alpha, beta) = (w.next()?, w.depth()?, w.score()?, w.score()?);
                if alpha >= beta {
                    return Err(w.error());
                }
                SplitTask::Move {
                    square,
                    depth,
                    alpha,
                    beta,
                }
            }
            _ => return Err(w.error()),
        };
        w.end()?;
        Ok(task)
    }
}

/// `deepened DEPTH SCORE SQUARE...` or `move SCORE complete|aborted`: how an outcome travels
/// back.
impl fmt::Display for SplitOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitOutcome::Deepened {
                order,
                score,
                depth,
            } => {
                write!(f, "deepened {depth} {score}")?;
                order.iter().try_for_each(|sq| write!(f, " {sq}"))
            }
            SplitOutcome::Move { score, complete } => {
                let how = if *complete { "complete" } else { "aborted" };
                write!(f, "move {score} {how}")
            }
        }
    }
}

impl FromStr for SplitOutcome {
    type Err = ParseSplitError;

    fn from_str(text: &str) -> Result<SplitOutcome, ParseSplitError> {
        let mut w = Words::new(text);
        let outcome = match w.next::<String>()?.as_str() {
            "deepened" => {
                let depth: u32 = w.next()?;
                let score = w.score()?;
                let mut order: Vec<Square> = Vec::new();
                while let Some(word) = w.words.next() {
                    let sq: Square = word.parse().map_err(|_| w.error())?;
                    if order.contains(&sq) || order.len() >= 34 {
                        return Err(w.error());
                    }
                    order.push(sq);
                }
                SplitOutcome::Deepened {
                    order,
                    score,
                    depth,
                }
            }
            "move" => {
                let score = w.score()?;
                let complete = match w.next::<String>()?.as_str() {
                    "complete" => true,
                    "aborted" => false,
                    _ => return Err(w.error()),
                };
                w.end()?;
                SplitOutcome::Move { score, complete }
            }
            _ => return Err(w.error()),
        };
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_of_tasks_and_outcomes() {
        let sq = |s: &str| s.parse::<Square>().expect("a square");
        let task = SplitTask::Move {
            square: sq("d3"),
            depth: 12,
            alpha: -300,
            beta: -299,
        };
        assert_eq!(task.to_string(), "move d3 12 -300 -299");
        assert_eq!("move d3 12 -300 -299".parse(), Ok(task));
        assert_eq!("deepen 8".parse(), Ok(SplitTask::Deepen { depth: 8 }));
        let outcome = SplitOutcome::Deepened {
            order: vec![sq("d3"), sq("c4")],
            score: -35,
            depth: 8,
        };
        assert_eq!(outcome.to_string(), "deepened 8 -35 d3 c4");
        assert_eq!("deepened 8 -35 d3 c4".parse(), Ok(outcome));
        let aborted = SplitOutcome::Move {
            score: 0,
            complete: false,
        };
        assert_eq!("move 0 aborted".parse(), Ok(aborted));
        for bad in [
            "",
            "deepen",
            "deepen 0",
            "deepen 61",
            "deepen 8 9",
            "move d3 12 -299 -300",
            "move z9 12 0 1",
            "move d3 12 0 99999999",
            "jump 3",
        ] {
            assert!(bad.parse::<SplitTask>().is_err(), "{bad}");
        }
        for bad in [
            "deepened 8 -35 d3 d3",
            "move 5",
            "move 5 done",
            "moved 5 complete",
        ] {
            assert!(bad.parse::<SplitOutcome>().is_err(), "{bad}");
        }
    }
}
