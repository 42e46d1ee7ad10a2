import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Percentages in a block's inline margins and padding (CSS 2.1 §8.3, §8.4: of the containing block's width) and in
/// `text-indent` (CSS Text 3 §8.1: of the block's own content width), resolved in the page's column: on pages of
/// several widths, each equals the same page with the lengths written out in ems for that column. Nested blocks take
/// their percentages of their parent's content width (what the parent's margins and padding leave).
@Suite struct PercentIndentReftests {
    static let words = "Some words of a paragraph long enough to run onto a second and a third line at each of the widths."
    static let pageWidths = [240.0, 320.0, 460.0]

    /// One block's inline margins and padding: percentages, and ems added to the left margin.
    struct Level: CustomStringConvertible {
        var marginLeft = 0.0, marginRight = 0.0, paddingLeft = 0.0, paddingRight = 0.0, leftEms = 0.0

        /// The declarations with percentages, and written out in ems in a containing block `container` points wide.
        func css(writtenIn container: Double?, fontSize: Double) -> String {
            func length(_ percent: Double, ems: Double = 0) -> String {
                guard let container else { return ems == 0 ? "\(percent)%" : "calc(\(percent)% + \(ems)em)" }
                return "\((percent / 100 * container + ems * fontSize) / fontSize)em"
            }
            return "margin: 0 \(length(marginRight)) 0 \(length(marginLeft, ems: leftEms)); "
                + "padding: 0 \(length(paddingRight)) 0 \(length(paddingLeft))"
        }

        /// The points its margins and padding take of a containing block `container` points wide.
        func taken(of container: Double, fontSize: Double) -> Double {
            (marginLeft + marginRight + paddingLeft + paddingRight) / 100 * container + leftEms * fontSize
        }

        var description: String { "\(marginLeft)% \(paddingLeft)% \(marginRight)% \(paddingRight)% +\(leftEms)em" }

        /// One to three levels drawn from `random`: left margins of fives below `leftSteps` × 5 %, right margins 0,
        /// 5 or 10 %, paddings of fours below `paddingSteps` × 4 % (right: `rightPaddingSteps`), whole ems below
        /// `emSteps` beside the left margin.
        static func randomNest(using random: inout SplitMix64, leftSteps: Int, paddingSteps: Int, rightPaddingSteps: Int,
                               emSteps: Int) -> [Level] {
            (0...Int.random(in: 0..<3, using: &random)).map { _ in
                Level(marginLeft: Double(Int.random(in: 0..<leftSteps, using: &random) * 5),
                      marginRight: Double(Int.random(in: 0..<3, using: &random) * 5),
                      paddingLeft: Double(Int.random(in: 0..<paddingSteps, using: &random) * 4),
                      paddingRight: Double(Int.random(in: 0..<rightPaddingSteps, using: &random) * 4),
                      leftEms: Double(Int.random(in: 0..<emSteps, using: &random)))
            }
        }

        /// The points its left margin and padding take.
        func leftTaken(of container: Double, fontSize: Double) -> Double {
            (marginLeft + paddingLeft) / 100 * container + leftEms * fontSize
        }
    }

    /// Whether the nest's start indent stays within half the column, where the layout keeps every indent (an
    /// indent past it is limited there, on the page and in the reference alike, but not the content width a
    /// first-line percentage is of).
    static func staysInHalf(_ levels: [Level], pageWidth: Double) -> Bool {
        let fontSize = Reftest.settings.typography.fontSize
        var container = pageWidth - 32, start = 0.0
        for level in levels {
            start += level.leftTaken(of: container, fontSize: fontSize)
            container -= level.taken(of: container, fontSize: fontSize)
        }
        return start < (pageWidth - 32 - 1) / 2
    }

    /// The rules of nested blocks of `levels` (`.l0`, `.l1`, …; the last a `p`) with percentages, and written out in
    /// ems in a containing block `container` points wide; their tags; the content width the innermost has.
    static func nest(_ levels: [Level], in container: Double, fontSize: Double)
        -> (css: String, reference: String, open: String, close: String, content: Double) {
        var container = container, css = "", reference = "", open = "", close = ""
        for (depth, level) in levels.enumerated() {
            let name = depth == levels.count - 1 ? "p" : "div"
            css += " .l\(depth) { \(level.css(writtenIn: nil, fontSize: fontSize)) }"
            reference += " .l\(depth) { \(level.css(writtenIn: container, fontSize: fontSize)) }"
            open += "<\(name) class='l\(depth)'>"
            close = "</\(name)>" + close
            container -= level.taken(of: container, fontSize: fontSize)
        }
        return (css, reference, open, close, container)
    }

