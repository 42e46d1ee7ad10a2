import Foundation
import Testing
import TypesetCore
import TypesetDocuments

/// The book-wide budgets of `EPUBLimits` (issue 22): hostile books that stayed under every per-entry check,
/// built small in the test with proportionally small limits.
@Suite struct EPUBBudgetTests {
    static let chapter = EPUBTestArchive.xhtml("<h1>One</h1><p>Some text.</p>")

    /// An XHTML chapter of exactly `bytes` bytes of one repeated letter: it deflates about a thousand times.
    static func compressibleChapter(bytes: Int) -> String {
        let empty = EPUBTestArchive.xhtml("<p></p>")
        return EPUBTestArchive.xhtml("<p>" + String(repeating: "a", count: bytes - empty.utf8.count) + "</p>")
    }

    /// `archive` with its package document's spine replaced by `spine` (itemref elements).
    static func withSpine(_ archive: EPUBTestArchive, _ spine: String, manifest extra: String = "") -> EPUBTestArchive {
        var changed = archive
        guard let index = changed.entries.firstIndex(where: { $0.name == "OEBPS/content.opf" }) else { return changed }
        var opf = String(decoding: changed.entries[index].bytes, as: UTF8.self)
        if let start = opf.range(of: "<spine >"), let end = opf.range(of: "</spine>") {
            opf.replaceSubrange(start.upperBound..<end.lowerBound, with: spine)
        }
        opf = opf.replacingOccurrences(of: "</manifest>", with: extra + "</manifest>")
        changed.entries[index].bytes = Array(opf.utf8)
        return changed
    }

    /// The per-entry ratio check skipped an entry of exactly the threshold (`>` where `>=` was meant): 240 such
    /// entries of 1 MiB made a 307 KB book of 251 million units.
    @Test func anEntryOfExactlyTheThresholdIsHeldToTheRatio() throws {
        var options = EPUBReader.Options()
        options.limits.ratioCheckThreshold = 64 << 10
        let chapter = Self.compressibleChapter(bytes: 64 << 10)
        #expect(chapter.utf8.count == 64 << 10)
        try EPUBTestReading.expectFailure(.book(chapters: [("c0.xhtml", chapter)]), code: .tooLarge,
                                          mentions: ["OEBPS/c0.xhtml", "inflates", "100×"], options: options)
    }

    /// Entries each under the threshold are held to the ratio together, on what was actually inflated.
    @Test func manySmallEntriesAreHeldToTheRatioTogether() throws {
        var options = EPUBReader.Options()
        options.limits.ratioCheckThreshold = 64 << 10
        let chapter = Self.compressibleChapter(bytes: 48 << 10)
        let chapters = (0..<8).map { ("c\($0).xhtml", chapter) }
        try EPUBTestReading.expectFailure(.book(chapters: chapters), code: .tooLarge,
                                          mentions: ["its entries inflate", "100×", "OEBPS/c1.xhtml"], options: options)
        // One such entry alone is under the threshold and reads.
        let book = try EPUBTestReading.read(.book(chapters: [("c0.xhtml", chapter)]), options: options)
        #expect(book.text.length > 40_000)
    }

    /// A spine naming one chapter again and again shows it each time (EPUB 3.3; the W3C suite's
    /// pkg-spine-duplicate-item-rendering) while converting it once, so the book's totals bound what the copies cost;
    /// a spine longer than the limit is refused before anything is read.
    @Test func aSpineListingOneChapterManyTimesIsBoundedByTheBooksTotals() throws {
        let base = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        let repeated = Self.withSpine(base, String(repeating: "<itemref idref=\"c0\"/>\n", count: 2_000))
        let book = try EPUBTestReading.read(repeated)
        #expect(EPUBTestReading.paragraphs(book).count == 4_000)
        #expect(book.text.sectionStarts.count == 2_000)
        // Other ids with the same href are the same resource, shown as often as they are listed.
        let aliases = (0..<50).map { "<item id=\"alias\($0)\" href=\"one.xhtml\" media-type=\"application/xhtml+xml\"/>\n" }.joined()
        let aliased = Self.withSpine(base, (0..<50).map { "<itemref idref=\"alias\($0)\"/>\n" }.joined(), manifest: aliases)
        #expect(EPUBTestReading.paragraphs(try EPUBTestReading.read(aliased)).count == 100)
        // The copies count toward the book's text: 2,000 copies of 2 paragraphs are over a 3,000-paragraph budget.
        var options = EPUBReader.Options()
        options.limits.maximumParagraphCount = 3_000
        try EPUBTestReading.expectFailure(repeated, code: .tooLarge, mentions: ["3000"], options: options)
        options = EPUBReader.Options()
        options.limits.maximumSpineItems = 1_000
        try EPUBTestReading.expectFailure(repeated, code: .tooLarge, mentions: ["OEBPS/content.opf", "2000 items", "1000"],
                                          options: options)
    }

    @Test func theBooksUnitsParagraphsAndImagesAreBounded() throws {
        let paragraph = "<p>" + String(repeating: "word ", count: 100) + "</p>"
        let chapter = EPUBTestArchive.xhtml(String(repeating: paragraph, count: 10))
        let chapters = (0..<5).map { ("c\($0).xhtml", chapter) }
        #expect(throws: Never.self) { try EPUBTestReading.read(.book(chapters: chapters)) }
        var options = EPUBReader.Options()
        options.limits.maximumTextLength = 8_000
        try EPUBTestReading.expectFailure(.book(chapters: chapters), code: .tooLarge,
                                          mentions: ["OEBPS/c1.xhtml", "10000 UTF-16 units", "8000"], options: options)
        options = EPUBReader.Options()
        options.limits.maximumParagraphCount = 25
        try EPUBTestReading.expectFailure(.book(chapters: chapters), code: .tooLarge,
                                          mentions: ["OEBPS/c2.xhtml", "30 paragraphs", "25"], options: options)
        var images = EPUBTestArchive.book(chapters: [("pictures.xhtml", EPUBTestArchive.xhtml(String(repeating: "<p><img src=\"a.png\" alt=\"A\"/></p>", count: 40)))])
        images.add("OEBPS/a.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        options = EPUBReader.Options()
        options.limits.maximumImageCount = 30
        try EPUBTestReading.expectFailure(images, code: .tooLarge, mentions: ["OEBPS/pictures.xhtml", "40 images", "30"], options: options)
    }

    /// Limits are numbers a caller gives: negative or extreme ones refuse (or admit) books, never trap.
    @Test func extremeLimitsNeverTrap() throws {
        let archive = EPUBTestArchive.book(chapters: [("one.xhtml", Self.chapter)])
        for value in [Int.min, -1, 0, Int.max] {
            var options = EPUBReader.Options()
            options.limits.maximumEntrySize = value
            options.limits.maximumTotalSize = value
            options.limits.ratioCheckThreshold = value
            options.limits.maximumCompressionRatio = value
            do { _ = try EPUBTestReading.read(archive, options: options) } catch let error as DocumentError {
                #expect(error.code == .tooLarge, "\(value): \(error.message)")
            }
        }
    }
}
