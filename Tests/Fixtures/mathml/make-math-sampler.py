#!/usr/bin/env python3
"""Writes math-sampler.epub beside this script: a small EPUB 3 of MathML formulas (fractions, radicals, scripts,
sums and integrals with limits, matrices, stretchy fences, accents, mmultiscripts, mpadded and menclose), inline
in running text and displayed, for looking at pages and for the end-to-end tests. Standard library only; the
output is byte-for-byte the same on every run (fixed timestamps)."""
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
M = 'xmlns="http://www.w3.org/1998/Math/MathML"'

def math(body, display=False, alt=None):
    attrs = M + (' display="block"' if display else '') + (f' alttext="{alt}"' if alt else '')
    return f"<math {attrs}>{body}</math>"

FRACTIONS = f"""
<h1>Fractions and radicals</h1>
<p>A fraction in running text, {math('<mfrac><mn>7</mn><mn>9</mn></mfrac>', alt='seven ninths')}, sits on the
baseline with its bar on the math axis; so does {math('<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mrow><mi>c</mi><mo>&#x2212;</mo><mi>d</mi></mrow></mfrac>')}.
A binomial coefficient {math('<mrow><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow>')}
has no bar. Square roots: {math('<msqrt><mn>2</mn></msqrt>')} and {math('<mroot><mi>x</mi><mn>3</mn></mroot>')}.</p>
{math('<mrow><mi>x</mi><mo>=</mo><mfrac><mrow><mo>&#x2212;</mo><mi>b</mi><mo>&#xB1;</mo><msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>&#x2212;</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></mrow>', True, 'x equals minus b plus or minus the square root of b squared minus 4 a c, all over 2 a')}
<p>A formula displayed inside a paragraph,
{math('<mrow><msup><mi>a</mi><mn>2</mn></msup><mo>+</mo><msup><mi>b</mi><mn>2</mn></msup><mo>=</mo><msup><mi>c</mi><mn>2</mn></msup></mrow>', True)}
leaves the words after it in the same paragraph, their first line not indented. A continued fraction:</p>
{math('<mrow><msub><mi>a</mi><mn>0</mn></msub><mo>+</mo><mfrac><mn>1</mn><mrow><msub><mi>a</mi><mn>1</mn></msub><mo>+</mo><mfrac><mn>1</mn><mrow><msub><mi>a</mi><mn>2</mn></msub><mo>+</mo><mfrac><mn>1</mn><msub><mi>a</mi><mn>3</mn></msub></mfrac></mrow></mfrac></mrow></mfrac></mrow>', True)}
"""

SCRIPTS = f"""
<h1>Scripts and limits</h1>
<p>Scripts: {math('<msup><mi>e</mi><mrow><mi>i</mi><mi>&#x3C0;</mi></mrow></msup><mo>+</mo><mn>1</mn><mo>=</mo><mn>0</mn>')},
{math('<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>')}, and a tensor
{math('<mmultiscripts><mi>R</mi><mi>i</mi><none/><none/><mi>j</mi><mprescripts/><mn>1</mn><mn>2</mn></mmultiscripts>')}.
In running text the limits of a sum go beside it:
{math('<munderover><mo>&#x2211;</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msup><mi>k</mi><mn>2</mn></msup>')};
displayed, they go below and above:</p>
{math('<mrow><munderover><mo>&#x2211;</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msup><mi>k</mi><mn>2</mn></msup><mo>=</mo><mfrac><mrow><mi>n</mi><mo>(</mo><mi>n</mi><mo>+</mo><mn>1</mn><mo>)</mo><mo>(</mo><mn>2</mn><mi>n</mi><mo>+</mo><mn>1</mn><mo>)</mo></mrow><mn>6</mn></mfrac></mrow>', True)}
{math('<mrow><msubsup><mo>&#x222B;</mo><mn>0</mn><mi>&#x221E;</mi></msubsup><msup><mi>e</mi><mrow><mo>&#x2212;</mo><msup><mi>x</mi><mn>2</mn></msup></mrow></msup><mi>d</mi><mi>x</mi><mo>=</mo><mfrac><msqrt><mi>&#x3C0;</mi></msqrt><mn>2</mn></mfrac></mrow>', True)}
{math('<mrow><munder><mo movablelimits="false">lim</mo><mrow><mi>x</mi><mo>&#x2192;</mo><mn>0</mn></mrow></munder><mfrac><mrow><mi>sin</mi><mo>&#x2061;</mo><mi>x</mi></mrow><mi>x</mi></mfrac><mo>=</mo><mn>1</mn></mrow>', True)}
<p>Accents: {math('<mover accent="true"><mi>x</mi><mo>^</mo></mover>')}, {math('<mover accent="true"><mi>v</mi><mo>&#x2192;</mo></mover>')},
and a brace over a sum:</p>
{math('<mover><mrow><mi>a</mi><mo>+</mo><mi>b</mi><mo>+</mo><mo>&#x22EF;</mo><mo>+</mo><mi>z</mi></mrow><mo>&#x23DE;</mo></mover>', True)}
"""

