//! `MANIFEST.md` of a games directory: for the reader, what the files are and how they were
//! made; for the tool, a block of `key value` lines it reads back when it resumes (the
//! parameters, which must not change, and the runs, whose times add up).

use std::fmt::Write as _;

/// The format of the chunk lines (bumped if it ever changes).
pub const FORMAT: u32 = 1;

/// One run of the tool that added games.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// The games it found and the games there were at its last update of the manifest.
    pub from: u64,
    pub to: u64,
    pub seconds: f64,
    pub threads: usize,
    /// `git rev-parse HEAD`, or `unknown`.
    pub commit: String,
    /// `clean`, `dirty` (changes outside the data directory) or `unknown`.
    pub tree: String,
    /// The command line, one line.
    pub command: String,
}

/// One chunk file as it is on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkSummary {
    pub name: String,
    pub first: u64,
    pub games: u64,
    /// Of the file's bytes, lowercase hex.
    pub sha256: String,
}

/// What the manifest holds: the parameters (`key value`, in order) and the runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    pub params: Vec<(String, String)>,
    pub runs: Vec<RunRecord>,
}

const BLOCK_START: &str = "```text";
const BLOCK_END: &str = "```";

impl Manifest {
    /// Reads the block of a manifest written by [`Manifest::render`].
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let mut lines = text.lines().enumerate();
        if !lines.any(|(_, l)| l == BLOCK_START) {
            return Err(format!("no '{BLOCK_START}' block of parameters"));
        }
        let mut params = Vec::new();
        let mut runs = Vec::new();
        for (n, line) in lines {
            if line == BLOCK_END {
                if params.is_empty() {
                    return Err("no parameters in the block".into());
                }
                return Ok(Manifest { params, runs });
            }
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            let (key, value) = line.split_once(' ').ok_or_else(|| bad("not 'key value'"))?;
            if key == "run" {
                runs.push(parse_run(value).map_err(|e| bad(&e))?);
            } else if !runs.is_empty() {
                return Err(bad("a parameter after the runs"));
            } else {
                params.push((key.to_string(), value.to_string()));
            }
        }
        Err(format!("the '{BLOCK_START}' block does not end"))
    }

    /// The whole file.
    pub fn render(&self, rules: &str, chunks: &[ChunkSummary], labels: u64) -> String {
        let games: u64 = chunks.iter().map(|c| c.games).sum();
        let seconds: f64 = self.runs.iter().map(|r| r.seconds).sum();
        let mut s = String::new();
        let _ = writeln!(s, "# Self-play games: {rules}\n");
        s.push_str(
            "Written by `reversi-learn games` (crate/learn/README.md, \"The self-play games\"), which\n\
             rewrites this file as it runs and reads the block below back when it resumes: the\n\
             parameters must stay the same, and the runs' times add up. Do not edit it by hand.\n\n",
        );
        s.push_str(BLOCK_START);
        s.push('\n');
        for (k, v) in &self.params {
            let _ = writeln!(s, "{k} {v}");
        }
        for r in &self.runs {
            let _ = writeln!(
                s,
                "run games {}..{} seconds {:.1} threads {} commit {} {} command {}",
                r.from, r.to, r.seconds, r.threads, r.commit, r.tree, r.command
            );
        }
        s.push_str(BLOCK_END);
        s.push_str("\n\n");
        let _ = writeln!(s, "- games: {games} (indices 0..{games})");
        let _ = writeln!(s, "- labelled positions: {labels}");
        let _ = writeln!(
            s,
            "- wall time: {seconds:.0} s ({:.2} h), summed over {} run(s)",
            seconds / 3600.0,
            self.runs.len()
        );
        if let Some(r) = self.runs.last() {
            let _ = writeln!(
                s,
                "- engine commit of the last run: {} ({})",
                r.commit, r.tree
            );
        }
        s.push_str("\n| chunk file | games | sha256 |\n|---|---|---|\n");
        for c in chunks {
            let _ = writeln!(
                s,
                "| {} | {}..{} | `{}` |",
                c.name,
                c.first,
                c.first + c.games,
                c.sha256
            );
        }
        s.push_str(
            "\n| run | games | wall time (s) | threads | engine commit | command |\n\
             |---|---|---|---|---|---|\n",
        );
        for (k, r) in self.runs.iter().enumerate() {
            let _ = writeln!(
                s,
                "| {} | {}..{} | {:.0} | {} | `{}` ({}) | `{}` |",
                k + 1,
                r.from,
                r.to,
                r.seconds,
                r.threads,
                r.commit,
                r.tree,
                r.command.replace('|', "\\|").replace('`', "'")
            );
        }
        s
    }
}

/// `games A..B seconds S threads T commit C TREE command ...`
fn parse_run(text: &str) -> Result<RunRecord, String> {
    let (head, command) = text
        .split_once(" command ")
        .ok_or("a run without its command")?;
    let w: Vec<&str> = head.split(' ').collect();
    if w.len() != 9 || w[0] != "games" || w[2] != "seconds" || w[4] != "threads" || w[6] != "commit"
    {
        return Err("a run line not as written".into());
    }
    let bad = |what: &str| format!("a run with a bad {what}");
    let (from, to) = w[1].split_once("..").ok_or_else(|| bad("game range"))?;
    let seconds: f64 = w[3].parse().map_err(|_| bad("time"))?;
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(bad("time"));
    }
    if !matches!(w[8], "clean" | "dirty" | "unknown") {
        return Err(bad("tree state"));
    }
    Ok(RunRecord {
        from: from.parse().map_err(|_| bad("game range"))?,
        to: to.parse().map_err(|_| bad("game range"))?,
        seconds,
        threads: w[5].parse().map_err(|_| bad("thread count"))?,
        commit: w[7].to_string(),
        tree: w[8].to_string(),
        command: command.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_round_trip() {
        let m = Manifest {
            params: vec![
                ("rules".into(), "classic".into()),
                ("seed".into(), "1".into()),
            ],
            runs: vec![RunRecord {
                from: 0,
                to: 12,
                seconds: 34.5,
                threads: 2,
                commit: "0123abc".into(),
                tree: "dirty".into(),
                command: "reversi-learn games --out 'a b|c'".into(),
            }],
        };
        let chunks = [ChunkSummary {
            name: "games-00000000.txt".into(),
            first: 0,
            games: 12,
            sha256: "ab".repeat(32),
        }];
        let text = m.render("classic", &chunks, 99);
        assert_eq!(Manifest::parse(&text), Ok(m));
        assert!(text.contains("| games-00000000.txt | 0..12 |"));
        assert!(text.contains("- labelled positions: 99"));
        assert!(Manifest::parse("no block").is_err());
        assert!(Manifest::parse("```text\nrules classic\n").is_err());
        assert!(Manifest::parse("```text\nrules classic\nrun games 0..1\n```\n").is_err());
    }
}
