//! `reversi-learn openings`: a list of balanced openings for matches (`reversi match
//! --openings FILE`), in the manner of the XOT lists (8-move openings that strong programs score
//! within 2 discs of even).
//!
//! Random openings are often decided before either player moves: in a match from 6 random
//! plies, a fifth of the openings score 14 discs or more for one side at a deep search, and
//! such a game measures the opening more than the players (docs/tuning.md). This tool draws
//! random lines ([`random_lines`], in order, by `--seed`), scores each by a search of `--nodes`
//! nodes with the game's shipped evaluation, and keeps the first `--count` whose score is within
//! `--within` discs of 0. A line that a search of a twentieth of the nodes puts more than
//! [`PRESCREEN_MARGIN`] discs beyond that is dropped without the deep search. The list depends
//! on the options and the engine only, not on the threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use reversi::{random_lines, Ai, Limits, Opening, Rules};

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct OpeningsConfig {
    pub rules: Rules,
    pub count: usize,
    pub plies: u32,
    /// Keep a line when its score is within this many discs of 0.
    pub within: f32,
    /// The node budget of the deciding search.
    pub nodes: u64,
    pub seed: u64,
    pub threads: usize,
}

/// A kept line and its score, in discs for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Balanced {
    pub opening: Opening,
    pub score: f32,
}

/// How far beyond `--within` the prescreen's score may be and the line still searched deeply.
pub const PRESCREEN_MARGIN: f32 = 6.0;

/// How many random lines are drawn for each opening asked for (at most).
const DRAWS_PER_OPENING: usize = 40;

/// The balanced openings of `config`, in the order of their draws, and how many lines were
/// scored. Fewer than `count` when the draws run out.
pub fn balanced_openings(
    config: &OpeningsConfig,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<(Vec<Balanced>, usize), String> {
    let lines = random_lines(
        config.count.saturating_mul(DRAWS_PER_OPENING),
        config.plies,
        config.seed,
    );
    // scores[i]: None while not scored, Some(None) when rejected, Some(Some(s)) when kept.
    let scores: Mutex<Vec<Option<Option<f32>>>> = Mutex::new(vec![None; lines.len()]);
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let log = Mutex::new(log);
    let kept_in_prefix = |scores: &[Option<Option<f32>>]| {
        scores
            .iter()
            .take_while(|s| s.is_some())
            .filter(|s| matches!(s, Some(Some(_))))
            .count()
    };
    std::thread::scope(|scope| -> Result<(), String> {
        let workers: Vec<_> = (0..config.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    let mut ai = Ai::try_new(16).map_err(|e| e.to_string())?;
                    while !done.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(line) = lines.get(i) else { break };
                        let score = score_line(&mut ai, line, config);
                        let mut s = scores.lock().unwrap_or_else(|e| e.into_inner());
                        s[i] = Some(score);
                        let kept = kept_in_prefix(&s);
                        if kept >= config.count {
                            done.store(true, Ordering::Relaxed);
                        }
                        if score.is_some() {
                            let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
                            (*log)(&format!("{} kept of {} lines scored", kept, i + 1));
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?;
        }
        Ok(())
    })?;
    let scores = scores.into_inner().unwrap_or_else(|e| e.into_inner());
    let scored = scores.iter().take_while(|s| s.is_some()).count();
    let mut kept = Vec::new();
    let mut used = scored;
    for (i, (opening, s)) in lines.into_iter().zip(scores).take(scored).enumerate() {
        if let Some(Some(score)) = s {
            kept.push(Balanced { opening, score });
            if kept.len() == config.count {
                // The lines it took, whatever the threads scored beyond them.
                used = i + 1;
                break;
            }
        }
    }
    Ok((kept, used))
}

/// The line's score when it is within `config.within` discs, else `None`.
fn score_line(ai: &mut Ai, line: &Opening, config: &OpeningsConfig) -> Option<f32> {
    let board = line.position.board;
    ai.clear();
    let quick = ai.think(board, config.rules, &Limits::nodes(config.nodes / 20));
    if quick.score.abs() > config.within + PRESCREEN_MARGIN {
        return None;
    }
    ai.clear();
    let deep = ai.think(board, config.rules, &Limits::nodes(config.nodes));
    (deep.score.abs() <= config.within).then_some(deep.score)
}

/// The list as text: `# ` header lines, then one opening a line, its transcript and score.
pub fn format_list(header: &[String], kept: &[Balanced]) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    for b in kept {
        out.push_str(&format!("{} {:+.2}\n", b.opening.transcript(), b.score));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi::parse_opening_list;

    fn config(threads: usize) -> OpeningsConfig {
        OpeningsConfig {
            rules: Rules::Classic,
            count: 4,
            plies: 6,
            within: 2.0,
            nodes: 20_000,
            seed: 5,
            threads,
        }
    }

    #[test]
    fn the_list_is_balanced_ordered_and_independent_of_threads() {
        let (one, used) = balanced_openings(&config(1), &mut |_| {}).unwrap();
        let (two, used2) = balanced_openings(&config(2), &mut |_| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!(used, used2);
        assert_eq!(one.len(), 4);
        assert!(one.iter().all(|b| b.score.abs() <= 2.0));
        // The kept lines come in the order of their draws, and some draws were rejected
        // (random 6-ply openings are often far from even).
        let lines = random_lines(used, 6, 5);
        assert_eq!(lines.last(), Some(&one[3].opening));
        assert!(used > 4, "every line drawn was kept");
        let order: Vec<usize> = one
            .iter()
            .map(|b| lines.iter().position(|o| *o == b.opening).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        // A rejected line scores beyond 2 discs at the same search.
        let rejected = lines.iter().find(|o| !one.iter().any(|b| b.opening == **o));
        let mut ai = Ai::new(16);
        assert_eq!(score_line(&mut ai, rejected.unwrap(), &config(1)), None);
    }

    #[test]
    fn the_formatted_list_reads_back() {
        let (kept, _) = balanced_openings(&config(1), &mut |_| {}).unwrap();
        let text = format_list(&["a header".into()], &kept);
        assert!(text.starts_with("# a header\n"));
        let positions = parse_opening_list(&text).unwrap();
        let expected: Vec<_> = kept.iter().map(|b| b.opening.position).collect();
        assert_eq!(positions, expected);
    }
}
