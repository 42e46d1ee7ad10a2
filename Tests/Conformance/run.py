#!/usr/bin/env python3
"""Typeset's implementation report for the W3C EPUB 3 reading-system tests (w3c/epub-tests).

    Tests/Conformance/run.py [TESTS_DIR] [--typeset PATH] [--work DIR] [--only SUBSTRING ...] [--no-write]

TESTS_DIR is the suite's `tests` folder (or $TYPESET_EPUB_TESTS). Each test folder is zipped as the suite's
generateEpubs.sh does (mimetype first and stored, then the rest deflated), except the two OCF tests whose archive
is the point of the test (a non-Deflate compression, a split archive), which are built as they describe. The
release `typeset` (`swift build -c release` first; found with `swift build -c release --show-bin-path`) reads
each book: `info --json`, the readable text (query's utterances), the layout (`--json`) and the pages (PNG, in a
white-on-blue theme so that pixels that are neither page nor text are an image's); for fixed layout also info's
rendition facts (each spine item's layout and viewport, the pages drawn and their spreads), and for media overlays
`speak --narration`'s marks checked against the SMIL read here. A verdict per test comes from a check of those
outputs where the test's statement is checkable, from `observed.json` (what a person saw on the pages) otherwise,
and is "n/a" for what Typeset does not do (audio and video playback, scripting). Writes typeset.json (the W3C report format) and REPORT.md beside this script.

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
    ("mol-ignore", "for reading systems without media overlays (the test says one that supports them ignores it); Typeset reads them"),
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
    ("fxl-", "fixed layout (issue 41)"), ("lay-fxl-", "fixed layout (issue 41)"), ("lay-pp-", "fixed layout (issue 41)"),
    ("lay-page-layout-both", "fixed layout (issue 41)"), ("lay-rendition-flow-pre-pag", "fixed layout (issue 41)"),
    ("lay-viewport-meta-prop", "fixed layout (issue 41)"), ("pkg-spine-progression-pre-paginated", "fixed layout (issue 41)"),
    ("pub-data-urls_top-level-content", "fixed layout (issue 41)"), ("mol-", "media overlays (issue 41)"),
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
    # Only files the suite has: a manifest item absent from the suite itself is the point of its test (a spine
    # item missing from the container, which its fallback stands in for: image-spine-reflow). In a git checkout
    # the suite's files are its commit's; elsewhere every absent file is taken for one the copy left out.
    tracked = tracked_files(test_dir) if absent else None
    return [rel for rel in absent if tracked is None or rel in tracked]


def tracked_files(test_dir):
    """The files of the checked-out commit under `test_dir`, relative to it; None when it is not in a git checkout."""
    try:
        listed = subprocess.run(["git", "-C", test_dir, "ls-tree", "-r", "--full-name", "--name-only", "HEAD", "."],
                                capture_output=True, text=True)
        prefix = subprocess.run(["git", "-C", test_dir, "rev-parse", "--show-prefix"], capture_output=True, text=True)
    except OSError:
        return None
    if listed.returncode != 0 or prefix.returncode != 0:
        return None
    start = prefix.stdout.strip()
    return {line[len(start):] for line in listed.stdout.splitlines() if line.startswith(start)}


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


def grid_lines(path):
    """Rows and columns that are drawn across at least 90 % of the page: the lines of a grid pattern (the tests'
    linear-gradient() grid is drawn in currentColor, which is the theme's text colour when the book sets none, so
    its pixels look like text to image_pixel_count)."""
    width, height, rows = read_png(path)
    if not width or not height:
        return 0
    inked = [[(r, g, b) != (255, 255, 255) for (r, g, b) in row] for row in rows]
    full_rows = sum(1 for row in inked if sum(row) >= 0.9 * width)
    full_columns = sum(1 for x in range(width) if sum(1 for row in inked if row[x]) >= 0.9 * height)
    return full_rows + full_columns


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


# ---------------------------------------------------------------------------------------------------------------
# Fixed layout (EPUB 3.3 §8.2): what `typeset info --json` says of the rendition (renditionLayout, renditionSpread,
# renditionOrientation, each spine item's layout, viewport and pageSpread, fixedPages: the pages `typeset` draws,
# each fixed item one page and each reflowable one its pages, and spreads: how --spread pairs them), and the pages
# drawn (one PNG per entry of fixedPages).


def fixed_pages(book):
    return (book.info or {}).get("fixedPages") or []


def kinds(book):
    """The drawn pages as a string: F a fixed page, R a page of reflowed text."""
    return "".join("F" if page["layout"] == "pre-paginated" else "R" for page in fixed_pages(book))


def spreads(book):
    return [(s["left"], s["right"], s["center"]) for s in (book.info or {}).get("spreads") or []]


def colour_count(path, test):
    return sum(1 for row in read_png(path)[2] for pixel in row if test(*pixel))


def is_red(r, g, b):
    return r > 180 and g < 90 and b < 90


def is_green(r, g, b):
    return g > 90 and r < 100 and b < 100


def drawn_pages_match(book):
    """The PNGs drawn are the pages info lists."""
    return len(book.pages) == len(fixed_pages(book))


def fixed_book(count):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it: %s" % last_line(book.info_err)
        if kinds(book) != "F" * count or not drawn_pages_match(book):
            return False, "pages drawn %r (%d PNGs), expected %d fixed pages" % (kinds(book), len(book.pages), count)
        starts = [p["range"]["location"] for p in fixed_pages(book)]
        if starts != sorted(starts):
            return False, "the fixed pages are not in spine order: %s" % starts
        return True, "%d fixed pages, one per spine item in spine order (%d PNGs)" % (count, len(book.pages))
    return check


def mixed(pattern, note):
    """The drawn pages follow `pattern` (a regular expression over F and R): fixed items one page each, reflowable
    ones paginated, in spine order."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it: %s" % last_line(book.info_err)
        layouts = [item.get("layout") for item in book.info["spine"]]
        if not re.fullmatch(pattern, kinds(book)) or not drawn_pages_match(book):
            return False, "pages drawn %r (%d PNGs; spine layouts %s), expected %s" % (kinds(book), len(book.pages), layouts, pattern)
        return True, "spine layouts %s; pages drawn %s (%d PNGs): %s" % (layouts, kinds(book), len(book.pages), note)
    return check


