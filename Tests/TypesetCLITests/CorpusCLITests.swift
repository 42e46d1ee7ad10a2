import Foundation
import Testing
import TypesetTestSupport

/// Corpus books (`Tests/Corpus`) through `typeset --json`: the tool succeeds and its
/// pages and lines partition the text. The awkward inputs of `nasty/` (CR LF, BOM, Latin-1, empty) and the books
/// in other scripts and line styles; the long English novels are left to the library's corpus tests, to keep
/// this suite to a few seconds on two cores.
@Suite
struct CorpusCLITests {
    static let books = Fixtures.corpusTextBooks.filter {
        $0.hasPrefix("nasty/") || $0.hasPrefix("pushkin") || $0.hasPrefix("galen") || $0.hasPrefix("kafka") || $0.hasPrefix("quran")
    }

    @Test(arguments: books)
    func corpusBookLaysOutWithPagesThatPartitionIt(name: String) throws {
        let path = try Fixtures.corpusPath(name)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The expected length: UTF-8 (without a BOM) or, failing that, ISO-8859-1 (one unit per byte).
        var expectedLength: Int
        if let string = String(data: data, encoding: .utf8) {
            expectedLength = string.utf16.count
            if data.starts(with: [0xEF, 0xBB, 0xBF]), string.utf16.first == 0xFEFF { expectedLength -= 1 }
        } else {
            expectedLength = data.count
        }
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json", path], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("typeset: ") && $0.contains("ISO-8859-1") }, "\(result.stderrLines)")
        let layout = try LayoutJSON.parse(result, checkDecimals: false)
        #expect(layout.pages.count == layout.pageCount)
        layout.checkInvariants(textLength: expectedLength)
    }
}
