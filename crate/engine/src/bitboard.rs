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

/// Discs that can never flip again, found by a sound but incomplete test: a disc is stable
/// when, on each of the four axes, its line is full or it touches the edge or a stable disc of
/// the same colour on that axis. Iterated to a fixed point from the corners. `p` is the colour
/// whose stable discs are returned.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let full_h = full_lines(occupied, 1);
    let full_v = full_lines(occupied, 8);
    let full_d7 = full_lines(occupied, 7);
    let full_d9 = full_lines(occupied, 9);
    const EDGE: u64 = 0xff81_8181_8181_81ff;
    let mut stable = p & CORNERS;
    // Edges and full lines give the seeds; grow along the axes.
    loop {
        let old = stable;
        let h = full_h
            | EDGE & 0x8181_8181_8181_8181
            | ((stable << 1) & !0x0101_0101_0101_0101)
            | ((stable >> 1) & !0x8080_8080_8080_8080);
        let v = full_v | 0xff00_0000_0000_00ff | (stable << 8) | (stable >> 8);
        let d7 = full_d7
            | EDGE
            | ((stable << 7) & !0x8080_8080_8080_8080)
            | ((stable >> 7) & !0x0101_0101_0101_0101);
        let d9 = full_d9
            | EDGE
            | ((stable << 9) & !0x0101_0101_0101_0101)
            | ((stable >> 9) & !0x8080_8080_8080_8080);
        stable |= p & h & v & d7 & d9;
        if stable == old {
            return stable;
        }
    }
}

/// The squares whose whole line along the axis `shift` (1, 7, 8, 9) is occupied.
fn full_lines(occupied: u64, shift: u32) -> u64 {
    let mut full = 0;
    for (sq, rays) in RAYS.iter().enumerate() {
        let line = match shift {
            1 => rays[0] | rays[4],
            8 => rays[1] | rays[5],
            9 => rays[2] | rays[6],
            _ => rays[3] | rays[7],
        } | 1 << sq;
        if occupied & line == line {
            full |= 1 << sq;
        }
    }
    full
}