def spread_pairs(expected, note):
    """info's spreads are exactly `expected`, as (left, right) page indices (None for an empty side)."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        got = [(l, r) for l, r, c in spreads(book)]
        centred = [l for l, r, c in spreads(book) if c]
        if got == expected and not centred:
            return True, "spreads %s (left, right; pages from 0): %s" % (got, note)
        return False, "spreads %s%s, expected %s" % (got, " (centred %s)" % centred if centred else "", expected)
    return check


def centred_first(book):
    if not book.opened:
        return False, "typeset could not open it"
    s = spreads(book)
    if s and s[0] == (0, None, True) and all(not c for _, _, c in s[1:]) and all(l is not None and r is not None for l, r, _ in s[1:-1]):
        return True, "page 1 alone and centred (drawn across the spread's width), the rest in spreads %s" % [(l, r) for l, r, _ in s[1:]]
    return False, "spreads %s" % s


def all_single(book):
    if not book.opened:
        return False, "typeset could not open it"
    s = spreads(book)
    if book.info.get("renditionSpread") == "none" and s and all(r is None and c for _, r, c in s):
        return True, "rendition:spread none: each of the %d pages alone (typeset --spread draws them one by one)" % len(s)
    return False, "renditionSpread %s, spreads %s" % (book.info.get("renditionSpread"), s)


def synthetic_spreads(value):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        s = spreads(book)
        pairs = [(l, r) for l, r, _ in s if l is not None and r is not None]
        if book.info.get("renditionSpread") == value and pairs and kinds(book) == "F" * len(fixed_pages(book)):
            return True, "renditionSpread %s; typeset --spread pairs the pages %s" % (value, [(l, r) for l, r, _ in s])
        return False, "renditionSpread %s, spreads %s" % (book.info.get("renditionSpread"), s)
    return check


def orientation(value, notice):
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        _, _, err = run([book.typeset, "--fonts", "bundled", "--pages", "1", "-o", os.path.join(book.pages_dir, "..", "orientation.png"), book.epub])
        said = next((line for line in err.split("\n") if "rendition:orientation" in line), None)
        if book.info.get("renditionOrientation") != value or bool(said) != notice:
            return False, "renditionOrientation %s; notice %r" % (book.info.get("renditionOrientation"), said)
        if notice:
            return True, "renditionOrientation %s for the app; a portrait run says: %s" % (value, said[said.find("the book"):])
        return True, "renditionOrientation %s: drawn in the reader's page as it is, no notice" % value
    return check


def viewports(book):
    return [item.get("viewport") for item in book.info["spine"] if item.get("layout") == "pre-paginated"]


def no_red(indices, note):
    """No red pixel on the pages: the red box lies outside the viewport (the ICB) and is clipped, or is covered."""
    def check(book):
        if not book.opened or len(book.pages) <= max(indices):
            return False, "typeset drew %d pages" % len(book.pages)
        red = [colour_count(book.pages[i], is_red) for i in indices]
        drawn = [image_pixel_count(book.pages[i]) for i in indices]
        grids = [grid_lines(book.pages[i]) for i in indices]
        if any(red):
            return False, "red pixels %s on pages %s (viewports %s): %s is not clipped or covered" % (red, [i + 1 for i in indices], viewports(book), note)
        if not all(d > 1000 or g >= 10 for d, g in zip(drawn, grids)):
            return False, ("no red, but only the text drawn (%s non-text pixels, %s grid lines): the page's pattern "
                           "(a linear-gradient() grid in the text's colour) is not drawn" % (drawn, grids))
        return True, "no red pixel on pages %s (viewports %s; %s drawn pixels, %s grid lines): %s" % (
            [i + 1 for i in indices], viewports(book), drawn, grids, note)
    return check


def same_pages(a, b, note):
    def check(book):
        if not book.opened or len(book.pages) <= max(a, b):
            return False, "typeset drew %d pages" % len(book.pages)
        v = viewports(book)
        if v[a] != v[b]:
            return False, "viewports %s differ" % v
        if read_png(book.pages[a])[2] != read_png(book.pages[b])[2]:
            return False, "viewports %s, but pages %d and %d differ" % (v, a + 1, b + 1)
        return True, "viewports %s; pages %d and %d are the same pixels: %s" % (v, a + 1, b + 1, note)
    return check


def icb_multi(book):
    if not book.opened or len(book.pages) < 2:
        return False, "typeset drew %d pages" % len(book.pages)
    red = [colour_count(page, is_red) for page in book.pages[:2]]
    if red[0] == 0 and red[1] > 1000:
        return True, "viewports %s: page 1 clips the red band (0 red pixels), page 2 shows it (%d)" % (viewports(book), red[1])
    return False, "viewports %s, red pixels %s (expected none on page 1, a band on page 2)" % (viewports(book), red)


def device_sized(book):
    if not book.opened or not book.pages:
        return False, "typeset drew no page"
    width, height, rows = read_png(book.pages[0])
    v = viewports(book)
    right = sum(1 for y in range(height) if is_red(*rows[y][width - 2]))
    bottom = sum(1 for x in range(width) if is_red(*rows[height - 2][x]))
    if v == [None] and right > height // 3 and bottom > width // 3:
        return True, "viewport device-width × device-height: the page fills the reader's %d × %d page, the red box reaching its right and bottom edges" % (width, height)
    return False, "viewports %s; red on the right edge %d px, on the bottom %d px" % (v, right, bottom)


def svg_icb(book):
    if not book.opened or len(book.pages) < 3:
        return False, "typeset drew %d pages" % len(book.pages)
    shades = []
    for page in book.pages[1:3]:
        pixels = [p for row in read_png(page)[2] for p in row if p[2] < 235 or abs(p[0] - p[1]) > 24]
        shades.append(len({(r // 32, g // 32, b // 32) for r, g, b in pixels if not is_red(r, g, b)}))
    red = [colour_count(page, is_red) for page in book.pages[1:3]]
    if red[0] > 1000 and shades[0] <= 1 and red[1] > 1000 and shades[1] >= 2:
        return True, "page 2 solid red (%d red pixels); page 3 red with a band of the star pattern (%d shades)" % (red[0], shades[1])
    return False, "red pixels %s, other shades %s on pages 2 and 3 (expected solid red, then red with a patterned band)" % (red, shades)


def green_over_red(index):
    """The fixed page shows the green rectangle over the red one, both from the page's upper left corner."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        fixed = [i for i, p in enumerate(fixed_pages(book)) if p["layout"] == "pre-paginated"]
        if len(fixed) <= index or len(book.pages) <= fixed[index]:
            return False, "no fixed page %d" % (index + 1)
        width, height, rows = read_png(book.pages[fixed[index]])
        def box(test):
            points = [(x, y) for y in range(height) for x in range(width) if test(*rows[y][x])]
            return (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points)) if points else None
        red, green = box(is_red), box(is_green)
        if red and green and abs(red[0] - green[0]) <= 2 and abs(red[1] - green[1]) <= 2 and green[2] < red[2] and green[3] < red[3]:
            return True, "the fixed page (PNG %d) shows green %s over red %s, both from the same upper left corner" % (fixed[index] + 1, green, red)
        return False, "the fixed page (PNG %d): red box %s, green box %s (expected both from one upper left corner, green inside red)" % (fixed[index] + 1, red, green)
    return check


