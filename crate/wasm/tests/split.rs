//! The split search of the binding (SplitPlan, run_split_task), run as wasm under Node.js and
//! in Chromium like `api.rs`: a plan run to its depth on this thread gives a legal move, and
//! malformed texts are refused with a code, the plan unchanged.

use js_sys::Reflect;
use reversi_wasm::{max_level, run_split_task, SplitPlan};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The standard start (cells a1..h8): White d4 e5, Black d5 e4.
fn start() -> String {
    format!("{}OX{}XO{}", "-".repeat(27), "-".repeat(6), "-".repeat(27))
}

fn code(e: &JsValue) -> String {
    Reflect::get(e, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_default()
}

fn run(plan: &mut SplitPlan, mangle: bool) -> Option<String> {
    for _ in 0..200 {
        if plan.finished() {
            break;
        }
        let task = plan.next_task(0.into()).expect("a worker number")?;
        let outcome = run_split_task(
            start().into(),
            "X".into(),
            "classic".into(),
            max_level().into(),
            task.clone().into(),
            60_000.into(),
        )
        .expect("a task of the plan runs");
        if mangle {
            let e = plan
                .report(task.clone().into(), format!("{outcome} ??").into())
                .expect_err("a mangled outcome is refused");
            assert_eq!(code(&e), "bad_split_text");
        }
        plan.report(task.into(), outcome.into())
            .expect("the worker's outcome is taken");
    }
    plan.best()
}

#[wasm_bindgen_test]
fn a_plan_runs_to_its_depth_with_a_legal_move() {
    let plan = |depth: u32| {
        SplitPlan::create(start().into(), "X".into(), max_level().into(), depth.into())
            .expect("valid arguments")
            .expect("a midgame position of the top level")
    };
    let mut a = plan(6);
    let best = run(&mut a, false).expect("a move");
    assert!(["d3", "c4", "f5", "e6"].contains(&best.as_str()), "{best}");
    assert_eq!(a.depth(), 6);
    // Mangled outcomes change nothing: the search goes on to its depth. (Not necessarily
    // to the same move: the worker's tables are warm now.)
    let mut b = plan(6);
    let again = run(&mut b, true).expect("a move");
    assert!(
        ["d3", "c4", "f5", "e6"].contains(&again.as_str()),
        "{again}"
    );
    assert_eq!(b.depth(), 6);
}

#[wasm_bindgen_test]
fn no_plan_below_the_top_level_and_bad_arguments_are_refused() {
    let none = SplitPlan::create(start().into(), "X".into(), 1.into(), JsValue::UNDEFINED)
        .expect("valid arguments");
    assert!(none.is_none());
    let nine = SplitPlan::create(start().into(), "X".into(), 9.into(), JsValue::UNDEFINED)
        .expect("valid arguments");
    assert!(nine.is_none());
    let e = SplitPlan::create("XO".into(), "X".into(), max_level().into(), JsValue::NULL)
        .err()
        .expect("a short board is refused");
    assert_eq!(code(&e), "board_length");
    for task in ["", "move z9 3 0 1", "deepen 99"] {
        let e = run_split_task(
            start().into(),
            "X".into(),
            "classic".into(),
            max_level().into(),
            task.into(),
            100.into(),
        )
        .expect_err("a bad task is refused");
        assert_eq!(code(&e), "bad_split_text", "{task}");
    }
    // A well-formed task of a move that is not legal here.
    let e = run_split_task(
        start().into(),
        "X".into(),
        "classic".into(),
        max_level().into(),
        "move a1 3 0 1".into(),
        100.into(),
    )
    .expect_err("an illegal move is refused");
    assert_eq!(code(&e), "illegal_move");
}
