//! Checks shared by the fuzz targets: the invariants of a [`Game`] and of its errors.
//!
//! Every check panics (so libFuzzer reports a crash) when the engine breaks a promise of its
//! documentation: no panic on any input, a clear error, an error that changes nothing.

use std::borrow::Cow;

use reversi::internals::{flips_scalar, legal_moves_scalar};
use reversi::{Color, Game, Position, Square, TranscriptError, TranscriptErrorKind};

/// The texts to feed a parser from raw fuzz bytes: the bytes themselves when they are UTF-8,
/// else their lossy decoding (invalid sequences become U+FFFD).
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The colour of a flag (`false` black, `true` white).
pub fn color(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// A position from two raw bitboards: white loses the squares black holds, so the two never
/// overlap (as every constructor of the engine promises).
pub fn position(black: u64, white: u64, side: Color) -> Position {
    Position::from_colors(black, white & !black, side)
}

/// The discs of `o` that `p` flips by playing on the empty square `sq`, ray by ray, square by
/// square: the rules read literally, as an oracle for the bitboard kernels.
pub fn naive_flips(p: u64, o: u64, sq: Square) -> u64 {
    let mut all = 0;
    for (dc, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let (mut c, mut r) = (i32::from(sq.column()) + dc, i32::from(sq.row()) + dr);
        let mut run = 0;
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + c);
            if o & bit != 0 {
                run |= bit;
            } else {
                if p & bit != 0 {
                    all |= run;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    all
}

/// Checks the invariants of a position on its own: disjoint discs, 64 squares in all,
/// `legal_moves` agreeing with `flips` square by square, both agreeing with the scalar kernels
/// and with a naive reading of the rules, the board string and OBF round trips.
pub fn check_position(p: Position) {
    let board = p.board;
    let (me, you) = (board.player, board.opponent);
    assert_eq!(me & you, 0, "overlapping discs: {p:?}");
    let (black, white) = (p.black().count_ones(), p.white().count_ones());
    assert_eq!(black + white + board.empty_count(), 64, "{p:?}");
    let legal = board.legal_moves();
    assert_eq!(legal & !board.empties(), 0, "a legal move on a disc: {p:?}");
    assert_eq!(
        legal,
        legal_moves_scalar(me, you),
        "scalar legal moves: {p:?}"
    );
    let mut naive_legal = 0;
    for sq in Square::all() {
        let flips = board.flips(sq);
        if board.empties() & sq.bit() != 0 {
            let naive = naive_flips(me, you, sq);
            assert_eq!(flips, naive, "flips of {sq} against the rules: {p:?}");
            assert_eq!(
                flips,
                flips_scalar(me, you, sq.index()),
                "scalar flips: {p:?}"
            );
            if naive != 0 {
                naive_legal |= sq.bit();
            }
        }
        if legal & sq.bit() != 0 {
            assert_ne!(flips, 0, "legal {sq} flips nothing: {p:?}");
            assert_eq!(
                flips & !board.opponent,
                0,
                "{sq} flips a non-opponent disc: {p:?}"
            );
            let after = p.play(sq).expect("a legal move plays");
            assert_eq!(after.side, p.side.other());
            assert_eq!(after.discs(p.side), p.discs(p.side) | flips | sq.bit());
            assert_eq!(
                after.discs(p.side.other()),
                p.discs(p.side.other()) & !flips
            );
        } else {
            assert_eq!(flips, 0, "{sq} is not legal but flips {flips:#x}: {p:?}");
            assert!(p.play(sq).is_err(), "{sq} is not legal but plays: {p:?}");
        }
    }
    assert_eq!(legal, naive_legal, "legal moves against the rules: {p:?}");
    let s = p.board_string();
    assert_eq!(s.len(), 64);
    let side = p.side.symbol().to_string();
    assert_eq!(Position::parse(&s, &side), Ok(p), "board string round trip");
    assert_eq!(
        Position::parse_obf(&p.to_obf()),
        Ok((p, Vec::new())),
        "OBF round trip"
    );
}

/// Checks every invariant of a game record (see the module of each target for the list).
pub fn check_game(game: &Game) {
    let p = game.position();
    check_position(p);

    // The game is over exactly when neither side can move: a player without a move passes at
    // once, so the side to move has a move unless nobody has.
    let over = game.is_over();
    assert_eq!(over, p.board.is_game_over(), "is_over: {game:?}");
    assert_eq!(over, game.legal_moves() == 0);
    assert_eq!(game.legal_moves(), p.board.legal_moves());
    assert_eq!(game.to_move(), (!over).then_some(p.side));
    assert_eq!(game.result(), over.then(|| game.outcome()));
    for sq in Square::all() {
        assert_eq!(game.is_legal(sq), game.legal_moves() & sq.bit() != 0);
    }

    // Counts and the winner.
    let outcome = game.outcome();
    assert_eq!(outcome.black, p.black().count_ones());
    assert_eq!(outcome.white, p.white().count_ones());
    assert_eq!(outcome.black + outcome.white + p.board.empty_count(), 64);
    let diff = game.rules().score(outcome.black, outcome.white);
    let winner = match diff.signum() {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ => None,
    };
    assert_eq!(outcome.winner, winner);

    // The record.
    let n = game.move_count();
    assert!(n <= game.record_len());
    assert_eq!(game.can_undo(), n > 0);
    assert_eq!(game.can_redo(), n < game.record_len());
    assert_eq!(game.played_moves().count(), n);
    assert_eq!(game.transcript().len(), 2 * n);
    assert_eq!(game.full_transcript().len(), 2 * game.record_len());
    assert!(game.full_transcript().starts_with(&game.transcript()));
    let events = game.events();
    assert_eq!(events.len(), n + game.passes().len());
    assert_eq!(game.last_move().is_some(), n > 0);

    // The transcript replays from the start to the same state (the redo line aside).
    let replay = Game::from_transcript(game.rules(), game.start(), &game.transcript())
        .unwrap_or_else(|e| panic!("own transcript does not replay: {e}: {game:?}"));
    assert_same_state(&replay, game);
    // The whole record replays to its end.
    let full = Game::from_transcript(game.rules(), game.start(), &game.full_transcript())
        .unwrap_or_else(|e| panic!("own full transcript does not replay: {e}: {game:?}"));
    let mut end = game.clone();
    assert!(end.go_to(end.record_len()));
    assert_same_state(&full, &end);
    if n == game.record_len() {
        assert_eq!(
            &replay, game,
            "a replay without a redo line is the same game"
        );
    }

    // Undo then redo, and redo then undo, come back to the same game.
    let mut g = game.clone();
    if g.undo() {
        assert_eq!(g.move_count(), n - 1);
        assert!(g.redo(), "redo after undo");
        assert_eq!(&g, game, "undo then redo");
    } else {
        assert_eq!(&g, game, "a failed undo changes nothing");
    }
    let mut g = game.clone();
    if g.redo() {
        assert!(g.undo(), "undo after redo");
        assert_eq!(&g, game, "redo then undo");
    } else {
        assert_eq!(&g, game, "a failed redo changes nothing");
    }
    let mut g = game.clone();
    assert!(g.go_to(n));
    assert_eq!(&g, game, "go_to the current move");
}

/// Checks that two games are in the same state: position, moves and passes, rules and start.
/// Unlike `==` it ignores the moves that redo could replay.
pub fn assert_same_state(a: &Game, b: &Game) {
    assert_eq!(a.rules(), b.rules());
    assert_eq!(a.start(), b.start());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.move_count(), b.move_count());
    assert_eq!(a.transcript(), b.transcript());
    assert_eq!(a.events(), b.events());
    assert_eq!(a.passes(), b.passes());
    assert_eq!(a.last_pass(), b.last_pass());
    assert_eq!(a.last_move(), b.last_move());
    assert_eq!(a.outcome(), b.outcome());
}

/// Checks that a transcript error is a clear one: it names a token of the transcript (the
/// `move_number`-th pair of non-whitespace characters, exactly as written) and says why.
pub fn check_transcript_error(transcript: &str, e: &TranscriptError) {
    let chars: Vec<char> = transcript.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(e.move_number >= 1, "{e:?}");
    let start = 2 * (e.move_number - 1);
    assert!(
        start < chars.len(),
        "move number beyond the transcript: {e:?}"
    );
    let token: String = chars[start..chars.len().min(start + 2)].iter().collect();
    assert_eq!(e.token, token, "the error names another token");
    if e.kind == TranscriptErrorKind::Malformed {
        assert!(
            e.token.parse::<Square>().is_err(),
            "a square called malformed: {e:?}"
        );
    }
    let message = e.to_string();
    assert!(
        message.contains(&format!("move {}", e.move_number)),
        "{message}"
    );
}
