import Foundation
import Testing
import TypesetTestSupport

/// `typeset search`, and the `search`, `nextResult` and `previousResult` operations of `typeset query`.
@Suite struct SearchCommandTests {
    static let book = """
        Title: A Small Book
        Language: English

        The first paragraph names Natásha once, and then the word resume.

        In the second, NATASHA shouts; natasha answers, with her résumé in hand.

        The third has none of it, but it has art, a part, and an artist.
        """

    static func lines(_ result: CLIResult) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func oneJSONLinePerResultInBookOrder() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["search", file, "natasha"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let results = try Self.lines(result)
        #expect(results.count == 3)
        #expect(results.map { $0["index"] as? Int } == [0, 1, 2])
        let locations = results.compactMap { ($0["range"] as? [String: Int])?["location"] }
        #expect(locations == locations.sorted() && locations.count == 3)
        let locator = try #require(results.first?["locator"] as? [String: Any])
        #expect(locator["href"] as? String == "book.txt")
        #expect((locator["text"] as? [String: String])?["highlight"] == "Natásha")
        #expect(result.stderrLines == ["typeset: 3 results for \"natasha\""])
    }

    @Test func optionsChangeWhatMatches() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        func count(_ arguments: [String]) throws -> Int {
            let result = try CLIRunner.run(["search", "-q", file] + arguments, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            return try Self.lines(result).count
        }
        #expect(try count(["Natasha"]) == 3)
        #expect(try count(["Natasha", "--case-sensitive"]) == 1)
        #expect(try count(["natasha", "--diacritic-sensitive"]) == 2)
        #expect(try count(["Natásha", "--exact"]) == 1)
        #expect(try count(["resume"]) == 2)
        #expect(try count(["art"]) == 3)
        #expect(try count(["art", "--whole-word"]) == 1)
        #expect(try count(["natasha", "--max-results", "2"]) == 2)
        #expect(try count(["--", "-the"]) == 0, "-- lets a query start with a dash")
    }

