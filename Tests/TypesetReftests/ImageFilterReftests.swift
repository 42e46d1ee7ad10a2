import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A book's CSS `filter` on its images (Filter Effects 1), as css/filter-effects writes its reftests: an image with
/// a filter against a second image whose pixels are already what the filter makes, drawn without one; the dark-theme
/// rule Standard Ebooks' books carry (black line art inverted under `prefers-color-scheme: dark`, selected by an
/// `epub|type` attribute) against the inverted drawing; and the reader's own image filter taking the book's place.
@Suite struct ImageFilterReftests {
    static let ink = Color(red: 20, green: 20, blue: 20), paper = Color(red: 250, green: 240, blue: 200)

    /// A PNG of 24 × 12 pixels of one colour.
    static func png(_ color: Color, alpha: UInt8) throws -> [UInt8] {
        let width = 24, height = 12
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for p in stride(from: 0, to: pixels.count, by: 4) {
            pixels[p] = color.red; pixels[p + 1] = color.green; pixels[p + 2] = color.blue; pixels[p + 3] = alpha
        }
        return try PNGEncoder.encode(try #require(Bitmap(width: width, height: height, pixels: pixels)))
    }

    /// The two images, the ink's and the paper's, their colours through `transform`. Each is of one colour, so that
    /// resampling to its box mixes nothing before or after the filter (the filter applies to the drawn image).
    static func files(_ transform: (Color) -> Color = { $0 }, alpha: UInt8 = 255) throws -> [(name: String, bytes: [UInt8])] {
        [("images/ink.png", try png(transform(ink), alpha: alpha)), ("images/paper.png", try png(transform(paper), alpha: alpha))]
    }

    static func book(css: String, files: [(name: String, bytes: [UInt8])]) -> Reftest.Book {
        let type = "epub:type='se:image.color-depth.black-on-transparent'"
        return Reftest.Book(body: "<p>A drawing:</p><p><img src='images/ink.png' alt='ink' \(type)/> <img src='images/paper.png' alt='paper' \(type)/></p>",
                            css: "@namespace epub \"http://www.idpf.org/2007/ops\"; img { width: 48px } " + css, files: files)
    }

    static func settings(_ theme: Theme = .light, filter: ImageFilter = .none) -> ReaderSettings {
        var settings = Reftest.settings
        settings.appearance = Appearance(theme: theme, pixelScale: 2, imageFilter: filter)
        return settings
    }

    /// The spec's formulas for the per-channel functions, on 0...255 bytes (Filter Effects 1 §13).
    static func channelwise(_ color: Color, _ f: (Double) -> Double) -> Color {
        func byte(_ v: UInt8) -> UInt8 { UInt8(max(0, min(255, (f(Double(v) / 255) * 255).rounded()))) }
        return Color(red: byte(color.red), green: byte(color.green), blue: byte(color.blue))
    }

    /// Each declaration with what it does to a channel (0...1), by the spec's formulas.
    static func transform(_ declaration: String) -> (Double) -> Double {
        switch declaration {
        case "filter: invert(25%)": return { 0.25 + $0 * 0.5 }
        case "filter: brightness(0.5)": return { $0 * 0.5 }
        case "filter: contrast(200%)": return { min(1, max(0, 2 * $0 - 0.5)) }
        case "filter: brightness(50%) invert(1)": return { 1 - $0 * 0.5 }
        default: return { 1 - $0 }  // the inversions
        }
    }

    @Test(arguments: [
        "filter: invert(100%)", "filter: invert()", "filter: invert(3)", "filter: invert(25%)", "filter: brightness(0.5)",
        "filter: contrast(200%)", "filter: brightness(50%) invert(1)",
        // `blur()` is read and not drawn; a `drop-shadow()` holding an `rgba()` does not end the list early.
        "-webkit-filter: invert(1) blur(3px)", "filter: drop-shadow(1px 1px 2px rgba(0, 0, 0, 0.5)) invert(1)",
    ])
    func aFilteredImageIsTheImageOfItsColours(_ declaration: String) throws {
        let f = Self.transform(declaration)
        let test = try Reftest.render(Self.book(css: "img { \(declaration) }", files: try Self.files()))
        let reference = try Reftest.render(Self.book(css: "", files: try Self.files { Self.channelwise($0, f) }))
        let plain = try Reftest.render(Self.book(css: "", files: try Self.files()))
        #expect(test.imageProblems.isEmpty)
        #expect(Reftest.mismatch(test, reference) == nil, "\(declaration): \(Reftest.mismatch(test, reference) ?? "")")
        #expect(Reftest.mismatch(test, plain) != nil, "\(declaration) changes the drawing")
    }

    /// Invalid values are ignored declarations: the image as it is (and an earlier valid filter stays).
    @Test(arguments: ["invert(-1)", "invert(1", "shimmer(2)", "invert(1) 3", "hue-rotate(90)", "invert(1,2)"])
    func anInvalidFilterIsIgnored(_ value: String) throws {
        let test = try Reftest.render(Self.book(css: "img { filter: brightness(0.5); filter: \(value) }", files: try Self.files()))
        let reference = try Reftest.render(Self.book(css: "img { filter: brightness(0.5) }", files: try Self.files()))
        #expect(Reftest.mismatch(test, reference) == nil, "\(value): \(Reftest.mismatch(test, reference) ?? "")")
    }

    /// Standard Ebooks' rule: under a dark theme its black-on-transparent drawings are inverted, so they show on
    /// the dark page; under a light one they are drawn as they are; `filter: none` in a later rule undoes it; and a
    /// reader's own image filter replaces the book's.
    @Test func blackLineArtIsInvertedForADarkTheme() throws {
        let rule = "@media all and (prefers-color-scheme: dark) { img[epub|type~=\"se:image.color-depth.black-on-transparent\"] { filter: invert(100%) } }"
        let black = try Self.files(alpha: 200)
        let white = try Self.files({ Self.channelwise($0) { 1 - $0 } }, alpha: 200)
        func draw(_ css: String, _ files: [(name: String, bytes: [UInt8])], _ settings: ReaderSettings) throws -> Reftest.Rendering {
            let book = Self.book(css: css, files: files)
            var options = EPUBReader.Options()
            options.media = MediaEnvironment(settings: settings)
            let read = try EPUBReader(options: options).read(bytes: try Reftest.archive(book), name: "reftest.epub")
            return try Reftest.render(read.publication, book: read, settings: settings)
        }
        let dark = Self.settings(.dark), light = Self.settings(.light)
        #expect(Reftest.mismatch(try draw(rule, black, dark), try draw("", white, dark)) == nil, "inverted on a dark page")
        #expect(Reftest.mismatch(try draw(rule, black, light), try draw("", black, light)) == nil, "as it is on a light page")
        #expect(Reftest.mismatch(try draw(rule + " img[epub|type][alt] { filter: none }", black, dark), try draw("", black, dark)) == nil)
        let darken = Self.settings(.dark, filter: .darken)
        #expect(Reftest.mismatch(try draw(rule, black, darken), try draw("", black, darken)) == nil, "the reader's filter replaces the book's")
    }
}
