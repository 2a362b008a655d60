//! The training data of the pattern evaluation: the positions of the self-play games
//! (`reversi-learn games`) with a label each.
//!
//! A position is the one before each move of a game (its side to move has a move). Its label,
//! a score in discs for its side to move under the game's goal, is the best one there is:
//!
//! 1. the solver's exact score, written in the game's line (at most 20 empties);
//! 2. else a search label of a generation (`reversi-learn label`: a search of that depth with
//!    the evaluation of the engine that wrote it), when a label file gives one;
//! 3. else the outcome: the exact score of the game's first exactly labelled position (the
//!    game played on by noisy self-play, then perfectly), seen from the position's side to
//!    move; the final score when the game has no exact label.
//!
//! Held-out games (one in [`HELD_OUT_EVERY`], a fixed pseudo-random choice by index) are kept
//! out of the fit and measure it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use reversi::internals::splitmix64;
use reversi::{Board, Rules};

use crate::games::record::GameRecord;

/// One game in this many is held out.
pub const HELD_OUT_EVERY: u64 = 20;

/// True for a held-out game: a hash of the index, so that both starts (the alternative one
/// is every tenth game) are in both sets.
pub fn held_out(index: u64) -> bool {
    let mut s = index ^ 0x0004_e1d0_u64;
    splitmix64(&mut s).is_multiple_of(HELD_OUT_EVERY)
}

/// Where a label comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LabelKind {
    Exact,
    Search,
    Outcome,
}

impl LabelKind {
    pub fn name(self) -> &'static str {
        match self {
            LabelKind::Exact => "exact",
            LabelKind::Search => "search",
            LabelKind::Outcome => "outcome",
        }
    }
}

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub player: u64,
    pub opponent: u64,
    /// Discs for the side to move.
    pub target: f32,
    pub kind: LabelKind,
    pub game: u64,
}

impl Sample {
    pub fn empties(&self) -> u32 {
        (self.player | self.opponent).count_zeros()
    }

    pub fn board(&self) -> Board {
        Board {
            player: self.player,
            opponent: self.opponent,
        }
    }
}

/// The chunk files (`games-*.txt`) of a games directory, in order.
pub fn chunk_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("games-") && n.ends_with(".txt"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Every game of the chunk files of `dir` (each line parsed; the replay checks it later). A
/// torn last line (no newline: a `games` run is writing it) is left out.
pub fn read_games(dir: &Path) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    for path in chunk_files(dir)? {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
        for (n, line) in whole.lines().enumerate() {
            games.push(
                GameRecord::parse(line)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?,
            );
        }
    }
    Ok(games)
}

/// Search labels by game index: `(ply, score in 1/100 disc for the side to move)`.
pub type SearchLabels = HashMap<u64, Vec<(u32, i32)>>;

/// The labelled positions of one game (see the module doc), or why the game is bad.
pub fn game_samples(
    game: &GameRecord,
    rules: Rules,
    exact_empties: u32,
    search: Option<&[(u32, i32)]>,
) -> Result<Vec<Sample>, String> {
    let replay = game
        .checked_replay(rules, exact_empties)
        .map_err(|e| format!("game {}: {e}", game.index))?;
    let mut exact: Vec<Option<i32>> = vec![None; replay.before.len()];
    for l in &game.labels {
        exact[l.ply as usize] = Some(l.score);
    }
    // The outcome, from Black's side: the first exact label, else the final score.
    let outcome_black = match game.labels.first() {
        Some(l) => {
            if replay.black_to_move[l.ply as usize] {
                l.score
            } else {
                -l.score
            }
        }
        None => game.black_score,
    };
    let mut searched: Vec<Option<i32>> = vec![None; replay.before.len()];
    for &(ply, score) in search.unwrap_or(&[]) {
        if let Some(slot) = searched.get_mut(ply as usize) {
            *slot = Some(score);
        }
    }
    Ok(replay
        .before
        .iter()
        .enumerate()
        .map(|(ply, b)| {
            let (target, kind) = if let Some(s) = exact[ply] {
                (s as f32, LabelKind::Exact)
            } else if let Some(s) = searched[ply] {
                (s as f32 / 100.0, LabelKind::Search)
            } else {
                let s = if replay.black_to_move[ply] {
                    outcome_black
                } else {
                    -outcome_black
                };
                (s as f32, LabelKind::Outcome)
            };
            Sample {
                player: b.player,
                opponent: b.opponent,
                target,
                kind,
                game: game.index,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game 0 of the committed classic data.
    const GAME: &str = "0 s f5d6c6f6d3b6g7f3c7d8f4d7f2g3c5e1c8f7e8h8e6b5b4e7f1a3d1c4e3e2d2c1b1c2c3g2a6b3g4h4h5g5a5a4h6h7g6g8f8a7b7g1h1h2h3b2a1a8b8a2 10 40:-16,41:18,42:-12,43:12,44:-12,45:18,46:-12,47:12,48:-6,49:6,50:-4,51:4,52:-4,53:4,54:10,55:-10,56:10,57:-10,58:10,59:-10";

    #[test]
    fn labels_are_exact_then_searched_then_the_outcome_for_the_side_to_move() {
        let game = GameRecord::parse(GAME).unwrap();
        let search = [(30u32, 250i32), (31, -300), (75, 1)];
        let s = game_samples(&game, Rules::Classic, 20, Some(&search)).unwrap();
        assert_eq!(s.len(), 60);
        // Exact labels where the line has them.
        assert_eq!((s[40].target, s[40].kind), (-16.0, LabelKind::Exact));
        assert_eq!((s[59].target, s[59].kind), (-10.0, LabelKind::Exact));
        // Search labels (1/100 disc) where given; a ply beyond the game is ignored.
        assert_eq!((s[30].target, s[30].kind), (2.5, LabelKind::Search));
        assert_eq!((s[31].target, s[31].kind), (-3.0, LabelKind::Search));
        // Elsewhere the outcome: ply 40 is -16 for its side to move; no pass before it, so
        // the side to move alternates and even plies have the same side as ply 40.
        assert_eq!((s[0].target, s[0].kind), (-16.0, LabelKind::Outcome));
        assert_eq!((s[1].target, s[1].kind), (16.0, LabelKind::Outcome));
        assert_eq!(s[39].target, 16.0);
        // The boards are the positions before each move: 60 - ply empties.
        assert!(s
            .iter()
            .enumerate()
            .all(|(ply, x)| x.empties() == 60 - ply as u32));
        assert!(s.iter().all(|x| x.game == 0));
        // A game whose replay is broken is an error.
        let mut bad = game.clone();
        bad.moves.swap(0, 1);
        assert!(game_samples(&bad, Rules::Classic, 20, None).is_err());
    }

    #[test]
    fn held_out_games_include_both_starts() {
        let held: Vec<u64> = (0..10_000).filter(|&i| held_out(i)).collect();
        assert!((400..600).contains(&held.len()), "{}", held.len());
        let alternative = held.iter().filter(|&&i| i % 10 == 9).count();
        assert!((25..80).contains(&alternative), "{alternative}");
    }
}