def images_on_fixed_pages(book):
    if not book.opened:
        return False, "typeset could not open it"
    fixed = [i for i, p in enumerate(fixed_pages(book)) if p["layout"] == "pre-paginated"]
    if not fixed or len(book.pages) != len(fixed_pages(book)):
        return False, "pages drawn %r, %d PNGs" % (kinds(book), len(book.pages))
    counts = [image_pixel_count(book.pages[i]) for i in fixed]
    if all(c >= 400 for c in counts):
        return True, "pages %s; an image drawn on each of the %d fixed pages (%d to %d image pixels)" % (kinds(book), len(fixed), min(counts), max(counts))
    return False, "pages %s; image pixels on the fixed pages %s" % (kinds(book), counts)


def image_on_first_page(book):
    """The data: URL image is drawn on the first page, below its text ("you can see the SVG below"), not as a page
    of its own."""
    if not book.opened or not book.pages:
        return False, "typeset could not open it"
    width, height, rows = read_png(book.pages[0])
    image = [y for y in range(height) for x in range(0, width, 2) if rows[y][x][2] < 235 or abs(rows[y][x][0] - rows[y][x][1]) > 24]
    text = [y for y in range(height) for x in range(0, width, 2) if rows[y][x][2] >= 235 and rows[y][x][0] < 160]
    if len(book.pages) == len(book.info["spine"]) and len(image) >= 200 and text and min(image) > max(text):
        return True, ("the data: URL image drawn on page 1 below its text (rows %d–%d, the text ends at row %d), %d pages "
                      "for %d spine items: no page of its own" % (min(image), max(image), max(text), len(book.pages), len(book.info["spine"])))
    return False, "image rows %s, text rows %s on page 1; %d pages" % ((min(image), max(image)) if image else None,
                                                                        (min(text), max(text)) if text else None, len(book.pages))


