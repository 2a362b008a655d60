//! The engine against a deliberately naive reference implementation (tests/common: an 8x8 array
//! of cells, loops over the eight directions, its own pass and end logic) on many positions
//! from seeded random games, from all four start positions, under both rules, and from random
//! boards.

mod common;

use common::{mask_of, to_color, Cell, RefPos, Rng};
use reversi::internals as bitboard;
use reversi::{perft, Color, Event, Game, PassRule, PlayError, Rules, Square, Start};

#[derive(Default, Debug)]
struct Stats {
    /// Positions compared in full (moves, flips and resulting boards of every square).
    positions: usize,
    /// Legal moves whose resulting board was compared.
    moves: usize,
    /// Forced passes seen during games (not at the start).
    passes: usize,
    /// Games played to the end.
    games: usize,
    /// Games that ended with empty squares left.
    early_ends: usize,
    /// Starting positions where the side to move had to pass at once.
    start_passes: usize,
    /// Starting positions where nobody could move.
    dead_starts: usize,
    /// Finished games per winner under the rules played: black, white, draw.
    results: [usize; 3],
}

fn square(row: usize, col: usize) -> Square {
    Square::from_coords(col as u8, row as u8).expect("on the board")
}

/// Compares everything the engine says about one position with the reference. Returns the
/// reference's legal moves and whether the game is over there.
fn check_position(r: &RefPos, stats: &mut Stats) -> (Vec<(usize, usize)>, bool) {
    let p = r.to_engine();
    assert_eq!(RefPos::from_engine(&p), *r, "conversion round trip");
    let board = p.board;
    let them = r.side.opposite();

    let moves = r.moves();
    assert_eq!(board.legal_moves(), mask_of(&moves), "legal moves of\n{p}");
    assert_eq!(
        bitboard::legal_moves(board.player, board.opponent),
        mask_of(&moves)
    );
    // The portable version too (the default one may be the AVX2 one).
    assert_eq!(
        bitboard::legal_moves_scalar(board.player, board.opponent),
        mask_of(&moves)
    );
    let their_moves = r.moves_for(them);
    // Two positions at once: this one next to its colour swap.
    assert_eq!(
        bitboard::legal_moves_x2(
            [board.player, board.opponent],
            [board.opponent, board.player]
        ),
        [mask_of(&moves), mask_of(&their_moves)]
    );
    assert_eq!(
        board.pass().legal_moves(),
        mask_of(&their_moves),
        "legal moves of the opponent in\n{p}"
    );
    let over = moves.is_empty() && their_moves.is_empty();
    assert_eq!(board.is_game_over(), over, "game over in\n{p}");
    assert_eq!(board.empty_count(), r.count(Cell::Empty));
    assert_eq!(board.empties(), r.mask(Cell::Empty));

    for row in 0..8 {
        for col in 0..8 {
            let s = square(row, col);
            assert_eq!(s.to_string(), common::cell_name(row, col));
            let flips = r.flips_for(r.side, row, col);
            assert_eq!(board.flips(s), mask_of(&flips), "flips of {s} in\n{p}");
            if r.cells[row][col] == Cell::Empty {
                assert_eq!(
                    bitboard::flips(board.player, board.opponent, s.index()),
                    mask_of(&flips),
                    "bitboard::flips of {s} in\n{p}"
                );
                assert_eq!(
                    bitboard::flips_scalar(board.player, board.opponent, s.index()),
                    mask_of(&flips),
                    "bitboard::flips_scalar of {s} in\n{p}"
                );
            }
            if flips.is_empty() {
                assert_eq!(
                    p.play(s),
                    Err(PlayError::Illegal {
                        square: s,
                        player: p.side
                    })
                );
            } else {
                let mut after = r.clone();
                after.play(row, col);
                let expected = after.to_engine();
                assert_eq!(p.play(s).unwrap(), expected, "{s} played in\n{p}");
                assert_eq!(board.make_move(s, board.flips(s)), expected.board);
                stats.moves += 1;
            }
        }
    }
    stats.positions += 1;
    (moves, over)
}

fn expected_winner(r: &RefPos, rules: Rules) -> Option<Color> {
    match r.winner(rules == Rules::Inverse) {
        Cell::Empty => None,
        c => Some(to_color(c)),
    }
}

