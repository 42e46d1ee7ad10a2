import Testing
import TypesetCore
@testable import TypesetDocuments

/// Vertical margins collapse as CSS 2.1 §8.3.1 says: adjoining margins (a block's and its first or last child's,
/// two siblings') become one, the largest positive margin plus the most negative; a border or padding between
/// them keeps them apart. A generated family: nests of 1 to 3 blocks, each with a top and bottom border, padding
/// or neither, margins of either sign, checked against that arithmetic done here on the list of margins and
/// separators (each run's sum kept at 0 at least: a page has no room above its lines for a negative margin).
@Suite struct MarginCollapsingTests {
    enum Side: CaseIterable { case none, border, padding }
    enum Item { case margin(Double), separator(Double) }

    /// What the nest's levels declare: the separator on both sides, the margin's sign on both sides.
    struct Level {
        var side: Side
        var negative: Bool
        var index: Int

        var margin: Double { negative ? -0.125 * Double(index + 1) : 0.5 + 0.25 * Double(index) }
        var separator: Double { switch side { case .none: 0; case .border: 1.0 / 16; case .padding: 0.25 } }
        var css: String {
            let side = switch self.side {
            case .none: ""
            case .border: "border-top: 1px solid; border-bottom: 1px solid;"
            case .padding: "padding-top: 4px; padding-bottom: 4px;"
            }
            return "margin-top: \(margin)em; margin-bottom: \(margin)em; \(side)"
        }
    }

    static let before = 0.375, insideTop = 0.25, insideBottom = 0.25, after = 0.125

    /// The space CSS puts between the boxes on either side of `items`: margins collapse within each run between
    /// separators; separators add.
    static func expected(_ items: [Item]) -> Double {
        var total = 0.0, separators = 0.0, positive = 0.0, negative = 0.0
        for item in items {
            switch item {
            case .margin(let m): if m < 0 { negative = min(negative, m) } else { positive = max(positive, m) }
            case .separator(let s):
                total += max(0, positive + negative); separators += s
                positive = 0; negative = 0
            }
        }
        total += max(0, positive + negative)
        return min(4, total) + min(4, separators)
    }

    static func nests(depth: Int) -> [[Level]] {
        var result: [[Level]] = [[]]
        for index in 0..<depth {
            result = result.flatMap { prefix in
                Side.allCases.flatMap { side in [false, true].map { prefix + [Level(side: side, negative: $0, index: index)] } }
            }
        }
        return result
    }

    @Test(arguments: 1...3) func marginsCollapseOnlyWhereNothingSeparatesThem(depth: Int) throws {
        let nests = Self.nests(depth: depth)
        var body = "", css = "p { margin: 0 } p.before { margin-bottom: \(Self.before)em } p.after { margin-top: \(Self.after)em } "
        css += "p.inside { margin-top: \(Self.insideTop)em; margin-bottom: \(Self.insideBottom)em } "
        for (n, nest) in nests.enumerated() {
            body += "<p class='before'>Before \(n).</p>"
            for level in nest { body += "<div style='\(level.css)'>" }
            body += "<p class='inside'>Inside \(n).</p>"
            body += String(repeating: "</div>", count: nest.count)
            body += "<p class='after'>After \(n).</p>"
        }
        let book = try XHTMLConversionTests.read(body, css: css)
        for (n, nest) in nests.enumerated() {
            let top: [Item] = [.margin(Self.before)] + nest.flatMap { level -> [Item] in
                [.margin(level.margin)] + (level.side == .none ? [] : [.separator(level.separator)])
            } + [.margin(Self.insideTop)]
            let bottom: [Item] = [.margin(Self.insideBottom)] + nest.reversed().flatMap { level -> [Item] in
                (level.side == .none ? [] : [.separator(level.separator)]) + [.margin(level.margin)]
            } + [.margin(Self.after)]
            let inside = try PublisherCSSTests.paragraph(book, "Inside \(n).").style.spaceBefore
            let afterward = try PublisherCSSTests.paragraph(book, "After \(n).").style.spaceBefore
            let described = nest.map { "\($0.side)\($0.negative ? "-" : "+")" }.joined(separator: " ")
            #expect(abs(inside - Self.expected(top)) < 1e-9, "above: \(described): \(inside) against \(Self.expected(top))")
            #expect(abs(afterward - Self.expected(bottom)) < 1e-9, "below: \(described): \(afterward) against \(Self.expected(bottom))")
        }
    }
}