def first_pages_paired(book):
    if not book.opened:
        return False, "typeset could not open it"
    s = [(l, r) for l, r, _ in spreads(book)]
    if book.info.get("renditionSpread") == "landscape" and (0, 1) in s:
        return True, "renditionSpread landscape; spreads %s" % s
    return False, ("renditionSpread landscape is read and spreads are drawn (%s), but Typeset opens a book's spreads on a "
                   "recto, page 1 alone, as printed books do, while the test wants pages 1 and 2 side by side "
                   "(--spread paired pairs them); whether to spread at all by the screen's orientation is the app's" % s)


def fixed_page_shown(book):
    """The stated condition ("this page is displayed as pre-paginated"): a page of its own at its viewport. The
    test's manifest lists `page_2.png` while the file is `images/page_2.png`, so the image itself is a resource the
    manifest does not list, which Typeset does not draw (pkg-manifest-unlisted-resource): a placeholder stands there."""
    fixed = [i for i, p in enumerate(fixed_pages(book)) if p["layout"] == "pre-paginated"]
    viewport = next((item.get("viewport") for item in book.info["spine"] if item.get("layout") == "pre-paginated"), None)
    if len(fixed) == 1 and viewport:
        return True, ("the pre-paginated item is page %d alone at its %s viewport (its image, listed in the manifest under "
                      "another path than the file's, is drawn as a placeholder, as unlisted resources are)" % (fixed[0] + 1, viewport))
    return False, "fixed pages %s, viewport %s" % (fixed, viewport)


def duplicated_layout(book):
    if not book.opened:
        return False, "typeset could not open it"
    said = next((line for line in book.info_err.split("\n") if "rendition:layout 2 times" in line), None)
    if said and book.info.get("renditionLayout") == "pre-paginated" and kinds(book) == "FFFF":
        return True, "a reading system's part: it warns (%s) and uses the first value (4 fixed pages)" % said[said.find("the package"):]
    return False, "renditionLayout %s, pages %r, warning %r" % (book.info.get("renditionLayout"), kinds(book), said)


def reflowable_default(book):
    if not book.opened:
        return False, "typeset could not open it"
    if book.info.get("renditionLayout") == "reflowable" and book.info.get("fixedPages") is None and book.layout and book.layout["pageCount"] > 1:
        return True, "renditionLayout reflowable, no fixed pages; paginated into %d pages" % book.layout["pageCount"]
    return False, "renditionLayout %s, fixedPages %s" % (book.info.get("renditionLayout"), book.info.get("fixedPages"))


def same_viewports(book):
    if not book.opened:
        return False, "typeset could not open it"
    v = viewports(book)
    if len(v) == 4 and all(x == {"width": 900, "height": 600} for x in v) and kinds(book) == "FFFF":
        return True, "all 4 pages at viewport 900 × 600 (initial-scale, user-scalable and the like ignored), so drawn at one scale"
    return False, "viewports %s" % v


def ltr_over_rtl_content(book):
    if not book.opened:
        return False, "typeset could not open it"
    s = [(l, r) for l, r, _ in spreads(book)]
    if book.info.get("readingProgression") == "ltr" and (1, 2) in s:
        return True, "readingProgression ltr (the spine's, over the content's dir=rtl): spreads %s, the earlier page on the left" % s
    return False, "readingProgression %s, spreads %s" % (book.info.get("readingProgression"), s)


