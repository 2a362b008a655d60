//! Property tests: notation round trips (squares, board strings, OBF, transcripts), undo/redo
//! against a model of the record, and malformed input that must give errors, never panics.

mod common;

use common::Rng;
use proptest::prelude::*;
use reversi::{
    Color, Event, Game, ParseBoardError, ParseSquareError, Position, Rules, Square, Start,
    TranscriptErrorKind,
};

/// A start position: one of the four named starts, or (kind 4) a random board.
fn start_position(kind: usize, rng: &mut Rng) -> Position {
    if kind < 4 {
        Start::ALL[kind].position()
    } else {
        let pct = 5 + rng.below(40) as u64;
        common::random_ref_position(rng, pct, pct).to_engine()
    }
}

/// A game of random moves from `start`, stopped after `max_moves` or at the end.
fn random_game(rules: Rules, start: Position, rng: &mut Rng, max_moves: usize) -> Game {
    let mut game = Game::new(rules, start);
    for _ in 0..max_moves {
        let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    game
}

fn rules_of(inverse: bool) -> Rules {
    if inverse {
        Rules::Inverse
    } else {
        Rules::Classic
    }
}

fn cell_char() -> impl Strategy<Value = char> {
    prop_oneof![Just('X'), Just('O'), Just('-')]
}

fn side_char() -> impl Strategy<Value = char> {
    prop_oneof![Just('X'), Just('O')]
}

proptest! {
    #[test]
    fn square_names_round_trip(index in 0u8..64) {
        let s = Square::new(index).unwrap();
        let (col, row) = (index % 8, index / 8);
        let expected = format!("{}{}", (b'a' + col) as char, row + 1);
        prop_assert_eq!(s.to_string(), expected.clone());
        prop_assert_eq!(expected.parse::<Square>(), Ok(s));
        prop_assert_eq!(expected.to_uppercase().parse::<Square>(), Ok(s));
        prop_assert_eq!(s.index(), index as usize);
        prop_assert_eq!(s.bit(), 1u64 << index);
        prop_assert_eq!(Square::from_coords(col, row), Some(s));
    }

    #[test]
    fn square_parse_of_two_chars(a in any::<char>(), b in any::<char>()) {
        let text: String = [a, b].iter().collect();
        let valid = a.is_ascii_alphabetic()
            && ('a'..='h').contains(&a.to_ascii_lowercase())
            && ('1'..='8').contains(&b);
        match text.parse::<Square>() {
            Ok(s) => {
                prop_assert!(valid, "{text:?} accepted");
                prop_assert_eq!(s.to_string(), text.to_lowercase());
            }
            Err(e) => {
                prop_assert!(!valid, "{text:?} rejected");
                prop_assert_eq!(e, ParseSquareError(text));
            }
        }
    }

    #[test]
    fn square_out_of_range_is_none(index in 64u8..) {
        prop_assert_eq!(Square::new(index), None);
    }

    #[test]
    fn board_strings_round_trip(
        cells in prop::collection::vec(cell_char(), 64),
        side in side_char(),
        lower in any::<bool>(),
        spaced in any::<bool>(),
    ) {
        let text: String = cells.iter().collect();
        let side_text = side.to_string();
        let p = Position::parse(&text, &side_text).unwrap();
        prop_assert_eq!(p.board_string(), text.clone());
        prop_assert_eq!(p.side, if side == 'X' { Color::Black } else { Color::White });
        // The discs, computed independently from the text.
        let mask = |c: char| {
            cells.iter().enumerate().filter(|(_, &x)| x == c).fold(0u64, |m, (i, _)| m | 1 << i)
        };
        prop_assert_eq!(p.black(), mask('X'));
        prop_assert_eq!(p.white(), mask('O'));
        prop_assert_eq!(Position::parse(&p.board_string(), &side_text), Ok(p));
        // Other accepted spellings give the same position.
        let mut variant: String = if lower {
            text.chars().map(|c| match c { 'X' => 'x', 'O' => 'o', _ => '.' }).collect()
        } else {
            text.clone()
        };
        if spaced {
            variant = variant
                .as_bytes()
                .chunks(8)
                .map(|r| std::str::from_utf8(r).unwrap())
                .collect::<Vec<_>>()
                .join("\n ");
        }
        let side_variant = if lower { side_text.to_lowercase() } else { side_text.clone() };
        prop_assert_eq!(Position::parse(&variant, &side_variant), Ok(p));
    }

    #[test]
    fn obf_round_trips(
        cells in prop::collection::vec(cell_char(), 64),
        side in side_char(),
        scores in prop::collection::vec((proptest::option::of(0u8..64), -64i32..=64), 0..6),
    ) {
        let text: String = cells.iter().collect();
        let p = Position::parse(&text, &side.to_string()).unwrap();
        let obf = p.to_obf();
        prop_assert_eq!(&obf, &format!("{text} {side}"));
        prop_assert_eq!(Position::parse_obf(&obf), Ok((p, vec![])));
        let mut line = obf.clone();
        let mut expected = Vec::new();
        for (sq, score) in &scores {
            let sq = sq.map(|i| Square::new(i).unwrap());
            let name = sq.map_or("PA".to_string(), |s| s.to_string().to_uppercase());
            line.push_str(&format!("; {name}:{score:+}"));
            expected.push((sq, *score));
        }
        line.push_str(";  % a comment");
        prop_assert_eq!(Position::parse_obf(&line), Ok((p, expected)));
    }

    #[test]
    fn transcripts_round_trip(
        seed in any::<u64>(),
        kind in 0usize..5,
        inverse in any::<bool>(),
        max_moves in 0usize..70,
        dashes in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let start = start_position(kind, &mut rng);
        let rules = rules_of(inverse);
        let game = random_game(rules, start, &mut rng, max_moves);
        let t = game.transcript();
        prop_assert_eq!(t.len(), 2 * game.move_count());
        prop_assert_eq!(Game::from_transcript(rules, start, &t), Ok(game.clone()));
        prop_assert_eq!(Game::from_transcript(rules, start, &t.to_uppercase()), Ok(game.clone()));

        // With the forced passes written where they happened.
        let mut with_passes = String::new();
        for e in game.events() {
            match e {
                Event::Move { square, .. } => with_passes.push_str(&square.to_string()),
                Event::Pass { .. } => with_passes.push_str(if dashes { "--" } else { "pa" }),
            }
        }
        prop_assert_eq!(Game::from_transcript(rules, start, &with_passes), Ok(game.clone()));
        prop_assert_eq!(
            Game::from_transcript(rules, start, &with_passes.to_uppercase()),
            Ok(game.clone())
        );
        // Whitespace between tokens is ignored.
        let spaced: Vec<String> = with_passes
            .as_bytes()
            .chunks(2)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        prop_assert_eq!(Game::from_transcript(rules, start, &spaced.join(" ")), Ok(game.clone()));
    }

    #[test]
    fn a_bad_token_after_a_valid_prefix_is_located(
        seed in any::<u64>(),
        kind in 0usize..4,
        max_moves in 0usize..60,
        bad in prop_oneof![Just("z9"), Just("i1"), Just("a0"), Just("d4"), Just("pa"), Just("x")],
    ) {
        let mut rng = Rng::new(seed);
        let start = start_position(kind, &mut rng);
        let game = random_game(Rules::Classic, start, &mut rng, max_moves);
        // A written pass is fine where a pass was forced.
        prop_assume!(!(bad == "pa" && game.last_pass().is_some()));
        let t = format!("{}{}", game.transcript(), bad);
        let mut fresh = Game::new(Rules::Classic, start);
        let before = fresh.clone();
        let err = fresh.play_transcript(&t).unwrap_err();
        prop_assert_eq!(&fresh, &before, "the game is unchanged after an error");
        prop_assert_eq!(err.move_number, game.move_count() + 1);
        prop_assert_eq!(err.token.as_str(), bad);
        let malformed = matches!(bad, "z9" | "i1" | "a0" | "x");
        prop_assert_eq!(err.kind == TranscriptErrorKind::Malformed, malformed);
        let message = err.to_string();
        prop_assert!(message.contains(bad), "{}", message);
        prop_assert!(message.contains(&(game.move_count() + 1).to_string()), "{}", message);
    }

    #[test]
    fn undo_redo_go_to_follow_the_model(
        seed in any::<u64>(),
        kind in 0usize..5,
        ops in prop::collection::vec((0u8..4, any::<u16>()), 1..80),
    ) {
        let mut rng = Rng::new(seed);
        let start = start_position(kind, &mut rng);
        let rules = Rules::Classic;
        let mut game = Game::new(rules, start);
        // The model: the record as transcripts of each state, and the current index.
        let mut line: Vec<String> = vec![String::new()];
        let mut current = 0usize;
        for (op, arg) in ops {
            let before = game.clone();
            match op {
                0 => {
                    let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
                    if moves.is_empty() {
                        // Nothing to play: any square is refused, nothing changes.
                        let s = Square::new((arg % 64) as u8).unwrap();
                        prop_assert!(game.play(s).is_err());
                        prop_assert_eq!(&game, &before);
                        continue;
                    }
                    let m = moves[arg as usize % moves.len()];
                    game.play(m).unwrap();
                    let t = format!("{}{}", line[current], m);
                    if line.get(current + 1) != Some(&t) {
                        line.truncate(current + 1);
                        line.push(t);
                    }
                    current += 1;
                    // Undo then redo is the identity on the whole game.
                    let after = game.clone();
                    prop_assert!(game.undo());
                    prop_assert!(game.redo());
                    prop_assert_eq!(&game, &after);
                }
                1 => {
                    let done = game.undo();
                    prop_assert_eq!(done, current > 0);
                    if done {
                        current -= 1;
                        // Replaying the undone move restores the exact game.
                        let mut again = game.clone();
                        let next = &line[current + 1][2 * current..];
                        again.play(next.parse().unwrap()).unwrap();
                        prop_assert_eq!(&again, &before);
                    } else {
                        prop_assert_eq!(&game, &before);
                    }
                }
                2 => {
                    let done = game.redo();
                    prop_assert_eq!(done, current + 1 < line.len());
                    if done {
                        current += 1;
                    } else {
                        prop_assert_eq!(&game, &before);
                    }
                }
                _ => {
                    let n = arg as usize % (line.len() + 2);
                    let done = game.go_to(n);
                    prop_assert_eq!(done, n < line.len());
                    if done {
                        current = n;
                    } else {
                        prop_assert_eq!(&game, &before);
                    }
                }
            }
            // The state is the one of a fresh replay of the model's transcript.
            let fresh = Game::from_transcript(rules, start, &line[current]).unwrap();
            prop_assert_eq!(game.transcript(), line[current].clone());
            prop_assert_eq!(game.position(), fresh.position());
            prop_assert_eq!(game.outcome(), fresh.outcome());
            prop_assert_eq!(game.legal_moves(), fresh.legal_moves());
            prop_assert_eq!(game.to_move(), fresh.to_move());
            prop_assert_eq!(game.passes(), fresh.passes());
            prop_assert_eq!(game.last_pass(), fresh.last_pass());
            prop_assert_eq!(game.events(), fresh.events());
            prop_assert_eq!(game.move_count(), current);
            prop_assert_eq!(game.record_len(), line.len() - 1);
            prop_assert_eq!(game.full_transcript(), line.last().unwrap().clone());
            prop_assert_eq!(game.can_undo(), current > 0);
            prop_assert_eq!(game.can_redo(), current + 1 < line.len());
        }
    }

    #[test]
    fn random_text_never_panics(text in ".{0,80}", side in ".{0,4}") {
        let square = text.parse::<Square>();
        if text.len() != 2 {
            prop_assert!(square.is_err());
        }
        let cells = text.chars().filter(|c| !c.is_whitespace()).count();
        let board = Position::parse(&text, &side);
        if cells != 64 {
            prop_assert_eq!(board, Err(ParseBoardError::Length(cells)));
        }
        let _ = Position::parse_obf(&text);
        let _ = text.parse::<Start>();
        let _ = text.parse::<Rules>();
        let _ = side.parse::<Color>();
        let mut game = Game::new(Rules::Classic, Position::standard());
        let before = game.clone();
        if game.play_transcript(&text).is_err() {
            prop_assert_eq!(&game, &before);
        }
    }

    #[test]
    fn near_valid_transcripts_never_panic(text in "[a-iA-I0-9p\\- ]{0,60}") {
        let mut game = Game::new(Rules::Inverse, Start::Alternative.position());
        let before = game.clone();
        match game.play_transcript(&text) {
            Ok(()) => {
                // Whatever was accepted replays the same way.
                let again = Game::from_transcript(
                    Rules::Inverse,
                    Start::Alternative.position(),
                    &game.transcript(),
                );
                prop_assert_eq!(again, Ok(game.clone()));
            }
            Err(e) => {
                prop_assert_eq!(&game, &before);
                prop_assert!(e.move_number >= 1);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn near_valid_boards_never_panic(
        text in "[XOxo.\\-* Z]{60,68}",
        side in "[XOxoBWbw*Q ]{0,3}",
    ) {
        match Position::parse(&text, &side) {
            Ok(p) => {
                prop_assert_eq!(p.black() & p.white(), 0);
                let round = Position::parse(&p.board_string(), &p.side.symbol().to_string());
                prop_assert_eq!(round, Ok(p));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let line = format!("{text} {side};");
        let _ = Position::parse_obf(&line);
    }
}
