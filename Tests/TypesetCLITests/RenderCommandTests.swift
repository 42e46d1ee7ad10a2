import Foundation
import Testing
import TypesetTestSupport

/// `typeset` writing PNG pages: the README's first command, with bundled fonts only.
@Suite struct RenderCommandTests {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static var sampleBook: String { Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt" }

    @Test func rendersTheRequestedPagesOfTheSampleBookAsPNG() throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("pages")
        let result = try CLIRunner.runBundled(["--pages", "1-2", "-o", output, Self.sampleBook], in: directory)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdoutData.isEmpty)
        #expect(try directory.entries("pages") == ["page-0001.png", "page-0002.png"])
        for name in ["page-0001.png", "page-0002.png"] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/" + name)))
            #expect(bytes.starts(with: Self.pngSignature), "\(name) is not a PNG")
            #expect(bytes.count > 1_000, "\(name) is suspiciously small (\(bytes.count) bytes) for a page of text")
        }
        // Every stderr line is the tool's. The default family (Georgia) is not bundled: its stand-in is not announced
        // on every run, only when the reader asks for a family (issue 40).
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("typeset: ") }, "\(result.stderrLines)")
        #expect(!result.stderr.contains("Georgia"), "\(result.stderrLines)")
        // How many pages and where, before writing them; then what was written.
        #expect(result.stderrLines.first?.hasPrefix("typeset: writing 2 pages of ") == true, "\(result.stderrLines)")
        #expect(result.stderrLines.contains { $0.hasPrefix("typeset: wrote 2 pages of ") }, "\(result.stderrLines)")
        #expect(result.stderrLines.count == 2, "\(result.stderrLines)")
        // Asked for, Georgia's stand-in is said once (`font "Georgia" is not installed; using Charis SIL Regular (<path>)`).
        let asked = try CLIRunner.runBundled(["--font", "Georgia", "--pages", "1", "-o", directory.path("asked"), Self.sampleBook],
                                             in: directory)
        let substitution = asked.stderrLines.filter { $0.contains("Georgia") }
        #expect(substitution.count == 1, "\(asked.stderrLines)")
        let line = substitution.first ?? ""
        #expect(line.hasPrefix("typeset: font \"Georgia\" is not installed; using Charis SIL Regular ("), "\(line)")
        #expect(line.hasSuffix("/Fonts/CharisSIL-Regular.ttf)"), "\(line)")
    }

    /// The stand-in notice names every stand-in face the text needs: the one for the family and the one that
    /// draws the Japanese text Charis SIL lacks (issue 36: only Charis SIL was named).
    @Test func theStandInNoticeNamesTheFaceForCJKText() throws {
        let directory = try TemporaryDirectory()
        let book = try directory.write("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n", to: "neko.txt")
        let result = try CLIRunner.runBundled(["--font", "Georgia", "--pages", "1", "-o", directory.path("out"), book], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let line = result.stderrLines.first { $0.contains("Georgia") } ?? ""
        #expect(line.contains("using Charis SIL Regular (") && line.contains("CJK") && line.contains("characters it lacks"), "\(line)")
    }

    @Test func pageNumbersAreOneBasedAndSkipUnrequestedPages() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--quiet", "--pages", "3", "-o", directory.path("out"),
                                               Self.sampleBook], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "--quiet with an installed font prints nothing: \(result.stderr)")
        #expect(try directory.entries("out") == ["page-0003.png"])
    }

    /// `--scroll --viewport H` draws the scroll page a screen at a time: a book whose scroll page no bitmap could
    /// hold (refused without it) comes out as screens `H` points tall, `--pages` picking them, the last one what is
    /// left; without `--scroll` the option is refused.
    @Test func scrollPagesAreDrawnScreenByScreen() throws {
        let directory = try TemporaryDirectory()
        let text = (1...2_000).map { "Paragraph \($0) of a long book without chapters, which scrolls and scrolls." }.joined(separator: "\n\n")
        let input = try directory.write(text, to: "long.txt")
        let base = ["--font", "Charis SIL", "--quiet", "--scroll"]
        let whole = try CLIRunner.runBundled(base + ["-o", directory.path("whole"), input], in: directory)
        #expect(whole.status == 2 && whole.stderr.contains("--viewport"), "\(whole.stderr)")
        let screens = try CLIRunner.runBundled(base + ["--viewport", "844", "--pages", "100-102", "-o", directory.path("screens"), input],
                                               in: directory)
        #expect(screens.status == 0, "stderr: \(screens.stderr)")
        #expect(try directory.entries("screens") == ["screen-0100.png", "screen-0101.png", "screen-0102.png"])
        for name in try directory.entries("screens") {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path("screens") + "/" + name)))
            #expect(bytes.starts(with: Self.pngSignature))
            // 844 pt at scale 2: the PNG's height in its IHDR chunk.
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(height == 1_688, "\(name) is \(height) px tall")
        }
        let last = try CLIRunner.runBundled(base + ["--viewport", "1000000", "-o", directory.path("all.png"), input], in: directory)
        #expect(last.status == 2, "a screen taller than a bitmap holds is refused: \(last.stderr)")
        let paged = try CLIRunner.runBundled(["--font", "Charis SIL", "--viewport", "844", "-o", directory.path("paged"), input],
                                             in: directory)
        #expect(paged.status == 2 && paged.stderr.contains("--scroll"), "\(paged.stderr)")
    }

    @Test func theEmptyFileRendersOneEmptyPage() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write([], to: "empty.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "-o", directory.path("out"), input], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try directory.entries("out") == ["page-0001.png"])
        #expect(result.stderrLines == ["typeset: wrote 1 page of 1 to \(directory.path("out"))/"])
    }

    @Test func withoutOutputTheFolderIsNamedAfterTheBook() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "my book.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", input], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try directory.entries() == ["my book", "my book.txt"])
        #expect(try directory.entries("my book") == ["page-0001.png"])
    }

    @Test func jsonWritesNoPNGs() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--json", "-o", directory.path("out"), input], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try directory.entries() == ["hello.txt"])
    }

    @Test func anUnwritableOutputFolderExitsWith4() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "-o", "/proc/typeset-test", input], in: directory)
        expectFailure(result, status: 4, mentioning: ["/proc/typeset-test"])
    }

    @Test func anOutputPathThatIsAFileExitsWith4() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Hello.\n", to: "hello.txt")
        let blocker = try directory.write("not a folder", to: "blocker")
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "-o", blocker, input], in: directory)
        expectFailure(result, status: 4, mentioning: [blocker])
    }

    @Test func aPageTooLargeToRenderFailsCleanlyWithoutWritingIt() throws {
        // A scroll page of the sample book at 16 px/pt exceeds Bitmap.maximumPixelCount: the tool must refuse it
        // in one line, not crash or try to allocate gigabytes.
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.runBundled(["--font", "Charis SIL", "--scroll", "--scale", "16", "-o", directory.path("out"),
                                               Self.sampleBook], in: directory)
        #expect(result.status == 2 || result.status == 4, "exit status \(result.status); stderr: \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("typeset: "), "\(result.stderrLines)")
        #expect(((try? directory.entries("out")) ?? []).isEmpty)
    }
}

