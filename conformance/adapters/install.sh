#!/bin/sh
# Installs one adapted implementation, if it is missing, and prints on
# standard output the decoder command that runs it (shell text, absolute
# paths), for `antenna-conformance --decoder` and `cargo xtask peers`:
#
#   conformance/adapters/install.sh NAME
#
# NAME: feedparser (PyPI, pinned with hashes in requirements.txt, into a
# venv in the user's cache), ruby-rss (Debian's `ruby`, whose bundled gem
# rss is the library), xml-rss (Debian's `libxml-rss-perl`), rss-parser
# (npm, pinned in rss-parser/package-lock.json, `npm ci` into the user's
# cache), rust-rss (crates.io, pinned in rust-rss/Cargo.lock, built under
# target/adapters). Debian packages are installed with apt-get when this
# runs as root, else the script says what to install. Progress goes to
# standard error; any failure to install exits non-zero with the reason.
set -eu

adapters=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$adapters/../.." && pwd)
cache="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/antenna-conformance"
q() { printf "'%s'" "$(printf %s "$1" | sed "s/'/'\\\\''/g")"; }
say() { echo "install.sh: $*" >&2; }
fail() { say "$*"; exit 1; }

# apt_install CHECK PACKAGE...: runs CHECK (shell text); when it fails,
# installs the Debian packages and runs it again.
apt_install() {
    check=$1; shift
    sh -c "$check" >/dev/null 2>&1 && return 0
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
        || fail "missing: run 'apt-get install $*' as root (Debian packages), then again"
    say "installing the Debian packages $*"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "$@" >&2 \
        || { apt-get update -q >&2 && apt-get install -y -q "$@" >&2; } \
        || fail "apt-get install $* failed"
    sh -c "$check" >/dev/null 2>&1 || fail "installed $*, yet '$check' still fails"
}

case ${1:-} in
feedparser)
    pins=$(sha256sum "$adapters/requirements.txt" | cut -c1-16)
    venv="${ANTENNA_FEEDPARSER_VENV:-$cache/feedparser-$pins}"
    if ! "$venv/bin/python" -c 'import feedparser' 2>/dev/null; then
        say "installing feedparser from PyPI into $venv"
        rm -rf "$venv"
        python3 -m venv "$venv" >&2 || fail "python3 -m venv failed (Debian: apt-get install python3-venv)"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
            --require-hashes --only-binary :all: -r "$adapters/requirements.txt" >&2 \
            || fail "pip install -r requirements.txt failed"
    fi
    echo "$(q "$venv/bin/python") $(q "$adapters/feedparser_decoder.py")"
    ;;
ruby-rss)
    apt_install 'ruby -e "require %q(rss); require %q(json)"' ruby
    echo "ruby $(q "$adapters/ruby_rss_decoder.rb")"
    ;;
xml-rss)
    apt_install 'perl -MXML::RSS -MJSON::PP -e 1' libxml-rss-perl
    echo "perl $(q "$adapters/xml_rss_decoder.pl")"
    ;;
rss-parser)
    apt_install 'command -v node && command -v npm' nodejs npm
    pins=$(cat "$adapters/rss-parser/package.json" "$adapters/rss-parser/package-lock.json" | sha256sum | cut -c1-16)
    dir="$cache/rss-parser-$pins"
    if [ ! -f "$dir/node_modules/rss-parser/package.json" ]; then
        say "installing rss-parser from npm into $dir"
        rm -rf "$dir"; mkdir -p "$dir"
        cp "$adapters/rss-parser/package.json" "$adapters/rss-parser/package-lock.json" "$dir/"
        (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) \
            || fail "npm ci (rss-parser/package-lock.json) failed"
    fi
    echo "ANTENNA_RSS_PARSER_DIR=$(q "$dir") node $(q "$adapters/rss-parser/decoder.js")"
    ;;
rust-rss)
    target="${CARGO_TARGET_DIR:-$root/target}"
    case $target in /*) ;; *) target="$root/$target" ;; esac
    target="$target/adapters"
    say "building the rust-rss adapter (crates.io rss, rust-rss/Cargo.lock) in $target"
    cargo build --locked --quiet --manifest-path "$adapters/rust-rss/Cargo.toml" \
        --target-dir "$target" >&2 || fail "cargo build of rust-rss/ failed"
    echo "$(q "$target/debug/rss-decoder")"
    ;;
*)
    fail "usage: install.sh feedparser|ruby-rss|xml-rss|rss-parser|rust-rss"
    ;;
esac
