//! The checks of the arguments at the boundary: each looks only at a value's type
//! (`typeof`) and a string's length before anything is copied into wasm memory.

use js_sys::JsString;
use reversi::{Color, Level, Position, Rules};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::{js_error, range_error, too_long_error, type_error, BadColor};
use crate::{MAX_SEED, MAX_STRING_LENGTH};

/// What `value` is, for an error message: its type only (nothing of the caller's runs).
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(b) = value.as_bool() {
        format!("the boolean {b}")
    } else if let Some(n) = value.as_f64() {
        format!("the number {}", number_text(n))
    } else if value.is_string() {
        "a string".into()
    } else if value.is_bigint() {
        "a BigInt".into()
    } else if value.is_symbol() {
        "a symbol".into()
    } else if value.is_function() {
        "a function".into()
    } else {
        "an object".into()
    }
}

/// A number as JavaScript writes it (`NaN`, `Infinity`, `1e+300`, `1.5`).
pub(crate) fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map_or_else(|_| n.to_string(), String::from)
}

/// The string argument `name`, copied into wasm memory only once it is known to be a string
/// of at most [`MAX_STRING_LENGTH`] code units.
pub(crate) fn string_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    let Some(s) = value.dyn_ref::<JsString>() else {
        return Err(type_error(&format!(
            "{name} must be a string, not {}",
            describe(value)
        )));
    };
    let length = s.length();
    if length > MAX_STRING_LENGTH {
        return Err(too_long_error(name, length));
    }
    value
        .as_string()
        .ok_or_else(|| type_error(&format!("{name} must be a string")))
}

/// The position of the arguments `board` (64 cells `X`, `O`, `-`, a1..h8) and `side` (the
/// side to move).
pub(crate) fn position_arg(board: &JsValue, side: &JsValue) -> Result<Position, JsValue> {
    let board = string_arg(board, "board")?;
    let side = string_arg(side, "side")?;
    Position::parse(&board, &side).map_err(js_error)
}

/// An optional string argument: `undefined` and `null` are `None`.
pub(crate) fn optional_string_arg(value: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        string_arg(value, name).map(Some)
    }
}

/// The number argument `name`, an integer in `min..=max`.
pub(crate) fn integer_arg(value: &JsValue, name: &str, min: f64, max: f64) -> Result<f64, JsValue> {
    let Some(n) = value.as_f64() else {
        return Err(type_error(&format!(
            "{name} must be a number, not {}",
            describe(value)
        )));
    };
    if n.fract() != 0.0 || !n.is_finite() {
        return Err(range_error(&format!(
            "{name} must be an integer, not {}",
            number_text(n)
        )));
    }
    if !(min..=max).contains(&n) {
        return Err(range_error(&format!(
            "{name} {} is out of range {}..{}",
            number_text(n),
            number_text(min),
            number_text(max)
        )));
    }
    Ok(n)
}

pub(crate) fn level_arg(value: &JsValue) -> Result<Level, JsValue> {
    let n = integer_arg(
        value,
        "level",
        Level::MIN.get().into(),
        Level::MAX.get().into(),
    )?;
    // In range, so it fits a u8 and is a level.
    Ok(Level::new(n as u8).expect("a level in range"))
}

pub(crate) fn seed_arg(value: &JsValue) -> Result<u64, JsValue> {
    integer_arg(value, "seed", 0.0, MAX_SEED).map(|n| n as u64)
}

pub(crate) fn color_arg(value: &JsValue, name: &str) -> Result<Color, JsValue> {
    string_arg(value, name)?
        .parse()
        .map_err(|e| js_error(BadColor(e)))
}

pub(crate) fn rules_arg(value: &JsValue) -> Result<Rules, JsValue> {
    string_arg(value, "rules")?.parse().map_err(js_error)
}
