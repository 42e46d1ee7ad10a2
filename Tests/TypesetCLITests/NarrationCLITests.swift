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

    /// A narration whose `par`s have no audio (EPUB Reading Systems 3.3 `#mol-tts`): eSpeak NG reads each in its
    /// turn between the recorded clips; the marks give each text-only clip no audio of the book, a time on the
    /// narration's timeline as long as its speech, and its span in the synthesized WAV (`-o`), whose length is the
    /// spans' sum. `-o` and `--voice` are still refused for a narration that is all recording.
    @Test func textOnlyParsAreReadBySpeechSynthesis() throws {
        let directory = try TemporaryDirectory()
        let body = "<p id='p'><span id='a'>One sentence.</span> <span id='b'>Another one, somewhat longer than the first.</span></p><p id='c'>Three.</p>"
        let overlay = "<par><text src=\"ch1.xhtml#a\"/></par>" + NarratedBook.par("b", "0s", "2s") + "<par><text src=\"ch1.xhtml#c\"/></par>"
        let book = try directory.write(try NarratedBook.epub([NarratedBook.Chapter(body: body, overlay: overlay)]), to: "tts.epub")
        let result = try CLIRunner.run(["speak", "--narration", book, "--marks", "-", "-o", directory.path("speech.wav")], in: directory)
        #expect(result.status == 0 && result.stderr.contains("2 text-only clips"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let utterances = try #require(json["utterances"] as? [[String: Any]])
        #expect(utterances.compactMap { $0["text"] as? String } == ["One sentence.", "Another one, somewhat longer than the first.", "Three."])
        #expect(utterances.map { $0["audio"] as? String } == [nil, "OEBPS/audio/ch1.mp3", nil])
        let starts = utterances.compactMap { $0["startMs"] as? Int }, ends = utterances.compactMap { $0["endMs"] as? Int }
        let clips = utterances.compactMap { u in (u["clipBeginMs"] as? Int).flatMap { b in (u["clipEndMs"] as? Int).map { b..<$0 } } }
        #expect(starts.count == 3 && ends.count == 3 && clips.count == 3)
        #expect(starts.first == 0 && zip(ends, starts.dropFirst()).allSatisfy { $0 == $1 } && json["durationMs"] as? Int == ends.last)
        #expect(zip(starts, ends).allSatisfy { $0 < $1 } && ends[1] - starts[1] == 2000, "each clip lasts: \(starts) \(ends)")
        #expect(clips[0].lowerBound == 0 && clips[2].lowerBound == clips[0].upperBound && clips[1] == 0..<2000)
        #expect(ends[0] - starts[0] == clips[0].count && ends[2] - starts[2] == clips[2].count)
        let wav = try Data(contentsOf: URL(fileURLWithPath: directory.path("speech.wav")))
        let rate = try #require(json["sampleRate"] as? Int)
        let seconds = Double(wav.count - 44) / Double(2 * rate)
        #expect(json["audio"] as? String == directory.path("speech.wav") && abs(seconds * 1000 - Double(clips[2].upperBound)) < 2, "\(seconds)")
        let recorded = try Self.book(directory)
        expectFailure(try CLIRunner.run(["speak", "--narration", recorded, "--marks", "-", "-o", directory.path("x.wav")], in: directory),
                      status: 2, mentioning: ["its own recording"])
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

    /// `--highlight-pages` draws the pages a reader sees while the narration plays: with the book's
    /// `media:playback-active-class` on the narrated document, whose rule greys its text (W3C's mol-css). The
    /// same book without the class's `<meta>` draws its text in the theme's colour.
    @Test func highlightedPagesShowThePlaybackActiveClass() throws {
        let directory = try TemporaryDirectory()
        let playing = "-epub-media-overlay-playing"
        let chapter = NarratedBook.Chapter(body: "<p id='a'>One sentence read aloud.</p><p id='b'>Another one, read after it.</p>",
                                           overlay: NarratedBook.par("a", "0s", "1s") + NarratedBook.par("b", "1s", "2s"))
        func greyPixels(declared: Bool) throws -> Int {
            let meta = declared ? "<meta property=\"media:playback-active-class\">\(playing)</meta>" : ""
            let book = try directory.write(try NarratedBook.epub([chapter], metadata: meta, css: ".\(playing) p { color: #999999 }"),
                                           to: declared ? "declared.epub" : "plain.epub")
            let folder = directory.path(declared ? "declared" : "plain")
            let result = try CLIRunner.run(["speak", "--narration", book, "--marks", directory.path("m.json"), "--fonts", "bundled",
                                            "--highlight-pages", folder, "--sentences", "1"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let page = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".png") })
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + page)))
            return try #require(ComicArchive.count(ofPNG: bytes) {
                abs(Int($0.red) - 0x99) < 16 && abs(Int($0.green) - 0x99) < 16 && abs(Int($0.blue) - 0x99) < 16
            })
        }
        let grey = try greyPixels(declared: true), plain = try greyPixels(declared: false)
        #expect(grey > 200 && plain * 4 < grey, "grey pixels: \(grey) with the class, \(plain) without")
    }
}
