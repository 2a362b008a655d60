//! The openings of `reversi match`: random lines (`--plies`, by `--seed`) or a list file
//! (`--openings`, such as the balanced lists that `reversi-learn openings` writes).

use reversi::{parse_opening_list, random_openings, Position};

use crate::args::{escape, number_in};

/// The openings of `games` games (each opening played twice, once with each colour) and how
/// the result line describes them ("of 6 plies", "from FILE").
pub fn starts(
    file: Option<String>,
    plies: Option<String>,
    games: usize,
    seed: u64,
) -> Result<(Vec<Position>, String), String> {
    let pairs = games.div_ceil(2);
    match (file, plies) {
        (Some(_), Some(_)) => Err("--openings and --plies exclude each other".into()),
        (Some(file), None) => Ok((from_file(&file, games)?, format!("from {}", escape(&file)))),
        (None, plies) => {
            let plies = match plies {
                Some(p) => number_in("--plies", &p, 0..=60u32).map_err(|e| e.to_string())?,
                None => 6,
            };
            Ok((
                random_openings(pairs, plies, seed),
                format!("of {plies} plies"),
            ))
        }
    }
}

/// The first openings of a list file, an error naming the file when it cannot be read or is
/// too short for `games`.
fn from_file(file: &str, games: usize) -> Result<Vec<Position>, String> {
    let pairs = games.div_ceil(2);
    let shown = escape(file);
    let text = std::fs::read_to_string(file).map_err(|e| format!("--openings {shown}: {e}"))?;
    let mut starts = parse_opening_list(&text).map_err(|e| format!("--openings {shown}: {e}"))?;
    if starts.len() < pairs {
        return Err(format!(
            "--openings {shown}: {} openings, and {games} games need {pairs} (each is played with both colours)",
            starts.len()
        ));
    }
    starts.truncate(pairs);
    Ok(starts)
}
