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
    let inner = o & INNER_COLUMNS;
    (axis_moves(p, inner, 1)
        | axis_moves(p, o, 8)
        | axis_moves(p, inner, 7)
        | axis_moves(p, inner, 9))
        & !(p | o)
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
    let rays = &RAYS[sq];
    let mut f = 0;
    for &ray in &rays[..4] {
        // Toward higher bits: the first square that is not the opponent's is the lowest set
        // bit of `ray & !o`; if it is ours, every ray square below it flips.
        let stop = ray & !o;
        let outflank = stop & stop.wrapping_neg() & p;
        f |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[4..] {
        // Toward lower bits: the first stop is the highest set bit (bit 0 as a sentinel when
        // there is none: it is then not ours on this ray, so nothing flips).
        let stop = (ray & !o) | 1;
        let outflank = (1u64 << (63 - stop.leading_zeros())) & p & ray;
        f |= (outflank.wrapping_neg() << 1) & ray;
    }
    f
}

/// The squares from `sq` (excluded) to the board edge in each of the eight directions: four
/// toward higher bit indices (E, S, SE, SW) then four toward lower (W, N, NW, NE).
pub(crate) static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRS[d];
            let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            let mut ray = 0u64;
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                ray |= 1 << (y * 8 + x);
                x += dx;
                y += dy;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Discs of `p` that can never flip again, found by a sound but incomplete test: exact
/// stability along the edges, discs whose four lines are full, and interior discs protected on
/// every axis by a full line or a stable disc of their own colour (the endgame solver's test).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    crate::endgame::stable_discs(p, o)
}
