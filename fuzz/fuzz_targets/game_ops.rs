//! Sequences of operations on a `Game`, with its invariants checked after each one.
//!
//! Input: a list of [`Op`]s (decoded with `arbitrary`), applied in order to a game that starts
//! from the standard position.
//!
//! Checks, after every operation:
//! - no panic;
//! - a failed operation (an `Err`, or `false` from undo, redo, undo_turn, redo_turn, go_to)
//!   changes nothing (the game equals a clone taken before);
//! - a successful one does what it says: a move is the player's, flips what `Board::flips`
//!   says and adds one move; undo_turn stops where that player is to move; go_to lands on that
//!   move; redo_turn stops on that player's turn or at the end of the record;
//! - every invariant of `check_game`: `legal_moves()` agrees with `Board::flips` square by
//!   square; disc counts plus empties are 64; `is_over()` iff neither side has a move;
//!   `transcript()` (and `full_transcript()`) replay from the start to the same state; undo then
//!   redo (and redo then undo) return to the same game.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use reversi::{Event, Game, Position, Rules, Square, Start};
use reversi_fuzz::{check_game, check_transcript_error, color, position};

#[derive(Arbitrary, Debug)]
enum Op {
    /// Plays the square with this index (taken modulo 64), legal or not.
    Play(u8),
    /// Plays the legal move with this rank (modulo their number), if there is one.
    PlayLegal(u8),
    Undo,
    Redo,
    /// For white when true.
    UndoTurn(bool),
    RedoTurn(bool),
    GoTo(u8),
    /// Plays a short transcript fragment.
    Transcript(Vec<Token>),
    /// A new game from a named start.
    NewStart {
        inverse: bool,
        start: u8,
    },
    /// A new game from any board (white loses the squares black holds).
    NewBoard {
        inverse: bool,
        black: u64,
        white: u64,
        white_to_move: bool,
    },
    /// A new game from the current position (which may have the side to move without a move
    /// only when the game is over), or with the other side to move.
    NewFromHere {
        inverse: bool,
        pass: bool,
    },
}

/// A token of a transcript fragment: mostly squares and passes, sometimes anything.
#[derive(Arbitrary, Debug)]
enum Token {
    Square(u8),
    Legal(u8),
    Upper(u8),
    Pass,
    Dashes,
    Space,
    Char(char),
}

fn fragment(game: &Game, tokens: &[Token]) -> String {
    let mut s = String::new();
    // Legal moves are those of the current position: enough to lead the fragment into play.
    let legal: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
    for t in tokens.iter().take(16) {
        match *t {
            Token::Square(i) => s.push_str(&square(i).to_string()),
            Token::Legal(i) if !legal.is_empty() => {
                s.push_str(&legal[usize::from(i) % legal.len()].to_string())
            }
            Token::Legal(_) => s.push_str("--"),
            Token::Upper(i) => s.push_str(&square(i).to_string().to_uppercase()),
            Token::Pass => s.push_str("pa"),
            Token::Dashes => s.push_str("--"),
            Token::Space => s.push(' '),
            Token::Char(c) => s.push(c),
        }
    }
    s
}

fn square(i: u8) -> Square {
    Square::new(i % 64).expect("below 64")
}

fn rules(inverse: bool) -> Rules {
    if inverse {
        Rules::Inverse
    } else {
        Rules::Classic
    }
}

