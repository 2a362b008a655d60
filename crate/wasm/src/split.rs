//! The top level's search split over the page's workers ([`reversi::Split`]): the plan
//! ([`SplitPlan`], `SplitPlan` in JavaScript) lives on the page and hands out tasks, each
//! worker runs them on its own AI ([`run_split_task`]), and both travel as short texts
//! (`move d3 12 -300 -299`; see the engine's `split_text`).

use reversi::{Limits, Split, SplitOutcome, SplitTask};
use wasm_bindgen::prelude::*;

use crate::args::{integer_arg, level_arg, position_arg, rules_arg, string_arg};
use crate::errors::js_error;
use crate::{now, with_ai};

/// The plan of a split search of one move.
#[wasm_bindgen]
pub struct SplitPlan {
    plan: Split,
    time_ms: f64,
}

#[wasm_bindgen]
impl SplitPlan {
    /// The plan of `level`'s move for the side to move (`side`) on `board`, or `undefined`
    /// when the engine splits nothing there (a level below the top one, a position the level
    /// solves exactly, a single move). With `max_depth` (an integer in 1..60), the search
    /// stops after that iteration (to time a fixed depth).
    pub fn create(
        #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] max_depth: JsValue,
    ) -> Result<Option<SplitPlan>, JsValue> {
        let position = position_arg(&board, &side)?;
        let level = level_arg(&level)?;
        let max_depth = if max_depth.is_undefined() || max_depth.is_null() {
            None
        } else {
            Some(integer_arg(&max_depth, "max_depth", 1.0, 60.0)? as u32)
        };
        Ok(Split::new(position.board, level).map(|plan| SplitPlan {
            plan: match max_depth {
                Some(d) => plan.with_max_depth(d),
                None => plan,
            },
            time_ms: level.spec().time_ms,
        }))
    }

    /// The next task for the idle worker `worker` (an integer in 0..64, the page's numbering
    /// of its workers), or `undefined` (none for it now, or the search is over). A worker gets
    /// the moves it searched before first, so every idle worker should be asked.
    pub fn next_task(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] worker: JsValue,
    ) -> Result<Option<String>, JsValue> {
        let worker = integer_arg(&worker, "worker", 0.0, 63.0)? as usize;
        Ok(self.plan.next_task(worker).map(|t| t.to_string()))
    }

    /// Takes a worker's `outcome` of `task` (texts); a malformed one throws `bad_split_text`.
    pub fn report(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] task: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] outcome: JsValue,
    ) -> Result<(), JsValue> {
        let task: SplitTask = string_arg(&task, "task")?.parse().map_err(js_error)?;
        let outcome: SplitOutcome = string_arg(&outcome, "outcome")?.parse().map_err(js_error)?;
        self.plan.report(task, outcome);
        Ok(())
    }

    /// True when the search is over.
    pub fn finished(&self) -> bool {
        self.plan.finished()
    }

    /// The best move so far (`d3`), or `undefined` before there is one.
    pub fn best(&self) -> Option<String> {
        self.plan.result().map(|r| r.best.to_string())
    }

    /// The deepest completed iteration.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.plan.result().map_or(0, |r| r.depth)
    }

    /// The level's time cap in milliseconds: the whole search's (each task gets what is left).
    #[wasm_bindgen(getter, js_name = timeMs)]
    pub fn time_ms(&self) -> f64 {
        self.time_ms
    }
}

/// Runs a task of a [`SplitPlan`] (its text) on this worker's AI (the one `ai_move` uses, with
/// its tables) for the position (`board`, `side`, `rules`) of the plan of `level` (an integer
/// in 1..max_level), within `time_ms` milliseconds (an integer in 1..600000) and the level's
/// node budget; returns the outcome's text. A task's move that cannot be played there throws
/// the engine's error (`illegal_move`, `game_over`).
#[wasm_bindgen]
pub fn run_split_task(
    #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] task: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] time_ms: JsValue,
) -> Result<String, JsValue> {
    let position = position_arg(&board, &side)?;
    let rules = rules_arg(&rules)?;
    let level = level_arg(&level)?;
    let task: SplitTask = string_arg(&task, "task")?.parse().map_err(js_error)?;
    let time_ms = integer_arg(&time_ms, "time_ms", 1.0, 600_000.0)?;
    let limits = Limits {
        max_nodes: Some(level.spec().nodes),
        max_time_ms: Some(time_ms),
        max_depth: None,
        clock: Some(now),
    };
    let (outcome, _) = with_ai("run_split_task", |ai| {
        ai.run_split_task(position, rules, task, &limits)
    })?
    .map_err(js_error)?;
    Ok(outcome.to_string())
}
