import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// A spine item Typeset cannot show, because its file is missing from the container or its type is not one it
/// shows, is shown as the first item of its manifest `fallback` chain that it can (EPUB 3.3 §3.4.3, manifest
/// fallbacks; W3C's `lay-pp-spine-overrides_image-spine-reflow`): a generated family of chains, walked against a
/// model of the rule, with cycles and targets missing from the manifest.
@Suite struct EPUBSpineFallbackTests {
    /// What one link of a chain is.
    enum Kind: CaseIterable, CustomStringConvertible {
        case xhtml, missingXHTML, image, missingImage, foreign

        var description: String {
            switch self {
            case .xhtml: "xhtml"
            case .missingXHTML: "missing xhtml"
            case .image: "png"
            case .missingImage: "missing png"
            case .foreign: "foreign"
            }
        }

        /// Whether the model shows an item of this kind (present, and XHTML or a drawn image).
        var isShown: Bool { self == .xhtml || self == .image }
        var isPresent: Bool { self == .xhtml || self == .image || self == .foreign }
    }

    /// How a chain ends: at its last item, in a cycle back to its first, or naming an id the manifest lacks.
    enum Ending: CaseIterable { case end, cycle, unknownTarget }

    /// A book whose one spine item is `i0`, with `fallback` links i0 → i1 → ... in `kinds`' order.
    static func book(_ kinds: [Kind], ending: Ending) -> EPUBTestArchive {
        var manifest = ""
        var files: [(String, [UInt8])] = []
        for (index, kind) in kinds.enumerated() {
            let next: String? = index + 1 < kinds.count ? "i\(index + 1)"
                : ending == .cycle ? "i0" : ending == .unknownTarget ? "nowhere" : nil
            let fallback = next.map { " fallback=\"\($0)\"" } ?? ""
            let (href, type): (String, String) = switch kind {
            case .xhtml, .missingXHTML: ("i\(index).xhtml", "application/xhtml+xml")
            case .image, .missingImage: ("i\(index).png", "image/png")
            case .foreign: ("i\(index).foo", "application/x-foo")
            }
            manifest += "<item id=\"i\(index)\" href=\"\(href)\" media-type=\"\(type)\"\(fallback)/>\n"
            switch kind {
            case .xhtml: files.append((href, Array(EPUBTestArchive.xhtml("<p>Item \(index)</p>").utf8)))
            case .foreign: files.append((href, Array("not a document".utf8)))
            case .image: files.append((href, NavigationTests.tinyPNG))
            case .missingXHTML, .missingImage: break
            }
        }
        var archive = EPUBPackageConformanceTests.book(metadata: "<dc:title>T</dc:title>", manifest: manifest,
                                                       spine: "<itemref idref=\"i0\"/>")
        for (name, bytes) in files { archive.add("OEBPS/" + name, bytes: bytes) }
        return archive
    }

    /// Every chain of one to three links of every kind, ending at its end, in a cycle or at an unknown id: the
    /// book shows the first present item of a shown type (its text, or its image as a page); with none, the
    /// spine item itself when it is in the container (nothing to show: a warning), else reading fails as for a
    /// missing item without a fallback.
    @Test(arguments: Ending.allCases)
    func theFirstItemOfTheChainThatCanBeShownIsShown(_ ending: Ending) throws {
        var chains: [[Kind]] = [], level: [[Kind]] = [[]]
        for _ in 0..<3 {
            level = level.flatMap { chain in Kind.allCases.map { chain + [$0] } }
            chains += level
        }
        #expect(chains.count == 5 + 25 + 125)
        for kinds in chains {
            let archive = Self.book(kinds, ending: ending)
            let label = "\(kinds), \(ending)"
            guard let shown = kinds.firstIndex(where: \.isShown) else {
                if kinds[0].isPresent {
                    let book = try EPUBTestReading.read(archive)
                    #expect(book.text.paragraphs.allSatisfy { $0.contentString.isEmpty }, "\(label)")
                    #expect(book.warnings.contains { $0.contains("cannot show") }, "\(label): \(book.warnings)")
                } else {
                    try EPUBTestReading.expectFailure(archive, code: .malformed, mentions: ["i0", "missing from the archive"])
                }
                continue
            }
            let book = try EPUBTestReading.read(archive)
            #expect(book.spine.map(\.idref) == ["i0"], "\(label)")
            switch kinds[shown] {
            case .xhtml:
                #expect(EPUBTestReading.paragraphs(book) == ["Item \(shown)"], "\(label): \(EPUBTestReading.paragraphs(book))")
            default:
                let sources = book.text.paragraphs.flatMap { $0.runs.compactMap { $0.style.attachment?.source } }
                #expect(sources == ["OEBPS/i\(shown).png"], "\(label): \(sources)")
            }
            if !kinds[0].isPresent {
                #expect(book.warnings.contains { $0.contains("i0") && $0.contains("fallback") }, "\(label): \(book.warnings)")
            }
        }
    }

    /// A long chain is walked to its end (each item once: its length bounds the work), and a cycle of missing
    /// items ends rather than loops.
    @Test func longChainsAndCyclesOfMissingItemsEnd() throws {
        let long = [Kind](repeating: .missingXHTML, count: 400) + [.xhtml]
        #expect(EPUBTestReading.paragraphs(try EPUBTestReading.read(Self.book(long, ending: .end))) == ["Item 400"])
        try EPUBTestReading.expectFailure(Self.book([Kind](repeating: .missingXHTML, count: 50), ending: .cycle),
                                          code: .malformed, mentions: ["missing from the archive"])
    }
}
