import Foundation
import Testing
import TypesetTestSupport

/// Exit statuses and the one-line `typeset:` message of every failure (manual: 1 unreadable or invalid input,
/// 2 bad options, 4 output cannot be written).
@Suite struct CLIErrorTests {
    @Test func aMissingFileExitsWith1() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("no-such-book.txt")
        let result = try CLIRunner.runBundled([missing], in: directory)
        expectFailure(result, status: 1, mentioning: [missing, "no such file"])
    }

    @Test func aDirectoryExitsWith1() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled([directory.url.path], in: directory)
        expectFailure(result, status: 1, mentioning: [directory.url.path, "directory"])
    }

    @Test func binaryDataExitsWith1() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write([0x89, 0x50, 0x4E, 0x47, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01],
                                        to: "picture.txt")
        let result = try CLIRunner.runBundled([input], in: directory)
        expectFailure(result, status: 1, mentioning: [input, "binary"])
        #expect(try directory.entries() == ["picture.txt"], "no output folder for a refused input")
    }

    @Test func anUnreadableFileExitsWith1() throws {
        // Root reads any file regardless of permissions, so the case only means something for other users.
        guard getuid() != 0 else { return }
        let directory = try TemporaryDirectory()
        let input = try directory.write("secret\n", to: "locked.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: input)
        let result = try CLIRunner.runBundled([input], in: directory)
        expectFailure(result, status: 1, mentioning: [input])
    }

    @Test func noInputFileExitsWith2() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled([], in: directory)
        expectFailure(result, status: 2, mentioning: ["no input file"])
    }

    @Test func twoInputFilesExitWith2() throws {
        let directory = try TemporaryDirectory()
        let a = try directory.write("A.\n", to: "a.txt"), b = try directory.write("B.\n", to: "b.txt")
        let result = try CLIRunner.runBundled([a, b], in: directory)
        expectFailure(result, status: 2, mentioning: [a, b])
    }

    @Test func helpExitsWith0AndListsTheOptions() throws {
        let directory = try TemporaryDirectory()
        for flag in ["--help", "-h"] {
            let result = try CLIRunner.run([flag], in: directory)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("usage: typeset"))
            // The manual's list of options.
            for option in ["--font", "--size", "--line-height", "--margins", "--paragraph-spacing", "--indent", "--align",
                           "--justify", "--theme", "--width", "--height", "--scale", "--columns", "--column-gap", "--lang",
                           "--scroll", "--pages", "--json", "--fonts", "--font-dir", "--threads", "--quiet", "-o"] {
                #expect(result.stdout.contains(option), "--help does not mention \(option)")
            }
        }
    }

    /// Options the tool must refuse with exit status 2 and a message naming the setting. Every case also
    /// names a valid input file, so the refusal is about the option.
    static let badOptions: [(arguments: [String], mentioning: String)] = [
        (["--bogus"], "--bogus"),
        (["-x"], "-x"),
        (["--size", "0"], "--size"),
        (["--size", "-3"], "--size"),
        (["--size", "nan"], "--size"),
        (["--size", "inf"], "--size"),
        (["--size", "twelve"], "--size"),
        (["--size"], "--size"),
        (["--size="], "--size"),
        (["--margins", "300"], "--margins"),          // 600 pt of margins on the default 390 pt page
        (["--margins", "10,20,30"], "--margins"),
        (["--margins", "-5"], "--margins"),
        (["--line-height", "0"], "--line-height"),
        (["--width", "0"], "--width"),
        (["--height", "-1"], "--height"),
        (["--width", "200000"], "--width"),
        (["--scale", "0"], "--scale"),
        (["--columns", "0"], "--columns"),
        (["--columns", "9"], "--columns"),
        (["--columns", "2.5"], "--columns"),
        (["--columns", "8", "--column-gap", "100"], "--column-gap"),
        (["--pages", "0"], "--pages"),
        (["--pages", "5-2"], "--pages"),
        (["--pages", "-3"], "--pages"),
        (["--pages", "two"], "--pages"),
        (["--pages", "1-2-3"], "--pages"),
        (["--theme", "purple"], "--theme"),
        (["--theme", "#000000:"], "--theme"),
        (["--align", "left"], "--align"),
        (["--fonts", "everything"], "--fonts"),
        (["--threads", "0"], "--threads"),
        (["--font", ""], "--font"),
    ]

    @Test(arguments: badOptions)
    func aBadOptionExitsWith2NamingIt(arguments: [String], mentioning: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        // The input goes first: some cases end with an option that lacks its value.
        let result = try CLIRunner.runBundled([input] + arguments, in: directory)
        expectFailure(result, status: 2, mentioning: [mentioning])
        #expect(try directory.entries() == ["hello.txt"], "nothing is written for a refused option")
    }

    @Test(arguments: [["--width", "1e300"], ["--size", "-1e20"], ["--margins", "1e18"]])
    func hugeNumbersAreRefusedNotCrashedOn(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let result = try CLIRunner.runBundled([input] + arguments, in: directory)
        expectFailure(result, status: 2, mentioning: [arguments[0]])
    }

    @Test func pagesBeyondTheBookExitWith2() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("One short page.\n", to: "short.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--pages", "999", input], in: directory)
        expectFailure(result, status: 2, mentioning: ["--pages", "1 page"])
    }

    @Test func badOptionsWinOverAMissingFile() throws {
        // Options are checked before the file is read: the user fixes the command line first.
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled(["--size", "0", directory.path("missing.txt")], in: directory)
        expectFailure(result, status: 2, mentioning: ["--size"])
    }

    @Test func aMissingFontDirectoryExitsWith3() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let result = try CLIRunner.runBundled(["--font-dir", directory.path("no-fonts-here"), "--json", input], in: directory)
        expectFailure(result, status: 3)
    }

    @Test func anEmptyFontDirectoryExitsWith3() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        try FileManager.default.createDirectory(atPath: directory.path("empty-fonts"), withIntermediateDirectories: false)
        let result = try CLIRunner.runBundled(["--font-dir", directory.path("empty-fonts"), "--json", input], in: directory)
        expectFailure(result, status: 3)
    }
}

