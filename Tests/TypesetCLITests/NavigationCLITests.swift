import Foundation
import Testing
import TypesetTestSupport

/// The navigation lists, print pages and cover through `info --json`, `--print-page` and `typeset query`.
@Suite struct NavigationCLITests {
    static func fixture(_ name: String) -> String { Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/" + name }

    static func object(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stderr)")
    }

    @Test func infoListsEveryNavigationListWithPagesAndLocators() throws {
        let directory = try TemporaryDirectory()
        for (book, kinds, start) in [("navigation-epub3.epub", ["toc", "page-list", "landmarks", "loi", "lot", "nav"], "OEBPS/chapter-1.xhtml"),
                                     ("navigation-epub2.epub", ["toc", "page-list", "navList", "landmarks"], "OEBPS/letter-1.xhtml")] {
            let info = try CLIRunner.run(["info", "--fonts", "bundled", "--json", "-q", Self.fixture(book)], in: directory)
            #expect(info.status == 0, "\(info.stderr)")
            let facts = try Self.object(info)
            let lists = try #require(facts["navigation"] as? [[String: Any]])
            #expect(lists.compactMap { $0["kind"] as? String } == kinds, "\(book)")
            let pageList = try #require(lists.first { $0["kind"] as? String == "page-list" }?["entries"] as? [[String: Any]])
            for entry in pageList {
                #expect(entry["page"] as? Int != nil && entry["offset"] as? Int != nil, "\(book): \(entry)")
                let locator = try #require(entry["locator"] as? [String: Any])
                let locations = try #require(locator["locations"] as? [String: Any])
                // The page in effect there: the entry's own, or the next one's at the same place (after a blank page).
                let inEffect = pageList.last { $0["offset"] as? Int == entry["offset"] as? Int }?["label"] as? String
                #expect(locations["typesetPrintPage"] as? String == inEffect, "\(book): the Locator names its print page")
            }
            let printPages = try #require(facts["printPages"] as? [String: Any])
            #expect(printPages["source"] as? String == "page-list")
            #expect((printPages["pages"] as? [[String: Any]])?.count == pageList.count)
            #expect((facts["cover"] as? String)?.hasSuffix(".png") == true)
            // The book opens at its body-matter landmark (EPUB 2: the guide's text reference).
            let spine = try #require(facts["spine"] as? [[String: Any]])
            let body = try #require(spine.first { $0["href"] as? String == start }?["range"] as? [String: Int])
            #expect(facts["startOffset"] as? Int == body["location"])
        }
        // A plain-text book: its chapters as its toc, synthetic reference pages, no cover.
        let plain = try Self.object(try CLIRunner.run(["info", "--fonts", "bundled", "--json", "-q",
                                                       Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"], in: directory))
        #expect((plain["navigation"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["toc"])
        #expect((plain["printPages"] as? [String: Any])?["source"] as? String == "synthetic")
        #expect(plain["cover"] is NSNull)
    }

    @Test func renderLocateAndQueryGoToAPrintPage() throws {
        let directory = try TemporaryDirectory()
        let book = Self.fixture("navigation-epub3.epub")
        let info = try Self.object(try CLIRunner.run(["info", "--fonts", "bundled", "--json", "-q", book], in: directory))
        let pages = try #require((info["printPages"] as? [String: Any])?["pages"] as? [[String: Any]])
        let seven = try #require(pages.first { $0["label"] as? String == "7" }?["page"] as? Int)
        let located = try Self.object(try CLIRunner.run(["locate", "--fonts", "bundled", "--json", "--print-page", "7", book], in: directory))
        #expect(located["page"] as? Int == seven)
        let drawn = try CLIRunner.runBundled(["--print-page", "7", "--print-page-labels", "-o", directory.path("out"), book], in: directory)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try directory.entries("out") == [String(format: "page-%04d.png", seven)])
        let missing = try CLIRunner.runBundled(["--print-page", "xlii", book], in: directory)
        expectFailure(missing, status: 2, mentioning: ["--print-page", "xlii", "i, ii, 1, 2, 3"])
        let query = try CLIRunner.run(["query", "--fonts", "bundled", book], in: directory, input: """
            {"op": "goTo", "printPage": "7"}
            {"op": "goTo", "page": 2}
            {"op": "goTo", "printPage": "xlii"}

            """)
        let answers = try query.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(answers.count == 3)
        #expect(answers[0]["page"] as? Int == seven && (answers[0]["printPages"] as? [String])?.contains("7") == true)
        #expect(answers[0]["printPageSource"] as? String == "page-list")
        #expect(answers[1]["page"] as? Int == 2 && answers[1]["pageCountIsExact"] as? Bool == true)
        #expect((answers[2]["error"] as? String)?.contains("no print page \"xlii\"") == true, "\(answers[2])")
    }
}
