import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A float's box (CSS 2.1 §10.3.5: its `width` plus its own margins, borders and padding, their percentages of its
/// containing block) and the percentages of the blocks inside it (§8.3: of their containing block, the float's
/// content box): on pages of several widths, a float
/// holding nested blocks with percentage margins equals the same float with those lengths written out in ems for
/// its content width, the text beside it wrapping at the same place. And a float inside indented blocks takes their
/// indent on its own side only: it ends at its own margin, as the same float outside them does.
@Suite struct FloatPercentReftests {
    typealias Level = PercentIndentReftests.Level
    static let beside = "<p class='b'>Text beside the float runs here and wraps around it for a few lines of words, to show "
        + "where its box ends on the page and where the lines after it start again.</p>"
    static let words = "Words in the float, enough of them to run onto a second and a third line."

    /// The float's own style: a `width` in `%` or `em`, an em padding and a border, and a percentage padding and
    /// margin on its inner side (of its containing block, the column).
    struct Float: CustomStringConvertible {
        var side = "left", percent: Double? = 40, ems = 12.0, paddingEms = 0.5, ownPercent = 0.0

        var css: String { css(writtenIn: nil, fontSize: 0) }

        /// Its declarations; its own percentages written out in ems for a column `column` points wide when given.
        func css(writtenIn column: Double?, fontSize: Double) -> String {
            let own = column.map { "\(ownPercent / 100 * $0 / fontSize)em" } ?? "\(ownPercent)%"
            let inner = side == "left" ? "right" : "left"
            return "float: \(side); width: \(percent.map { "\($0)%" } ?? "\(ems)em"); padding: 0 \(paddingEms)em; "
                + "border: 2px solid black; margin: 0; padding-\(inner): \(own); margin-\(inner): \(own)"
        }

        /// The width of its content box in a column `column` points wide.
        func content(in column: Double, fontSize: Double) -> Double { percent.map { $0 / 100 * column } ?? ems * fontSize }

        var description: String { css }
    }

