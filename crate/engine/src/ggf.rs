//! GGF game records, the Generic Game Format of the Internet Othello servers, as NBoard sends
//! them: `(;GM[Othello]PB[..]PW[..]BO[8 <64 cells> <side>]B[f5//1.2]W[d6];)`.
//!
//! Only what the game needs is read: `GM` (must be Othello when present), `BO` (an 8x8 board:
//! `*`, `X`, `x` or `B` for black, `O`, `o` or `W` for white, `-` or `.` for empty, then the
//! side to move in the same letters) and the moves `B[..]` and `W[..]` in order (`f5`, `F5`,
//! `F5/eval/time`; a pass written `PA` or `pass`, or left out). Other properties are skipped.
//! Any malformed or non-UTF-8 text is a [`GgfError`]; input echoed in its message is escaped
//! (`escape_debug`), so the message stays one line.

use std::fmt;

use crate::{Color, Game, ParseBoardError, ParseSquareError, PlayError, Position, Rules, Square};

/// A game built from written moves (a GGF record, or NBoard's `move` commands): the game, and
/// whether the pass its last move forced is still unwritten. A forced pass is applied by
/// [`Game`] itself; writing it (`PA`) is allowed only while it is pending, and only once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    pub game: Game,
    /// True while the player who was forced to pass has not written that pass.
    pub pass_pending: bool,
}

impl GgfGame {
    /// `game` as it stands, with its last forced pass (if any) still to be written.
    pub fn new(game: Game) -> GgfGame {
        GgfGame {
            pass_pending: game.last_pass().is_some(),
            game,
        }
    }

    /// Parses a GGF game (surrounding whitespace allowed) under `rules`.
    pub fn parse(text: impl AsRef<[u8]>, rules: Rules) -> Result<GgfGame, GgfError> {
        let text = std::str::from_utf8(text.as_ref()).map_err(|e| GgfError::NotUtf8 {
            offset: e.valid_up_to(),
        })?;
        let props = properties(text)?;
        if let Some((_, gm)) = props.iter().find(|(n, _)| *n == "GM") {
            if !gm.trim().eq_ignore_ascii_case("othello") {
                return Err(GgfError::NotOthello(gm.to_string()));
            }
        }
        let (_, bo) = props
            .iter()
            .find(|(n, _)| *n == "BO")
            .ok_or(GgfError::NoBoard)?;
        let start = board(bo)?;
        let mut record = GgfGame::new(Game::new(rules, start));
        for (name, value) in props {
            let color = match name {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let mv = value.split('/').next().unwrap_or("").trim();
            record
                .play(mv, Some(color))
                .map_err(|error| GgfError::Move {
                    property: format!("{name}[{value}]"),
                    error,
                })?;
        }
        Ok(record)
    }

    /// The player who must pass now, while that pass is unwritten.
    pub fn must_pass(&self) -> Option<Color> {
        self.game.last_pass().filter(|_| self.pass_pending)
    }

    /// Plays the written move `mv` (`f5`, `F5`, or a pass `PA`/`pass`), by `color` when the
    /// record says who moves (GGF's `B[..]`, `W[..]`): a pass must be the pending forced one;
    /// a move may leave out a pending pass but must be by the side to move. On error nothing
    /// changes.
    pub fn play(&mut self, mv: &str, color: Option<Color>) -> Result<(), GgfMoveError> {
        if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
            return match self.must_pass() {
                Some(p) if color.is_none_or(|c| c == p) => {
                    self.pass_pending = false;
                    Ok(())
                }
                _ if self.game.is_over() => Err(GgfMoveError::PassAfterEnd),
                _ => Err(GgfMoveError::PassNotForced(
                    color.unwrap_or(self.game.position().side),
                )),
            };
        }
        let sq: Square = mv.parse().map_err(GgfMoveError::Square)?;
        if let Some(c) = color {
            if self.game.to_move().is_some_and(|side| side != c) {
                return Err(GgfMoveError::OutOfTurn(c));
            }
        }
        self.game.play(sq).map_err(GgfMoveError::Play)?;
        self.pass_pending = self.game.last_pass().is_some();
        Ok(())
    }
}

