import Foundation
import Testing
import TypesetTestSupport

/// `typeset cover BOOK -o FILE [--width W]`: the cover as a PNG thumbnail, written as pages are (a temporary file
/// beside it, renamed; never over a folder), and a clear error for a book without one.
@Suite struct CoverCommandTests {
    /// The width and height of a PNG, from its IHDR.
    static func size(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func field(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        return (field(16), field(20))
    }

    @Test func coversOfEveryKind() throws {
        let directory = try TemporaryDirectory()
        // cover-image (a 120 × 180 PNG), <meta name="cover">, a JPEG, an SVG.
        let books: [(String, Int, Int)] = [
            (Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub3.epub", 90, 135),
            (Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub2.epub", 240, 360),
            (try Fixtures.corpusPath("melville-moby-dick.epub3.epub"), 200, 0),
            (try Fixtures.corpusPath("whitman-leaves-of-grass.se-epub3.epub"), 150, 225),
        ]
        for (index, (book, width, height)) in books.enumerated() {
            let output = directory.path("cover-\(index).png")
            let result = try CLIRunner.run(["cover", book, "-o", output, "--width", String(width)], in: directory)
            #expect(result.status == 0, "\(book): \(result.stderr)")
            let size = try #require(Self.size(try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(size.0 == width && (height == 0 || size.1 == height), "\(book): \(size)")
        }
        #expect(try directory.entries().sorted() == (0..<4).map { "cover-\($0).png" }, "no temporary file is left")
        let piped = try CLIRunner.run(["cover", books[0].0, "-o", "-"], in: directory)
        #expect(piped.status == 0 && Self.size(piped.stdoutData).map { $0.0 } == 320, "the default width is 320 pixels")
    }

    @Test func noCoverAndBadOutputsAreClear() throws {
        let directory = try TemporaryDirectory()
        let text = try directory.write("A plain book.\n", to: "book.txt")
        expectFailure(try CLIRunner.run(["cover", text], in: directory), status: 1, mentioning: ["no cover", "plain-text"])
        let book = Fixtures.repositoryRoot + "/Tests/Fixtures/navigation/navigation-epub3.epub"
        expectFailure(try CLIRunner.run(["cover", book, "--width", "0"], in: directory), status: 2, mentioning: ["--width"])
        expectFailure(try CLIRunner.run(["cover", book, "--size", "20"], in: directory), status: 2, mentioning: ["--size"])
        try FileManager.default.createDirectory(atPath: directory.path("folder.png"), withIntermediateDirectories: true)
        expectFailure(try CLIRunner.run(["cover", book, "-o", directory.path("folder.png")], in: directory), status: 4,
                      mentioning: ["folder.png"])
        // --width is still the page width for the other commands.
        let page = try CLIRunner.runBundled(["--json", "--pages", "1", "--width", "300", text], in: directory)
        #expect(page.status == 0 && page.stdout.contains("\"width\": 300"), "\(page.stderr)")
    }
}
