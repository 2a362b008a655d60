//! The rules (see the README) as tests: the examples from the original rule texts, the start
//! positions, forced and voluntary passes, corners, undo/redo/go_to, and errors that leave the
//! game unchanged.

mod common;

use std::collections::BTreeSet;

use common::{Cell, RefPos, Rng};
use reversi::{
    Color, Event, Game, ParseBoardError, ParseColorError, ParseObfError, ParseRulesError,
    ParseSquareError, ParseStartError, PlayError, Position, Rules, Square, Start, TranscriptError,
    TranscriptErrorKind,
};

fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("{name} should parse: {e}"))
}

fn names(bits: u64) -> BTreeSet<String> {
    Square::iter_bits(bits).map(|s| s.to_string()).collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn standard_game() -> Game {
    Game::new(Rules::Classic, Position::standard())
}

// ---------------------------------------------------------------------------------------------
// Examples from the seeds
// ---------------------------------------------------------------------------------------------

#[test]
fn example_1_f5_flips_e5() {
    let mut game = standard_game();
    let event = *game.play(sq("f5")).expect("f5 is legal");
    assert_eq!(
        event,
        Event::Move {
            player: Color::Black,
            square: sq("f5"),
            flips: sq("e5").bit(),
        }
    );
    let outcome = game.outcome();
    assert_eq!((outcome.black, outcome.white), (4, 1));
    assert_eq!(game.to_move(), Some(Color::White));
    let p = game.position();
    assert_eq!(p.side, Color::White);
    assert_eq!(p.at(sq("e5")), Some(Color::Black));
    assert_eq!(p.at(sq("f5")), Some(Color::Black));
    assert_eq!(p.at(sq("d4")), Some(Color::White));
    assert_eq!(p.at(sq("d5")), Some(Color::Black));
    assert_eq!(p.at(sq("e4")), Some(Color::Black));
    assert_eq!(p.black().count_ones(), 4);
    assert_eq!(p.white().count_ones(), 1);

    // The same through Position::play and Board::flips.
    let start = Position::standard();
    assert_eq!(start.board.flips(sq("f5")), sq("e5").bit());
    assert_eq!(start.play(sq("f5")).unwrap(), p);
}

#[test]
fn example_2_f4_is_illegal_and_changes_nothing() {
    let mut game = standard_game();
    let before = game.clone();
    let err = game.play(sq("f4")).unwrap_err();
    assert_eq!(
        err,
        PlayError::Illegal {
            square: sq("f4"),
            player: Color::Black
        }
    );
    assert!(err.to_string().contains("f4"), "message: {err}");
    assert_eq!(game, before);
    assert_eq!(game.move_count(), 0);
    let start = Position::standard();
    assert_eq!(start.board.flips(sq("f4")), 0);
    assert!(start.play(sq("f4")).is_err());
    assert!(!game.is_legal(sq("f4")));
}

#[test]
fn example_3_first_moves_are_d3_c4_f5_e6() {
    let game = standard_game();
    let expected = set(&["d3", "c4", "f5", "e6"]);
    assert_eq!(names(game.legal_moves()), expected);
    assert_eq!(names(Position::standard().board.legal_moves()), expected);
    // Every other square is rejected.
    for s in Square::all() {
        let legal = expected.contains(&s.to_string());
        assert_eq!(game.is_legal(s), legal, "{s}");
        let mut g = game.clone();
        assert_eq!(g.play(s).is_ok(), legal, "{s}");
    }
}

/// A finished position (found by an independent search) with 29 black, 27 white, 8 empty.
fn finished_29_27() -> RefPos {
    RefPos::from_rows(
        [
            "OXOOOOOO", "XX.OOOOO", "XXX.X.OO", "XXXOOXOX", "XXX.O.OO", "XXXXOXOX", "X.X.X.OO",
            "XOXOXXOX",
        ],
        Cell::Black,
    )
}

/// A finished position with 30 black, 30 white, 4 empty.
fn finished_30_30() -> RefPos {
    RefPos::from_rows(
        [
            "OXOXOOOX", "OXOXOOXX", "XOOXOXOO", "OXXXOOOO", "XOXXOOOX", "XXOXOOXO", "XXX..XXX",
            "OOO..XXX",
        ],
        Cell::Black,
    )
}

fn check_finished(
    mut pos: RefPos,
    black: u32,
    white: u32,
    empty: u32,
    classic: Option<Color>,
    inverse: Option<Color>,
) {
    assert_eq!(pos.count(Cell::Black), black);
    assert_eq!(pos.count(Cell::White), white);
    assert_eq!(pos.count(Cell::Empty), empty);
    assert!(
        pos.is_over(),
        "the reference must agree that nobody can move"
    );
    for side in [Cell::Black, Cell::White] {
        pos.side = side;
        let p = pos.to_engine();
        assert_eq!(p.board.legal_moves(), 0);
        assert_eq!(p.board.pass().legal_moves(), 0);
        assert!(p.board.is_game_over());
        assert_eq!(p.board.empty_count(), empty);
        for (rules, winner) in [(Rules::Classic, classic), (Rules::Inverse, inverse)] {
            let mut game = Game::new(rules, p);
            assert!(game.is_over());
            assert_eq!(game.to_move(), None);
            assert_eq!(game.legal_moves(), 0);
            assert!(game.passes().is_empty(), "no pass when nobody can move");
            let outcome = game.outcome();
            assert_eq!(
                (outcome.black, outcome.white, outcome.winner),
                (black, white, winner),
                "{rules:?}"
            );
            // Moves are refused with GameOver and change nothing.
            let before = game.clone();
            for s in Square::iter_bits(p.board.empties()) {
                assert_eq!(game.play(s), Err(PlayError::GameOver));
                assert_eq!(game, before);
            }
        }
    }
}

#[test]
fn example_4_finished_29_27_black_wins_classic_white_wins_inverse() {
    check_finished(
        finished_29_27(),
        29,
        27,
        8,
        Some(Color::Black),
        Some(Color::White),
    );
}

#[test]
fn example_4_finished_30_30_is_a_draw_in_both() {
    check_finished(finished_30_30(), 30, 30, 4, None, None);
}

#[test]
fn rules_score_counts_discs_only() {
    assert!(Rules::Classic.score(29, 27) > 0);
    assert!(Rules::Inverse.score(29, 27) < 0);
    assert_eq!(Rules::Classic.score(30, 30), 0);
    assert_eq!(Rules::Inverse.score(30, 30), 0);
    assert_eq!(Rules::Classic.score(29, 27), 2);
    assert_eq!(Rules::Inverse.score(29, 27), -2);
}

// ---------------------------------------------------------------------------------------------
// Start positions
// ---------------------------------------------------------------------------------------------

#[test]
fn start_positions_place_four_discs_black_to_move() {
    // (start, black squares, white squares)
    let table = [
        (Start::Standard, ["d5", "e4"], ["d4", "e5"]),
        (Start::StandardMirror, ["d4", "e5"], ["d5", "e4"]),
        (Start::Alternative, ["d5", "e5"], ["d4", "e4"]),
        (Start::AlternativeMirror, ["d4", "e4"], ["d5", "e5"]),
    ];
    for (start, black, white) in table {
        let p = start.position();
        assert_eq!(p.side, Color::Black, "{start:?}");
        assert_eq!(names(p.black()), set(&black), "{start:?}");
        assert_eq!(names(p.white()), set(&white), "{start:?}");
        assert_eq!(p.board.empty_count(), 60);
        let game = Game::new(Rules::Classic, p);
        assert_eq!(game.to_move(), Some(Color::Black));
        assert!(game.passes().is_empty());
        assert_eq!(game.outcome().black, 2);
        assert_eq!(game.outcome().white, 2);
    }
    assert_eq!(Position::standard(), Start::Standard.position());
    // Same colours on a diagonal in the standard start, side by side in the alternative.
    let s = Start::Standard.position();
    assert_eq!(s.at(sq("d4")), s.at(sq("e5")));
    assert_ne!(s.at(sq("d4")), s.at(sq("e4")));
    let a = Start::Alternative.position();
    assert_eq!(a.at(sq("d4")), a.at(sq("e4")));
    assert_ne!(a.at(sq("d4")), a.at(sq("d5")));
}

#[test]
fn start_names_parse() {
    assert_eq!("standard".parse::<Start>(), Ok(Start::Standard));
    assert_eq!("alternative".parse::<Start>(), Ok(Start::Alternative));
    assert_eq!("Alternative".parse::<Start>(), Ok(Start::Alternative));
    assert_eq!(
        "standard-mirror".parse::<Start>(),
        Ok(Start::StandardMirror)
    );
    assert_eq!(
        "alternative-mirror".parse::<Start>(),
        Ok(Start::AlternativeMirror)
    );
    assert!(matches!(
        "diagonal".parse::<Start>(),
        Err(ParseStartError(s)) if s == "diagonal"
    ));
    assert_eq!("classic".parse::<Rules>(), Ok(Rules::Classic));
    assert_eq!("inverse".parse::<Rules>(), Ok(Rules::Inverse));
    assert!(matches!(
        "reverse".parse::<Rules>(),
        Err(ParseRulesError(_))
    ));
}

#[test]
fn first_moves_from_every_start_match_the_reference() {
    for start in Start::ALL {
        let p = start.position();
        let r = RefPos::from_engine(&p);
        assert_eq!(r.count(Cell::Black), 2);
        let expected = common::mask_of(&r.moves());
        assert_eq!(p.board.legal_moves(), expected, "{start:?}");
        assert_eq!(p.board.legal_moves().count_ones(), 4, "{start:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Passes
// ---------------------------------------------------------------------------------------------

/// Black to move without a move; White can take b1 by playing c1.
fn black_must_pass_at_start() -> RefPos {
    RefPos::from_rows(
        [
            "OX......", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        Cell::Black,
    )
}

/// Black to move: d1 takes b1 c1, after which White (only h7 left) cannot move and must pass;
/// then Black's h6 takes h7 and ends the game.
fn white_must_pass_after_d1() -> RefPos {
    RefPos::from_rows(
        [
            "XOO.....", "........", "........", "........", "........", "........", ".......O",
            ".......X",
        ],
        Cell::Black,
    )
}

#[test]
fn forced_pass_at_the_start() {
    let r = black_must_pass_at_start();
    assert!(r.moves_for(Cell::Black).is_empty());
    assert_eq!(r.moves_for(Cell::White), vec![(0, 2)]);
    let start = r.to_engine();
    let mut game = Game::new(Rules::Classic, start);
    assert_eq!(game.start(), start);
    assert_eq!(game.passes(), vec![Color::Black]);
    assert_eq!(
        game.events(),
        vec![Event::Pass {
            player: Color::Black
        }]
    );
    assert_eq!(game.last_pass(), Some(Color::Black));
    assert_eq!(game.to_move(), Some(Color::White));
    assert_eq!(game.position().side, Color::White);
    assert_eq!(names(game.legal_moves()), set(&["c1"]));
    assert!(!game.is_over());

    game.play(sq("c1")).unwrap();
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    assert_eq!(game.last_pass(), None);
    assert_eq!(game.passes(), vec![Color::Black]);
    let o = game.outcome();
    assert_eq!((o.black, o.white, o.winner), (0, 3, Some(Color::White)));
    let inverse = Game::from_transcript(Rules::Inverse, start, "c1").unwrap();
    assert_eq!(inverse.outcome().winner, Some(Color::Black));
    // The forced pass may be written before the first move.
    assert_eq!(
        Game::from_transcript(Rules::Classic, start, "pac1").unwrap(),
        game
    );
    assert_eq!(
        Game::from_transcript(Rules::Classic, start, "--c1").unwrap(),
        game
    );
}

#[test]
fn forced_pass_in_the_middle_of_a_game() {
    let r = white_must_pass_after_d1();
    let start = r.to_engine();
    let mut after_d1 = r.clone();
    after_d1.play(0, 3);
    assert!(after_d1.moves_for(Cell::White).is_empty());
    assert!(!after_d1.moves_for(Cell::Black).is_empty());

    let mut game = Game::new(Rules::Classic, start);
    assert!(game.passes().is_empty());
    assert_eq!(game.last_pass(), None);
    assert_eq!(names(game.legal_moves()), set(&["d1", "h6"]));

    game.play(sq("d1")).unwrap();
    assert_eq!(game.passes(), vec![Color::White]);
    assert_eq!(game.last_pass(), Some(Color::White));
    assert_eq!(game.to_move(), Some(Color::Black));
    assert_eq!(game.position().side, Color::Black);
    assert_eq!(names(game.legal_moves()), set(&["h6"]));
    assert_eq!(
        game.events(),
        vec![
            Event::Move {
                player: Color::Black,
                square: sq("d1"),
                flips: sq("b1").bit() | sq("c1").bit(),
            },
            Event::Pass {
                player: Color::White
            },
        ]
    );
    let after_pass = game.clone();

    game.play(sq("h6")).unwrap();
    assert_eq!(game.last_pass(), None);
    assert_eq!(game.passes(), vec![Color::White]);
    assert_eq!(game.events().len(), 3);
    assert!(game.is_over());
    let o = game.outcome();
    assert_eq!((o.black, o.white, o.winner), (7, 0, Some(Color::Black)));
    assert_eq!(game.transcript(), "d1h6");

    // Undo brings the pass back (the game keeps h6 as its redo line).
    assert!(game.undo());
    assert_eq!(game.position(), after_pass.position());
    assert_eq!(game.events(), after_pass.events());
    assert_eq!(game.passes(), after_pass.passes());
    assert_eq!(game.last_pass(), Some(Color::White));
    assert_eq!(game.to_move(), Some(Color::Black));
    assert!(game.redo());

    // Written passes are accepted where forced, in either case and both spellings.
    let full = Game::from_transcript(Rules::Classic, start, "d1h6").unwrap();
    for t in ["d1pah6", "d1--h6", "D1PAH6", "d1 pa h6", "d1Pah6"] {
        assert_eq!(
            Game::from_transcript(Rules::Classic, start, t).unwrap(),
            full,
            "{t}"
        );
    }
    // ... but not twice, not before the pass is due, not after the end.
    let err = Game::from_transcript(Rules::Classic, start, "d1papah6").unwrap_err();
    assert_eq!((err.move_number, err.token.as_str()), (3, "pa"));
    let err = Game::from_transcript(Rules::Classic, start, "pad1h6").unwrap_err();
    assert_eq!((err.move_number, err.token.as_str()), (1, "pa"));
    assert_eq!(
        err.kind,
        TranscriptErrorKind::Play(PlayError::PassNotAllowed {
            player: Color::Black
        })
    );
    let err = Game::from_transcript(Rules::Classic, start, "d1h6pa").unwrap_err();
    assert_eq!((err.move_number, err.token.as_str()), (3, "pa"));
    assert_eq!(err.kind, TranscriptErrorKind::Play(PlayError::GameOver));
}

#[test]
fn voluntary_pass_is_rejected() {
    let mut game = standard_game();
    let before = game.clone();
    let err = game.play_transcript("pa").unwrap_err();
    assert_eq!(
        err,
        TranscriptError {
            move_number: 1,
            token: "pa".into(),
            kind: TranscriptErrorKind::Play(PlayError::PassNotAllowed {
                player: Color::Black
            }),
        }
    );
    assert_eq!(game, before);

    let err = game.play_transcript("f5--").unwrap_err();
    assert_eq!(err.move_number, 2);
    assert_eq!(err.token, "--");
    assert_eq!(
        err.kind,
        TranscriptErrorKind::Play(PlayError::PassNotAllowed {
            player: Color::White
        })
    );
    assert!(err.to_string().contains("--"), "{err}");
    assert_eq!(game, before, "the legal f5 before the bad pass is not kept");

    let err = game.play_transcript("f5d6PA").unwrap_err();
    assert_eq!((err.move_number, err.token.as_str()), (3, "PA"));
    assert_eq!(game, before);
}

#[test]
fn a_legal_prefix_is_kept_up_to_the_bad_token() {
    let mut game = standard_game();
    let err = game.play_legal_prefix("f5 d6 zz c3").unwrap_err();
    assert_eq!((err.move_number, err.token.as_str()), (3, "zz"));
    assert_eq!(err.kind, TranscriptErrorKind::Malformed);
    assert_eq!(
        game.transcript(),
        "f5d6",
        "the moves before the bad token are played"
    );
    let mut game = standard_game();
    let err = game.play_legal_prefix("f5f5").unwrap_err();
    assert_eq!(err.move_number, 2);
    assert_eq!(game.transcript(), "f5");
    let mut game = standard_game();
    let err = game.play_legal_prefix("f5--").unwrap_err();
    assert_eq!(err.token, "--");
    assert_eq!(game.transcript(), "f5");
    let mut game = standard_game();
    game.play_legal_prefix("f5d6c3").unwrap();
    assert_eq!(game.transcript(), "f5d6c3");
}

#[test]
fn no_pass_recorded_when_the_game_ends() {
    // Black takes the last white disc: the game ends, nobody "passes".
    let r = RefPos::from_rows(
        [
            "XO......", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        Cell::Black,
    );
    let mut game = Game::new(Rules::Classic, r.to_engine());
    assert_eq!(names(game.legal_moves()), set(&["c1"]));
    game.play(sq("c1")).unwrap();
    assert!(game.is_over());
    assert!(game.passes().is_empty());
    assert_eq!(game.last_pass(), None);
    assert_eq!(game.events().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Corners and board edges
// ---------------------------------------------------------------------------------------------

const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

#[test]
fn corner_discs_never_flip_in_random_games() {
    let mut rng = Rng::new(0x00c0_4e45);
    let corner_bits = CORNERS.iter().fold(0u64, |m, c| m | sq(c).bit());
    let mut corner_moves = 0;
    for game_no in 0..400 {
        let start = Start::ALL[game_no % 4].position();
        let mut game = Game::new(Rules::Classic, start);
        while !game.is_over() {
            let before = game.position();
            let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
            let m = moves[rng.below(moves.len())];
            let flips = match *game.play(m).unwrap() {
                Event::Move { flips, .. } => flips,
                other => panic!("play returned {other:?}"),
            };
            assert_eq!(flips & corner_bits, 0, "a corner flipped by {m}");
            let after = game.position();
            for c in CORNERS {
                if let Some(colour) = before.at(sq(c)) {
                    corner_moves += 1;
                    assert_eq!(after.at(sq(c)), Some(colour), "corner {c} changed");
                }
            }
        }
    }
    assert!(corner_moves > 1000, "too few moves with a corner taken");
}

#[test]
fn lines_do_not_wrap_around_the_board_edge() {
    // h1 (bit 7) and a2 (bit 8) are neighbours in bit order but not on the board.
    let r = RefPos::from_rows(
        [
            "......XO", "X.......", "........", "........", "........", "........", "........",
            "........",
        ],
        Cell::Black,
    );
    let p = r.to_engine();
    assert_eq!(
        p.board.legal_moves(),
        0,
        "no black move: g1-h1 ends at the edge"
    );
    assert!(p.play(sq("g1")).is_err());
    // White on h2 with a black run h1? No: a3 X next to h2 O in bit order only.
    let r = RefPos::from_rows(
        [
            "........", ".......O", "X.......", "........", "........", "........", "........",
            "......O.",
        ],
        Cell::White,
    );
    let p = r.to_engine();
    assert_eq!(p.board.legal_moves(), common::mask_of(&r.moves()));
    assert_eq!(p.board.legal_moves(), 0);
}

// ---------------------------------------------------------------------------------------------
// Undo, redo, go_to
// ---------------------------------------------------------------------------------------------

#[test]
fn undo_and_redo_walk_the_record() {
    let mut game = standard_game();
    let start = game.clone();
    assert!(!game.can_undo());
    assert!(!game.undo(), "nothing to undo at the start");
    assert_eq!(game, start);
    assert!(!game.redo(), "nothing to redo at the start");
    assert_eq!(game, start);

    game.play_transcript("f5d6c3").unwrap();
    let after3 = game.clone();
    assert_eq!(game.move_count(), 3);
    assert_eq!(game.record_len(), 3);
    assert!(!game.redo());
    assert_eq!(game, after3);

    assert!(game.undo());
    assert_eq!(game.move_count(), 2);
    assert_eq!(game.transcript(), "f5d6");
    assert_eq!(game.full_transcript(), "f5d6c3");
    assert!(game.can_redo());
    let fresh = Game::from_transcript(Rules::Classic, Position::standard(), "f5d6").unwrap();
    assert_eq!(game.position(), fresh.position());
    assert_eq!(game.legal_moves(), fresh.legal_moves());
    assert_eq!(game.outcome(), fresh.outcome());
    assert_eq!(game.to_move(), Some(Color::Black));
    assert!(game.redo());
    assert_eq!(game, after3);

    // Replaying the move that redo would play keeps the redo line.
    assert!(game.undo() && game.undo());
    assert_eq!(game.transcript(), "f5");
    game.play(sq("d6")).unwrap();
    assert_eq!(game.record_len(), 3);
    assert!(game.can_redo());
    assert_eq!(game.full_transcript(), "f5d6c3");
    assert!(game.redo());
    assert_eq!(game, after3);

    // A different move drops it.
    assert!(game.undo() && game.undo());
    game.play(sq("f6")).unwrap();
    assert_eq!(game.record_len(), 2);
    assert!(!game.can_redo());
    assert_eq!(game.full_transcript(), "f5f6");
    let branch = game.clone();
    assert!(!game.redo());
    assert_eq!(game, branch);
    assert_eq!(
        game,
        Game::from_transcript(Rules::Classic, Position::standard(), "f5f6").unwrap()
    );
}

#[test]
fn go_to_jumps_within_the_record() {
    let mut game = standard_game();
    game.play_transcript("f5d6c3d3c4").unwrap();
    let end = game.clone();
    assert!(game.go_to(0));
    assert_eq!(game.position(), Position::standard());
    assert_eq!(game.move_count(), 0);
    assert!(!game.can_undo());
    assert_eq!(game.transcript(), "");
    assert!(game.go_to(2));
    assert_eq!(game.transcript(), "f5d6");
    assert_eq!(
        game.position(),
        Game::from_transcript(Rules::Classic, Position::standard(), "f5d6")
            .unwrap()
            .position()
    );
    let at2 = game.clone();
    assert!(!game.go_to(6), "beyond the record");
    assert_eq!(game, at2);
    assert!(game.go_to(5));
    assert_eq!(game, end);
    assert!(game.go_to(5), "going to where we are is fine");
    assert_eq!(game, end);
}

#[test]
fn undo_turn_and_redo_turn_skip_the_opponent_moves() {
    let mut game = standard_game();
    assert!(!game.undo_turn(Color::Black), "nothing to undo");
    game.play_transcript("f5d6c3d3").unwrap();
    let end = game.clone();
    assert!(game.undo_turn(Color::Black));
    assert_eq!(game.transcript(), "f5d6");
    assert_eq!(game.to_move(), Some(Color::Black));
    assert!(game.undo_turn(Color::Black));
    assert_eq!(game.transcript(), "");
    assert!(!game.undo_turn(Color::Black));
    assert!(game.redo_turn(Color::Black));
    assert_eq!(game.transcript(), "f5d6");
    assert!(game.redo_turn(Color::Black));
    assert_eq!(game, end);
    assert!(!game.redo_turn(Color::Black));
    assert_eq!(game, end);
    // White's turn: back to before d3, then before d6.
    assert!(game.undo_turn(Color::White));
    assert_eq!(game.transcript(), "f5d6c3");
    assert_eq!(game.to_move(), Some(Color::White));

    // Across a forced pass: Black moved twice in a row.
    let start = white_must_pass_after_d1().to_engine();
    let mut game = Game::from_transcript(Rules::Classic, start, "d1h6").unwrap();
    assert!(game.undo_turn(Color::Black));
    assert_eq!(game.transcript(), "d1");
    assert_eq!(game.to_move(), Some(Color::Black));
    assert!(game.undo_turn(Color::Black));
    assert_eq!(game.transcript(), "");
    // White never moved: nothing of White's to take back, nothing changes.
    let mut game = Game::from_transcript(Rules::Classic, start, "d1h6").unwrap();
    let before = game.clone();
    assert!(!game.undo_turn(Color::White));
    assert_eq!(game, before);
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

#[test]
fn errors_leave_the_game_unchanged() {
    let mut game = standard_game();
    game.play_transcript("f5d6").unwrap();
    game.undo();
    let before = game.clone();

    // Occupied squares and squares that flip nothing.
    for name in ["d4", "e4", "f5", "a1", "h8", "c3", "c5"] {
        let err = game.play(sq(name)).unwrap_err();
        assert_eq!(
            err,
            PlayError::Illegal {
                square: sq(name),
                player: Color::White
            },
            "{name}"
        );
        assert_eq!(game, before, "{name}");
    }

    // Transcripts that fail part-way: nothing of them is kept.
    let cases = [
        ("d6c3zz", 3, "zz", TranscriptErrorKind::Malformed),
        ("d6c3i9", 3, "i9", TranscriptErrorKind::Malformed),
        ("d6c3d", 3, "d", TranscriptErrorKind::Malformed),
        (
            "c3",
            1,
            "c3",
            TranscriptErrorKind::Play(PlayError::Illegal {
                square: sq("c3"),
                player: Color::White,
            }),
        ),
        (
            "d6 c3 a1",
            3,
            "a1",
            TranscriptErrorKind::Play(PlayError::Illegal {
                square: sq("a1"),
                player: Color::White,
            }),
        ),
        (
            "D6E4",
            2,
            "E4",
            TranscriptErrorKind::Play(PlayError::Illegal {
                square: sq("e4"),
                player: Color::Black,
            }),
        ),
    ];
    for (t, n, token, kind) in cases {
        let err = game.play_transcript(t).unwrap_err();
        assert_eq!(err.move_number, n, "{t}");
        assert_eq!(err.token, token, "{t}");
        assert_eq!(err.kind, kind, "{t}");
        let msg = err.to_string();
        assert!(
            msg.contains(token) && msg.contains(&n.to_string()),
            "{t}: {msg}"
        );
        assert_eq!(game, before, "{t}");
    }
    // The redo line survives the failed attempts.
    assert!(game.redo());
    assert_eq!(game.transcript(), "f5d6");
}

#[test]
fn parse_errors_are_typed() {
    assert_eq!("i9".parse::<Square>(), Err(ParseSquareError("i9".into())));
    assert!("a0".parse::<Square>().is_err());
    assert!("a".parse::<Square>().is_err());
    assert!("a10".parse::<Square>().is_err());
    assert!("".parse::<Square>().is_err());
    assert_eq!(Position::parse("XO-", "X"), Err(ParseBoardError::Length(3)));
    let mut board = "-".repeat(64);
    board.replace_range(10..11, "Z");
    assert_eq!(
        Position::parse(&board, "X"),
        Err(ParseBoardError::Cell {
            index: 10,
            found: 'Z'
        })
    );
    assert!(matches!(
        Position::parse(&"-".repeat(64), "Q"),
        Err(ParseBoardError::Side(ParseColorError(s))) if s == "Q"
    ));
    assert_eq!(
        Position::parse_obf(&"-".repeat(64)),
        Err(ParseObfError::MissingSide)
    );
}