/// The `NAME[VALUE]` properties between `(;` and `;)`, in order.
fn properties(text: &str) -> Result<Vec<(&str, &str)>, GgfError> {
    let inner = text
        .trim()
        .strip_prefix("(;")
        .and_then(|t| t.strip_suffix(";)"))
        .ok_or(GgfError::Frame)?;
    let mut props = Vec::new();
    let mut rest = inner.trim_start();
    while !rest.is_empty() {
        let open = rest
            .find('[')
            .ok_or_else(|| GgfError::NotAProperty(rest.to_string()))?;
        let name = rest[..open].trim();
        let close = rest[open..]
            .find(']')
            .map(|c| c + open)
            .ok_or_else(|| GgfError::Unclosed(name.to_string()))?;
        props.push((name, &rest[open + 1..close]));
        rest = rest[close + 1..].trim_start();
    }
    Ok(props)
}

/// The start position of a `BO[8 <64 cells> <side>]` value.
fn board(bo: &str) -> Result<Position, GgfError> {
    let mut words = bo.split_whitespace();
    let size = words.next().unwrap_or("");
    if size != "8" {
        return Err(GgfError::BoardSize(size.to_string()));
    }
    let cells: Vec<char> = words.flat_map(str::chars).collect();
    let Some((&side, cells)) = cells.split_last().filter(|(_, c)| c.len() == 64) else {
        return Err(GgfError::BoardCells(cells.len()));
    };
    let side = match side {
        '*' | 'X' | 'x' | 'B' | 'b' => Color::Black,
        'O' | 'o' | 'W' | 'w' => Color::White,
        c => return Err(GgfError::Side(c)),
    };
    // GGF writes black `*`, white `O`, empty `-`; B and W are read as the colours too.
    let cells: String = cells
        .iter()
        .map(|&c| match c {
            'B' | 'b' => 'X',
            'W' | 'w' => 'O',
            c => c,
        })
        .collect();
    Position::parse(&cells, &side.symbol().to_string()).map_err(GgfError::Board)
}

/// Text that is not a GGF game this engine can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfError {
    /// Not UTF-8 text: the byte offset of the first invalid byte.
    NotUtf8 { offset: usize },
    /// Not framed by `(;` and `;)`.
    Frame,
    /// Text (from there to the end) that is not a `NAME[VALUE]` property.
    NotAProperty(String),
    /// A property whose value has no closing `]`: its name.
    Unclosed(String),
    /// `GM[..]` names another game.
    NotOthello(String),
    /// No `BO[..]` board.
    NoBoard,
    /// A board size other than 8.
    BoardSize(String),
    /// A board without exactly 64 cells and a side to move: the characters found.
    BoardCells(usize),
    /// A side to move that is no colour.
    Side(char),
    /// A bad board cell.
    Board(ParseBoardError),
    /// A move that cannot be played: the property as written (`B[f4]`), and why.
    Move {
        property: String,
        error: GgfMoveError,
    },
}

/// A written move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfMoveError {
    /// Neither a square nor a pass.
    Square(ParseSquareError),
    /// A square the player may not play (or the game is over).
    Play(PlayError),
    /// A move by the player who is not to move.
    OutOfTurn(Color),
    /// A pass by a player who has a move (or who already wrote the pass).
    PassNotForced(Color),
    /// A pass after the end of the game.
    PassAfterEnd,
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NotUtf8 { offset } => {
                write!(f, "GGF: not UTF-8 text (byte {} is invalid)", offset + 1)
            }
            GgfError::Frame => f.write_str("a GGF game starts with '(;' and ends with ';)'"),
            GgfError::NotAProperty(text) => write!(
                f,
                "GGF: '{}' is not a property NAME[VALUE]",
                text.escape_debug()
            ),
            GgfError::Unclosed(name) => {
                write!(f, "GGF: property {}[ has no ']'", name.escape_debug())
            }
            GgfError::NotOthello(gm) => {
                write!(f, "GGF: game '{}' is not Othello", gm.escape_debug())
            }
            GgfError::NoBoard => f.write_str("GGF: no board (BO[8 ...])"),
            GgfError::BoardSize(size) => write!(
                f,
                "GGF: board size '{}': only 8x8 boards are supported",
                size.escape_debug()
            ),
            GgfError::BoardCells(n) => write!(
                f,
                "GGF: BO needs 64 cells and a side to move, found {n} characters"
            ),
            GgfError::Side(c) => write!(f, "GGF: side to move '{}' (* or O)", c.escape_debug()),
            GgfError::Board(e) => write!(f, "GGF board: {e}"),
            GgfError::Move { property, error } => {
                write!(f, "GGF move {}: {error}", property.escape_debug())
            }
        }
    }
}

