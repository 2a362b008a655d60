//! Perft from the standard start against the published table in `tests/data/perft.md`, in both
//! pass conventions. The numbers are read from the data file, not written here.

use reversi::{perft, PassRule, Position};

/// (depth, pass-is-ply count, pass-is-not-ply count) rows of the table.
fn table() -> Vec<(u32, u64, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 3 {
            continue;
        }
        let (Ok(depth), Ok(ply), Ok(not_ply)) = (
            cells[0].parse::<u32>(),
            cells[1].parse::<u64>(),
            cells[2].parse::<u64>(),
        ) else {
            continue;
        };
        rows.push((depth, ply, not_ply));
    }
    rows
}

#[test]
fn the_table_is_complete_enough() {
    let rows = table();
    let depths: Vec<u32> = rows.iter().map(|r| r.0).collect();
    for d in 1..=9 {
        assert!(depths.contains(&d), "depth {d} missing from perft.md");
    }
}

fn check(rule: PassRule, column: fn(&(u32, u64, u64)) -> u64) {
    let start = Position::standard().board;
    let mut checked = 0;
    for row in table().iter().filter(|r| (1..=9).contains(&r.0)) {
        assert_eq!(
            perft(start, row.0, rule),
            column(row),
            "perft {} {rule:?}",
            row.0
        );
        checked += 1;
    }
    assert_eq!(checked, 9);
}

#[test]
fn perft_pass_is_ply_depths_1_to_9() {
    check(PassRule::PassIsPly, |r| r.1);
}

#[test]
fn perft_pass_is_not_ply_depths_1_to_9() {
    check(PassRule::PassIsNotPly, |r| r.2);
}

#[test]
fn perft_depth_0_is_one_leaf() {
    let start = Position::standard().board;
    assert_eq!(perft(start, 0, PassRule::PassIsPly), 1);
    assert_eq!(perft(start, 0, PassRule::PassIsNotPly), 1);
}

#[test]
fn perft_of_a_finished_position_is_one() {
    // One white disc, nothing else: nobody can move.
    let p = Position::parse(&format!("O{}", "-".repeat(63)), "X").unwrap();
    assert!(p.board.is_game_over());
    for depth in 1..4 {
        assert_eq!(perft(p.board, depth, PassRule::PassIsPly), 1);
        assert_eq!(perft(p.board, depth, PassRule::PassIsNotPly), 1);
    }
}
