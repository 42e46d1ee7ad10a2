import Foundation
import Testing
import TypesetTestSupport

/// The reading state through the CLI: `typeset query`'s reader operations, `typeset locate`, `typeset positions`,
/// and rendering the page of an offset or a Locator.
@Suite struct ReadingCommandTests {
    /// A book of 40 paragraphs, long enough for several pages at 30 pt.
    static let book = (0..<40).map { "Paragraph \($0) tells of a reader who changes the font and keeps the place." }
        .joined(separator: "\n\n")

    func json(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func queryDrivesTheReader() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let requests = [
            #"{"op": "goTo", "offset": 1500}"#,
            #"{"op": "setSettings", "settings": {"size": 30, "font": "Noto Sans", "margins": "40,20"}}"#,
            #"{"op": "setSettings", "settings": {"size": 19, "font": "Charis SIL", "margins": 24}}"#,
            #"{"op": "nextPage"}"#,
            #"{"op": "previousPage"}"#,
            #"{"op": "currentPage"}"#,
            #"{"op": "goTo", "locator": {"href": "book.txt", "type": "text/plain", "locations": {"progression": 0.5}}}"#,
            #"{"op": "goTo", "locator": {"href": "missing.txt", "type": "text/plain"}}"#,
            #"{"op": "setSettings", "settings": {"size": "big"}}"#,
            #"{"op": "goTo", "offset": 999999}"#,
            #"{"op": "currentPage"}"#,
        ]
        let result = try CLIRunner.run(["query", "--fonts", "bundled", "--font", "Charis SIL", file], in: directory,
                                       input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map(json)
        try #require(answers.count == requests.count)
        let first = answers[0]
        let anchor = try #require(first["anchor"] as? Int)
        let range = try #require(first["range"] as? [String: Int])
        #expect(range["location"] == anchor)
        // A settings change keeps the anchor and shows the page holding it; changing back shows the first page.
        let bigger = answers[1]
        #expect(bigger["anchor"] as? Int == anchor)
        let biggerRange = try #require(bigger["range"] as? [String: Int])
        #expect((biggerRange["location"] ?? .max) <= anchor && anchor < (biggerRange["location"] ?? 0) + (biggerRange["length"] ?? 0))
        #expect(answers[2]["range"] as? [String: Int] == range)
        #expect(answers[2]["page"] as? Int == first["page"] as? Int)
        #expect(answers[3]["page"] as? Int == (first["page"] as? Int ?? -9) + 1)
        #expect(answers[4]["range"] as? [String: Int] == range)
        #expect(answers[5]["range"] as? [String: Int] == range)
        let locator = try #require(answers[5]["locator"] as? [String: Any])
        #expect(locator["href"] as? String == "book.txt")
        #expect(((locator["locations"] as? [String: Any])?["typesetUTF16Offset"]) as? Int == anchor)
        #expect(((answers[6]["resolution"] as? [String: Any])?["method"]) as? String == "progression")
        #expect((answers[7]["error"] as? String)?.contains("no resource \"missing.txt\"") == true)
        #expect((answers[8]["error"] as? String)?.contains("size: must be a number, got a string") == true)
        #expect((answers[9]["error"] as? String)?.contains("outside the text") == true)
        // Errors left the reader where it was.
        #expect(answers[10]["range"] as? [String: Int] == answers[6]["range"] as? [String: Int])
    }

    @Test func locateAndRenderTheSamePage() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let options = ["--fonts", "bundled", "--size", "30", "-q"]
        let located = try CLIRunner.run(["locate"] + options + ["--json", "--at", "2000", file], in: directory)
        #expect(located.status == 0, "\(located.stderr)")
        let answer = try json(Substring(located.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let page = try #require(answer["page"] as? Int)
        // Without --json, locate prints the Locator itself (the page's figures go to stderr), which --locator reads.
        let bare = try CLIRunner.run(["locate", "--fonts", "bundled", "--size", "30", "--at", "2000", file], in: directory)
        #expect(bare.status == 0 && bare.stderr.contains("typeset: page \(page) of "), "\(bare.stderr)")
        let locator = try json(Substring(bare.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(locator["href"] as? String == "book.txt" && locator["type"] as? String == "text/plain")
        #expect(NSDictionary(dictionary: locator).isEqual(to: try #require(answer["locator"] as? [String: Any])))
        let locatorFile = try directory.write(bare.stdout, to: "loc.json")
        // Rendering with that Locator writes exactly that page.
        let rendered = try CLIRunner.run(options + ["--locator", locatorFile, "-o", "out", file], in: directory)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("out"))
        #expect(files == [String(format: "page-%04d.png", page)])
        // The last page's Locator says 1.0.
        let count = try #require(answer["pageCount"] as? Int)
        let last = try CLIRunner.run(["locate"] + options + ["--json", "--pages", String(count), file], in: directory)
        let lastLocations = (try json(Substring(last.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))["locator"] as? [String: Any])?["locations"] as? [String: Any]
        #expect(lastLocations?["totalProgression"] as? Double == 1)
    }

    @Test func badLocatorsAndOffsetsAreClearErrors() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let cases: [(String, Int32, String)] = [
            (#"{"href": "other.txt", "type": "text/plain"}"#, 1, "no resource \"other.txt\""),
            (#"{"href": "book.txt""#, 1, "not valid JSON: line 1, column 20"),
            (#"{"type": "text/plain"}"#, 1, "missing \"href\""),
            (#"{"href": "book.txt", "type": "text/plain", "locations": {"typesetUTF16Offset": 5}, "text": {"highlight": "not in this book at all"}}"#, 1, "no longer occurs"),
        ]
        for (json, status, message) in cases {
            let locator = try directory.write(json, to: "loc.json")
            let result = try CLIRunner.run(["--fonts", "bundled", "--locator", locator, "-o", "out", file], in: directory)
            #expect(result.status == status, "\(json): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(json): \(result.stderr)")
        }
        let past = try CLIRunner.run(["--fonts", "bundled", "--at", "99999", file], in: directory)
        #expect(past.status == 2)
        #expect(past.stderr.contains("past the end"))
        let both = try CLIRunner.run(["--fonts", "bundled", "--at", "5", "--pages", "1", file], in: directory)
        #expect(both.status == 2)
    }

    @Test func positionsAndFigures() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["positions", "--at", "1000", file], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try json(Substring(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let length = Self.book.utf16.count
        #expect(answer["total"] as? Int == (length + 1023) / 1024)
        let positions = try #require(answer["positions"] as? [[String: Any]])
        #expect(positions.count == answer["total"] as? Int)
        #expect((positions.last?["locations"] as? [String: Any])?["position"] as? Int == positions.count)
        let figures = try #require(answer["figures"] as? [String: Any])
        #expect(figures["words"] as? Int == 40 * 14)
        #expect(figures["percentRead"] as? Int == 1000 * 100 / length)
    }
}
