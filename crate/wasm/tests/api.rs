//! The JavaScript API of the binding, run as wasm under Node.js (`wasm-pack test --node`) and in
//! Chromium (`wasm-pack test --headless --chrome` with `WASM_BINDGEN_USE_BROWSER=1`).
//!
//! Expected values come from the rules (docs/rules.md examples) or were worked out by hand.

use js_sys::{Array, Error, Reflect};
use reversi_wasm::{ai_move, default_level, max_level, min_level, new_game, GameHandle};
use wasm_bindgen::{JsError, JsValue};
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

fn message(e: JsError) -> String {
    let value = JsValue::from(e);
    String::from(Error::from(value).message())
}

fn standard() -> GameHandle {
    new_game("classic", "standard", None, None).expect("a new game")
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
    g.play("f5").unwrap();
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
    g.play("F5").unwrap();
    assert_eq!(g.transcript(), "f5");
}

#[wasm_bindgen_test]
fn illegal_move_is_an_error_and_changes_nothing() {
    // From the start, Black on f4 is illegal (rules example 2).
    let mut g = standard();
    let before = snapshot(&g);
    let e = g.play("f4").unwrap_err();
    assert_eq!(message(e), "f4 is not a legal move for Black");
    assert_eq!(snapshot(&g), before);
    g.play("f5").unwrap();
    let before = snapshot(&g);
    let e = g.play("c4").unwrap_err();
    assert_eq!(message(e), "c4 is not a legal move for White");
    assert_eq!(snapshot(&g), before);
    // An occupied square.
    let e = g.play("d4").unwrap_err();
    assert!(message(e).contains("d4"));
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn malformed_squares_are_errors_and_change_nothing() {
    let mut g = standard();
    let before = snapshot(&g);
    for bad in ["z9", "", "d33", "i1", "a0", "33", "é1"] {
        let e = g.play(bad).unwrap_err();
        assert!(message(e).contains("is not a square"), "{bad}");
        assert_eq!(snapshot(&g), before, "{bad}");
    }
}

#[wasm_bindgen_test]
fn bad_transcript_is_an_error_and_changes_nothing() {
    let mut g = standard();
    g.play("f5").unwrap();
    let before = snapshot(&g);
    let e = g.play_transcript("d6c3zz").unwrap_err();
    assert!(message(e).contains("move 3 'zz'"));
    assert_eq!(snapshot(&g), before);
    let e = g.play_transcript("d6c3c3").unwrap_err();
    assert!(message(e).contains("move 3 'c3'"));
    assert_eq!(snapshot(&g), before);
    g.play_transcript("d6c3").unwrap();
    assert_eq!(g.transcript(), "f5d6c3");
}

#[wasm_bindgen_test]
fn bad_game_settings_are_errors() {
    let e = new_game("chess", "standard", None, None).err().unwrap();
    assert!(message(e).contains("unknown game 'chess'"));
    let e = new_game("classic", "sideways", None, None).err().unwrap();
    assert!(message(e).contains("unknown start position 'sideways'"));
}

#[wasm_bindgen_test]
fn malformed_boards_and_sides_are_errors() {
    let short = "XO--";
    let e = new_game("classic", "standard", Some(short.into()), Some("X".into()))
        .err()
        .unwrap();
    assert_eq!(message(e), "a board has 64 cells, this one has 4");
    let bad_char = format!("Q{}", "-".repeat(63));
    let e = new_game("classic", "standard", Some(bad_char), Some("X".into()))
        .err()
        .unwrap();
    assert!(message(e).contains("cell 1 (a1) is 'Q'"));
    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let e = new_game("classic", "standard", Some(board.clone()), Some("Z".into()))
        .err()
        .unwrap();
    assert!(message(e).contains("the side to move 'Z'"));
    let e = new_game("classic", "standard", Some(board.clone()), None)
        .err()
        .unwrap();
    assert!(message(e).contains("side to move"));
    // The same board with a good side is the standard start.
    let g = new_game("inverse", "standard", Some(board), Some("O".into())).unwrap();
    assert_eq!(g.to_move().as_deref(), Some("white"));
    assert_eq!(g.rules(), "inverse");
    assert_eq!(strings(g.legal_moves().into()), ["e3", "f4", "c5", "d6"]);
}

#[wasm_bindgen_test]
fn alternative_start() {
    let g = new_game("classic", "alternative", None, None).unwrap();
    // White d4 e4, Black d5 e5.
    let b = g.board();
    assert_eq!(&b[24..40], "---OO------XX---");
}

#[wasm_bindgen_test]
fn forced_pass_is_reported_until_the_next_move() {
    let mut g = standard();
    for i in 0..PASS_GAME.len() / 2 {
        assert_eq!(get(&g.state(), "lastPass"), JsValue::NULL);
        g.play(&PASS_GAME[2 * i..2 * i + 2]).unwrap();
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
    g.play("d6").unwrap();
    let s = g.state();
    assert_eq!(get(&s, "lastPass"), JsValue::NULL);
    assert_eq!(strings(get(&s, "passes")), ["black"]);
    assert_eq!(get(&s, "toMove"), "black");
}

#[wasm_bindgen_test]
fn game_over_and_winner_under_both_rules() {
    for (rules, winner) in [("classic", "black"), ("inverse", "white")] {
        let mut g = new_game(rules, "standard", None, None).unwrap();
        g.play("f5").unwrap();
        // Black leads 4-1, but nobody has won yet.
        assert_eq!(get(&g.outcome().into(), "winner"), JsValue::NULL);
        assert_eq!(get(&g.state(), "winner"), JsValue::NULL);
        g.undo();
        g.play_transcript(WIPEOUT).unwrap();
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
        let e = g.play("a1").unwrap_err();
        assert_eq!(message(e), "the game is over");
        assert_eq!(snapshot(&g), before);
        assert_eq!(ai_move(&g.board(), &g.side(), rules, 1, 0.0).unwrap(), None);
    }
}

#[wasm_bindgen_test]
fn undo_and_redo_single_moves_and_whole_turns() {
    let mut g = standard();
    g.play_transcript("f5d6c3").unwrap();
    assert!(g.undo());
    assert_eq!(g.transcript(), "f5d6");
    assert!(g.can_redo());
    assert_eq!(g.full_transcript(), "f5d6c3");
    assert!(g.redo());
    assert_eq!(g.transcript(), "f5d6c3");
    assert!(!g.redo());
    // White is to move: Black (the human) takes back its c3 and it is Black's turn again.
    assert!(g.undo_turn("black").unwrap());
    assert_eq!(g.transcript(), "f5d6");
    assert_eq!(g.to_move().as_deref(), Some("black"));
    assert!(g.undo_turn("black").unwrap());
    assert_eq!(g.transcript(), "");
    assert!(!g.undo_turn("black").unwrap());
    assert!(!g.can_undo());
    // White has no move of its own to take back after f5: nothing changes.
    g.play("f5").unwrap();
    let before = snapshot(&g);
    assert!(!g.undo_turn("white").unwrap());
    assert_eq!(snapshot(&g), before);
    g.undo();
    assert!(g.redo_turn("black").unwrap());
    assert_eq!(g.transcript(), "f5d6");
    assert!(g.redo_turn("X").unwrap());
    assert_eq!(g.transcript(), "f5d6c3");
    let before = snapshot(&g);
    let e = g.undo_turn("purple").unwrap_err();
    assert!(message(e).contains("'purple'"));
    assert!(g.redo_turn("").is_err());
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn a_new_move_after_undo_drops_the_redo_line() {
    let mut g = standard();
    g.play_transcript("f5d6").unwrap();
    g.undo();
    g.play("f6").unwrap();
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
        let mv = ai_move(&g.board(), "X", "classic", level, level as f64)
            .unwrap()
            .expect("a move");
        assert!(legal.contains(&mv), "{mv} at level {level}");
    }
}

#[wasm_bindgen_test]
fn ai_passes_when_it_has_no_move() {
    // Black to move in the position where Black had to pass (see PASS_GAME).
    let mut g = standard();
    g.play_transcript(PASS_GAME).unwrap();
    assert_eq!(ai_move(&g.board(), "X", "classic", 1, 0.0).unwrap(), None);
    // White, to move there, has exactly b4 and d6.
    let white = ai_move(&g.board(), "O", "inverse", 1, 0.0)
        .unwrap()
        .unwrap();
    assert!(["b4", "d6"].contains(&white.as_str()), "{white}");
}

#[wasm_bindgen_test]
fn ai_bad_input_is_an_error() {
    let g = standard();
    let board = g.board();
    let e = ai_move(&board, "X", "classic", 0, 0.0).unwrap_err();
    assert!(message(e).contains("level 0 is out of range"));
    let e = ai_move(&board, "X", "classic", max_level() + 1, 0.0).unwrap_err();
    assert!(message(e).contains("out of range"));
    let e = ai_move(&board, "Y", "classic", 1, 0.0).unwrap_err();
    assert!(message(e).contains("'Y'"));
    let e = ai_move("XO", "X", "classic", 1, 0.0).unwrap_err();
    assert!(message(e).contains("64 cells"));
    let e = ai_move(&board, "X", "draughts", 1, 0.0).unwrap_err();
    assert!(message(e).contains("unknown game"));
}
