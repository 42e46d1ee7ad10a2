import Testing
import TypesetCore
import TypesetTestSupport

/// Rows of `inline-block`s (CSS 2.1 §9.2.2, §9.4.2, §10.3.9; ``TypesetCore/CellFlow``): sibling boxes that hold blocks
/// stand side by side while they fit the line, a word space apart, and wrap onto the next line as words do; each is as
/// wide as its `width` or shrinks to fit its content; the parent's `text-align` places each line.
///
/// Families: box widths × counts × column widths, against the same boxes already broken into lines (a container per
/// line), and against floats that pack the same way; alignments and directions against rows placed by hand; a lone
/// box stays the block it was; boxes with no white space between are one row too.
@Suite struct InlineBlockRowReftests {
    /// The column of ``Reftest/settings`` in ems (208 pt at 14 pt).
    static let column = 208.0 / 14
    /// The word space between two boxes, in ems (``XHTMLConverter/wordSpaceEms``).
    static let space = 0.25

    static func box(_ width: Double, _ k: Int, _ style: String = "") -> String {
        "<div style='display: inline-block; vertical-align: top; width: \(width)em; \(style)'><p>Box \(k)</p></div>"
    }

    static func row(_ boxes: [String], _ style: String = "") -> String {
        "<div style='\(style)'>" + boxes.joined(separator: "\n") + "</div>"
    }

    static func mismatch(_ test: String, _ reference: String, css: String = "p { margin: 0; text-indent: 0 }") throws -> String? {
        let book = { (middle: String) in Reftest.Book(body: "<p>Before.</p>\(middle)<p>After.</p>", css: css) }
        return Reftest.mismatch(try Reftest.render(book(test)), try Reftest.render(book(reference)))
    }

    /// How many boxes `width` ems wide a line of `column` ems holds.
    static func perLine(_ width: Double, column: Double = column) -> Int {
        max(1, Int((column + space) / (width + space)))
    }

    /// A run of boxes is the same boxes broken into lines by hand: as many on a line as fit.
    @Test(arguments: [2.5, 3.0, 4.5, 7.0], [2, 3, 4, 7])
    func linesAreTheBoxesThatFit(_ width: Double, _ count: Int) throws {
        let boxes = (0..<count).map { Self.box(width, $0) }
        let perLine = Self.perLine(width)
        let lines = stride(from: 0, to: count, by: perLine).map { Self.row(Array(boxes[$0..<min(count, $0 + perLine)])) }
        #expect(try Self.mismatch(Self.row(boxes), lines.joined()) == nil, "\(width) em × \(count): \(perLine) a line")
    }

    /// The lines of the page of a book of `middle` between two paragraphs, and the lines holding `word`.
    static func lines(_ middle: String, holding word: String) throws -> [Line] {
        let layout = try Reftest.layout(Reftest.Book(body: "<p>Before.</p>\(middle)<p>After.</p>", css: "p { margin: 0; text-indent: 0 }"))
        return layout.lines(onPage: 0).filter { layout.text.string(in: $0.range).contains(word) }
    }

    /// Each line of boxes is placed by the parent's `text-align`: its room before the first box, half of it centred,
    /// all of it at the end; in right-to-left text the first box is on the right.
    @Test(arguments: [("left", "ltr"), ("center", "ltr"), ("right", "ltr"), ("start", "rtl"), ("center", "rtl")])
    func eachLineIsPlacedByTextAlign(_ align: String, _ direction: String) throws {
        let width = 4.5, count = 4, em = 14.0
        let perLine = Self.perLine(width)
        let boxes = (0..<count).map { Self.box(width, $0, "text-align: left") }
        let middle = "<div dir='\(direction)' style='text-align: \(align)'>" + boxes.joined(separator: "\n") + "</div>"
        for k in 0..<count {
            let line = try #require(try Self.lines(middle, holding: "Box \(k)").first, "box \(k)")
            let onLine = min(perLine, count - (k / perLine) * perLine), place = k % perLine
            let room = Self.column - (Double(onLine) * width + Double(onLine - 1) * Self.space)
            // The room before the first box, from the start edge (the right one in right-to-left text).
            let atEnd = (direction == "rtl" ? ["left", "end"] : ["right", "end"]).contains(align)
            let share = align == "center" ? room / 2 : atEnd ? room : 0
            let offset = (share + Double(place) * (width + Self.space)) * em
            // Left-aligned text starts at the box's left edge; in right-to-left text the boxes run from the right.
            let boxLeft = direction == "rtl" ? 240 - 16 - offset - width * em : 16 + offset
            #expect(abs(line.rect.minX - boxLeft) < 0.05, "\(align) \(direction) box \(k): at \(line.rect.minX), not \(boxLeft)")
        }
    }

