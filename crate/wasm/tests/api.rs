//! The JavaScript API of the binding, run as wasm under Node.js (`wasm-pack test --node`) and in
//! Chromium (`wasm-pack test --headless --chrome` with `WASM_BINDGEN_USE_BROWSER=1`).
//!
//! Expected values come from the rules (docs/rules.md examples) or were worked out by hand.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Error, RangeError, Reflect, TypeError};
use reversi_wasm::{
    ai_move, default_level, max_level, min_level, new_game, prepare_ai, GameHandle,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// A game with a forced pass: after White's c1 (move 8) Black has no legal move.
const PASS_GAME: &str = "d3c3e6d2d1e1b3c1";
/// A game over after 9 moves: White has no disc left (13 black discs, 0 white).
const WIPEOUT: &str = "f5f4f3f6f7e3d3c3b2";

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("a plain object")
}

fn strings(value: JsValue) -> Vec<String> {
    Array::from(&value)
        .iter()
        .map(|v| v.as_string().expect("a string"))
        .collect()
}

#[wasm_bindgen(inline_js = r#"
// A value whose every property access, call or other operation throws: if the binding ever
// ran code of an argument's, its error would show instead of the binding's TypeError.
const untouchable = new Proxy({}, new Proxy({}, {
  get: () => () => { throw new Error('the binding touched an argument'); },
}));
const NOT_STRINGS = () => [
  5, 0, -1.5, NaN, Infinity, true, false, {}, [], ['d3'], null, undefined, Symbol('d3'), 5n,
  new String('d3'), { length: 2 ** 30 }, { length: 2 ** 30, charCodeAt: () => 65 },
  () => 'd3', untouchable,
];
const NOT_NUMBERS = () => [
  '3', '', '1.5', true, false, {}, [], [3], null, undefined, Symbol('3'), 3n, new Number(3),
  { valueOf: () => 3 }, () => 3, untouchable,
];
export function not_strings() { return NOT_STRINGS(); }
export function not_numbers() { return NOT_NUMBERS(); }
export function call(obj, name, args) { return obj[name](...args); }
export function is_trap(e) { return e instanceof WebAssembly.RuntimeError; }
export function memory_bytes(memory) { return memory.buffer.byteLength; }
export function long_string(length) { return 'd'.repeat(length); }
export function set_clock(now) {
  if (now) globalThis.performance.now = now;
  else delete globalThis.performance.now;
}
"#)]
extern "C" {
    /// Values of every type but string (some traps for a binding that would touch them).
    fn not_strings() -> Array;
    /// Values of every type but number.
    fn not_numbers() -> Array;
    /// `obj[name](...args)`: a method through wasm-bindgen's JavaScript glue.
    #[wasm_bindgen(catch)]
    fn call(obj: &JsValue, name: &str, args: Array) -> Result<JsValue, JsValue>;
    fn is_trap(e: &JsValue) -> bool;
    fn memory_bytes(memory: &JsValue) -> f64;
    fn long_string(length: u32) -> JsValue;
    /// Replaces `performance.now` (`None` restores the host's).
    fn set_clock(now: Option<&js_sys::Function>);
}

/// The size of this module's wasm memory in bytes.
fn memory() -> f64 {
    memory_bytes(&wasm_bindgen::memory())
}

/// Asserts that the wasm memory is still about `bytes` long: an argument copied in would
/// have grown it by 64 MiB or more.
fn assert_memory_kept(bytes: f64) {
    let grown = memory() - bytes;
    assert!(
        grown <= 1024.0 * 1024.0,
        "the wasm memory grew by {grown} bytes"
    );
}

/// A `Game` as JavaScript sees it, whose methods go through the generated glue.
fn js_game() -> JsValue {
    JsValue::from(standard())
}

fn js_snapshot(g: &JsValue) -> String {
    let state = call(g, "state", Array::new()).expect("a live game");
    js_sys::JSON::stringify(&state).unwrap().into()
}

/// A test value's name for a failure message: its index and type (`{:?}` would run the
/// value's code, which the untouchable value refuses).
fn label(value: &JsValue, i: usize) -> String {
    format!("value #{i} ({:?})", value.js_typeof().as_string())
}

fn args(values: &[&JsValue]) -> Array {
    values.iter().copied().collect()
}