def both_spread(book):
    """Page 2 (reflowable, page-spread-left) starts on a left page; page 3 follows it with no blank page; page 5 is on the left."""
    if not book.opened:
        return False, "typeset could not open it"
    pages, s = fixed_pages(book), spreads(book)
    k = kinds(book)
    match = re.fullmatch(r"F(R+)F(R+)F", k)
    if not match:
        return False, "pages drawn %r" % k
    second_first, second_last = 1, len(match.group(1))
    third, fifth = second_last + 1, len(k) - 1
    lefts = {l for l, _, _ in s}
    blank_between = [(l, r) for l, r, _ in s if (l == second_last and r is None)]
    if second_first in lefts and fifth in lefts and not blank_between:
        return True, "pages %s; spreads %s: item 2's first page on the left, item 3 right after it, item 5 on the left" % (k, [(l, r) for l, r, _ in s])
    return False, "pages %s; spreads %s" % (k, [(l, r) for l, r, _ in s])


# ---------------------------------------------------------------------------------------------------------------
# Media Overlays: `typeset speak --narration BOOK --marks -` (each clip's text range, audio file and clip times, on
# one timeline) against the SMIL documents read here independently.

SMIL = "{http://www.w3.org/ns/SMIL}"
XHTML = "{http://www.w3.org/1999/xhtml}"


def narration(book):
    if not hasattr(book, "_narration"):
        rc, out, err = run([book.typeset, "speak", "--narration", book.epub, "--marks", "-"])
        book._narration = (json.loads(out) if rc == 0 else None, err)
    return book._narration


def smil_clips(test_dir):
    """Each `par` of the book's overlays in spine order: (text of the element it names, audio basename or None,
    clipBegin s, clipEnd s or None)."""
    container = ElementTree.parse(os.path.join(test_dir, "META-INF", "container.xml")).getroot()
    rootfile = next(e for e in container.iter() if e.tag.endswith("rootfile")).get("full-path")
    base = os.path.dirname(rootfile)
    package = ElementTree.parse(os.path.join(test_dir, rootfile)).getroot()
    manifest = {item.get("id"): item for item in package.iter(OPF + "item")}
    clips, seen = [], set()
    for itemref in package.iter(OPF + "itemref"):
        item = manifest.get(itemref.get("idref"))
        overlay = item is not None and manifest.get(item.get("media-overlay"))
        if overlay is None or overlay is False or overlay.get("href") in seen:
            continue
        seen.add(overlay.get("href"))
        smil_path = os.path.join(test_dir, base, overlay.get("href"))
        for par in ElementTree.parse(smil_path).getroot().iter(SMIL + "par"):
            text, audio = par.find(SMIL + "text"), par.find(SMIL + "audio")
            src = text.get("src") if text is not None else ""
            doc, _, anchor = src.partition("#")
            element_text = None
            doc_path = os.path.normpath(os.path.join(os.path.dirname(smil_path), doc))
            if doc_path.endswith((".xhtml", ".html")) and os.path.exists(doc_path):
                for element in ElementTree.parse(doc_path).getroot().iter():
                    if element.get("id") == anchor:
                        element_text = " ".join("".join(element.itertext()).split())
            clips.append((element_text, os.path.basename(audio.get("src")) if audio is not None else None,
                          clock(audio.get("clipBegin")) if audio is not None else None,
                          clock(audio.get("clipEnd")) if audio is not None else None))
    return clips


def clock(value):
    """A SMIL clock value in seconds (full and partial clocks, timecounts)."""
    if value is None:
        return None
    value = value.strip()
    for suffix, factor in (("ms", 0.001), ("h", 3600), ("min", 60), ("s", 1)):
        if value.endswith(suffix) and re.fullmatch(r"[0-9.]+", value[:-len(suffix)]):
            return float(value[:-len(suffix)]) * factor
    parts = [float(p) for p in value.split(":")]
    seconds = 0.0
    for part in parts:
        seconds = seconds * 60 + part
    return seconds


