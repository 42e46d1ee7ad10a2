import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A table's borders in both of CSS 2.1's models (§17.6) and its own box (§17.5.1), as css/css-tables writes its
/// reftests: a table against a simpler one that must draw the same pixels.
/// - The collapsing model: a grid of cells with one border each, collapsed, against the same grid in the separated
///   model with no spacing, each cell drawing only its top and left borders and the table its right and bottom
///   ones. Every line is then as wide, in the same place, and each cell's text as far from it. Which edge wins
///   where two differ is tested on the layout (TableCollapsedBorderTests).
/// - Row borders, which only the collapsing model draws, against the same rules on the cells.
/// - The separated model: a table's background shows through its spacing, against cells painted with it whose
///   padding takes the spacing's room; `cellspacing`, `border-spacing` and HTML's default written two ways.
@Suite struct TableBorderReftests {
    static func expectSame(_ body: String, _ css: String, _ referenceBody: String, _ referenceCSS: String,
                           settings: ReaderSettings = Reftest.settings, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let test = try Reftest.render(Reftest.Book(body: "<p>Before.</p>" + body + "<p>After.</p>", css: css), settings: settings)
        let reference = try Reftest.render(Reftest.Book(body: "<p>Before.</p>" + referenceBody + "<p>After.</p>", css: referenceCSS),
                                           settings: settings)
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(body) \(css): \(mismatch ?? "")", sourceLocation: sourceLocation)
        #expect(Reftest.inkPixels(test, page: 0) > 500, sourceLocation: sourceLocation)
    }

    static let words = ["tea", "a", "kettle", "boiling", "water", "leaves", "of", "the", "plant", "drunk", "hot", "cup"]

