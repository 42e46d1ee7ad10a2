import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// `typeset speak --narration`: a book's Media Overlays as the marks synthesized speech writes, and its pages with
/// the clip at a time highlighted in the book's active-class colour.
@Suite struct NarrationCLITests {
    static func book(_ directory: TemporaryDirectory) throws -> String {
        let body = "<h1 id='h'>Title</h1><p id='p'><span id='a'>One sentence.</span> <span id='b'>Another one.</span></p>"
        let overlay = NarratedBook.par("h", "0s", "1s") + "<seq>" + NarratedBook.par("a", "1s", "0:00:02.5") + NarratedBook.par("b", "2.5s", "4s") + "</seq>"
        return try directory.write(try NarratedBook.epub([NarratedBook.Chapter(body: body, overlay: overlay)]), to: "narrated.epub")
    }

    @Test func marksFromTheOverlay() throws {
        let directory = try TemporaryDirectory()
        let book = try Self.book(directory)
        let result = try CLIRunner.run(["speak", "--narration", book, "--marks", "-"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["durationMs"] as? Int == 4000 && json["audio"] is NSNull && json["sampleRate"] is NSNull)
        let utterances = try #require(json["utterances"] as? [[String: Any]])
        #expect(utterances.compactMap { $0["text"] as? String } == ["Title", "One sentence.", "Another one."])
        #expect(utterances.compactMap { $0["startMs"] as? Int } == [0, 1000, 2500])
        #expect(utterances.compactMap { $0["clipEndMs"] as? Int } == [1000, 2500, 4000])
        #expect(utterances.allSatisfy { $0["audio"] as? String == "OEBPS/audio/ch1.mp3" && $0["voice"] is NSNull })
        #expect(utterances.allSatisfy { ($0["locator"] as? [String: Any])?["href"] as? String == "OEBPS/ch1.xhtml" })
        #expect(result.stderr.contains("3 narration clips"))
    }

    @Test func highlightedPagesAndRefusals() throws {
        let directory = try TemporaryDirectory()
        let book = try Self.book(directory)
        let result = try CLIRunner.run(["speak", "--narration", book, "--marks", directory.path("m.json"), "--highlight-pages",
                                        directory.path("pages"), "--sentences", "3"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory.path("pages")).sorted()
        #expect(pages == ["clip-001-page-0001.png", "clip-002-page-0001.png", "clip-003-page-0001.png"])
        let text = try directory.write("Plain text.\n", to: "plain.txt")
        expectFailure(try CLIRunner.run(["speak", "--narration", text, "--marks", "-"], in: directory), status: 1,
                      mentioning: ["no recorded narration", "not an EPUB"])
        expectFailure(try CLIRunner.run(["speak", "--narration", book], in: directory), status: 2, mentioning: ["--marks"])
    }
}
