#!/usr/bin/env bash
# Builds the Pango peer of typeset-bench (Benchmarks/pango-peer/pango-peer.c) into Benchmarks/.build/pango-peer.
# Needs libpango1.0-dev (Benchmarks/setup.sh installs it) and libhyphen-dev (./setup.sh). Not part of the Swift package.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/.build"
if ! pkg-config --exists pangocairo; then
    echo "build-peer.sh: pangocairo not found (run Benchmarks/setup.sh); typeset-bench will run without Pango ratios" >&2
    exit 1
fi
# shellcheck disable=SC2046  # pkg-config's output is meant to be split into words
cc -O2 -g -Wall -Wextra -o "$here/.build/pango-peer" "$here/pango-peer/pango-peer.c" $(pkg-config --cflags --libs pangocairo) -lhyphen -lm
echo "build-peer.sh: built $here/.build/pango-peer (pango $(pkg-config --modversion pango))"
