import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A table whose columns' narrowest widths (CSS 2.1 §17.5.2.2: their longest words) do not fit its column, as at
/// large type on a phone: scaled down whole until they do, its text, padding and borders set smaller, rather than
/// its words broken between letters; never below 10 pt text (a quarter of the reader's size at least), past which
/// its columns are squeezed as before. The reference of a scaled table is the same table set by a reader whose size
/// is the scaled one. The family: generated tables of generated words at sizes and page widths where most need
/// scaling, whose words break only when the table is at its smallest.
@Suite struct TableScaleReftests {
    static let css = "td, th { border: 1px solid black; padding: 2px; text-align: left; vertical-align: top }"

    static func table(_ rows: [[String]]) -> String {
        "<table>" + rows.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>" }.joined() + "</table>"
    }

    static func settings(size: Double, pageWidth: Double = 240) -> ReaderSettings {
        var settings = Reftest.settings
        settings.typography.fontSize = size
        settings.typography.pageSize = Size(width: pageWidth, height: 320)
        return settings
    }

    static func read(_ body: String, settings: ReaderSettings) throws -> Publication {
        let bytes = try Reftest.archive(Reftest.Book(body: body, css: css))
        return try EPUBReader().read(bytes: bytes, name: "table.epub").publication
    }

    /// The size the first page's text is drawn at (the table's, the book's only text) and the layout.
    static func layout(_ body: String, settings: ReaderSettings) throws -> (size: Double, layout: BookLayout, text: StyledText) {
        let text = try read(body, settings: settings).text
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings.typography)
        let sizes = layout.glyphRuns(onPage: 0).map(\.size)
        return (sizes.max() ?? 0, layout, text)
    }

    /// One-column tables of a long word per row: the column is as wide as the page's, at either size.
    static let wide: [[[String]]] = [
        [["Incomprehensibilities"], ["Uncharacteristically"]],
        [["Electroencephalograph"], ["A"], ["Counterrevolutionaries"]],
        [["Acknowledgements"], ["Correspondence"], ["Internationalisation"]],
    ]

    /// A scaled table draws as the same table set by a reader at the smaller size (its text, line heights, rows and
    /// padding), its words whole.
    @Test(arguments: wide)
    func aScaledTableIsTheTableAtTheSmallerSize(_ rows: [[String]]) throws {
        let body = Self.table(rows)
        let css = "td { padding: 3px; text-align: left; vertical-align: top }"
        let size = 28.0
        var book = Reftest.Book(body: body, css: css)
        let text = try EPUBReader().read(bytes: try Reftest.archive(book), name: "table.epub").publication.text
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: Self.settings(size: size).typography)
        let drawn = layout.glyphRuns(onPage: 0).map(\.size).max() ?? 0
        #expect(drawn < size - 0.5 && drawn >= 10 - 0.01, "scaled down, not below 10 pt: \(drawn)")
        #expect(Self.brokenWords(layout, text: text).isEmpty, "no word broken")
        let test = try Reftest.render(book, settings: Self.settings(size: size))
        book = Reftest.Book(body: body, css: css)
        let reference = try Reftest.render(book, settings: Self.settings(size: drawn))
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(rows) at \(drawn) pt: \(mismatch ?? "")")
    }

    /// A table that fits is not scaled.
    @Test func aTableThatFitsKeepsTheReadersSize() throws {
        let fitted = try Self.layout(Self.table([["One", "Two"], ["Three", "Four"]]), settings: Self.settings(size: 20))
        #expect(fitted.size == 20)
    }

    /// Lines of the layout's first page that end inside a word (neither side of the break a space, not hyphenated).
    static func brokenWords(_ layout: BookLayout, text: StyledText) -> [String] {
        var broken: [String] = []
        let whole = text.string(in: 0..<text.length)
        let units = Array(whole.utf16)
        for line in layout.lines(onPage: 0) where !line.isHyphenated {
            let end = line.range.upperBound
            guard end > 0, end < units.count else { continue }
            let before = units[end - 1], after = units[end]
            func isLetter(_ unit: UInt16) -> Bool { (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) }
            if isLetter(before) && isLetter(after) { broken.append(text.string(in: line.range)) }
        }
        return broken
    }

    /// The family: tables of 1–5 columns and 1–3 rows of words 1–16 letters long, at 16–40 pt on pages 240–400 pt
    /// wide. Every one lies within its column; its text is never above the reader's size nor below the smallest
    /// scale; and a word breaks only when the table is at that smallest scale.
    @Test func generatedTablesScaleRatherThanBreakWords() throws {
        var random = SplitMix64(seed: 33)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var scaledCount = 0, squeezedCount = 0
        for _ in 0..<60 {
            let columns = Int(random.next() % 5) + 1, rowCount = Int(random.next() % 3) + 1
            let rows = (0..<rowCount).map { _ in
                (0..<columns).map { _ in
                    (0..<Int(random.next() % 3 + 1)).map { _ in
                        String((0..<Int(random.next() % 16 + 1)).map { _ in letters[Int(random.next() % 26)] })
                    }.joined(separator: " ")
                }
            }
            let size = [16.0, 20, 26, 32, 40][Int(random.next() % 5)]
            let pageWidth = [240.0, 320, 400][Int(random.next() % 3)]
            let settings = Self.settings(size: size, pageWidth: pageWidth)
            let (drawn, layout, text) = try Self.layout(Self.table(rows), settings: settings)
            let smallest = max(size / 4, min(size, 10))
            #expect(drawn <= size + 0.001 && drawn >= smallest - 0.01, "\(rows) at \(size) pt: \(drawn)")
            for line in layout.lines(onPage: 0) {
                #expect(line.rect.minX >= 16 - 0.01 && line.rect.maxX <= pageWidth - 16 + 0.01,
                        "\(rows) at \(size) pt: \(line.rect.minX)...\(line.rect.maxX)")
            }
            let broken = Self.brokenWords(layout, text: text)
            let atSmallest = abs(drawn - smallest) < 0.05
            #expect(broken.isEmpty || atSmallest, "\(rows) at \(size) pt on \(pageWidth): drawn at \(drawn), broken \(broken)")
            if drawn < size - 0.01 { scaledCount += 1 }
            if atSmallest && !broken.isEmpty { squeezedCount += 1 }
        }
        // The family reaches both cases: tables scaled to fit, and tables squeezed at the smallest scale.
        #expect(scaledCount >= 10 && squeezedCount >= 1, "scaled \(scaledCount), squeezed \(squeezedCount)")
    }
}
