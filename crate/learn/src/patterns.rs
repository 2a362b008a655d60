//! The pattern tables of the exact solver's move ordering (`reversi::pattern`): samples
//! (self-play positions with the solver's exact score) and their ridge fit.
//!
//! Sample files have one position a line: `<player hex> <opponent hex> <empties> <score>`
//! (the side to move's bitboards, 16 hex digits each; the exact final score for the side to
//! move, discs on the board, under the game's goal).
//!
//! The fit is per phase (`reversi::internals::pattern::PHASE_START`), on the samples of the phase and of
//! two empties either side. It minimises the squared error plus a ridge on every table value,
//! a configuration tied to its images under the pattern's own symmetries, by a Jacobi
//! iteration: each value moves by a share of the mean residual of the positions that use it.

use reversi::internals::pattern::MOBILITY_OFFSET;
use reversi::internals::pattern::{
    self, indices, OFFSETS, PATTERNS, PHASES, PHASE_SIZE, PHASE_START,
};

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternSample {
    pub player: u64,
    pub opponent: u64,
    /// Exact final score for the side to move, discs.
    pub score: i32,
}

impl PatternSample {
    pub fn empties(&self) -> u32 {
        (self.player | self.opponent).count_zeros()
    }
}

/// A sample line that does not parse: its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine(pub usize, pub &'static str);

impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.0, self.1)
    }
}

/// Formats a sample line.
pub fn sample_line(s: &PatternSample) -> String {
    format!(
        "{:016x} {:016x} {} {}",
        s.player,
        s.opponent,
        s.empties(),
        s.score
    )
}

/// Parses sample lines (blank lines skipped).
pub fn parse_samples(text: &str) -> Result<Vec<PatternSample>, BadLine> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        let bad = |why| BadLine(n + 1, why);
        if fields.len() != 4 {
            return Err(bad("expected 4 fields"));
        }
        let hex = |s: &str| u64::from_str_radix(s, 16).map_err(|_| bad("bad bitboard"));
        let (player, opponent) = (hex(fields[0])?, hex(fields[1])?);
        if player & opponent != 0 {
            return Err(bad("a square holds two discs"));
        }
        let empties: u32 = fields[2].parse().map_err(|_| bad("bad empties"))?;
        if empties != (player | opponent).count_zeros() {
            return Err(bad("empties do not match the board"));
        }
        let score: i32 = fields[3].parse().map_err(|_| bad("bad score"))?;
        if !(-64..=64).contains(&score) {
            return Err(bad("score out of range"));
        }
        out.push(PatternSample {
            player,
            opponent,
            score,
        });
    }
    Ok(out)
}

/// The empties a phase is trained on: its own and two either side.
pub fn training_range(phase: usize) -> (u32, u32) {
    (
        PHASE_START[phase].saturating_sub(2),
        PHASE_START[phase + 1] + 1,
    )
}

/// For every index of a phase's weights, the index of its canonical configuration.
pub fn canonical_map() -> Vec<u32> {
    let mut map = Vec::with_capacity(PHASE_SIZE);
    for (i, pat) in PATTERNS.iter().enumerate() {
        map.extend(pat.canonical().into_iter().map(|c| OFFSETS[i] as u32 + c));
    }
    map.extend(MOBILITY_OFFSET as u32..PHASE_SIZE as u32);
    map
}

