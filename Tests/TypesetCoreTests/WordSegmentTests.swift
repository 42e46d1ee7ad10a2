import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The shaper's cutting of a run into segments (``ParagraphShaper/segment(_:_:key:breaks:cursor:into:)``) folds the
/// space after a stretch into the stretch's segment (``ParagraphShaper/Segment/spaceAfter``): unfolded, its segments
/// are exactly those of the plain cutting (each space and invisible control alone, each maximal stretch between them
/// with its hash), over generated texts and book paragraphs cut into runs anywhere. And the four-at-a-time tests of
/// itemization's fast path agree with their definitions unit by unit.
@Suite struct WordSegmentTests {
    typealias Segment = ParagraphShaper.Segment

    /// The plain cutting, as the shaper did it before spaces were folded (one stretch at a time, unit by unit).
    static func reference(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, key: ShapeCache.Style,
                          breaks: [UInt32], cursor: inout Int) -> [Segment] {
        var segments: [Segment] = []
        let seed = ShapeCache.seed(key)
        var start = range.lowerBound
        while start < range.upperBound {
            let first = text[start]
            if first == 0x20 || CharacterClass.isInvisibleControl(first) {
                segments.append(Segment(start: Int32(start), end: Int32(start + 1), kind: first == 0x20 ? .space : .invisible,
                                        hash: first == 0x20 ? ShapeCache.spaceHash(key) : 0))
                start += 1
                continue
            }
            var stop = start + 1, h = ShapeCache.mix(seed, UInt64(first)), marks = 0
            while stop < range.upperBound, text[stop] != 0x20, !CharacterClass.isInvisibleControl(text[stop]) {
                marks = text[stop] >= 0x300 && HarfBuzzUnicode.isMark(UInt32(text[stop])) ? marks + 1 : 0
                if marks > ParagraphShaper.maximumStackedMarks { break }
                h = ShapeCache.mix(h, UInt64(text[stop]))
                stop += 1
            }
            let isolated = (start == 0 || text[start - 1] == 0x20) && (stop == text.count || text[stop] == 0x20)
            while cursor < breaks.count && BreakCandidate.offset(breaks[cursor]) <= start { cursor += 1 }
            let inner = cursor < breaks.count && BreakCandidate.offset(breaks[cursor]) < stop
            let word = isolated && !inner && stop - start <= ShapeCache.maximumWordLength
            segments.append(Segment(start: Int32(start), end: Int32(stop), kind: word ? .word : .shaped,
                                    hash: word ? ShapeCache.finish(h) : 0, hasInnerBreaks: inner))
            start = stop
        }
        return segments
    }

    /// `segments` with each folded space made a segment of its own again, as comparable strings.
    static func unfolded(_ segments: [Segment], key: ShapeCache.Style) -> [String] {
        segments.flatMap { segment -> [String] in
            let own = "\(segment.start)-\(segment.end) \(segment.kind) \(segment.hash) \(segment.hasInnerBreaks)"
            guard segment.spaceAfter else { return [own] }
            return [own, "\(segment.end)-\(segment.end + 1) space \(ShapeCache.spaceHash(key)) false"]
        }
    }

    /// Cuts `units` into runs at `cuts` and compares the folded cutting with the plain one run by run (the break
    /// cursor walking on across runs, as in the shaper); returns the segments compared.
    static func compare(_ units: [UInt16], cuts: [Int], breaks: [UInt32], key: ShapeCache.Style) -> Int {
        let bounds = [0] + cuts.filter { $0 > 0 && $0 < units.count }.sorted() + [units.count]
        var compared = 0
        units.withUnsafeBufferPointer { text in
            var cursor = 0, referenceCursor = 0
            var segments: [Segment] = []
            for (lower, upper) in zip(bounds, bounds.dropFirst()) where lower < upper {
                ParagraphShaper.segment(text, lower..<upper, key: key, breaks: breaks, cursor: &cursor, into: &segments)
                let expected = reference(text, lower..<upper, key: key, breaks: breaks, cursor: &referenceCursor)
                    .map { "\($0.start)-\($0.end) \($0.kind) \($0.hash) \($0.hasInnerBreaks)" }
                #expect(unfolded(segments, key: key) == expected, "run \(lower)..<\(upper) of \(String(decoding: units, as: UTF16.self).prefix(60))")
                #expect(segments.allSatisfy { !$0.spaceAfter || Int($0.end) < upper }, "a folded space stays in its run")
                compared += expected.count
            }
        }
        return compared
    }

