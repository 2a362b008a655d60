//! Shared test helpers: a tiny seeded RNG and a deliberately naive reference implementation of
//! the rules (an 8x8 array of cells, loops over the eight directions), written independently of
//! the engine so that the two can be compared.
#![allow(dead_code)]

use reversi::{Color, Position};

/// A seeded generator: the engine's SplitMix64 (no `rand` crate in the tests).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        reversi::internals::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A random square of a non-empty bitboard.
    pub fn pick(&mut self, bits: u64) -> reversi::Square {
        let k = (self.next_u64() % u64::from(bits.count_ones())) as usize;
        reversi::Square::iter_bits(bits)
            .nth(k)
            .expect("a square of a non-empty bitboard")
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

/// One cell of the reference board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Black,
    White,
}

impl Cell {
    pub fn opposite(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }
}

/// The eight directions as (row step, column step).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The name of the cell at `row` (0 = row 1, the top) and `col` (0 = column a).
pub fn cell_name(row: usize, col: usize) -> String {
    let letters = ["a", "b", "c", "d", "e", "f", "g", "h"];
    format!("{}{}", letters[col], row + 1)
}

/// The reference position: `cells[row][col]` and the side to move (`Cell::Black` or
/// `Cell::White`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub cells: [[Cell; 8]; 8],
    pub side: Cell,
}

impl RefPos {
    pub fn empty(side: Cell) -> RefPos {
        RefPos {
            cells: [[Cell::Empty; 8]; 8],
            side,
        }
    }