def narration_follows_smil(extra=None, note=""):
    """The marks hold every timed `par` of the overlays in order: its element's text, its audio file, its clipBegin
    (0 when absent) and its clipEnd (when given)."""
    def check(book):
        if not book.opened:
            return False, "typeset could not open it"
        marks, err = narration(book)
        if marks is None:
            return False, "typeset speak --narration failed: %s" % last_line(err)
        test_dir = os.path.join(TESTS_DIR[0], os.path.basename(book.epub)[:-len(".epub")])
        expected = [c for c in smil_clips(test_dir) if c[1] is not None]
        got = marks["utterances"]
        if len(got) != len(expected):
            return False, "%d clips in the marks, %d timed pars in the SMIL (%s)" % (len(got), len(expected), last_line(err))
        for number, ((text, audio, begin, end), mark) in enumerate(zip(expected, got), start=1):
            if text is not None and " ".join(mark["text"].split()) != text:
                return False, "clip %d reads %r, the SMIL names %r" % (number, mark["text"][:60], text[:60])
            if not (mark.get("audio") or "").endswith(audio) or mark.get("clipBeginMs") != round(1000 * (begin or 0)):
                return False, "clip %d: audio %s from %s ms, the SMIL says %s from %s s" % (number, mark.get("audio"), mark.get("clipBeginMs"), audio, begin)
            if end is not None and mark.get("clipEndMs") != round(1000 * end):
                return False, "clip %d ends at %s ms, the SMIL says %s s" % (number, mark.get("clipEndMs"), end)
        files = sorted({m["audio"] for m in got})
        summary = "%d clips match the SMIL (text, audio file, clipBegin/clipEnd), %.2f s over %s" % (len(got), marks["durationMs"] / 1000.0, files)
        if extra:
            verdict, more = extra(book, marks)
            return verdict, summary + "; " + more
        return True, summary + (note and "; " + note)
    return check


def open_clip_end(book, marks):
    """The clip without clipEnd plays to its file's end: its length is the overlay's media:duration less the others'."""
    last = marks["utterances"][-1]
    length = (last["clipEndMs"] or 0) - (last["clipBeginMs"] or 0)
    if length > 0:
        return True, "the last clip (no clipEnd) runs %.3f s, to the end of its file: the overlay's media:duration less the other clips" % (length / 1000.0)
    return False, "the last clip (no clipEnd) is given no time"


def no_clip_begin(book, marks):
    first = marks["utterances"][0]
    if first["clipBeginMs"] == 0:
        return True, "the first clip (no clipBegin) starts at 0 ms of %s" % first["audio"]
    return False, "the first clip starts at %s ms" % first["clipBeginMs"]


def fixed_narration(book, marks):
    if kinds(book) and set(kinds(book)) == {"F"}:
        return True, "the book's %d pages are fixed (%s)" % (len(kinds(book)), kinds(book))
    return False, "pages drawn %r: not fixed" % kinds(book)


def active_class_drawn(book, marks):
    """--highlight-pages draws the active clip in the book's media:active-class background."""
    folder = os.path.join(book.pages_dir, "..", os.path.basename(book.pages_dir) + "-narration")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    rc, _, err = run([book.typeset, "speak", "--narration", book.epub, "--marks", os.path.join(folder, "marks.json"),
                      "--fonts", "bundled", "--highlight-pages", folder, "--sentences", "1"])
    pngs = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".png"))
    # The highlight is drawn translucent over the page: a pale green.
    green = sum(colour_count(p, lambda r, g, b: g > 100 and g > r + 30 and g > b + 20) for p in pngs)
    if rc != 0 or green <= 500:
        return False, "the active clip's page has %d green pixels (exit %d: %s)" % (green, rc, last_line(err))
    grey = sum(colour_count(p, lambda r, g, b: abs(r - 158) < 12 and abs(g - 158) < 12 and abs(b - 158) < 12) for p in pngs)
    if grey > 2000:
        return True, "the active clip on a green background (%d pixels), the rest of the text grey (%d)" % (green, grey)
    return False, ("the active clip is drawn on a green background (%d pixels: the media:active-class colour from the "
                   "document's <style>), but the rest of the text is not greyed out: media:playback-active-class's "
                   "colour is not applied while narration plays" % green)


def navigation_seek(book, marks):
    toc = flatten_toc(book.info.get("toc", []))
    chapter = next((offset for title, offset in toc if title.strip() == "Chapter 2"), None)
    clip = next((m for m in marks["utterances"] if m["range"]["location"] >= (chapter or 0)), None)
    if chapter is not None and clip and clip["text"].strip() == "Chapter 2" and clip["audio"].endswith("ch2.mp3"):
        return True, ("the table of contents' Chapter 2 (offset %d) is where clip %d starts: %s at %d ms of %s, so "
                      "playback moves there" % (chapter, clip["index"] + 1, clip["text"], clip["startMs"], clip["audio"]))
    return False, "Chapter 2 at %s; first clip from there %s" % (chapter, clip and clip["text"])


