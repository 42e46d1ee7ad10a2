import Testing
import TypesetCore
import TypesetTestSupport

/// Percentage columns of a table (CSS Tables 3's percent basis, as Blink and Gecko lay out tables; ``ColumnNeeds``):
/// a percentage is of the table's width; a table without a width is as wide as its content and its percentages
/// make it (each percentage column's widest content over its percentage, the other columns' over what the
/// percentages leave, all the columns side by side), at most its column; room beyond the columns' content goes to
/// the columns without a percentage. Checked against Chromium line by line (session notes); here against the model
/// with the words' own widths, in both directions.
@Suite struct TablePercentageTests {
    /// The lines of a book of `table` between two paragraphs, by the text they hold, and the column's width.
    static func lines(_ table: String, direction: String = "ltr") throws -> [String: Line] {
        let css = "table { border-spacing: 0 } td { padding: 0; vertical-align: top; text-indent: 0 }"
        let layout = try Reftest.layout(Reftest.Book(body: "<p>Before.</p><div dir='\(direction)'>\(table)</div><p>After.</p>", css: css))
        var found: [String: Line] = [:]
        for line in layout.lines(onPage: 0) { found[layout.text.string(in: line.range).trimmingCharacters(in: .whitespacesAndNewlines)] = line }
        return found
    }

    /// The column of ``Reftest/settings``, in points.
    static let column = 208.0

    static func row(_ cells: [(text: String, width: String?)], table: String = "") -> String {
        "<table style='\(table)'><tr>" + cells.map { "<td\($0.width.map { " style='width: \($0)'" } ?? "")>\($0.text)</td>" }.joined()
            + "</tr></table>"
    }

    /// Where each cell's text starts from the table's start edge, by the model: the table's width `table` shared
    /// as `shares` (nil: a column without a percentage, taking `wants` and the room left), each cell one word.
    static func starts(table: Double, shares: [Double?], wants: [Double]) -> [Double] {
        // A percentage column never narrower than its word (its narrowest content).
        let fixed = zip(shares, wants).map { share, want in share.map { max($0 * table, want) } ?? want }
        let others = shares.indices.filter { shares[$0] == nil }
        let left = table - fixed.reduce(0, +), othersWant = others.reduce(0.0) { $0 + wants[$1] }
        var widths = fixed
        for k in others { widths[k] += othersWant > 0 ? left * wants[k] / othersWant : left / Double(others.count) }
        if others.isEmpty { widths = fixed.map { $0 * table / max(fixed.reduce(0, +), 1e-9) } }
        return widths.indices.map { widths[..<$0].reduce(0, +) }
    }

    @Test(arguments: ["ltr", "rtl"])
    func anAutoTableIsAsWideAsItsPercentagesMakeIt(_ direction: String) throws {
        let cases: [[(text: String, width: String?)]] = [
            [("Aa", "30%"), ("Bb", "30%")],
            [("Aa", "30%"), ("Bb cc", nil)],
            [("Name", "20%"), ("Date", "15%"), ("Place of birth", nil)],
            [("Arma", "50%")],
            [("Arma", "10%"), ("Troiae", "10%"), ("cano", nil), ("oris", nil)],
        ]
        for cells in cases {
            let lines = try Self.lines(Self.row(cells), direction: direction)
            let found = try cells.map { try #require(lines[$0.text], "\(cells): \($0.text)") }
            let wants = found.map { Double($0.rect.width) }
            let shares = cells.map { $0.width.flatMap { Double($0.dropLast()) }.map { $0 / 100 } }
            let total = shares.compactMap { $0 }.reduce(0, +)
            var table = wants.reduce(0, +)
            for (share, want) in zip(shares, wants) { if let share { table = max(table, want / share) } }
            let others = zip(shares, wants).filter { $0.0 == nil }.reduce(0.0) { $0 + $1.1 }
            if others > 0 { table = max(table, others / (1 - total)) }
            table = min(table, Self.column)
            let expected = Self.starts(table: table, shares: shares, wants: wants)
            let origin = direction == "rtl" ? found[0].rect.maxX : found[0].rect.minX
            for (k, line) in found.enumerated() {
                let at = direction == "rtl" ? origin - line.rect.maxX : line.rect.minX - origin
                #expect(abs(at - expected[k]) < 0.1, "\(direction) \(cells.map(\.text)): cell \(k) at \(at), not \(expected[k])")
            }
        }
    }

    /// A table given a width shares it: its percentages are of that width, the rest goes to the other columns.
    @Test(arguments: ["80%", "12em"])
    func aGivenWidthIsWhatPercentagesAreOf(_ width: String) throws {
        let cells: [(text: String, width: String?)] = [("Name", "20%"), ("Date", "15%"), ("Place", nil)]
        let lines = try Self.lines(Self.row(cells, table: "width: \(width)"))
        let found = try cells.map { try #require(lines[$0.text], "\($0.text)") }
        let table = width == "80%" ? 0.8 * Self.column : 12 * 14
        let expected = Self.starts(table: table, shares: [0.2, 0.15, nil], wants: found.map { Double($0.rect.width) })
        for (k, line) in found.enumerated() {
            #expect(abs((line.rect.minX - found[0].rect.minX) - expected[k]) < 0.1, "\(width) cell \(k)")
        }
    }
}
