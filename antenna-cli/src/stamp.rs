//! What `antenna convert` sets on a feed before writing it: the converter
//! is the agent of the file it writes (issue 13), so the HINA-DI header and
//! the RSS channel name it, carry the time of writing and declare the
//! charset, and an RSS channel always has its three required elements.

use std::path::Path;

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Feed, Format, Loss};

use crate::Fatal;
use crate::args::ConvertArgs;

/// The agent antenna writes files as: `antenna/<version>`.
pub(crate) fn default_agent() -> String {
    format!("antenna/{}", env!("CARGO_PKG_VERSION"))
}

/// `--now`, else `SOURCE_DATE_EPOCH`, else the current time. The
/// variable is reproducible-builds.org's: an integer of seconds since the
/// epoch, set so that the same input writes the same bytes; a malformed
/// value is an error, as its spec says a tool SHOULD make it.
pub(crate) fn parse_now(now: Option<&str>) -> Result<Timestamp, Fatal> {
    if let Some(text) = now {
        return text
            .parse()
            .map_err(|e| Fatal(format!("--now `{text}` is not an RFC 3339 time: {e}")));
    }
    let Some(epoch) = std::env::var_os("SOURCE_DATE_EPOCH") else {
        return Ok(Timestamp::now());
    };
    epoch
        .to_str()
        .and_then(|text| text.parse::<i64>().ok())
        .and_then(|seconds| Timestamp::from_second(seconds).ok())
        .ok_or_else(|| {
            Fatal(format!(
                "SOURCE_DATE_EPOCH `{}` is not an integer number of seconds since 1970-01-01T00:00:00Z",
                epoch.to_string_lossy()
            ))
        })
}

/// The charsets a HINA-DI file may be written in as the source had them;
/// any other source encoding (an RSS file in ISO-8859-1, say) is written
/// as UTF-8, which holds every character.
const HINA_DI_CHARSETS: [&str; 4] = ["EUC-JP", "Shift_JIS", "ISO-2022-JP", "UTF-8"];

/// Makes the converter the agent of the file it writes (HINA-DI rev. 0.12
/// §Header block: User-Agent, Content-Type and Date describe the file,
/// not the source), and sets the RSS channel's title, link and
/// description from the options or the source. What this replaces in the
/// source is a [`Loss`], so nothing changes silently.
/// LIRS has no place for any of it, so a LIRS feed is left as it is.
pub(crate) fn stamp_writer(
    feed: &mut Feed,
    args: &ConvertArgs,
    name: &str,
) -> Result<Vec<Loss>, Fatal> {
    let mut changes = Vec::new();
    if args.to == Format::Lirs {
        // LIRS has no field for the file's agent or date: the source's are
        // reported lost by the LIRS converter, and none is made up here.
        return Ok(changes);
    }
    let agent = args.user_agent.clone().unwrap_or_else(default_agent);
    if agent.trim().is_empty() || agent.contains(['\r', '\n']) {
        return Err(Fatal(
            "--user-agent must be a non-empty name on one line".to_owned(),
        ));
    }
    if let Some(old) = &feed.agent
        && old.name != agent
    {
        changes.push(Loss::document(
            "User-Agent",
            format!(
                "the source's agent `{}` is replaced by `{agent}`, the agent writing this file",
                old.name
            ),
        ));
    }
    feed.agent = Some(Agent {
        name: agent,
        url: None,
    });
    let now = parse_now(args.now.as_deref())?;
    if let Some(old) = feed.generated
        && old != now
    {
        changes.push(Loss::document(
            "Date",
            format!("the source's date {old} is replaced by the time of writing, {now}"),
        ));
    }
    feed.generated = Some(now);
    match args.to {
        Format::HinaDi => {
            let charset = feed
                .encoding
                .as_deref()
                .and_then(|e| HINA_DI_CHARSETS.iter().find(|c| c.eq_ignore_ascii_case(e)))
                .copied();
            let charset = match (charset, &feed.encoding) {
                (Some(c), _) => c,
                (None, None) => "EUC-JP",
                (None, Some(other)) => {
                    changes.push(Loss::document(
                        "encoding",
                        format!("HINA-DI is written in UTF-8, not the source's {other}"),
                    ));
                    "UTF-8"
                }
            };
            feed.encoding = Some(charset.to_owned());
        }
        Format::Rss2 => {
            if let Some(title) = &args.title {
                feed.title = Some(title.clone());
            } else if feed.title.as_deref().is_none_or(|t| t.trim().is_empty()) {
                feed.title = Some(format!(
                    "Update times from {}",
                    source_label(&args.input, name)
                ));
            }
            if let Some(link) = &args.link {
                let url = Url::parse(link)
                    .map_err(|e| Fatal(format!("--link `{link}` is not a full URL: {e}")))?;
                feed.link = Some(url);
            }
            if let Some(description) = &args.description {
                feed.description = Some(description.clone());
            }
        }
        Format::Lirs => {}
    }
    Ok(changes)
}

/// The source's file name, for a derived channel title.
fn source_label(path: &Path, name: &str) -> String {
    if path == Path::new("-") {
        return "standard input".to_owned();
    }
    path.file_name()
        .map_or_else(|| name.to_owned(), |f| f.to_string_lossy().into_owned())
}

/// `--title`, `--link` and `--description` are for RSS output only.
pub(crate) fn check_rss_options(args: &ConvertArgs) -> Result<(), Fatal> {
    if args.to != Format::Rss2 {
        for (option, given) in [
            ("--title", args.title.is_some()),
            ("--link", args.link.is_some()),
            ("--description", args.description.is_some()),
            ("--no-antenna-module", args.no_antenna_module),
        ] {
            if given {
                return Err(Fatal(format!(
                    "{option} applies to RSS output only, not {}",
                    args.to
                )));
            }
        }
    }
    Ok(())
}
