//! Bit-parallel move generation and flipping on 64-bit boards.
//!
//! Bit `i` is the square with column `i % 8` (a..h) and row `i / 8` (1..8), so `a1` is bit 0,
//! `h1` bit 7 and `h8` bit 63. Row 1 is at the top of the board.

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Columns b..g: opponent discs that can sit inside a horizontal or diagonal run.
const INNER_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The squares of the legal moves of `p` against `o` (disjoint bitboards).
#[inline(always)]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::legal_moves(p, o)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        legal_moves_scalar(p, o)
    }
}

/// [`legal_moves`] one axis at a time in 64-bit words: any target (the wasm builds run it).
/// The tests check both versions against a naive reading of the rules.
#[inline(always)]
pub fn legal_moves_scalar(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    (axis_moves(p, inner, 1)
        | axis_moves(p, o, 8)
        | axis_moves(p, inner, 7)
        | axis_moves(p, inner, 9))
        & !(p | o)
}

/// The legal moves of two positions at once: `[legal_moves(p[0], o[0]), legal_moves(p[1],
/// o[1])]`. The wasm builds with SIMD run both in the two lanes of a 128-bit vector (wasm SIMD
/// shifts every lane by one count, so one vector cannot hold the axes, as the AVX2 version
/// does, but it can hold two boards); elsewhere, two calls.
#[inline(always)]
pub fn legal_moves_x2(p: [u64; 2], o: [u64; 2]) -> [u64; 2] {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        simd128::legal_moves_x2(p, o)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        [legal_moves(p[0], o[0]), legal_moves(p[1], o[1])]
    }
}

/// Squares beyond a run of `mask` discs that starts next to a disc of `p`, along one axis
/// (`shift` 1, 7, 8 or 9) in both directions. `mask` must exclude the columns where a run
/// would wrap around the board edge.
#[inline(always)]
fn axis_moves(p: u64, mask: u64, shift: u32) -> u64 {
    // Grow runs of `mask` discs from `p` one step, then by doubling: a run holds at most six.
    let s2 = shift * 2;
    let mut up = mask & (p << shift);
    let mut down = mask & (p >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    let pre_up = mask & (mask << shift);
    let pre_down = mask & (mask >> shift);
    up |= pre_up & (up << s2);
    down |= pre_down & (down >> s2);
    up |= pre_up & (up << s2);
    down |= pre_down & (down >> s2);
    (up << shift) | (down >> shift)
}

/// The discs of `o` flipped when `p` plays on `sq` (0 when the move flips nothing, i.e. is
/// illegal; the square is assumed empty). Branch-free, always inlined: it is the hot path of
/// perft and of the endgame solver.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::flips(p, o, sq)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        simd128::flips(p, o, sq)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "avx2"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        flips_scalar(p, o, sq)
    }
}

/// [`flips`] in 64-bit words: any target (the portable native builds run it; the wasm
/// builds run a SIMD version, checked against this one by a wasm test). The tests check it
/// and the AVX2 version against a naive reading of the rules.
///
/// Each of the four lines through `sq` is packed into a byte (`row_byte`, `column_byte`,
/// `diagonal_byte`) and its flips read from two small tables, then unpacked (faster than
/// reading each of the eight rays with a bit scan: `docs/tuning.md`).
#[inline(always)]
pub fn flips_scalar(p: u64, o: u64, sq: usize) -> u64 {
    let (row, col) = (sq >> 3, sq & 7);
    let mut f = row_unpack(line_flips(col, row_byte(p, row), row_byte(o, row)), row);
    let fc = line_flips(row, column_byte(p, col), column_byte(o, col));
    f |= column_unpack(fc, col);
    for mask in DIAGONALS[sq] {
        let fd = line_flips(col, diagonal_byte(p, mask), diagonal_byte(o, mask));
        f |= diagonal_unpack(fd, mask);
    }
    f
}

/// The flips along one line packed into a byte: `x` the square played, `p8` and `o8` the
/// discs of the two sides (a square off the line reads as empty).
#[inline(always)]
pub(crate) const fn line_flips(x: usize, p8: u64, o8: u64) -> u64 {
    let outflank = OUTFLANK[x][((o8 >> 1) & 0x3f) as usize] as u64 & p8;
    FLIPPED[x][outflank as usize] as u64
}

const COLUMN_A: u64 = 0x0101_0101_0101_0101;
/// Multiplying a column (one bit a byte, at the byte's bit 0) by this gathers it in the top
/// byte, row `r` at bit `r`; multiplying a byte by it spreads bit `r` to bit 7 of byte `r`.
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;

/// Row `row` of `x` as a byte (bit `c` = column `c`).
#[inline(always)]
fn row_byte(x: u64, row: usize) -> u64 {
    (x >> (row * 8)) & 0xff
}

