import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Tab stops in `<pre>` (CSS Text 3 §4.2): a tab at a line's start is `tab-size` spaces (8 by default), inherited.
@Suite struct TabSizeReftests {
    @Test(arguments: [("", 8), ("pre { tab-size: 4 }", 4), ("body { -moz-tab-size: 2 }", 2), ("pre { tab-size: 0 }", 0)])
    func aTabIsTabSizeSpaces(_ example: (String, Int)) throws {
        let spaces = String(repeating: " ", count: example.1)
        let mismatch = try Reftest.mismatch(body: "<pre>\tcode\n\t\tmore code</pre>", css: example.0,
                                            referenceBody: "<pre>\(spaces)code\n\(spaces)\(spaces)more code</pre>", referenceCSS: "")
        #expect(mismatch == nil, "\(example.0): \(mismatch ?? "")")
    }
}
