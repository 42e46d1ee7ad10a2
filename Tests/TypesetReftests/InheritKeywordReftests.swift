import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `inherit` and `unset` on inherited properties (CSS Cascade 4 §7.3.3): the parent's value, whatever the rules
/// before said, against the same text with the parent's value written out. The parents here do not have the
/// property's initial value, so reading `inherit` as `initial` would fail.
@Suite struct InheritKeywordReftests {
    /// (property, the parent's value, a value an earlier rule gives the element).
    static let properties: [(String, String, String)] = [
        ("text-align", "center", "right"),
        ("font-style", "italic", "normal"),
        ("font-weight", "bold", "normal"),
        ("font-size", "1.6em", "0.6em"),
        ("font-variant", "small-caps", "normal"),
        ("text-indent", "3em", "0"),
        ("text-transform", "uppercase", "none"),
        ("color", "#008000", "#ff0000"),
        ("letter-spacing", "0.2em", "0"),
        ("word-spacing", "1em", "0"),
        ("line-height", "2.5", "1"),
    ]

    @Test(arguments: properties, ["inherit", "unset"]) func theParentsValueWins(_ property: (String, String, String), _ keyword: String) throws {
        let (name, parent, earlier) = property
        let body = "<div class='parent'><p class='child'>Some words of the child, long enough to run onto a second line here.</p></div>"
        let css = "p { text-indent: 0 } .parent { \(name): \(parent) } p { \(name): \(earlier) } p.child { \(name): \(keyword) }"
        let reference = "p { text-indent: 0 } .parent { \(name): \(parent) } p { \(name): \(parent) }"
        // font-size is relative: the reference's paragraph takes the parent's size as 1em.
        let referenceCSS = name == "font-size" ? "p { text-indent: 0 } .parent { font-size: 1.6em } p { font-size: 1em }" : reference
        let mismatch = try Reftest.mismatch(body: body, css: css, referenceBody: body, referenceCSS: referenceCSS)
        #expect(mismatch == nil, "\(name): \(keyword): \(mismatch ?? "")")
    }

    /// `color: currentColor` is the parent's colour (CSS Color 4 §4.5), as `inherit` is.
    @Test func currentColorIsTheParentsColor() throws {
        let body = "<div class='parent'><p class='child'>Some words of the child.</p></div>"
        let mismatch = try Reftest.mismatch(body: body, css: ".parent { color: #008000 } p { color: #ff0000 } p.child { color: currentColor }",
                                            referenceBody: body, referenceCSS: ".parent { color: #008000 } p { color: #008000 }")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// The keyword changes the page: the earlier rule's value differs from the parent's.
    @Test func theEarlierValueWouldDiffer() throws {
        let body = "<div class='parent'><p class='child'>Some words.</p></div>"
        #expect(try Reftest.mismatch(body: body, css: ".parent { text-align: center } p { text-align: right } p.child { text-align: inherit }",
                                     referenceBody: body, referenceCSS: ".parent { text-align: center } p { text-align: right }") != nil)
    }
}
