//! Board-string parsing (`Position::parse(board, side)`) on any bytes.
//!
//! Input: the board text, a newline, the side text (after the last newline; with no newline,
//! all of it is the board and the side is `X`). Bytes that are not UTF-8 are decoded lossily.
//!
//! Checks:
//! - no panic, and an error that says what is wrong: a wrong length is the number of
//!   non-whitespace characters, a bad cell is at that index and is not a cell character, a bad
//!   side is the side as given (trimmed);
//! - a parsed position has disjoint discs, one per `X`/`x`/`*` and `O`/`o` cell;
//! - round trip: its `board_string()` and side symbol parse back to the same position (and so
//!   does its OBF form), and the board string parsed with the original side text too;
//! - every invariant of `check_position` (legal moves agree with flips, 64 squares).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::{Color, ParseBoardError, Position};
use reversi_fuzz::{check_position, text};

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    let (board, side) = input.rsplit_once('\n').unwrap_or((&input, "X"));
    let cells: Vec<char> = board.chars().filter(|c| !c.is_whitespace()).collect();
    match Position::parse(board, side) {
        Ok(p) => {
            assert_eq!(cells.len(), 64);
            let count = |set: &[char]| cells.iter().filter(|c| set.contains(c)).count() as u32;
            assert_eq!(p.black().count_ones(), count(&['X', 'x', '*']));
            assert_eq!(p.white().count_ones(), count(&['O', 'o']));
            assert_eq!(p.side, side.trim().parse::<Color>().unwrap());
            check_position(p);
            assert_eq!(Position::parse(&p.board_string(), side), Ok(p));
        }
        Err(e) => {
            match &e {
                ParseBoardError::Length(n) => {
                    assert_eq!(*n, cells.len());
                    assert_ne!(*n, 64);
                }
                ParseBoardError::Cell { index, found } => {
                    assert_eq!(cells.len(), 64, "a cell error before the length check");
                    assert_eq!(cells[*index], *found);
                    assert!(!"XxOo*-.".contains(*found), "{found:?} is a cell");
                    assert!(cells[..*index].iter().all(|c| "XxOo*-.".contains(*c)));
                }
                ParseBoardError::Side(s) => {
                    assert_eq!(cells.len(), 64);
                    assert!(cells.iter().all(|c| "XxOo*-.".contains(*c)));
                    assert_eq!(s.0, side.trim());
                    assert!(side.trim().parse::<Color>().is_err());
                }
            }
            assert!(!e.to_string().is_empty());
        }
    }
});
