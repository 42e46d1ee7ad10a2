import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The EPUB reader on the corpus's four books (`Tests/Corpus`). Render-free: metadata, spine, table of contents,
/// offsets, directions.
@Suite
struct EPUBCorpusTests {
    static let prideAndPrejudice = "austen-pride-and-prejudice.pg-epub2.epub"
    static let childrensLiterature = "curry-clippinger-childrens-literature.epub"
    static let arabic = "khayat-le-vrai-regime-anticancer.ar.epub"
    static let leavesOfGrass = "whitman-leaves-of-grass.se-epub3.epub"
    static let all = [prideAndPrejudice, childrensLiterature, arabic, leavesOfGrass]

    static func read(_ name: String, publisherStyles: Bool = true) throws -> EPUBBook {
        var options = EPUBReader.Options()
        options.publisherStyles = publisherStyles
        return try EPUBReader(options: options).read(path: Fixtures.corpusPath(name))
    }

    /// Titles as nav labels spell them and as the text has them: word joiners dropped, no-break spaces as spaces.
    static func normalized(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\u{2060}" }.map { $0 == "\u{A0}" ? " " : Character($0) }).lowercased()
    }

    @Test func metadata() throws {
        let pride = try Self.read(Self.prideAndPrejudice).metadata
        #expect(pride.title == "Pride and Prejudice")
        #expect(pride.authors == ["Jane Austen"])
        #expect(pride.language == "en")
        #expect(pride.identifier == "http://www.gutenberg.org/ebooks/1342")

        let children = try Self.read(Self.childrensLiterature).metadata
        #expect(children.title == "Children's Literature")
        #expect(children.subtitle == "A Textbook of Sources for Teachers and Teacher-Training Classes")
        #expect(children.authors == ["Charles Madison Curry", "Erle Elsworth Clippinger"])

        let arabic = try Self.read(Self.arabic).metadata
        #expect(arabic.title == "Le Vrai Régime anti-cancer")
        #expect(arabic.authors == ["Pr David Khayat", "Nathalie Hutter-Lardeau"])
        #expect(arabic.contributors.contains(EPUBContributor(name: "Marina Khalil Fayad", role: "trl")))
        #expect(arabic.language == "ar")
        #expect(arabic.identifier == "code.google.com.epub-samples.regime-anticancer-arabic")

        let leaves = try Self.read(Self.leavesOfGrass).metadata
        #expect(leaves.title == "Leaves of Grass")
        #expect(leaves.authors == ["Walt Whitman"])  // roles ann, aut, wat, waw: an author
        #expect(leaves.language == "en-US")
        #expect(leaves.identifier == "https://standardebooks.org/ebooks/walt-whitman/leaves-of-grass")
    }

    @Test func spineAndTableOfContents() throws {
        let pride = try Self.read(Self.prideAndPrejudice)
        #expect(pride.version == "2.0")
        #expect(pride.spine.count == 14 && pride.spine.allSatisfy(\.isLinear))
        #expect(pride.tableOfContentsSource == .ncx)
        #expect(pride.tableOfContents.count == 62)
        #expect(pride.tableOfContents.allSatisfy { $0.children.isEmpty })
        #expect(pride.tableOfContents[1].title == "Chapter 1")

        let children = try Self.read(Self.childrensLiterature)
        #expect(children.spine.map(\.href) == ["EPUB/cover.xhtml", "EPUB/nav.xhtml", "EPUB/s04.xhtml"])
        #expect(children.tableOfContentsSource == .navigationDocument)
        #expect(children.tableOfContents.reduce(0) { $0 + $1.count } == 31)
        #expect(children.tableOfContents.map(\.depth).max() == 4)
        // A nav <span> heading has no href and takes its first child's offset.
        let isaacs = try #require(children.tableOfContents[0].children.first { $0.title == "Abram S. Isaacs" })
        #expect(isaacs.href == nil)
        #expect(isaacs.offset != nil && isaacs.offset == isaacs.children.first?.offset)

        let arabic = try Self.read(Self.arabic)
        #expect(arabic.spine.count == 3)
        #expect(arabic.tableOfContents.map(\.title) == ["Couverture", "Page de titre", "Commencer la lecture"])

        let leaves = try Self.read(Self.leavesOfGrass)
        #expect(leaves.spine.count == 44)
        #expect(leaves.tableOfContentsSource == .navigationDocument)
        let entries = leaves.tableOfContents.reduce(0) { $0 + $1.count }
        #expect((690...730).contains(entries), "\(entries) entries")
        #expect(leaves.tableOfContents.map(\.depth).max() == 4)  // book → section → poem → part
        let grass = try #require(leaves.tableOfContents.first { $0.title == "Leaves of Grass" })
        #expect(grass.children.first?.title == "Inscriptions")
        #expect(grass.children.first?.children.first?.title == "One’s-Self I Sing")
    }

