import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The browsers' smaller default for `font-family: monospace` alone (13 px where the default is 16): code set in
/// that family is 13/16 of the size it would have in another, unless its size is a length in absolute units; the
/// family `monospace, monospace` opts out. Each case renders as the same text in `monospace, monospace` at the size
/// worked out by hand.
@Suite struct MonospaceSizeReftests {
    static let text = "<p>Run <code>apt-get install live-build</code> as root, then <code>lb config</code> to start.</p>"

    @Test(arguments: [
        ("", "0.8125em"),                                   // the default: 13/16
        ("font-size: 1.1em", "0.89375em"),                  // Sphinx's code: 1.1 × 13/16
        ("font-size: 90%", "0.73125em"),                    // 0.9 × 13/16
        ("font-size: 12px", "12px"),                        // an absolute size is kept
    ])
    func codeInMonospaceAlone(_ size: String, _ expected: String) throws {
        let mismatch = try Reftest.mismatch(
            body: Self.text, css: "p { margin: 0 } code { font-family: monospace; \(size) }",
            referenceBody: Self.text, referenceCSS: "p { margin: 0 } code { font-family: monospace, monospace; font-size: \(expected) }")
        #expect(mismatch == nil, "\(size): \(mismatch ?? "")")
    }

    /// Inside a `div` of an absolute size, the code keeps that size (it does not come from the default).
    @Test func anAbsoluteSizeAroundIsKept() throws {
        let css = "p { margin: 0 } div { font-size: 15px }"
        let mismatch = try Reftest.mismatch(
            body: "<div>\(Self.text)</div>", css: css + " code { font-family: monospace }",
            referenceBody: "<div>\(Self.text)</div>", referenceCSS: css + " code { font-family: monospace, monospace }")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
