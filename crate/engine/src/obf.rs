//! OBF, the line format of the FFO endgame suites and of Edax's problem files: a 64-cell
//! board, the side to move, then optional `;`-separated `MOVE:SCORE` pairs; a `%` starts a
//! comment that runs to the end of the line.

use std::fmt;

use crate::board::{ParseBoardError, Position};
use crate::square::{ParseSquareError, Square};

/// The `(move, score)` pairs of an OBF line, `None` standing for a pass.
pub type MoveScores = Vec<(Option<Square>, i32)>;

impl Position {
    /// Parses an OBF line: board, side, and optional `;`-separated `MOVE:SCORE` pairs (a pass
    /// is `pa` or `--`), with a `%` comment anywhere. Returns the position and the listed
    /// `(move, score)` pairs (`None` for a pass). Anything but whitespace after the side
    /// (before the first `;`) is an error, as is a pair that is not `MOVE:SCORE`.
    pub fn parse_obf(line: &str) -> Result<(Position, MoveScores), ParseObfError> {
        let line = line.split('%').next().unwrap_or("");
        let mut parts = line.split(';');
        let head = parts.next().unwrap_or("").trim();
        let mut words = head.split_whitespace();
        let board = words.next().unwrap_or("");
        let side = words.next().ok_or(ParseObfError::MissingSide)?;
        if let Some(extra) = words.next() {
            return Err(ParseObfError::AfterSide(format!("{side} {extra}")));
        }
        let position = Position::parse(board, side).map_err(ParseObfError::Board)?;
        let mut scores = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (mv, score) = part
                .split_once(':')
                .ok_or_else(|| ParseObfError::MoveScore(part.to_string()))?;
            let mv = match mv.trim() {
                m if m.eq_ignore_ascii_case("pa") || m == "--" => None,
                m => Some(m.parse().map_err(ParseObfError::Square)?),
            };
            let score = score
                .trim()
                .parse()
                .map_err(|_| ParseObfError::MoveScore(part.to_string()))?;
            scores.push((mv, score));
        }
        Ok((position, scores))
    }

    /// The OBF form without move scores: the board string, a space, `X` or `O`.
    pub fn to_obf(&self) -> String {
        format!("{} {}", self.board_string(), self.side.symbol())
    }
}

/// An OBF line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseObfError {
    /// The board or the side to move.
    Board(ParseBoardError),
    /// No side to move after the board.
    MissingSide,
    /// More words after the side to move (both shown).
    AfterSide(String),
    /// A malformed `MOVE:SCORE` pair.
    MoveScore(String),
    /// The move of a pair is not a square (nor a pass).
    Square(ParseSquareError),
}

impl fmt::Display for ParseObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseObfError::Board(e) => e.fmt(f),
            ParseObfError::MissingSide => write!(f, "the side to move is missing after the board"),
            ParseObfError::AfterSide(s) => write!(
                f,
                "the side to move '{}' is neither X (black) nor O (white)",
                s.escape_debug()
            ),
            ParseObfError::MoveScore(s) => {
                write!(f, "'{}' is not a MOVE:SCORE pair", s.escape_debug())
            }
            ParseObfError::Square(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseObfError {}
