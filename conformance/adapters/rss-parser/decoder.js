#!/usr/bin/env node
// An RSS 2.0 decoder for the conformance protocol (version 1), built on
// npm's rss-parser (https://www.npmjs.com/package/rss-parser, the version
// pinned in package.json and package-lock.json beside this file):
//
//   ANTENNA_RSS_PARSER_DIR=<folder with node_modules> node decoder.js --format rss2 < feed.xml
//   node decoder.js --version
//
// `cargo xtask peers` and .ci/run install the pinned packages with `npm ci`
// into a cache folder (install-rss-parser.sh) and point
// ANTENNA_RSS_PARSER_DIR at it; without it, node_modules beside this file.
//
// It maps what `new Parser().parseString(text)` gives to the protocol's
// JSON and changes nothing in rss-parser. parseString takes a string, so
// the bytes are read as the library's own examples do
// (fs.readFileSync(..., 'utf8')): rss-parser has no way to be given bytes.
// It rejects (exit 1) exactly when parseString rejects. What rss-parser
// keeps no trace of is not shown, and the cases this makes fail are in
// ../rss-parser.expected-failures:
//
// - the `version` attribute is not in the result (the library only picks
//   its RSS 2 or 0.9 reader with it): "version" is always "2.0";
// - the channel's categories, cloud and textInput, the image's
//   description, and an item's source and guid's isPermaLink are not read;
// - an item's <description> is rss-parser's `content`; an element with
//   child elements (markup) is re-serialised by xml2js: shown as it is;
// - an element xml2js made an object of is shown by its text (`_`), or ""
//   when it has only attributes; an element holding child elements only
//   is not shown (rss-parser gives no text for it).
// Values are trimmed of XML white space, as the protocol says.
'use strict';

const fs = require('fs');
const path = require('path');

const dir = process.env.ANTENNA_RSS_PARSER_DIR || __dirname;
const modules = path.join(dir, 'node_modules');

function text(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    if (typeof value._ === 'string') value = value._;
    else if (Object.keys(value).length === 1 && value.$) value = '';
    else return undefined;
  }
  return String(value).replace(/^[ \t\r\n]+/, '').replace(/[ \t\r\n]+$/, '');
}

function members(pairs) {
  const out = {};
  for (const [key, value] of pairs) if (value !== undefined) out[key] = value;
  return out;
}

function list(value, key) {
  if (!value || typeof value !== 'object' || !Array.isArray(value[key])) return undefined;
  return value[key].map((v) => text(v) ?? '');
}

function categories(raw) {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  return raw.map((c) => members([
    ['domain', typeof c === 'object' && c.$ ? text(c.$.domain) : undefined],
    ['value', text(c) ?? ''],
  ]));
}

function channelJson(feed) {
  const image = feed.image;
  return members([
    ['title', text(feed.title)],
    ['link', text(feed.link)],
    ['description', text(feed.description)],
    ['language', text(feed.language)],
    ['copyright', text(feed.copyright)],
    ['managingEditor', text(feed.managingEditor)],
    ['webMaster', text(feed.webMaster)],
    ['pubDate', text(feed.pubDate)],
    ['lastBuildDate', text(feed.lastBuildDate)],
    ['generator', text(feed.generator)],
    ['docs', text(feed.docs)],
    ['ttl', text(feed.ttl)],
    ['image', image && members([
      ['url', text(image.url)], ['title', text(image.title)], ['link', text(image.link)],
      ['width', text(image.width)], ['height', text(image.height)],
    ])],
    ['rating', text(feed.rating)],
    ['skipHours', list(feed.skipHours, 'hour')],
    ['skipDays', list(feed.skipDays, 'day')],
  ]);
}

function itemJson(item) {
  const enclosure = item.enclosure;
  return members([
    ['title', text(item.title)],
    ['link', text(item.link)],
    ['description', text(item.content)],
    ['author', text(item.author)],
    ['categories', categories(item.categories)],
    ['comments', text(item.comments)],
    ['enclosure', enclosure && members([
      ['url', text(enclosure.url)], ['length', text(enclosure.length)], ['type', text(enclosure.type)],
    ])],
    ['guid', item.guid !== undefined ? members([['value', text(item.guid) ?? '']]) : undefined],
    ['pubDate', text(item.pubDate)],
  ]);
}

async function main(argv) {
  if (argv.length === 1 && argv[0] === '--version') {
    const version = (name) => require(path.join(modules, name, 'package.json')).version;
    process.stdout.write(`rss-parser ${version('rss-parser')} (xml2js ${version('xml2js')}, sax ${version('sax')}, Node ${process.versions.node})\n`);
    return 0;
  }
  if (argv.length !== 2 || argv[0] !== '--format' || argv[1] !== 'rss2') {
    process.stderr.write('usage: decoder.js --format rss2 (rss-parser reads RSS only here)\n');
    return 2;
  }
  const Parser = require(path.join(modules, 'rss-parser'));
  const input = fs.readFileSync(0, 'utf8');
  let feed;
  try {
    feed = await new Parser().parseString(input);
  } catch (error) {
    process.stderr.write(`rss-parser rejects the file: ${String(error && error.message || error).split('\n')[0]}\n`);
    return 1;
  }
  const document = {
    format: 'rss2',
    version: '2.0',
    channel: channelJson(feed),
    items: (feed.items || []).map(itemJson),
  };
  process.stdout.write(JSON.stringify(document));
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error) => {
  process.stderr.write(`decoder.js: ${error && error.stack || error}\n`);
  process.exitCode = 2;
});
