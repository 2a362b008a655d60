//! `reversi play`: replays a transcript and prints the resulting state as one JSON object.
//! The output format is a contract read by other tools.

use reversi::{Color, Game, Position, Square, Start};

use crate::args::{rules, Args};
use crate::out::{self, shown, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let rules = rules(&mut args);
    let start_name = args.option("--start")?;
    let board = args.option("--board")?;
    let side = args.option("--side")?;
    // The transcript may come in several words (`f5 d6 c3`): spaces are ignored.
    let words = args.positional(usize::MAX)?;
    let start = match (board, side, start_name) {
        (Some(_), _, Some(_)) => return Err("give either --start or --board, not both".into()),
        (Some(board), Some(side), None) => {
            Position::parse(&board, &side).map_err(|e| format!("--board/--side: {}", shown(e)))?
        }
        (Some(_), None, None) => return Err("--board needs --side X|O".into()),
        (None, Some(_), _) => return Err("--side goes with --board".into()),
        (None, None, name) => name
            .as_deref()
            .unwrap_or("standard")
            .parse::<Start>()
            .map_err(|e| format!("--start: {}", shown(e)))?
            .position(),
    };
    let transcript = words.concat();
    let game = Game::from_transcript(rules, start, &transcript).map_err(shown)?;
    out::line(state_json(&game))
}

/// `{"board": ..., "to_move": ..., "legal": [...], "passed": [...], "over": ..., "black": N,
/// "white": N, "winner": ...}`
fn state_json(game: &Game) -> String {
    let quote = |s: &str| format!("\"{s}\"");
    let color = |c: Option<Color>| c.map_or("null".to_string(), |c| quote(&c.symbol().to_string()));
    let legal: Vec<String> = Square::iter_bits(game.legal_moves())
        .map(|s| quote(&s.to_string()))
        .collect();
    let passed: Vec<String> = game
        .passes()
        .into_iter()
        .map(|c| quote(&c.symbol().to_string()))
        .collect();
    let outcome = game.outcome();
    let winner = match game.result() {
        Some(result) => result
            .winner
            .map_or(quote("draw"), |c| quote(&c.symbol().to_string())),
        None => "null".to_string(),
    };
    format!(
        "{{\"board\": {}, \"to_move\": {}, \"legal\": [{}], \"passed\": [{}], \"over\": {}, \"black\": {}, \"white\": {}, \"winner\": {}}}",
        quote(&game.position().board_string()),
        color(game.to_move()),
        legal.join(", "),
        passed.join(", "),
        game.is_over(),
        outcome.black,
        outcome.white,
        winner
    )
}
