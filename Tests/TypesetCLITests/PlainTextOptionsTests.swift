import Foundation
import Testing
import TypesetTestSupport

/// The plain-text options (`--preview BYTES`, `--encoding NAME`), what `typeset info` says about a text (encoding,
/// language and where each came from, where the book opens) and `--hyphenate`'s one line when the language is
/// unknown or has no patterns.
@Suite struct PlainTextOptionsTests {
    static let encodings = Fixtures.repositoryRoot + "/Tests/Fixtures/encodings"

    /// Runs the tool with the bundled fonts; a command (`info`, `locate`) stays first.
    static func typeset(_ arguments: [String], in directory: TemporaryDirectory) throws -> CLIResult {
        if let command = arguments.first, ["info", "locate", "query", "positions"].contains(command) {
            return try CLIRunner.run([command, "--fonts", "bundled", "--font", "Charis SIL"] + arguments.dropFirst(), in: directory)
        }
        return try CLIRunner.runBundled(["--font", "Charis SIL"] + arguments, in: directory)
    }

    static func infoJSON(_ arguments: [String], in directory: TemporaryDirectory) throws -> (CLIResult, [String: Any]) {
        let result = try Self.typeset(["info", "--json"] + arguments, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return (result, object)
    }

    @Test func aDetectedEncodingIsReportedAndEncodingOverridesIt() throws {
        let directory = try TemporaryDirectory()
        let file = Self.encodings + "/ru.koi8-r.txt"
        let (detected, object) = try Self.infoJSON([file], in: directory)
        #expect(object["encoding"] as? String == "KOI8-R")
        #expect(object["encodingEvidence"] as? String == "detected")
        #expect((object["encodingConfidence"] as? Int ?? 0) > 10)
        #expect(object["language"] as? String == "ru" && object["languageSource"] as? String == "identified")
        // The notice: one line, naming the file and the encoding read.
        #expect(detected.stderrLines.count == 1 && detected.stderrLines[0].contains("is not UTF-8; read it as KOI8-R"), "\(detected.stderrLines)")

        // Told otherwise, the tool reads what it is told, and says nothing: the caller knows.
        let (declared, forced) = try Self.infoJSON(["--encoding", "windows-1251", file], in: directory)
        #expect(forced["encoding"] as? String == "windows-1251" && forced["encodingEvidence"] as? String == "declared")
        #expect(declared.stderr.isEmpty, "\(declared.stderr)")
        // ICU's aliases are names too.
        let (_, alias) = try Self.infoJSON(["--encoding=koi8r", file], in: directory)
        #expect(alias["encoding"] as? String == "KOI8-R")

        // The text report: the encoding with its evidence, the language with its source.
        let text = try Self.typeset(["info", "-q", file], in: directory)
        #expect(text.status == 0 && text.stderr.isEmpty)
        #expect(text.stdout.contains("Encoding:") && text.stdout.contains("KOI8-R (detected, confidence"), "\(text.stdout)")
        #expect(text.stdout.contains("Language:") && text.stdout.contains("ru (identified from the text"), "\(text.stdout)")
    }

    @Test func anUnknownEncodingExitsWith2() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Text.\n", to: "book.txt")
        for value in ["no-such-charset", "UTF-9", "", "x y"] {
            let result = try Self.typeset(["--encoding=\(value)", file], in: directory)
            expectFailure(result, status: 2, mentioning: ["--encoding"])
        }
        #expect(try directory.entries() == ["book.txt"])
    }

