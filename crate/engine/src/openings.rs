//! Varied start positions for matches and benchmarks.

use std::collections::HashSet;

use crate::board::Position;
use crate::rng::splitmix64;
use crate::square::Square;

/// Distinct positions after `plies` random moves from the standard start (fewer if there are
/// not that many), deterministic by `seed`.
pub fn random_openings(count: usize, plies: u32, seed: u64) -> Vec<Position> {
    let mut state = seed;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 50 + 1000 {
        attempts += 1;
        let mut pos = Position::standard();
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.board.legal_moves();
            if moves == 0 {
                ok = false;
                break;
            }
            let k = (splitmix64(&mut state) % moves.count_ones() as u64) as usize;
            let sq = Square::iter_bits(moves)
                .nth(k)
                .unwrap_or_else(|| unreachable!());
            pos = match pos.play(sq) {
                Ok(p) => p,
                Err(_) => {
                    ok = false;
                    break;
                }
            };
        }
        if ok && seen.insert(pos.board_string() + &pos.side.symbol().to_string()) {
            out.push(pos);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_and_deterministic() {
        let a = random_openings(30, 6, 7);
        assert_eq!(a.len(), 30);
        assert_eq!(a, random_openings(30, 6, 7));
        let set: HashSet<String> = a.iter().map(|p| p.to_obf()).collect();
        assert_eq!(set.len(), 30);
        assert!(a.iter().all(|p| p.board.empty_count() == 54));
    }
}