/// Plays a random game from `start` in the engine's `Game` and in the reference side by side,
/// comparing every step.
fn play_random_game(start: &RefPos, rules: Rules, rng: &mut Rng, stats: &mut Stats) {
    let mut game = Game::new(rules, start.to_engine());
    assert_eq!(game.start(), start.to_engine());
    let mut r = start.clone();
    let mut events = Vec::new();
    let mut passes = Vec::new();
    let mut last_pass = r.forced_pass();
    if let Some(passer) = last_pass {
        events.push(Event::Pass {
            player: to_color(passer),
        });
        passes.push(to_color(passer));
    }
    loop {
        let (moves, over) = check_position(&r, stats);
        assert_eq!(game.position(), r.to_engine(), "game position");
        assert_eq!(game.is_over(), over);
        assert_eq!(
            game.to_move(),
            if over { None } else { Some(to_color(r.side)) }
        );
        assert_eq!(game.legal_moves(), mask_of(&moves));
        assert_eq!(game.last_pass(), last_pass.map(to_color));
        assert_eq!(game.passes(), passes);
        assert_eq!(game.events(), events);
        let outcome = game.outcome();
        assert_eq!(outcome.black, r.count(Cell::Black));
        assert_eq!(outcome.white, r.count(Cell::White));
        assert_eq!(outcome.winner, expected_winner(&r, rules));
        if over {
            break;
        }

        let (row, col) = moves[rng.below(moves.len())];
        let s = square(row, col);
        let flips = mask_of(&r.flips_for(r.side, row, col));
        let event = Event::Move {
            player: to_color(r.side),
            square: s,
            flips,
        };
        assert_eq!(*game.play(s).expect("a legal move"), event);
        events.push(event);
        r.play(row, col);
        last_pass = r.forced_pass();
        if let Some(passer) = last_pass {
            events.push(Event::Pass {
                player: to_color(passer),
            });
            passes.push(to_color(passer));
            stats.passes += 1;
        }
    }

    // The finished game: nobody moves, counts and winner from the reference.
    assert_eq!(game.play(square(0, 0)), Err(PlayError::GameOver));
    let winner = expected_winner(&r, rules);
    stats.results[match winner {
        Some(Color::Black) => 0,
        Some(Color::White) => 1,
        None => 2,
    }] += 1;
    if r.count(Cell::Empty) > 0 {
        stats.early_ends += 1;
    }
    stats.games += 1;
    // The transcript replays to the same game.
    let replay = Game::from_transcript(rules, start.to_engine(), &game.transcript())
        .expect("the game's own transcript replays");
    assert_eq!(replay, game);
}

#[test]
fn random_games_from_every_start_under_both_rules() {
    let mut stats = Stats::default();
    let mut rng = Rng::new(0x05ee_d0f0_e110);
    let games_each = 230;
    for start in Start::ALL {
        let r = RefPos::from_engine(&start.position());
        for rules in [Rules::Classic, Rules::Inverse] {
            for _ in 0..games_each {
                play_random_game(&r, rules, &mut rng, &mut stats);
            }
        }
    }
    println!("{stats:?}");
    assert_eq!(stats.games, 4 * 2 * games_each);
    assert!(
        stats.positions >= 100_000,
        "only {} positions",
        stats.positions
    );
    assert!(stats.passes > 50, "too few forced passes: {}", stats.passes);
    assert!(stats.early_ends > 10, "too few games ending early");
    assert!(stats.results.iter().all(|&n| n > 0), "{:?}", stats.results);
}

#[test]
fn random_boards() {
    let mut stats = Stats::default();
    let mut rng = Rng::new(0xb0a4d5);
    // (black %, white %) of the cells: sparse, dense, lopsided, nearly empty and full boards.
    let densities = [
        (3, 3),
        (8, 8),
        (20, 20),
        (35, 35),
        (48, 48),
        (60, 5),
        (5, 60),
        (30, 60),
        (1, 1),
    ];
    let mut boards = 0;
    for round in 0..400 {
        for &(b, w) in &densities {
            let r = common::random_ref_position(&mut rng, b, w);
            boards += 1;
            // Both sides to move.
            let mut other = r.clone();
            other.side = other.side.opposite();
            check_position(&other, &mut stats);
            let mut settled = r.clone();
            if r.is_over() {
                stats.dead_starts += 1;
            } else if settled.forced_pass().is_some() {
                stats.start_passes += 1;
            }
            let rules = if round % 2 == 0 {
                Rules::Classic
            } else {
                Rules::Inverse
            };
            play_random_game(&r, rules, &mut rng, &mut stats);
        }
    }
    println!("{boards} boards: {stats:?}");
    assert!(stats.dead_starts > 50, "{stats:?}");
    assert!(stats.start_passes > 50, "{stats:?}");
    assert!(stats.passes > 50, "{stats:?}");
    assert!(stats.results.iter().all(|&n| n > 0), "{:?}", stats.results);
}

