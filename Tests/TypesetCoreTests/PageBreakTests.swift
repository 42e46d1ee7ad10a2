import Testing
import TypesetCore
import TypesetTestSupport

/// Pages break where the book asks (a chapter, a spine item, a CSS break) or where the text fills the page, as far
/// as widows, orphans and headings kept with their text allow; never where a length bound would cut a section.
@Suite struct PageBreakTests {
    /// Books whose long chapters (Kafka's three parts, Conrad's) used to be cut into sections of 40,000 units, each
    /// cut starting a page mid-scene.
    @Test(arguments: ["kafka-die-verwandlung.de.txt", "nasty/conrad-heart-of-darkness.bom.txt"])
    func pagesBreakOnlyWhereTheBookOrTheFlowAsks(name: String) throws {
        let publication = try Fixtures.corpusPublication(name)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(publication.text, settings: TypographySettings())
        let audit = PageBreakAudit(layout: layout, publication: publication)
        #expect(audit.pageBreaks > 100)
        #expect(audit.atOtherSectionStarts == 0, "\(audit)")
        #expect(audit.shortPages == 0, "pages ending short: \(audit.shortPageExamples)")
    }
}
