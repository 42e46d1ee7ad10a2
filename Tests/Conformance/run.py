#!/usr/bin/env python3
"""Typeset's implementation report for the W3C EPUB 3 reading-system tests (w3c/epub-tests).

    Tests/Conformance/run.py [TESTS_DIR] [--typeset PATH] [--work DIR] [--only SUBSTRING ...] [--no-write]

TESTS_DIR is the suite's `tests` folder (or $TYPESET_EPUB_TESTS). Each test folder is zipped as the suite's
generateEpubs.sh does (mimetype first and stored, then the rest deflated), except the two OCF tests whose archive
is the point of the test (a non-Deflate compression, a split archive), which are built as they describe. The
release `typeset` (`swift build -c release` first; found with `swift build -c release --show-bin-path`) reads
each book: `info --json`, the readable text (query's utterances), the layout (`--json`) and the pages (PNG, in a
white-on-blue theme so that pixels that are neither page nor text are an image's). A verdict per test comes from a
check of those outputs where the test's statement is checkable, from `observed.json` (what a person saw on the
pages) otherwise, and is "n/a" for what a reflowable text engine does not do (fixed layout, media overlays, audio
and video, scripting). Writes typeset.json (the W3C report format) and REPORT.md beside this script.

Python 3 standard library only.
"""

import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import zipfile
import zlib
from datetime import datetime, timezone
from xml.etree import ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
THEME = "ffffff:0000ff"          # page white, text pure blue: text pixels keep blue at 255
OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"

# Out of scope for a reflowable text engine: a prefix (or id) and the reason.
NOT_APPLICABLE = [
    ("fxl-", "fixed layout (pre-paginated) is out of Typeset's scope: it lays out reflowable text"),
    ("lay-fxl-", "fixed layout (pre-paginated) is out of Typeset's scope: it lays out reflowable text"),
    ("lay-pp-", "pre-paginated layout is out of Typeset's scope: it lays out reflowable text"),
    ("lay-rendition-flow-pre-pag", "pre-paginated layout is out of Typeset's scope"),
    ("lay-viewport-meta-prop", "viewport metadata applies to pre-paginated documents, out of Typeset's scope"),
    ("pub-data-urls_top-level-content", "the test's page is fixed layout, out of Typeset's scope"),
    ("pkg-spine-progression-pre-paginated", "pre-paginated layout is out of Typeset's scope"),
    ("lay-page-layout-both", "the book is pre-paginated with one reflowable item: mixing layouts needs fixed layout, out of Typeset's scope"),
    ("mol-", "media overlays (synchronised audio) are out of Typeset's scope"),
    ("pub-cmt-mp3", "audio playback is out of Typeset's scope"),
    ("pub-cmt-mp4", "audio and video playback are out of Typeset's scope"),
    ("pub-cmt-opus", "audio playback is out of Typeset's scope"),
    ("scr-", "scripting is out of Typeset's scope (it runs no JavaScript)"),
    ("ocf-url_origin", "needs scripting to show the origin; Typeset runs no JavaScript"),
    ("ocf-url_parse-", "the URL is parsed by a script; Typeset runs no JavaScript"),
    ("sec-untrusted-consent_scripting", "about consent to run scripts; Typeset runs no JavaScript"),
]


# Whose work a failing test waits on, where it is not the EPUB package handling's: (prefix or id, area).
AREAS = [
    ("cnt-svg", "images and SVG (issue 17)"), ("pub-cmt-", "images and SVG (issue 17)"), ("lay-roll-", "images and SVG (issue 17)"),
    ("ocf-url_link-", "images and SVG (issue 17)"), ("pkg-spine-order-svg", "images and SVG (issue 17)"),
    ("pub-data-urls", "images and SVG (issue 17)"), ("pub-foreign_image", "images and SVG (issue 17)"),
    ("pss-", "links and notes (issue 17)"), ("pub-external-links", "links and notes (issue 17)"),
    ("pkg-spine-nonlinear-activation", "links and notes (issue 17)"),
    ("cnt-css-fonts", "embedded fonts (issue 18)"), ("ocf-font_obfuscation", "embedded fonts (issue 18)"),
    ("css-epub-hyphens", "CSS (issue 18)"), ("css-epub-text-align-last", "CSS (issue 18)"),
    ("css-epub-word-break", "CSS (issue 18)"), ("css-epub-text-transform", "CSS (issue 18)"),
    ("css-epub-text-underline-position", "CSS and vertical text (issues 18, 20)"),
    ("css-epub-line-break", "CJK line breaking (issue 20)"), ("css-epub-text-combine", "vertical text (issue 20)"),
    ("css-epub-text-emphasis", "emphasis marks (issue 20)"), ("css-epub-text-orientation", "vertical text (issue 20)"),
    ("css-epub-writing-mode", "vertical text (issue 20)"), ("cnt-mathml", "MathML layout (no issue yet)"),
]


def area(test_id):
    for prefix, name in AREAS:
        if test_id.startswith(prefix):
            return name
    return "EPUB package handling (issue 25)"


def not_applicable(test_id):
    for prefix, reason in NOT_APPLICABLE:
        if test_id.startswith(prefix):
            return reason
    return None


# ---------------------------------------------------------------------------------------------------------------
# Packing


def absent_manifest_files(test_dir):
    """Manifest hrefs whose file is absent from this checkout of the suite (large media kept out of a shallow
    copy): packed as small stand-ins so that the test still says what it tests."""
    absent = []
    container = ElementTree.parse(os.path.join(test_dir, "META-INF", "container.xml")).getroot()
    rootfile = next(e for e in container.iter() if e.tag.endswith("rootfile")).get("full-path")
    package = ElementTree.parse(os.path.join(test_dir, rootfile)).getroot()
    for item in package.iter(OPF + "item"):
        href = item.get("href", "")
        if "://" in href or href.startswith("data:"):
            continue
        # As a URL against the container root: "/" starts at the root and ".." stops there.
        parts = [] if href.startswith("/") else os.path.dirname(rootfile).split("/")
        for part in href.split("#")[0].split("/"):
            if part == "..":
                parts = parts[:-1]
            elif part not in ("", "."):
                parts.append(part)
        rel = "/".join(p for p in parts if p)
        if rel and not os.path.exists(os.path.join(test_dir, rel)):
            absent.append(rel)
    return absent