/// Special boards: full, empty, one colour only, all corners.
#[test]
fn edge_case_boards() {
    let mut stats = Stats::default();
    let mut rng = Rng::new(7);
    let mut boards = vec![
        RefPos::empty(Cell::Black),
        RefPos::from_rows(["XXXXXXXX"; 8], Cell::White),
        RefPos::from_rows(["OOOOOOOO"; 8], Cell::Black),
        RefPos::from_rows(
            [
                "XXXXXXXX", "OOOOOOOO", "XXXXXXXX", "OOOOOOOO", "XXXXXXXX", "OOOOOOOO", "XXXXXXXX",
                "OOOOOOOO",
            ],
            Cell::Black,
        ),
        RefPos::from_rows(
            [
                "O......O", "........", "........", "...XX...", "...XX...", "........", "........",
                "O......O",
            ],
            Cell::Black,
        ),
        // Runs of opponent discs along every edge, one own disc at the far end.
        RefPos::from_rows(
            [
                ".OOOOOOX", "O......O", "O......O", "O......O", "O......O", "O......O", "O......O",
                "XOOOOOO.",
            ],
            Cell::Black,
        ),
        // Lines that would wrap from one row into the next in bit order.
        RefPos::from_rows(
            [
                "......XO", "O......X", "X......O", "OX......", "......OX", "XO......", ".......O",
                "X.......",
            ],
            Cell::Black,
        ),
    ];
    // The full board with one cell emptied, at every cell, both sides.
    for i in 0..64 {
        let mut r = RefPos::from_rows(
            [
                "XOXOXOXO", "OXOXOXOX", "XXOOXXOO", "OOXXOOXX", "XOOXXOOX", "OXXOOXXO", "XXXXOOOO",
                "OOOOXXXX",
            ],
            if i % 2 == 0 { Cell::Black } else { Cell::White },
        );
        r.cells[i / 8][i % 8] = Cell::Empty;
        boards.push(r);
    }
    for r in &boards {
        for side in [Cell::Black, Cell::White] {
            let mut s = r.clone();
            s.side = side;
            check_position(&s, &mut stats);
            play_random_game(&s, Rules::Classic, &mut rng, &mut stats);
            play_random_game(&s, Rules::Inverse, &mut rng, &mut stats);
        }
    }
    assert!(stats.positions > 2 * boards.len());
}

/// Reference perft: the pass rule implemented on the reference board.
fn ref_perft(r: &RefPos, depth: u32, pass_is_ply: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.moves();
    if moves.is_empty() {
        let mut passed = r.clone();
        passed.side = passed.side.opposite();
        if passed.moves().is_empty() {
            return 1; // the game is over: one leaf
        }
        return if pass_is_ply {
            ref_perft(&passed, depth - 1, pass_is_ply)
        } else {
            ref_perft(&passed, depth, pass_is_ply)
        };
    }
    moves
        .iter()
        .map(|&(row, col)| {
            let mut child = r.clone();
            child.play(row, col);
            ref_perft(&child, depth - 1, pass_is_ply)
        })
        .sum()
}

#[test]
fn perft_of_every_start_matches_the_reference() {
    for start in Start::ALL {
        let p = start.position();
        let r = RefPos::from_engine(&p);
        for depth in 1..=6 {
            assert_eq!(
                perft(p.board, depth, PassRule::PassIsPly),
                ref_perft(&r, depth, true),
                "{start:?} depth {depth} pass is ply"
            );
            assert_eq!(
                perft(p.board, depth, PassRule::PassIsNotPly),
                ref_perft(&r, depth, false),
                "{start:?} depth {depth} pass is not ply"
            );
        }
    }
}

