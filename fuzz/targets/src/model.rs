//! Targets of the small parsers of `antenna-model`: dates, `Method` chains,
//! URL keys.

use antenna_model::dates::{format_rfc1123, parse_date};
use antenna_model::{MethodChain, UrlKey};

/// Reads the bytes (as UTF-8, lossily) as a date. A date that reads is
/// printed as RFC 1123 and read again: the instant must survive (within the
/// four-digit years RFC 1123 can print), and the printed form must be clean
/// RFC 1123.
pub fn dates(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(date) = parse_date(&text) else {
        return;
    };
    let year = date
        .timestamp
        .to_zoned(antenna_model::jiff::tz::TimeZone::UTC)
        .year();
    if !(1..=9999).contains(&year) {
        return;
    }
    let printed = format_rfc1123(date.timestamp);
    match parse_date(&printed) {
        Ok(again) => {
            // Whole seconds: a date clamped to `Timestamp::MAX` (the
            // 9999-12-31 sentinel) has a fraction RFC 1123 cannot print.
            assert_eq!(
                again.timestamp.as_second(),
                date.timestamp.as_second(),
                "date {text:?} printed as {printed:?} reads back as another instant"
            );
            assert!(
                again.is_rfc1123(),
                "date {text:?} printed as {printed:?}, which is not clean RFC 1123: {again:?}"
            );
        }
        Err(error) => panic!("date {text:?} printed as {printed:?}, which does not read: {error}"),
    }
}

/// Reads the bytes (as UTF-8, lossily) as a `Method` chain, leniently and
/// strictly. What strict reads, lenient reads the same; what lenient reads
/// prints as a chain that reads back the same.
pub fn method_chain(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let lenient = MethodChain::parse(&text);
    if let Ok(strict) = MethodChain::parse_strict(&text) {
        assert_eq!(
            lenient.as_ref().ok(),
            Some(&strict),
            "Method {text:?}: strict and lenient parses disagree"
        );
    }
    let Ok(chain) = lenient else {
        return;
    };
    assert!(
        !chain.steps().is_empty(),
        "Method {text:?} read as a chain without steps"
    );
    let printed = chain.to_string();
    match MethodChain::parse(&printed) {
        Ok(again) => assert_eq!(
            again, chain,
            "Method {text:?} printed as {printed:?} reads back differently"
        ),
        Err(error) => {
            panic!("Method {text:?} printed as {printed:?}, which does not read: {error}")
        }
    }
    let propagated = chain.propagated();
    assert_eq!(
        propagated.hops(),
        chain.hops() + 1,
        "Method {text:?}: propagating did not add one hop"
    );
}

/// Reads the bytes (as UTF-8, lossily) as a URL key. Normalising is
/// idempotent: the key's own text reads as the same key.
pub fn url_key(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(key) = UrlKey::parse(&text) else {
        return;
    };
    match UrlKey::parse(key.as_str()) {
        Ok(again) => assert_eq!(
            again, key,
            "URL {text:?} normalised to {key}, which normalises to {again}"
        ),
        Err(error) => panic!("URL {text:?} normalised to {key}, which does not parse: {error}"),
    }
}
