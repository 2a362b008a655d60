//! Positions: a pair of bitboards (side to move, opponent), plus the colour of the side to move
//! where colour matters (at the edges: parsing, printing, outcomes).

use std::fmt;
use std::str::FromStr;

use crate::bitboard;
use crate::square::Square;

/// A player. Black (`X`) moves first from the standard start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `X` for black, `O` for white.
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// `Black` or `White`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// `X`/`B`/`black`/`*` for black, `O`/`W`/`white` for white, any case.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "x" | "b" | "black" | "*" => Ok(Color::Black),
            "o" | "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}

/// A side to move that is neither `X` (black) nor `O` (white).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the side to move '{}' is neither X (black) nor O (white)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for ParseColorError {}

/// The discs of the side to move (`player`) and of its opponent. Colour-free: a pass is a swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub player: u64,
    pub opponent: u64,
}

impl Board {
    pub const fn new(player: u64, opponent: u64) -> Board {
        Board { player, opponent }
    }

    /// The legal moves of the side to move, as a bitboard.
    #[inline]
    pub fn legal_moves(&self) -> u64 {
        bitboard::legal_moves(self.player, self.opponent)
    }

    /// The opponent discs that a move on `sq` flips (0 if it is not legal).
    #[inline]
    pub fn flips(&self, sq: Square) -> u64 {
        if (self.player | self.opponent) & sq.bit() != 0 {
            return 0;
        }
        bitboard::flips(self.player, self.opponent, sq.index())
    }

    /// The board after the side to move plays `sq` flipping `flips` (from [`Board::flips`]),
    /// with the opponent to move. Not checked.
    #[inline]
    pub fn make_move(&self, sq: Square, flips: u64) -> Board {
        Board {
            player: self.opponent ^ flips,
            opponent: self.player ^ flips ^ sq.bit(),
        }
    }

    /// The board after a pass: the same discs, the other side to move.
    #[inline]
    pub fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither side can move.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.legal_moves() == 0 && self.pass().legal_moves() == 0
    }

    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }
}

/// A board with the colour of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub side: Color,
}

/// The named start positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// White d4 e5, Black d5 e4 (same colours on a diagonal).
    Standard,
    /// The standard start reflected: Black d4 e5, White d5 e4.
    StandardMirror,
    /// Same colours side by side: White d4 e4, Black d5 e5.
    Alternative,
    /// The alternative reflected: Black d4 e4, White d5 e5.
    AlternativeMirror,
}

impl Start {
    pub const ALL: [Start; 4] = [
        Start::Standard,
        Start::StandardMirror,
        Start::Alternative,
        Start::AlternativeMirror,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Start::Standard => "standard",
            Start::StandardMirror => "standard-mirror",
            Start::Alternative => "alternative",
            Start::AlternativeMirror => "alternative-mirror",
        }
    }

    /// The position, Black to move.
    pub fn position(self) -> Position {
        const D4: u64 = 1 << 27;
        const E4: u64 = 1 << 28;
        const D5: u64 = 1 << 35;
        const E5: u64 = 1 << 36;
        let (black, white) = match self {
            Start::Standard => (D5 | E4, D4 | E5),
            Start::StandardMirror => (D4 | E5, D5 | E4),
            Start::Alternative => (D5 | E5, D4 | E4),
            Start::AlternativeMirror => (D4 | E4, D5 | E5),
        };
        Position::from_colors(black, white, Color::Black)
    }
}

impl FromStr for Start {
    type Err = ParseStartError;

    fn from_str(s: &str) -> Result<Start, ParseStartError> {
        Start::ALL
            .into_iter()
            .find(|st| st.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseStartError(s.to_string()))
    }
}

/// A start position name other than `standard` and `alternative` (and their mirrors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStartError(pub String);

impl fmt::Display for ParseStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown start position '{}' (standard, alternative, standard-mirror, alternative-mirror)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for ParseStartError {}

impl Position {
    /// The standard start: White d4 e5, Black d5 e4, Black to move.
    pub fn standard() -> Position {
        Start::Standard.position()
    }

    pub fn from_colors(black: u64, white: u64, side: Color) -> Position {
        debug_assert_eq!(black & white, 0);
        let board = match side {
            Color::Black => Board::new(black, white),
            Color::White => Board::new(white, black),
        };
        Position { board, side }
    }

    pub fn black(&self) -> u64 {
        match self.side {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    pub fn white(&self) -> u64 {
        match self.side {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black(),
            Color::White => self.white(),
        }
    }

    /// What stands on `sq`.
    pub fn at(&self, sq: Square) -> Option<Color> {
        if self.black() & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white() & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The position after the side to move plays `sq`, or an error if that is not legal.
    pub fn play(&self, sq: Square) -> Result<Position, PlayError> {
        let flips = self.board.flips(sq);
        if flips == 0 {
            return Err(PlayError::Illegal {
                square: sq,
                player: self.side,
            });
        }
        Ok(Position {
            board: self.board.make_move(sq, flips),
            side: self.side.other(),
        })
    }

    /// The position after a pass.
    pub fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            side: self.side.other(),
        }
    }

    /// The 64-character board string, a1..h8, `X` black, `O` white, `-` empty.
    pub fn board_string(&self) -> String {
        Square::all()
            .map(|sq| match self.at(sq) {
                Some(c) => c.symbol(),
                None => '-',
            })
            .collect()
    }

    /// Parses a 64-cell board string (whitespace ignored) and a side to move.
    pub fn parse(board: &str, side: &str) -> Result<Position, ParseBoardError> {
        let (black, white) = parse_cells(board)?;
        let side = side.trim().parse().map_err(ParseBoardError::Side)?;
        Ok(Position::from_colors(black, white, side))
    }
}

fn parse_cells(s: &str) -> Result<(u64, u64), ParseBoardError> {
    let cells: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != 64 {
        return Err(ParseBoardError::Length(cells.len()));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in cells.iter().enumerate() {
        match c {
            'X' | 'x' | '*' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            found => return Err(ParseBoardError::Cell { index: i, found }),
        }
    }
    Ok((black, white))
}

/// A board string and side to move that are not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseBoardError {
    /// A board string whose length is not 64 cells (whitespace aside).
    Length(usize),
    /// A board cell that is none of `X`, `O`, `-` (also accepted: `x`, `o`, `*` for black,
    /// `.` for empty).
    Cell { index: usize, found: char },
    /// The side to move.
    Side(ParseColorError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::Length(n) => write!(f, "a board has 64 cells, this one has {n}"),
            ParseBoardError::Cell { index, found } => write!(
                f,
                "cell {} ({}) is '{}': use X for black, O for white, - for empty",
                index + 1,
                Square::new(*index as u8).map_or_else(|| "?".to_string(), |s| s.to_string()),
                found.escape_debug()
            ),
            ParseBoardError::Side(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseBoardError {}

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

impl fmt::Display for Position {
    /// A diagram with coordinates, rows 1..8 from the top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        let s = self.board_string();
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for c in s[row * 8..row * 8 + 8].chars() {
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.side.name())
    }
}
