//! What a converter sets on a feed before writing it: the converter is
//! the agent of the file it writes, so a HINA-DI header and an RSS
//! channel name it, carry the time of writing and (HINA-DI) declare the
//! charset, and an RSS channel has its three required elements. What
//! this replaces in the source is a [`Loss`], so nothing changes
//! silently.

use jiff::Timestamp;
use url::Url;

use crate::{Agent, Feed, Format, Loss};

/// The charsets a HINA-DI file may be written in as the source had them;
/// any other source encoding (an RSS file in ISO-8859-1, say) is written
/// as UTF-8, which holds every character.
const HINA_DI_CHARSETS: [&str; 4] = ["EUC-JP", "Shift_JIS", "ISO-2022-JP", "UTF-8"];

/// The writer's mark on a feed written as `to` ([`Stamp::apply`]).
#[derive(Debug, Clone)]
pub struct Stamp<'a> {
    /// The format written.
    pub to: Format,
    /// The writing agent's name (a `User-Agent`), on one line.
    pub agent: &'a str,
    /// The time of writing (the caller reads the clock).
    pub now: Timestamp,
    /// The RSS channel's title, else the source's, else one made of
    /// `source_label`.
    pub title: Option<&'a str>,
    /// The RSS channel's link, else the source's.
    pub link: Option<&'a Url>,
    /// The RSS channel's description, else the source's.
    pub description: Option<&'a str>,
    /// The source as a title names it (`Update times from SOURCE`).
    pub source_label: &'a str,
}

impl Stamp<'_> {
    /// Makes the writer the agent of the file it writes (HINA-DI rev. 0.12
    /// §Header block: User-Agent, Content-Type and Date describe the file,
    /// not the source), and sets the RSS channel's title, link and
    /// description; gives a [`Loss`] for each value of the source
    /// replaced. LIRS has no place for any of it (its converter reports
    /// the source's agent and date lost), so a LIRS feed is left as it is.
    pub fn apply(&self, feed: &mut Feed) -> Vec<Loss> {
        let mut changes = Vec::new();
        if self.to == Format::Lirs {
            return changes;
        }
        let agent = self.agent;
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
            name: agent.to_owned(),
            url: None,
        });
        let now = self.now;
        if let Some(old) = feed.generated
            && old != now
        {
            changes.push(Loss::document(
                "Date",
                format!("the source's date {old} is replaced by the time of writing, {now}"),
            ));
        }
        feed.generated = Some(now);
        match self.to {
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
                if let Some(title) = self.title {
                    feed.title = Some(title.to_owned());
                } else if feed.title.as_deref().is_none_or(|t| t.trim().is_empty()) {
                    feed.title = Some(format!("Update times from {}", self.source_label));
                }
                if let Some(link) = self.link {
                    feed.link = Some(link.clone());
                }
                if let Some(description) = self.description {
                    feed.description = Some(description.to_owned());
                }
            }
            Format::Lirs => {}
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(to: Format) -> Stamp<'static> {
        Stamp {
            to,
            agent: "antenna/1",
            now: Timestamp::from_second(1_000_000_000).unwrap(),
            title: None,
            link: None,
            description: None,
            source_label: "a.lirs",
        }
    }

    #[test]
    fn the_writer_replaces_the_sources_agent_and_date_and_says_so() {
        let mut feed = Feed::new();
        feed.agent = Some(Agent {
            name: "other/2".to_owned(),
            url: None,
        });
        feed.generated = Some(Timestamp::from_second(5).unwrap());
        feed.encoding = Some("ISO-8859-1".to_owned());
        let losses = stamp(Format::HinaDi).apply(&mut feed);
        let fields: Vec<&str> = losses.iter().map(|l| &*l.field).collect();
        assert_eq!(fields, ["User-Agent", "Date", "encoding"]);
        assert_eq!(feed.agent.unwrap().name, "antenna/1");
        assert_eq!(feed.encoding.as_deref(), Some("UTF-8"));
    }

    #[test]
    fn an_rss_channel_gets_a_title_and_lirs_nothing() {
        let mut feed = Feed::new();
        assert!(stamp(Format::Rss2).apply(&mut feed).is_empty());
        assert_eq!(feed.title.as_deref(), Some("Update times from a.lirs"));
        let mut feed = Feed::new();
        assert!(stamp(Format::Lirs).apply(&mut feed).is_empty());
        assert_eq!(feed, Feed::new());
    }
}
