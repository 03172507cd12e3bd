//! The reference decoder and encoder against every case's expectations, in
//! both protocol versions: `decode(.., V1)` gives `<name>.json`,
//! `decode(.., V2)` gives `"protocol": 2` and `<name>.v2.json` (or
//! `<name>.json` where the case has no `.v2.json`), and the encoder, given
//! either, writes a file that reads back the same. A protocol 2 case (only
//! a `.v2.json`: protocol 1 leaves its JSON open) is checked in version 2
//! only. The expectations were
//! written from the files and the specs (conformance/tools), not from this
//! decoder.

use std::fs;
use std::path::{Path, PathBuf};

use antenna_conformance::protocol::{Version, decode, encode, encode_streamed};
use antenna_model::Format;
use serde_json::{Value, json};

/// A decoder case: its input file and expectations.
struct Case {
    id: String,
    format: Format,
    input: PathBuf,
    /// `<name>.json`; `None` for a protocol 2 case.
    v1: Option<Value>,
    /// `<name>.v2.json`, where the case has one.
    v2: Option<Value>,
}

impl Case {
    /// The expectations the case has, by version: `<name>.json` in
    /// version 1; `<name>.v2.json`, else `<name>.json`, in version 2.
    fn expected(&self) -> Vec<(Version, Value)> {
        let v2 = self.v2.clone().or(self.v1.clone());
        let v1 = self.v1.clone().map(|json| (Version::V1, json));
        v1.into_iter()
            .chain(v2.map(|json| (Version::V2, json)))
            .collect()
    }
}

