//! Keeping the first few diagnostics of each rule, counting the rest, as
//! they are found (issue #28: a block of 800,000 bad lines held a
//! diagnostic a line until the block was given).
//!
//! A reader that gives its diagnostics piece by piece, each piece sorted
//! by where its spans start (stable: those at one place in the order they
//! were found), may give a sink that shows only the first `n` of each rule
//! ([`DiagnosticSink::kept_per_rule`]) the first `n` of each rule *and
//! severity* of the piece, in that order, and the number of the others
//! ([`DiagnosticSink::count`]): such a sink shows the same ones. Each kept
//! diagnostic is among the first `n` of its own kind, so no diagnostic the
//! sink would show is dropped; and one that the sink would not show
//! because others of its rule came before it still is not, as a dropped
//! diagnostic before it has `n` kept ones of its kind before it in turn.
//!
//! Which are the first `n` is known only once the piece is sorted, and a
//! reader finds a piece's diagnostics phase by phase (the lines, then the
//! fields), not in the order of their places: [`Kept`] drops at once one
//! found after `n` of its kind that all come before it (the common case: a
//! phase finds them in order), keeps any other, and, when what it holds
//! has doubled since it last trimmed it, sorts and trims it to `n` of each
//! kind. What it holds stays within twice `n` for each kind found, or
//! [`FIRST_TRIM`] diagnostics when that is more.

use crate::{Diagnostic, DiagnosticSink, Rule, Severity};

/// The fewest diagnostics held before a trim is worth its sort.
const FIRST_TRIM: usize = 4096;

/// The diagnostics of one piece of a read, at most `per_kind` of each
/// rule and severity past a trim, and the number of each kind dropped.
#[derive(Debug)]
pub(super) struct Kept {
    per_kind: usize,
    kinds: Vec<Kind>,
    /// The length at which what is held is trimmed next.
    trim_at: usize,
}

/// What is known of one rule id and severity in the piece.
#[derive(Debug)]
struct Kind {
    rule: Rule,
    severity: Severity,
    /// How many are held.
    held: usize,
    /// The latest place a held one starts at.
    last: usize,
    /// How many were dropped.
    dropped: usize,
}

impl Kind {
    fn is(&self, rule: &Rule, severity: Severity) -> bool {
        self.severity == severity && self.rule.id == rule.id
    }
}

impl Kept {
    /// Keeping `per_kind` of each rule and severity.
    pub(super) fn new(per_kind: usize) -> Self {
        Kept {
            per_kind,
            kinds: Vec::new(),
            trim_at: FIRST_TRIM,
        }
    }

    /// How many of each rule and severity are kept.
    pub(super) fn per_kind(&self) -> usize {
        self.per_kind
    }

    /// Whether a diagnostic of `rule` and `severity` that starts at
    /// `start` is to be held; counted as dropped when not. One that is
    /// held is then pushed, and [`Kept::settle`] called.
    pub(super) fn admit(&mut self, rule: &Rule, severity: Severity, start: usize) -> bool {
        if !self.kinds.iter().any(|k| k.is(rule, severity)) {
            self.kinds.push(Kind {
                rule: *rule,
                severity,
                held: 0,
                last: 0,
                dropped: 0,
            });
        }
        let Some(kind) = self.kinds.iter_mut().find(|k| k.is(rule, severity)) else {
            return true;
        };
        // It sorts after every held one of its kind (a tie keeps the order
        // found): when `per_kind` of them are held, it is not among the
        // first.
        if kind.held >= self.per_kind && start >= kind.last {
            kind.dropped += 1;
            return false;
        }
        kind.held += 1;
        kind.last = kind.last.max(start);
        true
    }

    /// Trims `held`, the diagnostics of the piece so far, once it has
    /// doubled since it was last trimmed.
    pub(super) fn settle(&mut self, held: &mut Vec<Diagnostic>) {
        if held.len() >= self.trim_at {
            self.trim(held);
            self.trim_at = (2 * held.len()).max(FIRST_TRIM);
        }
    }

    /// Sorts `held` by where each starts (stable) and keeps the first
    /// `per_kind` of each kind, counting the others as dropped.
    pub(super) fn trim(&mut self, held: &mut Vec<Diagnostic>) {
        held.sort_by_key(|d| d.span.start);
        for kind in &mut self.kinds {
            kind.held = 0;
            kind.last = 0;
        }
        let (per_kind, kinds) = (self.per_kind, &mut self.kinds);
        held.retain(|d| {
            let Some(kind) = kinds.iter_mut().find(|k| k.is(&d.rule, d.severity)) else {
                return true;
            };
            if kind.held >= per_kind {
                kind.dropped += 1;
                return false;
            }
            kind.held += 1;
            kind.last = d.span.start;
            true
        });
    }

    /// Gives `sink` the number of each kind dropped, and starts the next
    /// piece.
    pub(super) fn give_dropped(&mut self, sink: &mut dyn DiagnosticSink) {
        for kind in self.kinds.drain(..) {
            if kind.dropped > 0 {
                sink.count(kind.rule, kind.severity, kind.dropped);
            }
        }
        self.trim_at = FIRST_TRIM;
    }

