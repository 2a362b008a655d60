//! The fits: feature weights at the phase anchors by ridge least squares (normal equations,
//! closed form), then the edge tables by ridge least squares on the residuals (conjugate
//! gradients: too many unknowns for a dense solve). Values
//! are in discs here (the files are in 1/100 disc).

use reversi::internals::eval::{edge_indices, features, ANCHORS, EDGE_CONFIGS, FEATURE_COUNT};

use crate::selfplay::Sample;

/// Number of phase anchors.
pub const PHASES: usize = ANCHORS.len();

/// Feature weights: `[feature][anchor]`, in discs per unit.
pub type Linear = [[f64; PHASES]; FEATURE_COUNT];

/// Edge tables in discs: `[anchor][configuration]`.
pub type Edges = Vec<[f64; EDGE_CONFIGS]>;

/// The ranges of empties the errors are reported for.
pub const BUCKETS: [(usize, usize); 4] = [(0, 14), (15, 29), (30, 44), (45, 64)];

/// What the fit sees of a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    pub features: [i32; FEATURE_COUNT],
    pub edges: [usize; 4],
    pub empties: usize,
    /// The label, discs for the side to move.
    pub target: f64,
}

impl Row {
    /// The evaluation's features of the sample's board (the engine's own functions).
    pub fn from_sample(s: &Sample) -> Row {
        Row {
            features: features(&s.board),
            edges: edge_indices(s.board.player, s.board.opponent),
            empties: s.board.empty_count() as usize,
            target: s.target as f64,
        }
    }
}

/// The share of each anchor in the weights at `empties` (two neighbouring anchors, linear in
/// between, as eval.rs interpolates).
pub fn phase_shares(empties: usize) -> [f64; PHASES] {
    let mut l = [0.0; PHASES];
    if empties >= ANCHORS[0] {
        l[0] = 1.0;
        return l;
    }
    let mut a = 0;
    while ANCHORS[a + 1] > empties {
        a += 1;
    }
    let (hi, lo) = (ANCHORS[a] as f64, ANCHORS[a + 1] as f64);
    let t = (empties as f64 - lo) / (hi - lo);
    l[a] = t;
    l[a + 1] = 1.0 - t;
    l
}

/// The feature part of the model.
pub fn linear_value(w: &Linear, r: &Row) -> f64 {
    let l = phase_shares(r.empties);
    let mut v = 0.0;
    for (f, wf) in w.iter().enumerate() {
        for a in 0..PHASES {
            v += wf[a] * l[a] * r.features[f] as f64;
        }
    }
    v
}

/// The edge part of the model.
pub fn edge_value(t: &Edges, r: &Row) -> f64 {
    let l = phase_shares(r.empties);
    let mut v = 0.0;
    for (a, table) in t.iter().enumerate() {
        if l[a] != 0.0 {
            v += l[a] * r.edges.iter().map(|&i| table[i]).sum::<f64>();
        }
    }
    v
}

/// Ridge least squares for the feature weights: minimises Σ (target - linear)² + ridge·|w|².
/// `None` when the system is singular (no rows and no ridge).
pub fn fit_linear(rows: &[Row], ridge: f64) -> Option<Linear> {
    const N: usize = FEATURE_COUNT * PHASES;
    let mut ata = vec![0.0f64; N * N];
    let mut atb = vec![0.0f64; N];
    let mut x = [0.0f64; N];
    for r in rows {
        let l = phase_shares(r.empties);
        for f in 0..FEATURE_COUNT {
            for a in 0..PHASES {
                x[f * PHASES + a] = r.features[f] as f64 * l[a];
            }
        }
        for i in 0..N {
            if x[i] != 0.0 {
                atb[i] += x[i] * r.target;
                for j in 0..=i {
                    ata[i * N + j] += x[i] * x[j];
                }
            }
        }
    }
    for i in 0..N {
        ata[i * N + i] += ridge;
        for j in 0..i {
            ata[j * N + i] = ata[i * N + j];
        }
    }
    let w = solve_spd(&mut ata, &atb)?;
    let mut out = [[0.0; PHASES]; FEATURE_COUNT];
    for (f, o) in out.iter_mut().enumerate() {
        o.copy_from_slice(&w[f * PHASES..(f + 1) * PHASES]);
    }
    Some(out)
}

/// Solves `a x = b` for a symmetric positive definite `a` (n×n, row-major; overwritten) by
/// Cholesky. `None` when `a` is not positive definite.
pub fn solve_spd(a: &mut [f64], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let scale = (0..n).map(|i| a[i * n + i].abs()).fold(0.0, f64::max);
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        if d.is_nan() || d <= scale * 1e-13 {
            return None;
        }
        let d = d.sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    let mut y = b.to_vec();
    for i in 0..n {
        for k in 0..i {
            y[i] -= a[i * n + k] * y[k];
        }
        y[i] /= a[i * n + i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            y[i] -= a[k * n + i] * y[k];
        }
        y[i] /= a[i * n + i];
    }
    Some(y)
}

