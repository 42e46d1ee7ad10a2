import Foundation
import Testing
import TypesetTestSupport

/// `--highlight` and `--decorations`: drawn pages, and one-line errors with the documented exit statuses.
@Suite struct DecorationCLITests {
    static var sampleBook: String { Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt" }
    /// The bundled serif named explicitly, so that no substitution note is printed.
    static let base = ["--font", "Charis SIL", "--pages", "1", "-q"]

    static func page(_ directory: TemporaryDirectory, _ name: String) throws -> Data {
        try Data(contentsOf: directory.url.appendingPathComponent(name).appendingPathComponent("page-0001.png"))
    }

    @Test func highlightsAndAFileChangeThePageAndNothingElseIsPrinted() throws {
        let directory = try TemporaryDirectory()
        let bare = try CLIRunner.runBundled(Self.base + ["-o", directory.path("bare"), Self.sampleBook], in: directory)
        #expect(bare.status == 0 && bare.stderr.isEmpty, "\(bare.stderr)")
        let highlighted = try CLIRunner.runBundled(Self.base + ["-o", directory.path("highlighted"), "--highlight", "100:300",
                                                               "--highlight", "250:100:blue", Self.sampleBook], in: directory)
        #expect(highlighted.status == 0 && highlighted.stderr.isEmpty, "\(highlighted.stderr)")
        let file = try directory.write("""
            {"groups": [{"name": "highlights", "decorations": [
              {"id": "a", "range": {"location": 100, "length": 50}, "style": {"kind": "underline", "tint": "#cc0000", "isActive": true}}
            ]}]}
            """, to: "decorations.json")
        let fromFile = try CLIRunner.runBundled(Self.base + ["-o", directory.path("file"), "--decorations", file, Self.sampleBook], in: directory)
        #expect(fromFile.status == 0 && fromFile.stderr.isEmpty, "\(fromFile.stderr)")
        let pages = try ["bare", "highlighted", "file"].map { try Self.page(directory, $0) }
        #expect(pages[0] != pages[1] && pages[0] != pages[2] && pages[1] != pages[2])
    }

    @Test func aGraphemeSplittingHighlightIsDrawnWidenedWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let book = try directory.write("Cafe\u{301} au lait, s'il vous pla\u{EE}t.\n", to: "cafe.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--pages", "1", "-o", directory.path("out"), "--highlight", "0:4", book], in: directory)
        #expect(result.status == 0)
        #expect(result.stderrLines.first == "typeset: warning: decoration \"highlight-1\" (#1): offset 4 falls inside a grapheme cluster; widened to 0..<5")
        // A warning is a notice: -q silences it.
        let quiet = try CLIRunner.runBundled(Self.base + ["-o", directory.path("quiet"), "--highlight", "0:4", book], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderrLines)")
    }

    /// Bad `--highlight` values: exit 2 and one line naming the option and the reason.
    static let badHighlights: [(value: String, mentioning: [String])] = [
        ("12", ["--highlight", "START:LENGTH"]),
        ("a:3", ["--highlight", "START:LENGTH"]),
        ("1:2:3:4", ["--highlight"]),
        ("-1:3", ["--highlight", "negative"]),
        ("5:0", ["--highlight", "empty"]),
        ("10:99999999", ["--highlight", "outside the text"]),
        ("10:5:mauve", ["--highlight", "unknown colour \"mauve\""]),
    ]

    @Test(arguments: badHighlights) func badHighlightsExitWith2(_ value: String, _ mentioning: [String]) throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled(Self.base + ["-o", directory.path("out"), "--highlight", value, Self.sampleBook], in: directory)
        expectFailure(result, status: 2, mentioning: mentioning)
        #expect(!FileManager.default.fileExists(atPath: directory.path("out")), "nothing is written")
    }

    /// Bad decorations files: exit 1 and one line naming the file, the entry and the reason.
    static let badFiles: [(json: String, mentioning: [String])] = [
        ("not json", ["not valid JSON"]),
        ("[]", ["groups"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x"}]}]}"#, ["groups[0].decorations[0].range"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1.5, "length": 2}}]}]}"#, ["range.location", "whole number"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": -2}}]}]}"#, ["range.length", "negative"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 2}, "style": {"kind": "strike"}}]}]}"#, ["style.kind"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 2}, "style": {"tint": "mauve"}}]}]}"#, ["style.tint", "mauve"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 2}, "style": {"isActive": 1}}]}]}"#, ["isActive", "true or false"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "locator": {"href": "c1.xhtml"}}]}]}"#, ["Locator", "missing \"type\""]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "locator": {"href": "c1.xhtml", "type": "text/plain"}}]}]}"#, ["\"x\"", "no resource \"c1.xhtml\""]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 2}, "locator": {"href": "a", "type": "t"}}]}]}"#, ["not both"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 90000, "length": 2}}]}]}"#, ["group \"h\"", "\"x\"", "outside the text"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 2}}, {"id": "x", "range": {"location": 5, "length": 2}}]}]}"#, ["\"x\"", "(#2)", "more than once"]),
        (#"{"groups": [{"name": "h", "decorations": [{"id": "x", "range": {"location": 1, "length": 0}}]}]}"#, ["empty"]),
    ]

    @Test(arguments: badFiles) func badDecorationFilesExitWith1(_ json: String, _ mentioning: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(json, to: "decorations.json")
        let result = try CLIRunner.runBundled(Self.base + ["-o", directory.path("out"), "--decorations", file, Self.sampleBook], in: directory)
        expectFailure(result, status: 1, mentioning: [file] + mentioning)
    }

    @Test func aMissingDecorationsFileExitsWith1() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("none.json")
        let result = try CLIRunner.runBundled(Self.base + ["--decorations", missing, Self.sampleBook], in: directory)
        expectFailure(result, status: 1, mentioning: [missing, "no such file"])
    }
}
