//! One game, one line: the record of a self-play game, its text form and its checks.

use std::fmt::Write as _;

use reversi::{Board, Rules, Square, Start};

/// The largest score a label or a result can have (all 64 discs to one side).
pub const MAX_SCORE: i32 = 64;

/// The position a game starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The standard start (`s`).
    Standard,
    /// The alternative start, same colours side by side (`a`).
    Alternative,
}

impl Opening {
    /// The start of game `index`: the alternative one for every tenth game (indices 9, 19,
    /// 29, ...), the standard one otherwise.
    pub fn of_game(index: u64) -> Opening {
        if index % 10 == 9 {
            Opening::Alternative
        } else {
            Opening::Standard
        }
    }

    /// The board, Black to move.
    pub fn board(self) -> Board {
        match self {
            Opening::Standard => Start::Standard.position().board,
            Opening::Alternative => Start::Alternative.position().board,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Opening::Standard => 's',
            Opening::Alternative => 'a',
        }
    }
}

/// An exact label: the score of the position after `ply` moves (passes applied) for its side
/// to move, discs on the board under the game's goal, with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    pub ply: u32,
    pub score: i32,
}

/// A game replayed ([`GameRecord::replay`]).
pub struct Replay {
    /// The position before each move, from its side to move.
    pub before: Vec<Board>,
    /// Whether Black is to move in `before[k]`.
    pub black_to_move: Vec<bool>,
    /// The position after the last move (passes not applied).
    pub end: Board,
    pub end_black_to_move: bool,
}

/// A played game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub index: u64,
    pub opening: Opening,
    /// The moves, passes left out (each pass is forced, so the moves say where they are).
    pub moves: Vec<Square>,
    /// The final score for Black under the game's goal, discs on the board: positive when
    /// Black won (classic: Black's discs minus White's; inverse: White's minus Black's).
    pub black_score: i32,
    /// Increasing plies.
    pub labels: Vec<Label>,
}

