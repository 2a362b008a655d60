//! A tiny argument reader: flags, options with a value, numbers within a range, the rules
//! (`--inverse`), and positional words.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use reversi::Rules;

/// The largest transposition table (`--tt`) in MB: a larger one may not be allocatable.
pub const MAX_TT_MB: usize = 16_384;

/// Arguments left to read, in order.
pub struct Args {
    words: Vec<String>,
}

impl Args {
    pub fn new(words: &[String]) -> Args {
        Args {
            words: words.to_vec(),
        }
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

    /// The value after `name` (consumed), or an error if `name` ends the line.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, String> {
        match self.words.iter().position(|w| w == name) {
            Some(i) if i + 1 < self.words.len() => {
                self.words.remove(i);
                Ok(Some(self.words.remove(i)))
            }
            Some(_) => Err(format!("{name} needs a value")),
            None => Ok(None),
        }
    }

    /// The value of option `name` as a number in `range` (consumed), `default` when absent.
    /// A value that does not parse as `T` (too large for it, say) or lies outside `range` is
    /// an error naming the option, the value and the range.
    pub fn number<T>(
        &mut self,
        name: &str,
        default: T,
        range: RangeInclusive<T>,
    ) -> Result<T, String>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.option(name)? {
            None => Ok(default),
            Some(v) => number_in(name, &v, range),
        }
    }

    /// The rules: inverse with `--inverse` (consumed), classic otherwise.
    pub fn rules(&mut self) -> Rules {
        if self.flag("--inverse") {
            Rules::Inverse
        } else {
            Rules::Classic
        }
    }

    /// The remaining words; an error for any left-over `--option`. A word made only of
    /// transcript tokens (squares, `pa`, `--`), such as `--c1` (a pass, then c1), is positional.
    pub fn positional(self, max: usize) -> Result<Vec<String>, String> {
        if let Some(w) = self
            .words
            .iter()
            .find(|w| w.starts_with("--") && !is_transcript(w))
        {
            return Err(format!("unknown option '{w}'"));
        }
        if self.words.len() > max {
            return Err(format!("unexpected argument '{}'", self.words[max]));
        }
        Ok(self.words)
    }
}

/// `value` (of the option or argument `name`) as a number in `range`: the one check behind
/// [`Args::number`], also for positional numbers.
pub fn number_in<T>(name: &str, value: &str, range: RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    value
        .trim()
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            format!(
                "{name}: '{value}' is not a number from {} to {}",
                range.start(),
                range.end()
            )
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Args {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        Args::new(&words)
    }

    #[test]
    fn numbers_are_range_checked() {
        let mut a = args("--tt 100 --n 5000000000 --x -1 --t 0.5 --nan NaN");
        assert_eq!(a.number("--tt", 16usize, 1..=4096), Ok(100));
        assert_eq!(a.number("--absent", 16usize, 1..=4096), Ok(16));
        let e = a.number("--n", 1u32, 1..=100).unwrap_err();
        assert!(
            e.contains("--n") && e.contains("5000000000") && e.contains("1 to 100"),
            "{e}"
        );
        assert!(a.number("--x", 1u64, 0..=10).is_err());
        assert_eq!(a.number("--t", 1.0f64, 0.01..=10.0), Ok(0.5));
        assert!(a.number("--nan", 1.0f64, 0.01..=10.0).is_err());
        assert!(args("--tt").number("--tt", 1usize, 1..=2).is_err());
        assert!(args("--tt 0").number("--tt", 1usize, 1..=2).is_err());
    }

    #[test]
    fn rules_flag() {
        let mut a = args("--inverse x");
        assert_eq!(a.rules(), Rules::Inverse);
        assert_eq!(a.rules(), Rules::Classic, "the flag is consumed");
        assert_eq!(a.positional(1).unwrap(), vec!["x"]);
    }
}