    static let key = ShapeCache.Style(faceID: 3, script: HarfBuzzUnicode.latin, rightToLeft: false, smallCaps: false, languageID: 1)

    @Test func foldedSpacesCutAsThePlainCutting() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt16] = [0x20, 0x20, 0x20, 0x61, 0x62, 0x41, 0x2C, 0x2E, 0x2D, 0x09, 0x0A, 0x7F, 0xE9, 0x301, 0x2019, 0x3042]
        var compared = 0
        for _ in 0..<3_000 {
            let units = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 }
            let cuts = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: 0...max(0, units.count), using: &generator) }
            let breaks = (0...units.count).filter { _ in Bool.random(using: &generator) && Bool.random(using: &generator) }
                .map { BreakCandidate.encode(offset: $0, mandatory: false) }
            compared += Self.compare(units, cuts: cuts, breaks: breaks, key: Self.key)
        }
        // Book paragraphs, with their real break opportunities and runs cut every 37 units.
        let fonts = try Fixtures.bundledFonts()
        for book in Fixtures.corpusTextBooks {
            let text = try Fixtures.corpusText(book)
            let context = ShapingContext(fonts: fonts)
            for paragraph in text.paragraphs.prefix(200) {
                let shaped = try ParagraphShaper(context: context, settings: ShapingSettings(fontFamily: "Charis SIL"),
                                                 documentLanguage: text.language).shape(paragraph)
                let units = LayoutText(paragraph).units
                compared += Self.compare(units, cuts: Array(stride(from: 37, to: units.count, by: 37)), breaks: Array(shaped.breaks), key: Self.key)
            }
        }
        #expect(compared > 100_000)
    }

    @Test func fourAtOnceTestsAgreeUnitByUnit() {
        func text(_ unit: UInt16) -> Bool { unit >= 0x20 && unit <= 0x7E }
        func letter(_ unit: UInt16) -> Bool { (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) }
        func pack(_ lanes: [UInt16]) -> UInt64 { lanes.enumerated().reduce(0) { $0 | UInt64($1.element) << (16 * UInt64($1.offset)) } }
        func lanes(_ lanes: [UInt16], _ test: (UInt16) -> Bool, bit: UInt64) -> UInt64 {
            lanes.enumerated().reduce(0) { test($1.element) ? $0 | bit << (16 * UInt64($1.offset)) : $0 }
        }
        var checked = 0, wrong: [[UInt16]] = []
        func check(_ units: [UInt16]) {
            let four = pack(units), isText = units.allSatisfy(text)
            if FaceCoverage.isASCIIText(four) != isText
                || (isText && FaceCoverage.letterLanes(four) != lanes(units, letter, bit: 0x80))
                || (isText && FaceCoverage.spaceLanes(four) != lanes(units, { $0 == 0x20 }, bit: 0x8000)) {
                wrong.append(units)
            }
            checked += 1
        }
        // Every unit in every lane, the other lanes a space, a printable non-letter and a letter in turn.
        for lane in 0..<4 {
            for filler: UInt16 in [0x20, 0x21, 0x61] {
                for unit in 0...UInt16.max {
                    var units = [UInt16](repeating: filler, count: 4)
                    units[lane] = unit
                    check(units)
                }
            }
        }
        // Every quadruple of a few units around the edges of the space, the letters and ASCII.
        let edges: [UInt16] = [0x00, 0x1F, 0x20, 0x21, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x7E, 0x7F, 0x80]
        for a in edges { for b in edges { for c in edges { for d in edges { check([a, b, c, d]) } } } }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(5))")
        #expect(checked == 4 * 3 * 65_536 + 15 * 15 * 15 * 15)
    }
}
