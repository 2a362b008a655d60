//! Typed errors. Every error leaves the value it was raised on unchanged.

use std::fmt;

use crate::square::Square;
use crate::Color;

/// Text that is not a valid square, board, side, transcript token or OBF line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a square name `a1`..`h8`.
    Square(String),
    /// A board string whose length is not 64 cells.
    BoardLength(usize),
    /// A board cell that is none of `X`, `O`, `-` (also accepted: `x`, `o`, `*` for black,
    /// `.` for empty).
    BoardChar { index: usize, found: char },
    /// A side to move that is neither `X` (black) nor `O` (white).
    Side(String),
    /// An OBF line without a side to move after the board.
    MissingSide,
    /// A start position name other than `standard` and `alternative` (and their mirrors).
    StartName(String),
    /// A game other than `classic` and `inverse`.
    Rules(String),
    /// A malformed `MOVE:SCORE` pair of an OBF line.
    ObfScore(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Square(s) => write!(f, "'{s}' is not a square (a1..h8)"),
            ParseError::BoardLength(n) => {
                write!(f, "a board has 64 cells, this one has {n}")
            }
            ParseError::BoardChar { index, found } => write!(
                f,
                "cell {} ({}) is '{}': use X for black, O for white, - for empty",
                index + 1,
                Square::new(*index as u8).map_or_else(|| "?".to_string(), |s| s.to_string()),
                found
            ),
            ParseError::Side(s) => {
                write!(f, "the side to move '{s}' is neither X (black) nor O (white)")
            }
            ParseError::MissingSide => write!(f, "the side to move is missing after the board"),
            ParseError::StartName(s) => write!(
                f,
                "unknown start position '{s}' (standard, alternative, standard-mirror, alternative-mirror)"
            ),
            ParseError::Rules(s) => write!(f, "unknown game '{s}' (classic or inverse)"),
            ParseError::ObfScore(s) => write!(f, "'{s}' is not a MOVE:SCORE pair"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A move that may not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The square is taken or flips nothing.
    Illegal { square: Square, player: Color },
    /// Nobody can move any more.
    GameOver,
    /// A pass was asked for while the player has a legal move.
    PassNotAllowed { player: Color },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal { square, player } => {
                write!(f, "{square} is not a legal move for {}", player.name())
            }
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::PassNotAllowed { player } => {
                write!(f, "{} has a legal move and may not pass", player.name())
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// A transcript that cannot be replayed: which token, at which position (1-based move
/// number), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    /// 1-based number of the offending token among the transcript's moves.
    pub move_number: usize,
    /// The offending token as written.
    pub token: String,
    pub kind: TranscriptErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptErrorKind {
    Malformed,
    Play(PlayError),
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, t) = (self.move_number, &self.token);
        match &self.kind {
            TranscriptErrorKind::Malformed => {
                write!(
                    f,
                    "move {n} '{t}' is not a square (a1..h8) or a pass (pa, --)"
                )
            }
            TranscriptErrorKind::Play(e) => write!(f, "move {n} '{t}': {e}"),
        }
    }
}

impl std::error::Error for TranscriptError {}