def text_to_speech_fallback(book):
    """Pars with no audio are read by Typeset's own speech synthesis: `typeset speak` speaks the text they name."""
    if not book.opened:
        return False, "typeset could not open it"
    marks, err = narration(book)
    test_dir = os.path.join(TESTS_DIR[0], os.path.basename(book.epub)[:-len(".epub")])
    silent = [c for c in smil_clips(test_dir) if c[1] is None]
    spoken = [m for m in (marks or {}).get("utterances", []) if m.get("audio") is None and m.get("endMs", 0) > m.get("startMs", 0)]
    if silent and len(spoken) == len(silent):
        return True, "%d text-only pars read by speech synthesis in the narration's marks" % len(spoken)
    return False, ("the overlay's %d text-only pars are not read: the narration's marks hold %d clips (Typeset's "
                   "synthesized speech, `typeset speak`, reads the book, but not in place of an overlay's missing audio)" % (len(silent), len((marks or {}).get("utterances", []))))


def svg_narration(book):
    marks, err = narration(book)
    count = len((marks or {}).get("utterances", []))
    if count:
        return True, "%d clips" % count
    said = next((line for line in err.split("\n") if "names no element" in line), "")
    return False, "no clip: the SVG content document's text is not in Typeset's text (%s)" % said[said.find("<text"):][:100]


TESTS_DIR = [None]

