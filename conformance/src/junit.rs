//! The JUnit XML report: one test suite per area (format, or merge), and
//! one more for a format's cases beyond the specs (`rss2/beyond-spec`).

use std::fmt::Write as _;

use quick_xml::escape::escape;

use crate::cases::{Area, BEYOND_SPEC};
use crate::run::{Finished, Outcome};

/// The JUnit XML text of a run's results.
pub fn render(results: &[Finished]) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    let suites = Area::ALL
        .into_iter()
        .flat_map(|area| [(area, false), (area, true)]);
    for (area, beyond_spec) in suites {
        let suite: Vec<&Finished> = results
            .iter()
            .filter(|r| r.area == area && r.beyond_spec == beyond_spec)
            .collect();
        if suite.is_empty() {
            continue;
        }
        let name = if beyond_spec {
            format!("{area}/{BEYOND_SPEC}")
        } else {
            area.to_string()
        };
        let count = |want: fn(&Outcome) -> bool| suite.iter().filter(|r| want(&r.outcome)).count();
        let failures = count(|o| matches!(o, Outcome::Fail(_)));
        let skipped = count(|o| matches!(o, Outcome::Skip(_)));
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{name}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">",
            suite.len()
        );
        for result in suite {
            let _ = write!(
                xml,
                "    <testcase classname=\"{name}\" name=\"{}\"",
                escape(result.id.as_str())
            );
            match &result.outcome {
                Outcome::Pass(None) => xml.push_str("/>\n"),
                Outcome::Pass(Some(reading)) => {
                    let _ = writeln!(
                        xml,
                        "><system-out>alternative: {}</system-out></testcase>",
                        escape(reading.as_str())
                    );
                }
                Outcome::Skip(reason) => {
                    let _ = writeln!(
                        xml,
                        "><skipped message=\"{}\"/></testcase>",
                        escape(strip_controls(reason).as_str())
                    );
                }
                Outcome::Fail(reason) => {
                    let first = reason.lines().next().unwrap_or("failed");
                    let _ = writeln!(
                        xml,
                        "><failure message=\"{}\">{}</failure></testcase>",
                        escape(strip_controls(first).as_str()),
                        escape(strip_controls(reason).as_str())
                    );
                }
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// `text` without the control characters XML 1.0 cannot hold (a
/// command's output may have any); tab and line ends stay.
fn strip_controls(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if c.is_control() && (c as u32) < 0x20 => '\u{fffd}',
            c => c,
        })
        .collect()
}