fn message(e: JsValue) -> String {
    assert!(e.is_instance_of::<Error>(), "not an Error: {e:?}");
    assert!(!is_trap(&e), "a wasm trap: {e:?}");
    String::from(e.unchecked_into::<Error>().message())
}

/// The `code` of an error, or `undefined` (as a string) when it has none.
fn code_of(e: &JsValue) -> String {
    get(e, "code")
        .as_string()
        .unwrap_or_else(|| "undefined".into())
}

/// The `code` and the `params` (as JSON) of an engine error, after checking it is an `Error`
/// with a message.
fn coded(e: JsValue) -> (String, String) {
    let code = code_of(&e);
    let params = get(&e, "params");
    assert!(params.is_object(), "{code}: params {params:?}");
    let params = String::from(js_sys::JSON::stringify(&params).unwrap());
    assert!(!message(e).is_empty(), "{code}: no message");
    (code, params)
}

/// `new_game` with Rust strings: `board` and `side` `None` are `undefined`.
fn game(
    rules: &str,
    start: &str,
    board: Option<&str>,
    side: Option<&str>,
) -> Result<GameHandle, JsValue> {
    let optional = |s: Option<&str>| s.map_or(JsValue::UNDEFINED, JsValue::from);
    new_game(rules.into(), start.into(), optional(board), optional(side))
}

/// `ai_move` with Rust values.
fn ai(
    board: &str,
    side: &str,
    rules: &str,
    level: u32,
    seed: f64,
) -> Result<Option<String>, JsValue> {
    ai_move(
        board.into(),
        side.into(),
        rules.into(),
        level.into(),
        seed.into(),
    )
}

fn standard() -> GameHandle {
    game("classic", "standard", None, None).expect("a new game")
}

/// Everything observable about a game, to check that an error changed nothing.
fn snapshot(g: &GameHandle) -> String {
    js_sys::JSON::stringify(&g.state()).unwrap().into()
}

#[wasm_bindgen_test]
fn standard_start_has_the_four_first_moves() {
    let g = standard();
    assert_eq!(strings(g.legal_moves().into()), ["d3", "c4", "f5", "e6"]);
    let s = g.state();
    assert_eq!(get(&s, "toMove"), "black");
    assert_eq!(get(&s, "side"), "X");
    assert_eq!(get(&s, "black").as_f64(), Some(2.0));
    assert_eq!(get(&s, "white").as_f64(), Some(2.0));
    assert_eq!(get(&s, "lastMove"), JsValue::NULL);
    assert_eq!(get(&s, "over"), false);
    assert_eq!(get(&s, "canUndo"), false);
    assert_eq!(
        g.board(),
        "---------------------------OX------XO---------------------------"
    );
}

#[wasm_bindgen_test]
fn black_f5_flips_e5() {
    let mut g = standard();
    g.play("f5".into()).unwrap();
    let s = g.state();
    assert_eq!(get(&s, "black").as_f64(), Some(4.0));
    assert_eq!(get(&s, "white").as_f64(), Some(1.0));
    assert_eq!(get(&s, "toMove"), "white");
    let last = get(&s, "lastMove");
    assert_eq!(get(&last, "player"), "black");
    assert_eq!(get(&last, "square"), "f5");
    assert_eq!(strings(get(&last, "flips")), ["e5"]);
    assert_eq!(get(&s, "transcript"), "f5");
    assert_eq!(get(&s, "canUndo"), true);
}

#[wasm_bindgen_test]
fn upper_case_squares_are_accepted() {
    let mut g = standard();
    g.play("F5".into()).unwrap();
    assert_eq!(g.transcript(), "f5");
}

