//! What a search may spend, expressed one way for every search: [`Limits`] (what a caller
//! asks: nodes, time, depth) becomes a [`Budget`] when the search starts (a node allowance and
//! a deadline on the caller's clock), which the midgame search and the exact solver check as
//! they go.

/// Milliseconds from some fixed origin, monotonic. Native code uses `native_clock` (not on
/// wasm32); the wasm binding passes the browser's clock.
pub type Clock = fn() -> f64;

/// The budget of one search. The search stops at whichever limit comes first; `None` is no
/// limit. `max_nodes` counts the nodes of the search it is given to (the AI counts the
/// solver's nodes at a discount, see [`crate::Ai::analyze`]); the exact solver has no use for
/// `max_depth`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    /// Milliseconds of `clock` (ignored without a clock).
    pub max_time_ms: Option<f64>,
    pub max_depth: Option<u32>,
    pub clock: Option<Clock>,
}

impl Default for Limits {
    /// No limit, with the native clock where there is one.
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            max_time_ms: None,
            max_depth: None,
            clock: default_clock(),
        }
    }
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        max_nodes: None,
        max_time_ms: None,
        max_depth: None,
        clock: None,
    };

    /// At most `ms` milliseconds of `clock`.
    pub fn time(ms: f64, clock: Clock) -> Limits {
        Limits {
            max_time_ms: Some(ms),
            clock: Some(clock),
            ..Limits::NONE
        }
    }

    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            max_nodes: Some(n),
            ..Limits::NONE
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> Option<Clock> {
    Some(native_clock)
}

#[cfg(target_arch = "wasm32")]
fn default_clock() -> Option<Clock> {
    None
}

/// Milliseconds since the first call, from `std::time::Instant` (not on wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A budget being spent: at most `max_nodes` nodes, and a deadline (a clock and the time, in
/// its milliseconds, at which to stop).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub max_nodes: u64,
    pub deadline: Option<(Clock, f64)>,
}

impl Budget {
    /// The budget of `limits` for a search that starts now (reads the clock once).
    pub fn start(limits: &Limits) -> Budget {
        let deadline = match (limits.clock, limits.max_time_ms) {
            (Some(clock), Some(ms)) => Some((clock, clock() + ms)),
            _ => None,
        };
        Budget {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline,
        }
    }

    /// True when the deadline has passed (reads the clock).
    #[inline]
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|(clock, end)| clock() >= end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zero() -> f64 {
        0.0
    }

    fn later() -> f64 {
        1e9
    }

    #[test]
    fn budgets_start_from_limits() {
        let b = Budget::start(&Limits::nodes(5));
        assert_eq!(b.max_nodes, 5);
        assert!(b.deadline.is_none() && !b.past_deadline());
        let b = Budget::start(&Limits::time(10.0, zero));
        assert_eq!(b.max_nodes, u64::MAX);
        assert_eq!(b.deadline.map(|(_, t)| t), Some(10.0));
        assert!(!b.past_deadline());
        let b = Budget {
            max_nodes: u64::MAX,
            deadline: Some((later, 10.0)),
        };
        assert!(b.past_deadline());
        // A time without a clock is no limit.
        let b = Budget::start(&Limits {
            max_time_ms: Some(1.0),
            ..Limits::NONE
        });
        assert!(b.deadline.is_none());
    }
}
