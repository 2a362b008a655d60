//! The fit of the pattern evaluation's tables (`reversi::internals::pattern`) to labelled
//! positions.
//!
//! Each phase is fitted on its own, on the positions of its empties and of two empties either
//! side by default ([`training_range`], so that neighbouring phases agree where they meet). The fit
//! minimises the squared error plus a ridge on every value, `|Aw - y|^2 + ridge |w|^2`, where a
//! row of A counts the uses of each value by a position, a configuration being tied to its
//! images under the pattern's own symmetries (so the evaluation is symmetric). It is solved by
//! conjugate gradients on the normal equations, preconditioned by their diagonal. Values that
//! no position uses stay 0.

use reversi::internals::pattern::{
    indices, MOBILITY_OFFSET, OFFSETS, PATTERNS, PHASES, PHASE_SIZE, PHASE_START, TERMS,
};

use crate::dataset::Sample;

/// The empties a phase is trained on: its own and `window` either side.
pub fn training_range(phase: usize, window: u32) -> (u32, u32) {
    (
        PHASE_START[phase].saturating_sub(window),
        PHASE_START[phase + 1] + window,
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

/// How a fit is run.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// The ridge, in units of one position's squared error.
    pub ridge: f64,
    /// Conjugate-gradient iterations at most, per phase.
    pub iterations: usize,
    /// Stops a phase when the residual norm falls below this share of its first.
    pub tolerance: f64,
    /// A phase also learns from the positions of this many empties either side of it.
    pub window: u32,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            ridge: 40.0,
            iterations: 300,
            tolerance: 1e-4,
            window: 2,
        }
    }
}

/// A phase's fit: its training positions, their mean squared error (discs²), the iterations.
#[derive(Clone, Copy, Debug)]
pub struct PhaseFit {
    pub positions: usize,
    pub mse: f64,
    pub iterations: usize,
}

/// Fits the tables of every phase on `samples`; returns `PHASES * PHASE_SIZE` values in
/// 1/100 disc (what [`reversi::internals::pattern::PatternWeights::file`] takes) and each
/// phase's fit. `log` gets a line per phase.
pub fn fit(
    samples: &[Sample],
    options: FitOptions,
    log: &mut dyn FnMut(&str),
) -> (Vec<i16>, Vec<PhaseFit>) {
    let canon = canonical_map();
    let mut out = vec![0i16; PHASES * PHASE_SIZE];
    let mut fits = Vec::with_capacity(PHASES);
    for phase in 0..PHASES {
        let (lo, hi) = training_range(phase, options.window);
        let (rows, targets): (Vec<[u32; TERMS]>, Vec<f64>) = samples
            .iter()
            .filter(|s| (lo..hi).contains(&s.empties()))
            .map(|s| {
                let mut idx = indices(s.player, s.opponent);
                for i in idx.iter_mut() {
                    *i = canon[*i as usize];
                }
                (idx, s.target as f64)
            })
            .unzip();
        let (w, f) = solve(&rows, &targets, options);
        log(&format!(
            "phase {phase} (empties {lo}..{hi}): {} positions, mse {:.2}, {} iterations",
            f.positions, f.mse, f.iterations
        ));
        let table = &mut out[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE];
        for (i, v) in table.iter_mut().enumerate() {
            let x = (w[canon[i] as usize] * 100.0).round();
            *v = x.clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        }
        fits.push(f);
    }
    (out, fits)
}

/// `A x`: each row's sum of the values it uses.
fn times(rows: &[[u32; TERMS]], x: &[f64], out: &mut [f64]) {
    for (o, idx) in out.iter_mut().zip(rows) {
        *o = idx.iter().map(|&i| x[i as usize]).sum();
    }
}