/// `--spread`: two facing pages per PNG, in the order the book's pages turn.
@Suite struct SpreadCommandTests {
    /// The width and height of a PNG from its header.
    static func size(_ bytes: [UInt8]) -> (Int, Int) {
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return bytes.count >= 24 ? (word(16), word(20)) : (0, 0)
    }

    @Test func spreadsAreTwoPagesWideInTheBooksDirection() throws {
        let directory = try TemporaryDirectory()
        let hebrew = try directory.write(Array(repeating: "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ.", count: 60)
            .joined(separator: "\n\n"), to: "hebrew.txt")
        let english = try directory.write(Array(repeating: "In the beginning God created the heaven and the earth.", count: 60)
            .joined(separator: "\n\n"), to: "english.txt")
        let base = ["--font", "Charis SIL", "--scale", "1", "--width", "300", "--height", "400"]
        let rtl = try CLIRunner.runBundled(base + ["--spread", "recto", "--pages", "2-3", "-o", directory.path("rtl"), hebrew], in: directory)
        #expect(rtl.status == 0, "stderr: \(rtl.stderr)")
        // Pages 2 and 3 face each other (the first stands alone): one spread, the second.
        #expect(try directory.entries("rtl") == ["spread-0002.png"])
        #expect(rtl.stderrLines.contains { $0.hasPrefix("typeset: wrote 1 spread of ") && $0.contains("right to left") }, "\(rtl.stderrLines)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path("rtl") + "/spread-0002.png")))
        #expect(Self.size(bytes) == (600, 400))
        let ltr = try CLIRunner.runBundled(base + ["--spread", "paired", "--pages", "1", "-o", directory.path("one.png"), english],
                                           in: directory)
        #expect(ltr.status == 0, "stderr: \(ltr.stderr)")
        #expect(ltr.stderrLines.contains { $0.hasPrefix("typeset: wrote spread 1 of ") && $0.contains("left to right") }, "\(ltr.stderrLines)")
        let wrong = try CLIRunner.runBundled(base + ["--spread", "sideways", english], in: directory)
        #expect(wrong.status == 2 && wrong.stderr.contains("recto or paired"), "\(wrong.stderr)")
        let scroll = try CLIRunner.runBundled(base + ["--spread", "recto", "--scroll", english], in: directory)
        #expect(scroll.status == 2 && scroll.stderr.contains("--spread"), "\(scroll.stderr)")
    }
}
