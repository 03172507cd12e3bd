#!/usr/bin/perl
# An RSS 2.0 decoder for the conformance protocol (version 1), built on
# Perl's XML::RSS (https://metacpan.org/dist/XML-RSS), as Debian ships it
# (libxml-rss-perl 1.62, on XML::Parser and expat):
#
#   perl xml_rss_decoder.pl --format rss2 < feed.xml
#   perl xml_rss_decoder.pl --version
#
# It maps what XML::RSS->new->parse gives to the protocol's JSON and
# changes nothing in the module. It rejects (exit 1) exactly when parse
# dies (expat finds the file not well-formed, or its encoding unknown) or
# the version XML::RSS reports is not an RSS 0.9x/2.0 one (RSS 1.0/RDF).
# What XML::RSS keeps no trace of is not shown, and the cases that this
# makes fail are in ../xml-rss.expected-failures:
#
# - a category's `domain` and a source's `url` are not kept (categories
#   are plain strings, the source its text);
# - an element that occurs once is a string, several times an array: the
#   adapter shows each list member (categories, skipHours, skipDays) as a
#   list either way, and a single-valued member as its first value;
# - XML::RSS makes an image and a text input with undefined members even
#   when the channel has none: they are shown only when one member is
#   defined;
# - a guid is `permaLink` (isPermaLink true or absent) or `guid`
#   (isPermaLink false), and `isPermaLink` is 1 when the attribute is
#   "true" or absent: "false" is shown when it is false, nothing otherwise
#   (an explicit isPermaLink="true" cannot be told from its absence);
# - the module's $VERSION says 1.59 in its 1.62 release: --version names
#   the Debian package's version when dpkg knows it.
# Values are trimmed of XML white space, as the protocol says.
use strict;
use warnings;
use JSON::PP ();
use XML::RSS ();

binmode STDOUT;

sub str {
    my ($value) = @_;
    return undef unless defined $value;
    $value = $value->[0] if ref $value eq 'ARRAY';
    return undef if ref $value;    # an element XML::RSS made a hash of
    $value =~ s/\A[ \t\r\n]+//;
    $value =~ s/[ \t\r\n]+\z//;
    return $value;
}

sub list {
    my ($value) = @_;
    return () unless defined $value;
    return map { str($_) // '' } (ref $value eq 'ARRAY' ? @$value : ($value));
}

# An object of the members whose value is defined, in order.
sub members {
    my @pairs = @_;
    my %out;
    while (my ($key, $value) = splice @pairs, 0, 2) {
        $out{$key} = $value if defined $value;
    }
    return \%out;
}

sub categories {
    my @values = list($_[0]);
    return @values ? [map { { value => $_ } } @values] : undef;
}

sub any_defined {
    my ($hash, @keys) = @_;
    return 0 unless ref $hash eq 'HASH';
    return scalar grep { defined $hash->{$_} } @keys;
}

sub channel_json {
    my ($rss) = @_;
    my $c = $rss->{channel} || {};
    my $image = $rss->{image};
    my $ti = $rss->{textinput};
    my @hours = ref $rss->{skipHours} eq 'HASH' ? list($rss->{skipHours}{hour}) : ();
    my @days = ref $rss->{skipDays} eq 'HASH' ? list($rss->{skipDays}{day}) : ();
    my $cloud = ref $c->{cloud} eq 'HASH' ? $c->{cloud} : undef;
    return members(
        title => str($c->{title}),
        link => str($c->{link}),
        description => str($c->{description}),
        language => str($c->{language}),
        copyright => str($c->{copyright}),
        managingEditor => str($c->{managingEditor}),
        webMaster => str($c->{webMaster}),
        pubDate => str($c->{pubDate}),
        lastBuildDate => str($c->{lastBuildDate}),
        categories => categories($c->{category}),
        generator => str($c->{generator}),
        docs => str($c->{docs}),
        cloud => $cloud && members(map { ($_ => str($cloud->{$_})) } qw(domain port path registerProcedure protocol)),
        ttl => str($c->{ttl}),
        image => any_defined($image, qw(url title link width height description))
            ? members(map { ($_ => str($image->{$_})) } qw(url title link width height description))
            : undef,
        rating => str($c->{rating}),
        textInput => any_defined($ti, qw(title description name link))
            ? members(map { ($_ => str($ti->{$_})) } qw(title description name link))
            : undef,
        skipHours => @hours ? \@hours : undef,
        skipDays => @days ? \@days : undef,
    );
}

sub item_json {
    my ($i) = @_;
    my $guid;
    my $permalink = exists $i->{isPermaLink} && !$i->{isPermaLink} ? 'false' : undef;
    if (defined $i->{permaLink}) {
        $guid = members(value => str($i->{permaLink}), isPermaLink => $permalink);
    } elsif (defined $i->{guid}) {
        $guid = members(value => str($i->{guid}), isPermaLink => $permalink);
    }
    my $enclosure = ref $i->{enclosure} eq 'ARRAY' ? $i->{enclosure}[0] : $i->{enclosure};
    $enclosure = undef unless ref $enclosure eq 'HASH';
    return members(
        title => str($i->{title}),
        link => str($i->{link}),
        description => str($i->{description}),
        author => str($i->{author}),
        categories => categories($i->{category}),
        comments => str($i->{comments}),
        enclosure => $enclosure && members(map { ($_ => str($enclosure->{$_})) } qw(url length type)),
        guid => $guid,
        pubDate => str($i->{pubDate}),
        # XML::RSS keeps a source's text, not its url.
        source => defined $i->{source} ? members(value => str($i->{source}) // '') : undef,
    );
}

if ("@ARGV" eq '--version') {
    my $debian = `dpkg-query -W -f '\${Version}' libxml-rss-perl 2>/dev/null`;
    my $version = $? == 0 && $debian ? "$debian (Debian libxml-rss-perl)" : $XML::RSS::VERSION;
    print "XML::RSS $version, XML::Parser $XML::Parser::VERSION\n";
    exit 0;
}
if ("@ARGV" ne '--format rss2') {
    print STDERR "usage: xml_rss_decoder.pl --format rss2 (XML::RSS reads RSS only here)\n";
    exit 2;
}
binmode STDIN;
my $data = do { local $/; <STDIN> };
my $rss = XML::RSS->new;
if (!eval { $rss->parse($data); 1 }) {
    my $error = $@ || 'unknown error';
    $error =~ s/\s+\z//;
    print STDERR "xml_rss_decoder: XML::RSS rejects the file: $error\n";
    exit 1;
}
my $version = $rss->{version};
if (!defined $version || $version !~ /\A(?:0\.9\d?|2\.0(?:\.\d+)?)\z/) {
    print STDERR "xml_rss_decoder: not an RSS 0.9x/2.0 document (XML::RSS says version ",
        $version // 'none', ")\n";
    exit 1;
}
my $document = {
    format => 'rss2',
    version => $version,
    channel => channel_json($rss),
    items => [map { item_json($_) } @{ $rss->{items} || [] }],
};
print JSON::PP->new->utf8->canonical->encode($document);
