import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TypesetTestSupport

/// Output that fails: a full device, a closed descriptor, a process killed mid-write, two processes writing one
/// folder. Nothing traps, lost output is never reported as success (exit 4), and a page file is always whole.
@Suite struct CLIOutputFailureTests {
    static let book = String(repeating: "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n", count: 40)

    /// Runs `typeset ARGUMENTS` through the shell with a redirection (`>/dev/full`, `2>&-`).
    static func run(_ arguments: [String], redirect: String, in directory: TemporaryDirectory, input: String? = nil) throws -> CLIResult {
        let executable = try #require(CLIRunner.executable)
        let quoted = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try CLIRunner.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + quoted.joined(separator: " ") + " " + redirect],
                                        in: directory, timeout: CLIRunner.timeout, input: input)
    }

    /// Huge integers are refused with a message, never trapped on (the highlight's end used to overflow).
    @Test func hugeIntegersAreRefusedNotTrappedOn() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        for arguments in [["--highlight", "9223372036854775807:1"], ["--highlight", "1:9223372036854775807"],
                          ["--json", "--highlight", "9223372036854775807:1"], ["--json", "--highlight", "1:9223372036854775807"],
                          ["--highlight", "99999999999999999999:1"], ["--at", "9223372036854775807"], ["--at", "99999999999999999999"],
                          ["--pages", "9223372036854775807"], ["--threads", "99999999999999999999"],
                          ["--columns", "9223372036854775807"], ["--size", "1e400"]] {
            let result = try CLIRunner.runBundled(arguments + ["-o", directory.path("out"), file], in: directory)
            expectFailure(result, status: 2, mentioning: [arguments[arguments.count - 2]])
        }
        let query = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: """
            {"op": "caretRect", "offset": 9223372036854775807}
            {"op": "position", "from": 9223372036854775807, "offset": 9223372036854775807}
            {"op": "selectionRects", "range": {"location": 9223372036854775807, "length": 9223372036854775807}}
            {"op": "goTo", "offset": 1e300}

            """)
        #expect(query.status == 0)
        let answers = query.stdout.split(separator: "\n")
        #expect(answers.count == 4 && answers.allSatisfy { $0.contains("\"error\"") }, "\(answers)")
        // A whole number is said in digits (it was `9.22e+18`): the JSON number, a Double, is 2^63.
        #expect(answers.first?.contains(#"\"offset\" 9223372036854775808 is out of range"#) == true, "\(answers)")
        #expect(!answers.prefix(3).contains { $0.contains("e+") }, "\(answers)")
        let locator = try directory.write(#"{"href": "book.txt", "type": "text/plain", "locations": {"position": 12345678901234567890}}"#, to: "huge.json")
        let locate = try CLIRunner.run(["locate", "--fonts", "bundled", "--locator", locator, file], in: directory)
        #expect(locate.status == 1 && locate.stderr.contains("12345678901234567168 is out of range"), "\(locate.stderr)")
    }

    /// A failed write to standard error (full or closed) loses only the notices: the pages are written and the
    /// tool succeeds; it never traps.
    @Test func aFullOrClosedStandardErrorNeverCrashes() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        for (redirect, folder) in [("2>/dev/full", "full"), ("2>&-", "closed")] {
            // Georgia is not bundled: the stand-in notice is written (and fails) before the pages.
            let result = try Self.run(["--fonts", "bundled", "-o", directory.path(folder), file], redirect: redirect, in: directory)
            #expect(result.status == 0 && !result.wasSignalled, "\(redirect): status \(result.status)")
            #expect(try directory.entries(folder).first == "page-0001.png", "\(redirect)")
        }
        let query = try Self.run(["query", "--fonts", "bundled", file], redirect: "2>/dev/full", in: directory,
                                 input: #"{"op": "currentPage"}"# + "\n")
        #expect(query.status == 0 && query.stdout.contains("\"page\": 1"))
    }

    /// Output that cannot be written is exit status 4 with one line saying why, for every command that writes
    /// to standard output.
    @Test func lostOutputIsExitStatus4() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        for arguments in [["--json"], ["info"], ["info", "--json"], ["locate"], ["positions"], ["-o", "-", "--pages", "1"],
                          ["help"], ["completion", "bash"], ["--version"]] {
            let command = arguments.first == "positions" ? arguments + [file]
                : arguments.first == "info" || arguments.first == "locate"
                ? [arguments[0], "--fonts", "bundled"] + arguments.dropFirst() + [file]
                : arguments == ["help"] || arguments.first == "completion" || arguments == ["--version"]
                    ? arguments : ["--fonts", "bundled"] + arguments + [file]
            let result = try Self.run(command, redirect: ">/dev/full", in: directory)
            #expect(result.status == 4, "\(command): status \(result.status), \(result.stderrLines)")
            #expect(result.stderrLines.last == "typeset: cannot write to standard output (No space left on device)",
                    "\(command): \(result.stderrLines)")
        }
        let query = try Self.run(["query", "--fonts", "bundled", file], redirect: ">/dev/full", in: directory,
                                 input: String(repeating: #"{"op": "currentPage"}"# + "\n", count: 3))
        #expect(query.status == 4 && query.stderrLines.last?.contains("cannot write to standard output") == true)
        let search = try Self.run(["search", file, "e"], redirect: ">/dev/full", in: directory)
        #expect(search.status == 4 && search.stderrLines.last == "typeset: cannot write to standard output (No space left on device)",
                "search: \(search.stderrLines)")
        // A speech track that cannot be written is lost output too.
        let speech = try CLIRunner.run(["speak", file, "-o", file + "/out.wav"], in: directory)
        #expect(speech.status == 4 && speech.stderrLines.last?.hasPrefix("typeset: cannot create \(file)/out.wav") == true,
                "speak: \(speech.stderrLines)")
    }

    /// Every file a command writes (pages, a page, speech, marks, highlighted pages) goes through one writer, which
    /// never replaces what is not a regular file: `speak -o` and `--marks` used to rename over anything, device
    /// nodes included (as root, `--marks /dev/null` replaced /dev/null), and `speak -o -` wrote a file named `-`
    /// and exited 0 with the audio lost to a full standard output. A symbolic link to a regular file is followed.
    @Test func outputsAreNeverWrittenOverNonRegularFiles() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
        #expect(mkfifo(directory.path("pipe.png"), 0o644) == 0)
        #expect(symlink("/dev/null", directory.path("null")) == 0)
        #expect(symlink(directory.path("missing"), directory.path("dangling")) == 0)
        try FileManager.default.createDirectory(atPath: directory.path("folder"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: directory.path("pages"), withIntermediateDirectories: false)
        #expect(mkfifo(directory.path("pages/page-0001.png"), 0o644) == 0)
        func kind(_ name: String) -> mode_t {
            var info = stat()
            return lstat(directory.path(name), &info) == 0 ? info.st_mode & S_IFMT : 0
        }
        let d = directory.path
        let refusals: [([String], String, String)] = [
            (["speak", file, "-o", d("pipe")], "pipe", "a named pipe"),
            (["speak", file, "-o", d("a.wav"), "--marks", d("null")], "null", "/dev/null, a character device"),
            (["speak", file, "-o", d("dangling")], "dangling", "a symbolic link to nothing"),
            (["speak", file, "-o", d("folder")], "folder", "a directory"),
            (["--fonts", "bundled", "--pages", "1", "-o", d("pipe.png"), file], "pipe.png", "a named pipe"),
            (["--fonts", "bundled", "-o", d("pipe"), file], "pipe", "a named pipe"),
            (["--fonts", "bundled", "--pages", "1", "-o", d("pages"), file], "pages/page-0001.png", "a named pipe"),
            (["search", "--fonts", "bundled", file, "truth", "--highlight-pages", d("pages")], "pages/page-0001.png", "a named pipe"),
        ]
        for (arguments, target, what) in refusals {
            let before = kind(target)
            let result = try CLIRunner.run(arguments, in: directory)
            #expect(result.status == 4, "\(arguments): \(result.status) \(result.stderrLines)")
            #expect(result.stderrLines.last?.contains(what) == true, "\(arguments): \(result.stderrLines)")
            #expect(kind(target) == before, "\(arguments) replaced \(target)")
        }
        // A link to a regular file: the file is replaced, the link stays.
        _ = try directory.write("old", to: "real.wav")
        #expect(symlink(directory.path("real.wav"), directory.path("link.wav")) == 0)
        let linked = try CLIRunner.run(["speak", file, "-o", directory.path("link.wav")], in: directory)
        #expect(linked.status == 0, "\(linked.stderrLines)")
        #expect(kind("link.wav") == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("real.wav"))).starts(with: Array("RIFF".utf8)))
        // `-o -` is standard output: the WAV there, exit 4 when it cannot be written, no file named `-`.
        let piped = try CLIRunner.run(["speak", file, "-o", "-", "--marks", directory.path("m.json")], in: directory)
        #expect(piped.status == 0 && piped.stdoutData.starts(with: Array("RIFF".utf8)), "\(piped.stderrLines)")
        #expect(try String(contentsOfFile: directory.path("m.json"), encoding: .utf8).contains(#""audio": null"#))
        let full = try Self.run(["speak", file, "-o", "-"], redirect: ">/dev/full", in: directory)
        #expect(full.status == 4 && full.stderrLines.last == "typeset: cannot write to standard output (No space left on device)",
                "\(full.stderrLines)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("-")))
        let both = try CLIRunner.run(["speak", file, "-o", "-", "--marks", "-"], in: directory)
        #expect(both.status == 2 && both.stderrLines.last?.contains("--marks") == true)
    }

    /// Pages are written under a temporary name and renamed into place: a process killed at any moment leaves only
    /// whole pages under page names, and two processes writing one folder leave, for each name, one of their pages.
    @Test func pageFilesAreAlwaysWhole() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(String(repeating: Self.book, count: 6), to: "book.txt")
        let executable = try #require(CLIRunner.executable)
        let folder = directory.path("killed")
        for delay in [200, 350, 500, 650, 800, 950, 1100, 1300] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--fonts", "bundled", "--scale", "4", "-q", "-o", folder, file]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("page-") {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && Array(bytes.suffix(8)) == Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82],
                        "\(name) is not a whole PNG (\(bytes.count) bytes) after a kill at \(delay) ms")
            }
        }
        // Two renders of different themes into one folder: every page is one render's page or the other's.
        let shared = directory.path("shared")
        let light = try CLIRunner.runBundled(["--theme", "light", "-q", "-o", directory.path("light"), file], in: directory)
        let dark = try CLIRunner.runBundled(["--theme", "dark", "-q", "-o", directory.path("dark"), file], in: directory)
        #expect(light.status == 0 && dark.status == 0)
        let processes = try ["light", "dark"].map { theme -> Process in
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--fonts", "bundled", "--theme", theme, "-q", "-o", shared, file]
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        let names = try directory.entries("shared")
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("page-") }, "\(names)")
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: shared + "/" + name))
            let a = try Data(contentsOf: URL(fileURLWithPath: directory.path("light") + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: directory.path("dark") + "/" + name))
            #expect(bytes == a || bytes == b, "\(name) matches neither render")
        }
    }
}