    /// Queries that can find nothing: no results and a notice saying why, exit 0; a missing query or a third word is
    /// a usage error.
    @Test func badQueriesAreClear() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        for (query, reason) in [("", "the query is empty"), ("   ", "the query is empty"),
                                ("\u{301}\u{302}", "the query has only spaces, combining marks"),
                                (String(repeating: "x", count: 257), "the query has 257 UTF-16 units, more than the 256")] {
            let result = try CLIRunner.run(["search", file, query], in: directory)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
            #expect(result.stderr.contains("no results: \(reason)"), "\(result.stderr)")
        }
        let missing = try CLIRunner.run(["search", file], in: directory)
        #expect(missing.status == 2 && missing.stderrLines == ["typeset: search: no query (typeset search FILE QUERY)"])
        let third = try CLIRunner.run(["search", file, "two", "words"], in: directory)
        #expect(third.status == 2 && third.stderr.contains("quote a query of several words"))
        // A mistyped command is named as one, with the command meant (it read as a second input file).
        let mistyped = try CLIRunner.run(["serch", file, "two"], in: directory)
        #expect(mistyped.status == 2 && mistyped.stderrLines == ["typeset: no command serch: did you mean search? (and no file of that name)"],
                "\(mistyped.stderr)")
        let transposed = try CLIRunner.run(["lcoate", file], in: directory)
        #expect(transposed.stderr.contains("did you mean locate?"), "\(transposed.stderr)")
        // A file of that name is a book; a word near no command is a file name, as before.
        _ = try directory.write("Serch is a word.\n", to: "serch")
        let book = try CLIRunner.run(["info", "serch"], in: directory)
        #expect(book.status == 0, "\(book.stderr)")
        let unknown = try CLIRunner.run(["book"], in: directory)
        #expect(unknown.status != 0 && !unknown.stderr.contains("did you mean"), "\(unknown.stderr)")
        let badLimit = try CLIRunner.run(["search", file, "x", "--max-results", "0"], in: directory)
        #expect(badLimit.status == 2)
    }

    /// `--highlight-pages` draws each page holding a result, with the results highlighted: the page differs from
    /// the same page drawn bare.
    @Test func highlightPagesDrawsThePagesWithResults() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["search", "--fonts", "bundled", file, "natasha", "--highlight-pages", "found"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("found"))
        #expect(files == ["page-0001.png"])
        #expect(result.stderr.contains("wrote 1 page to found/ (page-0001.png)"))
        let bare = try CLIRunner.run(["--fonts", "bundled", file, "-o", "bare.png"], in: directory)
        #expect(bare.status == 0)
        let highlighted = try Data(contentsOf: URL(fileURLWithPath: directory.path("found/page-0001.png")))
        let plain = try Data(contentsOf: URL(fileURLWithPath: directory.path("bare.png")))
        #expect(highlighted.starts(with: [0x89, 0x50, 0x4E, 0x47]) && highlighted != plain)
    }

    /// `typeset query`: search keeps the results; nextResult and previousResult move the reading position to the
    /// next or previous one and answer the page with the result.
    @Test func queryOperations() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let requests = [
            #"{"op": "nextResult"}"#,
            #"{"op": "search", "query": "natasha", "limit": 2}"#,
            #"{"op": "nextResult"}"#,
            #"{"op": "nextResult"}"#,
            #"{"op": "nextResult"}"#,
            #"{"op": "nextResult"}"#,
            #"{"op": "previousResult"}"#,
            #"{"op": "search", "query": "natasha", "options": {"caseSensitive": true, "diacriticSensitive": true}}"#,
            #"{"op": "search", "query": "x", "options": {"regex": true}}"#,
            #"{"op": "search", "query": "x", "options": {"exact": "yes"}}"#,
            #"{"op": "search", "query": ""}"#,
        ]
        let result = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try Self.lines(result)
        #expect(answers.count == requests.count)
        #expect((answers[0]["error"] as? String)?.contains("no search to move in") == true)
        #expect(answers[1]["count"] as? Int == 3)
        #expect((answers[1]["results"] as? [[String: Any]])?.count == 2)
        #expect((answers[1]["results"] as? [[String: Any]])?.first?["page"] as? Int == 1)
        let moves = answers[2...5].map { (($0["result"] as? [String: Any])?["index"] as? Int) }
        #expect(moves == [0, 1, 2, nil])
        #expect(answers[5]["unchanged"] as? String == "already on the last result")
        #expect((answers[6]["result"] as? [String: Any])?["index"] as? Int == 1)
        #expect(answers[2]["anchor"] as? Int == 0, "the reading position moves to the result's page")
        #expect(answers[7]["count"] as? Int == 1)
        #expect((answers[8]["error"] as? String)?.contains("unknown search option \"regex\"") == true)
        #expect((answers[9]["error"] as? String)?.contains("options.exact must be true or false") == true)
        #expect(answers[10]["count"] as? Int == 0 && answers[10]["unsearchable"] as? String == "the query is empty")
    }

    /// `typeset query`'s `utterances`: the sentences to read aloud, from the reading position or an offset.
    @Test func queryUtterances() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let requests = [#"{"op": "utterances", "count": 2}"#, #"{"op": "utterances", "from": 70, "count": 1}"#,
                        #"{"op": "utterances", "from": 999999}"#, #"{"op": "utterances", "count": 0}"#]
        let result = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try Self.lines(result)
        let first = try #require(answers[0]["utterances"] as? [[String: Any]])
        #expect(first.count == 2)
        #expect(first.map { $0["text"] as? String } == ["Title: A Small Book", "Language: English"])
        #expect(first.allSatisfy { $0["language"] as? String == "en" })
        #expect((first[0]["words"] as? [[String: Int]])?.isEmpty == false && first[0]["locator"] is [String: Any])
        let second = try #require(answers[1]["utterances"] as? [[String: Any]])
        #expect((second.first?["text"] as? String)?.hasPrefix("The first paragraph names Natásha once") == true)
        #expect((answers[2]["error"] as? String)?.contains("outside the text") == true)
        #expect((answers[3]["error"] as? String)?.contains("from 1 to 1000") == true)
    }
}
