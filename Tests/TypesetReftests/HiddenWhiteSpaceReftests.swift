import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// White space around text the book hides with `display: none` (a page number in running text, a note marker)
/// collapses as though the hidden element were not there (CSS Text 3 §4.1.1: it makes no box): one space where
/// there was white space on either side, none where there was none, none at the start or end of a line.
@Suite struct HiddenWhiteSpaceReftests {
    static let css = ".h { display: none }"

    /// Every placement of white space around one to three hidden spans between two words, and at the line's ends,
    /// against the words written without the spans.
    static let cases: [(String, String)] = {
        var cases: [(String, String)] = []
        for before in ["", " "] {
            for after in ["", " "] {
                for count in 1...3 {
                    let spans = (0..<count).map { "<span class='h'>[\($0 + 12)]</span>" }.joined(separator: count > 1 && after == " " ? " " : "")
                    let spaced = !before.isEmpty || !after.isEmpty
                    cases.append(("<p>marker\(before)\(spans)\(after)in its middle.</p>", "<p>marker\(spaced ? " " : "")in its middle.</p>"))
                }
            }
        }
        cases.append(("<p><span class='h'>[12]</span> Starts the line.</p>", "<p>Starts the line.</p>"))
        cases.append(("<p>Ends the line. <span class='h'>[12]</span></p>", "<p>Ends the line.</p>"))
        cases.append(("<p>Ends <span class='h'>[12]</span> <span class='h'>[13]</span></p>", "<p>Ends</p>"))
        cases.append(("<p>A line<br/><span class='h'>[12]</span> after a break.</p>", "<p>A line<br/>after a break.</p>"))
        return cases
    }()

    @Test(arguments: cases) func whiteSpaceCollapsesAroundHiddenText(_ test: String, _ reference: String) throws {
        let mismatch = try Reftest.mismatch(body: test, css: Self.css, referenceBody: reference, referenceCSS: "")
        #expect(mismatch == nil, "\(test): \(mismatch ?? "")")
    }
}