def pack(test_dir, out_path):
    """Zips a test folder as generateEpubs.sh does: mimetype first and stored, the rest deflated."""
    names = []
    for root, dirs, files in os.walk(test_dir):
        dirs.sort()
        for name in sorted(files):
            if name == ".DS_Store":
                continue
            rel = os.path.relpath(os.path.join(root, name), test_dir).replace(os.sep, "/")
            if rel != "mimetype":
                names.append(rel)
    with zipfile.ZipFile(out_path, "w") as archive:
        if os.path.exists(os.path.join(test_dir, "mimetype")):
            archive.write(os.path.join(test_dir, "mimetype"), "mimetype", compress_type=zipfile.ZIP_STORED)
        method = zipfile.ZIP_BZIP2 if os.path.basename(test_dir) == "ocf-zip-comp" else zipfile.ZIP_DEFLATED
        for rel in names:
            archive.write(os.path.join(test_dir, rel), rel, compress_type=method)
        for rel in absent_manifest_files(test_dir):
            archive.writestr(rel, b"stand-in for a file absent from this checkout of the suite\n")


def pack_split(test_dir, out_path, segment=65536):
    """A split (spanned) archive as `zip -s 64k` makes it: the segments .z01, ... and the last one at out_path.

    Local headers and the central directory carry the disk they start on; the end record says the archive has
    several disks. Only the last segment is handed to the reader, as a user opening the .epub would."""
    stream = bytearray(b"PK\x07\x08")      # the spanning signature opens the first segment
    central = bytearray()
    entries = 0
    files = []
    for root, dirs, names in os.walk(test_dir):
        dirs.sort()
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(root, name), test_dir).replace(os.sep, "/")
            files.append(rel)
    files.sort(key=lambda rel: (rel != "mimetype", rel))
    for rel in files:
        with open(os.path.join(test_dir, rel), "rb") as handle:
            data = handle.read()
        crc = zlib.crc32(data) & 0xFFFFFFFF
        if rel == "mimetype":
            method, body = 0, data
        else:
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            method, body = 8, compressor.compress(data) + compressor.flush()
        name = rel.encode()
        disk, offset = divmod(len(stream), segment)
        stream += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(body), len(data), len(name), 0)
        stream += name + body
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(body), len(data),
                               len(name), 0, 0, disk, 0, 0, offset)
        central += name
        entries += 1
    cd_disk, cd_offset = divmod(len(stream), segment)
    stream += central
    last_disk = len(stream) // segment
    stream += struct.pack("<IHHHHIIH", 0x06054B50, last_disk, cd_disk, 0, entries, len(central), cd_offset, 0)
    pieces = [stream[i:i + segment] for i in range(0, len(stream), segment)]
    base = out_path[:-len(".epub")]
    for number, piece in enumerate(pieces[:-1], start=1):
        with open("%s.z%02d" % (base, number), "wb") as handle:
            handle.write(piece)
    with open(out_path, "wb") as handle:
        handle.write(pieces[-1])


# ---------------------------------------------------------------------------------------------------------------
# PNG reading (8-bit and palette images, as Typeset writes them)


