import Foundation
import Testing
import TypesetTestSupport

/// `typeset serve`'s HTTP API, the server run as a child on a free port: the library, the query protocol (the same
/// JSON as `typeset query`), pages and their text layer, highlights and positions in SQLite surviving a restart,
/// export and import, bad requests answered 4xx with a JSON error, paths confined to the folder, several readers at
/// once under a memory bound.
@Suite(.serialized) struct ServeAPITests {
    static func books(_ server: ServeProcess) throws -> [[String: Any]] {
        let answer = try server.get("/books")
        #expect(answer.status == 200)
        #expect(answer.contentType.hasPrefix("application/json"))
        return try #require(answer.json as? [[String: Any]])
    }

    static func id(_ books: [[String: Any]], file: String) throws -> String {
        try #require(books.first { $0["file"] as? String == file }?["id"] as? String, "\(file) is not listed: \(books)")
    }

    @Test func theLibraryListsTheBooksOfTheFolderAndNothingOutsideIt() throws {
        let directory = try TemporaryDirectory()
        let server = try ServeProcess(folder: try serveFolder(directory), database: directory.path("reader.sqlite"), in: directory)
        let books = try Self.books(server)
        let files = books.compactMap { $0["file"] as? String }.sorted()
        #expect(files == ["link-in.txt", "nested/khayat.epub", "sample-book.txt"], "hidden folders, links out and other files are not books")
        let arabic = try #require(books.first { $0["file"] as? String == "nested/khayat.epub" })
        #expect(arabic["title"] as? String == "Le Vrai Régime anti-cancer")
        #expect(arabic["authors"] as? [String] == ["Pr David Khayat", "Nathalie Hutter-Lardeau"])
        #expect(arabic["format"] as? String == "epub")
        #expect(arabic["pageCount"] is NSNull, "no page count before a reader laid the book out")
        let sample = try #require(books.first { $0["file"] as? String == "sample-book.txt" })
        #expect(sample["format"] as? String == "text")
        for book in books { #expect((book["id"] as? String)?.count == 16) }

        let page = try server.get("/")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        let arabicID = try Self.id(books, file: "nested/khayat.epub")
        #expect(page.text.contains("Le Vrai Régime anti-cancer") && page.text.contains("/books/\(arabicID)/cover"))
        let cover = try server.get("/books/\(try Self.id(books, file: "nested/khayat.epub"))/cover")
        #expect(cover.status == 200 && cover.contentType == "image/jpeg" && cover.body.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try server.get("/books/\(try Self.id(books, file: "sample-book.txt"))/cover").status == 404)
        #expect(try server.get("/static/reader.js").text.contains("closestPosition"))
        #expect(try server.get("/books/\(try Self.id(books, file: "sample-book.txt"))").text.contains("<script src=\"/static/reader.js\">"))
    }

    @Test func badRequestsAreAnswered4xxWithAJSONError() throws {
        let directory = try TemporaryDirectory()
        let server = try ServeProcess(folder: try serveFolder(directory), database: directory.path("reader.sqlite"), in: directory)
        let id = try Self.id(try Self.books(server), file: "sample-book.txt")
        let cases: [(String, String, String?, Int)] = [
            ("GET", "/nowhere", nil, 404),
            ("GET", "/books/0123456789abcdef/info", nil, 404),
            ("GET", "/books/%2e%2e/info", nil, 400),
            ("GET", "/static/secret.txt", nil, 404),
            ("POST", "/", "{}", 405),
            ("DELETE", "/books/\(id)/query", nil, 405),
            ("POST", "/books/\(id)/query", "{not json", 400),
            ("POST", "/books/\(id)/query", "[1, 2]", 400),
            ("POST", "/books/\(id)/query", #"{"op": "nope"}"#, 400),
            ("POST", "/books/\(id)/query", #"{"op": "caretRect", "offset": 99999999}"#, 400),
            ("POST", "/books/\(id)/query?reader=bad%20id", #"{"op": "info"}"#, 400),
            ("POST", "/books/\(id)/view", #"{"op": "goTo", "offset": -1}"#, 400),
            ("GET", "/books/\(id)/views/999.png", nil, 410),
            ("GET", "/books/\(id)/views/abc.png", nil, 404),
            ("POST", "/books/\(id)/highlights", #"{"range": {"location": 5, "length": -2}}"#, 400),
            ("POST", "/books/\(id)/highlights", #"{"range": {"location": 5, "length": 2}, "color": "ultraviolet"}"#, 400),
            ("DELETE", "/books/\(id)/highlights/none", nil, 404),
            ("POST", "/books/\(id)/annotations", #"{"format": "something else"}"#, 400),
            ("POST", "/books/\(id)/speech", #"{"count": 5000}"#, 400),
        ]
        for (method, path, body, status) in cases {
            let answer = try server.request(method, path, body: body)
            #expect(answer.status == status, "\(method) \(path): \(answer.status) \(answer.text)")
            let message = answer.object["error"] as? String
            #expect(message.map { !$0.isEmpty && !$0.contains("\n") } == true, "\(method) \(path): \(answer.text)")
        }
        // Dot segments as a hostile client sends them (URLSession would remove them).
        #expect(try server.rawStatus("GET /books/../../etc/passwd HTTP/1.1") == 400)
        #expect(try server.rawStatus("GET /static/../../Package.swift HTTP/1.1") == 400)
        #expect(try server.rawStatus("GET /books/\(id)/../../../outside.txt HTTP/1.1") == 400)
        // A body past the cap is refused unread.
        let huge = try server.request("POST", "/books/\(id)/query", rawBody: Data(repeating: 0x20, count: 5 << 20))
        #expect(huge.status == 413 && (huge.object["error"] as? String)?.contains("larger") == true)
        // The server is still answering.
        #expect(try server.post("/books/\(id)/query", #"{"op": "info"}"#).status == 200)
    }

    /// `POST /books/ID/query` answers each request as `typeset query` does for the same book and settings.
    @Test func theQueryProtocolOverHTTPAnswersAsTheCommandDoes() throws {
        let directory = try TemporaryDirectory()
        let folder = try serveFolder(directory)
        let server = try ServeProcess(folder: folder, database: directory.path("reader.sqlite"), in: directory)
        let id = try Self.id(try Self.books(server), file: "sample-book.txt")
        let requests = [
            #"{"op": "info"}"#,
            #"{"op": "currentPage"}"#,
            #"{"op": "nextPage"}"#,
            #"{"op": "closestPosition", "page": 2, "point": {"x": 100, "y": 200}}"#,
            #"{"op": "caretRect", "offset": 1000}"#,
            #"{"op": "selectionRects", "range": {"location": 1000, "length": 40}}"#,
            #"{"op": "rangeEnclosingPosition", "offset": 1000, "granularity": "sentence"}"#,
            #"{"op": "search", "query": "Netherfield", "limit": 3}"#,
            #"{"op": "nextResult"}"#,
            #"{"op": "setSettings", "settings": {"size": 24}}"#,
            #"{"op": "lines", "page": 3}"#,
            #"{"op": "utterances", "count": 2}"#,
            #"{"op": "frobnicate"}"#,
        ]
        let command = try CLIRunner.run(["query", "--fonts", "bundled", folder + "/sample-book.txt", "-q"], in: directory,
                                        input: requests.joined(separator: "\n") + "\n")
        #expect(command.status == 0, "\(command.stderr)")
        let expected = command.stdout.split(separator: "\n").map(String.init)
        #expect(expected.count == requests.count)
        for (request, line) in zip(requests, expected) {
            let answer = try server.post("/books/\(id)/query?reader=protocol", request)
            // Page counts are estimates until the background layout ends, in either process, at its own pace.
            #expect(Self.withoutCounts(answer.text) == Self.withoutCounts(line), "\(request)")
            #expect(answer.status == (line.hasPrefix(#"{"error""#) ? 400 : 200), "\(request)")
        }
    }

    /// An answer with its `"pageCount"` and `"pageCountIsExact"` members blanked.
    static func withoutCounts(_ json: String) -> String {
        json.replacing(/"pageCount": [0-9]+, "pageCountIsExact": (true|false)/, with: "")
    }

    /// A page for the reader: its view (lines with their text, paragraphs with roles and languages), its PNG at the
    /// device's pixel ratio, and the position operations on it.
    @Test func aPageItsTextLayerAndItsImage() throws {
        let directory = try TemporaryDirectory()
        let server = try ServeProcess(folder: try serveFolder(directory), database: directory.path("reader.sqlite"), in: directory)
        let id = try Self.id(try Self.books(server), file: "sample-book.txt")
        let opened = try server.post("/books/\(id)/view?reader=a", #"{"op": "setSettings", "settings": {"width": 400, "height": 600}}"#)
        #expect(opened.status == 200, "\(opened.text)")
        let view = try #require(opened.object["view"] as? [String: Any])
        let page = try #require(opened.object["page"] as? [String: Any])
        let range = try #require(page["range"] as? [String: Int])
        let paragraphs = try #require(view["paragraphs"] as? [[String: Any]])
        let lines = paragraphs.flatMap { $0["lines"] as? [[String: Any]] ?? [] }
        #expect(!lines.isEmpty)
        // The lines cover the page's range, in order, each text as long as its range (offsets map one to one).
        var next = try #require(range["location"])
        let sample = try String(contentsOfFile: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt", encoding: .utf8)
        let units = Array(sample.utf16)
        for line in lines {
            let lineRange = try #require(line["range"] as? [String: Int])
            let text = try #require(line["text"] as? String)
            let location = try #require(lineRange["location"]), length = try #require(lineRange["length"])
            #expect(location >= next)
            #expect(text.utf16.count == length)
            // Units shown are the book's own; others are blanked, never changed into other text.
            for (unit, source) in zip(text.utf16, units[location..<(location + length)]) {
                #expect(unit == source || unit == 0x20 || unit == 0x200B)
            }
            next = location + length
        }
        #expect(paragraphs.contains { $0["role"] as? String == "heading" && $0["level"] as? Int == 2 } || range["location"] != 0)
        #expect(paragraphs.allSatisfy { $0["language"] as? String == "en" })

        let token = try #require(view["token"] as? Int)
        let png = try server.get("/books/\(id)/views/\(token).png?reader=a&scale=2")
        #expect(png.status == 200 && png.contentType == "image/png")
        #expect(png.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: 800 × 1200 pixels, the 400 × 600 pt page at 2 pixels a point.
        let header = [UInt8](png.body.prefix(24))
        #expect(header.count == 24 && Array(header[16..<24]) == [0, 0, 3, 0x20, 0, 0, 4, 0xB0])
        #expect(try server.get("/books/\(id)/views/\(token).png?reader=a&scale=9").status == 400)
        #expect(try server.get("/books/\(id)/views/\(token).png?reader=someone-else").status == 410, "views belong to their reader")

        // Tap: closestPosition on the page shown lands in the line tapped.
        let first = try #require(lines.first { (($0["rect"] as? [String: Double])?["width"] ?? 0) > 200 })
        let rect = try #require(first["rect"] as? [String: Double])
        let tap = try server.post("/books/\(id)/views/\(token)?reader=a",
                                  #"{"op": "closestPosition", "point": {"x": \#(rect["x"]! + 50), "y": \#(rect["y"]! + rect["height"]! / 2)}}"#)
        let offset = try #require(tap.object["offset"] as? Int)
        let lineRange = try #require(first["range"] as? [String: Int])
        #expect((lineRange["location"]!...(lineRange["location"]! + lineRange["length"]!)).contains(offset))
        let rects = try server.post("/books/\(id)/views/\(token)?reader=a", #"{"op": "rects", "ranges": [{"location": \#(offset), "length": 3}, {"location": 0, "length": 0}]}"#)
        let lists = try #require(rects.object["rects"] as? [[Any]])
        #expect(lists.count == 2 && lists[0].count == 1 && lists[1].isEmpty)
    }

    /// Reading positions and highlights with notes are kept in SQLite: a restart finds them, an export imported into
    /// a new database gives them back.
    @Test func positionsAndHighlightsSurviveARestartAndRoundTripAsJSON() throws {
        let directory = try TemporaryDirectory()
        let folder = try serveFolder(directory)
        let database = directory.path("state/reader.sqlite")
        var server = try ServeProcess(folder: folder, database: database, in: directory)
        let id = try Self.id(try Self.books(server), file: "sample-book.txt")
        _ = try server.post("/books/\(id)/view?reader=r", #"{"op": "goTo", "offset": 5000}"#)
        let before = try server.post("/books/\(id)/query?reader=r", #"{"op": "currentPage"}"#).object
        let made = try server.post("/books/\(id)/highlights", #"{"range": {"location": 5010, "length": 25}, "color": "green", "note": "first"}"#)
        #expect(made.status == 201, "\(made.text)")
        let highlightID = try #require(made.object["id"] as? String)
        let locator = try #require(made.object["locator"] as? [String: Any])
        #expect((locator["locations"] as? [String: Any])?["typesetUTF16Offset"] as? Int == 5010)
        let edited = try server.post("/books/\(id)/highlights/\(highlightID)", #"{"note": "second thoughts"}"#)
        #expect(edited.object["note"] as? String == "second thoughts" && edited.object["color"] as? String == "green")
        let other = try server.post("/books/\(id)/highlights", #"{"range": {"location": 6000, "length": 10}}"#)
        let otherID = try #require(other.object["id"] as? String)
        #expect(try server.request("DELETE", "/books/\(id)/highlights/\(otherID)").status == 200)
        #expect(server.stop() == 0, "SIGTERM stops the server cleanly: \(server.standardError)")

        server = try ServeProcess(folder: folder, database: database, in: directory)
        // A new reader opens where the book was left.
        let after = try server.post("/books/\(id)/query?reader=new", #"{"op": "currentPage"}"#).object
        #expect(after["anchor"] as? Int == before["anchor"] as? Int)
        let listed = try #require(try server.get("/books/\(id)/highlights").object["highlights"] as? [[String: Any]])
        #expect(listed.count == 1 && listed.first?["id"] as? String == highlightID && listed.first?["note"] as? String == "second thoughts")
        // The page holding it draws it, with its rectangles.
        let view = try server.post("/books/\(id)/view?reader=new", #"{"op": "goTo", "offset": 5010}"#).object["view"] as? [String: Any]
        let drawn = try #require(view?["highlights"] as? [[String: Any]])
        #expect(drawn.count == 1 && (drawn.first?["rects"] as? [Any])?.isEmpty == false)
        let library = try Self.books(server).first { $0["id"] as? String == id }
        #expect(((library?["progression"] as? Double) ?? 0) > 0)

        let exported = try server.get("/books/\(id)/annotations")
        #expect(exported.object["format"] as? String == "typeset-annotations")
        server.stop()

        let fresh = try ServeProcess(folder: folder, database: directory.path("other.sqlite"), in: directory)
        #expect(try fresh.get("/books/\(id)/highlights").object["highlights"] as? [Any] == nil
                    || (try fresh.get("/books/\(id)/highlights").object["highlights"] as? [Any])?.isEmpty == true)
        let imported = try fresh.request("POST", "/books/\(id)/annotations", rawBody: exported.body)
        #expect(imported.status == 200 && imported.object["imported"] as? Int == 1, "\(imported.text)")
        let again = try #require(try fresh.get("/books/\(id)/highlights").object["highlights"] as? [[String: Any]])
        #expect(again.first?["id"] as? String == highlightID && again.first?["note"] as? String == "second thoughts")
        let resumed = try fresh.post("/books/\(id)/query?reader=x", #"{"op": "currentPage"}"#).object
        #expect(resumed["anchor"] as? Int == before["anchor"] as? Int)
    }

    /// Several readers at once, on two books, with room for one book: every answer is right, the books are read
    /// again as they come back.
    @Test func severalReadersAtOnceUnderAMemoryBound() throws {
        let directory = try TemporaryDirectory()
        let server = try ServeProcess(folder: try serveFolder(directory), database: directory.path("reader.sqlite"),
                                      extra: ["--max-books", "1"], in: directory)
        let books = try Self.books(server)
        let ids = [try Self.id(books, file: "sample-book.txt"), try Self.id(books, file: "nested/khayat.epub")]
        let lengths = try ids.map { try #require(try server.get("/books/\($0)/info").object["textLength"] as? Int) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let book = index % 2
            for step in 0..<3 {
                do {
                    let answer = try server.post("/books/\(ids[book])/view?reader=r\(index)", step == 0 ? #"{"op": "currentPage"}"# : #"{"op": "nextPage"}"#)
                    let page = answer.object["page"] as? [String: Any]
                    let range = page?["range"] as? [String: Int]
                    if answer.status != 200 || (range?["location"] ?? -1) + (range?["length"] ?? 0) > lengths[book] {
                        failures.add("reader \(index) step \(step): \(answer.status) \(answer.text.prefix(200))")
                    }
                } catch {
                    failures.add("reader \(index): \(error)")
                }
            }
        }
        #expect(failures.list.isEmpty, "\(failures.list)")
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var list: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    @Test func speechGivesAudioAndWordMarks() throws {
        let directory = try TemporaryDirectory()
        let server = try ServeProcess(folder: try serveFolder(directory), database: directory.path("reader.sqlite"), in: directory)
        let id = try Self.id(try Self.books(server), file: "sample-book.txt")
        let answer = try server.post("/books/\(id)/speech", #"{"from": 161, "count": 1}"#)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect((answer.object["audio"] as? String)?.hasPrefix("data:audio/wav;base64,UklGR") == true)
        let utterances = try #require(answer.object["utterances"] as? [[String: Any]])
        let words = try #require(answer.object["words"] as? [[String: Any]])
        #expect(utterances.count == 1 && (utterances[0]["text"] as? String)?.hasPrefix("It is a truth universally acknowledged") == true)
        #expect(words.count >= 10)
        let times = words.compactMap { $0["startMs"] as? Int }
        #expect(times == times.sorted() && times.count == words.count)
    }

    @Test func commandLineMistakes() throws {
        let directory = try TemporaryDirectory()
        expectFailure(try CLIRunner.run(["serve", directory.path("missing")], in: directory), status: 1, mentioning: ["missing"])
        try "x".write(toFile: directory.path("file.txt"), atomically: true, encoding: .utf8)
        expectFailure(try CLIRunner.run(["serve", directory.path("file.txt")], in: directory), status: 1, mentioning: ["not a folder"])
        expectFailure(try CLIRunner.run(["serve", "--port", "70000"], in: directory), status: 2, mentioning: ["--port"])
        expectFailure(try CLIRunner.run(["serve", "--max-books", "0"], in: directory), status: 2, mentioning: ["--max-books"])
        expectFailure(try CLIRunner.run(["serve", "--host", "not an address", "--port", "0"], in: directory), status: 2, mentioning: ["not an address"])
        try FileManager.default.createDirectory(atPath: directory.path("db-folder"), withIntermediateDirectories: true)
        expectFailure(try CLIRunner.run(["serve", "--db", directory.path("db-folder"), "--port", "0"], in: directory), status: 4,
                      mentioning: ["db-folder", "directory"])
        // A port in use is said so.
        let server = try ServeProcess(folder: directory.url.path, database: directory.path("a.sqlite"), in: directory)
        let port = try #require(server.base.split(separator: ":").last.map { $0.filter(\.isNumber) })
        expectFailure(try CLIRunner.run(["serve", "--port", port], in: directory), status: 2, mentioning: [port])
    }
}
