import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// List items floated or positioned (CSS 2.1 §9.5, §9.6) are set as any element so: a navigation bar's "next"
/// floated right, a menu's items floated side by side, a screen-reader-only item moved off the page. Each renders
/// as the same content in `div`s and `span`s floated or positioned alike.
@Suite struct ListItemFloatReftests {
    static let list = ".m { list-style: none; margin: 0; padding: 0 } p { margin: 0 }"

    /// An item floated right beside items displayed inline, and the same with a `span` floated in a `div`.
    @Test(arguments: ["right", "left"])
    func anItemFloatedBesideInlineItems(_ side: String) throws {
        let css = Self.list + " .f { float: \(side); margin: 0 0.5em } .i { display: inline }"
        let mismatch = try Reftest.mismatch(
            body: "<ul class='m'><li class='f'>next</li><li class='i'>Guide » </li><li class='i'>Overview</li></ul><p>After.</p>",
            css: css, referenceBody: "<div><span class='f'>next</span>Guide » Overview</div><p>After.</p>", referenceCSS: css)
        #expect(mismatch == nil, "\(side): \(mismatch ?? "")")
    }

    /// A menu: items floated left side by side, as `div`s floated left.
    @Test func itemsFloatedSideBySide() throws {
        let css = Self.list + " .f { float: left; margin-right: 1em } .c { clear: both }"
        let items = ["One", "Two", "Three", "Four"]
        let mismatch = try Reftest.mismatch(
            body: "<ul class='m'>" + items.map { "<li class='f'>\($0)</li>" }.joined() + "</ul><p class='c'>After the menu.</p>",
            css: css, referenceBody: "<div>" + items.map { "<div class='f'>\($0)</div>" }.joined() + "</div><p class='c'>After the menu.</p>",
            referenceCSS: css)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// An item moved off the page (screen-reader text) is not drawn: the list as if it were not there (hidden as
    /// any element out of sight is, ``ComputedStyle/isOutOfSight``; in a fixed-layout page it is a positioned box).
    @Test func anItemPositionedOffThePageIsNotDrawn() throws {
        let css = Self.list + " .off { position: absolute; left: -9999px }"
        let mismatch = try Reftest.mismatch(
            body: "<ul class='m'><li class='off'>Skip to the content</li><li>Chapter one</li></ul><p>After.</p>",
            css: css, referenceBody: "<ul class='m'><li>Chapter one</li></ul><p>After.</p>", referenceCSS: css)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