    @Test func previewReadsTheFirstBytesAndItsOffsetsHoldInTheWholeBook() throws {
        let directory = try TemporaryDirectory()
        let book = try Fixtures.corpusPath("dumas-le-comte-de-monte-cristo-tome-1.fr.txt")
        // The first byte count from 16 KB that ends inside an accented letter (16,399 bytes: "congé", cut after
        // the é's first byte).
        let bytes = try Fixtures.corpusBytes("dumas-le-comte-de-monte-cristo-tome-1.fr.txt")
        var cut = 16_384
        while !(0xC2...0xDF).contains(bytes[cut - 1]) { cut += 1 }
        let (preview, object) = try Self.infoJSON(["--preview", "\(cut)", book], in: directory)
        // The cut byte is dropped and said so; the text stays UTF-8.
        #expect(object["encoding"] as? String == "UTF-8" && object["preview"] as? Bool == true)
        #expect(object["droppedTrailingBytes"] as? Int == 1)
        #expect(preview.stderrLines.count == 1 && preview.stderrLines[0].contains("1 byte of a character cut at the end dropped"),
                "\(preview.stderrLines)")
        let length = try #require(object["textLength"] as? Int)
        let (_, whole) = try Self.infoJSON(["-q", book], in: directory)
        #expect(whole["preview"] as? Bool == false && (whole["textLength"] as? Int ?? 0) > length * 10)
        // The preview's contents are the whole book's first entries, at the same offsets.
        let previewTOC = try #require(object["toc"] as? [[String: Any]]), wholeTOC = try #require(whole["toc"] as? [[String: Any]])
        #expect(!previewTOC.isEmpty)
        for (a, b) in zip(previewTOC, wholeTOC) {
            #expect(a["title"] as? String == b["title"] as? String && a["offset"] as? Int == b["offset"] as? Int)
        }
        // A page of the preview, and the Locator of its first page, which the whole book resolves to the same offset.
        let png = try Self.typeset(["--preview", "16K", "--pages", "2", "-o", "page.png", book], in: directory)
        #expect(png.status == 0, "\(png.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("page.png")))
        let located = try Self.typeset(["locate", "-q", "--json", "--preview", "\(cut)", "--pages", "2", book], in: directory)
        #expect(located.status == 0, "\(located.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: located.stdoutData) as? [String: Any])
        let locator = try #require(answer["locator"] as? [String: Any])
        try JSONSerialization.data(withJSONObject: locator).write(to: URL(fileURLWithPath: directory.path("locator.json")))
        let range = try #require(answer["range"] as? [String: Any])
        let first = try #require(range["location"] as? Int)
        let again = try Self.typeset(["--locator", directory.path("locator.json"), "--json", book], in: directory)
        #expect(again.status == 0)
        #expect(again.stderr.contains("resolved to offset \(first)"), "\(again.stderr)")
    }

    @Test func aBadPreviewExitsWith2() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Text.\n", to: "book.txt")
        for value in ["0", "-3", "abc", "2G", "1025M", "16KB", "1.5K", "99999999999999999999"] {
            let result = try Self.typeset(["--preview=\(value)", file], in: directory)
            expectFailure(result, status: 2, mentioning: ["--preview", "from 1 to 1G"])
        }
        // The bound the message names is a value the option takes (`1G` was refused "not ... from 1 to 1G").
        for value in ["1", "1G", "1g", "1024M", "1048576K", "1073741824"] {
            let result = try Self.typeset(["info", "-q", "--preview=\(value)", file], in: directory)
            #expect(result.status == 0, "\(value): \(result.stderrLines)")
        }
    }

    @Test func previewAndEncodingAreForPlainText() throws {
        let directory = try TemporaryDirectory()
        let epub = try Fixtures.corpusPath("austen-pride-and-prejudice.pg-epub2.epub")
        for option in [["--preview", "4096"], ["--encoding", "UTF-8"]] {
            let result = try Self.typeset(["info"] + option + [epub], in: directory)
            expectFailure(result, status: 1, mentioning: [epub, "plain text"])
        }
    }

    @Test func infoSaysWhereTheBookOpens() throws {
        let directory = try TemporaryDirectory()
        let book = try Fixtures.corpusPath("nasty/austen-pride-and-prejudice.ascii-crlf.txt")
        let (_, object) = try Self.infoJSON(["-q", book], in: directory)
        #expect(object["convention"] as? String == "Project Gutenberg")
        #expect(object["language"] as? String == "en" && object["languageSource"] as? String == "declared")
        let start = try #require(object["startOffset"] as? Int)
        let front = try #require(object["frontMatter"] as? [String: Int]), back = try #require(object["backMatter"] as? [String: Int])
        #expect(front["location"] == 0 && front["length"] ?? .max <= start && back["location"] ?? 0 > start)
        // Chapter 1 is the first entry of the contents, at the offset the book opens at.
        let toc = try #require(object["toc"] as? [[String: Any]])
        #expect(toc.contains { $0["offset"] as? Int == start && ($0["title"] as? String ?? "").hasPrefix("Chapter 1") })
        let text = try Self.typeset(["info", "-q", book], in: directory)
        #expect(text.stdout.contains("Opens at:") && text.stdout.contains("offset \(start), page "), "\(text.stdout)")
        #expect(text.stdout.contains("Convention:") && text.stdout.contains("en (declared in the Project Gutenberg header)"))
    }

    @Test func hyphenateSaysInOneLineWhenItCannot() throws {
        let directory = try TemporaryDirectory()
        // Japanese (known by its script): no patterns.
        let japanese = Self.encodings + "/ja.utf8.txt"
        let ja = try Self.typeset(["info", "--hyphenate", japanese], in: directory)
        #expect(ja.status == 0 && ja.stderrLines.count == 1, "\(ja.stderrLines)")
        #expect(ja.stderrLines.first?.hasPrefix("typeset: --hyphenate: no hyphenation patterns for ja") == true, "\(ja.stderrLines)")
        // Too little text to tell: the language is unknown.
        let short = try directory.write("Ok.\n", to: "short.txt")
        let unknown = try Self.typeset(["info", "--hyphenate", short], in: directory)
        #expect(unknown.status == 0 && unknown.stderrLines.count == 1, "\(unknown.stderrLines)")
        #expect(unknown.stderrLines.first?.contains("--hyphenate: the language of \(short) is unknown") == true, "\(unknown.stderrLines)")
        // --lang names it; a language with patterns says nothing; -q silences the notice.
        let named = try Self.typeset(["info", "--hyphenate", "--lang", "en", short], in: directory)
        #expect(named.status == 0 && named.stderr.isEmpty, "\(named.stderr)")
        let french = try Self.typeset(["info", "--hyphenate", Self.encodings + "/fr.utf8.txt"], in: directory)
        #expect(french.status == 0 && french.stderr.isEmpty, "\(french.stderr)")
        let quiet = try Self.typeset(["info", "-q", "--hyphenate", japanese], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        // Without --hyphenate, nothing is said.
        let off = try Self.typeset(["info", japanese], in: directory)
        #expect(off.status == 0 && off.stderr.isEmpty, "\(off.stderr)")
    }
}