def read_png(path):
    """Returns (width, height, rows of (r, g, b) tuples)."""
    with open(path, "rb") as handle:
        data = handle.read()
    position, chunks, palette, header = 8, [], None, None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if interlace or (depth != 8 and colour != 3) or depth == 16:
        raise ValueError("%s: PNG layout not handled (depth %d, colour %d, interlace %d)" % (path, depth, colour, interlace))
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(b"".join(chunks))
    stride = (width * channels * depth + 7) // 8
    step = max(1, channels * depth // 8)
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 255
        previous = line
        if colour == 3:
            if depth == 8:
                indexes = line[:width]
            else:
                per = 8 // depth
                indexes = [(line[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1) for x in range(width)]
            rows.append([palette[i] for i in indexes])
        elif colour in (2, 6):
            rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        else:
            rows.append([(line[x * channels],) * 3 for x in range(width)])
    return width, height, rows


def image_pixel_count(path):
    """Pixels that are neither the page nor text: text in the test theme is a blend of white and pure blue, so
    its blue channel stays at 255; anything darker in blue is an image (or a rule, a box: drawn content)."""
    _, _, rows = read_png(path)
    return sum(1 for row in rows for (r, g, b) in row if b < 235 or abs(r - g) > 24)


# ---------------------------------------------------------------------------------------------------------------
# Running typeset


class Book:
    """What typeset says about one test's EPUB."""

    def __init__(self, typeset, epub, pages_dir):
        self.epub = epub
        self.typeset = typeset
        self.pages_dir = pages_dir
        self.info_rc, info_out, self.info_err = run([typeset, "info", "--json", epub])
        self.info = json.loads(info_out) if self.info_rc == 0 else None
        self.utterances = []
        self.layout = None
        self.pages = []
        if self.info is None:
            return
        rc, out, _ = run([typeset, "query", "-q", epub], stdin='{"op": "utterances", "from": 0, "count": 1000}\n')
        if rc == 0 and out.strip():
            answer = json.loads(out.split("\n")[0])
            self.utterances = answer.get("utterances", [])
        rc, out, _ = run([typeset, "--json", "-q", "--fonts", "bundled", epub])
        self.layout = json.loads(out) if rc == 0 else None
        os.makedirs(pages_dir, exist_ok=True)
        for name in os.listdir(pages_dir):
            os.remove(os.path.join(pages_dir, name))
        run([typeset, "-q", "--fonts", "bundled", "--theme", THEME, "-o", pages_dir, epub])
        self.pages = sorted(os.path.join(pages_dir, name) for name in os.listdir(pages_dir) if name.endswith(".png"))

    @property
    def opened(self):
        return self.info is not None

    @property
    def text(self):
        return "\n".join(u["text"] for u in self.utterances)

    def has(self, phrase):
        return phrase in self.text

    def spine_index(self, phrase):
        """The index of the spine item holding the phrase's first occurrence in the readable text."""
        for utterance in self.utterances:
            if phrase in utterance["text"]:
                location = utterance["range"]["location"]
                for index, item in enumerate(self.info["spine"]):
                    r = item.get("range")
                    if r and r["location"] <= location < r["location"] + r["length"]:
                        return index
        return None

    def plain_pages(self):
        """The pages drawn without the book's CSS (rendered once, on demand)."""
        if not hasattr(self, "_plain"):
            plain_dir = self.pages_dir + "-plain"
            os.makedirs(plain_dir, exist_ok=True)
            for name in os.listdir(plain_dir):
                os.remove(os.path.join(plain_dir, name))
            run([self.typeset, "-q", "--fonts", "bundled", "--theme", THEME, "--no-publisher-styles", "-o", plain_dir, self.epub])
            self._plain = sorted(os.path.join(plain_dir, name) for name in os.listdir(plain_dir) if name.endswith(".png"))
        return self._plain

    def differs_without_publisher_styles(self):
        """Whether the pages change when the book's CSS is off: for a test whose CSS only names an embedded font
        for one element, whether that font is used."""
        plain = self.plain_pages()
        if len(plain) != len(self.pages):
            return True
        return any(read_png(a)[2] != read_png(b)[2] for a, b in zip(self.pages, plain))

    def image_pixels(self):
        """Image pixels on the pages drawn without the book's CSS, where text keeps the theme's colour (CSS may
        colour text, which would pass for an image)."""
        return sum(image_pixel_count(page) for page in self.plain_pages())


def run(command, stdin=None):
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300)
    return result.returncode, result.stdout, result.stderr


# ---------------------------------------------------------------------------------------------------------------
# Checks: each returns (verdict, note); verdicts are True, False, None (untested) or "n/a".


def opens_with(phrase):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it: %s" % book.info_err.strip()
        if not book.has(phrase):
            return False, "opened, but the text lacks %r" % phrase
        return True, "opened; the text has %r" % phrase
    return check


def refuses(what):
    def check(book):
        if book.opened:
            return False, "typeset opened it (%d units of text); it should refuse %s" % (book.info["textLength"], what)
        return True, "refused with exit %d: %s" % (book.info_rc, last_line(book.info_err))
    return check


def last_line(text):
    """The last line of stderr that is not the font stand-in notice."""
    lines = [line for line in text.strip().split("\n") if line.strip() and "is not installed; using" not in line]
    return lines[-1] if lines else ""


def shows_image(book):
    if not book.opened:
        return False, "typeset could not open it: %s" % last_line(book.info_err)
    count = book.image_pixels()
    if count >= 400:
        return True, "%d image pixels drawn on %d page(s)" % (count, len(book.pages))
    return False, "no image drawn (%d non-text pixels on %d page(s))" % (count, len(book.pages))


RESULTS = {}     # verdicts so far, for checks that depend on another test's


def embedded_font(book):
    if not book.opened:
        return False, "typeset could not open it"
    if book.differs_without_publisher_styles():
        return True, "the element in the embedded font is drawn differently from the same page without the book's CSS (the font is used)"
    return False, "the page is the same with and without the book's CSS: the embedded font is not used"


def obfuscated_font_not_used(book):
    if not book.opened:
        return False, "typeset could not open it"
    if book.differs_without_publisher_styles():
        return False, "the page changes with the book's CSS: a font de-obfuscated with the wrong key was used"
    if RESULTS.get("ocf-font_obfuscation", (None,))[0] is not True:
        return False, "the font is not used, but neither is it in ocf-font_obfuscation (the right key): nothing is shown by this"
    return True, "the font obfuscated with another identifier is not used (the page equals the one without CSS), while ocf-font_obfuscation's is"


def image_colours(book):
    """The image pixels of the pages, as (r, g, b)."""
    return [(r, g, b) for page in book.pages for row in read_png(page)[2] for (r, g, b) in row if b < 235 or abs(r - g) > 24]


def solid_green_image(book):
    verdict, note = shows_image(book)
    if verdict is not True:
        return verdict, note
    pixels = image_colours(book)
    green = sum(1 for r, g, b in pixels if g > r + 40 and g > b + 40)
    if green >= 0.9 * len(pixels):
        return True, "%s, %d %% of them green: the SVG's own style, not the page's CSS" % (note, 100 * green // len(pixels))
    return False, "%s, only %d %% green" % (note, 100 * green // max(1, len(pixels)))


def patterned_image(book):
    """The drawing filled with its green star pattern: green over at least 1.5 % of the page (its outlines alone
    are under 0.3 %), in several shades (not a solid fill)."""
    verdict, note = shows_image(book)
    if verdict is not True:
        return verdict, note
    pixels = image_colours(book)
    shades = {(r // 32, g // 32, b // 32) for r, g, b in pixels}
    green = sum(1 for r, g, b in pixels if g > r + 24 and g > b + 24)
    page_pixels = sum(len(rows) * len(rows[0]) for rows in (read_png(page)[2] for page in book.pages) if rows)
    if green < 0.015 * page_pixels:
        return False, "%s, but only %d green pixels: the shapes are not filled with the pattern" % (note, green)
    if len(shades) >= 3:
        return True, "%s in %d shades, %d green (a pattern, not a solid fill); look at the page for the stars" % (note, len(shades), green)
    return False, "%s in %d shade(s): a solid fill, the CSS pattern is not applied" % (note, len(shades))


def handled_gracefully(book):
    if book.info_rc in (0, 1) and (book.opened or last_line(book.info_err).startswith("typeset:")):
        return True, ("opened; " if book.opened else "refused with one line: ") + last_line(book.info_err)
    return False, "exit %d: %s" % (book.info_rc, last_line(book.info_err))


def units_by_offset(book):
    """The book's readable text as {UTF-16 offset: that unit as a string}, from its utterances."""
    units = {}
    for u in book.utterances:
        encoded = u["text"].encode("utf-16-le")
        for i in range(len(encoded) // 2):
            units[u["range"]["location"] + i] = encoded[2 * i:2 * i + 2].decode("utf-16-le", errors="replace")
    return units


def line_break_rules(book):
    """The four blocks (-epub-line-break auto, loose, normal, strict) wrap inside the column at every width of a range
    (the breaks follow the width), and keep JLReq's line-start rules: under strict neither the iteration mark 々 nor the
    small kana ぁ starts a line, under normal 々 does not. The test's preamble asks for breaks before those
    characters and never after them, which no rule can give (木々が breaks after 々 in every mode); the blocks'
    own criteria and CSS Text's keywords are checked."""
    if not book.opened:
        return False, "typeset could not open it"
    text = units_by_offset(book)
    blocks = {}
    for name in ["auto", "loose", "normal", "strict"]:
        start = phrase_offsets(book, name + ":")
        ends = [e for e in phrase_offsets(book, "つぶやいた。") if start and e > start[0]]
        if not start or not ends:
            return False, "block %r is missing from the text" % name
        blocks[name] = (start[0], ends[0] + 6)
    forbidden = {"strict": "々ぁ", "normal": "々", "loose": "", "auto": ""}
    starts = {name: set() for name in blocks}
    widths = list(range(160, 400, 6))
    for width in widths:
        rc, out, _ = run([book.typeset, "--json", "-q", "--fonts", "bundled", "--width", str(width), book.epub])
        if rc != 0:
            return False, "typeset --json failed at width %d" % width
        layout = json.loads(out)
        right = width - layout["settings"]["margins"]["right"]
        for page in layout["pages"]:
            for line in page["lines"]:
                first = line["range"]["location"]
                for name, (low, high) in blocks.items():
                    if low < first < high:
                        if line["rect"]["x"] + line["rect"]["width"] > right + 0.5:
                            return False, "at width %d a line of the %s block runs past the column" % (width, name)
                        if text.get(first) in forbidden[name]:
                            return False, "at width %d a line of the %s block starts with %s" % (width, name, text[first])
                        starts[name].add(text.get(first))
    loose = "".join(sorted(c for c in starts["loose"] if c in "々ぁ"))
    normal = "".join(sorted(c for c in starts["normal"] if c in "々ぁ"))
    if not loose:
        return False, "every block wraps and keeps the line-start rules, but loose never lets 々 or ぁ start a line: the property is not applied"
    return True, ("at %d page widths from %d to %d pt every line of the four blocks fits its column and the breaks move with "
                  "the width; under strict no line starts with 々 or ぁ, under normal none with 々; under normal lines start "
                  "with %s and under loose with %s (the rules differ)" % (len(widths), widths[0], widths[-1], normal or "neither", loose))


def unlisted_image_unused(book):
    """The image the manifest does not list is not drawn (no red pixel on the pages) and typeset says why."""
    if not book.opened:
        return False, "typeset could not open it"
    red = sum(1 for page in book.pages for row in read_png(page)[2] for (r, g, b) in row if r > 180 and g < 90 and b < 90)
    said = next((line for line in book.info_err.split("\n") if "not in the manifest" in line), None)
    if red == 0 and said:
        return True, "no red pixel on the page (a placeholder stands where the image was); typeset says: %s" % said[said.find("image "):]
    return False, "%d red pixels drawn%s" % (red, "" if said else "; no notice about the manifest")


def spine_order(phrases):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        found = [book.spine_index(p) for p in phrases]
        if None in found:
            return False, "missing from the text: %s" % [p for p, i in zip(phrases, found) if i is None]
        if found == sorted(found) and len(set(found)) == len(found):
            return True, "the items come in spine order (spine items %s)" % found
        return False, "out of order: spine items %s" % found
    return check


def progression(expected):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        order = spine_order(["appear first", "appear second", "appear third", "appear last"])(book)
        if order[0] is not True:
            return order
        declared, value = book.info.get("pageProgression"), book.info.get("readingProgression")
        if value == expected:
            return True, "pages turn %s (readingProgression; the spine says %s); %s" % (value, declared, order[1])
        return False, "readingProgression %s (the spine says %s), expected %s" % (value, declared, expected)
    return check


def info_field(key, expected, describe):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        value = book.info.get(key)
        if value == expected:
            return True, "%s: %s" % (describe, json.dumps(value, ensure_ascii=False))
        return False, "%s: %s, expected %s" % (describe, json.dumps(value, ensure_ascii=False), json.dumps(expected, ensure_ascii=False))
    return check


def toc_titles(expected, note=""):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        titles = flatten_toc(book.info.get("toc", []))
        if [t for t, _ in titles] == expected and all(offset is not None for _, offset in titles):
            return True, "table of contents %s, each resolved to an offset%s" % (expected, note)
        return False, "table of contents %s, expected %s" % (titles, expected)
    return check


def flatten_toc(entries):
    out = []
    for entry in entries:
        out.append((entry["title"], entry.get("offset")))
        out.extend(flatten_toc(entry.get("children", [])))
    return out


def all_of(*checks):
    def check(book):
        notes = []
        for one in checks:
            verdict, note = one(book)
            notes.append(note)
            if verdict is not True:
                return verdict, "; ".join(notes)
        return True, "; ".join(notes)
    return check


def hidden_in_spine(hidden_phrase):
    def check(book):
        if book.has(hidden_phrase):
            return False, "the nav in the spine shows %r" % hidden_phrase
        if re.search(r"(^|\n)\d+\.", book.text):
            return False, "the nav in the spine shows list numbers"
        return True, "the nav in the spine leaves out %r" % hidden_phrase
    return check


def no_list_numbers(book):
    if not book.opened:
        return False, "typeset could not open it"
    numbers = [u["text"] for u in book.utterances if re.match(r"^\s*([0-9]+|[α-ω]+)[.)]", u["text"])]
    if numbers:
        return False, "the nav in the spine shows list numbers: %s" % numbers
    return True, "the nav in the spine is drawn without list numbers"


def left_aligned(book):
    """Every line starts at the left margin or a list's indent from it, none is pushed to the right edge."""
    if not book.layout:
        return False, "no layout"
    margin = book.layout["settings"]["margins"]["left"]
    right = book.layout["pageSize"]["width"] - book.layout["settings"]["margins"]["right"]
    lines = [line["rect"] for page in book.layout["pages"] for line in page["lines"]]
    starts = sorted({round(r["x"]) for r in lines})
    flush_right = [r for r in lines if r["x"] - margin > 60 and abs(r["x"] + r["width"] - right) < 2]
    if all(x - margin <= 60 for x in starts) and not flush_right:
        return True, "lines start at x = %s (left margin %s; list items indented), none flush right" % (starts, margin)
    return False, "lines start at x = %s; %d flush right" % (starts, len(flush_right))


def metadata_direction(key, expected, text_key, text):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        value, shown = book.info.get(key), book.info.get(text_key)
        shown = shown[0] if isinstance(shown, list) and shown else shown
        if value == expected and shown == text:
            return True, "%s %s, %s (an app draws it with this base direction)" % (text_key, json.dumps(shown, ensure_ascii=False), key + " " + str(value))
        return False, "%s %s, %s %s; expected %s" % (text_key, json.dumps(shown, ensure_ascii=False), key, value, expected)
    return check


def quotes_not_from_package(book):
    """The test passes if the <q> is not drawn between « and » (the package says 'fr', the content nothing): Typeset
    draws <q>'s marks by the content's own language, and keeps the package's language for hyphenation, search and
    speech where the content says nothing (most books give their language only in the package)."""
    if not book.opened:
        return False, "typeset could not open it"
    languages = sorted({u.get("language") or "none" for u in book.utterances})
    quoted = next((u["text"] for u in book.utterances if "Le mieux" in u["text"]), "")
    if quoted.startswith("\u201c") and quoted.endswith("\u201d") and "\u00ab" not in quoted:
        return True, ("the quotation is drawn %s: <q> takes its marks from the content's language (none given, so “ ”), not "
                      "the package's 'fr'; hyphenation, search and speech still use the package's language where the "
                      "content says none (languages %s)" % (quoted, languages))
    return False, "the quotation is drawn %r (languages %s)" % (quoted, languages)


def reports_error(book):
    if book.opened and ("not well-formed" in book.info_err or "not namespace-well-formed" in book.info_err):
        return True, "reported: %s" % last_line(book.info_err.replace("typeset: font", "\ntypeset: font").split("\n")[0])
    if not book.opened:
        return True, "refused: %s" % last_line(book.info_err)
    return False, "opened without reporting an error"


def paginated(book):
    if not book.layout:
        return False, "no layout"
    pages = book.layout["pageCount"]
    items = len(book.info["spine"])
    if book.layout["settings"]["mode"] == "paged" and pages > items:
        return True, "paginated: %d pages for %d spine items" % (pages, items)
    return False, "mode %s, %d pages" % (book.layout["settings"]["mode"], pages)


def flow(expected_flow, expected_mode):
    """The book's rendition:flow is read, and a run without --scroll or --paged presents the book that way."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        value = book.info.get("flow")
        mode = book.layout["settings"]["mode"] if book.layout else None
        if value != expected_flow:
            return False, "info: flow %s, expected %s" % (value, expected_flow)
        if mode != expected_mode:
            return False, "info: flow %s, but the layout's mode is the reader's setting (%s), not the book's" % (value, mode)
        return True, "info: flow %s; laid out in %s mode" % (value, mode)
    return check


def one_continuous_scroll(book):
    pages = book.layout["pageCount"]
    if pages == 1:
        return True, "the whole book is one continuous scroll (1 page, %d lines)" % len(book.layout["pages"][0]["lines"])
    return False, "%d pages in scroll mode" % pages


def scroll_per_document(book):
    """In a reading session (typeset query), each spine item scrolls on its own and the next page is the next item."""
    requests = "".join('{"op": "%s"}\n' % op for op in ["currentPage", "nextPage", "nextPage"])
    rc, out, err = run([book.typeset, "query", "-q", "--fonts", "bundled", book.epub], stdin=requests)
    answers = [json.loads(line) for line in out.split("\n") if line.strip()]
    sections = [a.get("section") for a in answers]
    if rc == 0 and sections == [0, 1, 2] and all("scrollOffset" in a for a in answers):
        return True, "typeset query scrolls one spine item at a time: sections %s, each with a scrollOffset" % sections
    return False, "typeset query: sections %s (exit %d)" % (sections, rc)


def duplicates_rendered(book):
    if not book.opened:
        return False, "typeset could not open it"
    spine = book.info["spine"]
    count = book.text.count("This document occurs three times in the spine.")
    if len(spine) == 4 and count == 3 and all(item.get("range") for item in spine):
        return True, "four spine items laid out, the duplicated one three times, each its own range"
    return False, "%d spine items, the duplicated text %d times" % (len(spine), count)


def duplicates_distinct(book):
    if not book.opened:
        return False, "typeset could not open it"
    ranges = [(item["href"], item["range"]["location"]) for item in book.info["spine"] if item.get("range")]
    dupes = [r for r in ranges if r[0].endswith("content_002.xhtml")]
    if len(dupes) == 3 and len({loc for _, loc in dupes}) == 3 and book.info.get("positions", 0) >= 4:
        return True, "the three copies are three sections with their own offsets (%s) and positions, so each can be bookmarked" % [loc for _, loc in dupes]
    return False, "copies %s" % dupes


def link_to_first_duplicate(book):
    if not book.opened:
        return False, "typeset could not open it"
    spine = book.info["spine"]
    toc = dict(flatten_toc(book.info.get("toc", [])))
    target = toc.get("Link to second page")
    first_copy = next((item["range"]["location"] for item in spine if item["href"].endswith("content_002.xhtml")), None)
    if target is not None and target == first_copy:
        return True, "content_002.xhtml resolves to the first of its three copies (offset %d)" % target
    return False, "content_002.xhtml resolves to %s, the first copy starts at %s" % (target, first_copy)


def nonlinear_reachable(book):
    if not book.opened:
        return False, "typeset could not open it"
    item = next((s for s in book.info["spine"] if not s.get("linear", True)), None)
    if item is None:
        return False, "no non-linear item in the spine"
    if item.get("range") is None:
        return False, "the non-linear item %s is not in the text, so the link to it leads nowhere" % item["href"]
    if not book.has("following the link opens this page"):
        return False, "the non-linear item's text is missing"
    found = phrase_offsets(book, "this link")
    link, page = link_under(book, found[0]) if found else (None, None)
    target = ((link or {}).get("target") or {}).get("offset")
    if target != item["range"]["location"]:
        return False, "the non-linear item is in the text at %d, but the link leads to %s" % (item["range"]["location"], target)
    return True, ("the non-linear item %s is in the text at %d, after the reading order (spine items in text order: linear "
                  "first); linkAt on 'this link' answers a target at that offset" % (item["href"], target))


def phrase_offsets(book, phrase):
    """The UTF-16 offsets of each occurrence of `phrase` in the readable text, in order."""
    offsets = []
    for u in book.utterances:
        text, start = u["text"], 0
        while True:
            index = text.find(phrase, start)
            if index < 0:
                break
            offsets.append(u["range"]["location"] + len(text[:index].encode("utf-16-le")) // 2)
            start = index + 1
    return offsets


def link_under(book, offset):
    """What an app gets when the reader taps the character at `offset`: typeset query's linkAt at the middle of that
    character's caret box (found with caretRect), on its page."""
    rc, out, _ = run([book.typeset, "query", "-q", "--fonts", "bundled", book.epub],
                     stdin='{"op": "caretRect", "offset": %d, "affinity": "forward"}\n' % (offset + 1))
    if rc != 0 or not out.strip():
        return None, None
    caret = json.loads(out.split("\n")[0])
    if "rect" not in caret:
        return None, None
    rect = caret["rect"]
    point = {"x": rect["x"] - 2, "y": rect["y"] + rect["height"] / 2}
    rc, out, _ = run([book.typeset, "query", "-q", "--fonts", "bundled", book.epub],
                     stdin=json.dumps({"op": "linkAt", "page": caret["page"], "point": point}) + "\n")
    if rc != 0 or not out.strip():
        return None, caret["page"]
    return json.loads(out.split("\n")[0]).get("link"), caret["page"]


def external_link(phrase, scheme):
    """Tapping the link text gives the app a hit-tested link to a `scheme` URL with no target in the book: the app
    opens it, asking the reader first (Typeset opens nothing itself)."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        found = phrase_offsets(book, phrase)
        if not found:
            return False, "the text lacks %r" % phrase
        link, page = link_under(book, found[0])
        if link and link["href"].startswith(scheme) and link["target"] is None:
            return True, ("typeset query's linkAt on %r (page %d) answers the external link %s (range %s, no target in the book): "
                          "the app opens it after asking the reader; Typeset opens nothing itself" % (phrase, page, link["href"], link["range"]))
        return False, "linkAt on %r answers %s" % (phrase, json.dumps(link))
    return check


def footnote_apart(book):
    """The noteref's link answers its footnote (for a pop-up), and the footnote is not in the running text."""
    if not book.opened:
        return False, "typeset could not open it"
    found = phrase_offsets(book, "this link")
    if not found:
        return False, "the text lacks 'this link'"
    link, page = link_under(book, found[0])
    note = (link or {}).get("note")
    if not (link and link["isNoteReference"] and note and "meant to appear as a footnote" in note["text"]):
        return False, "linkAt on 'this link' answers %s" % json.dumps(link)
    if book.has("This text is meant to appear as a footnote"):
        return False, "the note reference answers its footnote, but the footnote is also in the running text"
    return True, ("linkAt on the noteref (page %d) answers the %s %r (range %s) for the app's pop-up; the aside is hidden from the "
                  "running text (not among the utterances)" % (page, note["kind"], note["text"], note["range"]))


def title_is_no_note(book):
    """On the second document the noteref points at the `<title>`, which is no footnote: nothing to pop up."""
    verdict, note = footnote_apart(book)
    if verdict is not True:
        return verdict, note
    found = phrase_offsets(book, "this link")
    if len(found) < 2:
        return False, "%s; the second page's link is missing from the text" % note
    link, page = link_under(book, found[1])
    if link and link.get("note"):
        return False, "%s; but the second page's link pops up %r" % (note, link["note"]["text"])
    return True, "%s; the second page's noteref (page %d) answers %s: no footnote, the title is not one" % (
        note, page, "no link" if link is None else "a link with no note")


def line_of(book, offset):
    """The layout's line (its rect) holding `offset`."""
    for page in book.layout["pages"]:
        for line in page["lines"]:
            r = line["range"]
            if r["location"] <= offset < r["location"] + r["length"]:
                return line
    return None


def last_line_alignment(book):
    """Each block's last line sits where its -epub-text-align-last says: blocks 1-4 at the left edge (3 is
    right-to-left, whose end is the left), 5 at the right, 6 centred, 7 stretched to both edges. The blocks are set in
    by 1 em on both sides, so their right edge mirrors their left."""
    if not book.layout:
        return False, "no layout"
    endings = ["conversations?", "ran close by her.", "hurried on,", "get out again.", "a very deep well.", "upon pegs.", "fell past it."]
    width = book.layout["pageSize"]["width"]
    margins = book.layout["settings"]["margins"]
    seen = []
    for number, phrase in enumerate(endings, start=1):
        found = phrase_offsets(book, phrase)
        line = line_of(book, found[0] + len(phrase) - 1) if found else None
        if line is None:
            return False, "block %d's last line (%r) not found" % (number, phrase)
        r = line["rect"]
        em = book.layout["settings"]["size"]
        block_left, block_right = margins["left"] + em, width - margins["right"] - em
        start, end = r["x"] - block_left, block_right - (r["x"] + r["width"])
        expected = {5: "right", 6: "center", 7: "justify"}.get(number, "left")
        ok = {"left": abs(start) < 1 and end > 5, "right": abs(end) < 1.5 and start > 5,
              "center": abs(start - end) < 1.5 and start > 5, "justify": abs(start) < 1 and abs(end) < 1.5}[expected]
        seen.append("%d %s (%.0f from the left, %.0f from the right)" % (number, expected, start, end))
        if not ok:
            return False, "block %d's last line is %.1f pt from the block's left and %.1f from its right; expected %s" % (number, start, end, expected)
    return True, "each block's last line as asked: " + "; ".join(seen)


def word_break_rules(book):
    """Blocks 1 (normal) and 2 (keep-all) wrap between words only; block 3 (break-all) breaks inside words."""
    if not book.layout:
        return False, "no layout"
    units = units_by_offset(book)
    def mid_word_breaks(first, last):
        start, end = phrase_offsets(book, first), phrase_offsets(book, last)
        if not start or not end:
            return None
        count = 0
        for page in book.layout["pages"]:
            for line in page["lines"]:
                e = line["range"]["location"] + line["range"]["length"]
                if start[0] < e < end[0] and units.get(e - 1, " ").isalnum() and units.get(e, " ").isalnum():
                    count += 1
        return count
    normal = mid_word_breaks("The family of Dashwood", "surrounding acquaintance.")
    keep = mid_word_breaks("The late owner", "to bequeath it.")
    everything = mid_word_breaks("In the society of his nephew", "relish to his existence.")
    if None in (normal, keep, everything):
        return False, "a block's text is missing"
    if normal == 0 and keep == 0 and everything >= 3:
        return True, "blocks 1 (normal) and 2 (keep-all) break only between words; block 3 (break-all) breaks inside %d words, its lines nearly full" % everything
    return False, "lines ending inside a word: normal %d, keep-all %d, break-all %d" % (normal, keep, everything)


def only_metainf_spine(book):
    if not book.opened:
        return False, "typeset could not open it"
    hrefs = [item["href"] for item in book.info["spine"]]
    if hrefs == ["EPUB/content_001.xhtml"] and book.has("only this page of the book"):
        return True, "only EPUB/content_001.xhtml is read; META-INF/manifest.xml is ignored"
    return False, "spine %s" % hrefs


def nav_access(count):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        titles = flatten_toc(book.info.get("toc", []))
        if len(titles) == count and all(offset is not None for _, offset in titles):
            return True, "typeset info lists the nav's %d link(s) %s, each resolved to an offset" % (count, [t for t, _ in titles])
        return False, "table of contents %s" % titles
    return check


def nav_activation(book):
    if not book.opened:
        return False, "typeset could not open it"
    toc = flatten_toc(book.info.get("toc", []))
    target = next((item["range"]["location"] for item in book.info["spine"] if item["href"].endswith("content_002.xhtml") and item.get("range")), None)
    if any(offset == target for _, offset in toc) and target is not None:
        return True, "the nav link to content_002.xhtml resolves to offset %d, where that document starts" % target
    return False, "toc %s, content_002 at %s" % (toc, target)


def stays_offline(book):
    if not book.opened:
        return False, "typeset could not open it"
    return True, "laid out from the archive alone; Typeset fetches nothing outside the book (no network, no file: URLs)"


def sharp_metadata(book):
    if not book.opened:
        return False, "typeset could not open it"
    title, authors = book.info.get("title"), book.info.get("authors")
    values = [title] + list(authors or [])
    if all(v == " ".join(v.split()) for v in values if v) and authors == ["Dave Cramer"]:
        return True, "title %r, authors %s: white space collapsed" % (title, authors)
    return False, "title %r, authors %s" % (title, authors)


CHECKS = {
    "cnt-xhtml-support": opens_with("Test passes if you see this."),
    "cnt-css-fonts_ot": embedded_font,
    "cnt-css-fonts_tt": embedded_font,
    "cnt-css-fonts_woff": embedded_font,
    "cnt-css-fonts_woff2": embedded_font,
    "ocf-font_obfuscation": embedded_font,
    "ocf-font_obfuscation-bis": obfuscated_font_not_used,
    "cnt-svg-embedded": shows_image,
    "cnt-svg-support": shows_image,
    "cnt-svg-css": patterned_image,
    "cnt-svg-css-reference": solid_green_image,
    "cnt-svg-css-inclusion": patterned_image,
    "pub-foreign_bad-fallback": handled_gracefully,
    "css-epub-line-break": line_break_rules,
    "ocf-metainf-inc": opens_with("Test passes if this page of the book can be accessed without any error."),
    "ocf-metainf-manifest": only_metainf_spine,
    "ocf-package_arbitrary": all_of(opens_with("Test passes if you see this."), lambda b: (not b.has("Test fails"), "no text of the other packages")),
    "ocf-package_multiple": all_of(opens_with("Test passes if you see this."), lambda b: (not b.has("Test fails"), "no text of the other packages")),
    "ocf-url_link-leaking-relative": shows_image,
    "ocf-url_link-path-absolute": shows_image,
    "ocf-url_link-relative": shows_image,
    "ocf-url_manifest": opens_with("Test passes if this page opens."),
    "ocf-url_relative": opens_with("Test passes if this page opens."),
    "ocf-zip-comp": refuses("an archive compressed with something other than Deflate"),
    "ocf-zip-mult": refuses("an archive split into segments"),
    "pkg-collections-unknown": opens_with("Test passes if the EPUB opens."),
    "pkg-manifest-unknown": opens_with("Test passes if the EPUB opens."),
    "pkg-meta-unknown": opens_with("Test passes if the EPUB opens."),
    "pkg-spine-unknown": opens_with("Test passes if the EPUB opens."),
    "pkg-version-backward": opens_with("Test passes if the EPUB opens."),
    "pkg-creator-order": info_field("authors", ["Dave Cramer", "Wendy Reid", "Dan Lazin", "Ivan Herman", "Brady Duga"], "authors"),
    "pkg-title-order": info_field("title", "pkg-title-order", "title"),
    "pkg-linked-records": all_of(info_field("title", "Package metadata title!", "title"), info_field("authors", ["Matthew Chan"], "authors")),
    "pkg-meta-whitespace": sharp_metadata,
    "pkg-dir-auto_root-rtl": metadata_direction("titleDirection", "ltr", "title", "CSS: مغامرة جديدة!"),
    "pkg-dir-auto_root-unset": metadata_direction("titleDirection", "ltr", "title", "CSS: הרפתקה חדשה!"),
    "pkg-dir_rtl-root-ltr": metadata_direction("titleDirection", "rtl", "title", "CSS: הרפתקה חדשה!"),
    "pkg-dir_rtl-root-unset": metadata_direction("titleDirection", "rtl", "title", "CSS: הרפתקה חדשה!"),
    "pkg-dir_unset-root-rtl": metadata_direction("titleDirection", "rtl", "title", "CSS: مغامرة جديدة!"),
    "pkg-dir_unset-root-unset": metadata_direction("titleDirection", "ltr", "title", "CSS: مغامرة جديدة!"),
    "pkg-dir_creator-rtl": metadata_direction("authorDirections", ["rtl"], "authors", "Dave Cramer"),
    "pkg-dir_but_not_content": left_aligned,
    "pkg-lang_but_not_content": quotes_not_from_package,
    "pkg-manifest-unlisted-resource": unlisted_image_unused,
    "pkg-spine-duplicate-item-hyperlink": link_to_first_duplicate,
    "pkg-spine-duplicate-item-rendering": duplicates_rendered,
    "pkg-spine-duplicate-item-ui": duplicates_distinct,
    "pkg-spine-nonlinear-activation": nonlinear_reachable,
    "css-epub-text-align-last": last_line_alignment,
    "css-epub-word-break": word_break_rules,
    "pub-external-links": external_link("External Links", "https://"),
    "pub-external-links_consent": external_link("link to the EPUB Working Group", "mailto:"),
    "pss-support": footnote_apart,
    "pss-support_ignore-title": title_is_no_note,
    "pkg-spine-order": spine_order(["must appear first", "must appear second", "must appear third", "must appear last"]),
    "pkg-spine-order-svg": shows_image,
    "pkg-spine-progression-default": progression("rtl"),
    "pkg-spine-progression_ltr": progression("ltr"),
    "pkg-spine-progression_rtl": progression("rtl"),
    "pkg-unique-id": opens_with("Test passes if the reading system displays this book"),
    "pkg-unique-id_duplicate": opens_with("Test passes if the reading system displays this book"),
    "nav-access": nav_access(1),
    "nav-activation": nav_activation,
    "nav-non-text_img": toc_titles(["Start page", "Description of the Abbey of Sénanque"]),
    "nav-non-text_img_title": toc_titles(["Start page", "Description of the Abbey of Sénanque"]),
    "nav-spine_in-spine": nav_access(2),
    "nav-spine_not-in-spine": nav_access(2),
    "nav-spine_in-spine-hidden-toc-css": all_of(nav_access(2), hidden_in_spine("The second link")),
    "nav-spine_in-spine-hidden-toc-html": all_of(nav_access(2), hidden_in_spine("The second link")),
    "nav-spine_in-spine-no-list-style": no_list_numbers,
    "pub-cmt-avif": shows_image,
    "pub-cmt-gif": shows_image,
    "pub-cmt-jpeg": shows_image,
    "pub-cmt-jxl": shows_image,
    "pub-cmt-png": shows_image,
    "pub-cmt-svg": shows_image,
    "pub-cmt-webp": shows_image,
    "pub-data-urls_browsing-context": shows_image,
    "pub-foreign_image": shows_image,
    "pub-foreign_json-spine": all_of(opens_with("Test passes if you see this text."), lambda b: (not b.has("Test fails"), "the fallback is shown")),
    "pub-foreign_xml-spine": all_of(opens_with("Test passes if you see this text."), lambda b: (not b.has("Test fails"), "the fallback is shown")),
    "pub-foreign_xml-suffix-spine": all_of(opens_with("Test passes if you see this text."), lambda b: (not b.has("Test fails"), "the fallback is shown")),
    "pub-file-urls": stays_offline,
    "sec-untrusted-consent_network": stays_offline,
    "pub-xml-external-id": all_of(opens_with("Test passes unless a failure statement follows this paragraph."), lambda b: (not b.has("The test fails"), "the external entity is not resolved")),
    "pub-xml-names": reports_error,
    "pub-xml-non-validating_unclosed": reports_error,
    "pub-xml-non-validating_comment": lambda b: (b.opened and not any(s["href"].endswith("nav.xhtml") for s in b.info["spine"]),
                                                 "spine %s" % ([s["href"] for s in b.info["spine"]] if b.opened else "-")),
    "lay-pkg-flow-paginated": all_of(flow("paginated", "paged"), paginated),
    "lay-pkg-flow-scrolled-continuous": all_of(flow("scrolled-continuous", "scroll"), one_continuous_scroll),
    "lay-pkg-flow-scrolled-doc": all_of(flow("scrolled-doc", "scroll"), scroll_per_document),
    "lay-roll-embedded-images": shows_image,
    "lay-roll-embedded-images-svg": shows_image,
    "lay-roll-images-in-spine": shows_image,
    "lay-roll-images-mixed": shows_image,
}


# ---------------------------------------------------------------------------------------------------------------
# Main


def test_metadata(test_dir):
    """dc:identifier, the description and the required level (belongs-to-collection) of a test."""
    container = ElementTree.parse(os.path.join(test_dir, "META-INF", "container.xml")).getroot()
    rootfile = next(e for e in container.iter() if e.tag.endswith("rootfile"))
    package = ElementTree.parse(os.path.join(test_dir, rootfile.get("full-path"))).getroot()
    metadata = package.find(OPF + "metadata")
    identifier = metadata.find(DC + "identifier").text.strip()
    description = " ".join((metadata.findtext(DC + "description") or "").split())
    required = "must"
    for meta in metadata.findall(OPF + "meta"):
        if meta.get("property") == "belongs-to-collection":
            required = (meta.text or "").strip().lower()
    return identifier, description, required


def typeset_commit():
    try:
        out = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--", "Sources"], capture_output=True, text=True).stdout.strip()
        return out + ("+changes" if dirty else "")
    except OSError:
        return "unknown"


def main(argv):
    args = argv[1:]
    tests_dir = os.environ.get("TYPESET_EPUB_TESTS")
    typeset, work, only, write = None, os.path.join(REPO, ".build", "conformance"), [], True
    while args:
        arg = args.pop(0)
        if arg == "--typeset":
            typeset = args.pop(0)
        elif arg == "--work":
            work = args.pop(0)
        elif arg == "--only":
            only.append(args.pop(0))
        elif arg == "--no-write":
            write = False
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            tests_dir = arg
    if not tests_dir or not os.path.isdir(tests_dir):
        print("run.py: give the suite's tests folder (w3c/epub-tests/tests) or set TYPESET_EPUB_TESTS", file=sys.stderr)
        return 2
    if typeset is None:
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                                  capture_output=True, text=True).stdout.strip()
        typeset = os.path.join(bin_path, "typeset")
    if not os.access(typeset, os.X_OK):
        print("run.py: %s is not built (swift build -c release)" % typeset, file=sys.stderr)
        return 2
    observed_path = os.path.join(HERE, "observed.json")
    observed = json.load(open(observed_path)) if os.path.exists(observed_path) else {}
    os.makedirs(os.path.join(work, "epubs"), exist_ok=True)

    results = RESULTS
    for name in sorted(os.listdir(tests_dir)):
        test_dir = os.path.join(tests_dir, name)
        if not os.path.isdir(test_dir) or name.startswith("xx-"):
            continue      # xx-* are the suite's templates, not tests
        identifier, description, required = test_metadata(test_dir)
        if only and not any(o in identifier for o in only):
            continue
        reason = not_applicable(identifier)
        if reason:
            results[identifier] = ("n/a", reason, required, "n/a")
            continue
        epub = os.path.join(work, "epubs", name + ".epub")
        (pack_split if name == "ocf-zip-mult" else pack)(test_dir, epub)
        book = Book(typeset, epub, os.path.join(work, "pages", name))
        if identifier in CHECKS:
            verdict, note = CHECKS[identifier](book)
            source = "checked"
        elif identifier in observed:
            entry = observed[identifier]
            verdict, note, source = entry["verdict"], entry["saw"], "observed at " + entry.get("commit", "?")
        else:
            verdict, note, source = None, "no check and not observed yet (%s)" % description, "untested"
        if identifier in results:
            # Two folders can share an identifier (pkg-unique-id_duplicate exists to do so); the report has one
            # entry per identifier, as the W3C's does, passing only when both pass.
            previous = results[identifier]
            verdict = verdict if previous[0] is True else previous[0]
            note = "%s; %s: %s" % (previous[1], name, note)
        results[identifier] = (verdict, note, required, source)
        print("%-45s %-6s %s" % (identifier, json.dumps(verdict), note[:110]), flush=True)

    if write and not only:
        write_reports(results, typeset)
    return 0


def write_reports(results, typeset):
    report = {"name": "Typeset", "ref": "https://github.com/typeset/typeset", "variant": "Linux, typeset %s (reflowable)" % typeset_commit(),
              "tests": {identifier: verdict for identifier, (verdict, _, _, _) in sorted(results.items())}}
    with open(os.path.join(HERE, "typeset.json"), "w") as handle:
        json.dump(report, handle, indent=4, ensure_ascii=False)
        handle.write("\n")
    passed = sorted(i for i, r in results.items() if r[0] is True)
    failed = sorted(i for i, r in results.items() if r[0] is False)
    na = sorted(i for i, r in results.items() if r[0] == "n/a")
    untested = sorted(i for i, r in results.items() if r[0] is None)
    in_scope = len(passed) + len(failed)
    lines = [
        "# Typeset and the W3C EPUB 3 reading-system tests",
        "",
        "Produced by `Tests/Conformance/run.py %s` (typeset %s, %s UTC); the report in the W3C format is "
        "`typeset.json` beside this file." % ("$TYPESET_EPUB_TESTS", typeset_commit(), datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")),
        "",
        "| | Tests |",
        "|---|---|",
        "| Pass | %d |" % len(passed),
        "| Fail | %d |" % len(failed),
        "| Not applicable (out of scope) | %d |" % len(na),
        "| Untested (null) | %d |" % len(untested),
        "| **Pass rate in scope** | **%d / %d = %.1f %%** |" % (len(passed), in_scope, 100.0 * len(passed) / max(1, in_scope)),
        "",
        "## Failures by area",
        "",
        "| Area | Failing |",
        "|---|---|",
    ]
    by_area = {}
    for i in failed:
        by_area.setdefault(area(i), []).append(i)
    lines += ["| %s | %d |" % (name, len(ids)) for name, ids in sorted(by_area.items(), key=lambda item: -len(item[1]))]
    lines += ["", "## Failures", "", "| Test | Level | Area | Why |", "|---|---|---|---|"]
    lines += ["| `%s` | %s | %s | %s |" % (i, results[i][2], area(i), results[i][1].replace("|", "\\|")) for i in failed]
    if untested:
        lines += ["", "## Untested (null)", "", "| Test | Why |", "|---|---|"]
        lines += ["| `%s` | %s |" % (i, results[i][1].replace("|", "\\|")) for i in untested]
    lines += ["", "## Passes", "", "| Test | How it was decided | Evidence |", "|---|---|---|"]
    lines += ["| `%s` | %s | %s |" % (i, results[i][3], results[i][1].replace("|", "\\|")) for i in passed]
    lines += ["", "## Not applicable", "", "| Test | Reason |", "|---|---|"]
    lines += ["| `%s` | %s |" % (i, results[i][1]) for i in na]
    with open(os.path.join(HERE, "REPORT.md"), "w") as handle:
        handle.write("\n".join(lines) + "\n")
    print("pass %d, fail %d, n/a %d, untested %d: %.1f %% of %d in scope" % (len(passed), len(failed), len(na), len(untested),
          100.0 * len(passed) / max(1, in_scope), in_scope))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
