//! Squares and their names (`a1`..`h8`: columns a-h left to right, rows 1-8 top to bottom).

use std::fmt;
use std::str::FromStr;

/// The square index that stands for no square (no move known), where moves are stored as
/// indices.
pub(crate) const NO_SQUARE: u8 = 64;

/// One of the 64 squares; the index is `row * 8 + column`, so `a1` is 0 and `h8` is 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index, if it is below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), if both are below 8.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The single-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// All squares in a1..h8 order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The squares of a bitboard, in a1..h8 order.
    pub fn iter_bits(mut bits: u64) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let sq = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Square(sq))
            }
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`..`h8` in either case.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let column = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let row = b[1].wrapping_sub(b'1');
            if let Some(sq) = Square::from_coords(column, row) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

/// Text that is not a square name `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (a1..h8)", self.0.escape_debug())
    }
}

impl std::error::Error for ParseSquareError {}
