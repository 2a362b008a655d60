//! The analysis API of the binding (score_moves, flips, opening names, the legal prefix of a
//! transcript), run as wasm under Node.js and in Chromium like `api.rs`.

use js_sys::{Array, RangeError, Reflect, TypeError};
use reversi_wasm::{new_game, score_moves, GameHandle};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("a plain object")
}

fn strings(value: JsValue) -> Vec<String> {
    Array::from(&value)
        .iter()
        .map(|v| v.as_string().expect("a string"))
        .collect()
}

fn standard() -> GameHandle {
    new_game(
        "classic".into(),
        "standard".into(),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    )
    .expect("a new game")
}

fn scores(g: &GameHandle, depth: u32, ms: u32) -> Result<Array, JsValue> {
    score_moves(
        g.board().into(),
        g.side().into(),
        g.rules().into(),
        depth.into(),
        ms.into(),
    )
}

#[wasm_bindgen_test]
fn score_moves_scores_every_legal_move_best_first() {
    let mut g = standard();
    g.play_transcript("f5d6c3".into()).unwrap();
    let list = scores(&g, 3, 60_000).unwrap();
    let mut squares: Vec<String> = list
        .iter()
        .map(|m| get(&m, "square").as_string().unwrap())
        .collect();
    let values: Vec<f64> = list
        .iter()
        .map(|m| get(&m, "score").as_f64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first");
    for m in list.iter() {
        assert_eq!(get(&m, "depth").as_f64(), Some(3.0));
        assert_eq!(get(&m, "exact"), false);
    }
    squares.sort();
    let mut legal = strings(g.legal_moves().into());
    legal.sort();
    assert_eq!(squares, legal);
    // Cleared tables each call: the same scores again.
    let again = scores(&g, 3, 60_000).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&again).unwrap(),
        js_sys::JSON::stringify(&list).unwrap()
    );
}

#[wasm_bindgen_test]
fn score_moves_finds_the_winning_move() {
    // The wipe-out game but its last move: Black's b2 takes every white disc.
    let mut g = standard();
    g.play_transcript("f5f4f3f6f7e3d3c3".into()).unwrap();
    let list = scores(&g, 2, 60_000).unwrap();
    let best = list.get(0);
    assert_eq!(get(&best, "square"), "b2");
    assert!(get(&best, "score").as_f64().unwrap() > 0.0);
}

#[wasm_bindgen_test]
fn score_moves_solves_a_small_endgame() {
    // A game's first 50 moves: 10 empties left, few enough to solve at once.
    let mut g = standard();
    g.play_transcript("f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7c5b4e8d8b5e3c8b8c6a5d2b6c7b3f2c2a6d1a4e2g3f1g2a3a2g8c1e1b2".into())
        .unwrap();
    let empties = g.board().matches('-').count();
    assert!(empties <= 12, "{empties} empties");
    let list = scores(&g, 1, 60_000).unwrap();
    assert!(list.length() > 0);
    for m in list.iter() {
        assert_eq!(get(&m, "exact"), true);
        assert_eq!(get(&m, "depth").as_f64(), Some(empties as f64));
    }
}

#[wasm_bindgen_test]
fn score_moves_refuses_bad_arguments() {
    let g = standard();
    let e = scores(&g, 0, 1000).unwrap_err();
    assert!(e.is_instance_of::<RangeError>());
    let e = scores(&g, 3, 600_001).unwrap_err();
    assert!(e.is_instance_of::<RangeError>());
    let e = score_moves(
        g.board().into(),
        "X".into(),
        "classic".into(),
        "3".into(),
        1000.into(),
    )
    .unwrap_err();
    assert!(e.is_instance_of::<TypeError>());
    let e = score_moves(
        "XO".into(),
        "X".into(),
        "classic".into(),
        3.into(),
        1000.into(),
    )
    .unwrap_err();
    assert_eq!(get(&e, "code"), "board_length");
}

#[wasm_bindgen_test]
fn flips_are_the_engines() {
    let g = standard();
    assert_eq!(strings(g.flips("f5".into()).unwrap().into()), ["e5"]);
    assert!(strings(g.flips("a1".into()).unwrap().into()).is_empty());
    let e = g.flips("z9".into()).unwrap_err();
    assert_eq!(get(&e, "code"), "bad_square");
    let flips = get(&g.state(), "flips");
    assert_eq!(strings(get(&flips, "d3")), ["d4"]);
}

#[wasm_bindgen_test]
fn opening_names_follow_the_moves() {
    let mut g = standard();
    assert_eq!(g.opening_name(), None);
    g.play_transcript("f5d6c3d3c4".into()).unwrap();
    assert_eq!(g.opening_name().as_deref(), Some("Tiger"));
    assert_eq!(get(&g.state(), "opening"), "Tiger");
}

#[wasm_bindgen_test]
fn a_legal_prefix_is_played_and_the_error_returned() {
    let mut g = standard();
    let e = g
        .play_legal_prefix("f5d6a1".into())
        .unwrap()
        .expect("an error");
    let e: JsValue = e.unchecked_into();
    assert_eq!(get(&e, "code"), "bad_transcript");
    assert_eq!(get(&get(&e, "params"), "moveNumber").as_f64(), Some(3.0));
    assert_eq!(g.transcript(), "f5d6");
    assert!(g.play_legal_prefix("c3".into()).unwrap().is_none());
    assert_eq!(g.transcript(), "f5d6c3");
}
