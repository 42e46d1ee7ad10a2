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
  * the whole CJK Unified Ideographs block U+4E00..U+9FFF and CJK Compatibility Ideographs
    U+F900..U+FAFF, so that no character of that block is ever drawn as an empty box;
  * ASCII, General Punctuation, the CJK radicals, CJK Symbols and Punctuation, Hiragana,
    Katakana (and its phonetic extensions), Bopomofo, CJK Strokes, Enclosed CJK Letters
    and Months, CJK Compatibility, Vertical Forms, CJK Compatibility Forms, Small Form
    Variants, Halfwidth and Fullwidth Forms (see RANGES: every code point the face maps).
Options: all OpenType layout features kept, the whole name table kept, hinting dropped,
head.modified not recalculated (so the output is byte-for-byte reproducible).

Second output, Fonts/BabelStoneHan-Subset.ttf: what Noto Serif CJK TC 2.001 lacks of those ranges
(U+9FEB..U+9FFF, the newest ideographs of the block, the CJK Compatibility Ideographs U+FA70..U+FAD9
and a few punctuation marks), taken from BabelStone Han, /usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf
of the Debian 12 package fonts-babelstone-han 15.0.5-2 (Arphic Public License, see BabelStoneHan-APL.txt);
skipped with --no-babelstone.

Usage: python3 Fonts/make-cjk-subset.py [--corpus PATH] [--ttc PATH] [--out PATH] [--no-babelstone]
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
BABELSTONE = "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf"
BABELSTONE_OUT = os.path.join(HERE, "BabelStoneHan-Subset.ttf")
FAMILY = "Noto Serif CJK TC"

RANGES = [
    (0x0000, 0x007F),  # ASCII
    (0x2000, 0x206F),  # General Punctuation (quotation marks, dashes, ellipsis of CJK text)
    (0x2E80, 0x2EFF),  # CJK Radicals Supplement
    (0x2F00, 0x2FDF),  # Kangxi Radicals
    (0x2FF0, 0x2FFF),  # Ideographic Description Characters
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x31C0, 0x31EF),  # CJK Strokes
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0x3200, 0x32FF),  # Enclosed CJK Letters and Months
    (0x3300, 0x33FF),  # CJK Compatibility
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs (the whole block)
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0xFE10, 0xFE1F),  # Vertical Forms
    (0xFE30, 0xFE4F),  # CJK Compatibility Forms
    (0xFE50, 0xFE6F),  # Small Form Variants
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
    ap.add_argument("--no-babelstone", action="store_true")
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

    subset(args.ttc, index, wanted, args.out)
    if args.no_babelstone:
        return

    # What the Noto face lacks of the ranges, from BabelStone Han: assigned characters that draw something.
    import unicodedata
    from fontTools.ttLib import TTFont
    noto = TTFont(args.out).getBestCmap()
    babelstone = TTFont(BABELSTONE, lazy=True).getBestCmap()
    lacking = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)
               if cp not in noto and unicodedata.name(chr(cp), None)
               and unicodedata.category(chr(cp)) not in ("Cc", "Cf", "Zs", "Mn")}
    taken = {cp for cp in lacking if cp in babelstone}
    print(f"Noto lacks {len(lacking)} code points of the ranges; BabelStone Han has {len(taken)}: "
          f"still missing {', '.join(f'U+{cp:04X}' for cp in sorted(lacking - taken)) or 'none'}")
    subset(BABELSTONE, 0, taken, BABELSTONE_OUT)


def subset(font, index, codepoints, out):
    """Subsets face `index` of `font` to `codepoints`, reproducibly, and prints the result's size and hash."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as uf:
        uf.write("\n".join(f"U+{cp:04X}" for cp in sorted(codepoints)) + "\n")
        unicodes_file = uf.name
    try:
        subprocess.run([
            sys.executable, "-m", "fontTools.subset", font,
            f"--font-number={index}",
            f"--unicodes-file={unicodes_file}",
            "--layout-features=*",
            "--name-IDs=*", "--name-languages=*", "--name-legacy",
            "--no-hinting",
            "--notdef-outline",
            "--no-recalc-timestamp",
            f"--output-file={out}",
        ], check=True)
    finally:
        os.unlink(unicodes_file)

    with open(out, "rb") as f:
        data = f.read()
    print(f"wrote {out}: {len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main()
