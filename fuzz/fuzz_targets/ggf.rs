//! GGF game-record parsing (`GgfGame::parse`) on any bytes, and the written moves it plays
//! (`GgfGame::play`, as NBoard's `move` commands use it).
//!
//! Input: the record's bytes as they are (the parser checks UTF-8 itself).
//!
//! Checks:
//! - no panic; an error's message is one line (no control character: echoed input is
//!   escaped); text that is not UTF-8 is reported at the first invalid byte;
//! - the rules change nothing but the rules: parsing under classic and inverse rules succeeds
//!   or fails alike, with the same moves;
//! - a parsed record's game passes every invariant of `check_game`; a pending pass is the
//!   game's last forced pass;
//! - round trip: the game written back as GGF (board with `*`/`O`/`-`, moves `B[..]`/`W[..]`,
//!   passes written or left out) parses to the same game;
//! - playing onto a parsed record: every legal move by the side to move (with and without its
//!   colour) plays, by the other colour is an out-of-turn error, a pass plays exactly when one
//!   is pending, and every error leaves the record unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::{Event, Game, GgfGame, GgfMoveError, Rules, Square};
use reversi_fuzz::check_game;

fuzz_target!(|data: &[u8]| {
    let classic = GgfGame::parse(data, Rules::Classic);
    let inverse = GgfGame::parse(data, Rules::Inverse);
    match (&classic, &inverse) {
        (Ok(c), Ok(i)) => {
            assert_eq!(i.game.rules(), Rules::Inverse);
            assert_eq!(c.game.full_transcript(), i.game.full_transcript());
            assert_eq!(c.game.position(), i.game.position());
            assert_eq!(c.pass_pending, i.pass_pending);
        }
        (Err(c), Err(i)) => assert_eq!(c, i, "the rules changed the error"),
        _ => panic!("the rules changed the outcome: {classic:?} / {inverse:?}"),
    }
    let record = match classic {
        Ok(record) => record,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            assert!(!message.chars().any(char::is_control), "{message:?}");
            if let Err(utf8) = std::str::from_utf8(data) {
                assert_eq!(
                    e,
                    reversi::GgfError::NotUtf8 {
                        offset: utf8.valid_up_to()
                    }
                );
            }
            return;
        }
    };
    assert!(std::str::from_utf8(data).is_ok());
    let game = &record.game;
    check_game(game);
    assert_eq!(
        game.record_len(),
        game.move_count(),
        "a parsed game has no redo line"
    );
    if record.pass_pending {
        assert!(
            game.last_pass().is_some(),
            "a pending pass nobody had to make"
        );
    }
    assert_eq!(
        record.must_pass(),
        game.last_pass().filter(|_| record.pass_pending)
    );

    // Written back, with the passes and without them.
    for passes in [true, false] {
        let text = write(game, passes);
        let back = GgfGame::parse(&text, game.rules())
            .unwrap_or_else(|e| panic!("{text:?} does not parse back: {e}"));
        assert_eq!(&back.game, game, "{text:?}");
        let pending = !passes && game.last_pass().is_some();
        assert_eq!(back.pass_pending, pending, "{text:?}");
    }

    // Written moves played onto the record.
    let side = game.position().side;
    for sq in Square::iter_bits(game.legal_moves()) {
        let mv = sq.to_string();
        for color in [None, Some(side)] {
            let mut r = record.clone();
            r.play(&mv, color)
                .unwrap_or_else(|e| panic!("legal {mv} by {color:?} failed: {e}"));
            assert_eq!(r.game.move_count(), game.move_count() + 1);
            assert_eq!(r.pass_pending, r.game.last_pass().is_some());
        }
        let mut r = record.clone();
        let e = r.play(&mv.to_uppercase(), Some(side.other()));
        assert_eq!(e, Err(GgfMoveError::OutOfTurn(side.other())));
        assert_eq!(r, record, "a move out of turn changed the record");
    }
    for sq in Square::all().filter(|sq| !game.is_legal(*sq)) {
        let mut r = record.clone();
        assert!(
            r.play(&sq.to_string(), None).is_err(),
            "illegal {sq} played"
        );
        assert_eq!(r, record, "an illegal move changed the record");
    }
    for pass in ["pa", "PA", "pass", "Pass"] {
        for color in [None, Some(side), Some(side.other())] {
            let mut r = record.clone();
            match r.play(pass, color) {
                Ok(()) => {
                    let passer = record.must_pass().expect("a pass that was not pending");
                    assert!(color.is_none_or(|c| c == passer));
                    assert!(!r.pass_pending);
                    assert_eq!(r.game, record.game);
                }
                Err(e) => {
                    assert_eq!(r, record, "a failed pass changed the record");
                    assert!(!e.to_string().chars().any(char::is_control));
                }
            }
        }
    }
    for junk in ["", "z9", "f", "f55", "--", "\u{1b}[2J"] {
        let mut r = record.clone();
        assert!(r.play(junk, None).is_err(), "{junk:?} played");
        assert_eq!(r, record);
    }
});

/// A GGF record of `game` (its moves so far), the forced passes written as `PA` or left out.
fn write(game: &Game, passes: bool) -> String {
    let start = game.start();
    let board: String = start
        .board_string()
        .chars()
        .map(|c| if c == 'X' { '*' } else { c })
        .collect();
    let side = if start.side.symbol() == 'X' { '*' } else { 'O' };
    let mut text = format!("(;GM[Othello]PB[fuzz]PW[fuzz]BO[8 {board} {side}]");
    let letter = |c: reversi::Color| if c.symbol() == 'X' { 'B' } else { 'W' };
    for event in game.events() {
        match event {
            Event::Move { player, square, .. } => {
                text.push_str(&format!("{}[{square}//0.01]", letter(player)))
            }
            Event::Pass { player } if passes => text.push_str(&format!("{}[PA]", letter(player))),
            Event::Pass { .. } => {}
        }
    }
    text.push_str(";)");
    text
}