fn json_file(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every valid and lenient case of the three formats (beyond the specs
/// included). Each is checked against its own JSON, the reading this
/// project takes, not its alternatives.
fn cases() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cases = Vec::new();
    for (dir, format, extensions) in [
        ("hina-di", Format::HinaDi, &["hdi"][..]),
        ("lirs", Format::Lirs, &["lirs", "lirs.gz"][..]),
        ("rss2", Format::Rss2, &["xml"][..]),
    ] {
        // The cases beyond the specs too: this project requires them.
        for kind in [
            "valid",
            "lenient",
            "beyond-spec/valid",
            "beyond-spec/lenient",
        ] {
            let folder = root.join(dir).join(kind);
            if !folder.is_dir() && kind.starts_with("beyond-spec/") {
                continue;
            }
            let mut names: Vec<PathBuf> = fs::read_dir(&folder)
                .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
                .map(|entry| entry.expect("a directory entry").path())
                .collect();
            names.sort();
            for input in names {
                let file = input.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let Some(name) = extensions
                    .iter()
                    .find_map(|ext| file.strip_suffix(&format!(".{ext}")))
                else {
                    continue;
                };
                let v1_path = folder.join(format!("{name}.json"));
                let v2_path = folder.join(format!("{name}.v2.json"));
                let case = Case {
                    id: format!("{dir}/{kind}/{name}"),
                    format,
                    v1: v1_path.exists().then(|| json_file(&v1_path)),
                    v2: v2_path.exists().then(|| json_file(&v2_path)),
                    input,
                };
                assert!(
                    case.v1.is_some() || case.v2.is_some(),
                    "{}: no .json or .v2.json",
                    case.id
                );
                cases.push(case);
            }
        }
    }
    cases
}

/// `json` as version `version` prints it: with `"protocol": 2` in v2.
fn with_protocol(json: &Value, version: Version) -> Value {
    let mut json = json.clone();
    if version == Version::V2
        && let Some(object) = json.as_object_mut()
    {
        object.insert("protocol".into(), json!(2));
    }
    json
}

#[test]
fn the_cases_are_found() {
    let cases = cases();
    assert!(cases.len() > 150, "only {} cases", cases.len());
    let with_v2 = cases.iter().filter(|c| c.v2.is_some()).count();
    assert!(with_v2 >= 20, "only {with_v2} cases have a .v2.json");
    let only_v2: Vec<&str> = cases
        .iter()
        .filter(|c| c.v1.is_none())
        .map(|c| c.id.as_str())
        .collect();
    assert!(
        only_v2.len() >= 3 && only_v2.iter().all(|id| id.starts_with("rss2/lenient/")),
        "protocol 2 cases: {only_v2:?}"
    );
}

#[test]
fn decode_gives_each_versions_expectation() {
    let mut failures = Vec::new();
    for case in cases() {
        let bytes = fs::read(&case.input).expect("the case's input");
        for (version, expected) in case.expected() {
            match decode(case.format, &bytes, version) {
                Ok(mut got) => {
                    if version == Version::V2 {
                        let protocol = got.as_object_mut().and_then(|o| o.shift_remove("protocol"));
                        if protocol != Some(json!(2)) {
                            failures.push(format!("{} v2: \"protocol\" is {protocol:?}", case.id));
                        }
                    }
                    if got != expected {
                        failures.push(format!(
                            "{} v{version}:\n  expected {expected}\n  got      {got}",
                            case.id
                        ));
                    }
                }
                Err(diagnostics) => failures.push(format!(
                    "{} v{version}: rejected: {:?}",
                    case.id,
                    diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn encode_writes_what_reads_back_the_same() {
    let mut failures = Vec::new();
    for case in cases() {
        for (version, json) in case.expected() {
            let given = with_protocol(&json, version);
            let result = encode(case.format, &given).and_then(|bytes| {
                decode(case.format, &bytes, version).map_err(|d| format!("rejected: {d:?}"))
            });
            match result {
                Ok(back) if back == given => {}
                Ok(back) => failures.push(format!(
                    "{} v{version}: read back\n  {back}\n  not {given}",
                    case.id
                )),
                Err(e) => failures.push(format!("{} v{version}: {e}", case.id)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_streamed_encoder_writes_what_encode_writes() {
    let mut streamed = 0;
    for case in cases() {
        let input = fs::read(&case.input).expect("the case's file");
        for version in Version::ALL {
            // The decoder's JSON, members in its order, as text.
            let Ok(json) = decode(case.format, &input, version) else {
                continue;
            };
            let text = serde_json::to_vec(&json).expect("JSON text");
            let expected = encode(case.format, &json);
            if case.format == Format::Lirs {
                // The read-back file is compared with the input itself:
                // the decoder's text with a line end is streamed, the same
                // JSON pretty-printed is left to `encode`.
                let mut line = text.clone();
                line.push(b'\n');
                let streamed = encode_streamed(case.format, &text);
                assert_eq!(encode_streamed(case.format, &line), streamed, "{}", case.id);
                let pretty = serde_json::to_vec_pretty(&json).expect("JSON text");
                assert_eq!(encode_streamed(case.format, &pretty), None, "{}", case.id);
            }
            match encode_streamed(case.format, &text) {
                Some(bytes) => {
                    assert_eq!(Ok(&bytes), expected.as_ref(), "{} v{version}", case.id);
                    streamed += 1;
                }
                None => assert!(
                    case.format == Format::Rss2 || expected.is_err(),
                    "{} v{version}: not streamed",
                    case.id
                ),
            }
        }
    }
    assert!(streamed > 0);
}

#[test]
fn the_streamed_encoder_leaves_the_rest_to_encode() {
    let none = |json: &Value| encode_streamed(Format::Lirs, json.to_string().as_bytes());
    // Refused: a record out of shape, a member not in the shape.
    let bad_record = json!({"format": "lirs", "records": [{"url": 1}]});
    assert!(encode(Format::Lirs, &bad_record).is_err());
    assert_eq!(none(&bad_record), None);
    let stray = json!({"format": "lirs", "records": [], "x": 1});
    assert!(encode(Format::Lirs, &stray).is_err());
    assert_eq!(none(&stray), None);
    // Written, but its text is not the decoder's: encode compares trees.
    let reordered = json!({"records": [], "format": "lirs"});
    assert!(encode(Format::Lirs, &reordered).is_ok());
    assert_eq!(none(&reordered), None);
    let hina_di = json!({"format": "hina-di", "version": "1.0", "header": [],
                         "blocks": [[["URL"]]]});
    assert_eq!(
        encode_streamed(Format::HinaDi, hina_di.to_string().as_bytes()),
        None
    );
}

/// A v2 RSS document of one item holding `item`'s members.
fn rss_with_item(item: Value) -> Value {
    json!({"protocol": 2, "format": "rss2", "version": "2.0",
           "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
           "items": [item]})
}

fn refusal(json: &Value) -> String {
    match encode(Format::Rss2, json) {
        Ok(bytes) => panic!("written, not refused:\n{}", String::from_utf8_lossy(&bytes)),
        Err(e) => e,
    }
}

#[test]
fn an_extension_named_like_an_rss_element_is_refused() {
    // Written as <title> in the item, it would read back as its title.
    let e = refusal(&rss_with_item(json!({
        "title": "T", "extensions": [{"name": "title", "children": ["x"]}]})));
    assert!(e.contains("reads back") || e.contains("read back"), "{e}");
    // In a namespace it is an extension, and is written.
    let json = rss_with_item(json!({
        "title": "T",
        "extensions": [{"namespace": "http://backend.userland.com/rss2", "name": "title",
                        "children": ["x"]}]}));
    let bytes = encode(Format::Rss2, &json).expect("written");
    assert_eq!(decode(Format::Rss2, &bytes, Version::V2).ok(), Some(json));
}

#[test]
fn members_in_another_order_are_written() {
    // JSON's objects are unordered: the encoder takes the members in any
    // order, not only the order the decoder prints them in.
    let json = json!({
        "items": [{"link": "http://example.com/1", "title": "A"}],
        "channel": {"description": "D", "link": "http://example.com/", "title": "T"},
        "version": "2.0", "format": "rss2", "protocol": 2});
    let bytes = encode(Format::Rss2, &json).expect("written");
    assert_eq!(decode(Format::Rss2, &bytes, Version::V2).ok(), Some(json));
}

#[test]
fn another_versions_members_are_refused() {
    let e = refusal(&rss_with_item(json!({
        "title": "T", "enclosure": {"url": "http://example.com/a.mp3"}})));
    assert!(e.contains("`enclosure`") && e.contains("protocol 1"), "{e}");
    let mut v1 = rss_with_item(json!({
        "title": "T", "extensions": [{"namespace": "urn:x", "name": "y"}]}));
    v1.as_object_mut().map(|o| o.shift_remove("protocol"));
    let e = refusal(&v1);
    assert!(
        e.contains("`extensions`") && e.contains("\"protocol\": 2"),
        "{e}"
    );
    let mut v3 = v1.clone();
    v3.as_object_mut()
        .map(|o| o.insert("protocol".into(), json!(3)));
    assert!(refusal(&v3).contains("`protocol` is 3"));
    // `"protocol": 1` is version 1, said outright.
    let mut one = rss_with_item(json!({"title": "T"}));
    one.as_object_mut()
        .map(|o| o.insert("protocol".into(), json!(1)));
    let bytes = encode(Format::Rss2, &one).expect("version 1 is written");
    assert!(decode(Format::Rss2, &bytes, Version::V1).is_ok());
}

#[test]
fn namespace_declarations_are_not_attributes() {
    for key in ["xmlns", "xmlns:dc"] {
        let e = refusal(&rss_with_item(
            json!({"title": "T", "attributes": {key: "urn:x"}}),
        ));
        assert!(e.contains("namespace declaration"), "{key}: {e}");
    }
    let e = refusal(&rss_with_item(json!({
        "title": "T", "attributes": {"{http://www.w3.org/2000/xmlns/}dc": "urn:x"}})));
    assert!(e.contains("namespace declarations"), "{e}");
}

#[test]
fn the_shape_of_an_element_is_checked() {
    for (element, says) in [
        (
            json!({"name": "a", "children": ["x", "y"]}),
            "two texts in a row",
        ),
        (json!({"name": "a", "children": [""]}), "empty text"),
        (json!({"namespace": "", "name": "a"}), "no namespace"),
        (json!({"namespace": "urn:x", "name": "p:a"}), "colon"),
        (json!({"name": "xml:a"}), "always declared"),
        (json!({"name": "a", "prefix": "p"}), "`prefix`"),
    ] {
        let e = refusal(&rss_with_item(
            json!({"title": "T", "extensions": [element]}),
        ));
        assert!(e.contains(says), "{says}: {e}");
    }
}

#[test]
fn an_undeclared_prefix_keeps_its_meaning() {
    // `dc` written undeclared must not become the prefix of Dublin Core's
    // namespace, or `dc:x` would read back in it.
    let json = rss_with_item(json!({
        "title": "T",
        "attributes": {"dc:y": "1", "{http://purl.org/dc/elements/1.1/}z": "2"},
        "extensions": [
            {"name": "dc:x"},
            {"namespace": "http://purl.org/dc/elements/1.1/", "name": "creator",
             "children": ["H"]},
            {"namespace": "urn:a", "name": "b",
             "attributes": {"{http://www.w3.org/XML/1998/namespace}lang": "ja"}}]}));
    let bytes = encode(Format::Rss2, &json).expect("written");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("<dc:x/>") && !text.contains("xmlns:dc="),
        "{text}"
    );
    assert_eq!(decode(Format::Rss2, &bytes, Version::V2).ok(), Some(json));
}

#[test]
fn a_namespace_that_is_not_rss_is_refused() {
    let mut json = rss_with_item(json!({"title": "T"}));
    json.as_object_mut()
        .map(|o| o.insert("namespace".into(), json!("urn:not-rss")));
    let e = refusal(&json);
    assert!(e.contains("would not read back"), "{e}");
}

/// A small deterministic generator (xorshift), so that the round trip
/// below draws the same documents on every run without a dependency.
struct Draw(u64);

/// An extension element's or attribute's name, namespace or value.
type Name = std::borrow::Cow<'static, str>;

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n as u64).expect("below n")
    }

    fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        from[self.below(from.len())].clone()
    }

    /// A name: in a namespace (under some prefix), in none, or with a
    /// prefix never declared.
    fn name(&mut self, names: &[&'static str]) -> (Option<Name>, Option<Name>, Name) {
        let name = Name::Borrowed(self.pick(names));
        let (namespace, prefix) = self.pick(&[
            (None, None),
            (None, Some("u")),
            (None, Some("dc")),
            (None, Some("ns1")),
            (Some("urn:a"), Some("a")),
            (Some("urn:a"), Some("b")),
            (Some("urn:b"), Some("a")),
            (Some(rss2::DC_NS), Some("dc")),
            (Some(rss2::DC_NS), Some("ns1")),
            (Some("http://www.w3.org/XML/1998/namespace"), Some("xml")),
        ]);
        (
            namespace.map(Name::Borrowed),
            prefix.map(Name::Borrowed),
            name,
        )
    }

    fn attributes(&mut self) -> Vec<rss2::ExtensionAttribute> {
        (0..self.below(3))
            .map(|_| {
                let (namespace, prefix, name) = self.name(&["x", "lang", "version"]);
                rss2::ExtensionAttribute {
                    namespace,
                    prefix,
                    name,
                    value: Name::Borrowed(self.pick(&["", " v ", "a&b", "<\"'>", "\t\n"])),
                }
            })
            .collect()
    }

    fn element(&mut self, depth: usize) -> rss2::ExtensionElement {
        let (namespace, prefix, name) = self.name(&["e", "title", "item", "link"]);
        let children = (0..if depth > 0 { self.below(4) } else { 0 })
            .map(|_| match self.below(3) {
                0 => rss2::ExtensionNode::Element(Box::new(self.element(depth - 1))),
                _ => rss2::ExtensionNode::Text(
                    self.pick(&["", " ", "t", "a & b", "]]>", "\r\n", "x<y"])
                        .to_owned(),
                ),
            })
            .collect();
        rss2::ExtensionElement {
            namespace,
            prefix,
            name,
            attributes: self.attributes(),
            children,
        }
    }

    fn elements(&mut self) -> Vec<rss2::ExtensionElement> {
        (0..self.below(3)).map(|_| self.element(3)).collect()
    }
}

#[test]
fn random_extension_trees_go_through_v2_json_and_back() {
    let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
    let mut written = 0;
    for _ in 0..400 {
        let mut document = rss2::Document {
            version: Some("2.0".into()),
            attributes: draw.attributes(),
            extensions: draw.elements(),
            ..rss2::Document::default()
        };
        document.channel.title = Some("T".into());
        document.channel.extensions = draw.elements();
        document.channel.attributes = draw.attributes();
        document.channel.items.push(rss2::Item {
            title: Some("I".into()),
            attributes: draw.attributes(),
            extensions: draw.elements(),
            ..rss2::Item::default()
        });
        // What a file of this model reads as (the writer may write what
        // reads back otherwise, or what no reader accepts: a repeated
        // attribute), then its JSON, written by the encoder and read back.
        let Ok(bytes) = rss2::write(&document, &rss2::WriteOptions::default()) else {
            continue;
        };
        let Ok(json) = decode(Format::Rss2, &bytes, Version::V2) else {
            continue;
        };
        written += 1;
        let again =
            encode(Format::Rss2, &json).unwrap_or_else(|e| panic!("{json}\nnot written: {e}"));
        let back = decode(Format::Rss2, &again, Version::V2).expect("read back");
        assert_eq!(back, json, "{}", String::from_utf8_lossy(&again));
    }
    assert!(written > 200, "only {written} documents were readable");
}
