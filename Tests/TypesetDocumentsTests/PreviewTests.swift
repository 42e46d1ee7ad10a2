import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Previews of a partial download: the first bytes of a book, read and laid out; everything made in the preview
/// (offsets, Locators, highlights) is valid in the whole book.
@Suite struct PreviewTests {
    static let book = "dumas-le-comte-de-monte-cristo-tome-1.fr.txt"

    /// A byte count near 16 KB that ends inside an accented letter (after the lead byte of a two-byte sequence).
    static func cutInsideAnAccent(_ bytes: [UInt8]) -> Int {
        var cut = 16_384
        while !(bytes[cut - 1] >= 0xC2 && bytes[cut - 1] <= 0xDF) { cut += 1 }
        return cut
    }

    @Test func aPreviewCutInsideAnAccentedLetterIsUTF8AndAPrefixOfTheBook() throws {
        let path = try Fixtures.corpusPath(Self.book)
        let bytes = try Fixtures.corpusBytes(Self.book)
        let cut = Self.cutInsideAnAccent(bytes)
        let preview = try PlainTextReader().readPreview(path: path, byteCount: cut)
        let whole = try PlainTextReader().read(path: path)
        #expect(preview.isPreview && !whole.isPreview)
        #expect(preview.encoding == .utf8 && preview.decoding.droppedTrailingBytes == 1, "\(preview.decoding.summary)")
        let previewUnits = preview.text.units(in: 0..<preview.text.length)
        #expect(whole.text.units(in: 0..<preview.text.length) == previewUnits)
        #expect(!previewUnits.contains(0xFFFD) && previewUnits.contains(0xE9), "accents read as UTF-8, not Latin-1")
        // Past the end of the file a preview is the whole file.
        let all = try PlainTextReader().readPreview(path: path, byteCount: bytes.count + 100)
        #expect(all.text.length == whole.text.length)
        #expect(try PlainTextReader().readPreview(path: path, byteCount: 0).text.length == 0)
    }

    @Test func offsetsLocatorsAndHighlightsMadeInAPreviewHoldInTheBook() throws {
        let path = try Fixtures.corpusPath(Self.book)
        let cut = Self.cutInsideAnAccent(try Fixtures.corpusBytes(Self.book))
        let preview = try PlainTextReader().readPreview(path: path, byteCount: cut)
        let whole = try PlainTextReader().read(path: path)
        let previewPublication = preview.publication(href: "monte-cristo.txt")
        let wholePublication = whole.publication(href: "monte-cristo.txt")
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(preview.text, settings: Fixtures.settings)
        #expect(layout.pages.count > 3)
        var checked = 0
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) where line.rect.size.width > 20 {
                // A position a reader taps in the preview, saved as a Locator, opens the same place in the book.
                let tapped = layout.closestPosition(to: line.rect.center, onPage: page)
                let locator = try #require(previewPublication.locator(at: tapped.offset))
                let resolution = try wholePublication.resolve(locator)
                #expect(resolution.offset == tapped.offset && resolution.method == .exactOffset)
                // A highlight over the rest of the line: the same text in the book, applied without a problem.
                let range = tapped.offset..<line.range.upperBound
                var decorations = DecorationSet(text: whole.text)
                let changes = decorations.apply([Decoration(id: "h\(checked)", range: range, style: .highlight(tint: .yellow))], in: "highlights")
                #expect(changes.problems.isEmpty)
                #expect(whole.text.string(in: range) == preview.text.string(in: range))
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