fuzz_target!(|ops: Vec<Op>| {
    let mut game = Game::new(Rules::Classic, Position::standard());
    check_game(&game);
    for op in ops.iter().take(256) {
        let before = game.clone();
        let n = before.move_count();
        match *op {
            Op::Play(i) => play(&mut game, square(i)),
            Op::PlayLegal(i) => {
                let legal: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
                if legal.is_empty() {
                    assert!(game.is_over());
                    play(&mut game, square(i));
                } else {
                    play(&mut game, legal[usize::from(i) % legal.len()]);
                    assert_eq!(game.move_count(), n + 1, "a legal move failed");
                }
            }
            Op::Undo => {
                if game.undo() {
                    assert_eq!(game.move_count(), n - 1);
                } else {
                    assert_eq!(n, 0);
                }
            }
            Op::Redo => {
                if game.redo() {
                    assert_eq!(game.move_count(), n + 1);
                } else {
                    assert_eq!(n, game.record_len());
                }
            }
            Op::UndoTurn(white) => {
                let player = color(white);
                if game.undo_turn(player) {
                    assert!(game.move_count() < n);
                    assert_eq!(
                        game.to_move(),
                        Some(player),
                        "undo_turn: not {player:?}'s turn"
                    );
                    // The move that redo replays now is that player's.
                    let mut next = game.clone();
                    assert!(next.redo());
                    assert!(matches!(
                        next.last_move(),
                        Some(Event::Move { player: p, .. }) if p == player
                    ));
                } else {
                    let own = before
                        .events()
                        .iter()
                        .any(|e| matches!(e, Event::Move { player: p, .. } if *p == player));
                    assert!(
                        !own,
                        "undo_turn failed with a move of {player:?} to take back"
                    );
                }
            }
            Op::RedoTurn(white) => {
                let player = color(white);
                if game.redo_turn(player) {
                    assert!(game.move_count() > n);
                    assert!(game.to_move() == Some(player) || !game.can_redo());
                } else {
                    assert!(!before.can_redo());
                }
            }
            Op::GoTo(m) => {
                let m = usize::from(m % 70);
                if game.go_to(m) {
                    assert_eq!(game.move_count(), m);
                } else {
                    assert!(m > game.record_len());
                }
            }
            Op::Transcript(ref tokens) => {
                let text = fragment(&game, tokens);
                match game.play_transcript(&text) {
                    Ok(()) => assert!(game.move_count() >= n),
                    Err(e) => check_transcript_error(&text, &e),
                }
            }
            Op::NewStart { inverse, start } => {
                let start = Start::ALL[usize::from(start) % 4].position();
                game = Game::new(rules(inverse), start);
                assert_eq!(game.start(), start);
            }
            Op::NewBoard {
                inverse,
                black,
                white,
                white_to_move,
            } => {
                let start = position(black, white, color(white_to_move));
                game = Game::new(rules(inverse), start);
                assert_eq!(game.start(), start);
            }
            Op::NewFromHere { inverse, pass } => {
                let here = game.position();
                let start = if pass { here.pass() } else { here };
                game = Game::new(rules(inverse), start);
                if !pass {
                    assert_eq!(game.position(), here);
                }
            }
        }
        if game.move_count() == n && game.record_len() == before.record_len() {
            // Nothing was played: only a change of game or a failure can leave the count.
            if !matches!(
                op,
                Op::NewStart { .. } | Op::NewBoard { .. } | Op::NewFromHere { .. }
            ) {
                assert_eq!(game, before, "{op:?} changed the game without a move");
            }
        }
        check_game(&game);
    }
});

/// Plays `sq`, checking the result against the position before.
fn play(game: &mut Game, sq: Square) {
    let before = game.clone();
    let p = before.position();
    match game.play(sq).copied() {
        Ok(event) => {
            let flips = p.board.flips(sq);
            assert_eq!(
                event,
                Event::Move {
                    player: p.side,
                    square: sq,
                    flips
                }
            );
            assert_eq!(game.move_count(), before.move_count() + 1);
            assert_eq!(game.last_move(), Some(event));
            let after = p.play(sq).expect("the game played it");
            // The position after the move, or after it and a forced pass.
            assert!(
                game.position() == after || game.position() == after.pass(),
                "{sq}: {p:?} -> {:?}",
                game.position()
            );
            assert_eq!(game.last_pass().is_some(), game.position() != after);
        }
        Err(e) => {
            assert_eq!(*game, before, "a failed move changed the game");
            assert!(
                before.is_over() || !before.is_legal(sq),
                "legal {sq} failed: {e}"
            );
            assert!(!e.to_string().is_empty());
        }
    }
}
