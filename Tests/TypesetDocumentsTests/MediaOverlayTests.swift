import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// EPUB 3 Media Overlays: SMIL clock values, `par`s through nested `seq`s resolved to ranges of the text, the
/// timeline and the clip at a time.
@Suite struct MediaOverlayTests {
    @Test(arguments: [("5:34:31.396", 20071.396), ("124:59:36", 449976), ("0:05:01.2", 301.2), ("09:58", 598),
                      ("00:56.78", 56.78), ("76.2s", 76.2), ("7.75h", 27900), ("13min", 780), ("2345ms", 2.345),
                      ("12.345", 12.345), (" 3s ", 3), ("0", 0)])
    func clockValues(_ text: String, _ seconds: Double) {
        let value = SMILClock.seconds(text)
        #expect(value.map { abs($0 - seconds) < 1e-9 } == true, "\(text) → \(String(describing: value))")
    }

    @Test(arguments: ["", "1:60", "1:2", "60:00", "1:00:60", "-1s", "1e3", "3 s", "1.5.2", "5:34:31.", "1:02:03:04",
                      "s", "ms", "1hr", ".5s", "1:-1:00", "abc"])
    func notClockValues(_ text: String) {
        #expect(SMILClock.seconds(text) == nil, "\(text)")
    }

    static let body = """
        <h1 id="h">The Tale</h1>
        <p id="p1"><span id="s1">First sentence.</span> <span id="s2">Second <em>one</em>.</span></p>
        <p id="p2">A whole paragraph read at once.</p>
        """

    static func read(_ chapters: [NarratedBook.Chapter], metadata: String = "") throws -> EPUBBook {
        try EPUBReader().read(bytes: try NarratedBook.epub(chapters, metadata: metadata), name: "narrated.epub")
    }