    /// Eight rows of eight characters, top row first: `X` black, `O` white, `.` empty.
    pub fn from_rows(rows: [&str; 8], side: Cell) -> RefPos {
        let mut pos = RefPos::empty(side);
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            assert_eq!(chars.len(), 8, "row {r} of the test board has not 8 cells");
            for (c, ch) in chars.into_iter().enumerate() {
                pos.cells[r][c] = match ch {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    '.' => Cell::Empty,
                    other => panic!("bad cell {other:?} in a test board"),
                };
            }
        }
        pos
    }

    /// Puts `cell` on the square named like `d3`.
    pub fn put(&mut self, name: &str, cell: Cell) {
        let b = name.as_bytes();
        let col = (b[0] - b'a') as usize;
        let row = (b[1] - b'1') as usize;
        self.cells[row][col] = cell;
    }

    pub fn at(&self, name: &str) -> Cell {
        let b = name.as_bytes();
        self.cells[(b[1] - b'1') as usize][(b[0] - b'a') as usize]
    }

    pub fn count(&self, cell: Cell) -> u32 {
        let mut n = 0;
        for row in &self.cells {
            for &c in row {
                if c == cell {
                    n += 1;
                }
            }
        }
        n
    }

    /// The cells that `who` flips by playing on (`row`, `col`), empty if none (or if the cell
    /// is taken).
    pub fn flips_for(&self, who: Cell, row: usize, col: usize) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.cells[row][col] != Cell::Empty {
            return all;
        }
        let them = who.opposite();
        for (dr, dc) in DIRECTIONS {
            let mut line = Vec::new();
            let mut r = row as i32 + dr;
            let mut c = col as i32 + dc;
            loop {
                if !(0..8).contains(&r) || !(0..8).contains(&c) {
                    line.clear();
                    break;
                }
                let cell = self.cells[r as usize][c as usize];
                if cell == them {
                    line.push((r as usize, c as usize));
                } else if cell == who {
                    break;
                } else {
                    line.clear();
                    break;
                }
                r += dr;
                c += dc;
            }
            all.extend(line);
        }
        all
    }

    /// The legal moves of `who`, in row-major order.
    pub fn moves_for(&self, who: Cell) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if !self.flips_for(who, r, c).is_empty() {
                    moves.push((r, c));
                }
            }
        }
        moves
    }

    pub fn moves(&self) -> Vec<(usize, usize)> {
        self.moves_for(self.side)
    }

    /// Neither side can move.
    pub fn is_over(&self) -> bool {
        self.moves_for(Cell::Black).is_empty() && self.moves_for(Cell::White).is_empty()
    }

    /// Plays (`row`, `col`) for the side to move (must be legal); the other side is then to
    /// move (no pass handling here).
    pub fn play(&mut self, row: usize, col: usize) {
        let flips = self.flips_for(self.side, row, col);
        assert!(!flips.is_empty(), "reference: illegal move played");
        for (r, c) in flips {
            self.cells[r][c] = self.side;
        }
        self.cells[row][col] = self.side;
        self.side = self.side.opposite();
    }

    /// If the side to move cannot move but the other side can, passes and returns the passer.
    pub fn forced_pass(&mut self) -> Option<Cell> {
        if self.moves().is_empty() && !self.moves_for(self.side.opposite()).is_empty() {
            let passer = self.side;
            self.side = self.side.opposite();
            Some(passer)
        } else {
            None
        }
    }

    /// The winner counting discs on the board: `inverse` means fewer discs wins. `Empty` for
    /// a draw.
    pub fn winner(&self, inverse: bool) -> Cell {
        let (b, w) = (self.count(Cell::Black), self.count(Cell::White));
        if b == w {
            Cell::Empty
        } else if (b > w) != inverse {
            Cell::Black
        } else {
            Cell::White
        }
    }

    /// A bit mask of the cells of `cell` with bit `row * 8 + col`.
    pub fn mask(&self, cell: Cell) -> u64 {
        let mut m = 0u64;
        for r in 0..8 {
            for c in 0..8 {
                if self.cells[r][c] == cell {
                    m |= 1u64 << (r * 8 + c);
                }
            }
        }
        m
    }

    /// The same position in the engine's types.
    pub fn to_engine(&self) -> Position {
        Position::from_colors(
            self.mask(Cell::Black),
            self.mask(Cell::White),
            to_color(self.side),
        )
    }

    /// The engine's position in reference form.
    pub fn from_engine(p: &Position) -> RefPos {
        let mut pos = RefPos::empty(from_color(p.side));
        let (black, white) = (p.black(), p.white());
        for r in 0..8 {
            for c in 0..8 {
                let bit = 1u64 << (r * 8 + c);
                assert!(black & white & bit == 0, "engine: a cell is both colours");
                if black & bit != 0 {
                    pos.cells[r][c] = Cell::Black;
                } else if white & bit != 0 {
                    pos.cells[r][c] = Cell::White;
                }
            }
        }
        pos
    }
}

pub fn to_color(cell: Cell) -> Color {
    match cell {
        Cell::Black => Color::Black,
        Cell::White => Color::White,
        Cell::Empty => panic!("no colour for an empty cell"),
    }
}

pub fn from_color(color: Color) -> Cell {
    match color {
        Color::Black => Cell::Black,
        Color::White => Cell::White,
    }
}

/// A bit mask of (row, col) cells.
pub fn mask_of(cells: &[(usize, usize)]) -> u64 {
    cells.iter().fold(0, |m, &(r, c)| m | 1u64 << (r * 8 + c))
}

/// A random board: each cell is black, white or empty with the given weights (out of 100 for
/// black and white), the side to move random.
pub fn random_ref_position(rng: &mut Rng, black_pct: u64, white_pct: u64) -> RefPos {
    let side = if rng.chance(1, 2) {
        Cell::Black
    } else {
        Cell::White
    };
    let mut pos = RefPos::empty(side);
    for r in 0..8 {
        for c in 0..8 {
            let x = rng.next_u64() % 100;
            pos.cells[r][c] = if x < black_pct {
                Cell::Black
            } else if x < black_pct + white_pct {
                Cell::White
            } else {
                Cell::Empty
            };
        }
    }
    pos
}
