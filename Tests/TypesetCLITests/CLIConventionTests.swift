import Foundation
import Testing
import TypesetTestSupport

/// What a command-line user expects of any tool: help in the usual places, a version, quiet meaning quiet, one
/// page to a file or to standard output, pages numbered from 1, a completion script.
@Suite struct CLIConventionTests {
    static let book = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n"

    @Test func helpIsWhereUsersLookForIt() throws {
        let directory = try TemporaryDirectory()
        for (arguments, start) in [(["help"], "usage: typeset [options] FILE"), (["--help"], "usage: typeset [options] FILE"),
                                   (["help", "query"], "usage: typeset query"), (["query", "--help"], "usage: typeset query"),
                                   (["help", "info"], "usage: typeset info"), (["info", "-h"], "usage: typeset info"),
                                   (["locate", "--help"], "usage: typeset locate"), (["help", "positions"], "usage: typeset positions")] {
            let result = try CLIRunner.run(arguments, in: directory)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix(start), "\(arguments): \(result.stdout.prefix(80))")
            #expect(result.stdout.contains("Exit status:"), "\(arguments)")
        }
        expectFailure(try CLIRunner.run(["help", "nonsense"], in: directory), status: 2, mentioning: ["nonsense"])
        // Options that do not apply to a command are refused, naming both.
        let file = try directory.write(Self.book, to: "book.txt")
        expectFailure(try CLIRunner.run(["positions", "--size", "20", file], in: directory), status: 2, mentioning: ["--size", "positions"])
        expectFailure(try CLIRunner.run(["info", "-o", "x", file], in: directory), status: 2, mentioning: ["--output", "info"])
    }

    @Test func versionAndCompletion() throws {
        let directory = try TemporaryDirectory()
        let version = try CLIRunner.run(["--version"], in: directory)
        #expect(version.status == 0 && version.stdout.hasPrefix("typeset ") && version.stdout.hasSuffix("\n"))
        let completion = try CLIRunner.run(["completion", "bash"], in: directory)
        #expect(completion.status == 0)
        for word in ["--line-height", "--no-hyphenate", "--publisher-styles", "--highlight", "info", "query", "justified", "optimal"] {
            #expect(completion.stdout.contains(word), "the completion script lacks \(word)")
        }
        let script = try directory.write(completion.stdout, to: "typeset.bash")
        let bash = try CLIRunner.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-n", script], in: directory, timeout: 30)
        #expect(bash.status == 0, "bash -n: \(bash.stderr)")
        expectFailure(try CLIRunner.run(["completion", "tcsh"], in: directory), status: 2, mentioning: ["completion"])
    }

    /// `-q` silences every notice: the font stand-in, the encoding, the "wrote" line.
    @Test func quietMeansQuiet() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Array("Caf".utf8) + [0xE9, 0x0A], to: "latin1.txt")
        let loud = try CLIRunner.run(["--font", "No Such Family", "-o", directory.path("loud"), file], in: directory)
        #expect(loud.status == 0 && loud.stderrLines.count == 3, "\(loud.stderrLines)")
        let quiet = try CLIRunner.run(["--font", "No Such Family", "-q", "-o", directory.path("quiet"), file], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderrLines)")
        #expect(try directory.entries("quiet") == ["page-0001.png"])
    }

    /// `-o page.png` writes the one page selected to that file; `-o -` writes it to standard output; either
    /// with several pages selected is a usage error.
    @Test func onePageToAFileOrToStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(String(repeating: Self.book, count: 60), to: "book.txt")
        let single = try CLIRunner.runBundled(["--pages", "2", "-o", directory.path("second.png"), file], in: directory)
        #expect(single.status == 0, "\(single.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: directory.path("second.png")))
        #expect(written.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let piped = try CLIRunner.runBundled(["--pages", "2", "-o", "-", "-q", file], in: directory)
        #expect(piped.status == 0 && piped.stdoutData == written, "the PNG on stdout is the page written to the file")
        expectFailure(try CLIRunner.runBundled(["-o", directory.path("all.png"), file], in: directory), status: 2,
                      mentioning: ["one page", "--pages"])
        expectFailure(try CLIRunner.runBundled(["-o", "-", file], in: directory), status: 2, mentioning: ["one page"])
        #expect(!FileManager.default.fileExists(atPath: directory.path("all.png")))
    }

    /// Pages are numbered from 1 wherever a user sees them: `--pages`, `locate`, `--json` (`number` beside the
    /// zero-based `index`), `typeset query` (`page` beside `pageIndex`, in requests and answers).
    @Test func pagesAreNumberedFromOneWhereUsersSeeThem() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(String(repeating: Self.book, count: 60), to: "book.txt")
        let json = try LayoutJSON.parse(try CLIRunner.runBundled(["--json", "--pages", "2", file], in: directory))
        #expect(json.pages.map(\.number) == [2] && json.pages.map(\.index) == [1])
        let locate = try CLIRunner.run(["locate", "--fonts", "bundled", "--json", "--pages", "2", file], in: directory)
        let located = try #require(try JSONSerialization.jsonObject(with: locate.stdoutData) as? [String: Any])
        #expect(located["page"] as? Int == 2 && located["pageIndex"] as? Int == 1)
        let query = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: """
            {"op": "lines", "page": 2}
            {"op": "nextPage"}
            {"op": "pageContaining", "offset": 0}

            """)
        let answers = try query.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(answers.count == 3)
        #expect(answers[0]["page"] as? Int == 2 && answers[0]["pageIndex"] as? Int == 1)
        #expect(answers[1]["page"] as? Int == 2 && answers[1]["pageIndex"] as? Int == 1)
        #expect(answers[2]["page"] as? Int == 1 && answers[2]["pageIndex"] as? Int == 0)
    }
}