    /// A grid of `rows` × `columns` cells of a few words each, some spanning two columns or two rows.
    static func grid(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 7)
        let rows = 1 + Int(random.next() % 4), columns = 1 + Int(random.next() % 4)
        var covered = Array(repeating: Array(repeating: false, count: columns), count: rows)
        var html = ""
        for r in 0..<rows {
            html += "<tr>"
            var c = 0
            while c < columns {
                if covered[r][c] { c += 1; continue }
                var colspan = random.next() % 5 == 0 && c + 1 < columns && !covered[r][c + 1] ? 2 : 1
                let rowspan = random.next() % 5 == 0 && r + 1 < rows ? 2 : 1
                for row in r..<(r + rowspan) {
                    for column in c..<(c + colspan) where column < columns && !covered[row][column] { covered[row][column] = true }
                }
                colspan = min(colspan, columns - c)
                let count = 1 + Int(random.next() % 4)
                var picked: [String] = []
                for _ in 0..<count { picked.append(words[Int(random.next() % UInt64(words.count))]) }
                let text = picked.joined(separator: " ")
                html += "<td colspan='\(colspan)' rowspan='\(rowspan)'>\(text)</td>"
                c += colspan
            }
            html += "</tr>"
        }
        return "<table>" + html + "</table>"
    }

    /// Collapsed, every cell's border is shared with its neighbour's: one line, half in each cell, the outer half
    /// of the outer lines inside the table's box. (On a page tall enough for the table: at a page break a collapsed
    /// row's bottom edge closes its cells, where the separated reference's sliced table has no edge.)
    @Test(arguments: 0..<12) func aCollapsedGridIsTheGridDrawnOnce(_ seed: Int) throws {
        let table = Self.grid(seed: seed)
        // Whole pixels (8 CSS px are 7 pt at 14 pt), as borders are drawn.
        let edge = "8px solid #204080"
        var settings = Reftest.settings
        settings.typography.pageSize.height = 960
        try Self.expectSame(table, "table { border-collapse: collapse } td { border: \(edge); padding: 3pt }",
                            table, """
                                table { border-spacing: 0; border-right: \(edge); border-bottom: \(edge) }
                                td { border-left: \(edge); border-top: \(edge); padding: 3pt }
                                """, settings: settings)
    }

    /// A row's border (drawn only where borders collapse) is its cells' border on that side.
    @Test(arguments: ["border-bottom: 2pt solid #000", "border-top: 3pt double #800", "border-top: 1pt dotted #000; border-bottom: 2pt dashed #080"])
    func aRowsBorderIsItsCellsBorder(_ edge: String) throws {
        let rows = "<thead><tr><th>Name</th><th>Place</th></tr></thead><tbody><tr><td>Ada Lovelace</td><td>London</td></tr>"
            + "<tr class='r'><td>Charles</td><td>Teignmouth</td></tr></tbody>"
        try Self.expectSame("<table>\(rows)</table>", "table { border-collapse: collapse } thead tr, tr.r { \(edge) }",
                            "<table>\(rows)</table>", "table { border-collapse: collapse } thead th, tr.r td { \(edge) }")
    }

    /// Rules above and below the table and under its head row, as books draw them (no vertical lines): each edge
    /// on its side only, the same collapsed or not (nothing meets).
    @Test func horizontalRulesAreDrawnOnTheirSideOnly() throws {
        let rows = "<thead><tr><th>Name</th><th>Place</th><th>Year</th></tr></thead>"
            + "<tbody><tr><td>Ada Lovelace</td><td>London</td><td>1815</td></tr><tr><td>Charles</td><td>Teignmouth</td><td>1791</td></tr></tbody>"
        let rules = "table { border-top: 2pt solid #000; border-bottom: 2pt solid #000 } thead th { border-bottom: 1pt solid #000 }"
        try Self.expectSame("<table>\(rows)</table>", "table { border-collapse: collapse } " + rules,
                            "<table>\(rows)</table>", "table { border-spacing: 0 } " + rules)
        // And the rule under the head row is not a box: it differs from one drawn on every side.
        let boxed = try Reftest.mismatch(body: "<table>\(rows)</table>", css: "table { border-collapse: collapse } " + rules,
                                         referenceBody: "<table>\(rows)</table>",
                                         referenceCSS: "table { border-collapse: collapse } " + rules + " thead th { border: 1pt solid #000 }")
        #expect(boxed != nil)
    }

    /// Rules of one width are drawn equally wide wherever they fall (borders snapped as a line width, CSS Values
    /// 4): a collapsed table of 1 px rules (0.875 pt, 1.75 pixels at scale 2) on rows whose edges lie at every
    /// fraction of a pixel, in both directions, at scales 1, 2 and 3. Rounding each side of a rule apart drew some one
    /// pixel wide and others two.
    @Test(arguments: [1.0, 2.0, 3.0]) func rulesOfOneWidthAreDrawnAlike(_ scale: Double) throws {
        let rows = (0..<6).map { "<tr><td>row \($0)</td><td>\(String(repeating: "w", count: $0 + 1))</td></tr>" }.joined()
        var settings = Reftest.settings
        settings.appearance.pixelScale = scale
        let css = "table { border-collapse: collapse } td { border: 1px solid #000000; padding: 1.3px 2.7px; line-height: 1.13 }"
        let page = try Reftest.render(Reftest.Book(body: "<table>\(rows)</table>", css: css), settings: settings).pages[0]
        // The runs of black pixels (start, length) down a line through the first column, and across the first row.
        func runs(_ pixels: [Color]) -> [(start: Int, length: Int)] {
            var runs: [(start: Int, length: Int)] = []
            for (index, pixel) in pixels.enumerated() where pixel == Color(red: 0, green: 0, blue: 0) {
                if let last = runs.last, last.start + last.length == index { runs[runs.count - 1].length += 1 } else { runs.append((index, 1)) }
            }
            return runs
        }
        let down = runs((0..<page.height).map { page[x: Int(18 * scale), y: $0] })
        #expect(down.count == 7, "rules down: \(down)")
        #expect(Set(down.map(\.length)).count == 1, "rules down at scale \(scale): \(down)")
        guard down.count > 1 else { return }
        let y = (down[0].start + down[0].length + down[1].start) / 2
        let across = runs((0..<page.width).map { page[x: $0, y: y] })
        #expect(across.count == 3, "rules across: \(across)")
        #expect(Set(across.map(\.length)).count == 1, "rules across at scale \(scale): \(across)")
    }

    /// (spacing across, spacing down, cell padding) in points.
    static let spacings: [(Double, Double, Double)] = [(4, 4, 2), (6, 2, 1), (0, 5, 3), (8, 0, 0), (3, 7, 4)]

    /// The table's background and border around cells `across` and `down` apart, against a table without spacing
    /// whose cells are painted with that background and padded by the spacing's share on each side.
    @Test(arguments: spacings) func aTablesBackgroundShowsThroughItsSpacing(_ across: Double, _ down: Double, _ padding: Double) throws {
        let cells = [["Name", "Born"], ["Ada Lovelace", "1815"], ["Charles Babbage", "1791"]]
        func pad(_ r: Int, _ c: Int) -> String {
            // The spacing's room: all of it on the outer sides, half of it between two cells.
            let top = (r == 0 ? down : down / 2) + padding, bottom = (r == cells.count - 1 ? down : down / 2) + padding
            let left = (c == 0 ? across : across / 2) + padding, right = (c == 1 ? across : across / 2) + padding
            return "padding: \(top)pt \(right)pt \(bottom)pt \(left)pt"
        }
        let test = "<table>" + cells.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>" }.joined() + "</table>"
        let reference = "<table>" + cells.enumerated().map { r, row in
            "<tr>" + row.enumerated().map { c, cell in "<td style='\(pad(r, c))'>\(cell)</td>" }.joined() + "</tr>"
        }.joined() + "</table>"
        // A frame of whole pixels (8 CSS px are 7 pt at 14 pt): borders are drawn so, and the cells' backgrounds
        // meet it only then.
        let frame = "border: 8px solid #2040a0"
        try Self.expectSame(test, "table { \(frame); background-color: #ffee88; border-spacing: \(across)pt \(down)pt } td { padding: \(padding)pt }",
                            reference, "table { \(frame); border-spacing: 0 } td { background-color: #ffee88 }")
    }

    /// (test, reference): the spacing written two ways.
    static let sameSpacings: [(String, String)] = [
        ("<table cellspacing='5'>", "<table style='border-spacing: 5px'>"),
        // HTML's default.
        ("<table>", "<table style='border-spacing: 2px'>"),
        // A style sheet's spacing wins over the attribute.
        ("<table cellspacing='9' class='s'>", "<table style='border-spacing: 3px 6px'>"),
    ]

    @Test(arguments: sameSpacings) func theSpacingWrittenTwoWays(_ test: String, _ reference: String) throws {
        let rows = "<tr><td>Name</td><td>Born</td></tr><tr><td>Ada Lovelace</td><td>1815</td></tr></table>"
        let css = "table.s { border-spacing: 3px 6px } table { background-color: #dde } td { background-color: #fff }"
        try Self.expectSame(test + rows, css, reference + rows, css)
        // The spacing shows: the same table without it differs.
        #expect(try Reftest.mismatch(body: test + rows, css: css, referenceBody: "<table style='border-spacing: 0'>" + rows,
                                     referenceCSS: css) != nil)
    }

    /// `border-spacing` is inherited (CSS 2.1 §17.6.1): set on a block around the table, it reaches the table.
    @Test func theSpacingIsInherited() throws {
        let rows = "<tr><td>Name</td><td>Born</td></tr><tr><td>Ada Lovelace</td><td>1815</td></tr></table></div>"
        let css = ".w { border-spacing: 4px 7px } table { background-color: #dde } td { background-color: #fff }"
        try Self.expectSame("<div class='w'><table>" + rows, css, "<div><table style='border-spacing: 4px 7px'>" + rows, css)
    }
}