    /// Nested `div`s of `levels` (the last a `p` with `textIndent` percent) against the same with every length in ems.
    static func mismatch(_ levels: [Level], textIndent: Double, pageWidth: Double, extraCSS: String = "") throws -> String? {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 480)
        let fontSize = settings.typography.fontSize
        let nest = Self.nest(levels, in: pageWidth - 32, fontSize: fontSize)
        let css = "p { margin: 0 } " + extraCSS + nest.css + " p { text-indent: \(textIndent)% }"
        let reference = "p { margin: 0 } " + extraCSS + nest.reference + " p { text-indent: \(textIndent / 100 * nest.content / fontSize)em }"
        let body = nest.open + words + nest.close
        return Reftest.mismatch(try Reftest.render(Reftest.Book(body: body, css: css), settings: settings),
                                try Reftest.render(Reftest.Book(body: body, css: reference), settings: settings))
    }

    /// One block: each side's margin and padding, and the first line's indent.
    @Test(arguments: pageWidths, [Level(marginLeft: 10), Level(marginRight: 15), Level(paddingLeft: 8),
                                  Level(marginLeft: 5, marginRight: 5, paddingLeft: 5, paddingRight: 5)])
    func oneBlock(_ pageWidth: Double, _ level: Level) throws {
        let mismatch = try Self.mismatch([level], textIndent: 10, pageWidth: pageWidth)
        #expect(mismatch == nil, "\(level) at \(pageWidth): \(mismatch ?? "")")
    }

    /// Blocks nested two and three deep, with ems beside the percentages: each level's percentage is of what the
    /// levels around it leave.
    @Test(arguments: pageWidths) func nestedBlocks(_ pageWidth: Double) throws {
        let levels = [Level(marginLeft: 20), Level(marginLeft: 10, paddingRight: 10), Level(marginLeft: 10, leftEms: 1)]
        for depth in 2...3 {
            let mismatch = try Self.mismatch(Array(levels.prefix(depth)), textIndent: 5, pageWidth: pageWidth)
            #expect(mismatch == nil, "\(depth) deep at \(pageWidth): \(mismatch ?? "")")
        }
    }

    /// A generated family: random nests (32 drawn, those within half the column kept: 20 or more) of one to three blocks, percentages of 0 to 20 and ems of 0 to 2 on their
    /// sides, a first-line indent of -5 % to 15 %, at a random page width.
    @Test func aGeneratedFamily() throws {
        var random = SplitMix64(seed: 2212)
        var tried = 0
        for _ in 0..<32 {
            let levels = Level.randomNest(using: &random, leftSteps: 5, paddingSteps: 3, rightPaddingSteps: 2, emSteps: 3)
            let indent = Double(Int.random(in: 0..<5, using: &random) * 5) - 5
            let width = Self.pageWidths[Int.random(in: 0..<Self.pageWidths.count, using: &random)]
            guard Self.staysInHalf(levels, pageWidth: width) else { continue }
            tried += 1
            let mismatch = try Self.mismatch(levels, textIndent: indent, pageWidth: width)
            #expect(mismatch == nil, "\(levels), indent \(indent)% at \(width): \(mismatch ?? "")")
        }
        #expect(tried >= 20, "only \(tried) nests within half the column")
    }

    /// A decorated block's border and background stand where its percentage margins put them, and its padding
    /// keeps its lines in: against the same box with its margins and padding written out.
    @Test(arguments: pageWidths) func aBoxWithPercentages(_ pageWidth: Double) throws {
        let box = "border: 2px solid black; background: #ddd"
        let mismatch = try Self.mismatch([Level(marginLeft: 10, marginRight: 10, paddingLeft: 5, paddingRight: 5)], textIndent: 0,
                                         pageWidth: pageWidth, extraCSS: "p { \(box) }")
        #expect(mismatch == nil, "at \(pageWidth): \(mismatch ?? "")")
    }

    /// A block with a `width` takes its own percentage margins of the column as it takes its width: Project
    /// Gutenberg's rule (`hr { width: 33%; margin-left: 33.5%; margin-right: 33.5% }`) and a bordered block, against
    /// the same with the lengths written out in ems.
    @Test(arguments: pageWidths) func aBlockWithAWidth(_ pageWidth: Double) throws {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 480)
        let column = pageWidth - 32, fontSize = settings.typography.fontSize
        func ems(_ percent: Double) -> String { "\(percent / 100 * column / fontSize)em" }
        let body = "<p>Words before the rule.</p><hr/><div class='w'><p>\(Self.words)</p></div>"
        func css(_ length: (Double) -> String) -> String {
            "p { margin: 0; text-indent: 0 } hr { width: \(length(33)); margin: 1em \(length(33.5)) 1em \(length(33.5)) } "
                + "div.w { width: \(length(60)); margin-left: \(length(20)); padding-left: \(length(5)); border: 1px solid black }"
        }
        let mismatch = Reftest.mismatch(try Reftest.render(Reftest.Book(body: body, css: css { "\($0)%" }), settings: settings),
                                        try Reftest.render(Reftest.Book(body: body, css: css(ems)), settings: settings))
        #expect(mismatch == nil, "at \(pageWidth): \(mismatch ?? "")")
    }

    /// A percentage past half the column is kept, as it grows with the column (a letter's signature at
    /// `margin-left: 60%`, with a box): against the block placed there by a width and an auto margin.
    @Test(arguments: pageWidths) func pastHalfTheColumn(_ pageWidth: Double) throws {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 480)
        let body = "<p>Yours truly, in a letter's closing.</p><div class='sig'><p>The Author</p></div>"
        let base = "p { margin: 0; text-indent: 0 } div.sig { border: 1px solid black } "
        let mismatch = Reftest.mismatch(
            try Reftest.render(Reftest.Book(body: body, css: base + "div.sig { margin-left: 60% }"), settings: settings),
            try Reftest.render(Reftest.Book(body: body, css: base + "div.sig { width: 40%; margin-left: auto; box-sizing: border-box }"),
                               settings: settings))
        #expect(mismatch == nil, "at \(pageWidth): \(mismatch ?? "")")
    }

    /// In right-to-left text the start is the right: a `margin-right` percentage indents the lines' start.
    @Test(arguments: pageWidths) func rightToLeft(_ pageWidth: Double) throws {
        let mismatch = try Self.mismatch([Level(marginLeft: 5, marginRight: 15)], textIndent: 10, pageWidth: pageWidth,
                                         extraCSS: "p { direction: rtl }")
        #expect(mismatch == nil, "at \(pageWidth): \(mismatch ?? "")")
    }

    /// The percentages are of the column, not of a fixed measure: `10%` is not the 2 em a 20 em measure would make
    /// it, on a wide page, nor the same as on a narrow one.
    @Test func theColumnDecides() throws {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: 460, height: 480)
        let body = "<p class='x'>\(Self.words)</p>"
        let percent = try Reftest.render(Reftest.Book(body: body, css: "p.x { margin-left: 10% }"), settings: settings)
        #expect(Reftest.mismatch(percent, try Reftest.render(Reftest.Book(body: body, css: "p.x { margin-left: 2em }"), settings: settings)) != nil)
        #expect(Reftest.mismatch(percent, try Reftest.render(Reftest.Book(body: body, css: "p.x { margin-left: 14.8px }"), settings: settings)) != nil)
    }

    /// A percentage margin inside a table cell counts as nothing in the cell's content widths (CSS Sizing 3 §5.2.1c:
    /// it is of the cell, whose width those contributions decide): the table's columns are as without it. The text
    /// is hidden (it keeps its room) so that only the table's rules are compared; the table fills the column, its
    /// columns sharing it by their content widths.
    @Test(arguments: pageWidths) func aCellsContentWidthsLeaveThePercentageOut(_ pageWidth: Double) throws {
        var settings = Reftest.settings
        settings.typography.pageSize = Size(width: pageWidth, height: 480)
        let body = "<table><tr><td><p class='m'>Short</p></td><td><p>Other words here</p></td></tr></table>"
        let base = "table { width: 100% } td { border: 1px solid black } p { margin: 0; text-indent: 0; visibility: hidden } "
        let mismatch = Reftest.mismatch(try Reftest.render(Reftest.Book(body: body, css: base + "p.m { margin-left: 10% }"), settings: settings),
                                        try Reftest.render(Reftest.Book(body: body, css: base), settings: settings))
        #expect(mismatch == nil, "at \(pageWidth): \(mismatch ?? "")")
    }
}
