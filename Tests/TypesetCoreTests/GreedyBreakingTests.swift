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

    /// Break records (a relayout's, from a paragraph's basis) give the lines the candidates, prefix sums, cluster
    /// starts and units give, and each line's width measured on the way is the one the setting pass measures: in a
    /// book, and in paragraphs of runs of white space (tabs, ideographic spaces, more than a record counts).
    @Test func recordsGiveTheSameLinesAndWidths() throws {
        let fonts = try Fixtures.bundledFonts()
        let typesetter = Typesetter(fonts: fonts)
        var text = try JustificationTests.sampleBook()
        let spaces = String(repeating: " ", count: 70)
        text = StyledText(plain: text.paragraphs.prefix(40).map { String(decoding: $0.units[$0.contentRange], as: UTF16.self) }
            .joined(separator: "\n") + "\nWide  gaps   between    words\tand\t\ttabs \u{3000}here" + spaces + "then more" + spaces
            + "\n" + spaces + "leading and trailing" + spaces)
        let shaped = try typesetter.shape(text, fontFamily: "Charis SIL", language: "en")
        var measured = 0, lines = 0
        for width: Float in [1, 12, 40, 97.5, 180, 342, 600, 2000] {
            for size: Float in [9, 19, 31] {
                for (index, paragraph) in text.paragraphs.enumerated() {
                    let shapedParagraph = shaped.paragraphs[index]
                    guard shapedParagraph.hasMonotoneWidthsAndPlainBreaks else { continue }
                    var metrics = ParagraphMetrics()
                    metrics.measure(shapedParagraph, sizes: [Float](repeating: size, count: paragraph.runs.count),
                                    scratch: ParagraphMetrics.MeasuredPrefix(), unitsPerEm: 2048)
                    let content = paragraph.units[paragraph.contentRange]
                    let list = content.withUnsafeBufferPointer { units in
                        BreakRecordList(candidates: shapedParagraph.breakBuffer, prefix: metrics.prefix,
                                        clusterStarts: metrics.clusterStarts, units: units, count: shapedParagraph.contentLength)
                    }
                    let records = try #require(list).records
                    func breaks(_ records: UnsafeBufferPointer<BreakRecord>) -> [LineBreak] {
                        LineBreakInput.with(shapedParagraph, breaks: shapedParagraph.breaks, metrics: metrics, units: content,
                                            firstLineWidth: max(1, width - 2 * size), width: width, records: records) {
                            GreedyLineBreaker().breakLines($0)
                        }
                    }
                    let plain = breaks(UnsafeBufferPointer(start: nil, count: 0)), read = breaks(records)
                    #expect(read == plain, "paragraph \(index) at \(width) pt, \(size) pt")
                    var start = 0
                    for lineBreak in read {
                        if !lineBreak.measuredWidth.isNaN {
                            let visibleEnd = CharacterClass.visibleEnd(of: content, from: start, to: lineBreak.end)
                            let exact = Float(metrics.exact(metrics.width(start, visibleEnd) + 0))
                            #expect(lineBreak.measuredWidth == exact, "paragraph \(index) line at \(start) at \(width) pt, \(size) pt")
                            if width >= 180 { measured += 1 }
                        }
                        start = lineBreak.end
                    }
                    #expect(plain.allSatisfy { $0.measuredWidth.isNaN })
                    if width >= 180 { lines += read.count }
                }
            }
        }
        // Nearly every line wider than a few words is measured by the breaker (narrower ones are mostly cut in words).
        #expect(measured * 10 > lines * 9, "\(measured) of \(lines) lines measured")
    }
}
