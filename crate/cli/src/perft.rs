//! `reversi perft DEPTH [--pass-is-ply|--pass-is-not-ply]`: the leaf count from the standard
//! start alone on the last line of stdout; time and speed on stderr.

use std::time::Instant;

use reversi::{perft, PassRule, Position};

use crate::args::{number_in, Args};
use crate::out::{self, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let not_ply = args.flag("--pass-is-not-ply");
    let ply = args.flag("--pass-is-ply");
    if ply && not_ply {
        return Err("choose one of --pass-is-ply and --pass-is-not-ply".into());
    }
    let rule = if not_ply {
        PassRule::PassIsNotPly
    } else {
        PassRule::PassIsPly
    };
    let words = args.positional(1)?;
    let depth: u32 = match words.first() {
        Some(d) => number_in("DEPTH", d, 0..=60)?,
        None => return Err("usage: reversi perft DEPTH [--pass-is-ply|--pass-is-not-ply]".into()),
    };
    let start = Instant::now();
    let leaves = perft(Position::standard().board, depth, rule);
    let secs = start.elapsed().as_secs_f64();
    out::note(format_args!(
        "perft {depth}: {leaves} leaves in {secs:.3} s, {:.1} M leaves/s",
        leaves as f64 / secs.max(1e-9) / 1e6
    ));
    out::line(leaves)
}
