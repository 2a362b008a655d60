//! The `reversi` binary: `perft` output against the data table, `play` JSON output (parsed by a
//! tiny JSON reader here) against the library and hand-built expectations, and exit code 2 with
//! a clear message on bad input.

mod common;

use common::Rng;

use std::collections::BTreeMap;
use std::process::Command;

use reversi::{Color, Game, Position, Rules, Square, Start};

/// Exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .output()
        .expect("the reversi binary runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

// ---------------------------------------------------------------------------------------------
// A tiny JSON reader (enough for the `play` output)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(i64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at {}", c as char, self.i))
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(value)
        } else {
            Err(format!("bad literal at {}", self.i))
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            match self.s.get(self.i) {
                None => return Err("unterminated string".into()),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let c = *self.s.get(self.i + 1).ok_or("bad escape")?;
                    out.push(match c {
                        b'n' => '\n',
                        b't' => '\t',
                        other => other as char,
                    });
                    self.i += 2;
                }
                Some(&c) => {
                    out.push(c as char);
                    self.i += 1;
                }
            }
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(fields));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.eat(b':')?;
                    fields.push((key, self.value()?));
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(fields));
                        }
                        _ => return Err(format!("expected , or }} at {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(format!("expected , or ] at {}", self.i)),
                    }
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(c) if c.is_ascii_digit() || *c == b'-' => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                text.parse().map(Json::Num).map_err(|e| e.to_string())
            }
            _ => Err(format!("unexpected input at {}", self.i)),
        }
    }
}

/// Parses exactly one JSON value (surrounding whitespace allowed).
fn parse_json(text: &str) -> Result<Json, String> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let v = r.value()?;
    r.ws();
    if r.i != text.len() {
        return Err(format!("trailing text at {}", r.i));
    }
    Ok(v)
}

