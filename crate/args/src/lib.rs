//! The command-line reader of the reversi tools (`reversi`, `reversi-learn`,
//! `reversi-patterns`): arguments read as the OS gives them (a word that is not UTF-8 is an
//! error, not a panic), flags, options with a value, numbers within a range, positional words,
//! and [`escape`], which every message that echoes input goes through so that it stays one
//! printable line.
//!
//! ```
//! use reversi_args::Args;
//! let mut args = Args::new(["--tt", "64", "--quiet", "f5d6"]);
//! assert!(args.flag("--quiet"));
//! assert_eq!(args.number("--tt", 16usize, 1..=1024), Ok(64));
//! assert_eq!(args.positional(1).unwrap(), ["f5d6"]);
//! ```

#![forbid(unsafe_code)]

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::fmt::{self, Display, Write as _};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// What is wrong with a command line. Its `Display` is one line; input in it is escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// An argument that is not valid UTF-8: its 1-based number among the arguments after the
    /// program name, and its bytes.
    NotUtf8 { index: usize, bytes: Vec<u8> },
    /// An option at the end of the line, without its value.
    MissingValue(String),
    /// An option (or a positional argument: `name` then names it), its value, and what the
    /// value should be (`a number from 1 to 100`).
    BadValue {
        name: String,
        value: String,
        expected: String,
    },
    /// A `--word` that no option of the command reads.
    UnknownOption(String),
    /// A word beyond the positional arguments the command takes.
    Unexpected(String),
}

impl Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::NotUtf8 { index, bytes } => write!(
                f,
                "argument {index} is not valid UTF-8: '{}'",
                escape_bytes(bytes)
            ),
            ArgError::MissingValue(name) => write!(f, "{} needs a value", escape(name)),
            ArgError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{}: '{}' is not {expected}", escape(name), escape(value)),
            ArgError::UnknownOption(w) => write!(f, "unknown option '{}'", escape(w)),
            ArgError::Unexpected(w) => write!(f, "unexpected argument '{}'", escape(w)),
        }
    }
}

impl std::error::Error for ArgError {}

/// The arguments as strings, or an error naming the first one that is not UTF-8 (numbered
/// from 1). Give it `std::env::args_os().skip(1)`.
pub fn utf8_words<I>(args: I) -> Result<Vec<String>, ArgError>
where
    I: IntoIterator<Item = OsString>,
{
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| ArgError::NotUtf8 {
                index: i + 1,
                bytes: a.as_encoded_bytes().to_vec(),
            })
        })
        .collect()
}

/// Arguments left to read, in order. Options are looked up by name wherever they are, and
/// consumed; what is left at the end is positional ([`Args::positional`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    words: Vec<String>,
}

impl Args {
    pub fn new<I, S>(words: I) -> Args
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Args {
            words: words.into_iter().map(Into::into).collect(),
        }
    }

    /// The arguments the OS gave (without the program name): see [`utf8_words`].
    pub fn from_os<I>(args: I) -> Result<Args, ArgError>
    where
        I: IntoIterator<Item = OsString>,
    {
        utf8_words(args).map(Args::new)
    }

    /// True (and consumed) if `flag` is present.
    pub fn flag(&mut self, flag: &str) -> bool {
        match self.words.iter().position(|w| w == flag) {
            Some(i) => {
                self.words.remove(i);
                true
            }
            None => false,
        }
    }

    /// The value after `name` (both consumed), or an error if `name` ends the line.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, ArgError> {
        match self.words.iter().position(|w| w == name) {
            Some(i) if i + 1 < self.words.len() => {
                self.words.remove(i);
                Ok(Some(self.words.remove(i)))
            }
            Some(_) => Err(ArgError::MissingValue(name.to_string())),
            None => Ok(None),
        }
    }

    /// The values of every `name VALUE` pair, in order (a repeatable option).
    pub fn options(&mut self, name: &str) -> Result<Vec<String>, ArgError> {
        let mut values = Vec::new();
        while let Some(v) = self.option(name)? {
            values.push(v);
        }
        Ok(values)
    }

    /// The value of option `name` as a number in `range` (consumed), `default` when absent.
    /// A value that does not parse as `T` (too large for it, say) or lies outside `range` is
    /// an error naming the option, the value and the range.
    pub fn number<T>(
        &mut self,
        name: &str,
        default: T,
        range: RangeInclusive<T>,
    ) -> Result<T, ArgError>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.option(name)? {
            None => Ok(default),
            Some(v) => number_in(name, &v, range),
        }
    }

    /// The value of option `name` parsed as `T` (consumed), `None` when absent; an error
    /// saying that it is not `expected` when it does not parse.
    pub fn parsed<T: FromStr>(
        &mut self,
        name: &str,
        expected: &str,
    ) -> Result<Option<T>, ArgError> {
        self.option(name)?
            .map(|v| parse_as(name, &v, expected))
            .transpose()
    }

    /// The remaining words, at most `max` of them; an error for any left-over `--option`. A
    /// word made only of transcript tokens (squares, `pa`, `--`), such as `--c1` (a pass, then
    /// c1), is positional.
    pub fn positional(self, max: usize) -> Result<Vec<String>, ArgError> {
        if let Some(w) = self
            .words
            .iter()
            .find(|w| w.starts_with("--") && !is_transcript(w))
        {
            return Err(ArgError::UnknownOption(w.clone()));
        }
        if self.words.len() > max {
            return Err(ArgError::Unexpected(self.words[max].clone()));
        }
        Ok(self.words)
    }

    /// Checks that nothing is left: [`Args::positional`] with none allowed.
    pub fn finish(self) -> Result<(), ArgError> {
        self.positional(0).map(drop)
    }
}

