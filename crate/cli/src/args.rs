//! The CLI's use of the shared argument reader ([`reversi_args`]): what is particular to the
//! `reversi` command.

pub use reversi_args::{escape, number_in, ArgError, Args};

use reversi::{Level, Rules};

/// The largest transposition table (`--tt`) in MB; a table that cannot be allocated is an
/// error too (`Solver::try_new`, `Ai::try_new`).
pub const MAX_TT_MB: usize = 16_384;

/// The rules: inverse with `--inverse` (consumed), classic otherwise.
pub fn rules(args: &mut Args) -> Rules {
    if args.flag("--inverse") {
        Rules::Inverse
    } else {
        Rules::Classic
    }
}

/// `--level N` (consumed), a level in 1..=10, if given.
pub fn level(args: &mut Args) -> Result<Option<Level>, ArgError> {
    let Some(v) = args.option("--level")? else {
        return Ok(None);
    };
    let n = number_in("--level", &v, Level::MIN.get()..=Level::MAX.get())?;
    Ok(Level::new(n))
}
