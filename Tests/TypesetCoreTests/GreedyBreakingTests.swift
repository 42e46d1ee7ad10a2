import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The greedy breaker's search for each line's last fitting opportunity (used when a paragraph's widths are
/// monotone and its opportunities plain) chooses exactly the breaks that walking every opportunity chooses.
@Suite struct GreedyBreakingTests {
    @Test func searchingGivesTheSameLinesAsWalking() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        let text = try JustificationTests.sampleBook()
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL", language: "en")
        var generator = SystemRandomNumberGenerator()
        var searched = 0, lines = 0
        // Widths from narrower than a long word to wider than most paragraphs, and a first-line indent.
        var widths: [Float] = [1, 12, 40, 97.5, 180, 342, 600, 2000]
        for _ in 0..<12 { widths.append(Float.random(in: 20...900, using: &generator)) }
        for width in widths {
            for size: Float in [9, 19, 31] {
                for (index, paragraph) in text.paragraphs.enumerated() {
                    let shapedParagraph = shaped.paragraphs[index]
                    var metrics = ParagraphMetrics()
                    metrics.measure(shapedParagraph, sizes: [Float](repeating: size, count: paragraph.runs.count), scratch: ParagraphMetrics.MeasuredPrefix())
                    let content = paragraph.units[paragraph.contentRange]
                    func breaks(_ mayGallop: Bool) -> [LineBreak] {
                        LineBreakInput.with(shapedParagraph, breaks: shapedParagraph.breaks, metrics: metrics, units: content,
                                            firstLineWidth: max(1, width - 2 * size), width: width) {
                            GreedyLineBreaker(mayGallop: mayGallop).breakLines($0)
                        }
                    }
                    let walked = breaks(false), found = breaks(true)
                    #expect(found == walked, "paragraph \(index) at \(width) pt, \(size) pt")
                    if shapedParagraph.hasMonotoneWidthsAndPlainBreaks { searched += 1 }
                    lines += walked.count
                }
            }
        }
        // Nearly every paragraph of a plain English book takes the search.
        #expect(searched * 10 > text.paragraphs.count * widths.count * 3 * 9, "searched \(searched)")
        #expect(lines > 10_000)
    }

    /// The search ends lines at its candidates without reading the cluster starts, so a paragraph is searched only
    /// when every opportunity but its end is plain: neither mandatory nor hyphenated, and at a cluster start (one
    /// inside a ligature or a grapheme may not end a line, and only the walk skips it).
    @Test func opportunitiesInsideAClusterAreNotPlain() {
        // Clusters start at 0, 1, 2, 4 and 5 of a content of 6 units (a cluster of two units at 2).
        let starts: [UInt8] = [1, 1, 1, 0, 1, 1, 1]
        let end = BreakCandidate.encode(offset: 6, mandatory: true)
        func plain(_ breaks: [UInt32]) -> Bool {
            starts.withUnsafeBufferPointer { clusterStarts in
                breaks.withUnsafeBufferPointer { ShapedParagraph.breaksArePlain($0, clusterStarts: clusterStarts) }
            }
        }
        for offset in [1, 2, 4, 5] {
            #expect(plain([BreakCandidate.encode(offset: offset, mandatory: false), end]), "opportunity at \(offset)")
            #expect(!plain([BreakCandidate.encode(offset: offset, mandatory: true), end]), "mandatory at \(offset)")
            #expect(!plain([BreakCandidate.encode(offset: offset, mandatory: false, hyphenated: true), end]), "hyphen at \(offset)")
        }
        #expect(!plain([BreakCandidate.encode(offset: 2, mandatory: false), BreakCandidate.encode(offset: 3, mandatory: false), end]))
        // The end is the content's end, where a line always may end; an offset past the starts is not plain.
        #expect(plain([end]))
        #expect(plain([]))
        #expect(!plain([BreakCandidate.encode(offset: 9, mandatory: false), end]))
    }
}
