import Foundation
import Testing
import TypesetTestSupport

/// The CLI's images and links: `--json` lists each page's images, pages with images are drawn, and `typeset query`'s
/// `linkAt` answers note references with their notes.
@Suite struct ImageAndLinkCLITests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonListsEachPagesImagesAndPagesWithImagesAreDrawn() throws {
        let directory = try TemporaryDirectory()
        let book = try Fixtures.corpusPath("melville-moby-dick.epub3.epub")
        let result = try CLIRunner.run(["--fonts", "bundled", "--pages", "1-3", "--json", book], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try #require(try Self.json(result.stdout)["pages"] as? [[String: Any]])
        let images = pages.map { ($0["images"] as? [[String: Any]]) ?? [] }
        // The cover (linear="no", shown first) and the title page, a page each; then text.
        #expect(images.map(\.count) == [1, 1, 0])
        #expect(images[0].first?["href"] as? String == "OPS/images/9780316000000.jpg")
        #expect(images[1].first?["alt"] as? String == "title page")
        let range = try #require(images[0].first?["range"] as? [String: Any])
        #expect(range["length"] as? Int == 1)
        let png = try CLIRunner.run(["--fonts", "bundled", "--pages", "1", "--scale", "1", "-o", "cover.png", book], in: directory)
        #expect(png.status == 0, "\(png.stderr)")
        #expect(!png.stderr.contains("placeholder"), "\(png.stderr)")
    }

    /// `-q` silences the image libraries too: libjxl printed its debug lines about a damaged image
    /// (`./lib/jxl/field_encodings.h:126: JXL_FAILURE: Invalid value 4 for WhitePoint`) on standard error under it.
    /// Errors are still written.
    @Test func quietSilencesTheImageLibraries() throws {
        let directory = try TemporaryDirectory()
        let damaged = [0xFF, 0x0A] + (0..<200).map { UInt8($0) }
        let epub = try ZipWriter.epub(body: #"<p>Text <img src="d.jxl" alt="d" width="40" height="30"/></p>"#, css: "",
                                      manifestItems: #"<item id="d" href="d.jxl" media-type="image/jxl"/>"#,
                                      extraEntries: [ZipWriter.Entry(name: "OEBPS/d.jxl", bytes: damaged)])
        let book = try directory.write(epub, to: "damaged.epub")
        let loud = try CLIRunner.run(["--fonts", "bundled", "-o", directory.path("loud"), book], in: directory)
        #expect(loud.status == 0 && loud.stderr.contains("placeholder"), "\(loud.stderr)")
        let quiet = try CLIRunner.run(["--fonts", "bundled", "-q", "-o", directory.path("quiet"), book], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let failing = try CLIRunner.run(["--fonts", "bundled", "-q", "-o", directory.path("quiet"), "--size", "0", book], in: directory)
        #expect(failing.status == 2 && failing.stderrLines == ["typeset: --size: must be at least 1, got 0"], "\(failing.stderr)")
    }

    /// Probes every line of the first pages of The Waste Land with linkAt: its note references ("*", line numbers
    /// marked noteref) answer their notes, with a target in the book.
    @Test func linkAtAnswersNoteReferencesWithTheirNotes() throws {
        let directory = try TemporaryDirectory()
        let book = try Fixtures.corpusPath("eliot-the-waste-land.epub")
        let arguments = ["query", "--fonts", "bundled", book]
        let pages = 2...6
        let linesRun = try CLIRunner.run(arguments, in: directory,
                                         input: pages.map { #"{"op": "lines", "page": \#($0)}"# }.joined(separator: "\n") + "\n")
        #expect(linesRun.status == 0, "\(linesRun.stderr)")
        var probes: [String] = []
        for (page, line) in zip(pages, linesRun.stdout.split(separator: "\n")) {
            for entry in try #require(try Self.json(String(line))["lines"] as? [[String: Any]]) {
                let rect = try #require(entry["rect"] as? [String: Double])
                let y = (rect["y"] ?? 0) + (rect["height"] ?? 0) / 2
                var x = rect["x"] ?? 0
                while x < (rect["x"] ?? 0) + (rect["width"] ?? 0) {
                    probes.append(#"{"op": "linkAt", "page": \#(page), "point": {"x": \#(x), "y": \#(y)}}"#)
                    x += 2
                }
            }
        }
        let run = try CLIRunner.run(arguments, in: directory, input: probes.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        var notes: Set<String> = []
        for answer in run.stdout.split(separator: "\n") {
            guard let link = try Self.json(String(answer))["link"] as? [String: Any] else { continue }
            #expect(link["isNoteReference"] as? Bool == true, "\(link)")
            let note = try #require(link["note"] as? [String: Any])
            let target = try #require(link["target"] as? [String: Any])
            #expect((target["locator"] as? [String: Any])?["href"] as? String == "EPUB/wasteland-content.xhtml")
            let text = try #require(note["text"] as? String)
            #expect(!text.isEmpty && !text.contains("↩"))
            notes.insert(note["id"] as? String ?? "")
        }
        #expect(notes.count >= 2, "notes found: \(notes)")
    }
}