/// A cell's content placed in its row (CSS 2.1 §17.5.3 `vertical-align`; HTML's `valign`): a short cell beside a
/// cell of three lines against the same short cell filled out with empty lines above or below it, set at the top.
@Suite struct CellAlignmentReftests {
    static func table(_ short: String, cell: String = "", row: String = "") -> String {
        "<table><tr\(row)><td>x<br/>y<br/>z</td><td\(cell)>\(short)</td></tr></table>"
    }

    /// (the short cell's attributes, its row's, the reference's lines): in the middle by default, as HTML's cells are.
    static let cases: [(String, String, String)] = [
        ("", "", "&#160;<br/>a<br/>&#160;"),
        (" style='vertical-align: middle'", "", "&#160;<br/>a<br/>&#160;"),
        (" style='vertical-align: bottom'", "", "&#160;<br/>&#160;<br/>a"),
        (" valign='bottom'", "", "&#160;<br/>&#160;<br/>a"),
        (" style='vertical-align: top'", "", "a<br/>&#160;<br/>&#160;"),
        (" style='vertical-align: baseline'", "", "a<br/>&#160;<br/>&#160;"),
        // A row's alignment is its cells' unless they say.
        ("", " style='vertical-align: bottom'", "&#160;<br/>&#160;<br/>a"),
        ("", " valign='top'", "a<br/>&#160;<br/>&#160;"),
        (" valign='bottom'", " style='vertical-align: top'", "&#160;<br/>&#160;<br/>a"),
    ]

    @Test(arguments: cases) func aShortCellSitsWhereItsAlignmentSays(_ cell: String, _ row: String, _ reference: String) throws {
        let css = "td { background-color: #ddeeff }"
        try TableBorderReftests.expectSame(Self.table("a", cell: cell, row: row), css,
                                           Self.table(reference, cell: " style='vertical-align: top'", row: ""), css)
    }
}
