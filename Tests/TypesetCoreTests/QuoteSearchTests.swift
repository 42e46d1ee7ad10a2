import Testing
@testable import TypesetCore
import TypesetTestSupport

/// A Locator's quote is found in time linear in the text (issue 22: a 20,000-unit quote took 36 s in a 2 MB
/// text), with the same answers as the scan it replaces.
@Suite struct QuoteSearchTests {
    /// A Locator of `resource` whose offset no longer matches, so that its quote is searched.
    static func staleLocator(quote: String, before: String? = nil, after: String? = nil, offset: Int = 0) -> Locator {
        Locator(href: "book.txt", type: "text/plain",
                locations: Locator.Locations(utf16Offset: offset),
                text: Locator.Text(before: before, highlight: quote, after: after))
    }

    /// The adversarial inputs of a naive scan: a long quote whose every prefix occurs everywhere, and a context
    /// that agrees with the text for its whole length at every occurrence. Seconds bound a debug build generously;
    /// the scan took hours here.
    @Test(.timeLimit(.minutes(10))) func adversarialQuotesAndContextsAreFoundInLinearTime() throws {
        let text = String(repeating: "a", count: 1_000_000) + "b"
        let publication = Publication(text: StyledText(plain: text), href: "book.txt")
        var start = ContinuousClock.now
        let quote = String(repeating: "a", count: 20_000) + "b"
        let found = try publication.resolve(Self.staleLocator(quote: quote, offset: 5))
        #expect(found.method == .quote)
        #expect(found.offset == 1_000_000 - 20_000)
        #expect(ContinuousClock.now - start < .seconds(20), "took \(ContinuousClock.now - start)")

        // A one-unit quote occurs a million times, each with 100,000 units of agreeing context before it.
        start = ContinuousClock.now
        let context = String(repeating: "a", count: 100_000)
        let near = try publication.resolve(Self.staleLocator(quote: "a", before: context, after: "b", offset: 1_000_001))
        #expect(near.method == .quote)
        #expect(near.offset == 999_999, "the occurrence with all of the context before it and b after it")
        #expect(ContinuousClock.now - start < .seconds(20), "took \(ContinuousClock.now - start)")
    }

    /// The answer of the scan the search replaced: every occurrence, scored by the units of context that agree
    /// next to it, ties to the nearest, then the first.
    static func naive(_ text: [UInt16], quote: [UInt16], before: [UInt16], after: [UInt16], expected: Int) -> Int? {
        guard !quote.isEmpty, text.count >= quote.count else { return nil }
        var best: (offset: Int, score: Int, distance: Int)?
        for i in 0...(text.count - quote.count) where Array(text[i..<(i + quote.count)]) == quote {
            var score = 0
            while score < before.count, i - score - 1 >= 0, text[i - score - 1] == before[before.count - 1 - score] { score += 1 }
            var afterScore = 0
            let end = i + quote.count
            while afterScore < after.count, end + afterScore < text.count, text[end + afterScore] == after[afterScore] { afterScore += 1 }
            score += afterScore
            let distance = abs(i - expected)
            if let current = best, score < current.score || (score == current.score && distance >= current.distance) { continue }
            best = (i, score, distance)
        }
        return best?.offset
    }

    /// Random texts over a small alphabet (so that occurrences and partial contexts abound), random quotes and
    /// contexts cut from the text or made up: the search agrees with the scan on every one.
    @Test func theSearchAgreesWithTheScan() throws {
        var generator = SplitMix64(seed: 22)
        func string(_ length: Int) -> String {
            String((0..<length).map { _ in ["a", "b", "c"][Int(generator.next() % 3)] })
        }
        var compared = 0
        for _ in 0..<400 {
            let text = string(Int(generator.next() % 120) + 1)
            let units = Array(text.utf16)
            let start = Int(generator.next() % UInt64(units.count))
            let length = Int(generator.next() % 6) + 1
            let quote = generator.next() % 4 == 0 ? string(length)
                : String(decoding: units[start..<min(units.count, start + length)], as: UTF16.self)
            let before = generator.next() % 3 == 0 ? string(Int(generator.next() % 8)) : String(decoding: units[max(0, start - 8)..<start], as: UTF16.self)
            let after = string(Int(generator.next() % 8))
            let expected = Int(generator.next() % UInt64(units.count + 1))
            let publication = Publication(text: StyledText(plain: text), href: "book.txt")
            let locator = Locator(href: "book.txt", type: "text/plain",
                                  locations: Locator.Locations(progression: Double(expected) / Double(units.count)),
                                  text: Locator.Text(before: before.isEmpty ? nil : before, highlight: quote,
                                                     after: after.isEmpty ? nil : after))
            let wanted = Self.naive(units, quote: Array(quote.utf16), before: Array(before.utf16), after: Array(after.utf16),
                                    expected: Int((Double(expected) / Double(units.count) * Double(units.count)).rounded()))
            let found = try? publication.resolve(locator)
            if let wanted {
                #expect(found?.method == .quote && found?.offset == wanted, "\(text) quote \(quote) before \(before) after \(after)")
                compared += 1
            } else {
                #expect(found?.method != .quote, "\(text) quote \(quote)")
            }
        }
        #expect(compared > 200)
    }

    /// The primitive alone: every occurrence, overlapping ones included, forwards and backwards.
    @Test func everyOccurrenceIsFoundBothWays() {
        let text = Array("abababa".utf16)
        text.withUnsafeBufferPointer { units in
            var forward: [Int] = [], backward: [Int] = []
            UTF16Search(Array("aba".utf16)).forEachOccurrence(in: UnitsView(units)) { forward.append($0) }
            UTF16Search(Array("aba".utf16).reversed()).forEachOccurrence(in: UnitsView(units, reversed: true)) {
                backward.append(units.count - $0 - 3)
            }
            #expect(forward == [0, 2, 4])
            #expect(backward == [4, 2, 0])
            var agreement = UTF16Search.Agreement(pattern: Array("abx".utf16), text: UnitsView(units))
            #expect((0...7).map { agreement.at($0) } == [2, 0, 2, 0, 2, 0, 1, 0])
        }
    }
}
