#!/usr/bin/env python3
"""Rebuild Fonts/NotoSerifCJKtc-Regular-Subset.otf, the bundled CJK fallback face.

Source: face index 3 ("Noto Serif CJK TC", Regular) of
    /usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc
from the Debian 12 (bookworm) package fonts-noto-cjk, version 1:20220127+repack1-1
(check with `dpkg -s fonts-noto-cjk | grep Version`). The font itself reports
"Version 2.001;hotconv 1.1.0;makeotfexe 2.6.0".

Tool: fontTools' pyftsubset. The committed file was made with fonttools 4.68.0
(`pip install fonttools==4.68.0`); CI never runs this script, only developers who
want to change the coverage do.

Coverage (Unicode code points kept):
  * every character of /work/shared/corpus/cao-xueqin-hong-lou-meng.zh-hant.txt
    (override with --corpus PATH; the path is outside this repository);
  * Big5 level 1: every byte pair 0xA440..0xC67E that Python's "big5" codec decodes;
  * GB2312 level 1: every byte pair 0xB0A1..0xD7FE that Python's "gb2312" codec decodes;
  * ASCII U+0000..U+007F, CJK Symbols and Punctuation U+3000..U+303F,
    Hiragana U+3040..U+309F, Katakana U+30A0..U+30FF,
    Halfwidth and Fullwidth Forms U+FF00..U+FFEF.
Options: all OpenType layout features kept, the whole name table kept, hinting dropped,
head.modified not recalculated (so the output is byte-for-byte reproducible).

Usage: python3 Fonts/make-cjk-subset.py [--corpus PATH] [--ttc PATH] [--out PATH]
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TTC = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"
DEFAULT_CORPUS = "/work/shared/corpus/cao-xueqin-hong-lou-meng.zh-hant.txt"
DEFAULT_OUT = os.path.join(HERE, "NotoSerifCJKtc-Regular-Subset.otf")
FAMILY = "Noto Serif CJK TC"

RANGES = [
    (0x0000, 0x007F),  # ASCII
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]


def decode_pairs(codec, first, last):
    """Characters of every two-byte code in first..last that `codec` decodes to one character."""
    chars = set()
    for code in range(first, last + 1):
        try:
            s = bytes((code >> 8, code & 0xFF)).decode(codec)
        except UnicodeDecodeError:
            continue
        if len(s) == 1:
            chars.add(ord(s))
    return chars


def face_index(ttc, family):
    from fontTools.ttLib import TTCollection
    coll = TTCollection(ttc, lazy=True)
    for i, font in enumerate(coll.fonts):
        if font["name"].getDebugName(1) == family:
            return i
    sys.exit(f"no face with family {family!r} in {ttc}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--ttc", default=DEFAULT_TTC)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()

    with open(args.corpus, encoding="utf-8") as f:
        corpus = {ord(c) for c in f.read()}
    big5 = decode_pairs("big5", 0xA440, 0xC67E)
    gb2312 = decode_pairs("gb2312", 0xB0A1, 0xD7FE)
    ranges = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    wanted = corpus | big5 | gb2312 | ranges
    print(f"corpus {len(corpus)}, big5 level 1 {len(big5)}, gb2312 level 1 {len(gb2312)}, "
          f"ranges {len(ranges)}; union {len(wanted)} code points")

    index = face_index(args.ttc, FAMILY)
    print(f"{FAMILY!r} is face {index} of {args.ttc}")

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as uf:
        uf.write("\n".join(f"U+{cp:04X}" for cp in sorted(wanted)) + "\n")
        unicodes_file = uf.name
    try:
        subprocess.run([
            sys.executable, "-m", "fontTools.subset", args.ttc,
            f"--font-number={index}",
            f"--unicodes-file={unicodes_file}",
            "--layout-features=*",
            "--name-IDs=*", "--name-languages=*", "--name-legacy",
            "--no-hinting",
            "--notdef-outline",
            "--no-recalc-timestamp",
            f"--output-file={args.out}",
        ], check=True)
    finally:
        os.unlink(unicodes_file)

    with open(args.out, "rb") as f:
        data = f.read()
    print(f"wrote {args.out}: {len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main()
