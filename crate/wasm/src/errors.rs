//! The binding's errors: engine errors as JavaScript `Error`s with a `code` and `params`
//! besides the engine's message, and the `TypeError`s and `RangeError`s of bad arguments.

use std::fmt::Display;

use js_sys::{Object, RangeError, TypeError};
use reversi::{
    ParseBoardError, ParseColorError, ParseRulesError, ParseSplitError, ParseSquareError,
    ParseStartError, PlayError, Square, TableAllocError, TranscriptError, TranscriptErrorKind,
};
use wasm_bindgen::JsValue;

use crate::{color_name, set};

/// An `Error` for JavaScript with `message`, its `code` and its `params` (see the crate's
/// documentation).
pub(crate) fn coded_error(
    code: &str,
    params: Vec<(&str, JsValue)>,
    message: impl Display,
) -> JsValue {
    with_code(js_sys::Error::new(&message.to_string()), code, params)
}

/// The `RangeError` of a string argument over [`crate::MAX_STRING_LENGTH`] code units, coded
/// `too_long` with its `name`, `length` and `max` (a pasted or linked transcript can be that
/// long: the page says why in the player's language).
pub(crate) fn too_long_error(name: &str, length: u32) -> JsValue {
    let max = crate::MAX_STRING_LENGTH;
    let message = format!("{name} is too long: {length} characters (at most {max})");
    let params = vec![
        ("name", name.into()),
        ("length", length.into()),
        ("max", max.into()),
    ];
    with_code(RangeError::new(&message).into(), "too_long", params)
}

/// `error` with its `code` and `params` set.
fn with_code(error: js_sys::Error, code: &str, params: Vec<(&str, JsValue)>) -> JsValue {
    let details = Object::new();
    for (key, value) in params {
        set(&details, key, value);
    }
    set(&error, "code", code);
    set(&error, "params", details);
    error.into()
}

/// An engine error as a coded JavaScript `Error`: its code, its details and its message.
pub(crate) trait EngineError: Display {
    fn code(&self) -> &'static str;
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        Vec::new()
    }
}

/// The JavaScript `Error` of an engine error, with the engine's message.
pub(crate) fn js_error(e: impl EngineError) -> JsValue {
    coded_error(e.code(), e.params(), &e)
}

pub(crate) fn text_param(text: &str) -> Vec<(&'static str, JsValue)> {
    vec![("text", text.into())]
}

impl EngineError for ParseSquareError {
    fn code(&self) -> &'static str {
        "bad_square"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        text_param(&self.0)
    }
}

impl EngineError for ParseRulesError {
    fn code(&self) -> &'static str {
        "bad_rules"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        text_param(&self.0)
    }
}

impl EngineError for ParseStartError {
    fn code(&self) -> &'static str {
        "bad_start"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        text_param(&self.0)
    }
}

/// A colour argument (`undo_turn`, `redo_turn`) that is no colour; the side to move of a
/// position is [`ParseBoardError::Side`] (`bad_side`).
pub(crate) struct BadColor(pub ParseColorError);

impl Display for BadColor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl EngineError for BadColor {
    fn code(&self) -> &'static str {
        "bad_color"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        text_param(&self.0 .0)
    }
}

impl EngineError for ParseBoardError {
    fn code(&self) -> &'static str {
        match self {
            ParseBoardError::Length(_) => "board_length",
            ParseBoardError::Cell { .. } => "board_cell",
            ParseBoardError::Side(_) => "bad_side",
        }
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        match self {
            ParseBoardError::Length(n) => vec![("length", (*n as u32).into())],
            ParseBoardError::Cell { index, found } => vec![
                ("cell", (*index as u32 + 1).into()),
                (
                    "square",
                    Square::new(*index as u8).map_or(JsValue::NULL, |s| s.to_string().into()),
                ),
                ("found", found.to_string().into()),
            ],
            ParseBoardError::Side(e) => text_param(&e.0),
        }
    }
}

impl EngineError for PlayError {
    fn code(&self) -> &'static str {
        match self {
            PlayError::Illegal { .. } => "illegal_move",
            PlayError::GameOver => "game_over",
            PlayError::PassNotAllowed { .. } => "pass_not_allowed",
        }
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        match self {
            PlayError::Illegal { square, player } => vec![
                ("square", square.to_string().into()),
                ("player", color_name(*player).into()),
            ],
            PlayError::GameOver => Vec::new(),
            PlayError::PassNotAllowed { player } => vec![("player", color_name(*player).into())],
        }
    }
}

impl EngineError for TranscriptError {
    fn code(&self) -> &'static str {
        "bad_transcript"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        let mut params = vec![
            ("moveNumber", (self.move_number as u32).into()),
            ("token", self.token.as_str().into()),
        ];
        match &self.kind {
            TranscriptErrorKind::Malformed => params.push(("reason", "malformed".into())),
            TranscriptErrorKind::Play(e) => {
                params.push(("reason", e.code().into()));
                params.extend(e.params());
            }
        }
        params
    }
}

impl EngineError for ParseSplitError {
    fn code(&self) -> &'static str {
        "bad_split_text"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        text_param(&self.0)
    }
}

impl EngineError for TableAllocError {
    fn code(&self) -> &'static str {
        "out_of_memory"
    }
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        vec![("megabytes", (self.megabytes as u32).into())]
    }
}

/// An error of the binding's own, with its code and no details.
pub(crate) struct Plain(pub &'static str, pub &'static str);

impl Display for Plain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.1)
    }
}

impl EngineError for Plain {
    fn code(&self) -> &'static str {
        self.0
    }
}

pub(crate) fn type_error(message: &str) -> JsValue {
    TypeError::new(message).into()
}

pub(crate) fn range_error(message: &str) -> JsValue {
    RangeError::new(message).into()
}
