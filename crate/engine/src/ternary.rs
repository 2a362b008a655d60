//! Base-3 numbers of lines of squares: the index of a pattern's configuration, one digit a
//! square (0 empty, 1 the side to move, 2 the opponent), is `BASE3[own] + 2 * BASE3[theirs]`
//! for the bits of both sides' discs on the pattern's squares.

/// The base-3 number whose digit `i` is bit `i` of the index (up to 10 squares).
pub static BASE3: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut pow, mut i) = (0u16, 1u16, 0);
        while i < 10 {
            if b >> i & 1 != 0 {
                v += pow;
            }
            pow *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};
