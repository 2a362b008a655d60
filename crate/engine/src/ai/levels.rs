//! The ten levels: what each may spend (depth, nodes, a time cap, the empties from which it
//! solves exactly) and how much noise it adds, and how a node budget maps to the empties the
//! exact solver is given.

/// A playing strength: 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level may spend and how much noise it adds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSpec {
    /// Deepest midgame iteration.
    pub depth: u32,
    /// Node budget of one move.
    pub nodes: u64,
    /// Time cap of one move, in milliseconds of the caller's clock (when there is one).
    pub time_ms: f64,
    /// Solve exactly from this many empties (or fewer).
    pub exact_empties: u32,
    /// Softmax temperature in discs over the move scores; 0 plays the best move.
    pub temperature: f32,
}

/// Level 10's nodes take about 1.3 s a move in WebAssembly on a fast day of the development
/// machine and twice that on a slow one (`scripts/measure-level.mjs`); its 1.4 s cap keeps every
/// move, and so the median, under the 1.5 s a player should wait (docs/tuning.md, "Level 10's
/// cap on a slow day"). Matches (`reversi match`) play the node budgets alone, the same on any
/// machine.
const LEVELS: [LevelSpec; 10] = [
    spec(1, 20_000, 500.0, 0, 3.0),
    spec(2, 20_000, 500.0, 4, 2.0),
    spec(3, 50_000, 800.0, 6, 1.2),
    spec(4, 100_000, 1000.0, 8, 0.6),
    spec(5, 150_000, 1000.0, 10, 0.4),
    spec(6, 250_000, 1000.0, 12, 0.0),
    spec(8, 500_000, 1000.0, 14, 0.0),
    spec(10, 1_200_000, 1200.0, 16, 0.0),
    spec(13, 3_000_000, 1200.0, 19, 0.0),
    spec(30, 11_000_000, 1400.0, 20, 0.0),
];

const fn spec(
    depth: u32,
    nodes: u64,
    time_ms: f64,
    exact_empties: u32,
    temperature: f32,
) -> LevelSpec {
    LevelSpec {
        depth,
        nodes,
        time_ms,
        exact_empties,
        temperature,
    }
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(10);
    pub const DEFAULT: Level = Level(5);

    /// The level `n`, if it is within 1..=MAX.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The budget and noise of this level.
    pub fn spec(self) -> LevelSpec {
        LEVELS[(self.0 - 1) as usize]
    }
}

/// A cautious midgame search speed (nodes per millisecond; native code does about 3000, wasm
/// somewhat less), to turn a time limit into a node count.
pub const NODES_PER_MS: u64 = 1500;

/// How many exact-solver nodes cost as much as one midgame node in a budget (the solver visits
/// nodes about this much faster than the midgame search, which evaluates its leaves).
pub const SOLVER_NODES_PER_NODE: u64 = 6;

/// The empties from which an exact solve is tried with a budget of `nodes` (midgame nodes;
/// the solver gets [`SOLVER_NODES_PER_NODE`] nodes for each).
pub fn exact_empties_for_nodes(nodes: u64) -> u32 {
    match nodes {
        n if n >= 10_000_000 => 22,
        n if n >= 4_000_000 => 21,
        n if n >= 2_500_000 => 20,
        n if n >= 1_200_000 => 19,
        n if n >= 600_000 => 18,
        n if n >= 250_000 => 16,
        n if n >= 80_000 => 14,
        n if n >= 25_000 => 12,
        _ => 10,
    }
}