#[test]
fn perft_of_random_midgame_positions_matches_the_reference() {
    // Deep in random games passes and early ends occur within a few plies.
    let mut rng = Rng::new(0x9e7f);
    let mut compared = 0;
    for _ in 0..60 {
        let mut r = RefPos::from_engine(&Start::ALL[rng.below(4)].position());
        let plies = 40 + rng.below(18);
        for _ in 0..plies {
            if r.is_over() {
                break;
            }
            r.forced_pass();
            let moves = r.moves();
            let (row, col) = moves[rng.below(moves.len())];
            r.play(row, col);
        }
        let p = r.to_engine();
        for depth in 1..=4 {
            for (rule, is_ply) in [(PassRule::PassIsPly, true), (PassRule::PassIsNotPly, false)] {
                assert_eq!(
                    perft(p.board, depth, rule),
                    ref_perft(&r, depth, is_ply),
                    "depth {depth} {rule:?} from\n{p}"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 60 * 8);
}

/// The FFO suites list the exact result after every legal move of each position: the listed
/// moves are independent data for the move generator (the reference must agree too).
#[test]
fn ffo_positions_list_exactly_the_legal_moves() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut positions = 0;
    for file in [
        "fforum-1-19.obf",
        "fforum-20-39.obf",
        "fforum-40-59.obf",
        "fforum-60-79.obf",
    ] {
        let path = format!("{dir}/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let (p, scores) =
                reversi::Position::parse_obf(line).unwrap_or_else(|e| panic!("{file}:{n}: {e}"));
            let listed = scores.iter().fold(0u64, |m, (sq, _)| {
                m | sq.expect("the suites have no pass positions").bit()
            });
            assert_eq!(scores.len() as u32, listed.count_ones(), "{file}:{n}");
            assert_eq!(p.board.legal_moves(), listed, "{file}:{n}: {line}");
            let r = RefPos::from_engine(&p);
            assert_eq!(mask_of(&r.moves()), listed, "{file}:{n}: reference");
            let mut stats = Stats::default();
            check_position(&r, &mut stats);
            positions += 1;
        }
    }
    assert_eq!(positions, 79, "FFO positions 1 to 79");
}

/// `bitboard::stable_discs` is sound: a disc it calls stable never changes colour in any
/// continuation (checked on random playouts), it includes the owned corners, and on a full
/// board every disc is stable.
#[test]
fn stable_discs_never_flip() {
    use reversi::Board;
    let mut rng = Rng::new(0x57ab);
    let corners = bitboard::CORNERS;
    let mut stable_seen = 0u64;
    let mut full_boards = 0;
    for game_no in 0..300 {
        let mut board = Start::ALL[game_no % 4].position().board;
        loop {
            let (p, o) = (board.player, board.opponent);
            let sp = bitboard::stable_discs(p, o);
            let so = bitboard::stable_discs(o, p);
            assert_eq!(sp & !p, 0, "stable discs of the wrong colour");
            assert_eq!(so & !o, 0, "stable discs of the wrong colour");
            assert_eq!(sp & corners, p & corners, "an owned corner is stable");
            if board.empty_count() == 0 {
                assert_eq!(sp, p, "full board: every disc is stable");
                assert_eq!(so, o, "full board: every disc is stable");
                full_boards += 1;
            }
            stable_seen += u64::from((sp | so).count_ones());
            // Random playouts: the discs stay as they are. `mine` is the colour of the side to
            // move at the position checked.
            for _ in 0..4 {
                let mut b = board;
                let mut mine = true;
                loop {
                    let (now_p, now_o) = if mine {
                        (b.player, b.opponent)
                    } else {
                        (b.opponent, b.player)
                    };
                    assert_eq!(now_p & sp, sp, "a stable disc flipped");
                    assert_eq!(now_o & so, so, "a stable disc flipped");
                    if b.is_game_over() {
                        break;
                    }
                    let moves = b.legal_moves();
                    if moves == 0 {
                        b = b.pass();
                    } else {
                        let all: Vec<Square> = Square::iter_bits(moves).collect();
                        let m = all[rng.below(all.len())];
                        b = b.make_move(m, b.flips(m));
                    }
                    mine = !mine;
                }
            }
            if board.is_game_over() {
                break;
            }
            let moves = board.legal_moves();
            board = if moves == 0 {
                board.pass()
            } else {
                let all: Vec<Square> = Square::iter_bits(moves).collect();
                let m = all[rng.below(all.len())];
                board.make_move(m, board.flips(m))
            };
        }
    }
    assert!(full_boards > 100, "{full_boards} full boards");
    assert!(stable_seen > 10_000, "{stable_seen} stable discs seen");
    // A board with only corners: those are stable, nothing else is.
    let b = Board::new(1 | 1 << 63, 1 << 7 | 1 << 56 | 1 << 27);
    assert_eq!(bitboard::stable_discs(b.player, b.opponent), b.player);
    assert_eq!(
        bitboard::stable_discs(b.opponent, b.player),
        1 << 7 | 1 << 56
    );
}