    @Test func clipsResolveToTextAndTime() throws {
        let overlay = NarratedBook.par("h", "0s", "1.5s")
            + "<seq epub:textref='ch1.xhtml#p1'>" + NarratedBook.par("s1", "1.5s", "0:00:03.250") + "<seq>" + NarratedBook.par("s2", "00:03.25", "5s") + "</seq></seq>"
            + NarratedBook.par("p2", "5000ms", "9s")
        let book = try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay),
                                  NarratedBook.Chapter(body: "<p id='x'>Second chapter.</p>", overlay: NarratedBook.par(chapter: 2, "x", "0s", "2s"))],
                                 metadata: "<meta property='media:duration'>0:00:11</meta><meta property='media:duration' refines='#mo1'>9s</meta>")
        let narration = try #require(book.mediaOverlay)
        let text = book.text
        #expect(narration.clips.map { text.string(in: $0.range ?? 0..<0) } == ["The Tale", "First sentence.", "Second one.",
                                                                                 "A whole paragraph read at once.", "Second chapter."])
        #expect(narration.clips.map(\.start) == [0, 1.5, 3.25, 5, 9])
        #expect(narration.clips.map(\.end) == [1.5, 3.25, 5, 9, 11])
        #expect(narration.clips[1].audio == "OEBPS/audio/ch1.mp3" && narration.clips[4].audio == "OEBPS/audio/ch2.mp3")
        #expect(narration.clips[4].clipBegin == 0 && narration.clips[4].clipEnd == 2, "each file's clips are its own")
        #expect(narration.statedDuration == 11 && narration.overlayDurations["OEBPS/ch1.smil"] == 9)
        #expect(narration.duration == 11 && narration.activeClass == "-epub-media-overlay-active")
        #expect(narration.activeColor == Color(red: 0xff, green: 0xd9, blue: 0x66), "the active class's colour in the book's CSS")
        #expect(narration.clip(at: 4)?.textHref == "OEBPS/ch1.xhtml#s2")
        #expect(narration.clip(at: 3.25)?.textHref == "OEBPS/ch1.xhtml#s2", "a clip starts at its start")
        #expect(narration.clip(at: 10.999)?.textHref == "OEBPS/ch2.xhtml#x")
        #expect(narration.clip(at: 11) == nil && narration.clip(at: -1) == nil && narration.clip(at: .nan) == nil)
        let marks = narration.marks
        #expect(marks.segments.count == 5 && marks.duration == 11 && marks.words.isEmpty)
        #expect(marks.activeRange(at: 6) == narration.clips[3].range)
        #expect(marks.segments[2].clip == 3.25..<5 && marks.segments[2].voice == nil)
    }

    /// Clips without a `clipEnd` run to the next clip's begin in the same file; the last one has no time, and says so.
    @Test func openEndedClipsAndBrokenReferences() throws {
        let overlay = NarratedBook.par("s1", nil, nil) + NarratedBook.par("s2", "2.5s", nil) + NarratedBook.par("missing", "4s", "5s")
            + "<par><text src='ch1.xhtml#p2'/></par>" + NarratedBook.par("p2", "6s", "bogus")
        let book = try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay)])
        let narration = try #require(book.mediaOverlay)
        #expect(narration.clips.map(\.clipEnd) == [2.5, 4, 5, nil, nil])
        #expect(narration.clips[2].range == nil, "an id the text lacks")
        #expect(narration.clips.map(\.end) == [2.5, 4, 5, 5, 5])
        #expect(narration.marks.segments.count == 2, "only clips with text and time are marks")
        #expect(book.warnings.contains { $0.contains("names no element") })
        #expect(book.warnings.contains { $0.contains("clipEnd=\"bogus\"") })
        #expect(book.warnings.contains { $0.contains("no clipEnd") })
    }

    /// The one clip of an overlay left without an end plays to its file's end: what the overlay's `media:duration`
    /// leaves after its other clips (the W3C suite's mol-audio-no-clipend); with no duration it has no time.
    @Test func theLastOpenClipTakesWhatTheOverlaysDurationLeaves() throws {
        let overlay = NarratedBook.par("s1", "1s", "3s") + NarratedBook.par("s2", "3s", nil) + NarratedBook.par("p2", "20s", nil)
        let stated = "<meta property='media:duration' refines='#mo1'>0:00:27.5</meta>"
        let book = try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay)], metadata: stated)
        let narration = try #require(book.mediaOverlay)
        #expect(narration.clips.map(\.clipEnd) == [3, 20, 28.5], "27.5 s less 2 s and 17 s: p2 runs 8.5 s from 20 s")
        #expect(narration.duration == 27.5 && narration.marks.segments.count == 3)
        #expect(!book.warnings.contains { $0.contains("no clipEnd") }, "\(book.warnings)")
        let unstated = try #require(try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay)]).mediaOverlay)
        #expect(unstated.clips.map(\.clipEnd) == [3, 20, nil])
        // A duration shorter than the other clips leaves the open clip without time.
        let short = "<meta property='media:duration' refines='#mo1'>5s</meta>"
        let overrun = try #require(try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay)], metadata: short).mediaOverlay)
        #expect(overrun.clips.last?.clipEnd == nil)
    }

    /// The active class's colour comes from a `<style>` element of a narrated document as from a CSS file (mol-css).
    @Test func activeColourFromAStyleElement() throws {
        let bytes = try NarratedBook.epub([NarratedBook.Chapter(body: Self.body, overlay: NarratedBook.par("s1", "0s", "1s"))],
                                          activeStyleInDocuments: true)
        let narration = try #require(try EPUBReader().read(bytes: bytes, name: "styled.epub").mediaOverlay)
        #expect(narration.activeColor == Color(red: 0xff, green: 0xd9, blue: 0x66))
    }

    /// Text-only `par`s (no `audio`: read with text-to-speech) among recorded ones: ``MediaOverlay/textOnlyClips``
    /// names them, and ``MediaOverlay/synthesizing(_:)`` gives each its span of synthesized speech and lays every
    /// clip end to end again in the overlay's order; a text-only clip without a span, and one naming no text, stay
    /// silent; the recorded clips keep their files and clips.
    @Test func textOnlyClipsTakeTheirTurnWhenSynthesized() throws {
        let textOnly = { (id: String) in "<par><text src=\"ch1.xhtml#\(id)\"/></par>" }
        let overlay = NarratedBook.par("h", "0s", "1.5s") + textOnly("s1") + NarratedBook.par("s2", "1.5s", "4s") + textOnly("p2")
            + textOnly("missing")
        let book = try Self.read([NarratedBook.Chapter(body: Self.body, overlay: overlay)])
        let narration = try #require(book.mediaOverlay)
        #expect(narration.textOnlyClips == [1, 3])
        #expect(narration.marks.segments.map(\.audio) == ["OEBPS/audio/ch1.mp3", "OEBPS/audio/ch1.mp3"], "unsynthesized, the text-only clips last nothing")
        let read = narration.synthesizing([1: 0..<2, 3: 2..<5.5, 2: 9..<10])
        #expect(read.clips.map(\.isSynthesized) == [false, true, false, true, false])
        #expect(read.clips.map(\.start) == [0, 1.5, 3.5, 6, 9.5] && read.clips.map(\.end) == [1.5, 3.5, 6, 9.5, 9.5])
        #expect(read.clips[1].clipBegin == 0 && read.clips[1].clipEnd == 2 && read.clips[3].clipBegin == 2 && read.clips[3].clipEnd == 5.5)
        #expect(read.clips[2].audio == "OEBPS/audio/ch1.mp3" && read.clips[2].clipBegin == 1.5 && read.clips[2].clipEnd == 4)
        let segments = read.marks.segments
        #expect(segments.map(\.audio) == ["OEBPS/audio/ch1.mp3", nil, "OEBPS/audio/ch1.mp3", nil])
        #expect(segments.map(\.clip) == [0..<1.5, 0..<2, 1.5..<4, 2..<5.5] && read.duration == 9.5)
        #expect(segments.map(\.range) == [read.clips[0].range, read.clips[1].range, read.clips[2].range, read.clips[3].range])
        #expect(read.clip(at: 7)?.range == read.clips[3].range)
        let halfRead = narration.synthesizing([3: 0..<1])
        #expect(halfRead.clips.map(\.isSynthesized) == [false, false, false, true, false] && halfRead.duration == 5)
    }

    /// A book without overlays has no narration; a deep nest of `seq`s is walked without recursion.
    @Test func noOverlayAndDeepNesting() throws {
        #expect(try Self.read([NarratedBook.Chapter(body: Self.body, overlay: nil)]).mediaOverlay == nil)
        let depth = 200
        let nested = String(repeating: "<seq>", count: depth) + NarratedBook.par("s1", "0s", "1s") + String(repeating: "</seq>", count: depth)
        let book = try Self.read([NarratedBook.Chapter(body: Self.body, overlay: nested)])
        #expect(book.mediaOverlay?.clips.count == 1)
    }

    /// While narration plays (`StyleEnvironment.narrationPlaying`), `media:playback-active-class` is on the root of
    /// each document with narration: the book's rule for it greys that document's text, not the other's. Only the
    /// narrated document is converted again (the other is reused), and stopping converts nothing (both kept).
    @Test func playingPutsThePlaybackClassOnTheNarratedDocuments() throws {
        let bytes = try NarratedBook.epub([NarratedBook.Chapter(body: "<p id='a'>Narrated text.</p>", overlay: NarratedBook.par("a", "0s", "1s")),
                                           NarratedBook.Chapter(body: "<p>Silent text.</p>", overlay: nil)],
                                          metadata: "<meta property='media:playback-active-class'>-epub-media-overlay-playing</meta>",
                                          css: ".-epub-media-overlay-playing p { color: #999999 }")
        let book = try EPUBReader().read(bytes: bytes, name: "narrated.epub")
        let conversions = try #require(book.conversions)
        let converted = conversions.conversionCount
        let publication = book.publication
        func colour(_ publication: Publication, _ prefix: String) -> Color? {
            publication.text.paragraphs.first { $0.contentString.hasPrefix(prefix) }?.runs.first?.style.color
        }
        let grey = Color(red: 0x99, green: 0x99, blue: 0x99)
        #expect(colour(publication, "Narrated") != grey && colour(publication, "Silent") != grey)
        var environment = publication.styleEnvironment
        environment.narrationPlaying = true
        #expect(publication.needsRestyle(for: environment))
        let playing = try publication.restyled(for: environment)
        #expect(conversions.conversionCount == converted + 1)
        #expect(colour(playing, "Narrated") == grey)
        #expect(colour(playing, "Silent") == colour(publication, "Silent"))
        let stopped = try playing.restyled(for: publication.styleEnvironment)
        #expect(conversions.conversionCount == converted + 1)
        #expect(colour(stopped, "Narrated") == colour(publication, "Narrated"))
    }
}
