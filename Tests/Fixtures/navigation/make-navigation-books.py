#!/usr/bin/python3
"""Writes the two small navigation fixtures beside this script, from nothing but this script (Python's standard
library): made for Typeset's tests, no rights reserved (CC0).

navigation-epub3.epub  EPUB 3: a cover image (manifest cover-image), a nav document with a table of contents, a
                       page list (role doc-pagelist), landmarks, a list of illustrations, a list of tables and an
                       untyped <nav>, and page-break markers of every form books use: an empty <span> with a title,
                       a role="doc-pagebreak" with an aria-label, a <div> whose text is the label (hidden by CSS), an
                       empty <a>, a marker with the hidden attribute, and a blank page (two markers at one place).
navigation-epub2.epub  EPUB 2: <meta name="cover">, a package guide, an NCX with a navMap, a pageList (front and
                       normal pages) and a navList, and page anchors (<a id="page7"/>) the page list points at.

Run: /usr/bin/python3 Tests/Fixtures/navigation/make-navigation-books.py (the files are committed; the output is
the same bytes every run: fixed timestamps, a seeded text).
"""
import os
import random
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = ("the harbour lay quiet under a grey morning while boats turned slowly on their moorings and the keeper "
         "walked along the wall counting lamps that had burned through the night before the tide came in over "
         "stones and weed").split()


def prose(rng, sentences):
    out = []
    for _ in range(sentences):
        words = [rng.choice(WORDS) for _ in range(rng.randint(8, 22))]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


def png(width, height, pixel):
    """An 8-bit RGB PNG; pixel(x, y) -> (r, g, b)."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def cover(x, y):
    # A navy cover with a gold frame and a lighter band where a title would be.
    if x < 6 or y < 6 or x >= 114 or y >= 174:
        return (196, 160, 72)
    if 60 <= y < 84:
        return (232, 220, 190)
    return (28, 44, 88 + (y // 12) * 4)


def figure(x, y):
    return (120 + (x * 2) % 100, 150, 180 - (y * 3) % 90)


def write(name, entries):
    path = os.path.join(HERE, name)
    with zipfile.ZipFile(path, "w") as archive:
        for entry, data in entries:
            info = zipfile.ZipInfo(entry, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if entry == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    print("wrote", path, os.path.getsize(path), "bytes")


CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"""


def xhtml(title, body, epub3=True):
    namespace = ' xmlns:epub="http://www.idpf.org/2007/ops"' if epub3 else ""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"{namespace} xml:lang="en" lang="en">
<head><title>{title}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>
{body}
</body>
</html>
"""


def epub3():
    rng = random.Random(35)
    p = lambda n: f"<p>{prose(rng, n)}</p>"
    title = """<section epub:type="frontmatter titlepage" id="titlepage">
<span epub:type="pagebreak" role="doc-pagebreak" id="pi" title="i"/>
<h1>The Keeper of the Harbour</h1>
<p class="author">A Test Author</p>
<span epub:type="pagebreak" role="doc-pagebreak" id="pii" title="ii"/>
<p>Printed for the tests of a typesetter. """ + prose(rng, 3) + """</p>
</section>"""
    ch1 = f"""<section epub:type="bodymatter chapter" id="chapter-1">
<span epub:type="pagebreak" role="doc-pagebreak" id="p1" title="1"/>
<h2>Chapter One: The Lamps</h2>
{p(6)}
<p>{prose(rng, 4)} <span role="doc-pagebreak" id="p2" aria-label="2"></span>{prose(rng, 5)}</p>
{p(5)}
<figure id="fig1"><img src="images/figure.png" alt="The harbour wall at low tide"/><figcaption>Figure 1. The harbour wall.</figcaption></figure>
{p(4)}
<div epub:type="pagebreak" id="p3" class="pagenum">3</div>
{p(7)}
<table id="table1"><caption>Table 1. Lamps counted each night.</caption>
<tr><th>Night</th><th>Lamps</th></tr><tr><td>First</td><td>12</td></tr><tr><td>Second</td><td>14</td></tr></table>
<p>{prose(rng, 3)}<a epub:type="pagebreak" id="p4" title="4"></a> {prose(rng, 6)}</p>
{p(6)}
</section>"""
    ch2 = f"""<section epub:type="bodymatter chapter" id="chapter-2">
<span epub:type="pagebreak" role="doc-pagebreak" id="p5" title="5" hidden="hidden"></span>
<h2>Chapter Two: The Tide</h2>
{p(7)}
<p>{prose(rng, 5)}<span epub:type="pagebreak" id="p6" title="6"/> {prose(rng, 5)}</p>
{p(6)}
<figure id="fig2"><img src="images/figure.png" alt="Boats on their moorings"/><figcaption>Figure 2. The moorings.</figcaption></figure>
<p>{prose(rng, 4)}<span epub:type="pagebreak" id="p7" title="7"/> {prose(rng, 6)}</p>
{p(5)}
<span epub:type="pagebreak" id="p8" title="8"/><span epub:type="pagebreak" id="p9" title="9"/>
<h3 id="bib">Sources</h3>
{p(4)}
</section>"""
    cover_page = """<section epub:type="cover"><img src="images/cover.png" alt="Cover"/></section>"""
    nav = """<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