    /// `true` when some were dropped since the piece started.
    pub(super) fn has_dropped(&self) -> bool {
        self.kinds.iter().any(|k| k.dropped > 0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::render::sink::{Cap, SHOWN_PER_RULE};
    use crate::{Diagnostic, DiagnosticSink, Reporter, Rule, Severity};

    const RULES: [Rule; 3] = [
        Rule::new("t/a", "T §1"),
        Rule::new("t/b", "T §2"),
        // The id of `t/a` under another section: one rule to a cap.
        Rule::new("t/a", "T §3"),
    ];

    /// What a sink that shows the first of each rule shows (a `Human`
    /// without the rendering), errors only when `errors_only`.
    #[derive(Default)]
    struct Shows {
        errors_only: bool,
        cap: Cap,
        shown: Vec<Diagnostic>,
        errors: usize,
        warnings: usize,
    }

    impl Shows {
        fn counted(&mut self, severity: Severity, n: usize) {
            match severity {
                Severity::Error => self.errors += n,
                Severity::Warning => self.warnings += n,
            }
        }
    }

    impl DiagnosticSink for Shows {
        fn report(&mut self, d: Diagnostic) {
            self.counted(d.severity, 1);
            if (d.is_error() || !self.errors_only) && self.cap.admit(&d) {
                self.shown.push(d);
            }
        }

        fn kept_per_rule(&self) -> Option<usize> {
            Some(SHOWN_PER_RULE)
        }

        fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
            self.counted(severity, n);
            if !(self.errors_only && severity == Severity::Warning) {
                self.cap.count(rule.id, n);
            }
        }
    }

    /// Wants every diagnostic, as the whole-file read does.
    struct All(Shows);

    impl DiagnosticSink for All {
        fn report(&mut self, d: Diagnostic) {
            self.0.report(d);
        }
    }

    /// Pieces of diagnostics (rule, error or not, where, message) given
    /// to `sink` through a reporter that keeps what `sink` needs.
    fn give<S: DiagnosticSink>(pieces: &[Vec<(usize, bool, usize)>], sink: &mut S) {
        let input = vec![b'x'; 4096];
        let mut reporter = Reporter::new(&input, false);
        for piece in pieces {
            reporter.keep_for(sink);
            for (i, &(rule, error, start)) in piece.iter().enumerate() {
                let severity = if error {
                    Severity::Error
                } else {
                    Severity::Warning
                };
                reporter.push(severity, RULES[rule], start..start, format!("{i}"));
            }
            reporter.give_sorted(sink);
        }
    }

    /// Many of a kind, in places found out of order (as a reader's phases
    /// find them), in pieces; `errors_only` or not.
    fn pieces() -> impl Strategy<Value = Vec<Vec<(usize, bool, usize)>>> {
        let diagnostic = (0..RULES.len(), any::<bool>(), 0..4096usize);
        let piece = prop_oneof![
            prop::collection::vec(diagnostic.clone(), 0..3000),
            // Found in order, as one phase finds them.
            prop::collection::vec(diagnostic, 0..6000).prop_map(|mut v| {
                v.sort_by_key(|d| d.2);
                v
            }),
            // One kind past its cap, found out of order: which are the
            // first is known only after a sort.
            prop::collection::vec((Just(1), Just(true), 0..4096usize), 1100..2600),
            // One kind past its cap in order (one phase), then more of it
            // before and among those held (the next phase).
            (
                prop::collection::vec((Just(0), Just(false), 0..4096usize), 1100..1600),
                prop::collection::vec((Just(0), Just(false), 0..4096usize), 1..600),
            )
                .prop_map(|(mut first, then)| {
                    first.sort_by_key(|d| d.2);
                    first.extend(then);
                    first
                }),
        ];
        prop::collection::vec(piece, 1..4)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A sink that shows the first of each rule shows the same, and
        /// counts the same, whether the reporter keeps every diagnostic or
        /// only what the sink needs.
        #[test]
        fn keeping_the_first_shows_what_keeping_all_shows(
            pieces in pieces(),
            errors_only in any::<bool>(),
        ) {
            let mut all = All(Shows { errors_only, ..Shows::default() });
            give(&pieces, &mut all);
            let mut kept = Shows { errors_only, ..Shows::default() };
            give(&pieces, &mut kept);
            prop_assert_eq!(&kept.shown, &all.0.shown);
            prop_assert_eq!(kept.cap.not_shown(), all.0.cap.not_shown());
            prop_assert_eq!((kept.errors, kept.warnings), (all.0.errors, all.0.warnings));
        }
    }

    #[test]
    fn what_is_held_stays_within_twice_the_kept() {
        let input = vec![b'x'; 16];
        let mut reporter = Reporter::new(&input, false);
        let sink = Shows::default();
        reporter.keep_for(&sink);
        // Found last to first: each sorts before every one held, so none
        // is dropped on sight; trims keep the holding bounded.
        for start in (0..200_000).rev() {
            reporter.warning(RULES[1], start..start, "m");
            assert!(reporter.diagnostics().len() <= super::FIRST_TRIM.max(2 * SHOWN_PER_RULE));
        }
        let mut sink = sink;
        reporter.give_sorted(&mut sink);
        assert_eq!(sink.shown.len(), SHOWN_PER_RULE);
        assert_eq!(sink.shown[0].span.start, 0);
        assert_eq!(sink.warnings, 200_000);
        assert_eq!(sink.cap.not_shown(), [("t/b", 200_000 - SHOWN_PER_RULE)]);
        assert!(reporter.is_empty());
    }
}
