import Foundation
import Testing
import TypesetTestSupport

/// `typeset batch`: results that follow the schema and repeat exactly, a QA report that finds what a generated
/// book holds, and jobs over their limits that end as error results while the batch goes on.
@Suite
struct BatchCommandTests {
    /// Small books of the corpus and fixtures: a plain text, an empty file, Greek, an EPUB 3 with images.
    static func books() throws -> [(id: String, path: String)] {
        [("sample-book.txt", Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"),
         ("nasty/empty.txt", try Fixtures.corpusPath("nasty/empty.txt")),
         ("galen.grc.txt", try Fixtures.corpusPath("galen-adhortatio-ad-artes-addiscendas.grc.txt")),
         ("waste-land.epub", try Fixtures.corpusPath("eliot-the-waste-land.epub"))]
    }

    static func jobs(_ books: [(id: String, path: String)]) -> String {
        books.map { "{\"book\": \"\($0.path)\", \"id\": \"\($0.id)\"}\n" }.joined()
    }

    @Test func resultsFollowTheSchemaAndRepeat() throws {
        let directory = try TemporaryDirectory()
        let books = try Self.books()
        let first = try CLIRunner.run(["batch", "--fonts", "bundled"], in: directory, input: Self.jobs(books))
        let second = try CLIRunner.run(["batch", "--fonts", "bundled"], in: directory, input: Self.jobs(books))
        #expect(first.status == 0 && second.status == 0, "stderr: \(first.stderr) \(second.stderr)")
        let results = try BatchResults(first.stdout)
        #expect(results.lines.map { $0["id"] as? String } == books.map(\.id), "one result per job, in order")
        for result in results.lines {
            #expect(result["status"] as? String == "ok", "\(result["id"] ?? ""): \(result["error"] ?? "")")
            #expect((BatchResults.value(result, "reference", "checksum") as? String)?.hasPrefix("fnv1a64:") == true)
        }
        // Two runs agree on everything but the run's timings and process.
        #expect(results.withoutRun == (try BatchResults(second.stdout)).withoutRun)
        let sample = try #require(results.byID["sample-book.txt"])
        #expect(BatchResults.value(sample, "reference", "profile") as? String == "typeset-reference-1")
        #expect((BatchResults.value(sample, "layout", "pages") as? Int ?? 0) > 1)
        #expect((BatchResults.value(sample, "positions", "count") as? Int ?? 0) == 19)
        #expect(BatchResults.value(sample, "language", "tag") as? String == "en")
        let epub = try #require(results.byID["waste-land.epub"])
        #expect(BatchResults.value(epub, "metadata", "title") as? String == "The Waste Land")

        try #require(SystemPython.has("jsonschema"), "python3-jsonschema is missing: ./setup.sh installs it")
        let errors = try SystemPython.schemaErrors(results: first.stdout, schema: SystemPython.resultSchema, in: directory)
        #expect(errors.isEmpty, "\(errors)")
        // The schema is not a formality: a result without its findings is refused.
        var broken = try #require(results.lines.first)
        broken["findings"] = nil
        let brokenLine = String(decoding: try JSONSerialization.data(withJSONObject: broken), as: UTF8.self)
        #expect(try SystemPython.schemaErrors(results: brokenLine + "\n", schema: SystemPython.resultSchema, in: directory).contains("findings"))
    }

    /// A job settings by name, fonts and limits; the layout at its settings changes and the reference does not.
    @Test func jobSettingsApplyToTheLayoutNotToTheReference() throws {
        let directory = try TemporaryDirectory()
        let path = Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"
        let input = """
            {"book": "\(path)", "id": "plain", "fonts": "bundled"}
            {"book": "\(path)", "id": "large", "fonts": "bundled", "size": 28, "margins": "40", "font": "Noto Sans"}

            {"book": "\(path)", "id": "typo", "sise": 28}
            not json
            {"book": "\(path)", "id": "bad", "size": -3}
            """
        let result = try CLIRunner.run(["batch"], in: directory, input: input)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let results = try BatchResults(result.stdout)
        #expect(results.lines.count == 5, "a result for each job line, none for the blank one")
        let plain = try #require(results.byID["plain"]), large = try #require(results.byID["large"])
        #expect((BatchResults.value(large, "layout", "pages") as? Int ?? 0) > (BatchResults.value(plain, "layout", "pages") as? Int ?? 0))
        #expect(BatchResults.value(large, "layout", "settings", "font") as? String == "Noto Sans")
        #expect(BatchResults.value(large, "reference", "checksum") as? String == BatchResults.value(plain, "reference", "checksum") as? String)
        #expect(BatchResults.value(large, "layout", "checksum") as? String != BatchResults.value(plain, "layout", "checksum") as? String)
        #expect(BatchResults.errorKind(try #require(results.byID["typo"])) == "badJob")
        #expect((BatchResults.value(try #require(results.byID["typo"]), "error", "message") as? String)?.contains("sise") == true)
        #expect(BatchResults.errorKind(results.lines[3]) == "badJob")
        #expect(BatchResults.errorKind(try #require(results.byID["bad"])) == "badJob")
    }

    /// Books that hang (on the CPU, or blocked) and explode memory, through the test hook, and a crash: each job
    /// ends with its error result, naming the limit, and the books after it are laid out.
    @Test func jobsOverTheirLimitsEndAsErrorsAndTheRestFinish() throws {
        let directory = try TemporaryDirectory()
        let book = Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"
        let input = """
            {"book": "spin.txt", "id": "spin", "test-hook": "spin", "limits": {"seconds": 1}}
            {"book": "\(book)", "id": "after-spin", "fonts": "bundled"}
            {"book": "allocate.txt", "id": "allocate", "test-hook": "allocate", "limits": {"megabytes": 64}}
            {"book": "\(book)", "id": "after-allocate", "fonts": "bundled"}
            {"book": "sleep.txt", "id": "sleep", "test-hook": "sleep", "limits": {"seconds": 1}}
            {"book": "crash.txt", "id": "crash", "test-hook": "crash"}
            {"book": "\(book)", "id": "last", "fonts": "bundled"}
            """
        let result = try CLIRunner.run(["batch", "--threads", "1"], in: directory, input: input,
                                       environment: ["TYPESET_BATCH_TEST_HOOKS": "1"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let results = try BatchResults(result.stdout)
        #expect(results.lines.map { $0["id"] as? String } == ["spin", "after-spin", "allocate", "after-allocate", "sleep", "crash", "last"])
        let byID = results.byID
        #expect(BatchResults.errorKind(byID["spin"] ?? [:]) == "timeLimit", "\(byID["spin"] ?? [:])")
        #expect(BatchResults.errorKind(byID["allocate"] ?? [:]) == "memoryLimit", "\(byID["allocate"] ?? [:])")
        #expect(BatchResults.errorKind(byID["sleep"] ?? [:]) == "timeLimit", "\(byID["sleep"] ?? [:])")
        #expect(BatchResults.value(byID["sleep"] ?? [:], "error", "signal") as? String == "SIGKILL")
        #expect(BatchResults.errorKind(byID["crash"] ?? [:]) == "crash", "\(byID["crash"] ?? [:])")
        for id in ["after-spin", "after-allocate", "last"] {
            #expect(byID[id]?["status"] as? String == "ok", "\(id): \(byID[id] ?? [:])")
        }
        // Every result, the workers' deaths included, follows the schema.
        try #require(SystemPython.has("jsonschema"), "python3-jsonschema is missing: ./setup.sh installs it")
        let errors = try SystemPython.schemaErrors(results: result.stdout, schema: SystemPython.resultSchema, in: directory)
        #expect(errors.isEmpty, "\(errors)")
    }

    /// With a covers folder, an EPUB's cover becomes a 320-pixel PNG named after the job's id; a plain text has none.
    @Test func coversAreWrittenAsThumbnails() throws {
        let directory = try TemporaryDirectory()
        let epub = try Fixtures.corpusPath("eliot-the-waste-land.epub"), text = Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"
        let covers = directory.path("covers")
        let input = """
            {"book": "\(epub)", "id": "shelf/waste land.epub", "covers": "\(covers)"}
            {"book": "\(text)", "id": "text", "covers": "\(covers)"}
            """
        let results = try BatchResults(try CLIRunner.run(["batch", "--fonts", "bundled"], in: directory, input: input).stdout)
        let poem = try #require(results.byID["shelf/waste land.epub"])
        let cover = try #require(BatchResults.value(poem, "cover") as? [String: Any])
        #expect(cover["width"] as? Int == 320 && (cover["height"] as? Int ?? 0) > 320, "\(cover)")
        let thumbnail = try #require(cover["thumbnail"] as? String)
        #expect(thumbnail.hasPrefix(covers + "/shelf_waste_land.epub-") && thumbnail.hasSuffix(".png"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(results.byID["text"]?["cover"] is NSNull)
    }

    /// Without the environment variable a test hook is a bad job, not a hang.
    @Test func testHooksNeedTheirVariable() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["batch", "--in-process"], in: directory,
                                       input: "{\"book\": \"x\", \"id\": \"h\", \"test-hook\": \"sleep\"}\n",
                                       environment: ["TYPESET_BATCH_TEST_HOOKS": "0"])
        let results = try BatchResults(result.stdout)
        #expect(BatchResults.errorKind(try #require(results.lines.first)) == "badJob")
    }
}