    /// Every TOC entry resolves; an entry with a fragment lands on its heading (nav labels and headings agree in
    /// both books whose headings carry the ids), including the non-ASCII id `#eidólons`.
    @Test(arguments: [prideAndPrejudice, leavesOfGrass])
    func tableOfContentsEntriesLandOnTheirHeadings(name: String) throws {
        let book = try Self.read(name)
        #expect(book.warnings.isEmpty, "\(book.warnings.prefix(3))")
        var checked = 0
        func check(_ entries: [EPUBTOCEntry]) {
            for entry in entries {
                let offset = entry.offset
                #expect(offset != nil, "\(entry.title) does not resolve")
                if let offset, let href = entry.href, href.contains("#") {
                    let found = book.text.string(in: offset..<min(book.text.length, offset + entry.title.utf16.count + 8))
                    #expect(Self.normalized(found).hasPrefix(Self.normalized(entry.title)), "\(entry.title): text at \(offset) is \(found.debugDescription)")
                    checked += 1
                }
                check(entry.children)
            }
        }
        check(book.tableOfContents)
        #expect(checked >= 60)
        if name == Self.leavesOfGrass {
            #expect(book.resolvesExactly("epub/text/inscriptions.xhtml#eidólons"))
            #expect(book.resolvesExactly("epub/text/inscriptions.xhtml#eid%C3%B3lons"))
        }
    }

