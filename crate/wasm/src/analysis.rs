//! Analysis for the page: the score of every legal move ([`score_moves`]), with an AI of its
//! own (its own tables), so that analysing never disturbs the tables of the AI that plays.

use std::cell::RefCell;

use js_sys::{Array, Object};
use reversi::{Ai, Limits};
use wasm_bindgen::prelude::*;

use crate::args::{integer_arg, position_arg, rules_arg};
use crate::errors::{js_error, Plain};
use crate::{now, set};

/// Size of the analysing AI's transposition table in megabytes.
const ANALYSIS_TABLE_MB: usize = 16;

/// The longest search [`score_moves`] accepts, in milliseconds (ten minutes).
pub const MAX_ANALYSIS_MS: f64 = 600_000.0;

/// The deepest search [`score_moves`] accepts, in plies.
pub const MAX_ANALYSIS_DEPTH: f64 = 60.0;

thread_local! {
    static ANALYST: RefCell<Option<Ai>> = const { RefCell::new(None) };
}

/// The score of every legal move of the side to move (`side`, `X`/`O`) on `board` under
/// `rules`: an array, best first, of `{square, score, exact, depth}` (the engine's
/// `Ai::score_moves`): `score` in discs, positive when the move is good for the side to move
/// (in either game), `exact` when it is the result with best play (counting the discs on the
/// board, as `reversi solve` does), `depth` the plies searched. No noise. The search goes at
/// most `depth` plies deep (an integer in 1..60) and takes at most `time_ms` milliseconds (an
/// integer in 1..600000) of the host's clock; with few enough empties for that time, the moves
/// are solved exactly. Each call starts from cleared tables, so the same arguments give the
/// same scores unless the time ran out. Empty when the side to move has no move.
#[wasm_bindgen]
pub fn score_moves(
    #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] time_ms: JsValue,
) -> Result<Array, JsValue> {
    let position = position_arg(&board, &side)?;
    let rules = rules_arg(&rules)?;
    let depth = integer_arg(&depth, "depth", 1.0, MAX_ANALYSIS_DEPTH)? as u32;
    let time_ms = integer_arg(&time_ms, "time_ms", 1.0, MAX_ANALYSIS_MS)?;
    let limits = Limits {
        max_nodes: None,
        max_time_ms: Some(time_ms),
        max_depth: Some(depth),
        clock: Some(now),
    };
    let scores = ANALYST.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| {
            js_error(Plain(
                "ai_busy",
                "score_moves is already running (it was called from its clock)",
            ))
        })?;
        let ai = match &mut *slot {
            Some(ai) => ai,
            None => slot.insert(Ai::try_new(ANALYSIS_TABLE_MB).map_err(js_error)?),
        };
        ai.clear();
        Ok::<_, JsValue>(ai.score_moves(position.board, rules, &limits))
    })?;
    Ok(scores
        .into_iter()
        .map(|m| {
            let obj = Object::new();
            set(&obj, "square", m.square.to_string());
            set(&obj, "score", f64::from(m.score));
            set(&obj, "exact", m.exact);
            set(&obj, "depth", m.depth);
            JsValue::from(obj)
        })
        .collect())
}
