import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Note references and notes: every reference of the corpus books resolves to its note's text; the unmarked
/// patterns books use are recognised; footnotes are hidden from the flow, endnotes stay; bad links stay text.
@Suite struct NoteTests {
    /// Expected notes read from the XHTML source by a different road than the reader's: the text of the element
    /// with the id, tags stripped, entities of the sample books decoded, white space collapsed, the backlink
    /// (`↩`) dropped.
    static func expectedText(of id: String, in xhtml: String) -> String? {
        guard let open = xhtml.range(of: "id=\"\(id)\"") else { return nil }
        guard let tagStart = xhtml[..<open.lowerBound].lastIndex(of: "<") else { return nil }
        let name = String(xhtml[xhtml.index(after: tagStart)...].prefix { $0.isLetter })
        // The matching close tag, counting nested elements of the same name.
        var depth = 0
        var index = tagStart
        var end = xhtml.endIndex
        while let next = xhtml[index...].range(of: "<\(name)|</\(name)>", options: .regularExpression) {
            if xhtml[next].hasPrefix("</") { depth -= 1 } else { depth += 1 }
            index = next.upperBound
            if depth == 0 { end = next.lowerBound; break }
        }
        let contentStart: String.Index = xhtml[tagStart...].firstIndex(of: ">").map { xhtml.index(after: $0) } ?? tagStart
        var inner = String(xhtml[contentStart..<max(contentStart, end)])
        inner = inner.replacingOccurrences(of: "<a[^>]*epub:type=\"backlink\"[^>]*>[^<]*</a>", with: "", options: .regularExpression)
        inner = inner.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#160;", "\u{A0}")] {
            inner = inner.replacingOccurrences(of: entity, with: character)
        }
        return collapsed(inner)
    }

    /// The text without any white space.
    static func withoutSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// The note's text with every kind of white space collapsed, as `expectedText` has it.
    static func collapsed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        return text.split(whereSeparator: isSpace).joined(separator: " ")
    }

    /// The note references of a corpus book, in text order, with their notes, checked against the XHTML sources.
    static func checkEveryReference(book name: String, sources: [String: String], expectedCount: Int) throws {
        let book = try EPUBReader().read(path: try Fixtures.corpusPath(name))
        let publication = book.publication
        let references = publication.links.noteReferences.keys.sorted()
        #expect(references.count == expectedCount, "\(name): \(references.count) note references recognised")
        for offset in references {
            let link = try #require(publication.link(atOffset: offset))
            #expect(link.isNoteReference)
            let note = try #require(publication.note(for: link), "\(name): no note for \(link.href)")
            let id = String(link.href.split(separator: "#").last ?? "")
            #expect(note.id == id)
            let target = try #require(link.target, "\(link.href) has no target")
            #expect(note.range.lowerBound == target.offset, "\(link.href): target \(target.offset), note \(note.range)")
            let file = String(link.href.split(separator: "#").first ?? "")
            let source = try #require(sources[file], "no source for \(file)")
            let expected = try #require(expectedText(of: id, in: source))
            // Tags become spaces in the expected text where the reader joins inline elements: compare the
            // characters, white space left out.
            #expect(withoutSpaces(note.text) == withoutSpaces(expected), "\(name) \(link.href)")
        }
    }

    static func sources(of name: String) throws -> [String: String] {
        let book = try EPUBReader().read(path: try Fixtures.corpusPath(name))
        var sources: [String: String] = [:]
        let archive = try ZipReading.entries(path: try Fixtures.corpusPath(name))
        for item in book.spine { sources[item.href] = archive[item.href].map { String(decoding: $0, as: UTF8.self) } }
        return sources
    }

    @Test func everyNoteReferenceOfLeavesOfGrassResolvesToItsNote() throws {
        let name = "whitman-leaves-of-grass.se-epub3.epub"
        let sources = try Self.sources(of: name)
        let marked = sources.values.reduce(0) { $0 + $1.components(separatedBy: "epub:type=\"noteref\"").count - 1 }
        #expect(marked == 10)
        try Self.checkEveryReference(book: name, sources: sources, expectedCount: marked)
    }

    @Test func everyNoteReferenceOfTheWasteLandResolvesToItsNote() throws {
        let name = "eliot-the-waste-land.epub"
        let sources = try Self.sources(of: name)
        let marked = sources.values.reduce(0) { $0 + $1.components(separatedBy: "epub:type=\"noteref\"").count - 1 }
        #expect(marked == 50)
        try Self.checkEveryReference(book: name, sources: sources, expectedCount: marked)
        // The notes are rearnotes: they stay in the flow, where the book puts them.
        let book = try EPUBReader().read(path: try Fixtures.corpusPath(name))
        for note in book.links.notes {
            #expect(note.kind == .endnote)
            #expect(!Self.isHidden(book.text, at: note.range.lowerBound + 1))
        }
    }

    static func isHidden(_ text: StyledText, at offset: Int) -> Bool {
        guard let p = text.paragraphIndex(containing: offset) else { return false }
        let paragraph = text.paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        return paragraph.runs.first { $0.range.contains(local) }?.style.isHidden ?? false
    }

    static func read(_ chapters: [(String, String)], extraManifest: String = "") throws -> EPUBBook {
        try EPUBTestReading.read(.book(chapters: chapters.map { ($0.0, EPUBTestArchive.xhtml($0.1)) }, extraManifest: extraManifest))
    }

    static func references(_ book: EPUBBook) -> [(text: String, note: String?)] {
        let publication = book.publication
        return publication.links.noteReferences.keys.sorted().compactMap { offset in
            guard let link = publication.link(atOffset: offset) else { return nil }
            return (book.text.string(in: link.range), publication.note(for: link).map { collapsed($0.text) })
        }
    }

    @Test func footnotesAreHiddenFromTheFlowAndReadThroughTheirReference() throws {
        let book = try Self.read([("c.xhtml", """
            <p>Text<a epub:type="noteref" href="#fn1">1</a> goes on.</p>
            <aside epub:type="footnote" id="fn1"><p>The footnote.</p></aside>
            <p>After.</p>
            """)])
        #expect(Self.references(book).map(\.note) == ["The footnote."])
        let note = try #require(book.links.notes.first)
        #expect(note.kind == .footnote)
        // Hidden, still in the text (offsets never move).
        #expect(book.text.string(in: note.range) == "The footnote.")
        #expect(Self.isHidden(book.text, at: note.range.lowerBound))
        #expect(!Self.isHidden(book.text, at: 0))
    }

    @Test func unmarkedReferencesToNotesAreRecognised() throws {
        let book = try Self.read([
            ("c.xhtml", """
                <p>Raised<sup><a href="notes.xhtml#n1">1</a></sup> and bare<a href="notes.xhtml#n2">[2]</a> and
                aside<a href="#a1">*</a>, a list<a href="notes.xhtml#l1">3</a>; but <a href="notes.xhtml#n1">a long link
                to the notes</a> is no reference, nor is <a href="#p">2</a> to a paragraph.</p>
                <p id="p">A paragraph.</p>
                <aside id="a1"><p>Aside note.</p></aside>
                """),
            ("notes.xhtml", """
                <section class="footnotes"><p id="n1">First note.</p><p id="n2">Second note.</p></section>
                <ol><li id="l1">Listed note.</li></ol>
                """),
        ])
        #expect(Self.references(book).map(\.text) == ["1", "[2]", "*", "3"])
        #expect(Self.references(book).map(\.note) == ["First note.", "Second note.", "Aside note.", "Listed note."])
        // The aside a reference points at is a footnote: hidden from the flow.
        let aside = try #require(book.links.notes.first { $0.id == "a1" })
        #expect(Self.isHidden(book.text, at: aside.range.lowerBound))
        // An aside no reference points at is a sidebar, left alone.
        let sidebar = try Self.read([("c.xhtml", "<p>Text.</p><aside id=\"s\"><p>Sidebar.</p></aside>")])
        #expect(sidebar.links.notes.isEmpty)
        #expect(EPUBTestReading.paragraphs(sidebar) == ["Text.", "Sidebar."])
        #expect(!Self.isHidden(sidebar.text, at: 7))
    }

    @Test func badLinksStayText() throws {
        let book = try Self.read([("c.xhtml", """
            <p>To <a href="missing.xhtml">nowhere</a>, a <a epub:type="noteref" href="#gone">1</a> reference to no
            note, an <a href="#nothere">unknown id</a>, and <a href="https://example.org/">the web</a>.</p>
            """)])
        let publication = book.publication
        func link(_ word: String) -> Link? {
            let string = book.text.string(in: 0..<book.text.length)
            guard let range = string.range(of: word) else { return nil }
            return publication.link(atOffset: string.utf16.distance(from: string.startIndex, to: range.lowerBound))
        }
        #expect(link("nowhere") == nil)
        #expect(link("1 reference") == nil)
        #expect(publication.links.noteReferences.isEmpty)
        // An unknown id goes to the start of its file, as a table of contents entry does.
        let unknown = try #require(link("unknown id"))
        #expect(unknown.target?.offset == 0)
        let web = try #require(link("the web"))
        #expect(web.href == "https://example.org/" && web.target == nil)
        #expect(book.warnings.filter { $0.contains("missing.xhtml") }.count == 1)
        #expect(book.warnings.filter { $0.contains("#gone") }.count == 1)
        #expect(book.warnings.filter { $0.contains("#nothere") }.count == 1)
        #expect(book.warnings.allSatisfy { !$0.contains("\n") })
    }

    /// Note references are raised and smaller: those the book leaves on the baseline (a bare `<a>` marked noteref)
    /// are set as `<sup>` is; those it raises itself keep their look; other links are untouched.
    @Test func noteReferencesAreRaisedAndSmaller() throws {
        let book = try Self.read([("c.xhtml", """
            <p>Bare<a epub:type="noteref" href="#n1">1</a>, in sup<sup><a epub:type="noteref" href="#n2">2</a></sup>, and \
            <a href="#n1">a plain link</a>.</p>
            <aside epub:type="footnote" id="n1"><p>One.</p></aside><aside epub:type="footnote" id="n2"><p>Two.</p></aside>
            """)])
        let paragraph = book.text.paragraphs[0]
        func style(_ word: String) throws -> TextStyle {
            let units = Array(paragraph.contentString.utf16), target = Array(word.utf16)
            let start = try #require((0...(units.count - target.count)).first { Array(units[$0..<($0 + target.count)]) == target })
            return try #require(paragraph.runs.first { $0.range.contains(start) }?.style)
        }
        let bare = try style("1"), sup = try style("2"), plain = try style("a plain link"), body = try style("Bare")
        #expect(bare.baselineShift > 0.4 && bare.fontScale < body.fontScale)
        #expect(sup.baselineShift > 0.4 && abs(sup.fontScale - 0.75 * body.fontScale) < 0.001)
        #expect(plain.baselineShift == 0 && plain.fontScale == body.fontScale)
    }
}
