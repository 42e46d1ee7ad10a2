#!/usr/bin/env bash
# Builds the Pango workload's inputs exactly as ../shared/docs/peers-and-performance.md §4.1 does, into DIR
# (default Benchmarks/.data, ignored by git): gpl3-paras.txt (GPL-3 from base-files, one paragraph per line),
# corpus.txt (it, 30 times; sha256 cd196dd9…), page.txt (its first 1,270 bytes, about one 400×800 pt page).
set -euo pipefail
dir=${1:-$(cd "$(dirname "$0")" && pwd)/.data}
mkdir -p "$dir"
cd "$dir"
GPL3=$(dpkg -L base-files | grep '/common-licenses/GPL-3$')
awk 'BEGIN{RS="";ORS="\n"} {gsub(/[ \t]*\n[ \t]*/," "); print}' "$GPL3" > gpl3-paras.txt
for i in $(seq 30); do cat gpl3-paras.txt; done > corpus.txt
head -c 1270 corpus.txt > page.txt
sum=$(sha256sum corpus.txt | cut -d' ' -f1)
if [ "$sum" != cd196dd996c3e06cfb5431af19f64d2e1cdf1a304099f4fdc6fd601f70759fff ]; then
    echo "make-corpus.sh: corpus.txt sha256 $sum differs from peers §4.1" >&2
    exit 1
fi
echo "make-corpus.sh: $dir/corpus.txt ($(wc -c < corpus.txt) bytes, sha256 ok)"
