import Foundation
import Testing
import TypesetTestSupport

/// The reader in a real browser: `Tests/Browser/reader_test.py` drives headless Chromium through its WebDriver
/// (Debian's chromium, chromium-driver and python3-selenium, which `./setup.sh` installs) over `typeset serve`:
/// opening a book and turning pages (keys, buttons, the edge, swipes), a size change that keeps the sentence on
/// screen, a mouse selection highlighted, given a note and found again after reloads, search, reading aloud, the
/// keyboard alone, Chromium's accessibility tree, a right-to-left book, print pages and alt text, a vertical Japanese
/// book, tap to caret. Skipped, saying so, only where Chromium is not installed.
@Suite struct ServeBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static var browserInstalled: Bool { FileManager.default.isExecutableFile(atPath: chromium) }

    @Test(.enabled(if: browserInstalled, "Chromium is not installed (/usr/bin/chromium): ./setup.sh installs chromium, chromium-driver and python3-selenium"))
    func theReaderInChromium() throws {
        let directory = try TemporaryDirectory()
        let books = directory.path("books")
        try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt", toPath: books + "/sample-book.txt")
        try FileManager.default.copyItem(atPath: Fixtures.corpusSourceDirectory + "/khayat-le-vrai-regime-anticancer.ar.epub",
                                         toPath: books + "/khayat.epub")
        try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub3.epub",
                                         toPath: books + "/navigation-epub3.epub")
        let executable = try #require(CLIRunner.executable, "the typeset executable was not found (swift build --product typeset)")
        var arguments = [Fixtures.repositoryRoot + "/Tests/Browser/reader_test.py", "--typeset", executable.path, "--books", books]
        // TYPESET_BROWSER_SCREENSHOTS=DIR keeps a screenshot of each scenario (manual, "typeset serve").
        if let folder = ProcessInfo.processInfo.environment["TYPESET_BROWSER_SCREENSHOTS"], !folder.isEmpty {
            arguments += ["--screenshots", folder]
        }
        let result = try CLIRunner.runProcess(URL(fileURLWithPath: "/usr/bin/python3"), arguments, in: directory, timeout: 300)
        // The scenarios' lines and the latency rows, in the test log.
        print(result.stdout)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(4000))")
        #expect(result.stdout.contains("all passed"))
    }
}