#[wasm_bindgen_test]
fn illegal_move_is_an_error_and_changes_nothing() {
    // From the start, Black on f4 is illegal (rules example 2).
    let mut g = standard();
    let before = snapshot(&g);
    let e = g.play("f4".into()).unwrap_err();
    assert_eq!(message(e), "f4 is not a legal move for Black");
    assert_eq!(snapshot(&g), before);
    g.play("f5".into()).unwrap();
    let before = snapshot(&g);
    let e = g.play("c4".into()).unwrap_err();
    assert_eq!(message(e), "c4 is not a legal move for White");
    assert_eq!(snapshot(&g), before);
    // An occupied square.
    let e = g.play("d4".into()).unwrap_err();
    assert!(message(e).contains("d4"));
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn malformed_squares_are_errors_and_change_nothing() {
    let mut g = standard();
    let before = snapshot(&g);
    for bad in ["z9", "", "d33", "i1", "a0", "33", "é1"] {
        let e = g.play(bad.into()).unwrap_err();
        assert!(message(e).contains("is not a square"), "{bad}");
        assert_eq!(snapshot(&g), before, "{bad}");
    }
}

#[wasm_bindgen_test]
fn bad_transcript_is_an_error_and_changes_nothing() {
    let mut g = standard();
    g.play("f5".into()).unwrap();
    let before = snapshot(&g);
    let e = g.play_transcript("d6c3zz".into()).unwrap_err();
    assert!(message(e).contains("move 3 'zz'"));
    assert_eq!(snapshot(&g), before);
    let e = g.play_transcript("d6c3c3".into()).unwrap_err();
    assert!(message(e).contains("move 3 'c3'"));
    assert_eq!(snapshot(&g), before);
    g.play_transcript("d6c3".into()).unwrap();
    assert_eq!(g.transcript(), "f5d6c3");
}

#[wasm_bindgen_test]
fn bad_game_settings_are_errors() {
    let e = game("chess", "standard", None, None).err().unwrap();
    assert!(message(e).contains("unknown game 'chess'"));
    let e = game("classic", "sideways", None, None).err().unwrap();
    assert!(message(e).contains("unknown start position 'sideways'"));
}

#[wasm_bindgen_test]
fn malformed_boards_and_sides_are_errors() {
    let short = "XO--";
    let e = game("classic", "standard", Some(short), Some("X"))
        .err()
        .unwrap();
    assert_eq!(message(e), "a board has 64 cells, this one has 4");
    let bad_char = format!("Q{}", "-".repeat(63));
    let e = game("classic", "standard", Some(&bad_char), Some("X"))
        .err()
        .unwrap();
    assert!(message(e).contains("cell 1 (a1) is 'Q'"));
    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let e = game("classic", "standard", Some(&board), Some("Z"))
        .err()
        .unwrap();
    assert!(message(e).contains("the side to move 'Z'"));
    let e = game("classic", "standard", Some(&board), None)
        .err()
        .unwrap();
    assert!(message(e).contains("side to move"));
    // The same board with a good side is the standard start.
    let g = game("inverse", "standard", Some(&board), Some("O")).unwrap();
    assert_eq!(g.to_move().as_deref(), Some("white"));
    assert_eq!(g.rules(), "inverse");
    assert_eq!(strings(g.legal_moves().into()), ["e3", "f4", "c5", "d6"]);
}

#[wasm_bindgen_test]
fn alternative_start() {
    let g = game("classic", "alternative", None, None).unwrap();
    // White d4 e4, Black d5 e5.
    let b = g.board();
    assert_eq!(&b[24..40], "---OO------XX---");
}

#[wasm_bindgen_test]
fn forced_pass_is_reported_until_the_next_move() {
    let mut g = standard();
    for i in 0..PASS_GAME.len() / 2 {
        assert_eq!(get(&g.state(), "lastPass"), JsValue::NULL);
        g.play(PASS_GAME[2 * i..2 * i + 2].into()).unwrap();
    }
    let s = g.state();
    assert_eq!(get(&s, "lastPass"), "black");
    assert_eq!(strings(get(&s, "passes")), ["black"]);
    assert_eq!(get(&s, "toMove"), "white");
    assert_eq!(get(&s, "over"), false);
    assert_eq!(strings(get(&s, "legal")), ["b4", "d6"]);
    let events = Array::from(&get(&s, "events"));
    assert_eq!(events.length(), 9);
    let pass = events.get(8);
    assert_eq!(get(&pass, "type"), "pass");
    assert_eq!(get(&pass, "player"), "black");
    let c1 = events.get(7);
    assert_eq!(get(&c1, "type"), "move");
    assert_eq!(get(&c1, "player"), "white");
    assert_eq!(get(&c1, "square"), "c1");
    g.play("d6".into()).unwrap();
    let s = g.state();
    assert_eq!(get(&s, "lastPass"), JsValue::NULL);
    assert_eq!(strings(get(&s, "passes")), ["black"]);
    assert_eq!(get(&s, "toMove"), "black");
}

#[wasm_bindgen_test]
fn game_over_and_winner_under_both_rules() {
    for (rules, winner) in [("classic", "black"), ("inverse", "white")] {
        let mut g = game(rules, "standard", None, None).unwrap();
        g.play("f5".into()).unwrap();
        // Black leads 4-1, but nobody has won yet.
        assert_eq!(get(&g.outcome().into(), "winner"), JsValue::NULL);
        assert_eq!(get(&g.state(), "winner"), JsValue::NULL);
        g.undo();
        g.play_transcript(WIPEOUT.into()).unwrap();
        let s = g.state();
        assert_eq!(get(&s, "over"), true);
        assert_eq!(get(&s, "toMove"), JsValue::NULL);
        assert_eq!(g.to_move(), None);
        assert_eq!(get(&s, "black").as_f64(), Some(13.0));
        assert_eq!(get(&s, "white").as_f64(), Some(0.0));
        assert_eq!(get(&s, "winner"), winner);
        assert_eq!(get(&g.outcome().into(), "winner"), winner);
        assert!(strings(get(&s, "legal")).is_empty());
        let before = snapshot(&g);
        let e = g.play("a1".into()).unwrap_err();
        assert_eq!(message(e), "the game is over");
        assert_eq!(snapshot(&g), before);
        assert_eq!(ai(&g.board(), &g.side(), rules, 1, 0.0).unwrap(), None);
    }
}

#[wasm_bindgen_test]
fn undo_and_redo_single_moves_and_whole_turns() {
    let mut g = standard();
    g.play_transcript("f5d6c3".into()).unwrap();
    assert!(g.undo());
    assert_eq!(g.transcript(), "f5d6");
    assert!(g.can_redo());
    assert_eq!(g.full_transcript(), "f5d6c3");
    assert!(g.redo());
    assert_eq!(g.transcript(), "f5d6c3");
    assert!(!g.redo());
    // White is to move: Black (the human) takes back its c3 and it is Black's turn again.
    assert!(g.undo_turn("black".into()).unwrap());
    assert_eq!(g.transcript(), "f5d6");
    assert_eq!(g.to_move().as_deref(), Some("black"));
    assert!(g.undo_turn("black".into()).unwrap());
    assert_eq!(g.transcript(), "");
    assert!(!g.undo_turn("black".into()).unwrap());
    assert!(!g.can_undo());
    // White has no move of its own to take back after f5: nothing changes.
    g.play("f5".into()).unwrap();
    let before = snapshot(&g);
    assert!(!g.undo_turn("white".into()).unwrap());
    assert_eq!(snapshot(&g), before);
    g.undo();
    assert!(g.redo_turn("black".into()).unwrap());
    assert_eq!(g.transcript(), "f5d6");
    assert!(g.redo_turn("X".into()).unwrap());
    assert_eq!(g.transcript(), "f5d6c3");
    let before = snapshot(&g);
    let e = g.undo_turn("purple".into()).unwrap_err();
    assert!(message(e).contains("'purple'"));
    assert!(g.redo_turn("".into()).is_err());
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn a_new_move_after_undo_drops_the_redo_line() {
    let mut g = standard();
    g.play_transcript("f5d6".into()).unwrap();
    g.undo();
    g.play("f6".into()).unwrap();
    assert_eq!(g.full_transcript(), "f5f6");
    assert!(!g.can_redo());
}

#[wasm_bindgen_test]
fn levels() {
    assert_eq!(min_level(), 1);
    assert!(max_level() >= default_level());
    assert!(default_level() >= min_level());
}

#[wasm_bindgen_test]
fn ai_plays_a_legal_move_at_every_level() {
    let g = standard();
    let legal = strings(g.legal_moves().into());
    for level in min_level()..=max_level().min(4) {
        let mv = ai(&g.board(), "X", "classic", level, level as f64)
            .unwrap()
            .expect("a move");
        assert!(legal.contains(&mv), "{mv} at level {level}");
    }
}

#[wasm_bindgen_test]
fn ai_passes_when_it_has_no_move() {
    // Black to move in the position where Black had to pass (see PASS_GAME).
    let mut g = standard();
    g.play_transcript(PASS_GAME.into()).unwrap();
    assert_eq!(ai(&g.board(), "X", "classic", 1, 0.0).unwrap(), None);
    // White, to move there, has exactly b4 and d6.
    let white = ai(&g.board(), "O", "inverse", 1, 0.0).unwrap().unwrap();
    assert!(["b4", "d6"].contains(&white.as_str()), "{white}");
}

#[wasm_bindgen_test]
fn ai_bad_input_is_an_error() {
    let g = standard();
    let board = g.board();
    let e = ai(&board, "X", "classic", 0, 0.0).unwrap_err();
    assert!(message(e).contains("level 0 is out of range"));
    let e = ai(&board, "X", "classic", max_level() + 1, 0.0).unwrap_err();
    assert!(message(e).contains("out of range"));
    let e = ai(&board, "Y", "classic", 1, 0.0).unwrap_err();
    assert!(message(e).contains("'Y'"));
    let e = ai("XO", "X", "classic", 1, 0.0).unwrap_err();
    assert!(message(e).contains("64 cells"));
    let e = ai(&board, "X", "draughts", 1, 0.0).unwrap_err();
    assert!(message(e).contains("unknown game"));
}

/// Asserts that `e` is a `TypeError` (not a trap) whose message names `name`.
fn assert_type_error(e: JsValue, name: &str, what: &str) {
    assert!(
        e.is_instance_of::<TypeError>(),
        "{what}: not a TypeError: {e:?}"
    );
    let m = message(e);
    assert!(m.starts_with(&format!("{name} must be a ")), "{what}: {m}");
}

fn assert_range_error(e: JsValue, what: &str) -> String {
    assert!(
        e.is_instance_of::<RangeError>(),
        "{what}: not a RangeError: {e:?}"
    );
    message(e)
}

#[wasm_bindgen_test]
fn game_methods_refuse_non_strings_and_change_nothing() {
    let g = js_game();
    call(&g, "play_transcript", args(&[&"f5d6".into()])).unwrap();
    let before = js_snapshot(&g);
    let bytes = memory();
    for method in ["play", "play_transcript", "undo_turn", "redo_turn"] {
        let name = if method == "play" {
            "square"
        } else if method == "play_transcript" {
            "transcript"
        } else {
            "color"
        };
        for (i, bad) in not_strings().iter().enumerate() {
            let what = format!("{method}({})", label(&bad, i));
            let e = call(&g, method, args(&[&bad])).unwrap_err();
            assert_type_error(e, name, &what);
            assert_eq!(js_snapshot(&g), before, "{what}");
        }
        // No argument at all.
        let e = call(&g, method, Array::new()).unwrap_err();
        assert_type_error(e, name, method);
    }
    assert_memory_kept(bytes);
    call(&g, "play", args(&[&"c3".into()])).unwrap();
    assert!(js_snapshot(&g).contains("f5d6c3"));
}

#[wasm_bindgen_test]
fn new_game_refuses_non_strings() {
    let bytes = memory();
    let board = standard().board();
    for (i, bad) in not_strings().iter().enumerate() {
        let what = label(&bad, i);
        let e = new_game(
            bad.clone(),
            "standard".into(),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap();
        assert_type_error(e, "rules", &what);
        let e = new_game(
            "classic".into(),
            bad.clone(),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap();
        assert_type_error(e, "start", &what);
        // undefined and null leave out the board and the side.
        if bad.is_undefined() || bad.is_null() {
            continue;
        }
        let e = new_game("classic".into(), "standard".into(), bad.clone(), "X".into())
            .err()
            .unwrap();
        assert_type_error(e, "board", &what);
        let e = new_game(
            "classic".into(),
            "standard".into(),
            board.as_str().into(),
            bad,
        )
        .err()
        .unwrap();
        assert_type_error(e, "side", &what);
    }
    assert_memory_kept(bytes);
}

#[wasm_bindgen_test]
fn ai_move_refuses_wrong_types() {
    let bytes = memory();
    let board = JsValue::from(standard().board());
    let ok = [board, "X".into(), "classic".into(), 1.into(), 0.into()];
    let names = ["board", "side", "rules", "level", "seed"];
    for (i, name) in names.into_iter().enumerate() {
        let bad_values = if i < 3 { not_strings() } else { not_numbers() };
        for (j, bad) in bad_values.iter().enumerate() {
            let mut a = ok.clone();
            a[i] = bad.clone();
            let [b, s, r, l, n] = a;
            let e = ai_move(b, s, r, l, n).unwrap_err();
            assert_type_error(e, name, &label(&bad, j));
        }
    }
    assert_memory_kept(bytes);
}

#[wasm_bindgen_test]
fn over_long_strings_are_range_errors_and_not_copied() {
    // 64 MiB of characters: copying them would grow the wasm memory.
    let huge = long_string(1 << 26);
    let g = js_game();
    let before = js_snapshot(&g);
    let bytes = memory();
    for method in ["play", "play_transcript", "undo_turn", "redo_turn"] {
        let e = call(&g, method, args(&[&huge])).unwrap_err();
        assert_eq!(code_of(&e), "too_long", "{method}");
        let (_, params) = coded(e.clone());
        assert!(
            params.contains(r#""length":67108864,"max":4096"#),
            "{method}: {params}"
        );
        let m = assert_range_error(e, method);
        assert!(m.contains("is too long: 67108864 characters"), "{m}");
    }
    assert_eq!(js_snapshot(&g), before);
    let e = new_game(
        huge.clone(),
        "standard".into(),
        JsValue::NULL,
        JsValue::NULL,
    )
    .err()
    .unwrap();
    assert!(assert_range_error(e, "rules").starts_with("rules is too long"));
    let e = ai_move(huge, "X".into(), "classic".into(), 1.into(), 0.into()).unwrap_err();
    assert!(assert_range_error(e, "board").starts_with("board is too long"));
    assert_memory_kept(bytes);
    // The longest accepted string reaches the engine, which names it.
    let longest = long_string(reversi_wasm::MAX_STRING_LENGTH);
    let e = call(&g, "play", args(&[&longest])).unwrap_err();
    assert!(message(e).contains("is not a square"));
    let e = ai_move(longest, "X".into(), "classic".into(), 1.into(), 0.into()).unwrap_err();
    assert_eq!(message(e), "a board has 64 cells, this one has 4096");
}

#[wasm_bindgen_test]
fn levels_must_be_integers_in_range() {
    let board = standard().board();
    let level = |l: JsValue| {
        ai_move(
            board.as_str().into(),
            "X".into(),
            "classic".into(),
            l,
            7.into(),
        )
    };
    let max = f64::from(max_level());
    for bad in [
        0.0,
        -1.0,
        max + 1.0,
        4_294_967_297.0,
        256.0 + 1.0,
        1e300,
        -0.0,
    ] {
        let m = assert_range_error(level(bad.into()).unwrap_err(), &format!("{bad}"));
        assert!(m.contains("is out of range 1.."), "{m}");
    }
    for bad in [
        1.9,
        0.5,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        max - 0.5,
    ] {
        let m = assert_range_error(level(bad.into()).unwrap_err(), &format!("{bad}"));
        assert!(m.starts_with("level must be an integer, not "), "{m}");
    }
    let e = level("3".into()).unwrap_err();
    assert_type_error(e, "level", "\"3\"");
    // Both ends are accepted (the top level where Black has no move: no search).
    assert!(level(1.into()).unwrap().is_some());
    let mut g = standard();
    g.play_transcript(PASS_GAME.into()).unwrap();
    let top = ai_move(
        g.board().into(),
        "X".into(),
        "classic".into(),
        max.into(),
        0.into(),
    );
    assert_eq!(top.unwrap(), None);
}

/// `prepare_ai` makes the AI's tables, so the move after it allocates nothing (the first
/// move would grow the memory by the tables' 48 MB); a second call keeps them.
#[wasm_bindgen_test]
fn prepare_ai_makes_the_tables_before_the_first_move() {
    prepare_ai().expect("the tables");
    let prepared = memory();
    prepare_ai().expect("the same tables");
    assert_memory_kept(prepared);
    let board = standard().board();
    let mv = ai(&board, "X", "classic", 3, 0.0).unwrap().expect("a move");
    assert!(["d3", "c4", "f5", "e6"].contains(&mv.as_str()), "{mv}");
    assert_memory_kept(prepared);
}

#[wasm_bindgen_test]
fn seeds_must_be_safe_non_negative_integers() {
    let board = standard().board();
    let seed = |s: JsValue| {
        ai_move(
            board.as_str().into(),
            "X".into(),
            "classic".into(),
            1.into(),
            s,
        )
    };
    for bad in [-1.0, 9_007_199_254_740_992.0, 1e300, -1e300] {
        let m = assert_range_error(seed(bad.into()).unwrap_err(), &format!("{bad}"));
        assert!(m.contains("is out of range 0..9007199254740991"), "{m}");
    }
    for bad in [0.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let m = assert_range_error(seed(bad.into()).unwrap_err(), &format!("{bad}"));
        assert!(m.starts_with("seed must be an integer, not "), "{m}");
    }
    assert_type_error(seed(JsValue::UNDEFINED).unwrap_err(), "seed", "undefined");
    let legal = strings(standard().legal_moves().into());
    for good in [0.0, -0.0, 4_294_967_295.0, 9_007_199_254_740_991.0] {
        let mv = seed(good.into()).unwrap().expect("a move");
        assert!(legal.contains(&mv), "{mv}");
    }
}

#[wasm_bindgen_test]
fn a_side_without_a_board_is_an_error() {
    for none in [JsValue::UNDEFINED, JsValue::NULL] {
        let e = new_game("classic".into(), "standard".into(), none, "X".into())
            .err()
            .unwrap();
        assert_eq!(
            message(e),
            "a side to move needs a board: 64 cells X, O or -, a1..h8"
        );
    }
    // Neither (undefined or null) is the named start.
    let g = new_game(
        "classic".into(),
        "alternative".into(),
        JsValue::NULL,
        JsValue::NULL,
    )
    .unwrap();
    assert_eq!(&g.board()[24..40], "---OO------XX---");
}

#[wasm_bindgen_test]
fn freed_games_throw_errors_not_traps() {
    let g = js_game();
    call(&g, "free", Array::new()).unwrap();
    // wasm-bindgen's glue zeroes the pointer; its Rust side refuses a null one with an Error.
    let e = call(&g, "free", Array::new()).unwrap_err();
    assert!(!message(e).is_empty());
    for (method, a) in [
        ("board", Array::new()),
        ("state", Array::new()),
        ("undo", Array::new()),
        ("play", args(&[&"f5".into()])),
        ("play", args(&[&5.into()])),
        ("undo_turn", args(&[&"black".into()])),
    ] {
        let e = call(&g, method, a).unwrap_err();
        assert!(!message(e).is_empty(), "{method}");
    }
    // Other games are unaffected.
    let other = js_game();
    call(&other, "play", args(&[&"f5".into()])).unwrap();
    assert!(js_snapshot(&other).contains("\"transcript\":\"f5\""));
}

#[wasm_bindgen_test]
fn ai_move_called_from_its_clock_is_an_error_and_the_ai_still_works() {
    let board = standard().board();
    let inner: Rc<RefCell<Vec<String>>> = Rc::default();
    let record = inner.clone();
    let b = board.clone();
    let clock = Closure::<dyn FnMut() -> f64>::new(move || {
        // Recorded first: a trap inside would leave it.
        record.borrow_mut().push("no answer (a trap?)".into());
        let r = match ai(&b, "X", "classic", 1, 0.0) {
            Ok(mv) => format!("returned {mv:?}"),
            Err(e) => format!("{}: {}", code_of(&e), message(e)),
        };
        *record.borrow_mut().last_mut().unwrap() = r;
        js_sys::Date::now()
    });
    set_clock(Some(clock.as_ref().unchecked_ref()));
    let outer = ai(&board, "X", "classic", 1, 0.0);
    set_clock(None);
    let legal = strings(standard().legal_moves().into());
    let mv = outer.unwrap().expect("a move");
    assert!(legal.contains(&mv), "{mv}");
    let inner = inner.borrow();
    assert!(!inner.is_empty(), "the clock was not called");
    for r in inner.iter() {
        assert_eq!(
            r,
            "ai_busy: ai_move is already running (it was called from its clock)"
        );
    }
    // The AI still works, with the host's clock again.
    let mv = ai(&board, "X", "classic", 2, 1.0).unwrap().expect("a move");
    assert!(legal.contains(&mv), "{mv}");
}

#[wasm_bindgen_test]
fn engine_errors_carry_a_code_and_params_besides_the_message() {
    let mut g = standard();
    let e = g.play("f4".into()).unwrap_err();
    assert_eq!(get(&e, "message"), "f4 is not a legal move for Black");
    assert_eq!(
        coded(e),
        (
            "illegal_move".into(),
            r#"{"square":"f4","player":"black"}"#.into()
        )
    );
    let e = g.play("z9".into()).unwrap_err();
    assert_eq!(coded(e), ("bad_square".into(), r#"{"text":"z9"}"#.into()));
    let e = g.play_transcript("pa".into()).unwrap_err();
    assert_eq!(
        coded(e),
        (
            "bad_transcript".into(),
            r#"{"moveNumber":1,"token":"pa","reason":"pass_not_allowed","player":"black"}"#.into()
        )
    );
    g.play("f5".into()).unwrap();
    let e = g.play_transcript("d6c3zz".into()).unwrap_err();
    assert_eq!(
        coded(e),
        (
            "bad_transcript".into(),
            r#"{"moveNumber":3,"token":"zz","reason":"malformed"}"#.into()
        )
    );
    let e = g.play_transcript("d6c3c3".into()).unwrap_err();
    assert_eq!(
        coded(e),
        (
            "bad_transcript".into(),
            r#"{"moveNumber":3,"token":"c3","reason":"illegal_move","square":"c3","player":"white"}"#
                .into()
        )
    );
    let e = g.undo_turn("purple".into()).unwrap_err();
    assert_eq!(
        coded(e),
        ("bad_color".into(), r#"{"text":"purple"}"#.into())
    );

    let mut over = standard();
    over.play_transcript(WIPEOUT.into()).unwrap();
    let e = over.play("a1".into()).unwrap_err();
    assert_eq!(coded(e), ("game_over".into(), "{}".into()));
    let e = over.play_transcript("a1".into()).unwrap_err();
    assert_eq!(
        coded(e),
        (
            "bad_transcript".into(),
            r#"{"moveNumber":1,"token":"a1","reason":"game_over"}"#.into()
        )
    );

    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let bad_char = format!("Q{}", "-".repeat(63));
    for (result, expected) in [
        (
            game("chess", "standard", None, None),
            ("bad_rules", r#"{"text":"chess"}"#),
        ),
        (
            game("classic", "sideways", None, None),
            ("bad_start", r#"{"text":"sideways"}"#),
        ),
        (
            game("classic", "standard", Some("XO--"), Some("X")),
            ("board_length", r#"{"length":4}"#),
        ),
        (
            game("classic", "standard", Some(&bad_char), Some("X")),
            ("board_cell", r#"{"cell":1,"square":"a1","found":"Q"}"#),
        ),
        (
            game("classic", "standard", Some(&board), Some("Z")),
            ("bad_side", r#"{"text":"Z"}"#),
        ),
        (
            game("classic", "standard", Some(&board), None),
            ("board_without_side", "{}"),
        ),
        (
            game("classic", "standard", None, Some("X")),
            ("side_without_board", "{}"),
        ),
    ] {
        let e = result.err().expect(expected.0);
        assert_eq!(coded(e), (expected.0.into(), expected.1.into()));
    }

    let e = ai(&board, "Y", "classic", 1, 0.0).unwrap_err();
    assert_eq!(coded(e), ("bad_side".into(), r#"{"text":"Y"}"#.into()));
    let e = ai(&board, "X", "draughts", 1, 0.0).unwrap_err();
    assert_eq!(
        coded(e),
        ("bad_rules".into(), r#"{"text":"draughts"}"#.into())
    );
}

#[wasm_bindgen_test]
fn argument_errors_have_no_code() {
    let mut g = standard();
    let e = g.play(5.into()).unwrap_err();
    assert!(e.is_instance_of::<TypeError>());
    assert_eq!(code_of(&e), "undefined");
    let e = ai(&g.board(), "X", "classic", 0, 0.0).unwrap_err();
    assert!(e.is_instance_of::<RangeError>());
    assert_eq!(code_of(&e), "undefined");
}
