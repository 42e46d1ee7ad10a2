#!/usr/bin/env python3
"""Makes the small fonts the embedded-font tests put in EPUBs they build (run from this folder; needs fontTools
and brotli: `pip install fonttools brotli`).

`test-regular.meta.woff` is the regular face as a WOFF whose metadata block is padded at the file's end, which
FreeType refuses. `test-fallback.ttf` covers ASCII, Hebrew and Arabic (0.9 em boxes): a fallback face that covers Latin too.

Every glyph is a box, so that a test can tell the faces apart by width alone: in the regular face every
character is 1 em wide, in the bold face 1.2 em, in the italic face 0.8 em (a space is half of that). The same
regular face is written as TrueType (`.ttf`), CFF OpenType (`.otf`), WOFF and WOFF2, and obfuscated by the IDPF
and Adobe algorithms (EPUB OCF 3.0 section 4; Adobe's ADEPT note) for the identifier below, so that the tests
check the reader's deobfuscation against an implementation that is not its own. The fonts are made here from
nothing and are in the public domain (CC0).
"""
import hashlib
import struct
import uuid
import zlib

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

IDENTIFIER = "urn:uuid:12345678-1234-4234-9234-123456789abc"
CHARACTERS = [chr(c) for c in range(0x21, 0x7F)] + ["\u00e9", "\u2019", "\u201c", "\u201d", "\u2014"]


def box(pen, width):
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((width - 50, 700))
    pen.lineTo((width - 50, 0))
    pen.closePath()


def build(style, advance, cff, characters=CHARACTERS, family="Typeset Test"):
    names = [".notdef", "space"] + ["g%04x" % ord(c) for c in characters]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    cmap = {0x20: "space"}
    cmap.update({ord(c): "g%04x" % ord(c) for c in characters})
    fb.setupCharacterMap(cmap)
    metrics = {name: (advance, 50) for name in names}
    metrics["space"] = (advance // 2, 0)
    if cff:
        charstrings = {}
        for name in names:
            pen = T2CharStringPen(metrics[name][0], None)
            if name not in ("space", ".notdef"):
                box(pen, advance)
            charstrings[name] = pen.getCharString()
        fb.setupCFF(family.replace(" ", "") + "-" + style, {"FullName": family + " " + style}, charstrings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name not in ("space", ".notdef"):
                box(pen, advance)
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    weight = 700 if style == "Bold" else 400
    fb.setupNameTable({"familyName": family, "styleName": style})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, usWeightClass=weight,
                sCapHeight=700, sxHeight=500, fsSelection=0x20 if style == "Bold" else (0x01 if style == "Italic" else 0x40))
    fb.setupPost(isFixedPitch=1)
    return fb.font


def padded_metadata_woff(ttf):
    """WOFF 1.0 written by hand: the tables zlib-compressed where that is shorter, then an extended metadata block
    padded to four bytes at the end of the file (valid WOFF; FreeType 2.13 refuses it), and no private block."""
    count = struct.unpack(">H", ttf[4:6])[0]
    tables = []
    for i in range(count):
        tag, checksum, offset, length = struct.unpack(">4sIII", ttf[12 + 16 * i:28 + 16 * i])
        tables.append((tag, checksum, ttf[offset:offset + length]))
    offset = 44 + 20 * count
    directory, data = [], b""
    for tag, checksum, table in tables:
        compressed = zlib.compress(table)
        stored = compressed if len(compressed) < len(table) else table
        directory.append(struct.pack(">4sIIII", tag, offset + len(data), len(stored), len(table), checksum))
        data += stored + b"\0" * (-len(stored) % 4)
    xml = (b'<?xml version="1.0" encoding="UTF-8"?><metadata version="1.0">'
           b'<uniqueid id="org.example.typeset.test"/><licensee name="Typeset test fonts"/></metadata>')
    metadata = zlib.compress(xml)
    assert len(metadata) % 4 != 0, "the padding is what FreeType refuses"
    meta_offset = offset + len(data)
    data += metadata + b"\0" * (-len(metadata) % 4)
    sfnt_size = 12 + 16 * count + sum((len(t) + 3) & ~3 for _, _, t in tables)
    header = struct.pack(">4sIIHHIHHIIIII", b"wOFF", 0x00010000, offset + len(data), count, 0, sfnt_size, 1, 0,
                         meta_offset, len(metadata), len(xml), 0, 0)
    return header + b"".join(directory) + data


def obfuscate(data, key, length):
    data = bytearray(data)
    for i in range(min(length, len(data))):
        data[i] ^= key[i % len(key)]
    return bytes(data)


def build_fallback():
    """A face covering ASCII and the Hebrew and Arabic letters, 0.9 em boxes: the fallback a system may have for
    Hebrew or Arabic that also covers Latin (as DejaVu Sans does), for the font-fallback tests."""
    characters = [chr(c) for c in range(0x21, 0x7F)] + [chr(c) for c in range(0x5D0, 0x5EB)] \
        + [chr(c) for c in range(0x621, 0x64B)]
    build("Regular", 900, cff=False, characters=characters, family="Typeset Test Fallback").save("test-fallback.ttf")


def main():
    build_fallback()
    build("Regular", 1000, cff=False).save("test-regular.ttf")
    build("Regular", 1000, cff=True).save("test-regular.otf")
    build("Bold", 1200, cff=False).save("test-bold.ttf")
    build("Italic", 800, cff=False).save("test-italic.ttf")
    for flavor in ("woff", "woff2"):
        font = TTFont("test-regular.ttf")
        font.flavor = flavor
        font.save("test-regular." + flavor)
    regular = open("test-regular.ttf", "rb").read()
    open("test-regular.meta.woff", "wb").write(padded_metadata_woff(regular))
    idpf_key = hashlib.sha1("".join(IDENTIFIER.split()).encode("utf-8")).digest()
    open("test-regular.idpf.ttf", "wb").write(obfuscate(regular, idpf_key, 1040))
    adobe_key = uuid.UUID(IDENTIFIER.removeprefix("urn:uuid:")).bytes
    open("test-regular.adobe.ttf", "wb").write(obfuscate(regular, adobe_key, 1024))


if __name__ == "__main__":
    main()
