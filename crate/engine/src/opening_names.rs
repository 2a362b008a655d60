//! The names of the standard openings (`opening_names.txt`, data kept in the repository): a
//! game from the standard start is named after the longest named line its moves begin with,
//! under the symmetries of the board that keep the standard start (the table writes each line
//! from f5; d3, c4 and e6 are its images).

use std::sync::OnceLock;

use crate::board::Position;
use crate::square::Square;
use crate::symmetry::SYMMETRIES;

const TABLE: &str = include_str!("opening_names.txt");

/// A named line: its moves from the standard start, and its name.
struct Opening {
    moves: Vec<Square>,
    name: &'static str,
}

fn table() -> &'static [Opening] {
    static OPENINGS: OnceLock<Vec<Opening>> = OnceLock::new();
    OPENINGS.get_or_init(|| parse(TABLE))
}

/// The lines of the table. The table is the repository's, checked by the tests: a bad line is
/// a bug, and is skipped rather than taking the game down.
fn parse(text: &'static str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let (moves, name) = line.split_once(' ')?;
            let moves = moves
                .as_bytes()
                .chunks(2)
                .map(|pair| std::str::from_utf8(pair).ok()?.parse().ok())
                .collect::<Option<Vec<Square>>>()?;
            Some(Opening {
                moves,
                name: name.trim(),
            })
        })
        .collect()
}

/// `sq` seen through the symmetry `sym` (a map of bitboards).
fn map_square(sym: fn(u64) -> u64, sq: Square) -> Square {
    // A symmetry maps one bit to one bit.
    Square::new(sym(sq.bit()).trailing_zeros() as u8).unwrap_or(sq)
}

/// The name of the opening that `moves`, played from `start`, follow: the longest named line
/// they begin with, under the symmetries that map `start` to the standard start (none for
/// another start).
pub fn opening_name(start: Position, moves: &[Square]) -> Option<&'static str> {
    let standard = Position::standard();
    if start.side != standard.side {
        return None;
    }
    let mut best: Option<&Opening> = None;
    for sym in SYMMETRIES {
        if sym(start.black()) != standard.black() || sym(start.white()) != standard.white() {
            continue;
        }
        let seen: Vec<Square> = moves.iter().map(|&m| map_square(sym, m)).collect();
        for opening in table() {
            let longer = best.is_none_or(|b| opening.moves.len() > b.moves.len());
            if longer && seen.starts_with(&opening.moves) {
                best = Some(opening);
            }
        }
    }
    best.map(|o| o.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Start;
    use crate::game::{Game, Rules};

    fn moves(transcript: &str) -> Vec<Square> {
        transcript
            .as_bytes()
            .chunks(2)
            .map(|p| std::str::from_utf8(p).unwrap().parse().unwrap())
            .collect()
    }

    fn name(transcript: &str) -> Option<&'static str> {
        opening_name(Position::standard(), &moves(transcript))
    }

    #[test]
    fn every_line_of_the_table_is_read_and_legal() {
        let lines = TABLE
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(table().len(), lines);
        assert!(lines >= 70);
        for o in table() {
            let t: String = o.moves.iter().map(|m| m.to_string()).collect();
            assert!(
                Game::from_transcript(Rules::Classic, Position::standard(), &t).is_ok(),
                "{} ({t}) is not legal",
                o.name
            );
            assert_eq!(o.moves[0].to_string(), "f5", "{} starts from f5", o.name);
        }
    }

    #[test]
    fn named_lines_and_their_continuations() {
        assert_eq!(name(""), None);
        assert_eq!(name("f5"), None);
        assert_eq!(name("f5d6"), Some("Perpendicular"));
        assert_eq!(name("f5d6c3"), Some("Perpendicular"));
        assert_eq!(name("f5d6c3d3c4"), Some("Tiger"));
        assert_eq!(name("f5d6c3d3c4f4f6"), Some("Stephenson"));
        assert_eq!(name("f5d6c3d3c4a1"), Some("Tiger"));
        assert_eq!(name("f5f6e6d6e7"), Some("Heath"));
    }

    #[test]
    fn symmetric_games_have_the_same_names() {
        // f5d6c3d3c4 turned by 180 degrees, transposed, and reflected in the other diagonal.
        assert_eq!(name("c4e3f6e6f5"), Some("Tiger"));
        assert_eq!(name("e6f4c3c4d3"), Some("Tiger"));
        assert_eq!(name("d3c5f6f5e6"), Some("Tiger"));
    }

    #[test]
    fn no_names_from_other_starts() {
        let alt = Start::Alternative.position();
        assert_eq!(opening_name(alt, &moves("f5d6c3d3c4")), None);
    }
}
