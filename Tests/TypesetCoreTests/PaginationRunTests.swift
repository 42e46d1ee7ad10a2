import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The paginator places a paragraph's lines after its first in runs while they fit (``Paginator/placesFittingRuns``):
/// it places exactly the lines, at exactly the positions, that placing them one by one does.
@Suite struct PaginationRunTests {
    @Test func runsPlaceTheSameLinesAsOneByOne() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let text = try JustificationTests.sampleBook()
        var compared = 0, lines = 0
        // Page heights from a few lines to many, one and two columns, widows and orphans kept or not, paged and scrolled.
        for (height, columns, orphans, mode) in [(140.0, 1, 2, LayoutMode.paged), (333, 1, 1, .paged), (610, 2, 3, .paged),
                                                 (800, 1, 2, .paged), (800, 1, 2, .scroll)] {
            var settings = Fixtures.settings
            settings.pageSize = Size(width: 420, height: height)
            settings.columns = columns
            settings.orphansAndWidows = orphans
            let layout = try typesetter.layout(text, settings: settings, mode: mode)
            let frame = try settings.validated().lineFrame(.horizontal)
            func pages(_ runs: Bool) -> [Page] {
                var paginator = Paginator(settings: frame, mode: mode)
                paginator.placesFittingRuns = runs
                var layouts = layout.paragraphs, exclusions: [Int: LineExclusion] = [:], shifts: [Int: Float] = [:]
                return paginator.paginate(text, paragraphRange: 0..<text.paragraphs.count, layouts: &layouts,
                                          exclusions: &exclusions, floatShifts: &shifts)
            }
            let inRuns = pages(true), oneByOne = pages(false)
            #expect(inRuns.count == oneByOne.count, "\(height) pt, \(columns) columns, \(mode)")
            for (a, b) in zip(inRuns, oneByOne) {
                #expect(a.range == b.range, "page \(a.index) at \(height) pt")
                #expect(a.placements.count == b.placements.count, "page \(a.index) at \(height) pt")
                for (p, q) in zip(a.placements, b.placements)
                    where p.paragraph != q.paragraph || p.line != q.line || p.x != q.x || p.y.bitPattern != q.y.bitPattern {
                    Issue.record("page \(a.index) at \(height) pt: \(p) placed, \(q) one by one")
                }
                lines += b.placements.count
            }
            compared += 1
        }
        #expect(compared == 5)
        #expect(lines > 2_500, "\(lines) lines")
    }
}
