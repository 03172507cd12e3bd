//! The JUnit XML report: one test suite per area (format, or merge).

use std::fmt::Write as _;

use quick_xml::escape::escape;

use crate::cases::Area;
use crate::run::{Finished, Outcome};

/// The JUnit XML text of a run's results.
pub fn render(results: &[Finished]) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for area in Area::ALL {
        let suite: Vec<&Finished> = results.iter().filter(|r| r.area == area).collect();
        if suite.is_empty() {
            continue;
        }
        let count = |want: fn(&Outcome) -> bool| suite.iter().filter(|r| want(&r.outcome)).count();
        let failures = count(|o| matches!(o, Outcome::Fail(_)));
        let skipped = count(|o| matches!(o, Outcome::Skip(_)));
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{area}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">",
            suite.len()
        );
        for result in suite {
            let _ = write!(
                xml,
                "    <testcase classname=\"{area}\" name=\"{}\"",
                escape(result.id.as_str())
            );
            match &result.outcome {
                Outcome::Pass => xml.push_str("/>\n"),
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
