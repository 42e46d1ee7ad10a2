import Foundation
import Testing
import TypesetTestSupport

/// One page numbering on the command line: `--pages N` draws page N of the full render, counted from the book's
/// first page (the sample book opens past its header, on page 2), under the same file name, up to the last
/// page; `--json`, `info` and `locate` agree.
@Suite struct PageNumberingCLITests {
    static var sample: String { Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt" }

    @Test func pagesNAreTheFullRendersPagesN() throws {
        let directory = try TemporaryDirectory()
        let full = try CLIRunner.runBundled(["--font", "Charis SIL", "-q", "-o", directory.path("full"), Self.sample], in: directory)
        #expect(full.status == 0, "\(full.stderr)")
        let files = try directory.entries("full")
        let count = files.count
        try #require(count > 3)
        for pages in ["1", "2-3", String(count)] {
            let folder = "pages-" + pages
            let run = try CLIRunner.runBundled(["--font", "Charis SIL", "-q", "--pages", pages, "-o", directory.path(folder), Self.sample],
                                               in: directory)
            #expect(run.status == 0, "--pages \(pages): \(run.stderr)")
            for name in try directory.entries(folder) {
                #expect(files.contains(name), "--pages \(pages) wrote \(name)")
                let drawn = try Data(contentsOf: URL(fileURLWithPath: directory.path(folder + "/" + name)))
                let expected = try Data(contentsOf: URL(fileURLWithPath: directory.path("full/" + name)))
                #expect(drawn == expected, "--pages \(pages): \(name) is not the full render's \(name)")
            }
        }
        let beyond = try CLIRunner.runBundled(["--font", "Charis SIL", "--pages", String(count + 1), Self.sample], in: directory)
        expectFailure(beyond, status: 2, mentioning: ["--pages", "\(count) pages"])

        // --json, info and locate count the same pages.
        let json = try LayoutJSON.parse(try CLIRunner.runBundled(["--font", "Charis SIL", "--json", "--pages", "2", Self.sample], in: directory))
        let whole = try LayoutJSON.parse(try CLIRunner.runBundled(["--font", "Charis SIL", "--json", Self.sample], in: directory))
        #expect(whole.pages.count == count && json.pages.map(\.number) == [2])
        #expect(json.pages.first?.range.range == whole.pages[1].range.range)
        let info = try CLIRunner.run(["info", "--fonts", "bundled", "--font", "Charis SIL", "--json", Self.sample], in: directory)
        let facts = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any])
        #expect(facts["pageCount"] as? Int == count)
    }
}
