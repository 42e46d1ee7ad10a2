import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS's `text-align: left` and `right` (and `text-align-last`'s) are physical sides (CSS Text 3 §6.1), whatever
/// direction the paragraph is written in. A block without `dir` takes its paragraph's direction from the first
/// strong character (a Hebrew or Arabic paragraph in an English document, as IDPF's test book 0130 has them), so
/// its `right` must stay right there too: each case is drawn against the same paragraph with `dir` set to the
/// direction its first strong character gives, where `left` and `right` already meant their sides. A family:
/// two values × two properties × three scripts × a short and a long paragraph.
@Suite struct PhysicalAlignmentReftests {
    static let texts = [
        ("he", "rtl", "אם הגעת לכאן על ידי לחיצה"), ("ar", "rtl", "هذا نص عربي قصير"), ("en", "ltr", "An English line"),
    ]
    static let declarations = ["text-align: right", "text-align: left",
                               "text-align: justify; text-align-last: right", "text-align: justify; text-align-last: left"]

    static func render(_ paragraph: String, css: String) throws -> Reftest.Rendering {
        try Reftest.render(Reftest.Book(body: "<p>An English document.</p>" + paragraph, css: "p.x { \(css) }"))
    }

    @Test(arguments: Array(declarations.indices))
    func aPhysicalSideIsThatSideInEitherDirection(_ index: Int) throws {
        let css = Self.declarations[index]
        for (language, direction, words) in Self.texts {
            for text in [words, Array(repeating: words, count: 6).joined(separator: " ")] {
                let test = try Self.render("<p class=\"x\">\(text)</p>", css: css)
                let reference = try Self.render("<p class=\"x\" dir=\"\(direction)\">\(text)</p>", css: css)
                let mismatch = Reftest.mismatch(test, reference)
                #expect(mismatch == nil, "\(css) on \(language) text of \(text.count) characters: \(mismatch ?? "")")
            }
        }
    }

    /// The cases are not all one drawing: `left` and `right` of a short line differ, in both directions.
    @Test func leftAndRightDiffer() throws {
        for (_, _, words) in Self.texts {
            #expect(Reftest.mismatch(try Self.render("<p class=\"x\">\(words)</p>", css: "text-align: left"),
                                     try Self.render("<p class=\"x\">\(words)</p>", css: "text-align: right")) != nil)
        }
    }
}