/// The configuration read from the edge's other corner (digits reversed).
pub fn reverse_edge(mut i: usize) -> usize {
    let mut r = 0;
    for _ in 0..8 {
        r = r * 3 + i % 3;
        i /= 3;
    }
    r
}

/// The edge tables that best explain what the feature weights `linear` leave of the targets:
/// ridge least squares, Σ (residual - edges)² + `ridge`·|t|², solved by conjugate gradients
/// (`iterations` at most; each is one pass over the rows). A configuration and its reverse
/// share one value, so the tables are symmetric as eval.rs expects. Deterministic.
pub fn fit_edges(
    rows: &[Row],
    linear: &Linear,
    ridge: f64,
    iterations: usize,
    log: &mut dyn FnMut(&str),
) -> Edges {
    let canon: Vec<usize> = (0..EDGE_CONFIGS).map(|i| i.min(reverse_edge(i))).collect();
    let n = PHASES * EDGE_CONFIGS;
    // Per row: the (anchor, share) pairs and the canonical configurations.
    let shares: Vec<[(usize, f64); 2]> = rows
        .iter()
        .map(|r| {
            let l = phase_shares(r.empties);
            let mut out = [(0, 0.0); 2];
            let mut k = 0;
            for (a, &v) in l.iter().enumerate() {
                if v != 0.0 && k < 2 {
                    out[k] = (a, v);
                    k += 1;
                }
            }
            out
        })
        .collect();
    let configs: Vec<[usize; 4]> = rows.iter().map(|r| r.edges.map(|i| canon[i])).collect();
    let predict = |x: &[f64], k: usize| -> f64 {
        shares[k]
            .iter()
            .map(|&(a, l)| {
                l * configs[k]
                    .iter()
                    .map(|&c| x[a * EDGE_CONFIGS + c])
                    .sum::<f64>()
            })
            .sum()
    };
    // y += Aᵀ v.
    let spread = |v: &[f64], y: &mut [f64]| {
        for (k, &vk) in v.iter().enumerate() {
            for &(a, l) in &shares[k] {
                for &c in &configs[k] {
                    y[a * EDGE_CONFIGS + c] += l * vk;
                }
            }
        }
    };
    // (AᵀA + ridge) x.
    let apply = |x: &[f64]| -> Vec<f64> {
        let p: Vec<f64> = (0..rows.len()).map(|k| predict(x, k)).collect();
        let mut y: Vec<f64> = x.iter().map(|v| v * ridge).collect();
        spread(&p, &mut y);
        y
    };
    let residual: Vec<f64> = rows
        .iter()
        .map(|r| r.target - linear_value(linear, r))
        .collect();
    let mut b = vec![0.0; n];
    spread(&residual, &mut b);
    let mut x = vec![0.0; n];
    let mut r = b.clone();
    let mut d = r.clone();
    let dot = |u: &[f64], v: &[f64]| u.iter().zip(v).map(|(a, b)| a * b).sum::<f64>();
    let mut rr = dot(&r, &r);
    let stop = rr * 1e-16;
    for it in 0..iterations {
        if rr <= stop || rr == 0.0 {
            break;
        }
        let q = apply(&d);
        let alpha = rr / dot(&d, &q);
        for i in 0..n {
            x[i] += alpha * d[i];
            r[i] -= alpha * q[i];
        }
        let next = dot(&r, &r);
        let beta = next / rr;
        rr = next;
        for i in 0..n {
            d[i] = r[i] + beta * d[i];
        }
        if (it + 1) % 25 == 0 {
            let mse = (0..rows.len())
                .map(|k| (residual[k] - predict(&x, k)).powi(2))
                .sum::<f64>()
                / rows.len() as f64;
            log(&format!("edge tables: iteration {}, mse {mse:.2}", it + 1));
        }
    }
    let mut t: Edges = vec![[0.0; EDGE_CONFIGS]; PHASES];
    for (a, table) in t.iter_mut().enumerate() {
        for (i, v) in table.iter_mut().enumerate() {
            *v = x[a * EDGE_CONFIGS + canon[i]];
        }
    }
    t
}

/// Mean squared error of `predict` over `rows`.
pub fn mse(rows: &[Row], mut predict: impl FnMut(&Row) -> f64) -> f64 {
    let s: f64 = rows.iter().map(|r| (r.target - predict(r)).powi(2)).sum();
    s / rows.len().max(1) as f64
}

/// Mean squared errors of `predictions` (one per row), overall and per [`BUCKETS`] range.
pub fn errors(rows: &[Row], predictions: &[f64]) -> crate::Errors {
    let mut sums = [(0.0, 0usize); BUCKETS.len()];
    let mut all = 0.0;
    for (r, p) in rows.iter().zip(predictions) {
        let e = (r.target - p).powi(2);
        all += e;
        if let Some(b) = BUCKETS
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&r.empties))
        {
            sums[b].0 += e;
            sums[b].1 += 1;
        }
    }
    crate::Errors {
        all: all / rows.len().max(1) as f64,
        by_phase: sums
            .iter()
            .map(|&(s, n)| if n == 0 { f64::NAN } else { s / n as f64 })
            .collect(),
        positions: rows.len(),
    }
}
