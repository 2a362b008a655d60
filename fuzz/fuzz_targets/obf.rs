//! OBF line parsing (`Position::parse_obf`) on any bytes.
//!
//! Input: one line (bytes that are not UTF-8 are decoded lossily).
//!
//! Checks:
//! - no panic, and an error whose message is not empty;
//! - round trip: a parsed line's position written by `to_obf` parses back to the same position
//!   with no scores, and written with its `MOVE:SCORE` pairs (`pa` for a pass) parses back to
//!   the same position and the same pairs;
//! - every invariant of `check_position` (legal moves agree with flips, 64 squares, the board
//!   string round trip).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::Position;
use reversi_fuzz::{check_position, text};

fuzz_target!(|data: &[u8]| {
    let line = text(data);
    match Position::parse_obf(&line) {
        Ok((p, scores)) => {
            check_position(p);
            assert_eq!(Position::parse_obf(&p.to_obf()), Ok((p, Vec::new())));
            let mut written = p.to_obf();
            for (mv, score) in &scores {
                let mv = mv.map_or_else(|| "pa".to_string(), |sq| sq.to_string());
                written.push_str(&format!("; {mv}:{score:+}"));
            }
            written.push_str("; % a comment");
            assert_eq!(
                Position::parse_obf(&written),
                Ok((p, scores)),
                "{written:?}"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
