import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// Every text book of the corpus (English, French, German, Russian, Greek, Chinese, Arabic and the awkward files in
/// `nasty/`) lays out under several settings, and the layout keeps its promises (``LayoutInvariants``): pages
/// partition the text, every line fits its column, no line crosses the bottom margin, lines start and end on
/// grapheme boundaries. Shaping is done once per book and reused for every setting, as an app would.
@Suite struct CorpusInvariantTests {
    static let settingsVariants: [(String, TypographySettings)] = {
        var variants: [(String, TypographySettings)] = [("default", Fixtures.settings)]
        var narrow = Fixtures.settings
        narrow.pageSize = Size(width: 200, height: 300)
        narrow.fontSize = 23
        narrow.alignment = .justified
        variants.append(("narrow-justified", narrow))
        var spread = Fixtures.settings
        spread.pageSize = Size(width: 844, height: 390)
        spread.columns = 2
        spread.fontSize = 15
        spread.lineHeightMultiple = 1.1
        variants.append(("two-columns", spread))
        return variants
    }()

    @Test(arguments: Fixtures.corpusTextBooks)
    func corpusBookKeepsLayoutInvariants(_ name: String) throws {
        let text = try Fixtures.corpusText(name)
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL")
        for (label, settings) in Self.settingsVariants {
            let layout = try typesetter.layout(shaped, settings: settings)
            let problems = LayoutInvariants.violations(in: layout)
            #expect(problems.isEmpty, "\(name) [\(label)]: \(problems.joined(separator: "; "))")
            #expect(layout.pages.count >= 1)
        }
    }

    /// The corpus is in the repository (the test above would otherwise run over nothing).
    @Test func corpusIsPresent() throws {
        #expect(Fixtures.corpusTextBooks.count >= 15, "expected the corpus in Tests/Corpus")
        for book in Fixtures.corpusTextBooks { #expect(FileManager.default.fileExists(atPath: try Fixtures.corpusPath(book))) }
    }
}
