//! The engine's WebAssembly SIMD code (`.cargo/config.toml` builds wasm with `simd128`),
//! checked in wasm against its portable counterpart on random boards and positions of random
//! games.
#![cfg(target_arch = "wasm32")]

use reversi::internals::{flips, flips_scalar, legal_moves_scalar, legal_moves_x2};
use reversi::internals::{views, views_x2};
use wasm_bindgen_test::wasm_bindgen_test;

/// The engine's SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        reversi::internals::splitmix64(&mut self.0)
    }
}

#[wasm_bindgen_test]
fn the_wasm_build_has_simd() {
    // black_box: a run-time check of how this test binary was built.
    let simd = std::hint::black_box(cfg!(target_feature = "simd128"));
    assert!(simd, "built without simd128");
}

#[wasm_bindgen_test]
fn paired_legal_moves_match_the_portable_ones() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let mut previous = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    for _ in 0..200 {
        // A random game from the standard start; each position is paired with the one before.
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        loop {
            let pair = legal_moves_x2([p, previous.0], [o, previous.1]);
            assert_eq!(
                pair,
                [
                    legal_moves_scalar(p, o),
                    legal_moves_scalar(previous.0, previous.1)
                ]
            );
            checked += 1;
            previous = (p, o);
            let moves = pair[0];
            if moves == 0 {
                if legal_moves_scalar(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            let mut pick = rng.next() % u64::from(moves.count_ones());
            let mut bits = moves;
            while pick > 0 {
                bits &= bits - 1;
                pick -= 1;
            }
            let sq = bits.trailing_zeros() as usize;
            let f = flips(p, o, sq);
            (p, o) = (o ^ f, p ^ f ^ (1 << sq));
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}

#[wasm_bindgen_test]
fn simd_flips_match_the_portable_ones() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0u32;
    let mut nonzero = 0u32;
    for i in 0..20_000 {
        // Random boards of every density, many unreachable in play (rays full to the edge,
        // discs in the corners), and every empty square of each, legal or not.
        let density = i % 8;
        let (mut p, mut o) = (rng.next(), rng.next());
        for _ in 0..density {
            p &= rng.next() | rng.next();
            o &= rng.next() | rng.next();
        }
        o &= !p;
        let mut empty = !(p | o);
        while empty != 0 {
            let sq = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let f = flips(p, o, sq);
            assert_eq!(f, flips_scalar(p, o, sq), "p {p:#x} o {o:#x} square {sq}");
            checked += 1;
            nonzero += u32::from(f != 0);
        }
    }
    assert!(
        checked > 200_000 && nonzero > 50_000,
        "{checked} squares, {nonzero} moves"
    );
}

#[wasm_bindgen_test]
fn paired_views_match_the_portable_ones() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    for _ in 0..10_000 {
        let (a, b) = (rng.next(), rng.next() & rng.next());
        assert_eq!(views_x2(a, b), (views(a), views(b)), "{a:#x} {b:#x}");
    }
}