/// Text encodings as the tool reports them.
@Suite struct CLIEncodingTests {
    @Test func latin1InputIsReadAndSaidSo() throws {
        let directory = try TemporaryDirectory()
        // "Café naïve, élève." in ISO-8859-1: 0xE9 and 0xEF are not valid UTF-8 here.
        let bytes: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" na".utf8) + [0xEF] + Array("ve, ".utf8) + [0xE9, 0x6C, 0xE8]
            + Array("ve.\n".utf8)
        let input = try directory.write(bytes, to: "latin1.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json", input], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderrLines)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("typeset: ") && line.contains("ISO-8859-1") && line.contains(input) && line.contains("not UTF-8"), "\(line)")
        let layout = try LayoutJSON.parse(result)
        // One unit per byte.
        layout.checkInvariants(textLength: bytes.count)
    }

    @Test func latin1InputRendersPNGs() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write(Array("Caf".utf8) + [0xE9, 0x0A], to: "latin1.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "-o", directory.path("out"), input], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 2 && result.stderr.contains("ISO-8859-1"), "\(result.stderrLines)")
        #expect(result.stderrLines.last?.hasPrefix("typeset: wrote 1 page of 1 to ") == true, "\(result.stderrLines)")
        // -q silences every notice, the encoding's too.
        let quiet = try CLIRunner.runBundled(["--font", "Charis SIL", "-q", "-o", directory.path("quiet"), input], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderrLines)")
        #expect(try directory.entries("out") == ["page-0001.png"])
    }

    @Test func utf8WithABOMCountsFromTheFirstCharacter() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write([0xEF, 0xBB, 0xBF] + Array("Hello.\n".utf8), to: "bom.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json", input], in: directory)
        #expect(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
        try LayoutJSON.parse(result).checkInvariants(textLength: 7)
    }

    @Test func utf16WithABOMIsRead() throws {
        let directory = try TemporaryDirectory()
        let text = "Grüße, 世界.\n"
        let input = try directory.write([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "utf16.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json", input], in: directory)
        #expect(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
        try LayoutJSON.parse(result).checkInvariants(textLength: text.utf16.count)
    }
}
