// Every word the page shows, in English, by message id: the English table of the one message
// table (i18n.js formats an id with its parameters). uk.js and ru.js have the same ids (the
// type check and www/tests/i18n.test.mjs hold them to it). The words of index.html are here
// too (`page.*`, named by the elements' `data-msg` attributes), so that the page can change
// its language.
//
// An entry is
// - a template: `{name}` is the parameter `name`; `{name:prefix}` is the message
//   `prefix.<value of name>` formatted with the same parameters (`{player:color}` is
//   `color.black` or `color.white`; `prefix.other` when there is no such id);
// - plural-aware: `{plural: 'name', one: ..., few: ..., many: ..., other: ...}`, the template
//   of the plural category (Intl.PluralRules) of the number `name`;
// - a choice: `{select: 'name', <value>: ..., other: ...}`, the template for the value of
//   `name`.
// Counts are parameters of their own, so that a language whose nouns change with the number
// can make the entry plural-aware. The English result line says "discs" for every count, as
// it always has (its wording is read by other tools).

export const EN = /** @satisfies {Record<string, import('../i18n.js').Entry>} */ ({
  // Joining messages: sentences of a line, the items of a list, the parts of a label.
  'join.sentences': ' ',
  'join.list': '; ',
  'join.label': ', ',

  'color.black': 'Black',
  'color.white': 'White',

  // The page (index.html): elements with `data-msg` (their text), `data-msg-label` (their
  // aria-label).
  'page.title': 'Reversi',
  'page.game': 'Game',
  'page.board':
    'Board: columns a to h, rows 1 to 8 from the top. Arrow keys move, Enter or Space plays.',
  'page.loading': 'Loading the game…',
  'page.undo': 'Undo',
  'page.redo': 'Redo',
  'page.scores': 'Scores',
  'page.step': 'Step',
  'page.ai_speed': 'AI speed',
  'page.new_game': 'New game',
  'page.rules': 'Game',
  'page.classic': 'Classic',
  'page.classic_note': '(more discs win)',
  'page.inverse': 'Inverse',
  'page.inverse_note': '(fewer discs win)',
  'page.start': 'Start',
  'page.standard': 'Standard',
  'page.standard_note': '(diagonal)',
  'page.alternative': 'Alternative',
  'page.alternative_note': '(side by side)',
  'page.setup_help': 'Click a cell on the board to make it empty, black or white in turn.',
  'page.to_move': 'To move',
  'page.setup_clear': 'Clear board',
  'page.setup_standard': 'Standard start',
  'page.start_setup': 'Start from this position',
  'page.setup_enter': 'Set up a position…',
  'page.setup_cancel': 'Cancel set-up',
  'page.moves': 'Moves',
  'page.moves_label': 'Moves: choose one to see its position; arrow keys step',
  'page.no_moves': 'No moves yet.',
  'page.back_to_game': 'Back to the game',
  'page.evaluation': 'Evaluation',
  'page.graph_label': 'The score for Black after each move; choose a point to see its position',
  'page.review_game': 'Review the game',
  'page.transcript': 'Transcript',
  'page.copy_transcript': 'Copy the transcript',
  'page.copy_link': 'Copy the link',
  'page.load': 'Load',
  'page.shortcuts': 'Keyboard shortcuts',
  'page.key_scores': 'Show or hide the scores',
  'page.key_step': 'Previous and next position (also the arrow keys in the move list)',
  'page.key_arrows': 'Arrow keys',
  'page.key_board': 'Move on the board and play',
  'page.settings': 'Settings',
  'page.language': 'Language',
  'page.theme': 'Theme',
  'page.mute': 'Mute',
  'page.update_ready': 'A new version is ready - reload to update.',
  'page.update_reload': 'Reload',

  // The choices of the settings. The languages by their own names, the same in every table.
  'language.en': 'English',
  'language.uk': 'Українська',
  'language.ru': 'Русский',
  'theme.system': 'As the system',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.contrast': 'High contrast',
  'theme.colorblind': 'Colour-blind safe',

  // The score cards: the count's accessible name.
  'score.count': {
    plural: 'count',
    one: '{player:color}: {count} disc',
    other: '{player:color}: {count} discs',
  },

  // The AI levels 1..max_level (the engine's).
  'level.1': 'Beginner',
  'level.2': 'Novice',
  'level.3': 'Casual',
  'level.4': 'Apprentice',
  'level.5': 'Club player',
  'level.6': 'Skilled',
  'level.7': 'Strong',
  'level.8': 'Expert',
  'level.9': 'Master',
  'level.10': 'Champion',
  'level.other': 'Level {level}',

  // The score cards and the players of the new-game form.
  'player.human': 'Human',
  'player.ai': 'AI · {level:level}',
  'player.setup': 'Set-up',
  'form.human': 'Human',
  'form.ai': 'AI {level} · {level:level}',

  'rules.classic': 'Classic game: more discs win.',
  'rules.inverse': 'Inverse game: fewer discs win.',

  // The status line (role="status"): the last move, a pass, then the turn or the result.
  'status.played': '{player:color} played {square}.',
  'status.passed': '{player:color} has no legal move and passes.',
  'status.no_moves': 'Neither side has a legal move.',
  'status.passed_earlier': '{player:color} had no legal move and passed.',
  'status.to_move': '{player:color} to move.',
  'status.ai_to_move': '{player:color} (AI, {level:level}) to move.',
  'status.ai_thinking': '{player:color} (AI, {level:level}) is thinking…',
  'status.win': 'Game over: {winner:color} wins, {own} discs to {other} (Black {black}, White {white}).',
  'status.draw': 'Game over: a draw, {black}–{white}.',
  'status.inverse_goal': 'Inverse game: fewer discs win.',
  'status.setup':
    'Setting up a position: click a cell to make it empty, black or white (in turn). {player:color} to move.',

  'button.hint': 'Hint',
  'button.pause': 'Pause',
  'button.resume': 'Resume',
  'button.hint_busy': 'Thinking…',

  'moves.opening': 'Opening: {name}',
  'moves.mistake': '{label}, a mistake: {loss} discs worse than {best}',

  // The evaluation graph and the game review.
  'graph.point': 'After move {ply}: {score} for Black',
  'graph.start': 'The start: {score} for Black',
  'review.progress': 'Reviewing the game: {done} of {total} moves…',
  // (Ukrainian and Russian choose the form by `lost`: `count` and `moves` are parameters too.)
  'review.summary': {
    plural: 'count',
    one: '{player:color}: {count} mistake, {lost} discs lost to best play.',
    other: '{player:color}: {count} mistakes, {lost} discs lost to best play.',
  },
  'moves.move': '{n}. {square}',
  'moves.move_label': 'Move {n}: {player:color} {square}',
  'moves.pass': '{n}. {player:color} passes',
  'status.review': 'Reviewing: after move {ply} of {plies}.',
  'button.back_to_line': 'Back to the old line',
  'button.undo_new_game': 'Undo new game',

  // The analysis (the scores of the moves).
  'analysis.deepening': 'Scores: looking {depth} moves ahead…',
  'analysis.depth': 'Scores: {depth} moves ahead.',
  'analysis.solved_win': '{player:color} wins by {margin} with best play.',
  'analysis.solved_draw': 'A draw with best play.',
  'cell.score': 'score {score}',
  'cell.exact': 'exact',

  // The cells' labels: `d3, empty, legal move`.
  'cell.black': 'black',
  'cell.white': 'white',
  'cell.empty': 'empty',
  'cell.legal': 'legal move',
  'cell.last': 'last move',
  'cell.hint': 'suggested move',

  // The message line (role="alert").
  'note.link_not_understood': 'The link was not fully understood: {problems}. Defaults are used instead.',
  'note.cannot_start': 'Could not start that game: {reason}.',
  'note.moves_not_played': 'The moves in the link ({moves}) were not played.',
  'note.standard_start_instead': 'The standard start is used instead.',
  'note.defaults_instead': 'A new game with the default settings starts instead.',
  'note.replay_failed': 'The moves in the link stop at a bad move ({reason}); the moves before it are played.',
  'note.transcript_refused': 'That transcript cannot be played ({reason}); the game is unchanged.',
  'note.transcript_empty': 'Paste a transcript such as f5d6c3d3c4 first.',
  'note.copied_transcript': 'The transcript is copied.',
  'note.copied_link': 'The link is copied.',
  'note.copy_failed': 'Could not copy: {text}',
  'note.ai_failed': 'The AI failed ({reason}). Undo or start a new game to go on.',
  'note.resumed': 'Your game in progress is back. New game starts another one.',
  'note.review_failed': 'The game review stopped ({reason}).',
  'note.analysis_failed': 'The analysis stopped ({reason}).',
  'note.hint_failed': 'The hint failed ({reason}). You can ask again.',
  'note.ai_refused': "The AI's move was refused: {reason}",
  'note.setup_refused': 'This position cannot be played: {reason}.',
  'note.load_failed':
    'The game engine could not be loaded ({reason}). ' +
    'This page needs WebAssembly with SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or newer).',

  // What is wrong with a link (hash.js).
  'link.bad_text': "'{part}' is not valid URL text",
  'link.unknown_rules': "unknown game '{value}' (rules=classic or rules=inverse)",
  'link.unknown_player': "unknown {key} player '{value}' ({key}=human or {key}=ai{min} to ai{max})",
  'link.unknown_start': "unknown start '{value}' (start=standard or start=alternative)",
  'link.unknown_key': "unknown setting '{key}' (rules, black, white, start, moves, board, side)",
  'link.board_without_side': 'a board needs a side to move (side=X or side=O)',
  'link.side_without_board': 'a side to move needs a board (board=<64 cells X, O, ->)',

  // Errors by code: the engine's (the wasm binding's `code` and `params`, crate/wasm) and the
  // AI worker's (ai-client.js).
  'error.illegal_move': '{square} is not a legal move for {player:color}',
  'error.game_over': 'the game is over',
  'error.pass_not_allowed': '{player:color} has a legal move and may not pass',
  'error.bad_square': "'{text}' is not a square (a1..h8)",
  'error.bad_transcript': {
    select: 'reason',
    malformed: "move {moveNumber} '{token}' is not a square (a1..h8) or a pass (pa, --)",
    other: "move {moveNumber} '{token}': {reason:error}",
  },
  'error.board_length': 'a board has 64 cells, this one has {length}',
  'error.board_cell': "cell {cell} ({square}) is '{found}': use X for black, O for white, - for empty",
  'error.bad_side': "the side to move '{text}' is neither X (black) nor O (white)",
  'error.bad_color': "the side to move '{text}' is neither X (black) nor O (white)",
  'error.board_without_side': 'a board needs a side to move: X (black) or O (white)',
  'error.side_without_board': 'a side to move needs a board: 64 cells X, O or -, a1..h8',
  'error.bad_rules': "unknown game '{text}' (classic or inverse)",
  'error.bad_start': "unknown start position '{text}' (standard, alternative, standard-mirror, alternative-mirror)",
  'error.out_of_memory': 'cannot allocate a transposition table of {megabytes} MB (not enough memory)',
  'error.ai_busy': 'ai_move is already running (it was called from its clock)',
  'error.bad_split_text': 'the workers of the AI did not understand each other (not a task or outcome of a split search: {text})',
  'error.too_long': 'too long to read: {length} characters (at most {max})',
  'error.worker_error': '{detail}',
  'error.worker_crashed': '{detail}',
  'error.worker_stopped': 'the AI worker stopped',
  'error.worker_stuck': {
    plural: 'seconds',
    one: 'the AI did not answer within {seconds} second',
    other: 'the AI did not answer within {seconds} seconds',
  },
  // An error without a known code: its own message.
  'error.other': '{detail}',
});
