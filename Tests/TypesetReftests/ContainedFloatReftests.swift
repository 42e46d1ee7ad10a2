import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A block that holds its floats (CSS 2.1 §9.4.1, §10.6.7): a block formatting context root (`overflow` other than
/// `visible`, `display: flow-root`, `flex`, `grid` or `table`), or the clearfix (`::after { content: ""; display: table; clear: both }`, §9.5.2 on a block
/// pseudo-element). What follows it starts below the floats that started inside it, as though it cleared them.
@Suite struct ContainedFloatReftests {
    static let text = "The next paragraph starts below the picture, as the figure holds its float. It runs on long enough to wrap beside the picture if it did not."

    /// A figure holding a floated picture and a caption, then a paragraph; `figure` is the figure's class.
    static func body(_ figure: String, side: String = "left", after: String = "<p>\(text)</p>") -> String {
        "<div class='\(figure)'><img class='\(side)' src='portrait.png' alt=''/><p>A caption.</p></div>" + after
    }

    static let css = "img.left { float: left; width: 3em } img.right { float: right; width: 3em } "
        + ".clearfix::after { content: ''; display: table; clear: both } .fix-block::after { content: ''; display: block; clear: both } "
        + ".hidden { overflow: hidden } .auto { overflow: auto } .scroll { overflow: scroll } .visible { overflow: visible } "
        + ".flow-root { display: flow-root } .flex { display: flex } .grid { display: grid } .table { display: table } "

    /// Each way of holding the floats, on either side, against the paragraph cleared by hand.
    @Test(arguments: ["clearfix", "fix-block", "hidden", "auto", "scroll", "flow-root", "flex", "grid", "table"], ["left", "right"])
    func aBlockThatHoldsItsFloatsIsClearedBelow(_ figure: String, _ side: String) throws {
        try FloatReftests.expectSame(FloatReftests.book(Self.body(figure, side: side), css: Self.css),
                                     FloatReftests.book(Self.body("plain", side: side, after: "<p style='clear: both'>\(Self.text)</p>"), css: Self.css),
                                     "\(figure) \(side)")
    }

    /// A block that does not hold its floats lets the next paragraph wrap beside them: not the cleared page.
    @Test(arguments: ["plain", "visible"]) func aPlainBlockLetsItsFloatsReachOut(_ figure: String) throws {
        let open = try Reftest.render(FloatReftests.book(Self.body(figure), css: Self.css))
        let cleared = try Reftest.render(FloatReftests.book(Self.body("plain", after: "<p style='clear: both'>\(Self.text)</p>"), css: Self.css))
        #expect(Reftest.mismatch(open, cleared) != nil, "\(figure)")
    }

    /// A block holding no float of its own clears nothing: a float from before it still has the text after it
    /// beside it.
    @Test func aFloatFromOutsideStaysBesideWhatFollows() throws {
        let outside = "<img class='left' src='portrait.png' alt=''/><div class='%@'><p>Short.</p></div><p>\(Self.text)</p>"
        try FloatReftests.expectSame(FloatReftests.book(outside.replacingOccurrences(of: "%@", with: "hidden"), css: Self.css),
                                     FloatReftests.book(outside.replacingOccurrences(of: "%@", with: "plain"), css: Self.css),
                                     "float from outside")
    }

    /// A pseudo-element hidden with `display: none` clears nothing.
    @Test func aHiddenClearfixClearsNothing() throws {
        let css = Self.css + ".none::after { content: ''; display: none; clear: both }"
        try FloatReftests.expectSame(FloatReftests.book(Self.body("none"), css: css), FloatReftests.book(Self.body("plain"), css: css),
                                     "display none")
    }
}