impl fmt::Display for GgfMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfMoveError::Square(e) => write!(f, "{e}"),
            GgfMoveError::Play(e) => write!(f, "{e}"),
            GgfMoveError::OutOfTurn(c) => write!(f, "{} moves out of turn", c.name()),
            GgfMoveError::PassNotForced(c) => {
                write!(f, "{} may not pass: it is not forced to", c.name())
            }
            GgfMoveError::PassAfterEnd => f.write_str("the game is over: there is no pass to make"),
        }
    }
}

impl std::error::Error for GgfError {}
impl std::error::Error for GgfMoveError {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const STANDARD: &str = "---------------------------O*------*O---------------------------";

    fn standard(moves: &str) -> String {
        format!("(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 {STANDARD} *]{moves};)")
    }

    fn parse(text: &str) -> Result<GgfGame, GgfError> {
        GgfGame::parse(text, Rules::Classic)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A position where Black, to move, has no move but White has: white a1, black b1.
    fn black_must_pass() -> String {
        format!("(;GM[Othello]BO[8 O*{} *];)", "-".repeat(62))
    }

    #[test]
    fn parses_board_and_moves() {
        let record = parse(&standard("B[f5//1.2]W[d6]")).unwrap();
        assert!(!record.pass_pending);
        assert_eq!(record.game.start(), Position::standard());
        assert_eq!(record.game.transcript(), "f5d6");
        let expected = Position::standard()
            .play(sq("f5"))
            .unwrap()
            .play(sq("d6"))
            .unwrap();
        assert_eq!(record.game.position(), expected);
        // Whitespace around and inside, B and W as cell letters, upper-case moves.
        let spaced = format!(
            "  (; GM[othello] BO[8 {} W] W[F4] ;)\n",
            STANDARD.replace('*', "B").replace('O', "W")
        );
        let record = parse(&spaced).unwrap();
        assert_eq!(record.game.start().side, Color::White);
        assert_eq!(record.game.move_count(), 1);
    }

    #[test]
    fn malformed_records_are_typed_errors() {
        let side = format!("(;BO[8 {STANDARD} ?];)");
        for (text, expected) in [
            ("GM[Othello]", GgfError::Frame),
            ("(;)", GgfError::Frame),
            ("(;GM[Othello];)", GgfError::NoBoard),
            ("(;GM[Chess]BO[8 -];)", GgfError::NotOthello("Chess".into())),
            ("(;GM[Othello]BO[8 ---];)", GgfError::BoardCells(3)),
            ("(;BO[10 ---];)", GgfError::BoardSize("10".into())),
            ("(;BO[];)", GgfError::BoardSize(String::new())),
            ("(;GM[Othello]BO[8 ---;)", GgfError::Unclosed("BO".into())),
            (
                "(;GM[Othello] junk ;)",
                GgfError::NotAProperty("junk ".into()),
            ),
            (&side, GgfError::Side('?')),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(e, expected, "{text}");
            assert!(!e.to_string().is_empty());
        }
        let bad_cell = format!("(;BO[8 Z{} *];)", &STANDARD[1..]);
        assert!(matches!(
            parse(&bad_cell),
            Err(GgfError::Board(ParseBoardError::Cell {
                index: 0,
                found: 'Z'
            }))
        ));
    }

    #[test]
    fn input_in_messages_is_escaped() {
        let e = parse("(;GM[Go\n\u{1b}[2J];)").unwrap_err();
        assert_eq!(e.to_string(), r"GGF: game 'Go\n\u{1b}[2J' is not Othello");
        let e = parse(&standard("B[\u{7}f5]")).unwrap_err();
        assert!(!e.to_string().chars().any(char::is_control), "{e}");
        assert!(e.to_string().starts_with(r"GGF move B[\u{7}f5]: "), "{e}");
    }

    #[test]
    fn text_that_is_not_utf8_is_an_error() {
        let mut bytes = standard("B[f5]").into_bytes();
        let at = bytes.windows(2).position(|w| w == b"PB").unwrap() + 3;
        bytes.insert(at, 0xe9); // "Jos\xe9" in Latin-1
        let e = GgfGame::parse(&bytes, Rules::Classic).unwrap_err();
        assert_eq!(e, GgfError::NotUtf8 { offset: at });
        assert!(e.to_string().contains("UTF-8"), "{e}");
        assert_eq!(
            GgfGame::parse([0xffu8, 0xfe], Rules::Classic),
            Err(GgfError::NotUtf8 { offset: 0 })
        );
    }

    #[test]
    fn bad_moves_name_the_property() {
        for (bad, expected) in [
            ("B[f4]", "B[f4]: f4 is not a legal move"),
            ("W[f5]", "W[f5]: White moves out of turn"),
            ("B[pa]", "B[pa]: Black may not pass"),
            ("B[f5]W[PA]", "W[PA]: White may not pass"),
            ("B[z9]", "B[z9]: 'z9' is not a square"),
        ] {
            let e = parse(&standard(bad)).unwrap_err();
            assert!(matches!(e, GgfError::Move { .. }), "{bad}: {e:?}");
            assert!(e.to_string().contains(expected), "{bad}: {e}");
        }
    }

    #[test]
    fn passes_written_or_left_out() {
        // Black passes at once; White's c1 is then legal with or without a written pass.
        let ggf = black_must_pass();
        let record = parse(&ggf).unwrap();
        assert!(record.pass_pending);
        assert_eq!(record.must_pass(), Some(Color::Black));
        assert_eq!(record.game.position().side, Color::White);
        let written = parse(&ggf.replace(";)", "B[PA]W[c1];)")).unwrap();
        let left_out = parse(&ggf.replace(";)", "W[c1];)")).unwrap();
        assert_eq!(written, left_out);
        assert!(written.game.is_over());
        // Twice the pass, a pass by the wrong side, a pass after the end: errors.
        for (bad, error) in [
            ("B[PA]B[PA]", GgfMoveError::PassNotForced(Color::Black)),
            ("W[PA]", GgfMoveError::PassNotForced(Color::White)),
            ("B[PA]W[c1]W[PA]", GgfMoveError::PassAfterEnd),
        ] {
            match parse(&ggf.replace(";)", &format!("{bad};)"))) {
                Err(GgfError::Move { error: e, .. }) => assert_eq!(e, error, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn moves_without_a_colour_as_nboard_sends_them() {
        let mut record = parse(&black_must_pass()).unwrap();
        let before = record.clone();
        assert_eq!(
            record.play("a1", None),
            Err(GgfMoveError::Play(PlayError::Illegal {
                square: sq("a1"),
                player: Color::White
            }))
        );
        assert_eq!(record, before, "an error changes nothing");
        record.play("pass", None).unwrap();
        assert!(!record.pass_pending);
        assert_eq!(
            record.play("PA", None),
            Err(GgfMoveError::PassNotForced(Color::White))
        );
        record.play("C1", None).unwrap();
        assert_eq!(record.play("pa", None), Err(GgfMoveError::PassAfterEnd));
    }

    proptest! {
        /// Any bytes: an error or a game, never a panic.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = GgfGame::parse(&bytes, Rules::Classic);
        }

        /// A valid record with a slice cut out or some bytes overwritten: never a panic, and
        /// the result stays consistent (a parsed game's moves replay).
        #[test]
        fn damaged_records_never_panic(
            cut in 0usize..120,
            len in 0usize..20,
            patch in proptest::collection::vec(any::<u8>(), 0..4),
        ) {
            let mut bytes = standard("B[f5]W[d6]B[c3]W[d3]").into_bytes();
            let cut = cut.min(bytes.len());
            let end = (cut + len).min(bytes.len());
            bytes.splice(cut..end, patch);
            if let Ok(record) = GgfGame::parse(&bytes, Rules::Inverse) {
                let again = Game::from_transcript(
                    Rules::Inverse,
                    record.game.start(),
                    &record.game.transcript(),
                );
                prop_assert_eq!(again.map(|g| g.position()), Ok(record.game.position()));
            }
        }
    }
}
