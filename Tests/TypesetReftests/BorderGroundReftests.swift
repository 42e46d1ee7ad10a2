import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A border in the colour of the ground it stands on is space the book drew (Sphinx's headings' `border-top: 20px
/// solid white` in a white body): on every theme it stays unseen, as the same room made by a margin, where the
/// theme's readable text colour would have drawn a grey bar. A border of another colour is drawn. And a book's
/// white box on a light theme's paper is the paper (its colours as printed on it), not a white patch on sepia.
@Suite struct BorderGroundReftests {
    static let css = "p { margin: 0 } h2 { margin: 0; background: #bed4eb; font-size: 1.2em } .body { background: white }"

    static func rendering(_ body: String, css: String, theme: Theme) throws -> Reftest.Rendering {
        var settings = Reftest.settings
        settings.appearance = Appearance(theme: theme, pixelScale: 1)
        return try Reftest.render(Reftest.Book(body: body, css: Self.css + css), settings: settings)
    }

    /// In a white box and on the page (which CSS starts white): a white top border looks as a transparent one, the
    /// ground showing through (the heading's background kept to its padding box in both).
    @Test(arguments: [Theme.light, .sepia, .dark], [true, false])
    func aBorderInItsGroundsColourIsNotSeen(_ theme: Theme, inABox: Bool) throws {
        let (open, close) = inABox ? ("<div class='body'>", "</div>") : ("", "")
        let body = "<p>Before.</p>\(open)<h2>A heading</h2><p>Its text.</p>\(close)"
        let clip = "h2 { background-clip: padding-box; border-top-width: 20px; border-top-style: solid }"
        let test = try Self.rendering(body, css: clip + " h2 { border-top-color: white }", theme: theme)
        let reference = try Self.rendering(body, css: clip + " h2 { border-top-color: transparent }", theme: theme)
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(theme), in a box \(inABox): \(mismatch ?? "")")
    }

    /// A border of another colour than its ground is drawn.
    @Test(arguments: [Theme.light, .dark])
    func aBorderOfAnotherColourIsSeen(_ theme: Theme) throws {
        let body = "<p>Before.</p><div class='body'><h2>A heading</h2><p>Its text.</p></div>"
        let clip = "h2 { background-clip: padding-box; border-top-width: 20px; border-top-style: solid }"
        let test = try Self.rendering(body, css: clip + " h2 { border-top-color: #cccccc }", theme: theme)
        let reference = try Self.rendering(body, css: clip + " h2 { border-top-color: transparent }", theme: theme)
        #expect(Reftest.mismatch(test, reference) != nil, "\(theme)")
    }

    /// A white box (Sphinx's `div.body`, SiSU's paragraphs) on the sepia and light themes looks as no box.
    @Test(arguments: [Theme.light, .sepia])
    func aWhiteBoxIsThePaper(_ theme: Theme) throws {
        let body = "<p>Before.</p><div class='body'><h2>A heading</h2><p>Its text.</p></div>"
        let test = try Self.rendering(body, css: "", theme: theme)
        let reference = try Self.rendering(body, css: ".body { background: none }", theme: theme)
        #expect(Reftest.mismatch(test, reference) == nil, "\(theme)")
    }
}