    /// Paragraphs and spine items partition the text; every item starts a section; locations round-trip.
    @Test(arguments: all)
    func offsetsPartitionTheText(name: String) throws {
        let book = try Self.read(name)
        let text = book.text
        var cursor = 0
        for paragraph in text.paragraphs {
            #expect(paragraph.range.lowerBound == cursor)
            // Content, then exactly one `\n` that ends the block; no `\n` inside a block.
            #expect(paragraph.contentRange == 0..<(paragraph.units.count - 1))
            #expect(paragraph.units.last == 0x0A)
            #expect(!paragraph.units[paragraph.contentRange].contains(0x0A))
            cursor = paragraph.range.upperBound
        }
        #expect(cursor == text.length)
        let items = book.spine.compactMap(\.range)
        #expect(items.first?.lowerBound == 0 && items.last?.upperBound == text.length)
        for (previous, next) in zip(items, items.dropFirst()) { #expect(previous.upperBound == next.lowerBound) }
        // The first paragraph of every non-empty item starts a section (a new page).
        for range in items where !range.isEmpty {
            let index = try #require(text.paragraphIndex(containing: range.lowerBound))
            #expect(text.paragraphs[index].range.lowerBound == range.lowerBound)
            #expect(text.sectionStarts.contains(index))
        }
        // Global ↔ (href, local) round trip, at item edges and inside items.
        var samples = items.flatMap { [$0.lowerBound, max($0.lowerBound, $0.upperBound - 1)] }
        samples += stride(from: 0, to: text.length, by: max(1, text.length / 97)).map { $0 }
        for offset in samples {
            let location = try #require(book.location(ofOffset: offset))
            #expect(book.offset(of: location) == offset, "\(location)")
            let item = try #require(book.spine.first { $0.href == location.href })
            #expect(item.range?.contains(offset) == true || item.range?.upperBound == offset)
        }
        #expect(book.location(ofOffset: text.length)?.href == book.spine.last { $0.range != nil }?.href)
        #expect(book.location(ofOffset: -1) == nil && book.location(ofOffset: text.length + 1) == nil)
        #expect(book.positionCount >= items.count)
        #expect(book.positionCount == items.reduce(0) { $0 + max(1, ($1.count + 1023) / 1024) })
    }

    /// Positions are a function of the XHTML alone: publisher styles on or off give the same units, paragraph
    /// ranges, anchors and TOC offsets.
    @Test(arguments: all)
    func positionsDoNotDependOnStyles(name: String) throws {
        let styled = try Self.read(name, publisherStyles: true)
        let plain = try Self.read(name, publisherStyles: false)
        #expect(styled.text.length == plain.text.length)
        #expect(styled.text.paragraphs.map(\.range) == plain.text.paragraphs.map(\.range))
        #expect(styled.text.paragraphs.map(\.units) == plain.text.paragraphs.map(\.units))
        #expect(styled.spine == plain.spine)
        #expect(styled.tableOfContents == plain.tableOfContents)
        #expect(styled.images == plain.images)
        // The styles themselves do differ (the publisher's CSS has an effect).
        #expect(styled.text.paragraphs.map(\.style) != plain.text.paragraphs.map(\.style))
    }

    @Test func arabicBookIsRightToLeft() throws {
        let book = try Self.read(Self.arabic)
        #expect(book.pageProgression == .rightToLeft)
        let content = try #require(book.spine.first { $0.href == "EPUB/Content/C_content.xhtml" }?.range)
        let paragraphs = book.text.paragraphs.filter { content.contains($0.range.lowerBound) }
        #expect(paragraphs.count > 100)
        #expect(paragraphs.allSatisfy { $0.style.baseDirection == .rightToLeft })
        #expect(paragraphs.contains { $0.style.role == .heading(level: 1) && $0.contentString == "ما هو السرطان؟" })
        // The book's language is Arabic, so paragraphs carry none of their own.
        #expect(paragraphs.allSatisfy { $0.style.language == nil })
        // Cover and title page are images with their alt text and sizes from the JPEG headers.
        #expect(book.images.map(\.altText) == ["cover", "titlepage"])
        #expect(book.images.allSatisfy { $0.pixelSize == Size(width: 800, height: 1158) })
        #expect(book.text.string(in: 0..<2) == "\u{FFFC}\n")
    }

    @Test func leavesOfGrassDetails() throws {
        let book = try Self.read(Self.leavesOfGrass)
        // Literal no-break spaces in the XHTML survive.
        #expect(book.text.paragraphs.contains { $0.units.contains(0xA0) })
        // Verse: Standard Ebooks sets each line as a block (`p > span { display: block }`, the `<br>`s between
        // them hidden) with a hanging indent (`padding-left: 1em; text-indent: -1em`; 3 ems for `.i1`): a
        // paragraph per line, the lines of a stanza one block.
        let paragraphs = book.text.paragraphs
        let first = try #require(paragraphs.firstIndex { $0.contentString.hasPrefix("One’s-self I sing") })
        #expect(paragraphs[first].contentString == "One’s-self I sing, a simple separate person,")
        #expect(paragraphs[first + 1].contentString == "Yet utter the word Democratic, the word En-Masse.")
        #expect(paragraphs[first + 1].style.continuesBlock)
        #expect(paragraphs[first].style.firstLineIndent == -1 && paragraphs[first].style.blockIndent == 1)
        #expect(paragraphs[first + 1].style.firstLineIndent == -1)
        #expect(paragraphs[first + 1].style.blockIndent == 1)
        let indented = try #require(paragraphs.first { $0.contentString.hasPrefix("A soul confined by bars and bands") })
        #expect(indented.style.blockIndent == 3 && indented.style.firstLineIndent == -1)  // `span.i1`
        // Headings set in small caps by the publisher's `font-variant: small-caps`.
        let heading = try #require(book.text.paragraphs.first { $0.contentString == "One’s-Self I Sing" })
        #expect(heading.style.role == .heading(level: 3))
        #expect(heading.runs.allSatisfy { $0.style.smallCaps })
        // SVG images: sizes from their viewBox or width/height.
        #expect(book.images.contains { $0.href == "epub/images/titlepage.svg" && $0.pixelSize == Size(width: 1400, height: 340) })
    }

    @Test func childrensLiteratureDetails() throws {
        let book = try Self.read(Self.childrensLiterature)
        #expect(book.images.first?.href == "EPUB/images/cover.png")
        #expect(book.images.first?.altText == "Cover Image")
        #expect(book.images.first?.pixelSize == Size(width: 500, height: 714))
        // The nav is in the spine: its lists' markers are content, hidden by the publisher's list-style: none.
        let item = try #require(book.text.paragraphs.first { $0.contentString.hasSuffix("SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES") && $0.style.role == .listItem })
        #expect(item.contentString.hasPrefix("1.\u{A0}"))
        #expect(item.runs.first?.style.isHidden == true)
        // Emphasis.
        #expect(book.text.paragraphs.contains { $0.runs.contains { $0.style.isItalic && $0.range.count == 4 } })
    }
}
