//! A game record: rules, start position, moves with automatic passes, undo and redo.

use std::fmt;
use std::str::FromStr;

use crate::board::{Color, PlayError, Position};
use crate::square::Square;

/// Which game is played: both share one rule set and differ only in the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// More discs wins.
    #[default]
    Classic,
    /// Fewer discs wins.
    Inverse,
}

impl Rules {
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Classic => "classic",
            Rules::Inverse => "inverse",
        }
    }

    /// The final score from the side with `own` discs against `other` discs, positive when
    /// that side wins, counting the discs on the board only.
    pub const fn score(self, own: u32, other: u32) -> i32 {
        match self {
            Rules::Classic => own as i32 - other as i32,
            Rules::Inverse => other as i32 - own as i32,
        }
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        match s.to_ascii_lowercase().as_str() {
            "classic" => Ok(Rules::Classic),
            "inverse" => Ok(Rules::Inverse),
            _ => Err(ParseRulesError(s.to_string())),
        }
    }
}

/// A game other than `classic` and `inverse`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}' (classic or inverse)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for ParseRulesError {}

/// The counts and the result of a finished (or any) position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub black: u32,
    pub white: u32,
    /// `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The result of counting the discs on the board under `rules`.
    pub fn of(rules: Rules, black: u32, white: u32) -> Outcome {
        let diff = rules.score(black, white);
        let winner = match diff {
            d if d > 0 => Some(Color::Black),
            d if d < 0 => Some(Color::White),
            _ => None,
        };
        Outcome {
            black,
            white,
            winner,
        }
    }
}

/// Something that happened in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `player` put a disc on `square`, flipping the discs of `flips`.
    Move {
        player: Color,
        square: Square,
        flips: u64,
    },
    /// `player` had no legal move and passed.
    Pass { player: Color },
}

/// The state after some number of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ply {
    /// The position after the move and any forced pass that followed it.
    position: Position,
    /// The move that led here (`None` for the start).
    event: Option<Event>,
    /// The player who had to pass right after that move, if any.
    passed: Option<Color>,
}

/// A game from a start position, with passes applied automatically and undo/redo to any point.
///
/// The game moves from position to position by moves only: a player without a legal move
/// passes automatically, a player with one must move. Every error leaves the game unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    start: Position,
    /// `plies[0]` is the start; `plies[i]` the state after `i` moves. Entries beyond `current`
    /// are the moves that `redo` replays.
    plies: Vec<Ply>,
    current: usize,
}

impl Game {
    /// A new game from `start`. If the side to move there has no move but the other does, it
    /// passes at once (recorded as a pass before the first move).
    pub fn new(rules: Rules, start: Position) -> Game {
        let (position, passed) = settle(start);
        Game {
            rules,
            start,
            plies: vec![Ply {
                position,
                event: None,
                passed,
            }],
            current: 0,
        }
    }

