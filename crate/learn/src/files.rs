//! The weight files, in the formats crate/engine/src/eval.rs loads: `<rules>.txt` (feature
//! weights, parsed by `Weights::parse`) and `<rules>_edges.rs` (edge tables, a Rust array
//! literal the engine `include!`s).

use std::fmt;

use reversi::internals::eval::{
    edge_score, EdgeTable, Weights, ANCHORS, EDGE_CONFIGS, FEATURE_COUNT, FEATURE_NAMES, MAX_EVAL,
};
use reversi::Rules;

use crate::fit::{Edges, Linear, Row, PHASES};

/// Feature weights in file units (1/100 disc): `[feature][anchor]`.
pub type Anchors = [[i32; PHASES]; FEATURE_COUNT];

/// The file names eval.rs includes (in crate/engine/src/weights/).
pub fn weights_file_name(rules: Rules) -> String {
    format!("{}.txt", rules.name())
}

pub fn edges_file_name(rules: Rules) -> String {
    format!("{}_edges.rs", rules.name())
}

/// Rounds discs to file units.
pub fn quantize_linear(w: &Linear) -> Anchors {
    w.map(|f| f.map(|v| (v * 100.0).round().clamp(-1e6, 1e6) as i32))
}

/// Rounds discs to file units, within `i16`.
pub fn quantize_edges(t: &Edges) -> Box<EdgeTable> {
    let mut out = empty_edge_table();
    for (o, table) in out.iter_mut().zip(t) {
        for (v, &x) in o.iter_mut().zip(table.iter()) {
            *v = (x * 100.0).round().clamp(-30000.0, 30000.0) as i16;
        }
    }
    out
}

/// A table of zeros (on the heap: 64 KB).
pub fn empty_edge_table() -> Box<EdgeTable> {
    vec![[0i16; EDGE_CONFIGS]; ANCHORS.len()]
        .into_boxed_slice()
        .try_into()
        .expect("ANCHORS.len() rows")
}

/// The anchor weights of a parsed table (the expanded table passes through them exactly).
pub fn anchors_of(w: &Weights) -> Anchors {
    let mut out = [[0; PHASES]; FEATURE_COUNT];
    for (f, o) in out.iter_mut().enumerate() {
        for (a, &e) in ANCHORS.iter().enumerate() {
            o[a] = w.by_empties[e][f];
        }
    }
    out
}

/// The feature table text: a header comment (the feature legend and `comment`, each line
/// prefixed with `# `) and one line per feature.
pub fn weights_text(rules: Rules, w: &Anchors, comment: &str) -> String {
    let goal = match rules {
        Rules::Classic => "CLASSIC game (more discs wins)",
        Rules::Inverse => "INVERSE game (fewer discs wins)",
    };
    let mut s = format!(
        "# Evaluation weights for the {goal}.\n\
         #\n\
         # One line per feature, in this order, with its weight at {} empty squares\n\
         # (linear in between). Units: 1/100 disc per unit of the feature; see eval.rs.\n\
         #\n",
        ANCHORS.map(|a| a.to_string()).join(", ")
    );
    for line in comment.lines() {
        s.push_str(format!("# {line}").trim_end());
        s.push('\n');
    }
    s.push_str("#\n# feature     ");
    for a in ANCHORS {
        s.push_str(&format!(" {:>6}", format!("e{a}")));
    }
    s.push('\n');
    for (name, row) in FEATURE_NAMES.iter().zip(w) {
        s.push_str(&format!("{name:<14}"));
        for v in row {
            s.push_str(&format!(" {v:6}"));
        }
        s.push('\n');
    }
    s
}

const EDGES_HEADER: &str =
    "// Edge tables (generated; see eval.rs): 5 anchors x 6561 edge configurations.\n";

/// The edge tables as the Rust array literal eval.rs includes.
pub fn edges_text(t: &EdgeTable) -> String {
    let mut s = String::with_capacity(200_000);
    s.push_str(EDGES_HEADER);
    s.push_str("[\n");
    for table in t {
        s.push('[');
        for v in table {
            s.push_str(&v.to_string());
            s.push(',');
        }
        s.push_str("],\n");
    }
    s.push_str("]\n");
    s
}

/// Why an edge file does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgesError {
    /// Something else than a number, a comma, brackets, spaces or `//` comments, at this byte.
    Unexpected(usize),
    /// A number out of `i16`, at this byte.
    Range(usize),
    /// Not 5 tables of 6561 numbers.
    Shape,
}

impl fmt::Display for EdgesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EdgesError::Unexpected(at) => write!(f, "edge tables: unexpected text at byte {at}"),
            EdgesError::Range(at) => write!(f, "edge tables: number out of range at byte {at}"),
            EdgesError::Shape => write!(f, "edge tables: need 5 arrays of 6561 numbers"),
        }
    }
}

impl std::error::Error for EdgesError {}

/// Reads an edge file back (the subset of Rust array syntax [`edges_text`] writes: nested
/// brackets, integers, commas, `//` comments).
pub fn parse_edges(text: &str) -> Result<Box<EdgeTable>, EdgesError> {
    let b = text.as_bytes();
    let mut out = empty_edge_table();
    let (mut depth, mut table, mut count) = (0, 0usize, 0usize);
    let mut outer_done = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' | b',' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') && depth == 0 => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'[' if depth < 2 && !outer_done => {
                depth += 1;
                if depth == 2 {
                    if table >= ANCHORS.len() {
                        return Err(EdgesError::Shape);
                    }
                    count = 0;
                }
                i += 1;
            }
            b']' if depth > 0 => {
                depth -= 1;
                if depth == 1 {
                    if count != EDGE_CONFIGS {
                        return Err(EdgesError::Shape);
                    }
                    table += 1;
                } else {
                    outer_done = true;
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' if depth == 2 => {
                let start = i;
                if b[i] == b'-' {
                    i += 1;
                }
                let digits = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i == digits {
                    return Err(EdgesError::Unexpected(start));
                }
                let v: i16 = text[start..i]
                    .parse()
                    .map_err(|_| EdgesError::Range(start))?;
                if count >= EDGE_CONFIGS {
                    return Err(EdgesError::Shape);
                }
                out[table][count] = v;
                count += 1;
            }
            _ => return Err(EdgesError::Unexpected(i)),
        }
    }
    if !outer_done || table != ANCHORS.len() {
        return Err(EdgesError::Shape);
    }
    Ok(out)
}

/// The engine's evaluation (as `EvalKind::evaluate` computes it, in 1/100 disc) with the
/// tables `w` and `t`.
pub fn engine_eval(w: &Weights, t: &EdgeTable, r: &Row) -> i32 {
    let by = &w.by_empties[r.empties];
    let dot: i32 = (0..FEATURE_COUNT).map(|f| by[f] * r.features[f]).sum();
    (dot + edge_score(t, &r.edges, r.empties)).clamp(-MAX_EVAL, MAX_EVAL)
}