<li><a href="title.xhtml">Title page</a></li>
<li><a href="chapter-1.xhtml">Chapter One: The Lamps</a></li>
<li><a href="chapter-2.xhtml">Chapter Two: The Tide</a><ol><li><a href="chapter-2.xhtml#bib">Sources</a></li></ol></li>
</ol></nav>
<nav epub:type="page-list" role="doc-pagelist" hidden="hidden"><h2>Pages</h2><ol>
<li><a href="title.xhtml#pi">i</a></li><li><a href="title.xhtml#pii">ii</a></li>
<li><a href="chapter-1.xhtml#p1">1</a></li><li><a href="chapter-1.xhtml#p2">2</a></li>
<li><a href="chapter-1.xhtml#p3">3</a></li><li><a href="chapter-1.xhtml#p4">4</a></li>
<li><a href="chapter-2.xhtml#p5">5</a></li><li><a href="chapter-2.xhtml#p6">6</a></li>
<li><a href="chapter-2.xhtml#p7">7</a></li><li><a href="chapter-2.xhtml#p8">8</a></li>
<li><a href="chapter-2.xhtml#p9">9</a></li>
</ol></nav>
<nav epub:type="landmarks" hidden="hidden"><h2>Landmarks</h2><ol>
<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>
<li><a epub:type="bodymatter" href="chapter-1.xhtml">Start of the book</a></li>
<li><a epub:type="bibliography" href="chapter-2.xhtml#bib">Sources</a></li>
</ol></nav>
<nav epub:type="loi"><h2>Illustrations</h2><ol>
<li><a href="chapter-1.xhtml#fig1">Figure 1. The harbour wall</a></li>
<li><a href="chapter-2.xhtml#fig2">Figure 2. The moorings</a></li>
</ol></nav>
<nav epub:type="lot"><h2>Tables</h2><ol><li><a href="chapter-1.xhtml#table1">Table 1. Lamps counted each night</a></li></ol></nav>
<nav aria-label="Glossary"><h2>Glossary</h2><ul><li><a href="chapter-1.xhtml#chapter-1">keeper</a></li><li><span>tide</span></li></ul></nav>"""
    opf = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:5c8a9f2e-typeset-navigation-epub3</dc:identifier>
    <dc:title>The Keeper of the Harbour</dc:title>
    <dc:creator>A Test Author</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="cover-image" href="images/cover.png" media-type="image/png" properties="cover-image"/>
    <item id="figure" href="images/figure.png" media-type="image/png"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
    <item id="chapter-1" href="chapter-1.xhtml" media-type="application/xhtml+xml"/>
    <item id="chapter-2" href="chapter-2.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine>
    <itemref idref="cover"/>
    <itemref idref="title"/>
    <itemref idref="chapter-1"/>
    <itemref idref="chapter-2"/>
  </spine>
</package>
"""
    css = ".pagenum { display: none; }\nh1, h2 { text-align: center; }\n.author { text-align: center; font-style: italic; }\n"
    write("navigation-epub3.epub", [
        ("mimetype", "application/epub+zip"), ("META-INF/container.xml", CONTAINER), ("OEBPS/package.opf", opf),
        ("OEBPS/style.css", css), ("OEBPS/nav.xhtml", xhtml("Contents", nav)),
        ("OEBPS/cover.xhtml", xhtml("Cover", cover_page)), ("OEBPS/title.xhtml", xhtml("Title page", title)),
        ("OEBPS/chapter-1.xhtml", xhtml("Chapter One", ch1)), ("OEBPS/chapter-2.xhtml", xhtml("Chapter Two", ch2)),
        ("OEBPS/images/cover.png", png(120, 180, cover)), ("OEBPS/images/figure.png", png(80, 50, figure)),
    ])


