import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// A justified paragraph that cannot be broken without a very loose line (an entry of a table of contents in a
/// phone's column, "193 THE EMPEROR'S NEW CLOTHES", whose few spaces must fill the line): TeX's badness is capped
/// there, so every such break was rated alike and the optimal breaker kept the first it met, the shortest line
/// ("193 THE", two words at the column's edges). Among breaks the cap rates alike the least loose one wins, so the
/// line is as full as greedy breaking fills it. Generated over titles of short words and column widths.
@Suite struct VeryLooseLineTests {
    static let words = ["THE", "OF", "A", "KING", "GOLDEN", "RIVER", "EMPEROR'S", "NEW", "CLOTHES", "OLD", "PIPES",
                        "AND", "DRYAD", "KNIGHTS", "SILVER", "SHIELD", "STORY", "FAIRY", "TALES", "BROTHERS"]

    /// Titles of a number and three to seven words (a fixed pseudo-random family).
    static var titles: [String] {
        var seed: UInt32 = 33
        func next(_ bound: Int) -> Int { seed = seed &* 1_664_525 &+ 1_013_904_223; return Int(seed >> 16) % bound }
        return (0..<40).map { index in
            ([String(190 + index)] + (0..<(3 + next(5))).map { _ in words[next(words.count)] }).joined(separator: " ")
        } + ["193 THE EMPEROR'S NEW CLOTHES", "203 OLD PIPES AND THE DRYAD", "204 THE KING OF THE GOLDEN RIVER OR THE BLACK BROTHERS"]
    }

    /// The lines of page 0 of `title` set justified in a column `width` wide by `breaking`, with their ratios.
    static func lines(_ title: String, width: Double, breaking: LineBreaking, typesetter: Typesetter) throws
        -> [(range: Range<Int>, ratio: Double?)] {
        var settings = Fixtures.settings
        settings.alignment = .justified
        settings.lineBreaking = breaking
        settings.hyphenation = false
        settings.fontSize = 15
        settings.pageSize.width = width + settings.margins.left + settings.margins.right
        let layout = try typesetter.layout(StyledText(plain: title), settings: settings)
        return layout.lines(onPage: 0).map { ($0.range, layout.adjustment(of: $0).ratio) }
    }

    /// Where greedy breaking's first line of a two-line title is looser than the cap (so every first line the
    /// optimal breaker could choose is too) and the optimal breaker makes two lines as well, its first line is no
    /// shorter than greedy's (longer only when shrinking its spaces fits another word). (It may make three lines
    /// instead, as TeX does, to spare the very loose line a decent last line beside it: the fitness demerits.)
    @Test func aLineLooserThanTheCapIsAsFullAsItCanBe() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var compared = 0
        for title in Self.titles {
            for width in stride(from: 120.0, through: 260, by: 10) {
                let greedy = try Self.lines(title, width: width, breaking: .greedy, typesetter: typesetter)
                guard greedy.count == 2, let ratio = greedy[0].ratio, ratio > 4.7 else { continue }
                let optimal = try Self.lines(title, width: width, breaking: .optimal, typesetter: typesetter)
                guard optimal.count == 2 else { continue }
                #expect(optimal[0].range.upperBound >= greedy[0].range.upperBound,
                        "\(title) at \(width) pt: \(optimal) against greedy \(greedy)")
                compared += 1
            }
        }
        #expect(compared > 40, "\(compared) titles with a very loose first line")
    }

    /// The loosest line of each paragraph, by the paragraph's index, of `text` set justified without hyphens by
    /// `breaking` in a column `width` wide.
    static func loosest(_ text: StyledText, width: Double, breaking: LineBreaking, typesetter: Typesetter) throws -> [Int: Double] {
        var settings = JustificationTests.justified(breaking, hyphenation: false)
        settings.pageSize.width = width + settings.margins.left + settings.margins.right
        let layout = try typesetter.layout(text, settings: settings)
        let starts = text.paragraphs.map(\.range.lowerBound)
        var loosest: [Int: Double] = [:]
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) {
                guard let ratio = layout.adjustment(of: line).ratio, ratio.isFinite else { continue }
                let paragraph = starts.partitioningIndex { $0 > line.range.lowerBound } - 1
                loosest[paragraph] = max(loosest[paragraph] ?? 0, ratio)
            }
        }
        return loosest
    }

    /// Past the cap a line still costs more the looser it is, steeply enough that the optimal breaker spreads an
    /// unavoidable looseness over two lines rather than set one line of two words across the column: in Pride and
    /// Prejudice's "…had been insufficient / to make / his wife understand…" at 342 pt, "to make" stood alone at a
    /// ratio of about 50 (80 such lines in the book). Over the sample book at column widths of a phone to a tablet,
    /// no paragraph's loosest line is much looser (half as loose again) than greedy breaking's loosest line of the same
    /// paragraph, or than the cap: greedy never leaves a line loose that it can fill. (The optimal breaker may set
    /// one line a little looser than greedy's worst to make the paragraph's other lines better.)
    @Test func noLineIsFarLooserThanGreedysLoosest() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let oddMixture = "Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and caprice, that the "
            + "experience of three-and-twenty years had been insufficient to make his wife understand his character. Her "
            + "mind was less difficult to develop. She was a woman of mean understanding, little information, and "
            + "uncertain temper. When she was discontented, she fancied herself nervous. The business of her life was to "
            + "get her daughters married; its solace was visiting and news."
        var failures: [String] = [], compared = 0
        for text in [try JustificationTests.sampleBook(), StyledText(plain: oddMixture)] {
            for width in stride(from: 220.0, through: 460, by: 40) {
                let greedy = try Self.loosest(text, width: width, breaking: .greedy, typesetter: typesetter)
                let optimal = try Self.loosest(text, width: width, breaking: .optimal, typesetter: typesetter)
                for (paragraph, ratio) in optimal {
                    compared += 1
                    let bound = 1.5 * max(greedy[paragraph] ?? 0, OptimalLineBreaker.capRatio)
                    if ratio > bound + 0.01 { failures.append("paragraph \(paragraph) at \(width) pt: \(ratio) against \(bound)") }
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(compared): " + failures.prefix(10).joined(separator: "; ")))
        #expect(compared > 500)
    }
}
