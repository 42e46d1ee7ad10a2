import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `background-clip` and `background-origin` (CSS Backgrounds 3 §3.7–3.8), as css/css-backgrounds writes their
/// reftests: a background cut to the padding or content box against a nested block whose own box is that one
/// (the outer block keeping the border, or the padding, and no background), an image placed in the border or
/// content box against the same image placed in the padding box by an offset of the border's (padding's) width,
/// the shorthand's one and two boxes against the longhands, the colour cut by the bottom layer's clip, invalid
/// values ignored, and a positioned box on a fixed-layout page. Generated families over border and padding
/// widths; `double` borders let the background show between their lines, so that the clip is seen under them.
@Suite struct BackgroundAreaReftests {
    static let text = BackgroundImageReftests.text

    /// A box of `style` holding the text, or a box of `outer` holding a block of `inner` holding it.
    static func book(_ style: String, inner: String? = nil) throws -> Reftest.Book {
        let body = inner == nil ? text : "<div class='inner'>\(text)</div>"
        return Reftest.Book(body: "<p>Before the box.</p><div class='box'>\(body)</div><p>After the box.</p>",
                            css: ".box { \(style) } .inner { \(inner ?? "") }", files: try BackgroundImageReftests.files())
    }

    /// The comparisons of `BoxDecorationReftests`, whose boxes these are.
    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        try BoxDecorationReftests.expectSame(test, reference, comment, sourceLocation: sourceLocation)
    }

    static func expectDifferent(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        try BoxDecorationReftests.expectDifferent(test, reference, comment, sourceLocation: sourceLocation)
    }

    static let fill = "background-color: #1e5ac8"

    /// The border and padding widths of the generated families, in px.
    static let widths = [(6, 0), (6, 10), (9, 4), (0, 12)]

    /// A colour cut to the padding box is a block with the border and, inside it, a block with the padding and
    /// the colour; cut to the content box, the inner block has the colour and the outer the padding too.
    @Test(arguments: widths)
    func theColourIsCutToItsBox(_ border: Int, _ padding: Int) throws {
        let edge = "border: \(border)px double #c81e28"
        try Self.expectSame(Self.book("\(edge); padding: \(padding)px; \(Self.fill); background-clip: padding-box"),
                            Self.book(edge, inner: "padding: \(padding)px; \(Self.fill)"), "padding-box \(border) \(padding)")
        try Self.expectSame(Self.book("\(edge); padding: \(padding)px; \(Self.fill); background-clip: content-box"),
                            Self.book("\(edge); padding: \(padding)px", inner: Self.fill), "content-box \(border) \(padding)")
        // The initial value is the border box: the colour shows between a double border's lines.
        if border > 0 {
            try Self.expectDifferent(Self.book("\(edge); padding: \(padding)px; \(Self.fill)"),
                                     Self.book("\(edge); padding: \(padding)px; \(Self.fill); background-clip: padding-box"),
                                     "border-box against padding-box \(border)")
        }
    }

    /// An image placed in the border box (content box) is the image placed in the padding box moved up and left
    /// by the border's width (down and right by the padding's); from the far edges, the other way.
    @Test(arguments: widths)
    func theImageIsPlacedInItsBox(_ border: Int, _ padding: Int) throws {
        let box = "border: \(border)px double #c81e28; padding: \(padding)px; background-image: url(images/two.png); background-repeat: no-repeat"
        try Self.expectSame(Self.book("\(box); background-origin: border-box"),
                            Self.book("\(box); background-position: -\(border)px -\(border)px"), "border-box \(border)")
        try Self.expectSame(Self.book("\(box); background-origin: content-box"),
                            Self.book("\(box); background-position: \(padding)px \(padding)px"), "content-box \(padding)")
        try Self.expectSame(Self.book("\(box); background-origin: content-box; background-position: right bottom"),
                            Self.book("\(box); background-position: right \(padding)px bottom \(padding)px"), "content-box from the end \(padding)")
        try Self.expectSame(Self.book("\(box); background-origin: padding-box; background-position: 0 0"), Self.book(box),
                            "padding-box is the initial origin")
        // Placed in the content box and cut to it: the image in a block of the content's size.
        try Self.expectSame(Self.book("\(box); background-origin: content-box; background-clip: content-box; background-repeat: repeat"),
                            Self.book("border: \(border)px double #c81e28; padding: \(padding)px",
                                      inner: "background-image: url(images/two.png)"), "content-box both \(padding)")
    }

    /// The `background` shorthand's boxes: one sets the origin and the clip, two the origin then the clip
    /// (§3.10); a later longhand overrides the shorthand's.
    @Test(arguments: [
        ("background: #1e5ac8 url(images/two.png) no-repeat content-box",
         "background: #1e5ac8 url(images/two.png) no-repeat; background-origin: content-box; background-clip: content-box"),
        ("background: url(images/two.png) no-repeat border-box padding-box #1e5ac8",
         "background: #1e5ac8 url(images/two.png) no-repeat; background-origin: border-box; background-clip: padding-box"),
        ("background: #1e5ac8 url(images/two.png) no-repeat content-box; background-clip: border-box",
         "background: #1e5ac8 url(images/two.png) no-repeat; background-origin: content-box"),
        ("background: #1e5ac8 content-box; background: #1e5ac8", "background: #1e5ac8"),
        ("-webkit-background-clip: content-box; -webkit-background-origin: content-box; background-image: url(images/two.png); background-color: #1e5ac8",
         "background-clip: content-box; background-origin: content-box; background-image: url(images/two.png); background-color: #1e5ac8"),
        // The colour is cut by the bottom layer's clip; each image layer by its own.
        ("background-color: #1e5ac8; background-image: none, none; background-clip: border-box, content-box",
         "background-color: #1e5ac8; background-clip: content-box"),
        ("background-color: #1e5ac8; background-clip: content-box, border-box", "background-color: #1e5ac8; background-clip: content-box"),
        // Invalid values are ignored declarations: `text` (level 4), unknown words, too many boxes.
        ("background-color: #1e5ac8; background-clip: content-box; background-clip: text", "background-color: #1e5ac8; background-clip: content-box"),
        ("background-color: #1e5ac8; background-clip: content-box; background-clip: margin-box", "background-color: #1e5ac8; background-clip: content-box"),
        ("background-color: #1e5ac8; background-origin: content-box; background-origin: content-box padding-box", "background-color: #1e5ac8"),
    ])
    func theShorthandAndTheLonghands(_ test: String, _ reference: String) throws {
        let box = "border: 6px double #c81e28; padding: 10px; "
        try Self.expectSame(Self.book(box + test), Self.book(box + reference), test)
    }

    /// A box broken across pages is cut to its content box as one box is: the inner block's pixels, page by page.
    @Test func aSlicedBoxIsCutAsOneBox() throws {
        let long = String(repeating: "<p>Line after line of text inside the box that goes on and on.</p>", count: 30)
        func book(_ style: String, inner: String? = nil) -> Reftest.Book {
            let body = inner == nil ? long : "<div class='inner'>\(long)</div>"
            return Reftest.Book(body: "<p>Before.</p><div class='box'>\(body)</div><p>After.</p>",
                                css: ".box { \(style) } .inner { \(inner ?? "") }")
        }
        let test = try Reftest.render(book("border: 6px double #c81e28; padding: 10px; \(Self.fill); background-clip: content-box"))
        #expect(test.pages.count > 1, "the box goes over a page")
        let reference = try Reftest.render(book("border: 6px double #c81e28; padding: 10px", inner: Self.fill))
        #expect(Reftest.mismatch(test, reference) == nil, "\(Reftest.mismatch(test, reference) ?? "")")
    }

    /// Rounded corners cut a padding-box background by the curve inside the border (§5.3): a rounded border with
    /// the background cut to its padding box against a rounded block inside it with the inner radii.
    @Test func roundedCornersCutByTheInnerCurve() throws {
        try Self.expectSame(Self.book("border: 6px double #c81e28; border-radius: 16px; \(Self.fill); background-clip: padding-box"),
                            Self.book("border: 6px double #c81e28; border-radius: 16px", inner: "\(Self.fill); border-radius: 10px"),
                            "inner radii")
    }

    /// A positioned box on a fixed-layout page cuts its colour and places its image in the boxes it names: the
    /// same pixels as boxes of those sizes at those places.
    @Test(arguments: [(4, 0), (4, 10), (0, 7)])
    func aPositionedBoxCutsAndPlacesAlike(_ border: Int, _ padding: Int) throws {
        let place = "position: absolute; left: 40px; top: 30px; width: 100px; height: 60px"
        let edge = "border: \(border)px double #102040; padding: \(padding)px"
        let test = try PositionedBoxReftests.page("<div style=\"\(place); \(edge); background: #c03030 content-box\"></div>")
        let inset = border + padding
        let reference = try PositionedBoxReftests.page("<div style=\"\(place); \(edge)\"></div>"
            + "<div style=\"position: absolute; left: \(40 + inset)px; top: \(30 + inset)px; width: 100px; height: 60px; background: #c03030\"></div>")
        #expect(Reftest.mismatch(test.1, reference.1) == nil, "\(Reftest.mismatch(test.1, reference.1) ?? "")")
        let image = try PositionedBoxReftests.page("<div style=\"\(place); \(edge); background: url(\(Self.redPNG)) no-repeat border-box padding-box\"></div>")
        let moved = try PositionedBoxReftests.page("<div style=\"\(place); \(edge); background: url(\(Self.redPNG)) no-repeat -\(border)px -\(border)px padding-box\"></div>")
        #expect(Reftest.mismatch(image.1, moved.1) == nil, "\(Reftest.mismatch(image.1, moved.1) ?? "")")
    }

    /// A 4 × 4 PNG of `#c03030`.
    static let redPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4YGAARwzEcQDdQxIBgHWiQQAAAABJRU5ErkJggg=="
}