def epub2():
    rng = random.Random(2)
    p = lambda n: f"<p>{prose(rng, n)}</p>"
    front = f"""<div class="titlepage"><a id="page_i"></a><h1>Letters from the Lighthouse</h1>
<p>{prose(rng, 3)}</p><a id="page_ii"></a><p>{prose(rng, 2)}</p></div>"""
    letter1 = f"""<h2 id="letter-1"><a id="page1"></a>The First Letter</h2>
{p(6)}<p>{prose(rng, 4)}<a id="page2"></a> {prose(rng, 6)}</p>{p(5)}
<div class="illustration" id="plate1"><img src="plate.png" alt="The lighthouse"/></div>
<p>{prose(rng, 3)}<span class="pagenum" id="page3">[3]</span> {prose(rng, 6)}</p>{p(5)}"""
    letter2 = f"""<h2 id="letter-2"><a id="page4"></a>The Second Letter</h2>
{p(7)}<p>{prose(rng, 5)}<a id="page5"></a> {prose(rng, 5)}</p>{p(6)}"""
    ncx = """<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head><meta name="dtb:uid" content="urn:uuid:typeset-navigation-epub2"/><meta name="dtb:totalPageCount" content="7"/>
        <meta name="dtb:maxPageNumber" content="5"/></head>
  <docTitle><text>Letters from the Lighthouse</text></docTitle>
  <navMap>
    <navPoint id="n1" playOrder="1"><navLabel><text>Title page</text></navLabel><content src="front.xhtml"/></navPoint>
    <navPoint id="n2" playOrder="2"><navLabel><text>The First Letter</text></navLabel><content src="letter-1.xhtml"/></navPoint>
    <navPoint id="n3" playOrder="4"><navLabel><text>The Second Letter</text></navLabel><content src="letter-2.xhtml"/></navPoint>
  </navMap>
  <pageList id="pages"><navLabel><text>Pages</text></navLabel>
    <pageTarget id="pt-i" type="front" value="1" playOrder="1"><navLabel><text>i</text></navLabel><content src="front.xhtml#page_i"/></pageTarget>
    <pageTarget id="pt-ii" type="front" value="2" playOrder="1"><navLabel><text>ii</text></navLabel><content src="front.xhtml#page_ii"/></pageTarget>
    <pageTarget id="pt-1" type="normal" value="1" playOrder="2"><navLabel><text>1</text></navLabel><content src="letter-1.xhtml#page1"/></pageTarget>
    <pageTarget id="pt-2" type="normal" value="2" playOrder="2"><navLabel><text>2</text></navLabel><content src="letter-1.xhtml#page2"/></pageTarget>
    <pageTarget id="pt-3" type="normal" value="3" playOrder="3"><navLabel><text>3</text></navLabel><content src="letter-1.xhtml#page3"/></pageTarget>
    <pageTarget id="pt-4" type="normal" value="4" playOrder="4"><navLabel><text>4</text></navLabel><content src="letter-2.xhtml#page4"/></pageTarget>
    <pageTarget id="pt-5" type="normal" value="5" playOrder="4"><navLabel><text>5</text></navLabel><content src="letter-2.xhtml#page5"/></pageTarget>
  </pageList>
  <navList id="plates"><navLabel><text>List of Plates</text></navLabel>
    <navTarget id="nt-1" playOrder="3"><navLabel><text>The lighthouse</text></navLabel><content src="letter-1.xhtml#plate1"/></navTarget>
  </navList>
</ncx>
"""
    opf = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="uid">urn:uuid:typeset-navigation-epub2</dc:identifier>
    <dc:title>Letters from the Lighthouse</dc:title>
    <dc:creator opf:role="aut">A Test Author</dc:creator>
    <dc:language>en</dc:language>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="cover-image" href="cover.png" media-type="image/png"/>
    <item id="plate" href="plate.png" media-type="image/png"/>
    <item id="front" href="front.xhtml" media-type="application/xhtml+xml"/>
    <item id="letter-1" href="letter-1.xhtml" media-type="application/xhtml+xml"/>
    <item id="letter-2" href="letter-2.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine toc="ncx">
    <itemref idref="front"/>
    <itemref idref="letter-1"/>
    <itemref idref="letter-2"/>
  </spine>
  <guide>
    <reference type="title-page" title="Title page" href="front.xhtml"/>
    <reference type="text" title="Beginning" href="letter-1.xhtml"/>
    <reference type="cover" title="Cover" href="cover.png"/>
  </guide>
</package>
"""
    css = ".pagenum { display: none; }\nh1, h2 { text-align: center; }\n"
    write("navigation-epub2.epub", [
        ("mimetype", "application/epub+zip"), ("META-INF/container.xml", CONTAINER), ("OEBPS/package.opf", opf),
        ("OEBPS/toc.ncx", ncx), ("OEBPS/style.css", css),
        ("OEBPS/front.xhtml", xhtml("Title page", front, epub3=False)),
        ("OEBPS/letter-1.xhtml", xhtml("The First Letter", letter1, epub3=False)),
        ("OEBPS/letter-2.xhtml", xhtml("The Second Letter", letter2, epub3=False)),
        ("OEBPS/cover.png", png(120, 180, lambda x, y: (200 - y // 2, 60, 40 + x // 2))),
        ("OEBPS/plate.png", png(80, 50, figure)),
    ])


if __name__ == "__main__":
    epub3()
    epub2()
