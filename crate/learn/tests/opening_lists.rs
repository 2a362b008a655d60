//! The committed lists of balanced openings (`docs/matches/openings/`, made by
//! `reversi-learn openings`) read as the match reads them and keep what their headers say.

use reversi::{parse_opening_list, Game, Position, Rules};

fn list(rules: &str) -> String {
    let path = format!(
        "{}/../../docs/matches/openings/{rules}-balanced.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_balanced_lists_are_200_distinct_even_openings_of_8_moves() {
    for rules in ["classic", "inverse"] {
        let text = list(rules);
        assert!(
            text.starts_with(&format!("# 200 balanced openings of the {rules} game")),
            "{rules}: {}",
            text.lines().next().unwrap_or("")
        );
        assert!(text.contains("command: ") && text.contains("engine: commit "));
        let positions = parse_opening_list(&text).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert_eq!(positions.len(), 200, "{rules}");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (moves, score) = line.split_once(' ').expect("moves and a score");
            let score: f32 = score.parse().unwrap_or_else(|_| panic!("{line}"));
            assert!(score.abs() <= 2.0, "{rules}: {line}");
            assert_eq!(moves.len(), 16, "{rules}: {line}");
            let game = Game::from_transcript(Rules::Classic, Position::standard(), moves).unwrap();
            assert_eq!(game.position().board.empty_count(), 52, "{rules}: {line}");
        }
    }
}
