//! What `antenna convert` sets on a feed before writing it
//! ([`antenna_model::stamp`]: the converter is the agent of the file it
//! writes, issue 13), from its options: `--user-agent`, `--now` (or
//! `SOURCE_DATE_EPOCH`), `--title`, `--link`, `--description`.

use std::path::Path;

use antenna_model::jiff::Timestamp;
use antenna_model::stamp::Stamp;
use antenna_model::url::Url;
use antenna_model::{Feed, Format, Loss};

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

/// Stamps `feed` as the writer of `args.to` ([`Stamp`]): the agent from
/// `--user-agent`, the time from [`parse_now`], the RSS channel's fields
/// from the options. LIRS has no place for any of it, so nothing is
/// asked of the options for a LIRS output.
pub(crate) fn stamp_writer(
    feed: &mut Feed,
    args: &ConvertArgs,
    name: &str,
) -> Result<Vec<Loss>, Fatal> {
    if args.to == Format::Lirs {
        return Ok(Vec::new());
    }
    let agent = args.user_agent.clone().unwrap_or_else(default_agent);
    if agent.trim().is_empty() || agent.contains(['\r', '\n']) {
        return Err(Fatal(
            "--user-agent must be a non-empty name on one line".to_owned(),
        ));
    }
    let now = parse_now(args.now.as_deref())?;
    // `--link` is refused for other outputs (`antenna convert`).
    let link = match (&args.link, args.to) {
        (Some(link), Format::Rss2) => Some(
            Url::parse(link)
                .map_err(|e| Fatal(format!("--link `{link}` is not a full URL: {e}")))?,
        ),
        _ => None,
    };
    let stamp = Stamp {
        to: args.to,
        agent: &agent,
        now,
        title: args.title.as_deref(),
        link: link.as_ref(),
        description: args.description.as_deref(),
        source_label: &source_label(&args.input, name),
    };
    Ok(stamp.apply(feed))
}

/// The source's file name, for a derived channel title.
fn source_label(path: &Path, name: &str) -> String {
    if path == Path::new("-") {
        return "standard input".to_owned();
    }
    path.file_name()
        .map_or_else(|| name.to_owned(), |f| f.to_string_lossy().into_owned())
}