#[test]
fn the_json_reader_works() {
    assert_eq!(
        parse_json(r#" {"a": [1, "x"], "b": null, "c": true, "d": -3} "#),
        Ok(Json::Obj(vec![
            (
                "a".into(),
                Json::Arr(vec![Json::Num(1), Json::Str("x".into())])
            ),
            ("b".into(), Json::Null),
            ("c".into(), Json::Bool(true)),
            ("d".into(), Json::Num(-3)),
        ]))
    );
    assert!(parse_json("{} {}").is_err());
    assert!(parse_json(r#"{"a": }"#).is_err());
}

/// The state printed by `reversi play`.
#[derive(Debug, PartialEq)]
struct State {
    board: String,
    to_move: Option<String>,
    legal: Vec<String>,
    passed: Vec<String>,
    over: bool,
    black: i64,
    white: i64,
    winner: Option<String>,
}

const KEYS: [&str; 8] = [
    "board", "to_move", "legal", "passed", "over", "black", "white", "winner",
];

fn strings(v: &Json) -> Vec<String> {
    match v {
        Json::Arr(items) => items
            .iter()
            .map(|i| match i {
                Json::Str(s) => s.clone(),
                other => panic!("not a string: {other:?}"),
            })
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

fn opt_string(v: &Json) -> Option<String> {
    match v {
        Json::Null => None,
        Json::Str(s) => Some(s.clone()),
        other => panic!("neither null nor a string: {other:?}"),
    }
}

/// Runs `reversi play ARGS`, checks success, one JSON object with exactly the contract's keys,
/// and nothing else on stdout.
fn play(args: &[&str]) -> State {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "reversi {all:?} failed: {stderr}");
    assert_eq!(stdout.trim().lines().count(), 1, "one line: {stdout}");
    let json = parse_json(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    let Json::Obj(fields) = json else {
        panic!("not an object: {stdout}")
    };
    let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, KEYS, "keys of {stdout}");
    let map: BTreeMap<String, Json> = fields.into_iter().collect();
    let num = |k: &str| match &map[k] {
        Json::Num(n) => *n,
        other => panic!("{k} is not a number: {other:?}"),
    };
    State {
        board: match &map["board"] {
            Json::Str(s) => s.clone(),
            other => panic!("board: {other:?}"),
        },
        to_move: opt_string(&map["to_move"]),
        legal: strings(&map["legal"]),
        passed: strings(&map["passed"]),
        over: match map["over"] {
            Json::Bool(b) => b,
            ref other => panic!("over: {other:?}"),
        },
        black: num("black"),
        white: num("white"),
        winner: opt_string(&map["winner"]),
    }
}

fn symbol(c: Color) -> String {
    match c {
        Color::Black => "X".into(),
        Color::White => "O".into(),
    }
}

/// The state the library gives for `game`, in the contract's terms.
fn expected_state(game: &Game) -> State {
    let outcome = game.outcome();
    State {
        board: game.position().board_string(),
        to_move: game.to_move().map(symbol),
        legal: Square::iter_bits(game.legal_moves())
            .map(|s| s.to_string())
            .collect(),
        passed: game.passes().into_iter().map(symbol).collect(),
        over: game.is_over(),
        black: i64::from(outcome.black),
        white: i64::from(outcome.white),
        winner: if game.is_over() {
            Some(outcome.winner.map_or("draw".to_string(), symbol))
        } else {
            None
        },
    }
}

/// A 64-character board string with `x` on the given squares, `o` on others, `-` elsewhere.
fn board_with(black: &[usize], white: &[usize]) -> String {
    (0..64)
        .map(|i| {
            if black.contains(&i) {
                'X'
            } else if white.contains(&i) {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn random_finished_game(rules: Rules, start: Position, rng: &mut Rng) -> Game {
    let mut game = Game::new(rules, start);
    while !game.is_over() {
        let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    game
}

// ---------------------------------------------------------------------------------------------
// perft
// ---------------------------------------------------------------------------------------------

/// (depth, pass-is-ply, pass-is-not-ply) from the engine's data table.
fn perft_table() -> Vec<(u32, u64, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/perft.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            if cells.len() != 3 {
                return None;
            }
            Some((
                cells[0].parse().ok()?,
                cells[1].parse().ok()?,
                cells[2].parse().ok()?,
            ))
        })
        .collect()
}

fn looks_like_timing(line: &str) -> bool {
    line.contains("/s") || line.contains("ms") || line.ends_with(" s") || line.contains(" s,")
}

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let rows: Vec<_> = perft_table().into_iter().filter(|r| r.0 <= 7).collect();
    assert_eq!(rows.len(), 7, "depths 1..7 in the table");
    for (depth, ply, not_ply) in rows {
        let d = depth.to_string();
        for (flags, expected) in [
            (vec![], ply),
            (vec!["--pass-is-ply"], ply),
            (vec!["--pass-is-not-ply"], not_ply),
        ] {
            let mut args = vec!["perft", d.as_str()];
            args.extend(flags.iter());
            let (code, stdout, stderr) = run(&args);
            assert_eq!(code, 0, "{args:?}: {stderr}");
            let last = stdout.lines().last().unwrap_or("");
            assert_eq!(last, expected.to_string(), "{args:?}: {stdout}");
            assert!(
                !stdout.lines().any(looks_like_timing),
                "timing on stdout: {stdout}"
            );
        }
    }
}

#[test]
fn perft_rejects_bad_arguments() {
    for args in [
        vec!["perft"],
        vec!["perft", "x"],
        vec!["perft", "-1"],
        vec!["perft", "3", "--pass-is-ply", "--pass-is-not-ply"],
        vec!["perft", "3", "--bogus"],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    }
    let (_, _, stderr) = run(&["perft", "x"]);
    assert!(stderr.contains("'x'"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// play
// ---------------------------------------------------------------------------------------------

// Square indices (a1 = 0, row-major, row 1 at the top).
const D4: usize = 27;
const E4: usize = 28;
const D5: usize = 35;
const E5: usize = 36;
const F5: usize = 37;

#[test]
fn play_prints_the_start() {
    let state = play(&[]);
    assert_eq!(
        state,
        State {
            board: board_with(&[D5, E4], &[D4, E5]),
            to_move: Some("X".into()),
            legal: strs(&["d3", "c4", "f5", "e6"]),
            passed: vec![],
            over: false,
            black: 2,
            white: 2,
            winner: None,
        }
    );
    assert_eq!(play(&["--start", "standard"]), state);
    assert_eq!(play(&[""]), state, "an empty transcript");
}

#[test]
fn play_f5_flips_e5() {
    let state = play(&["f5"]);
    assert_eq!(
        state,
        State {
            board: board_with(&[D5, E4, E5, F5], &[D4]),
            to_move: Some("O".into()),
            legal: strs(&["f4", "d6", "f6"]),
            passed: vec![],
            over: false,
            black: 4,
            white: 1,
            winner: None,
        }
    );
    assert_eq!(play(&["F5"]), state);
}

#[test]
fn play_replays_a_transcript() {
    let t = "f5d6c3d3c4f4f6f3e6e7";
    let game = Game::from_transcript(Rules::Classic, Position::standard(), t).unwrap();
    let state = play(&[t]);
    assert_eq!(state, expected_state(&game));
    assert_eq!(state.black + state.white, 14);
    assert_eq!(play(&[&t.to_uppercase()]), state);
    assert_eq!(play(&["--inverse", t]), state, "same state, no winner yet");
}

#[test]
fn play_winner_of_a_finished_game_classic_and_inverse() {
    let mut rng = Rng(2024);
    let mut found_draw = false;
    let mut checked = 0;
    for _ in 0..3000 {
        let game = random_finished_game(Rules::Classic, Position::standard(), &mut rng);
        let (b, w) = (game.outcome().black, game.outcome().white);
        if b == w && found_draw || b != w && checked >= 3 {
            continue;
        }
        let t = game.transcript();
        let classic = play(&[&t]);
        let inverse = play(&["--inverse", &t]);
        for s in [&classic, &inverse] {
            assert!(s.over);
            assert_eq!(s.to_move, None);
            assert!(s.legal.is_empty());
            // Counts from the printed board itself.
            assert_eq!(s.black, s.board.matches('X').count() as i64);
            assert_eq!(s.white, s.board.matches('O').count() as i64);
        }
        assert_eq!(classic.board, inverse.board);
        let (b, w) = (classic.black, classic.white);
        let more = if b > w { "X" } else { "O" };
        let fewer = if b > w { "O" } else { "X" };
        if b == w {
            assert_eq!(classic.winner.as_deref(), Some("draw"));
            assert_eq!(inverse.winner.as_deref(), Some("draw"));
            found_draw = true;
        } else {
            assert_eq!(classic.winner.as_deref(), Some(more), "{t}");
            assert_eq!(inverse.winner.as_deref(), Some(fewer), "{t}");
            checked += 1;
        }
        if found_draw && checked >= 3 {
            break;
        }
    }
    assert!(
        checked >= 3 && found_draw,
        "no draw found in the random games"
    );
}

#[test]
fn play_alternative_start() {
    let state = play(&["--start", "alternative"]);
    let p = Start::Alternative.position();
    assert_eq!(state.board, board_with(&[D5, E5], &[D4, E4]));
    assert_eq!(state, expected_state(&Game::new(Rules::Classic, p)));
    assert_eq!(state.legal.len(), 4);
    // A few moves from there.
    let mut rng = Rng(5);
    let mut game = Game::new(Rules::Classic, p);
    for _ in 0..12 {
        let moves: Vec<Square> = Square::iter_bits(game.legal_moves()).collect();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let t = game.transcript();
    assert_eq!(play(&["--start", "alternative", &t]), expected_state(&game));
    let (code, stdout, stderr) = run(&["play", "--start", "sideways"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("sideways"), "{stderr}");
}

#[test]
fn play_from_a_given_board_with_a_forced_pass_at_the_start() {
    // Black (to move) has no move; White can take b1 with c1.
    let board = board_with(&[1], &[0]);
    let state = play(&["--board", &board, "--side", "X"]);
    assert_eq!(
        state,
        State {
            board: board.clone(),
            to_move: Some("O".into()),
            legal: strs(&["c1"]),
            passed: strs(&["X"]),
            over: false,
            black: 1,
            white: 1,
            winner: None,
        }
    );
    let end = play(&["--board", &board, "--side", "X", "c1"]);
    assert_eq!(end.board, board_with(&[], &[0, 1, 2]));
    assert!(end.over);
    assert_eq!(end.to_move, None);
    assert_eq!((end.black, end.white), (0, 3));
    assert_eq!(end.winner.as_deref(), Some("O"));
    assert_eq!(end.passed, strs(&["X"]));
    let inverse = play(&["--inverse", "--board", &board, "--side", "X", "c1"]);
    assert_eq!(inverse.winner.as_deref(), Some("X"));
    // White to move on the same board.
    let state = play(&["--board", &board, "--side", "O"]);
    assert_eq!(state.to_move.as_deref(), Some("O"));
    assert!(state.passed.is_empty());
}

/// A transcript may write a forced pass as `--`, also as its first token (rules.md: input may
/// accept `pa`/`--` for a pass); such a transcript is not a command-line option.
#[test]
fn play_accepts_a_transcript_that_starts_with_a_written_pass() {
    let board = board_with(&[1], &[0]);
    let expected = play(&["--board", &board, "--side", "X", "pac1"]);
    assert_eq!(expected.passed, strs(&["X"]));
    assert_eq!(play(&["--board", &board, "--side", "X", "--c1"]), expected);
}

#[test]
fn play_shows_a_forced_pass_found_by_random_play() {
    let mut rng = Rng(77);
    for _ in 0..2000 {
        let game = random_finished_game(Rules::Classic, Position::standard(), &mut rng);
        // The first move after which someone had to pass.
        let mut replay = Game::new(Rules::Classic, Position::standard());
        let mut prefix = String::new();
        let mut passer = None;
        for m in game.played_moves() {
            replay.play(m).unwrap();
            prefix.push_str(&m.to_string());
            if let Some(p) = replay.last_pass() {
                passer = Some(p);
                break;
            }
        }
        let Some(passer) = passer else { continue };
        if replay.is_over() {
            continue;
        }
        let state = play(&[&prefix]);
        assert_eq!(state.passed, vec![symbol(passer)], "{prefix}");
        assert_eq!(state.to_move, Some(symbol(passer.other())), "{prefix}");
        assert_eq!(state, expected_state(&replay));
        // The pass may be written.
        assert_eq!(play(&[&format!("{prefix}pa")]), state);
        assert_eq!(play(&[&format!("{prefix}--")]), state);
        // And the whole game.
        let full = play(&[&game.transcript()]);
        assert_eq!(full, expected_state(&game));
        assert!(full.passed.contains(&symbol(passer)));
        return;
    }
    panic!("no game with a forced pass found");
}

fn assert_bad(args: &[&str], needles: &[&str]) {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    for n in needles {
        assert!(stderr.contains(n), "{args:?}: '{n}' not in {stderr}");
    }
}

#[test]
fn play_rejects_illegal_and_malformed_moves() {
    assert_bad(&["play", "f5d6c3zz"], &["zz", "4"]);
    assert_bad(&["play", "f5a1"], &["a1", "2"]);
    assert_bad(&["play", "f4"], &["f4", "1"]);
    assert_bad(&["play", "f5d6c3d3c4f4f6f3e6e7e4"], &["e4", "11"]);
    assert_bad(&["play", "pa"], &["pa", "1"]);
    assert_bad(&["play", "f5--"], &["--", "2"]);
    assert_bad(&["play", "f5d"], &["'d'", "2"]);
    assert_bad(&["play", "--inverse", "f5i9"], &["i9", "2"]);
}

#[test]
fn play_rejects_bad_boards_and_sides() {
    assert_bad(
        &["play", "--board", "XO-", "--side", "X"],
        &["board", "64", "3"],
    );
    let mut bad = board_with(&[D5, E4], &[D4, E5]);
    bad.replace_range(5..6, "Z");
    assert_bad(&["play", "--board", &bad, "--side", "X"], &["Z"]);
    let good = board_with(&[D5, E4], &[D4, E5]);
    assert_bad(&["play", "--board", &good, "--side", "Q"], &["'Q'"]);
    assert_bad(&["play", "--board", &good], &["--side"]);
    assert_bad(&["play", "--side", "X"], &["--board"]);
    assert_bad(&["play", "--board"], &["--board"]);
    // The board given as text equals the standard start.
    assert_eq!(play(&["--board", &good, "--side", "X"]), play(&[]));
}

/// The per-game lines (`game N: ...`) of a `match` run's stderr, and its tally line.
fn match_run(args: &[&str]) -> (Vec<String>, String) {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    let games = stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(str::to_owned)
        .collect();
    let tally = stdout
        .lines()
        .find(|l| l.starts_with("A wins "))
        .unwrap_or_else(|| panic!("{args:?}: no tally in {stdout}"))
        .to_owned();
    (games, tally)
}

/// Wins, draws and losses from a tally line.
fn tally_counts(line: &str) -> [u32; 3] {
    let words: Vec<&str> = line
        .split([' ', ',', ';'])
        .filter(|w| !w.is_empty())
        .collect();
    let after = |key: &str| -> u32 {
        let i = words.iter().position(|w| *w == key).expect(key);
        words[i + 1].parse().expect("a count")
    };
    [after("wins"), after("draws"), after("losses")]
}

#[test]
fn match_from_plays_the_tail_of_the_same_match() {
    // Equal players: the colours decide, so the tail mixes a loss and draws.
    let base = ["match", "--a", "d2", "--b", "d2", "--games", "6"];
    let (all, all_tally) = match_run(&base);
    let mut from = base.to_vec();
    from.extend(["--from", "4"]);
    let (tail, tail_tally) = match_run(&from);
    let number = |line: &String| -> usize {
        line["game ".len()..line.find(':').expect("game N:")]
            .parse()
            .expect("a game number")
    };
    let mut sorted = all.clone();
    sorted.sort_by_key(number);
    assert_eq!(sorted.len(), 6, "{all:?}");
    assert_eq!(tail, sorted[3..].to_vec(), "games 4 to 6 replayed alike");
    let [w, d, l] = tally_counts(&tail_tally);
    assert_eq!(w + d + l, 3, "{tail_tally}");
    // The tail's tally is that of games 4 to 6 of the full run ("... A 40 B 24").
    let mut expected = [0u32; 3];
    for line in &sorted[3..] {
        let words: Vec<&str> = line.split_whitespace().collect();
        let discs = |key: &str| -> i32 {
            let i = words.iter().rposition(|w| *w == key).expect(key);
            words[i + 1].parse().expect("discs")
        };
        expected[match discs("A").cmp(&discs("B")) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        }] += 1;
    }
    assert_eq!([w, d, l], expected, "{tail_tally} / {tail:?}");
    let [aw, ad, al] = tally_counts(&all_tally);
    assert!(aw >= w && ad >= d && al >= l, "{all_tally} / {tail_tally}");
    assert_bad(&["match", "--games", "6", "--from", "7"], &["--from", "7"]);
    assert_bad(&["match", "--games", "6", "--from", "0"], &["--from", "0"]);
}

#[test]
fn match_openings_come_from_a_list_file() {
    let dir = std::env::temp_dir().join(format!("reversi-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    // Two openings: an even one and one where White (to move) has given up a corner line.
    let list = write(
        "two.txt",
        "# two openings\nf5d6c3d3c4 +0.5\nf5f6e6f4 note\n",
    );
    let base = [
        "match",
        "--a",
        "d2",
        "--b",
        "d2",
        "--games",
        "4",
        "--openings",
        &list,
    ];
    let (games, tally) = match_run(&base);
    assert_eq!(games.len(), 4, "{games:?}");
    let [w, d, l] = tally_counts(&tally);
    assert_eq!(w + d + l, 4, "{tally}");
    let (code, stdout, _) = run(&base);
    assert_eq!(code, 0);
    assert!(
        stdout.contains(&format!("(2 openings from {list}, both colours)")),
        "{stdout}"
    );
    // The same games as random openings would give only if the openings were the same.
    let (random, _) = match_run(&["match", "--a", "d2", "--b", "d2", "--games", "4"]);
    assert_ne!(games, random, "the list's openings were not played");
    // The same openings in the other order: game 1 (A black from the first line) is now game 3
    // (depth 2 plays without noise, so only the opening decides a game).
    let swapped = write("swapped.txt", "f5f6e6f4\nf5d6c3d3c4\n");
    let (other, _) = match_run(&[
        "match",
        "--a",
        "d2",
        "--b",
        "d2",
        "--games",
        "4",
        "--openings",
        &swapped,
    ]);
    let result = |games: &[String], n: usize| -> String {
        let line = games
            .iter()
            .find(|g| g.starts_with(&format!("game {n}:")))
            .unwrap_or_else(|| panic!("no game {n} in {games:?}"));
        line.split_once("plays").unwrap().1.to_owned()
    };
    assert_eq!(
        result(&games, 1),
        result(&other, 3),
        "{games:?} / {other:?}"
    );
    assert_eq!(
        result(&games, 4),
        result(&other, 2),
        "{games:?} / {other:?}"
    );

    let bad = write("bad.txt", "f5d6\nf5d6c9\n");
    assert_bad(
        &["match", "--games", "2", "--openings", &bad],
        &["--openings", "line 2", "c9"],
    );
    assert_bad(
        &["match", "--games", "6", "--openings", &list],
        &["2 openings", "6 games need 3"],
    );
    assert_bad(
        &["match", "--openings", &list, "--plies", "4"],
        &["--openings", "--plies"],
    );
    let missing = dir.join("none.txt");
    assert_bad(
        &["match", "--openings", missing.to_str().unwrap()],
        &["--openings", "none.txt"],
    );
    let empty = write("empty.txt", "# nothing\n");
    assert_bad(&["match", "--openings", &empty], &["no opening"]);
    std::fs::remove_dir_all(&dir).ok();
}

// ---------------------------------------------------------------------------------------------
// bench: suites read from files
// ---------------------------------------------------------------------------------------------

#[test]
fn bench_endgame_reads_its_suites_from_obf_files() {
    let ffo = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/fforum-1-19.obf"
    );
    let text = std::fs::read_to_string(ffo).unwrap_or_else(|e| panic!("{ffo}: {e}"));
    // Two listed positions (14 empties) and one without scores (shown unchecked).
    let first: Vec<&str> = text.lines().take(2).collect();
    let unlisted = first[0].split(';').next().unwrap().trim();
    let path = std::env::temp_dir().join(format!("reversi-bench-{}.obf", std::process::id()));
    std::fs::write(
        &path,
        format!("{}\n% a comment\n\n{}\n{unlisted}\n", first[0], first[1]),
    )
    .expect("a temporary file");
    let shown = path.to_str().expect("a UTF-8 temporary path");
    let (code, stdout, stderr) = run(&["bench", "endgame", "--obf", shown]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(
        rows[0].ends_with(" ok") && rows[1].ends_with(" ok"),
        "{stdout}"
    );
    assert!(rows[2].ends_with(" -"), "{stdout}");
    assert!(stdout.contains("0 wrong"), "{stdout}");

    assert_bad(
        &["bench", "endgame", "--obf", "/nonexistent/suite.obf"],
        &["--obf", "cannot read /nonexistent/suite.obf"],
    );
    assert_bad(
        &["bench", "endgame", "--obf", ffo, "--level", "3"],
        &["--level"],
    );
    assert_bad(
        &["bench", "perft", "--obf", ffo],
        &["unknown option '--obf'"],
    );
}

#[test]
fn bench_agreement_counts_moves_against_the_solver() {
    let (code, stdout, stderr) = run(&["bench", "agreement", "--positions", "3", "--level", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("classic game, level 2 against the exact solver, 3 positions"),
        "{stdout}"
    );
    // One position each at 22, 23 and 24 empties (if its game gets there).
    let rows: Vec<(u32, u32)> = stdout
        .lines()
        .filter_map(|l| l.split_once(" empties: "))
        .map(|(_, rest)| {
            let (a, total) = rest
                .trim_end_matches(" best moves")
                .split_once('/')
                .unwrap();
            (a.parse().unwrap(), total.parse().unwrap())
        })
        .collect();
    assert!(
        !rows.is_empty() && rows.iter().all(|&(a, t)| t == 1 && a <= t),
        "{stdout}"
    );
    let agreed: u32 = rows.iter().map(|r| r.0).sum();
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("agreement {agreed}/{} (", rows.len())),
        "{stdout}"
    );
    assert_bad(
        &["bench", "agreement", "--positions", "0"],
        &["--positions"],
    );
}