#[inline(always)]
fn row_unpack(line: u64, row: usize) -> u64 {
    line << (row * 8)
}

/// Column `col` of `x` as a byte (bit `r` = row `r`).
#[inline(always)]
fn column_byte(x: u64, col: usize) -> u64 {
    ((x >> col) & COLUMN_A).wrapping_mul(COLUMN_GATHER) >> 56
}

/// The inverse of [`column_byte`] for a byte without its bits 0 and 7 (flipped discs never
/// lie at a line's ends: the spread copies of those two bits would overlap).
#[inline(always)]
fn column_unpack(line: u64, col: usize) -> u64 {
    (line.wrapping_mul(COLUMN_GATHER) & 0x8080_8080_8080_8080) >> (7 - col)
}

/// The squares of `x` on the diagonal `mask` (one square a row at most) as a byte (bit `c` =
/// column `c`).
#[inline(always)]
fn diagonal_byte(x: u64, mask: u64) -> u64 {
    (x & mask).wrapping_mul(COLUMN_A) >> 56
}

#[inline(always)]
fn diagonal_unpack(line: u64, mask: u64) -> u64 {
    line.wrapping_mul(COLUMN_A) & mask
}

/// `OUTFLANK[x][o6]`: on a line where a disc is played on `x` and the opponent holds the
/// squares `o6` of 1..=6 (bit `i - 1` = square `i`), the first square past each run of at
/// least one opponent disc that starts next to `x`, on either side (a disc of the player
/// there outflanks the run).
static OUTFLANK: [[u8; 64]; 8] = build_outflank();

const fn build_outflank() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut x = 0;
    while x < 8 {
        let mut o6 = 0;
        while o6 < 64 {
            let o = (o6 << 1) & !(1 << x);
            let mut out = 0u8;
            let mut i = x + 1;
            while i < 8 && o & (1 << i) != 0 {
                i += 1;
            }
            if i < 8 && i > x + 1 {
                out |= 1 << i;
            }
            let mut i = x as i32 - 1;
            while i >= 0 && o & (1 << i) != 0 {
                i -= 1;
            }
            if i >= 0 && i < x as i32 - 1 {
                out |= 1 << i;
            }
            t[x][o6] = out;
            o6 += 1;
        }
        x += 1;
    }
    t
}

/// `FLIPPED[x][outflank]`: the squares strictly between `x` and each outflanking square.
static FLIPPED: [[u8; 256]; 8] = build_flipped();

const fn build_flipped() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut outflank = 0;
        while outflank < 256 {
            let mut f = 0u8;
            let mut i = 0;
            while i < 8 {
                if outflank & (1 << i) != 0 {
                    let (from, to) = if i < x { (i + 1, x) } else { (x + 1, i) };
                    let mut j = from;
                    while j < to {
                        f |= 1 << j;
                        j += 1;
                    }
                }
                i += 1;
            }
            t[x][outflank] = f;
            outflank += 1;
        }
        x += 1;
    }
    t
}

/// The number of discs flipped when `p` plays on `sq`, the only empty square (every other
/// square is `p`'s or the opponent's): the four lines through `sq` packed into bytes, looked
/// up in [`LAST_FLIPS`].
#[inline(always)]
pub(crate) fn last_flip_count(p: u64, sq: usize) -> i32 {
    let (row, col) = (sq >> 3, sq & 7);
    let [diag, anti] = DIAGONALS[sq];
    (LAST_FLIPS[col][row_byte(p, row) as usize] as i32)
        + (LAST_FLIPS[row][column_byte(p, col) as usize] as i32)
        + (LAST_FLIPS[col][diagonal_byte(p, diag) as usize] as i32)
        + (LAST_FLIPS[col][diagonal_byte(p, anti) as usize] as i32)
}

/// `LAST_FLIPS[x][line]`: how many discs a move on `x` flips along a line whose other squares
/// are the mover's (the bits of `line`) or the opponent's: [`line_flips`] counted once for
/// every line. Squares off a short diagonal read as opponent discs up to the end of the byte,
/// which holds none of the mover's, so they never flip anything.
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let o8 = !line & 0xff & !(1 << x);
            t[x][line as usize] = line_flips(x, line, o8).count_ones() as u8;
            line += 1;
        }
        x += 1;
    }
    t
};

/// The two diagonals through each square, the square included: a1-h8 direction (squares with
/// the same column minus row), then h1-a8 (the same column plus row).
static DIAGONALS: [[u64; 2]; 64] = {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (col, row) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other: usize = 0;
        while other < 64 {
            let (c, r) = ((other % 8) as i32, (other / 8) as i32);
            if c - r == col - row {
                out[sq][0] |= 1 << other;
            }
            if c + r == col + row {
                out[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    out
};

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
