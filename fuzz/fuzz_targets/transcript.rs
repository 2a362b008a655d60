//! Transcript parsing and replay (`Game::from_transcript`, `Game::play_transcript`) on any
//! bytes.
//!
//! Input: one configuration byte, then the text (the bytes as they are when they are UTF-8,
//! else decoded lossily). The byte picks the rules (bit 0), the start (bits 1-2) and how many
//! moves to take back (bits 4-7) after playing the part of the text before the first `|`; the
//! part after it is then played onto that game with `play_transcript`.
//!
//! Checks:
//! - no panic;
//! - an error names the offending token as written and its 1-based number;
//! - an error leaves the game unchanged (equal to a clone taken before);
//! - a successful replay passes every invariant of `check_game`, among them: its
//!   `transcript()` replays from the start to the same state;
//! - playing a fragment onto a game is the same as replaying the game's transcript followed by
//!   the fragment from the start: same success, same state, same error shifted by the number of
//!   moves before.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::{Game, Rules, Start};
use reversi_fuzz::{assert_same_state, check_game, check_transcript_error, text};

fuzz_target!(|data: &[u8]| {
    let Some((&config, rest)) = data.split_first() else {
        return;
    };
    let rules = if config & 1 == 0 {
        Rules::Classic
    } else {
        Rules::Inverse
    };
    let start = Start::ALL[usize::from(config >> 1) & 3].position();
    let undos = usize::from(config >> 4);
    let input = text(rest);

    // The whole text as one transcript.
    match Game::from_transcript(rules, start, &input) {
        Ok(game) => check_game(&game),
        Err(e) => check_transcript_error(&input, &e),
    }

    // A prefix, some moves taken back, then the rest played onto that game.
    let (prefix, fragment) = input.split_once('|').unwrap_or(("", &input));
    let mut game =
        Game::from_transcript(rules, start, prefix).unwrap_or_else(|_| Game::new(rules, start));
    for _ in 0..undos {
        game.undo();
    }
    let before = game.clone();
    let whole = format!("{}{}", before.transcript(), fragment);
    let from_start = Game::from_transcript(rules, start, &whole);
    match game.play_transcript(fragment) {
        Ok(()) => {
            check_game(&game);
            let replay = from_start.unwrap_or_else(|e| {
                panic!("{fragment:?} plays onto {before:?} but not from the start: {e}")
            });
            assert_same_state(&replay, &game);
        }
        Err(e) => {
            assert_eq!(game, before, "a failed transcript changed the game");
            check_transcript_error(fragment, &e);
            let e2 = from_start.expect_err("fails onto a game but replays from the start");
            assert_eq!(e2.move_number, e.move_number + before.move_count());
            assert_eq!(e2.token, e.token);
            assert_eq!(e2.kind, e.kind);
        }
    }
});
