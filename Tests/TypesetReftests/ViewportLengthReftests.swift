import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Viewport lengths (CSS Values 4 §6.1.2: `vh`, `vw`, `vmin`, `vmax` and the `s`/`l`/`d` variants), drawn. The
/// viewport of a reading system's page is its content box. An image's height in `vh` and width in `vw` are that
/// percentage of the reader's page, as `%` is for an image; other viewport lengths (margins, indents) are of the
/// reference page in ems of the body text, as `px` lengths are resolved without the reader's settings.
@Suite struct ViewportLengthReftests {
    static func expectSame(_ test: Reftest.Book, _ reference: Reftest.Book, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatch = Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference))
        #expect(mismatch == nil, "\(comment): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    static func image(_ style: String) throws -> Reftest.Book {
        Reftest.Book(body: "<p>Before.</p><p><img src='images/solid.png' alt='' style='\(style)'/></p><p>After.</p>",
                     files: try BackgroundImageReftests.files())
    }

    /// An image sized in `vh` and `vw` is the image sized in the same percentages (of the page's content height and
    /// of the column), in every spelling of the unit; and it is not the image at its own size.
    @Test(arguments: [10, 25, 40])
    func anImageInViewportUnitsIsSizedOnThePage(_ percent: Int) throws {
        for unit in ["vh", "svh", "lvh", "dvh"] {
            try Self.expectSame(Self.image("height: \(percent)\(unit)"), Self.image("height: \(percent)%"), "height \(percent)\(unit)")
        }
        for unit in ["vw", "dvw"] {
            try Self.expectSame(Self.image("width: \(percent)\(unit)"), Self.image("width: \(percent)%"), "width \(percent)\(unit)")
        }
        try Self.expectSame(Self.image("width: 100%; max-height: \(percent)vh"), Self.image("width: 100%; max-height: \(percent)%"), "max-height")
        let drawn = try Reftest.render(Self.image("height: \(percent)vh")), natural = try Reftest.render(Self.image(""))
        #expect(Reftest.mismatch(drawn, natural) != nil, "\(percent)vh is not the image's own size")
    }

    /// An empty block's height in `vh` is that percentage of the page, as `%` is.
    @Test func anEmptyBlocksHeightInViewportUnitsIsOfThePage() throws {
        func book(_ height: String) -> Reftest.Book {
            Reftest.Book(body: "<p>Before.</p><div class='bar'></div><p>After.</p>", css: ".bar { background-color: #1e5ac8; height: \(height) }")
        }
        for percent in [5, 20, 50] { try Self.expectSame(book("\(percent)vh"), book("\(percent)%"), "\(percent)vh") }
    }

    /// A margin or an indent in viewport units is that part of the reference page (the default settings' content
    /// box) in ems of the default size: Standard Ebooks' epigraph, `margin-top: 20vh`, and indents in each unit.
    @Test func marginsAndIndentsAreOfTheReferencePage() throws {
        let page = MediaEnvironment.reference, fontSize = ReaderSettings().typography.fontSize
        let extents = ["vh": page.height, "vw": page.width, "vmin": min(page.width, page.height), "vmax": max(page.width, page.height)]
        func book(_ css: String) -> Reftest.Book {
            Reftest.Book(body: "<p>Before.</p><p class='x'>The sea was calm that evening, and the ship lay still.</p>", css: ".x { \(css) }")
        }
        for (unit, extent) in extents.sorted(by: { $0.key < $1.key }) {
            for (property, value) in [("margin-top", 20.0), ("text-indent", 8.0), ("padding-left", 5.0)] {
                let ems = value / 100 * extent / fontSize
                try Self.expectSame(book("\(property): \(value)\(unit)"), book("\(property): \(ems)em"), "\(property): \(value)\(unit) = \(ems)em")
            }
        }
        let moved = try Reftest.render(book("margin-top: 20vh")), plain = try Reftest.render(book(""))
        #expect(Reftest.mismatch(moved, plain) != nil, "20vh moves the paragraph")
    }
}
