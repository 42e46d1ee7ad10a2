#!/usr/bin/env python3
"""Cuts seed inputs for one fuzz target from Tests/Corpus:  make-seeds.py TARGET CORPUS_DIR OUT_DIR

Text books are read as stored there, `NAME.txt.gz` inflated.

decoder:   4 KiB slices of every text book (several places in each, so every script and encoding is seen),
           whole `nasty/` files up to 64 KiB, and each slice re-encoded as UTF-16 with a byte-order mark.
layout:    a settings prefix (the bytes FuzzCase.settings reads), a text-mode byte, then 1.5 KiB of a book.
positions: 96 query bytes, then the same as layout.
epub:      the small EPUBs whole (mode byte 0), each spine XHTML (mode 1), CSS + chapter (mode 2), OPF + nav (mode 3).
The random bytes come from a fixed seed, so the seeds are the same on every machine.
"""
import gzip
import os
import random
import sys
import zipfile

target, corpus, out = sys.argv[1], sys.argv[2], sys.argv[3]
rng = random.Random(9)
books = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs
               if f.endswith((".txt", ".txt.gz")) and "chapters" not in d.split(os.sep))
epubs = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".epub"))
count = 0


def read_book(path):
    with (gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb")) as f:
        return f.read()


def write(data):
    global count
    with open(os.path.join(out, "seed-%04d" % count), "wb") as f:
        f.write(data)
    count += 1


def slices(size, per_book):
    for path in books:
        data = read_book(path)
        for k in range(per_book):
            start = (len(data) * k) // per_book
            yield data[start:start + size]


def settings_prefix():
    # Mostly "reasonable" bytes; the fuzzer mutates them into every other value.
    return bytes(rng.randrange(256) for _ in range(40))


if target == "decoder":
    for piece in slices(4096, 4):
        write(piece)
        text = piece.decode("utf-8", "replace")
        write(b"\xff\xfe" + text.encode("utf-16-le"))
    for path in books:
        if "/nasty/" in path:
            write(read_book(path)[:65536])
elif target in ("layout", "positions"):
    for piece in slices(1500, 3):
        prefix = bytes(rng.randrange(256) for _ in range(96)) if target == "positions" else b""
        mode = bytes([rng.randrange(3)])
        body = piece if mode != b"\x01" else piece.decode("utf-8", "replace").encode("utf-16-le")
        write(prefix + settings_prefix() + mode + body)
elif target == "epub":
    for path in epubs:
        data = open(path, "rb").read()
        if len(data) <= 400000:
            write(b"\x00" + data)
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            xhtml = [n for n in names if n.endswith((".xhtml", ".html", ".htm"))][:12]
            css = [n for n in names if n.endswith(".css")][:2]
            opf = [n for n in names if n.endswith(".opf")][:1]
            nav = [n for n in names if n.endswith((".ncx", "nav.xhtml", "toc.xhtml"))][:1]
            for n in xhtml:
                write(b"\x01" + z.read(n)[:65536])
            for c in css:
                write(b"\x02" + z.read(c)[:32768] + b"\x00" + (z.read(xhtml[0])[:32768] if xhtml else b""))
            for o in opf:
                write(b"\x03" + z.read(o)[:65536] + b"\x00" + (z.read(nav[0])[:65536] if nav else b""))
else:
    sys.exit("unknown target " + target)
print("make-seeds.py: %d seeds for %s" % (count, target), file=sys.stderr)