MATRICES = f"""
<h1>Matrices and fences</h1>
<p>Fences stretch to what they hold:</p>
{math('<mrow><mi>A</mi><mo>=</mo><mrow><mo>(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mi>cos</mi><mi>&#x3B8;</mi></mtd><mtd><mo>&#x2212;</mo><mi>sin</mi><mi>&#x3B8;</mi></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mi>sin</mi><mi>&#x3B8;</mi></mtd><mtd><mi>cos</mi><mi>&#x3B8;</mi></mtd></mtr></mtable><mo>)</mo></mrow></mrow>', True)}
{math('<mrow><mrow><mo>[</mo><mfrac><mfrac><mi>a</mi><mi>b</mi></mfrac><mfrac><mi>c</mi><mi>d</mi></mfrac></mfrac><mo>]</mo></mrow><mo>+</mo><mrow><mo>{</mo><mtable><mtr><mtd><mi>x</mi></mtd><mtd><mtext>if&#xA0;</mtext><mi>x</mi><mo>&#x2265;</mo><mn>0</mn></mtd></mtr><mtr><mtd><mo>&#x2212;</mo><mi>x</mi></mtd><mtd><mtext>otherwise</mtext></mtd></mtr></mtable></mrow></mrow>', True)}
{math('<mrow><mrow><mo>|</mo><mfrac><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></mrow><mrow><mi>x</mi><mo>&#x2212;</mo><mn>1</mn></mrow></mfrac><mo>|</mo></mrow><mo>&#x2264;</mo><mrow><mo>&#x27E8;</mo><mi>u</mi><mo>,</mo><mi>v</mi><mo>&#x27E9;</mo></mrow></mrow>', True)}
<p>Inline, a matrix {math('<mrow><mo>(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo>)</mo></mrow>')}
raises its line, as an image would. Legacy markup still works:
{math('<mfenced><mi>x</mi><mi>y</mi></mfenced>')},
{math('<menclose notation="box"><mi>x</mi><mo>+</mo><mn>1</mn></menclose>')},
{math('<menclose notation="updiagonalstrike horizontalstrike"><mi>y</mi></menclose>')},
{math('<mstyle mathcolor="#b00000"><mi>r</mi><mi>e</mi><mi>d</mi></mstyle>')},
{math('<mi mathvariant="double-struck">R</mi><mo>,</mo><mi mathvariant="fraktur">g</mi><mo>,</mo><mi mathvariant="script">L</mi><mo>,</mo><mi mathvariant="bold">v</mi>')}.</p>
"""

CHAPTERS = [("fractions", FRACTIONS), ("scripts", SCRIPTS), ("matrices", MATRICES)]

def xhtml(title, body):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en">
<head><title>{title}</title></head>
<body>{body}</body>
</html>
"""

def main():
    path = os.path.join(HERE, "math-sampler.epub")
    items = "".join(f'<item id="{n}" href="{n}.xhtml" media-type="application/xhtml+xml" properties="mathml"/>' for n, _ in CHAPTERS)
    spine = "".join(f'<itemref idref="{n}"/>' for n, _ in CHAPTERS)
    opf = f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">typeset-math-sampler</dc:identifier>
<dc:title>MathML sampler</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2024-01-01T00:00:00Z</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>{items}</manifest>
<spine>{spine}</spine>
</package>
"""
    nav = xhtml("Contents", '<nav epub:type="toc"><ol>' + "".join(f'<li><a href="{n}.xhtml">{n}</a></li>' for n, _ in CHAPTERS) + "</ol></nav>")
    container = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"""
    with zipfile.ZipFile(path, "w") as z:
        def add(name, text, compress=zipfile.ZIP_DEFLATED):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = compress
            z.writestr(info, text)
        add("mimetype", "application/epub+zip", zipfile.ZIP_STORED)
        add("META-INF/container.xml", container)
        add("OEBPS/content.opf", opf)
        add("OEBPS/nav.xhtml", nav)
        for name, body in CHAPTERS:
            add(f"OEBPS/{name}.xhtml", xhtml(name, body))
    print(path, os.path.getsize(path), "bytes")

main()