/// `A^T r`: each value's sum of the residuals of the rows that use it.
fn times_transposed(rows: &[[u32; TERMS]], r: &[f64], out: &mut [f64]) {
    out.iter_mut().for_each(|o| *o = 0.0);
    for (idx, &ri) in rows.iter().zip(r) {
        for &i in idx {
            out[i as usize] += ri;
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Ridge least squares over one phase's values by preconditioned conjugate gradients.
fn solve(rows: &[[u32; TERMS]], y: &[f64], options: FitOptions) -> (Vec<f64>, PhaseFit) {
    let n = PHASE_SIZE;
    let lambda = options.ridge;
    // The diagonal of A^T A: the squared uses of each value by each row (instances of a
    // pattern may share a configuration).
    let mut diag = vec![0f64; n];
    for idx in rows {
        for (k, &i) in idx.iter().enumerate() {
            if !idx[..k].contains(&i) {
                let uses = idx[k..].iter().filter(|&&j| j == i).count();
                diag[i as usize] += (uses * uses) as f64;
            }
        }
    }
    let used: Vec<bool> = diag.iter().map(|&d| d > 0.0).collect();
    let precondition = |r: &[f64], z: &mut [f64]| {
        for i in 0..n {
            z[i] = if used[i] {
                r[i] / (diag[i] + lambda)
            } else {
                0.0
            };
        }
    };
    let mut w = vec![0f64; n];
    let mut r = vec![0f64; n];
    times_transposed(rows, y, &mut r);
    let mut z = vec![0f64; n];
    precondition(&r, &mut z);
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    let first = dot(&r, &r).sqrt();
    let (mut ap, mut q) = (vec![0f64; rows.len()], vec![0f64; n]);
    let mut iterations = 0;
    while iterations < options.iterations && first > 0.0 {
        times(rows, &p, &mut ap);
        times_transposed(rows, &ap, &mut q);
        for i in 0..n {
            if used[i] {
                q[i] += lambda * p[i];
            }
        }
        let alpha = rz / dot(&p, &q);
        for i in 0..n {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        iterations += 1;
        if dot(&r, &r).sqrt() < options.tolerance * first {
            break;
        }
        precondition(&r, &mut z);
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    times(rows, &w, &mut ap);
    let sq: f64 = ap.iter().zip(y).map(|(a, b)| (a - b) * (a - b)).sum();
    let fit = PhaseFit {
        positions: rows.len(),
        mse: sq / rows.len().max(1) as f64,
        iterations,
    };
    (w, fit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::LabelKind;
    use reversi::internals::pattern::{phase, PatternWeights};
    use reversi::internals::splitmix64;

    #[test]
    fn fit_learns_a_pattern_value_and_ties_symmetric_images() {
        // Score = 10 discs whenever the side to move holds a corner, else 0: the fit must
        // score such positions about 10 discs above the others, whichever corner.
        let mut state = 5u64;
        let mut samples = Vec::new();
        for k in 0..6000 {
            let a = splitmix64(&mut state);
            // About 16 empties: dense random boards.
            let empty = splitmix64(&mut state) & splitmix64(&mut state);
            let corner = [0u32, 7, 56, 63][k % 4];
            let (mut p, mut o) = (a & !empty, !a & !empty);
            let corners = 0x8100_0000_0000_0081u64;
            p &= !corners;
            o &= !corners;
            if k % 2 == 0 {
                p |= 1 << corner;
            }
            samples.push(Sample {
                player: p,
                opponent: o,
                target: if p & corners != 0 { 10.0 } else { 0.0 },
                kind: LabelKind::Exact,
                game: k as u64,
            });
        }
        let (values, fits) = fit(&samples, FitOptions::default(), &mut |_| {});
        let file = PatternWeights::file(&values);
        let w = PatternWeights::from_bytes(&file).unwrap();
        let busiest = (0..PHASES).max_by_key(|&k| fits[k].positions).unwrap();
        assert!(fits[busiest].mse < 4.0, "mse {}", fits[busiest].mse);
        let (mut err, mut n) = (0.0, 0.0);
        for s in &samples {
            if phase(s.empties()) == busiest {
                let v = w.evaluate(s.player, s.opponent) as f64 / 100.0;
                err += (v - s.target as f64).powi(2);
                n += 1.0;
            }
        }
        assert!(n > 100.0 && err / n < 4.0, "engine mse {}", err / n);
    }
}
