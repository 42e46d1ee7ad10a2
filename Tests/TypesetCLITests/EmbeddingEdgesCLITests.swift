import Foundation
import Testing
import TypesetTestSupport

/// The command line's rough edges (issue 40): a fonts folder that is not there, the book from standard input,
/// completion for three shells, `help query`, and a whole-book render that says what it is about to write.
@Suite struct EmbeddingEdgesCLITests {
    static let sample = Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"

    @Test func aFontsFolderThatIsNotThereIsAnError() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["--font-dir", "/nonexistent/fonts", "--json", Self.sample], in: directory)
        #expect(result.status == 3 && result.stderrLines == ["typeset: the fonts folder /nonexistent/fonts does not exist"],
                "\(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func dashReadsTheBookFromStandardInput() throws {
        let directory = try TemporaryDirectory()
        let json = try CLIRunner.runBundled(["--json", "-"], in: directory, input: "Hello, world.\n")
        #expect(json.status == 0, "\(json.stderr)")
        let layout = try #require(JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(layout["textLength"] as? Int == 14)
        // The default folder is named after the book: `stdin`.
        let pages = try CLIRunner.runBundled(["-"], in: directory, input: "Hello, world.\n")
        #expect(pages.status == 0 && FileManager.default.fileExists(atPath: directory.path("stdin/page-0001.png")), "\(pages.stderr)")
        let info = try CLIRunner.run(["info", "-", "--fonts", "bundled"], in: directory, input: "Hello, world.\n")
        #expect(info.status == 0 && info.stdout.contains("14"), "\(info.stdout)")
        // No copy is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("typeset-stdin-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // query reads its requests from standard input: the book must be a file.
        expectFailure(try CLIRunner.run(["query", "-"], in: directory, input: "{}\n"), status: 2, mentioning: ["standard input"])
    }

    /// Every option spelling and command is offered by every shell's script, and each script parses in its shell
    /// (when the shell is installed: setup.sh installs zsh and fish).
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["completion", shell], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["--hyphenate", "--no-hyphenate", "--font-dir", "--worker-typeset", "--max-results", "justified", "sepia",
                     "search", "catalog", "serve"] {
            let spelled = shell == "fish" && word.hasPrefix("--") ? "-l " + word.dropFirst(2) : word
            #expect(result.stdout.contains(spelled), "\(shell): \(word) is not offered")
        }
        let script = directory.path("completion.\(shell)")
        try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: script))
        let parser = ["bash": ("/bin/bash", ["-n"]), "zsh": ("/usr/bin/zsh", ["-n"]), "fish": ("/usr/bin/fish", ["--no-execute"])][shell]
        if let (path, flags) = parser, FileManager.default.isExecutableFile(atPath: path) {
            let parsed = try CLIRunner.runProcess(URL(fileURLWithPath: path), flags + [script], in: directory, timeout: 30)
            #expect(parsed.status == 0, "\(shell) does not parse the script: \(parsed.stderr)")
        }
        expectFailure(try CLIRunner.run(["completion", "powershell"], in: directory), status: 2, mentioning: ["bash, zsh or fish"])
    }

    /// `help query` lists every operation the manual's protocol table documents, and `typeset query` answers each
    /// operation it lists (an error about its fields, never "unknown op"); an operation outside the list is unknown.
    @Test func helpQueryListsTheOperationsTheSessionAnswers() throws {
        let directory = try TemporaryDirectory()
        let help = try CLIRunner.run(["help", "query"], in: directory)
        #expect(help.status == 0)
        let listed = help.stdout.split(separator: "\n").drop { !$0.hasPrefix("Operations") }.dropFirst()
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first, word.first?.isLetter == true else { return nil }
                return String(word)
            }
        #expect(listed.count == 28, "\(listed)")
        let manual = try String(contentsOfFile: Fixtures.repositoryRoot + "/Sources/TypesetCore/TypesetCore.docc/QueryProtocol.md", encoding: .utf8)
        let documented = Set(manual.matches(of: /"op": "([A-Za-z]+)"/).map { String($0.output.1) })
            .union(manual.matches(of: /\/ "([A-Za-z]+)", "offset"/).map { String($0.output.1) })
        #expect(documented == Set(listed), "documented but not listed: \(documented.subtracting(listed)); listed but not documented: \(Set(listed).subtracting(documented))")
        let requests = (listed + ["noSuchOperation"]).map { "{\"op\": \"\($0)\"}" }.joined(separator: "\n") + "\n"
        let answers = try CLIRunner.run(["query", Self.sample, "--fonts", "bundled"], in: directory, input: requests)
        let lines = answers.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == listed.count + 1, "\(answers.stderr)")
        for (operation, answer) in zip(listed, lines) {
            #expect(!answer.contains("unknown op"), "\(operation): \(answer)")
        }
        #expect(lines.last?.contains("unknown op \\\"noSuchOperation\\\"") == true, "\(lines.last ?? "")")
    }

    /// A render of many pages into a folder says how many and where before it writes, and shows its progress at
    /// every tenth when standard error is not a terminal (here a file).
    @Test func aWholeBookRenderSaysWhatItWillWrite() throws {
        let directory = try TemporaryDirectory()
        let text = (1...300).map { "Paragraph \($0)." }.joined(separator: "\n\n") + "\n"
        let book = try directory.write(Array(text.utf8), to: "short-paragraphs.txt")
        let result = try CLIRunner.runBundled(["--width", "120", "--height", "60", "--margins", "4", "--size", "12",
                                               "--paragraph-spacing", "0", "-o", directory.path("out"), book], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderrLines
        let count = try #require(lines.first.flatMap { $0.firstMatch(of: /^typeset: writing (\d+) pages of \1 to .*out\/$/) }.map { Int($0.output.1) ?? 0 },
                                 "\(lines.prefix(2))")
        #expect(count >= 100)
        let progress = lines.filter { $0.hasPrefix("typeset: page ") }
        #expect((10...11).contains(progress.count) && progress.last == "typeset: page \(count)/\(count)", "\(progress)")
        #expect(lines.last?.hasPrefix("typeset: wrote \(count) pages of \(count) to ") == true, "\(lines.suffix(1))")
    }
}