/// Fits the tables of every phase; returns `PHASES * PHASE_SIZE` values in 1/100 disc and,
/// per phase, the training samples and their mean squared error (discs²).
pub fn fit(
    samples: &[PatternSample],
    ridge: f64,
    iterations: usize,
    log: &mut dyn FnMut(&str),
) -> (Vec<i16>, Vec<(usize, f64)>) {
    let canon = canonical_map();
    let mut out = vec![0i16; PHASES * PHASE_SIZE];
    let mut stats = Vec::new();
    for phase in 0..PHASES {
        let (lo, hi) = training_range(phase);
        let rows: Vec<([u32; pattern::TERMS], f64)> = samples
            .iter()
            .filter(|s| (lo..hi).contains(&s.empties()))
            .map(|s| {
                let mut idx = indices(s.player, s.opponent);
                for i in idx.iter_mut() {
                    *i = canon[*i as usize];
                }
                (idx, s.score as f64)
            })
            .collect();
        let mut count = vec![0f64; PHASE_SIZE];
        for (idx, _) in &rows {
            for &i in idx {
                count[i as usize] += 1.0;
            }
        }
        let mut w = vec![0f64; PHASE_SIZE];
        let mut grad = vec![0f64; PHASE_SIZE];
        let mut mse = 0.0;
        // A value shares each residual with the other instances of the position.
        let step = 2.0 / pattern::TERMS as f64;
        for it in 0..iterations {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut sq = 0.0;
            for (idx, target) in &rows {
                let pred: f64 = idx.iter().map(|&i| w[i as usize]).sum();
                let r = target - pred;
                sq += r * r;
                for &i in idx {
                    grad[i as usize] += r;
                }
            }
            mse = sq / rows.len().max(1) as f64;
            for i in 0..PHASE_SIZE {
                if count[i] > 0.0 {
                    w[i] += step * (grad[i] - ridge * w[i]) / (count[i] + ridge);
                }
            }
            if it % 50 == 0 || it + 1 == iterations {
                log(&format!(
                    "phase {phase} (empties {lo}..{hi}): {} samples, iteration {it}, mse {mse:.2}",
                    rows.len()
                ));
            }
        }
        let table = &mut out[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE];
        for i in 0..PHASE_SIZE {
            let v = (w[canon[i] as usize] * 100.0).round();
            table[i] = v.clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        }
        stats.push((rows.len(), mse));
    }
    (out, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_lines_round_trip_and_errors_name_the_line() {
        let s = PatternSample {
            player: 0x0000_0008_1000_0000,
            opponent: 0x0000_0010_0800_0000,
            score: -3,
        };
        let text = format!("{}\n\n{}\n", sample_line(&s), sample_line(&s));
        assert_eq!(parse_samples(&text).unwrap(), vec![s, s]);
        assert_eq!(
            parse_samples("1 1 63 0\n").unwrap_err(),
            BadLine(1, "a square holds two discs")
        );
        assert_eq!(
            parse_samples(&format!("{}\n1 2 62 0 9\n", sample_line(&s))).unwrap_err(),
            BadLine(2, "expected 4 fields")
        );
        assert_eq!(
            parse_samples("1 2 61 0\n").unwrap_err(),
            BadLine(1, "empties do not match the board")
        );
    }

    #[test]
    fn fit_learns_a_pattern_value() {
        // Score = 10 discs whenever the side to move holds a1, else 0: the fit must score
        // a1 positions about 10 discs above the others, and symmetric images the same.
        let mut state = 5u64;
        let mut samples = Vec::new();
        for k in 0..4000 {
            let a = reversi::internals::splitmix64(&mut state);
            // About 16 empties: dense random boards.
            let empty = reversi::internals::splitmix64(&mut state)
                & reversi::internals::splitmix64(&mut state);
            let (mut p, mut o) = (a & !empty, !a & !empty);
            if k % 2 == 0 {
                p |= 1;
                o &= !1;
            } else {
                p &= !1;
            }
            samples.push(PatternSample {
                player: p,
                opponent: o,
                score: if p & 1 != 0 { 10 } else { 0 },
            });
        }
        let (values, stats) = fit(&samples, 1.0, 200, &mut |_| {});
        let file = reversi::internals::pattern::PatternWeights::file(&values);
        let w = reversi::internals::pattern::PatternWeights::from_bytes(&file).unwrap();
        let phase = (0..PHASES).max_by_key(|&k| stats[k].0).expect("phases");
        assert!(stats[phase].1 < 4.0, "mse {}", stats[phase].1);
        let mut err = 0.0;
        let mut n = 0.0;
        for s in &samples {
            if reversi::internals::pattern::phase(s.empties()) == phase {
                let v = w.evaluate(s.player, s.opponent) as f64 / 100.0;
                err += (v - s.score as f64).powi(2);
                n += 1.0;
            }
        }
        assert!(n > 100.0 && err / n < 4.0, "engine mse {}", err / n);
    }
}