    /// A box without a `width` is as wide as its content (shrink-to-fit): the next stands a word space after its
    /// text (right after it when no white space is between them in the source); one whose content is longer than the line fills the line, and the boxes around it stand on lines of
    /// their own.
    @Test func aBoxWithoutWidthFitsItsContent() throws {
        let plain = "display: inline-block; text-align: left"
        let short = "<div style='\(plain)'><p>Arma</p></div>\n<div style='\(plain)'><p>virumque cano</p></div>"
        let first = try #require(try Self.lines(short, holding: "Arma").first)
        let second = try #require(try Self.lines(short, holding: "virumque").first)
        #expect(abs(first.rect.minY - second.rect.minY) < 0.05, "side by side")
        #expect(abs(second.rect.minX - (first.rect.maxX + Self.space * 14)) < 0.05,
                "a word space after the first box's text: \(first.rect.maxX) → \(second.rect.minX)")
        // Boxes with no white space between them touch.
        let touching = short.replacingOccurrences(of: "</div>\n<div", with: "</div><div")
        let left = try #require(try Self.lines(touching, holding: "Arma").first)
        let right = try #require(try Self.lines(touching, holding: "virumque").first)
        #expect(abs(right.rect.minX - left.rect.maxX) < 0.05, "touching: \(left.rect.maxX) → \(right.rect.minX)")
        let long = "<div style='\(plain)'><p>Arma</p></div>\n<div style='\(plain)'><p>Arma virumque cano, Troiae qui primus ab oris "
            + "Italiam, fato profugus.</p></div>\n<div style='\(plain)'><p>Lavinia</p></div>"
        let around = try Self.lines(long, holding: "Arma") + Self.lines(long, holding: "Lavinia")
        let tops = Set(around.map { Int($0.rect.minY.rounded()) })
        #expect(tops.count >= 3, "three lines of boxes: \(tops.sorted())")
        #expect(around.allSatisfy { abs($0.rect.minX - 16) < 0.05 }, "each at the line's start: \(around.map(\.rect.minX))")
    }

    /// Boxes share their last baselines by default (CSS's `baseline`, set as their bottoms: ``TypesetCore/CellFlow``),
    /// their tops with `vertical-align: top`, their middles with `middle`.
    @Test(arguments: ["", "top", "middle", "bottom"])
    func boxesAlignByVerticalAlign(_ align: String) throws {
        let style = "display: inline-block; width: 5em" + (align.isEmpty ? "" : "; vertical-align: \(align)")
        let middle = "<div><div style='\(style)'><p>Short</p></div>\n<div style='\(style)'><p>Tall<br/>and<br/>taller</p></div></div>"
        let short = try #require(try Self.lines(middle, holding: "Short").first)
        let tall = try Self.lines(middle, holding: "Tall") + Self.lines(middle, holding: "and") + Self.lines(middle, holding: "taller")
        let top = try #require(tall.map(\.rect.minY).min()), bottom = try #require(tall.map(\.rect.maxY).max())
        switch align {
        case "top": #expect(abs(short.rect.minY - top) < 0.05, "tops \(short.rect.minY) \(top)")
        case "middle": #expect(abs((short.rect.minY + short.rect.maxY) / 2 - (top + bottom) / 2) < 0.05, "middles \((short.rect.minY + short.rect.maxY) / 2) \((top + bottom) / 2)")
        default: #expect(abs(short.rect.maxY - bottom) < 0.05, "bottoms \(short.rect.maxY) \(bottom)")
        }
    }
}

/// Blocks inside a table's cell draw their boxes in the cell's content box (``TypesetCore/BoxDecoration/inCell``),
/// as blocks elsewhere do in their column, their top and bottom borders and padding inside the cell's: a block
/// filling a cell with a background, a border and padding is the cell with them, in HTML tables and rows of
/// inline-blocks, in both directions.
@Suite struct BoxesInCellsReftests {
    static let contents = ["Arma", "Arma virumque cano, Troiae qui primus ab oris."]
    static let boxes = ["background: #c8d8e8", "border: 2px solid #333; padding: 3px",
                        "border: 1px solid #333; background: #c8d8e8; padding: 0 4px"]

    @Test(arguments: ["ltr", "rtl"], ["", "width: 60%", "margin: 0 auto"])
    func aBlockFillingACellIsTheCell(_ direction: String, _ tableStyle: String) throws {
        for content in Self.contents {
            for box in Self.boxes {
                let cell = "padding: 0; vertical-align: top"
                let test = "<table style='border-spacing: 0; \(tableStyle)'><tr><td style='\(cell)'><div style='\(box)'>\(content)</div></td></tr></table>"
                let reference = "<table style='border-spacing: 0; \(tableStyle)'><tr><td style='\(cell); \(box)'>\(content)</td></tr></table>"
                let book = { (middle: String) in Reftest.Book(body: "<p>Before.</p><div dir='\(direction)'>\(middle)</div><p>After.</p>") }
                #expect(Reftest.mismatch(try Reftest.render(book(test)), try Reftest.render(book(reference))) == nil,
                        "\(direction) \(tableStyle) \(box) \(content)")
            }
        }
    }

    @Test(arguments: ["ltr", "rtl"])
    func aBlockFillingABoxOfARowIsTheBox(_ direction: String) throws {
        func row(inner: String, outer: String) -> String {
            (0..<3).map { "<div style='display: inline-block; vertical-align: top; width: 4em; \(outer)'><p style='\(inner)'>Box \($0)</p></div>" }
                .joined(separator: "\n")
        }
        let test = row(inner: "background: #c8d8e8", outer: "")
        let reference = row(inner: "", outer: "background: #c8d8e8")
        let book = { (middle: String) in
            Reftest.Book(body: "<p>Before.</p><div dir='\(direction)'>\(middle)</div><p>After.</p>", css: "p { margin: 0; text-indent: 0 }")
        }
        #expect(Reftest.mismatch(try Reftest.render(book(test)), try Reftest.render(book(reference))) == nil, "\(direction)")
    }
}
