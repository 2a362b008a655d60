//! A tiny argument reader: flags, options with a value, and positional words.

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
