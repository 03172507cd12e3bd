#!/usr/bin/env ruby
# An RSS 2.0 decoder for the conformance protocol (version 1), built on
# Ruby's `rss` library (https://github.com/ruby/rss), as Debian's ruby
# ships it (the bundled gem rss 0.2.9 of Ruby 3.1, on REXML):
#
#   ruby ruby_rss_decoder.rb --format rss2 < feed.xml
#   ruby ruby_rss_decoder.rb --version      # rss, REXML and Ruby versions
#
# It maps what RSS::Parser.parse gives to the protocol's JSON and changes
# nothing in the library. It calls the parser as its documentation shows,
# RSS::Parser.parse(bytes) (validating, unknown elements ignored), and
# rejects (exit 1) exactly when that raises or returns something that is
# not RSS 0.9x/2.0 (nil, RDF or Atom). What the adapter does on top, each
# because the protocol's shape asks it:
#
# - dates are Time objects in the library: they are shown as the library
#   writes them (Time#rfc2822), so a date as written is not kept;
# - numbers (ttl, width, height, port, length) are integers in the library:
#   shown with to_s;
# - isPermaLink is a boolean: shown "true"/"false" when the library has it;
# - values are trimmed of XML white space, as the protocol says.
# The cases this makes fail are in ../ruby-rss.expected-failures.

require "json"
require "rss"

XML_SPACE = " \t\r\n"

def str(value)
  return nil if value.nil?
  value = value.rfc2822 if value.is_a?(Time)
  value = value.to_s
  value = value.sub(/\A[ \t\r\n]+/, "").sub(/[ \t\r\n]+\z/, "")
  value
end

def members(pairs)
  pairs.reject { |_, v| v.nil? }.to_h
end

def categories(list)
  out = (list || []).map { |c| members([["domain", str(c.domain)], ["value", str(c.content) || ""]]) }
  out.empty? ? nil : out
end

def channel_json(c)
  members([
    ["title", str(c.title)],
    ["link", str(c.link)],
    ["description", str(c.description)],
    ["language", str(c.language)],
    ["copyright", str(c.copyright)],
    ["managingEditor", str(c.managingEditor)],
    ["webMaster", str(c.webMaster)],
    ["pubDate", str(c.pubDate)],
    ["lastBuildDate", str(c.lastBuildDate)],
    ["categories", categories(c.categories)],
    ["generator", str(c.generator)],
    ["docs", str(c.docs)],
    ["cloud", c.cloud && members([
      ["domain", str(c.cloud.domain)], ["port", str(c.cloud.port)], ["path", str(c.cloud.path)],
      ["registerProcedure", str(c.cloud.registerProcedure)], ["protocol", str(c.cloud.protocol)],
    ])],
    ["ttl", str(c.ttl)],
    ["image", c.image && members([
      ["url", str(c.image.url)], ["title", str(c.image.title)], ["link", str(c.image.link)],
      ["width", str(c.image.width)], ["height", str(c.image.height)],
      ["description", str(c.image.description)],
    ])],
    ["rating", str(c.rating)],
    ["textInput", c.textInput && members([
      ["title", str(c.textInput.title)], ["description", str(c.textInput.description)],
      ["name", str(c.textInput.name)], ["link", str(c.textInput.link)],
    ])],
    ["skipHours", c.skipHours && c.skipHours.hours.map { |h| str(h.content) }],
    ["skipDays", c.skipDays && c.skipDays.days.map { |d| str(d.content) }],
  ])
end

def item_json(i)
  members([
    ["title", str(i.title)],
    ["link", str(i.link)],
    ["description", str(i.description)],
    ["author", str(i.author)],
    ["categories", categories(i.categories)],
    ["comments", str(i.comments)],
    ["enclosure", i.enclosure && members([
      ["url", str(i.enclosure.url)], ["length", str(i.enclosure.length)], ["type", str(i.enclosure.type)],
    ])],
    ["guid", i.guid && members([
      ["value", str(i.guid.content) || ""],
      ["isPermaLink", i.guid.isPermaLink.nil? ? nil : i.guid.isPermaLink.to_s],
    ])],
    ["pubDate", str(i.pubDate)],
    ["source", i.source && members([["url", str(i.source.url)], ["value", str(i.source.content) || ""]])],
  ])
end

if ARGV == ["--version"]
  puts "rss #{RSS::VERSION} (REXML #{REXML::VERSION}, Ruby #{RUBY_VERSION})"
  exit 0
end
unless ARGV == ["--format", "rss2"]
  warn "usage: ruby_rss_decoder.rb --format rss2 (Ruby's rss reads RSS only here)"
  exit 2
end

data = $stdin.binmode.read
begin
  feed = RSS::Parser.parse(data)
rescue Exception => e # rubocop:disable Lint/RescueException -- any failure of the library is a rejection
  warn "ruby_rss_decoder: rss rejects the file (#{e.class}): #{e.message.lines.first}"
  exit 1
end
unless feed.is_a?(RSS::Rss)
  warn "ruby_rss_decoder: not an RSS 0.9x/2.0 document (rss gives #{feed.class})"
  exit 1
end
document = {
  "format" => "rss2",
  "version" => str(feed.rss_version),
  "channel" => channel_json(feed.channel),
  "items" => feed.items.map { |i| item_json(i) },
}.reject { |_, v| v.nil? }
$stdout.binmode
$stdout.write(JSON.generate(document).encode("UTF-8"))