    /// `levels` nested in a float of `float` beside a paragraph, against the same with the levels' lengths in ems.
    static func mismatch(_ levels: [Level], in float: Float, pageWidth: Double) throws -> String? {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 600)
        let fontSize = settings.typography.fontSize
        let column = pageWidth - 32
        let nest = PercentIndentReftests.nest(levels, in: float.content(in: column, fontSize: fontSize), fontSize: fontSize)
        let css = "p { margin: 0 } .f { \(float.css) }" + nest.css
        let reference = "p { margin: 0 } .f { \(float.css(writtenIn: column, fontSize: fontSize)) }" + nest.reference
        let body = "<div class='f'>" + nest.open + Self.words + nest.close + "</div>" + Self.beside
        return Reftest.mismatch(try Reftest.render(Reftest.Book(body: body, css: css), settings: settings),
                                try Reftest.render(Reftest.Book(body: body, css: reference), settings: settings))
    }

    /// A paragraph with percentage margins and padding in floats of a percentage and of an em width, at each side.
    @Test(arguments: PercentIndentReftests.pageWidths, [Float(), Float(side: "right"), Float(percent: nil), Float(side: "right", percent: nil),
                                                        Float(ownPercent: 5), Float(side: "right", percent: nil, ownPercent: 4)])
    func oneBlockInAFloat(_ pageWidth: Double, _ float: Float) throws {
        let mismatch = try Self.mismatch([Level(marginLeft: 10, marginRight: 5, paddingLeft: 5)], in: float, pageWidth: pageWidth)
        #expect(mismatch == nil, "\(float) at \(pageWidth): \(mismatch ?? "")")
    }

    /// A generated family: random nests of one to three blocks (percentages of 0 to 15, ems of 0 to 1) in floats
    /// of random widths, sides and own percentages, at random page widths; nests past half the float's content are
    /// left out (the layout limits an indent in ems there, and one with a percentage further), and floats wider than
    /// the column (held in it) or narrower inside than a word (widened to it).
    @Test func aGeneratedFamily() throws {
        var random = SplitMix64(seed: 2305)
        var tried = 0
        for _ in 0..<36 {
            let levels = Level.randomNest(using: &random, leftSteps: 4, paddingSteps: 2, rightPaddingSteps: 1, emSteps: 2)
            let percent = Bool.random(using: &random) ? Double(Int.random(in: 6..<11, using: &random) * 5) : nil
            let float = Float(side: Bool.random(using: &random) ? "left" : "right", percent: percent,
                              ems: Double(Int.random(in: 10..<16, using: &random)), ownPercent: Double(Int.random(in: 0..<4, using: &random) * 2))
            let width = PercentIndentReftests.pageWidths[Int.random(in: 0..<PercentIndentReftests.pageWidths.count, using: &random)]
            let fontSize = Reftest.settings.typography.fontSize, column = width - 32
            let content = float.content(in: column, fontSize: fontSize)
            // A float wider than the column is held in it, and one whose innermost block is narrower than a word
            // is widened to it (its percentages counting as nothing in that width): the lengths inside then differ
            // from the ems.
            let box = content + 2 * float.paddingEms * fontSize + 2 * float.ownPercent / 100 * column + 4
            let innermost = PercentIndentReftests.nest(levels, in: content, fontSize: fontSize).content
            guard box < column, innermost > 5 * fontSize, PercentIndentReftests.staysInHalf(levels, pageWidth: content + 32) else { continue }
            tried += 1
            let mismatch = try Self.mismatch(levels, in: float, pageWidth: width)
            #expect(mismatch == nil, "\(levels) in \(float) at \(width): \(mismatch ?? "")")
        }
        #expect(tried >= 16, "only \(tried) nests within half the float")
    }

    /// A float of an em width inside a block indented on both sides (margins and padding in ems) stands at the
    /// block's edge on its side and ends at its own margin: the same as the float outside the block with the
    /// block's indent on its side as its margin, the text beside it in the block wrapping at the same place.
    @Test(arguments: PercentIndentReftests.pageWidths, ["left", "right"])
    func aFloatInAnIndentedBlock(_ pageWidth: Double, _ side: String) throws {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 600)
        let float = "float: \(side); width: 8em; border: 2px solid black; padding: 0 0.5em"
        let block = ".q { margin: 0 2em; padding: 0 1em } p { margin: 0 }"
        let inside = Reftest.Book(body: "<div class='q'><div class='f'><p>\(Self.words)</p></div>\(Self.beside)</div>",
                                  css: "\(block) .f { \(float); margin: 0 }")
        let outside = Reftest.Book(body: "<div class='f'><p>\(Self.words)</p></div><div class='q'>\(Self.beside)</div>",
                                   css: "\(block) .f { \(float); margin-\(side): 3em }")
        let mismatch = Reftest.mismatch(try Reftest.render(inside, settings: settings), try Reftest.render(outside, settings: settings))
        #expect(mismatch == nil, "\(side) at \(pageWidth): \(mismatch ?? "")")
    }

    /// A verse's line number floated right at the end of an indented line (a poem's `<span class="lnum">`, the
    /// line indented by its block's padding) stands where the same number stands on a line indented by its first
    /// line's indent instead (the number not indented: `text-indent` is inherited, and would indent it in its
    /// box): at the column's edge, beside its line, whatever the indent (the block's indent on the float's other
    /// side is no part of its box).
    @Test(arguments: [1.0, 3.0, 6.0])
    func aLineNumberOnAnIndentedLine(_ indent: Double) throws {
        let css = "p { margin: 0 } .n { float: right; text-indent: 0 } .q { padding-left: \(indent)em } .t { text-indent: \(indent)em }"
        let lines = "A verse line<span class='n'>120</span></p>"
        let test = Reftest.Book(body: "<div class='q'><p>\(lines)</div><p>Another line<span class='n'>130</span></p>", css: css)
        let reference = Reftest.Book(body: "<p class='t'>\(lines)<p>Another line<span class='n'>130</span></p>", css: css)
        let mismatch = Reftest.mismatch(try Reftest.render(test), try Reftest.render(reference))
        #expect(mismatch == nil, "indent \(indent) em: \(mismatch ?? "")")
    }
}
