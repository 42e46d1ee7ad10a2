import Testing
import TypesetCore
@testable import TypesetDocuments

/// A computed style's values are shared by its copies until one changes (copy on write, ``ComputedStyle``): the
/// converter copies a style into every element's contexts, and a change to one copy (a child's cascade, a table
/// cell's reset, a block's alignment for a rule) must not reach the others. A generated family: each of a set of
/// properties, inherited and not, changed in a copy and in the original after copying, from a new style and from
/// one already changed (and so not sharing the initial values): the changed one shows it, the other keeps every
/// property as it was.
@Suite struct ComputedStyleCopyTests {
    /// A change to one property, and how a style reads that property (to compare).
    struct Change: Sendable {
        var name: String
        var apply: @Sendable (inout ComputedStyle) -> Void
        var read: @Sendable (ComputedStyle) -> String
    }

    static let changes: [Change] = [
        Change(name: "italic", apply: { $0.italic = true }, read: { "\($0.italic)" }),
        Change(name: "weight", apply: { $0.weight = 900 }, read: { "\($0.weight)" }),
        Change(name: "fontScale", apply: { $0.fontScale = 2.5 }, read: { "\($0.fontScale)" }),
        Change(name: "fontFamilies", apply: { $0.fontFamilies = ["monospace"] }, read: { "\(String(describing: $0.fontFamilies))" }),
        Change(name: "decoration", apply: { $0.decoration = .underline }, read: { "\($0.decoration.contains(.underline))" }),
        Change(name: "hidden", apply: { $0.hidden = true }, read: { "\($0.hidden) \($0.isSeen)" }),
        Change(name: "listMarker", apply: { $0.listMarker = .hidden }, read: { "\($0.listMarker)" }),
        Change(name: "marginTop", apply: { $0.marginTop = 3 }, read: { "\(String(describing: $0.marginTop))" }),
        Change(name: "padding.left", apply: { $0.padding.left = 1.25 }, read: { "\($0.padding.left)" }),
        Change(name: "borders.top", apply: { $0[border: .top].width = 0.5 }, read: { "\($0.borders.top.width)" }),
        Change(name: "radii", apply: { $0.radii[.topLeft] = (.em(1), .em(2)) }, read: { "\($0.radii.count)" }),
        Change(name: "backgroundColor", apply: { $0.backgroundColor = Color(red: 10, green: 20, blue: 30) },
               read: { "\(String(describing: $0.backgroundColor))" }),
        Change(name: "multicolumn", apply: { $0.multicolumn = MulticolumnStyle(nil, count: 2) }, read: { "\(String(describing: $0.columnCount))" }),
        Change(name: "replacedSize.width", apply: { $0.replacedSize.width = .em(3) }, read: { "\(String(describing: $0.replacedSize.width))" }),
        Change(name: "display", apply: { $0.display = .block }, read: { "\(String(describing: $0.display))" }),
        Change(name: "breakBefore", apply: { $0.breakBefore = .page }, read: { "\($0.breakBefore)" }),
    ]

    /// Every property's reading of `style`.
    static func readings(_ style: ComputedStyle) -> [String] { changes.map { $0.read(style) } }

    /// The styles changes start from: a new one (the shared initial values), and one with other values set.
    static var bases: [ComputedStyle] {
        var set = ComputedStyle()
        set.weight = 300; set.marginBottom = 1; set.fontFamilies = ["serif"]; set.padding.top = 0.5
        return [ComputedStyle(), set]
    }

    @Test(arguments: 0..<changes.count)
    func aChangeReachesOnlyTheStyleChanged(_ index: Int) {
        let change = Self.changes[index]
        for (baseIndex, base) in Self.bases.enumerated() {
            let before = Self.readings(base)
            // The copy changed: the original keeps every value.
            let original = base
            var copy = original
            change.apply(&copy)
            #expect(Self.readings(original) == before, "\(change.name), base \(baseIndex): the original changed with its copy")
            var expected = before
            expected[index] = change.read(copy)
            #expect(expected[index] != before[index], "\(change.name), base \(baseIndex): the change does not show")
            #expect(Self.readings(copy) == expected, "\(change.name), base \(baseIndex): other properties changed")
            // The original changed after copying: the copy keeps every value.
            var changed = base
            let kept = changed
            change.apply(&changed)
            #expect(Self.readings(kept) == before, "\(change.name), base \(baseIndex): the copy changed with its original")
            #expect(Self.readings(changed) == expected, "\(change.name), base \(baseIndex): the original's change")
        }
    }

    /// A child's style starts from its parent's with the box properties reset; the parent keeps its own.
    @Test func theInheritedStyleLeavesItsParent() {
        var parent = ComputedStyle()
        parent.italic = true; parent.marginTop = 2; parent.padding.left = 1; parent[border: .left].width = 0.25
        parent.backgroundColor = Color(red: 1, green: 2, blue: 3); parent.radii[.bottomRight] = (.em(1), .em(1))
        let before = Self.readings(parent)
        var child = parent.inherited
        child.weight = 700
        #expect(Self.readings(parent) == before)
        #expect(child.italic && child.marginTop == nil && child.padding.left == 0 && child.backgroundColor == nil && child.radii.isEmpty)
        #expect(child.borders.left.width == ComputedStyle.initialEdge.width && parent.borders.left.width == 0.25)
        #expect(parent.weight == 400 && child.weight == 700)
    }
}