/// `value` (of the option or argument `name`) as a number in `range`: the one check behind
/// [`Args::number`], also for positional numbers. Surrounding spaces are ignored.
pub fn number_in<T>(name: &str, value: &str, range: RangeInclusive<T>) -> Result<T, ArgError>
where
    T: FromStr + PartialOrd + Display,
{
    value
        .trim()
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| ArgError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
            expected: format!("a number from {} to {}", range.start(), range.end()),
        })
}

/// `value` (of the option or argument `name`) parsed as `T`; the error says it is not
/// `expected`.
pub fn parse_as<T: FromStr>(name: &str, value: &str, expected: &str) -> Result<T, ArgError> {
    value.parse().map_err(|_| ArgError::BadValue {
        name: name.to_string(),
        value: value.to_string(),
        expected: expected.to_string(),
    })
}

/// True if `word` is a sequence of two-character transcript tokens: squares, `pa` or `--`.
fn is_transcript(word: &str) -> bool {
    let b = word.as_bytes();
    b.len().is_multiple_of(2)
        && b.chunks(2).all(|t| {
            t == b"--"
                || t.eq_ignore_ascii_case(b"pa")
                || (matches!(t[0].to_ascii_lowercase(), b'a'..=b'h') && matches!(t[1], b'1'..=b'8'))
        })
}

/// `text` with every character that would not print as itself on one line written as an
/// escape: `\n`, `\r`, `\t`, or `\u{..}` for other control and invisible formatting
/// characters (the C0 and C1 controls, DEL, line and paragraph separators, bidirectional
/// overrides, zero-width characters). Everything else, backslashes included, is kept, so
/// escaping twice changes nothing: a message may be escaped where input enters it and again
/// where it is printed.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    push_escaped(&mut out, text);
    Cow::Owned(out)
}

/// Bytes as text: [`escape`] on their valid UTF-8 runs and `\xNN` for each byte that is not
/// part of one.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        push_escaped(&mut out, chunk.valid());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// An OS string (an argument, a path) as text: see [`escape_bytes`].
pub fn escape_os(text: &OsStr) -> String {
    escape_bytes(text.as_encoded_bytes())
}

fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// Control characters, and characters that print as nothing or move text around.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'                       // soft hyphen
            | '\u{61c}'                    // Arabic letter mark
            | '\u{180e}'                   // Mongolian vowel separator
            | '\u{200b}'..='\u{200f}'      // zero-width spaces and joiners, direction marks
            | '\u{2028}'..='\u{202e}'      // line and paragraph separators, bidi embeddings
            | '\u{2060}'..='\u{206f}'      // word joiner, invisible operators, bidi isolates
            | '\u{feff}'                   // zero-width no-break space (byte order mark)
            | '\u{fff9}'..='\u{fffb}'      // interlinear annotation
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Args {
        Args::new(line.split_whitespace())
    }

    #[test]
    fn numbers_are_range_checked() {
        let mut a = args("--tt 100 --n 5000000000 --x -1 --t 0.5 --nan NaN");
        assert_eq!(a.number("--tt", 16usize, 1..=4096), Ok(100));
        assert_eq!(a.number("--absent", 16usize, 1..=4096), Ok(16));
        let e = a.number("--n", 1u32, 1..=100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--n: '5000000000' is not a number from 1 to 100"
        );
        assert!(a.number("--x", 1u64, 0..=10).is_err());
        assert_eq!(a.number("--t", 1.0f64, 0.01..=10.0), Ok(0.5));
        assert!(a.number("--nan", 1.0f64, 0.01..=10.0).is_err());
        assert_eq!(
            args("--tt").number("--tt", 1usize, 1..=2),
            Err(ArgError::MissingValue("--tt".into()))
        );
        assert_eq!(
            args("--tt")
                .number("--tt", 1usize, 1..=2)
                .unwrap_err()
                .to_string(),
            "--tt needs a value"
        );
        assert!(args("--tt 0").number("--tt", 1usize, 1..=2).is_err());
        assert_eq!(number_in("DEPTH", " 7 ", 0..=60u32), Ok(7));
    }

    #[test]
    fn flags_options_and_positional_words() {
        let mut a = args("x --inverse --a 5 --obf one --obf two y");
        assert!(a.flag("--inverse"));
        assert!(!a.flag("--inverse"), "the flag is consumed");
        assert_eq!(a.option("--a"), Ok(Some("5".into())));
        assert_eq!(a.option("--b"), Ok(None));
        assert_eq!(a.options("--obf"), Ok(vec!["one".into(), "two".into()]));
        assert_eq!(a.clone().positional(2).unwrap(), vec!["x", "y"]);
        let e = a.clone().positional(1).unwrap_err();
        assert_eq!(e.to_string(), "unexpected argument 'y'");
        assert!(a.finish().is_err());
        assert_eq!(args("").finish(), Ok(()));
    }

    #[test]
    fn left_over_options_are_errors_but_transcripts_are_not() {
        let e = args("f5 --bogus").positional(9).unwrap_err();
        assert_eq!(e, ArgError::UnknownOption("--bogus".into()));
        assert_eq!(e.to_string(), "unknown option '--bogus'");
        assert_eq!(
            args("--c1 -- f5pa").positional(3).unwrap(),
            vec!["--c1", "--", "f5pa"]
        );
        assert!(args("--c9").positional(1).is_err());
    }

    #[test]
    fn parsed_values() {
        let mut a = args("--rules inverse --n x");
        assert_eq!(
            a.parsed::<String>("--rules", "a game"),
            Ok(Some("inverse".into()))
        );
        assert_eq!(a.parsed::<u8>("--absent", "a byte"), Ok(None));
        let e = a.parsed::<u8>("--n", "a byte").unwrap_err();
        assert_eq!(e.to_string(), "--n: 'x' is not a byte");
    }

    #[test]
    fn words_that_are_not_utf8_are_errors() {
        assert_eq!(
            utf8_words([OsString::from("play"), OsString::from("f5")]),
            Ok(vec!["play".to_string(), "f5".to_string()])
        );
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let bad = OsString::from_vec(vec![b'a', 0xff, 0xfe, b'\n']);
            let e = Args::from_os([OsString::from("play"), bad]).unwrap_err();
            assert_eq!(
                e,
                ArgError::NotUtf8 {
                    index: 2,
                    bytes: vec![b'a', 0xff, 0xfe, b'\n']
                }
            );
            assert_eq!(
                e.to_string(),
                "argument 2 is not valid UTF-8: 'a\\xff\\xfe\\n'"
            );
        }
    }

    #[test]
    fn escapes_keep_messages_on_one_printable_line() {
        assert!(matches!(escape("f5 d6 é ü 中"), Cow::Borrowed(_)));
        assert_eq!(escape("a\nb\rc\td"), "a\\nb\\rc\\td");
        assert_eq!(
            escape("\u{1b}[31mred\u{7f}\u{85}"),
            "\\u{1b}[31mred\\u{7f}\\u{85}"
        );
        assert_eq!(
            escape("x\u{202e}y\u{2028}z\u{200b}"),
            "x\\u{202e}y\\u{2028}z\\u{200b}"
        );
        assert_eq!(escape("\0"), "\\u{0}");
        let once = escape("a\\b\n\u{1b}").into_owned();
        assert_eq!(escape(&once), once, "escaping twice changes nothing");
        assert_eq!(escape_bytes(b"Jos\xe9 \xc3"), "Jos\\xe9 \\xc3");
        assert_eq!(escape_bytes("Jos\u{e9}\n".as_bytes()), "Jos\u{e9}\\n");
        assert_eq!(escape_os(OsStr::new("a\tb")), "a\\tb");
        let e = ArgError::BadValue {
            name: "--a".into(),
            value: "5\n6".into(),
            expected: "a player".into(),
        };
        assert_eq!(e.to_string(), "--a: '5\\n6' is not a player");
        assert!(!ArgError::UnknownOption("--\u{1b}x".into())
            .to_string()
            .contains('\u{1b}'));
    }
}
