import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// EPUB Media Overlays 3.3's `media:playback-active-class`: while narration plays, the reading system puts the
/// class on the root element of the narrated documents, so that the book's rules for it apply (here they grey the
/// text). The reference is the same book with the class written on those documents' `<html>` element.
@Suite struct NarrationStyleReftests {
    static let playing = "-epub-media-overlay-playing"
    static let meta = "<meta property=\"media:playback-active-class\">\(playing)</meta>"
    static let css = ".\(playing) p { color: #999999 }"
    static let chapters = [
        NarratedBook.Chapter(body: "<p id=\"s1\">The first sentence read.</p><p id=\"s2\">And the second one.</p>",
                             overlay: NarratedBook.par("s1", "0s", "1s") + NarratedBook.par("s2", "1s", "2s")),
        NarratedBook.Chapter(body: "<p>A chapter without narration.</p>", overlay: nil),
    ]

    static func read(metadata: String = meta, rootClass: String? = nil) throws -> EPUBBook {
        try EPUBReader().read(bytes: try NarratedBook.epub(chapters, metadata: metadata, css: css, narratedRootClass: rootClass),
                              name: "narrated.epub")
    }

    static func playing(_ publication: Publication, _ on: Bool = true) throws -> Publication {
        var environment = publication.styleEnvironment
        environment.narrationPlaying = on
        return try publication.restyled(for: environment)
    }

    /// Playing, the book is drawn as with the class written on its narrated documents' root (their text grey, the
    /// chapter without narration as before); not playing, as without it; and the playing text differs from the
    /// text at rest (the rule applies at all).
    @Test func theClassIsOnTheNarratedDocumentsWhilePlaying() throws {
        let book = try Self.read()
        let atRest = try Reftest.render(book.publication, book: book)
        let played = try Reftest.render(try Self.playing(book.publication), book: book)
        let written = try Self.read(rootClass: Self.playing)
        let reference = try Reftest.render(written.publication, book: written)
        #expect(Reftest.mismatch(played, reference) == nil, "\(Reftest.mismatch(played, reference) ?? "")")
        #expect(Reftest.mismatch(played, atRest) != nil)
        let stopped = try Self.playing(try Self.playing(book.publication), false)
        #expect(Reftest.mismatch(try Reftest.render(stopped, book: book), atRest) == nil)
        // A book without the class: narration changes nothing, and nothing is read again.
        let plain = try Self.read(metadata: "")
        #expect(!plain.publication.needsRestyle(for: { var e = plain.publication.styleEnvironment; e.narrationPlaying = true; return e }()))
    }

    /// A reading session asks for the styles with ``ReadingSession/setNarrationPlaying(_:)``: the page it returns
    /// holds the grey text, the anchor stays, and stopping brings the book's own colours back.
    @Test func aSessionRestylesWhileNarrationPlays() throws {
        let book = try Self.read()
        let session = try ReadingSession(publication: book.publication, typesetter: Typesetter(fonts: try Fixtures.bundledFonts()),
                                         settings: Reftest.settings, completesInBackground: false)
        func colour(_ page: ReaderPage, of words: String) -> Color?? {
            let text = page.layout.text
            let paragraph = text.paragraphs.first { $0.contentString.hasPrefix(words) }
            return paragraph.map { $0.runs.first?.style.color }
        }
        let grey = Color(red: 0x99, green: 0x99, blue: 0x99)
        let before = try session.setNarrationPlaying(false)
        #expect(colour(before, of: "The first") != .some(grey))
        let anchor = session.anchor.position
        let playing = try session.setNarrationPlaying(true)
        #expect(colour(playing, of: "The first") == .some(grey))
        #expect(colour(playing, of: "And the second") == .some(grey))
        #expect(session.anchor.position == anchor)
        let stopped = try session.setNarrationPlaying(false)
        #expect(colour(stopped, of: "The first") == colour(before, of: "The first"))
    }
}
