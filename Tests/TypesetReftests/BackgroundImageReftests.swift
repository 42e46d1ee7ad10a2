import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Background images on blocks (CSS Backgrounds 3 §3), as css/css-backgrounds writes its reftests: a solid image
/// that fills its box against the same box's background colour, one syntax against another that means the same
/// (keywords and percentages, the shorthand and its longhands), images that must differ, an image named by a style
/// sheet in another folder (resolved against the sheet), an image that cannot be drawn (reported once, the colour
/// beneath shown), and a box broken across pages painted as one box sliced.
@Suite struct BackgroundImageReftests {
    static let blue = Color(red: 30, green: 90, blue: 200), red = Color(red: 200, green: 30, blue: 40)

    /// A PNG of `width` × `height`: its left `split` columns `left`, the rest `right` (top and bottom halves with
    /// `vertical`).
    static func png(_ width: Int, _ height: Int, _ left: Color, _ right: Color? = nil, vertical: Bool = false) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let first = vertical ? y < height / 2 : x < width / 2
                let color = first ? left : (right ?? left)
                let p = (y * width + x) * 4
                pixels[p] = color.red; pixels[p + 1] = color.green; pixels[p + 2] = color.blue; pixels[p + 3] = 255
            }
        }
        return try PNGEncoder.encode(try #require(Bitmap(width: width, height: height, pixels: pixels)))
    }

    static func files() throws -> [(name: String, bytes: [UInt8])] {
        // With a viewBox and `preserveAspectRatio="none"` the drawing stretches to any size (without them an SVG
        // drawn larger keeps its 8 × 8 user units, as browsers draw it).
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8' viewBox='0 0 8 8' preserveAspectRatio='none'><rect width='8' height='8' fill='#1e5ac8'/></svg>"
        return [("images/solid.png", try png(10, 10, blue)), ("images/two.png", try png(20, 10, red, blue)),
                ("images/halves.png", try png(10, 20, red, blue, vertical: true)),
                ("images/solid.svg", Array(svg.utf8)), ("images/broken.png", Array("not a PNG at all".utf8))]
    }

    static let text = "<p>Inside the box, with words enough for two lines of it here.</p>"

    static func book(_ style: String, body: String = text, extraCSS: String = "") throws -> Reftest.Book {
        Reftest.Book(body: "<p>Before the box.</p><div class='box'>\(body)</div><p>After the box.</p>",
                     css: ".box { \(style) } \(extraCSS)", files: try files())
    }

    static func expectSame(_ test: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(book(test)), try Reftest.render(book(reference)))
        #expect(mismatch == nil, "\(test) against \(reference): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// A solid image that covers the whole box is the box's background colour, however it comes to cover it.
    @Test(arguments: [
        "background-image: url(images/solid.png)",
        "background: url(images/solid.png)",
        "background: url(images/solid.png) no-repeat; background-size: 100% 100%",
        "background: url(images/solid.png) no-repeat center / cover",
        "background: url(images/solid.png) round",
        "background: url(images/solid.png) repeat-x; background-size: auto 100%",
        "background: url(images/solid.svg) no-repeat; background-size: 100% 100%",
        "background: url(images/solid.svg)",
        "background: linear-gradient(#1e5ac8, #1e5ac8)",
        "background: repeating-radial-gradient(#1e5ac8, #1e5ac8 10%) no-repeat 0 0 / 50% 50%, linear-gradient(#1e5ac8, #1e5ac8)",
    ])
    func aSolidImageCoveringTheBoxIsItsColour(_ style: String) throws {
        try Self.expectSame(style, "background-color: #1e5ac8")
    }

    /// Two ways of saying the same thing (CSS Backgrounds 3 §3.6–3.10).
    @Test(arguments: [
        ("background: url(images/two.png) no-repeat right bottom", "background: url(images/two.png) no-repeat 100% 100%"),
        ("background: url(images/two.png) no-repeat bottom right", "background: url(images/two.png) no-repeat right bottom"),
        ("background: url(images/two.png) no-repeat center", "background: url(images/two.png) no-repeat 50% 50%"),
        ("background: url(images/two.png) no-repeat top", "background: url(images/two.png) no-repeat center top"),
        ("background: url(images/two.png) no-repeat left 8px top 4px", "background: url(images/two.png) no-repeat 8px 4px"),
        ("background: url(images/two.png) no-repeat right 0 bottom 0", "background: url(images/two.png) no-repeat right bottom"),
        ("background: url(images/two.png) repeat-x", "background: url(images/two.png) repeat no-repeat"),
        ("background: url(images/two.png) repeat-y 30% 0", "background-image: url(images/two.png); background-repeat: no-repeat repeat; background-position: 30% 0"),
        ("background: #dde8f4 url(images/two.png) no-repeat right 4px top 2px / 30px auto",
         "background-color: #dde8f4; background-image: url(images/two.png); background-repeat: no-repeat; background-position: right 4px top 2px; background-size: 30px"),
        ("background: url(images/two.png) no-repeat; background-size: 40px", "background: url(images/two.png) no-repeat; background-size: 40px 20px"),
        ("background: url(images/two.png) no-repeat 0 0 / contain", "background: url(images/two.png) no-repeat 0 0; background-size: auto 100%"),
        ("background: url(images/solid.png) no-repeat, url(images/two.png) no-repeat 100% 0", "background: url(images/solid.png) no-repeat, url(images/two.png) no-repeat right top"),
        ("background: url(images/two.png) no-repeat; background: none", ""),
    ])
    func twoWaysOfSayingTheSame(_ test: String, _ reference: String) throws {
        try Self.expectSame(test, reference)
    }

    /// Backgrounds that must not be drawn the same: the image is drawn, placed, sized and repeated as said, and the
    /// first layer is on top.
    @Test(arguments: [
        ("background: url(images/two.png) no-repeat", ""),
        ("background: url(images/two.png) no-repeat", "background: url(images/two.png)"),
        ("background: url(images/two.png) no-repeat left", "background: url(images/two.png) no-repeat right"),
        ("background: url(images/two.png) no-repeat center / contain", "background: url(images/two.png) no-repeat center / cover"),
        ("background: url(images/two.png) repeat-x", "background: url(images/two.png) repeat-y"),
        ("background: url(images/solid.png) no-repeat, url(images/two.png) no-repeat", "background: url(images/two.png) no-repeat, url(images/solid.png) no-repeat"),
    ])
    func backgroundsThatDiffer(_ test: String, _ reference: String) throws {
        #expect(Reftest.mismatch(try Reftest.render(Self.book(test)), try Reftest.render(Self.book(reference))) != nil,
                "\(test) against \(reference)")
    }

    /// A URL in a style sheet is resolved against the sheet (`styles/book.css` names `../images/solid.png`); one in a
    /// `style` attribute or a `<style>` element against the document.
    @Test func aURLIsResolvedAgainstItsStyleSheet() throws {
        let body = "<p>Before the box.</p><div class='box'>\(Self.text)</div><p>After the box.</p>"
        func book(head: String, attribute: String = "", sheet: String? = nil) throws -> Reftest.Book {
            let xhtml = Reftest.document(body: attribute.isEmpty ? body : body.replacing("class='box'", with: "class='box' style='\(attribute)'"), head: head)
            return Reftest.Book(documents: [("chapter.xhtml", xhtml)],
                                files: try Self.files() + (sheet.map { [("styles/book.css", Array($0.utf8))] } ?? []))
        }
        let reference = try Reftest.render(Self.book("background-color: #1e5ac8"))
        let linked = try Reftest.render(book(head: "<link rel='stylesheet' type='text/css' href='styles/book.css'/>",
                                             sheet: ".box { background: url(../images/solid.png) }"))
        let attribute = try Reftest.render(book(head: "", attribute: "background-image: url(images/solid.png)"))
        let element = try Reftest.render(book(head: "<style>.box { background-image: url('images/solid.png') }</style>"))
        for (name, drawn) in [("linked sheet", linked), ("style attribute", attribute), ("style element", element)] {
            let mismatch = Reftest.mismatch(drawn, reference)
            #expect(mismatch == nil, "\(name): \(mismatch ?? "")")
        }
    }

    /// An image that cannot be drawn leaves the colour beneath, and is reported once however many boxes name it.
    @Test func anImageThatCannotBeDrawnIsReportedOnce() throws {
        let twice = "<div class='box'>\(Self.text)</div>"
        let broken = try Reftest.render(Self.book("background: #dde8f4 url(images/broken.png)", body: Self.text + twice))
        let missing = try Reftest.render(Self.book("background: #dde8f4 url(images/missing.png)", body: Self.text + twice))
        let colour = try Reftest.render(Self.book("background: #dde8f4", body: Self.text + twice))
        for drawn in [broken, missing] {
            #expect(Reftest.mismatch(drawn, colour) == nil)
            #expect(drawn.imageProblems.count == 1, "\(drawn.imageProblems)")
            #expect(drawn.imageProblems.first?.contains("background image is not drawn") == true
                    || drawn.imageProblems.first?.contains("it is not drawn") == true, "\(drawn.imageProblems)")
        }
    }

    /// An image given as a `data:` URL, base64 or percent-encoded, is drawn as the same image in the book; one
    /// whose data does not decode is not drawn (the colour beneath shows) and the book's warnings say why.
    @Test func dataURLsAreDrawn() throws {
        let base64 = "url('data:image/png;base64,\(Data(try Self.png(10, 10, Self.blue)).base64EncodedString())')"
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8' viewBox='0 0 8 8' preserveAspectRatio='none'><rect width='8' height='8' fill='#1e5ac8'/></svg>"
        let percent = "url(\"data:image/svg+xml,\(svg.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")\")"
        try Self.expectSame("background: \(base64)", "background: url(images/solid.png)")
        try Self.expectSame("background: \(percent) 0 0 / 100% 100%", "background-color: #1e5ac8")
        try Self.expectSame("background: url(images/two.png), \(base64)", "background: url(images/two.png), url(images/solid.png)")
        for bad in ["data:image/png;base64,@@@@", "data:image/png;base64", "data:image/svg+xml,%3Csvg%zz"] {
            let drawn = try Reftest.render(Self.book("background: #dde8f4 url('\(bad)')"))
            #expect(Reftest.mismatch(drawn, try Reftest.render(Self.book("background: #dde8f4"))) == nil, "\(bad)")
            #expect(drawn.book.warnings.contains { $0.contains("background image 1 given as a data: URL") && $0.contains("not drawn") },
                    "\(bad): \(drawn.book.warnings)")
        }
    }

    /// A box broken across pages is painted as one box cut into parts (`box-decoration-break: slice`): an image
    /// sized to the whole box, red above and blue below, shows red at the top of its first part and blue at the
    /// bottom of its last, and not red again at the top of the last.
    @Test func aBoxAcrossPagesIsPaintedSliced() throws {
        let words = (0..<14).map { "<p>Line \($0) of a passage that runs on.</p>" }.joined()
        let drawn = try Reftest.render(Self.book("background: url(images/halves.png) no-repeat; background-size: 100% 100%", body: words))
        #expect(drawn.pages.count >= 2)
        guard drawn.pages.count >= 2, let first = drawn.pages.first, let last = drawn.pages.last else { return }
        // The box's pixels down the column's left edge (x 17): the image's colours, first and last.
        func column(_ page: Bitmap) -> [Color] {
            (0..<page.height).map { page[x: 17, y: $0] }.filter { $0 == Self.red || $0 == Self.blue }
        }
        let top = column(first), bottom = column(last)
        #expect(top.first == Self.red, "the first part starts with the image's top")
        #expect(bottom.last == Self.blue, "the last part ends with the image's bottom")
        #expect(bottom.first == Self.blue, "the last part continues the image: \(bottom.prefix(3))")
    }
}
