#!/bin/sh
# Runs the suite's RSS 2.0 decoder cases against Python's feedparser, through
# conformance/adapters/feedparser_decoder.py, with the cases feedparser is
# known to fail listed in feedparser.expected-failures (skipped; one that
# starts passing fails the run, so the list cannot go stale).
#
#   conformance/adapters/run-feedparser.sh [runner options, e.g. --junit FILE]
#
# feedparser comes from PyPI, the version and hashes pinned in
# requirements.txt, into a virtual environment kept under the user's cache
# (ANTENNA_FEEDPARSER_VENV chooses another folder), made again by install.sh
# when the pins change. The runner is this workspace's antenna-conformance
# (built by cargo); ANTENNA_CONFORMANCE names an installed one instead.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
adapters="$root/conformance/adapters"
decoder=$("$adapters/install.sh" feedparser)
cd "$root"
if [ -n "${ANTENNA_CONFORMANCE:-}" ]; then
    set -- "$ANTENNA_CONFORMANCE" "$@"
else
    set -- cargo run --quiet -p antenna-conformance -- "$@"
fi
exec "$@" --format rss2 --decoder "$decoder" \
    --expected-failures "$adapters/feedparser.expected-failures"