    /// A game replayed from `start` through `transcript` (see [`Game::play_transcript`]).
    pub fn from_transcript(
        rules: Rules,
        start: Position,
        transcript: &str,
    ) -> Result<Game, TranscriptError> {
        let mut game = Game::new(rules, start);
        game.play_transcript(transcript)?;
        Ok(game)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The start position as given (before any forced pass).
    pub fn start(&self) -> Position {
        self.start
    }

    /// The current position, with the player who must move next to move.
    pub fn position(&self) -> Position {
        self.plies[self.current].position
    }

    /// The player who must move next, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        if self.is_over() {
            None
        } else {
            Some(self.position().side)
        }
    }

    /// The legal moves of the player to move (empty when the game is over).
    pub fn legal_moves(&self) -> u64 {
        self.position().board.legal_moves()
    }

    pub fn is_legal(&self, sq: Square) -> bool {
        self.legal_moves() & sq.bit() != 0
    }

    pub fn is_over(&self) -> bool {
        self.legal_moves() == 0
    }

    /// The disc counts, and the winner as if the game stopped now (`None` for a tie). See
    /// [`Game::result`] for the result of a finished game.
    pub fn outcome(&self) -> Outcome {
        let p = self.position();
        Outcome::of(self.rules, p.black().count_ones(), p.white().count_ones())
    }

    /// The result once the game is over (`None` while it goes on).
    pub fn result(&self) -> Option<Outcome> {
        self.is_over().then(|| self.outcome())
    }

    /// Plays `sq` for the player to move, then passes for the next player if they cannot move.
    pub fn play(&mut self, sq: Square) -> Result<&Event, PlayError> {
        let before = self.position();
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let after = before.play(sq)?;
        let flips = before.board.flips(sq);
        let (position, passed) = settle(after);
        let ply = Ply {
            position,
            event: Some(Event::Move {
                player: before.side,
                square: sq,
                flips,
            }),
            passed,
        };
        // Playing the move that redo would replay keeps the rest of the redo line.
        if self.plies.get(self.current + 1) != Some(&ply) {
            self.plies.truncate(self.current + 1);
            self.plies.push(ply);
        }
        self.current += 1;
        Ok(self.plies[self.current].event.as_ref().expect("a move"))
    }

    /// Replays a transcript such as `f5d6c3`: squares in either case, passes implied or
    /// written `pa`/`--` (a written pass must be a forced one). Whitespace is ignored. On error
    /// the game is unchanged and the error names the token and its 1-based number.
    pub fn play_transcript(&mut self, transcript: &str) -> Result<(), TranscriptError> {
        let mut copy = self.clone();
        copy.play_legal_prefix(transcript)?;
        *self = copy;
        Ok(())
    }

    /// Plays the moves of a transcript (as [`Game::play_transcript`] reads it) up to the first
    /// one that is malformed or illegal, and keeps them: on error the game holds the legal
    /// moves before that token, which the error names (a shared link with a bad move keeps
    /// what can be played of it).
    pub fn play_legal_prefix(&mut self, transcript: &str) -> Result<(), TranscriptError> {
        let chars: Vec<char> = transcript.chars().filter(|c| !c.is_whitespace()).collect();
        for (i, pair) in chars.chunks(2).enumerate() {
            let token: String = pair.iter().collect();
            let error = |kind| TranscriptError {
                move_number: i + 1,
                token: token.clone(),
                kind,
            };
            if token.eq_ignore_ascii_case("pa") || token == "--" {
                // Forced passes are applied automatically; a written one is checked only.
                let passer = self.plies[self.current].passed;
                let previous_was_pass = i > 0 && {
                    let prev: String = chars[2 * i - 2..2 * i].iter().collect();
                    prev.eq_ignore_ascii_case("pa") || prev == "--"
                };
                if passer.is_none() || previous_was_pass {
                    let player = self.position().side;
                    let kind = if self.is_over() {
                        PlayError::GameOver
                    } else {
                        PlayError::PassNotAllowed { player }
                    };
                    return Err(error(TranscriptErrorKind::Play(kind)));
                }
                continue;
            }
            let sq: Square = token
                .parse()
                .map_err(|_| error(TranscriptErrorKind::Malformed))?;
            self.play(sq)
                .map_err(|e| error(TranscriptErrorKind::Play(e)))?;
        }
        Ok(())
    }

    /// Number of moves played (passes not counted).
    pub fn move_count(&self) -> usize {
        self.current
    }

    /// Number of moves in the record including those that redo can replay.
    pub fn record_len(&self) -> usize {
        self.plies.len() - 1
    }

    pub fn can_undo(&self) -> bool {
        self.current > 0
    }

    pub fn can_redo(&self) -> bool {
        self.current + 1 < self.plies.len()
    }

    /// Takes back the last move. Returns false if there is none.
    pub fn undo(&mut self) -> bool {
        let can = self.can_undo();
        if can {
            self.current -= 1;
        }
        can
    }

    /// Replays the next move of the record. Returns false if there is none.
    pub fn redo(&mut self) -> bool {
        let can = self.can_redo();
        if can {
            self.current += 1;
        }
        can
    }

    /// Takes back moves until it is `player`'s turn again with one of their moves taken back
    /// (a whole turn against an opponent, e.g. the AI). Returns false, changing nothing, when
    /// `player` has no move to take back.
    pub fn undo_turn(&mut self, player: Color) -> bool {
        let last_own = self.plies[1..=self.current].iter().rposition(
            |ply| matches!(ply.event, Some(Event::Move { player: p, .. }) if p == player),
        );
        match last_own {
            Some(i) => {
                // plies[i + 1] holds that move: go to the state before it.
                self.current = i;
                true
            }
            None => false,
        }
    }

    /// Replays moves of the record until it is `player`'s turn again (or the record ends).
    /// Returns false if there was nothing to redo.
    pub fn redo_turn(&mut self, player: Color) -> bool {
        if !self.redo() {
            return false;
        }
        while self.to_move() != Some(player) && self.redo() {}
        true
    }

    /// Goes to the state after `n` moves of the record (0 = start). Returns false, changing
    /// nothing, when `n` is beyond the record.
    pub fn go_to(&mut self, n: usize) -> bool {
        let can = n < self.plies.len();
        if can {
            self.current = n;
        }
        can
    }

    /// The moves played so far, in order.
    pub fn played_moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.plies[1..=self.current]
            .iter()
            .filter_map(|p| match p.event {
                Some(Event::Move { square, .. }) => Some(square),
                _ => None,
            })
    }

    /// Everything that happened so far in order: moves and forced passes.
    pub fn events(&self) -> Vec<Event> {
        let mut events = Vec::with_capacity(self.current + 4);
        for ply in &self.plies[..=self.current] {
            events.extend(ply.event);
            if let Some(player) = ply.passed {
                events.push(Event::Pass { player });
            }
        }
        events
    }

    /// The players who passed so far, in order.
    pub fn passes(&self) -> Vec<Color> {
        self.plies[..=self.current]
            .iter()
            .filter_map(|p| p.passed)
            .collect()
    }

    /// The player who passed right after the last move (or at the start), if any: the pass to
    /// announce now.
    pub fn last_pass(&self) -> Option<Color> {
        self.plies[self.current].passed
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Event> {
        self.plies[self.current].event
    }

    /// The moves so far as a transcript such as `f5d6c3` (passes not written).
    pub fn transcript(&self) -> String {
        self.played_moves().map(|m| m.to_string()).collect()
    }

    /// The moves of the whole record (including the redo line) as a transcript.
    pub fn full_transcript(&self) -> String {
        self.plies[1..]
            .iter()
            .filter_map(|p| match p.event {
                Some(Event::Move { square, .. }) => Some(square.to_string()),
                _ => None,
            })
            .collect()
    }
}

/// The position with a forced pass applied, and who passed. A finished game is left as is.
fn settle(position: Position) -> (Position, Option<Color>) {
    if position.board.legal_moves() == 0 {
        let passed = position.pass();
        if passed.board.legal_moves() != 0 {
            return (passed, Some(position.side));
        }
    }
    (position, None)
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A transcript that cannot be replayed: which token, at which position (1-based move
/// number), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    /// 1-based number of the offending token among the transcript's moves.
    pub move_number: usize,
    /// The offending token as written.
    pub token: String,
    pub kind: TranscriptErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptErrorKind {
    Malformed,
    Play(PlayError),
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, t) = (self.move_number, self.token.escape_debug());
        match &self.kind {
            TranscriptErrorKind::Malformed => {
                write!(
                    f,
                    "move {n} '{t}' is not a square (a1..h8) or a pass (pa, --)"
                )
            }
            TranscriptErrorKind::Play(e) => write!(f, "move {n} '{t}': {e}"),
        }
    }
}

impl std::error::Error for TranscriptError {}
