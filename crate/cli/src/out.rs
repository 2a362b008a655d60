//! Everything the CLI writes, and how a command fails.
//!
//! stdout has one path, [`line`]: each line is written and flushed at once, and an error ends
//! the command. A closed pipe (`reversi solve < many.obf | head -1`) ends it quietly with exit
//! code 141, the code of a process killed by SIGPIPE, as other Unix tools end; any other error
//! (a full disk) is a message and exit code 2. stderr gets [`note`], which ignores errors:
//! there is nowhere left to report them.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

use reversi_args::{escape, ArgError};

/// Why a command stopped early.
#[derive(Debug, PartialEq)]
pub enum Failure {
    /// Bad input or a failed write: the message (escaped when printed), exit code 2.
    Message(String),
    /// stdout's reader went away: exit code 141, no message.
    BrokenPipe,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Message(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Message(message.to_string())
    }
}

impl From<ArgError> for Failure {
    fn from(e: ArgError) -> Failure {
        Failure::Message(e.to_string())
    }
}

/// Writes `text` and a newline to stdout and flushes.
pub fn line(text: impl Display) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => Failure::BrokenPipe,
            _ => Failure::Message(format!("cannot write to stdout: {e}")),
        })
}

/// Writes `text` and a newline to stderr, ignoring errors.
pub fn note(text: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// An error message from the engine (which may quote input) as one printable line.
pub fn shown(e: impl Display) -> String {
    escape(&e.to_string()).into_owned()
}