FIXED_LAYOUT_CHECKS = {
    "fxl-layout-duplication": duplicated_layout,
    "lay-pp-layout-duplication": duplicated_layout,
    "fxl-page-spread-break": spread_pairs([(0, 1), (2, 3)], "page-spread-left/right pair the four pages in two spreads, no break"),
    "fxl-page-spread-center": centred_first,
    "fxl-spine-overrides_behave-as-global": mixed(r"FR+", "the reflowable item paginated at the reader's page after the fixed one"),
    "lay-pp-spine-overrides_behave-as-global": mixed(r"FR+", "the reflowable item paginated at the reader's page after the fixed one"),
    "fxl-spine-overrides_duplicate": mixed(r"FR+", "the itemref's first layout override (reflowable) wins over its repeat"),
    "fxl-spine-overrides_behave-as-global-bis": all_of(mixed(r"R+FR+", "reflowable, one fixed page, reflowable"), green_over_red(0)),
    "lay-pp-spine-overrides_behave-as-global-bis": all_of(mixed(r"R+FR+", "reflowable, one fixed page, reflowable"), green_over_red(0)),
    "lay-pp-spine-overrides_image-only-pp": all_of(mixed(r"FR+", "the reflowable item paginated after the fixed one"), images_on_fixed_pages),
    "lay-pp-spine-overrides_image-only-reflow": all_of(mixed(r"R+FR+", "reflowable, one fixed page, reflowable"), fixed_page_shown),
    "lay-pp-spine-overrides_image-spine-pp": all_of(mixed(r"FR+", "the image page fixed, the reflowable item paginated"), images_on_fixed_pages),
    "lay-pp-spine-overrides_image-spine-reflow": all_of(mixed(r"R+FR+", "reflowable, the image page fixed, reflowable"), fixed_page_shown),
    "lay-fxl-layout-default": reflowable_default,
    "lay-pp-layout-default": reflowable_default,
    "lay-fxl-layout-pre-paginated": fixed_book(4),
    "lay-pp-layout-pre-paginated": fixed_book(4),
    "lay-fxl-layout-pre-paginated-spreads": all_of(fixed_book(4), spread_pairs([(None, 0), (1, 2), (3, None)], "consecutive, no blank page between")),
    "lay-pp-layout-pre-paginated-spreads": all_of(fixed_book(4), spread_pairs([(None, 0), (1, 2), (3, None)], "consecutive, no blank page between")),
    "lay-fxl-orientation-default": all_of(fixed_book(4), orientation("auto", False)),
    "lay-fxl-orientation-landscape": all_of(fixed_book(4), orientation("landscape", True)),
    "lay-fxl-page-spread-combined": spread_pairs([(None, 0), (1, 2), (3, None)], "page 2 (page-spread-left) on the left, page 3 (page-spread-right) on the right"),
    "lay-pp-page-spread-combined": spread_pairs([(None, 0), (1, 2), (3, None)], "page 2 (page-spread-left) on the left, page 3 (page-spread-right) on the right"),
    "lay-fxl-page-spread-left": spread_pairs([(None, 0), (1, 2), (3, None)], "page 2 (page-spread-left) on the left"),
    "lay-pp-page-spread-left": spread_pairs([(None, 0), (1, 2), (3, None)], "page 2 (page-spread-left) on the left"),
    "lay-fxl-page-spread-right": spread_pairs([(None, 0), (1, 2), (3, None)], "page 1 (page-spread-right) on the right"),
    "lay-pp-page-spread-right": spread_pairs([(None, 0), (1, 2), (3, None)], "page 1 (page-spread-right) on the right"),
    "lay-fxl-spread-auto": synthetic_spreads("auto"),
    "lay-fxl-spread-default": synthetic_spreads("auto"),
    "lay-fxl-spread-both": synthetic_spreads("both"),
    "lay-fxl-spread-landscape": first_pages_paired,
    "lay-fxl-spread-none": all_single,
    "lay-pp-spread-none": all_single,
    "lay-fxl-svg-icb_multi": svg_icb,
    "lay-fxl-xhtml-icb": no_red([0], "the red box beyond the 900 × 600 viewport is clipped and the pattern covers the rest"),
    "lay-pp-xhtml-icb": no_red([0], "the red box beyond the 900 × 600 viewport is clipped and the pattern covers the rest"),
    "lay-fxl-xhtml-icb_device_sizes": device_sized,
    "lay-fxl-xhtml-icb_invalid_meta": no_red([0, 1], "width and height read from the invalid meta too"),
    "lay-pp-xhtml-icb_invalid_meta": no_red([0, 1], "width and height read from the invalid meta too"),
    "lay-fxl-xhtml-icb_multi": icb_multi,
    "lay-pp-xhtml-icb_multi": icb_multi,
    "lay-fxl-xhtml-icb_multi_declarations": same_pages(0, 1, "the second viewport meta is ignored"),
    "lay-pp-xhtml-icb_multi_declarations": same_pages(0, 1, "the second viewport meta is ignored"),
    "lay-fxl-xhtml-icb_repeated-in-meta": no_red([0, 1], "the first width and height of the meta are used"),
    "lay-pp-xhtml-icb_repeated-in-meta": no_red([0, 1], "the first width and height of the meta are used"),
    "lay-fxl-xhtml-icb_units": same_pages(0, 1, "units after the numbers are ignored (1000px, 600mm are 1000 × 600 px)"),
    "lay-pp-xhtml-icb_units": same_pages(0, 1, "units after the numbers are ignored (1000px, 600mm are 1000 × 600 px)"),
    "lay-page-layout-both": mixed(r"FR+FF", "the reflowable item starts on the page after the fixed one"),
    "lay-page-layout-both-spread": both_spread,
    "lay-rendition-flow-pre-pag": mixed(r"R+FFR+", "the pre-paginated items are fixed pages in a book whose rendition:flow is scrolled-continuous"),
    "lay-viewport-meta-prop": same_viewports,
    "pkg-spine-progression-pre-paginated": ltr_over_rtl_content,
    "pub-data-urls_top-level-content": image_on_first_page,
    "lay-pp-embedded-images": all_of(fixed_book(9), centred_first, images_on_fixed_pages),
    "lay-pp-embedded-images-svg": all_of(fixed_book(9), centred_first, images_on_fixed_pages),
    "lay-pp-images-in-spine": all_of(fixed_book(9), images_on_fixed_pages),
    "lay-pp-images-mixed": all_of(fixed_book(9), centred_first, images_on_fixed_pages),
    "mol-audio": narration_follows_smil(note="the app plays each clip from clipBegin to clipEnd; no text outside the clips is read"),
    "mol-audio-exceeding-clipend": narration_follows_smil(note="the clipEnd past the file's end is kept: the app's player stops at the file's end (Typeset decodes no audio)"),
    "mol-audio-no-clipbegin": narration_follows_smil(no_clip_begin),
    "mol-audio-no-clipend": narration_follows_smil(open_clip_end),
    "mol-css": narration_follows_smil(active_class_drawn),
    "mol-navigation": narration_follows_smil(navigation_seek),
    "mol-support_xhtml": narration_follows_smil(),
    "mol-support_xhtml-fxl": narration_follows_smil(fixed_narration),
    "mol-support_xhtml-load": narration_follows_smil(note="playback can start at any clip (each is a Locator with its own time)"),
    "mol-support_xhtml-load-fxl": narration_follows_smil(fixed_narration),
    "mol-support_xhtml-load-next": narration_follows_smil(note="one timeline across both documents and both overlays"),
    "mol-support_xhtml-load-next-fxl": narration_follows_smil(fixed_narration),
    "mol-timing-synchronization": narration_follows_smil(),
    "mol-timing-synchronization_fxl": narration_follows_smil(fixed_narration),
    "mol-timing-synchronization_multiple_audio": narration_follows_smil(),
    "mol-timing-synchronization_multiple_audio-fxl": narration_follows_smil(fixed_narration),
    "mol-timing-synchronization_svg": svg_narration,
    "mol-timing-synchronization_svg-fxl": svg_narration,
    "mol-tts_multi": text_to_speech_fallback,
    "mol-tts_single": text_to_speech_fallback,
}


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
    **FIXED_LAYOUT_CHECKS,
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
    TESTS_DIR[0] = tests_dir
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
    report = {"name": "Typeset", "ref": "https://github.com/typeset/typeset", "variant": "Linux, typeset %s" % typeset_commit(),
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
