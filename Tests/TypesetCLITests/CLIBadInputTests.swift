import Foundation
import Testing
import TypesetTestSupport

/// The command-line side of the bad-input catalogue (manual, "Bad input") that `CLIErrorTests` and
/// `CLIEncodingTests` do not already cover: fonts that cannot be used, and inputs too large to keep in a test.
@Suite struct CLIBadInputTests {
    /// Writes a font directory holding random bytes with a TrueType signature and a real font cut short.
    static func corruptFonts(in directory: TemporaryDirectory, named name: String) throws -> String {
        let path = directory.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 11)
        let garbage: [UInt8] = [0, 1, 0, 0] + (0..<8192).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try Data(garbage).write(to: URL(fileURLWithPath: path + "/Garbage-Regular.ttf"))
        let charis = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/CharisSIL-Regular.ttf"))
        try charis.prefix(60_000).write(to: URL(fileURLWithPath: path + "/CharisSIL-Regular.ttf"))
        return path
    }

    @Test func aFontDirectoryOfCorruptFontsExitsWith3NamingIt() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let fonts = try Self.corruptFonts(in: directory, named: "bad-fonts")
        let result = try CLIRunner.runBundled(["--font-dir", fonts, "--font", "Charis SIL", "--json", input], in: directory)
        expectFailure(result, status: 3, mentioning: [fonts, "no usable font", "Charis SIL"])
    }

    @Test func aCorruptFontBesideAGoodOneIsSkipped() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let fonts = try Self.corruptFonts(in: directory, named: "mixed-fonts")
        try FileManager.default.copyItem(atPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", toPath: fonts + "/NotoSans-Regular.ttf")
        let result = try CLIRunner.runBundled(["--font-dir", fonts, "--font", "Charis SIL", "--json", input], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // The substitution is said, naming the face that was used instead of the unreadable one.
        #expect(result.stderrLines.count == 1 && result.stderr.contains("\"Charis SIL\" is not installed")
                && result.stderr.contains("NotoSans-Regular.ttf"), "\(result.stderr)")
        try LayoutJSON.parse(result).checkInvariants(textLength: 7)
    }

    /// A 100 MB text with no line break at all: one paragraph of 100 million units. Run on demand against a
    /// release build of the tool (`swift build -c release --product typeset && TYPESET_HUGE_INPUT=1
    /// TYPESET_EXECUTABLE=.build/release/typeset swift test --filter hundredMegabytes`); it prints time and memory.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TYPESET_HUGE_INPUT"] == "1"))
    func hundredMegabytesWithoutALineBreak() throws {
        let directory = try TemporaryDirectory()
        let word = Array("lorem ipsum dolor sit amet, consectetur adipiscing elit ".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(100 << 20)
        while bytes.count < 100 << 20 { bytes += word }
        bytes.removeLast(bytes.count - (100 << 20))
        let input = try directory.write(bytes, to: "huge.txt")
        let executable = try #require(CLIRunner.executable)
        let start = Date()
        let result = try CLIRunner.runProcess(executable, ["--fonts", "bundled", "--font", "Charis SIL", "--json", "--pages", "1",
                                                           "-q", input], in: directory, timeout: 1800)
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        print("100 MB, no line break: exit \(result.status), \(String(format: "%.1f", Date().timeIntervalSince(start))) s, "
              + "peak resident \(usage.ru_maxrss / 1024) MB")
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try LayoutJSON.parse(result)
        #expect(layout.textLength == bytes.count)
        #expect(layout.pageCount > 10_000)
    }
}