impl GameRecord {
    /// The line (without its newline): `<index> <s|a> <transcript> <score> <labels>`.
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(32 + 2 * self.moves.len() + 7 * self.labels.len());
        let _ = write!(s, "{} {} ", self.index, self.opening.letter());
        for m in &self.moves {
            let _ = write!(s, "{m}");
        }
        let _ = write!(s, " {} ", self.black_score);
        if self.labels.is_empty() {
            s.push('-');
        }
        for (k, l) in self.labels.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}:{}", l.ply, l.score);
        }
        s
    }

    /// Parses a line written by [`GameRecord::to_line`] (and only such a line: anything
    /// that would not be written back the same, such as an extra space, an upper-case square
    /// or a leading zero, is an error). The error says what is wrong.
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let fields: Vec<&str> = line.split(' ').collect();
        if fields.len() != 5 {
            return Err(format!(
                "{} fields, expected 5 (index, start, moves, score, labels)",
                fields.len()
            ));
        }
        let index: u64 = fields[0]
            .parse()
            .map_err(|_| format!("'{}' is not a game index", short(fields[0])))?;
        let opening = match fields[1] {
            "s" => Opening::Standard,
            "a" => Opening::Alternative,
            other => return Err(format!("start '{}' is not s or a", short(other))),
        };
        let t = fields[2];
        if !t.is_ascii() || !t.len().is_multiple_of(2) {
            return Err("the moves are not a sequence of squares such as f5d6".into());
        }
        let moves = (0..t.len() / 2)
            .map(|k| {
                t[2 * k..2 * k + 2].parse::<Square>().map_err(|_| {
                    format!("move {} '{}' is not a square", k + 1, &t[2 * k..2 * k + 2])
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let black_score: i32 = fields[3]
            .parse()
            .map_err(|_| format!("'{}' is not a score", short(fields[3])))?;
        let labels = if fields[4] == "-" {
            Vec::new()
        } else {
            fields[4]
                .split(',')
                .map(|pair| {
                    let bad = || format!("label '{}' is not <ply>:<score>", short(pair));
                    let (ply, score) = pair.split_once(':').ok_or_else(bad)?;
                    Ok(Label {
                        ply: ply.parse().map_err(|_| bad())?,
                        score: score.parse().map_err(|_| bad())?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?
        };
        let record = GameRecord {
            index,
            opening,
            moves,
            black_score,
            labels,
        };
        if record.to_line() != line {
            return Err("not written as the tool writes it (spaces, case, zeros, signs)".into());
        }
        Ok(record)
    }

    /// Replays the moves: the position before each move (the side to move has a move there)
    /// and who is to move in it, then the final position. An illegal move, or a move after
    /// the end, is an error.
    pub fn replay(&self) -> Result<Replay, String> {
        let mut board = self.opening.board();
        let mut black_to_move = true;
        let mut before = Vec::with_capacity(self.moves.len());
        let mut black = Vec::with_capacity(self.moves.len());
        for (k, &sq) in self.moves.iter().enumerate() {
            if board.legal_moves() == 0 {
                board = board.pass();
                black_to_move = !black_to_move;
                if board.legal_moves() == 0 {
                    return Err(format!(
                        "move {} ({sq}) comes after the end of the game",
                        k + 1
                    ));
                }
            }
            let flips = board.flips(sq);
            if flips == 0 {
                return Err(format!("move {} ({sq}) is not legal", k + 1));
            }
            before.push(board);
            black.push(black_to_move);
            board = board.make_move(sq, flips);
            black_to_move = !black_to_move;
        }
        Ok(Replay {
            before,
            black_to_move: black,
            end: board,
            end_black_to_move: black_to_move,
        })
    }

    /// Replays the game and checks it: the start of its index, legal moves to the end of the
    /// game, the final score, and a label (score in range) on exactly the positions with at
    /// most `exact_empties` empties (all of them have a move for the side to move). Returns
    /// the labelled positions with their labels.
    pub fn check(&self, rules: Rules, exact_empties: u32) -> Result<Vec<(Board, Label)>, String> {
        let replay = self.checked_replay(rules, exact_empties)?;
        Ok(self
            .labels
            .iter()
            .map(|l| (replay.before[l.ply as usize], *l))
            .collect())
    }

    /// [`GameRecord::check`]'s checks, returning the replay itself.
    pub fn checked_replay(&self, rules: Rules, exact_empties: u32) -> Result<Replay, String> {
        let expected = Opening::of_game(self.index);
        if self.opening != expected {
            return Err(format!(
                "game {} starts from '{}', its index says '{}'",
                self.index,
                self.opening.letter(),
                expected.letter()
            ));
        }
        let replay = self.replay()?;
        let (before, board, black_to_move) = (&replay.before, replay.end, replay.end_black_to_move);
        if !board.is_game_over() {
            return Err(format!(
                "the game is not over after its {} moves",
                self.moves.len()
            ));
        }
        let (black, white) = if black_to_move {
            (board.player, board.opponent)
        } else {
            (board.opponent, board.player)
        };
        let score = rules.score(black.count_ones(), white.count_ones());
        if score != self.black_score {
            return Err(format!(
                "the final score for Black is {score}, not {}",
                self.black_score
            ));
        }
        let wanted: Vec<u32> = (0..before.len())
            .filter(|&p| before[p].empty_count() <= exact_empties)
            .map(|p| p as u32)
            .collect();
        let plies: Vec<u32> = self.labels.iter().map(|l| l.ply).collect();
        if plies != wanted {
            return Err(format!(
                "labels at plies {}, expected at {} (the positions with at most {exact_empties} empties)",
                ply_ranges(&plies),
                ply_ranges(&wanted)
            ));
        }
        if let Some(l) = self
            .labels
            .iter()
            .find(|l| !(-MAX_SCORE..=MAX_SCORE).contains(&l.score))
        {
            return Err(format!("label {}:{} is out of range", l.ply, l.score));
        }
        Ok(replay)
    }
}

/// At most 20 characters of `s`, for messages.
fn short(s: &str) -> String {
    let mut out: String = s.chars().take(20).collect();
    if out.len() < s.len() {
        out.push_str("...");
    }
    reversi_args::escape(&out).into_owned()
}

/// Plies written as ranges: `40..=45, 47` (or `none`).
fn ply_ranges(plies: &[u32]) -> String {
    if plies.is_empty() {
        return "none".into();
    }
    let mut parts = Vec::new();
    let mut k = 0;
    while k < plies.len() {
        let mut j = k;
        while j + 1 < plies.len() && plies[j + 1] == plies[j] + 1 {
            j += 1;
        }
        parts.push(if j > k {
            format!("{}..={}", plies[k], plies[j])
        } else {
            plies[k].to_string()
        });
        k = j + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(line: &str) -> Result<GameRecord, String> {
        GameRecord::parse(line)
    }

    #[test]
    fn lines_round_trip_and_must_be_canonical() {
        let r = GameRecord {
            index: 3,
            opening: Opening::Standard,
            moves: ["f5", "d6"].iter().map(|s| s.parse().unwrap()).collect(),
            black_score: -2,
            labels: vec![Label { ply: 0, score: 1 }, Label { ply: 1, score: -64 }],
        };
        assert_eq!(r.to_line(), "3 s f5d6 -2 0:1,1:-64");
        assert_eq!(record(&r.to_line()), Ok(r));
        assert_eq!(record("0 a f5 0 -").unwrap().labels, vec![]);
        for bad in [
            "3 s f5d6 -2 0:1,1:-64 ",
            "3  s f5d6 -2 0:1",
            "03 s f5d6 -2 0:1",
            "3 s F5d6 -2 0:1",
            "3 s f5d6 +2 0:1",
            "3 x f5d6 -2 0:1",
            "3 s f5d -2 0:1",
            "3 s f5d9 -2 0:1",
            "3 s f5d6 -2 0:1,",
            "3 s f5d6 -2 0-1",
            "3 s f5d6 -2",
            "3 s f5d6 -2 ",
            "",
        ] {
            assert!(record(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn checks_replay_the_game() {
        // Play the first legal move until the end: a legal game.
        let mut board = Opening::Standard.board();
        let mut black_to_move = true;
        let mut transcript = Vec::new();
        loop {
            if board.legal_moves() == 0 {
                board = board.pass();
                black_to_move = !black_to_move;
                if board.legal_moves() == 0 {
                    break;
                }
            }
            let sq = Square::iter_bits(board.legal_moves()).next().unwrap();
            transcript.push(sq);
            board = board.make_move(sq, board.flips(sq));
            black_to_move = !black_to_move;
        }
        let (black, white) = if black_to_move {
            (board.player, board.opponent)
        } else {
            (board.opponent, board.player)
        };
        let mut r = GameRecord {
            index: 0,
            opening: Opening::Standard,
            moves: transcript,
            black_score: 100,
            labels: vec![],
        };
        assert!(r
            .check(Rules::Classic, 0)
            .unwrap_err()
            .contains("final score"));
        r.black_score = black.count_ones() as i32 - white.count_ones() as i32;
        assert_eq!(r.check(Rules::Classic, 0), Ok(vec![]));
        assert!(r.check(Rules::Classic, 1).is_err(), "a label is missing");
        let last = r.moves.len() as u32 - 1;
        r.labels = vec![Label {
            ply: last,
            score: 0,
        }];
        assert!(r.check(Rules::Classic, 1).is_ok());
        r.labels[0].score = 65;
        assert!(r
            .check(Rules::Classic, 1)
            .unwrap_err()
            .contains("out of range"));
        r.labels.clear();
        r.index = 9;
        assert!(r
            .check(Rules::Classic, 0)
            .unwrap_err()
            .contains("index says 'a'"));
        r.index = 0;
        r.moves.pop();
        assert!(r.check(Rules::Classic, 0).unwrap_err().contains("not over"));
        r.moves.insert(0, "a1".parse().unwrap());
        assert!(r
            .check(Rules::Classic, 0)
            .unwrap_err()
            .contains("move 1 (a1) is not legal"));
    }

    #[test]
    fn ranges() {
        assert_eq!(ply_ranges(&[]), "none");
        assert_eq!(
            ply_ranges(&[40, 41, 42, 44, 46, 47]),
            "40..=42, 44, 46..=47"
        );
    }
}
