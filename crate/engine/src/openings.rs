//! Varied start positions for matches and benchmarks: random lines from the standard start,
//! and lists of openings read from text (one transcript a line, such as a list of balanced
//! openings made once with a deep search).

use std::collections::HashSet;
use std::fmt;

use crate::board::Position;
use crate::game::{Game, Rules, TranscriptError};
use crate::rng::splitmix64;
use crate::square::Square;

/// A line of moves from the standard start and the position it reaches.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub moves: Vec<Square>,
    pub position: Position,
}

impl Opening {
    /// The moves as a transcript, such as `f5d6c3`.
    pub fn transcript(&self) -> String {
        self.moves.iter().map(|sq| sq.to_string()).collect()
    }
}

/// Distinct positions after `plies` random moves from the standard start (fewer if there are
/// not that many), deterministic by `seed`.
pub fn random_openings(count: usize, plies: u32, seed: u64) -> Vec<Position> {
    random_lines(count, plies, seed)
        .into_iter()
        .map(|o| o.position)
        .collect()
}

/// The lines behind [`random_openings`]: the same positions, in the same order, with the
/// moves that reach them.
pub fn random_lines(count: usize, plies: u32, seed: u64) -> Vec<Opening> {
    let mut state = seed;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 50 + 1000 {
        attempts += 1;
        let mut pos = Position::standard();
        let mut moves = Vec::with_capacity(plies as usize);
        let mut ok = true;
        for _ in 0..plies {
            let legal = pos.board.legal_moves();
            if legal == 0 {
                ok = false;
                break;
            }
            let k = (splitmix64(&mut state) % legal.count_ones() as u64) as usize;
            let sq = Square::iter_bits(legal)
                .nth(k)
                .unwrap_or_else(|| unreachable!());
            pos = match pos.play(sq) {
                Ok(p) => p,
                Err(_) => {
                    ok = false;
                    break;
                }
            };
            moves.push(sq);
        }
        if ok && seen.insert(pos.board_string() + &pos.side.symbol().to_string()) {
            out.push(Opening {
                moves,
                position: pos,
            });
        }
    }
    out
}

/// Why a list of openings cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningListError {
    /// A line's transcript is malformed or plays an illegal move.
    Transcript { line: usize, error: TranscriptError },
    /// A line's moves end the game: there is nothing left to play.
    GameOver { line: usize },
    /// The same position as an earlier line.
    Repeated { line: usize, first: usize },
    /// No opening at all.
    Empty,
}

impl fmt::Display for OpeningListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningListError::Transcript { line, error } => write!(f, "line {line}: {error}"),
            OpeningListError::GameOver { line } => {
                write!(f, "line {line}: the game is over after these moves")
            }
            OpeningListError::Repeated { line, first } => {
                write!(f, "line {line}: the same position as line {first}")
            }
            OpeningListError::Empty => write!(f, "no opening (one transcript a line)"),
        }
    }
}

impl std::error::Error for OpeningListError {}

/// Reads a list of openings: a line's first word is a transcript from the standard start
/// (as [`Game::play_transcript`] reads it; the rest of the line is free text), and empty lines
/// and lines starting with `#` are skipped. Each opening's position must be distinct.
pub fn parse_opening_list(text: &str) -> Result<Vec<Position>, OpeningListError> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let Some(transcript) = raw.split_whitespace().next() else {
            continue;
        };
        if transcript.starts_with('#') {
            continue;
        }
        // The rules do not change which moves are legal.
        let game = Game::from_transcript(Rules::Classic, Position::standard(), transcript)
            .map_err(|error| OpeningListError::Transcript { line, error })?;
        if game.is_over() {
            return Err(OpeningListError::GameOver { line });
        }
        let position = game.position();
        let key = position.board_string() + &position.side.symbol().to_string();
        if let Some(&first) = seen.get(&key) {
            return Err(OpeningListError::Repeated { line, first });
        }
        seen.insert(key, line);
        out.push(position);
    }
    if out.is_empty() {
        return Err(OpeningListError::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_and_deterministic() {
        let a = random_openings(30, 6, 7);
        assert_eq!(a.len(), 30);
        assert_eq!(a, random_openings(30, 6, 7));
        let set: HashSet<String> = a.iter().map(|p| p.to_obf()).collect();
        assert_eq!(set.len(), 30);
        assert!(a.iter().all(|p| p.board.empty_count() == 54));
    }

    #[test]
    fn lines_reach_their_positions_and_read_back() {
        let lines = random_lines(20, 8, 3);
        let positions: Vec<Position> = lines.iter().map(|o| o.position).collect();
        assert_eq!(positions, random_openings(20, 8, 3));
        let text: String = lines
            .iter()
            .map(|o| format!("{} +0.5 free text\n", o.transcript()))
            .collect();
        let text = format!("# a comment\n\n{text}");
        assert_eq!(parse_opening_list(&text), Ok(positions));
    }

    #[test]
    fn a_bad_list_is_a_clear_error() {
        let err = |t: &str| parse_opening_list(t).unwrap_err().to_string();
        assert_eq!(err("# nothing\n"), "no opening (one transcript a line)");
        assert!(err("f5d6\nf5z9\n").starts_with("line 2: move 2 'z9'"));
        assert!(err("f5f5\n").starts_with("line 1: move 2 'f5'"));
        assert_eq!(
            err("f5d6\n\nf5d6 x\n"),
            "line 3: the same position as line 1"
        );
        // Transposed lines reach one position.
        assert_eq!(
            err("d3c3f5f6\nf5f6d3c3\n"),
            "line 2: the same position as line 1"
        );
        // One of the shortest games: nine moves and neither side can move.
        assert_eq!(
            err("d3c3b3d2e1d6d7e3f4\n"),
            "line 1: the game is over after these moves"
        );
    }
}
