import Dispatch
import Synchronization
import Testing
import TypesetCore
import TypesetTestSupport

/// Layout and position queries from several threads at once (Swift 6 strict concurrency checks the types; these
/// tests check the shared resources at run time: the fontconfig lock, the font context's caches, the pool of
/// shaping contexts with their word caches, the caret cache and the grapheme segmenter's iterator pool). Every
/// concurrent answer must equal the answer computed alone. Run under `--sanitize=thread` by Tests/sanitizers.sh.
@Suite struct ConcurrencyTests {
    /// Books in several scripts, generated in memory (hermetic), large enough to span pages and fill word caches.
    static let books: [StyledText] = {
        let samples = ["The quick brown fox jumps over the lazy dog; office waffles, fluffy ﬁnches. ",
                       "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
                       "في البدء كان الكلمة، والكلمة كان عند الله. ",
                       "滿紙荒唐言，一把辛酸淚！都云作者痴，誰解其中味？",
                       "שלום עולם, זה טקסט בעברית עם English words. ",
                       "Ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν. "]
        return samples.enumerated().map { index, sample in
            var string = ""
            for paragraph in 0..<(40 + 10 * index) {
                string += String(repeating: sample, count: 3 + paragraph % 5) + "\n"
            }
            return StyledText(plain: string)
        }
    }()

    /// A comparable summary of a layout: page ranges and every line's range, box and baseline.
    static func summary(_ layout: BookLayout) -> [String] {
        layout.pages.indices.flatMap { page in
            layout.lines(onPage: page).map { "\(page) \($0.range) \($0.rect) \($0.baseline)" }
        }
    }

    @Test func differentBooksOnSeveralThreadsLayOutAsTheyDoAlone() throws {
        let fonts = try Fixtures.bundledFonts()
        var configured = Fixtures.settings
        configured.pageSize = Size(width: 320, height: 480)
        let settings = configured
        // Alone, each with a fresh typesetter: the reference.
        let expected = try Self.books.map { try Self.summary(Typesetter(fonts: try Fixtures.bundledFonts()).layout($0, settings: settings)) }
        // Together: one shared typesetter (shared context pool and word caches), one shared font context with a
        // typesetter per thread, and a font context per thread (fontconfig's global state under its lock).
        let shared = Typesetter(fonts: fonts)
        let results = Mutex<[String: [String]]>([:])
        let failures = Mutex<[String]>([])
        let jobs = Self.books.count * 3
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            let book = job % Self.books.count, mode = job / Self.books.count
            do {
                let typesetter = switch mode {
                case 0: shared
                case 1: Typesetter(fonts: fonts)
                default: Typesetter(fonts: try Fixtures.bundledFonts())
                }
                let summary = Self.summary(try typesetter.layout(Self.books[book], settings: settings))
                results.withLock { $0["\(book)/\(mode)"] = summary }
            } catch {
                failures.withLock { $0.append("book \(book), mode \(mode): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let answers = results.withLock { $0 }
        for job in 0..<jobs {
            let book = job % Self.books.count, mode = job / Self.books.count
            #expect(answers["\(book)/\(mode)"] == expected[book], "book \(book) laid out on a shared \(["typesetter", "font context", "nothing"][mode]) differs")
        }
    }

    @Test func oneLayoutQueriedFromSeveralThreadsAnswersAsAlone() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 420)
        let layoutSettings = settings
        let text = try StyledText(paragraphs: Self.books.flatMap { $0.paragraphs.prefix(6) }.reduce(into: [Paragraph]()) { result, p in
            let start = result.last?.range.upperBound ?? 0
            result.append(Paragraph(start: start, units: p.units, contentRange: p.contentRange, runs: p.runs, style: p.style))
        })
        let layout = try typesetter.layout(text, settings: layoutSettings)
        let tokenizer = TextTokenizer(layout: layout)
        // Each query is a pure function of the layout; the caret cache (512 lines) is shared and evicts under us.
        @Sendable func answers(_ seed: UInt64) -> [String] {
            var generator = SplitMix64(seed: seed)
            var out: [String] = []
            for _ in 0..<120 {
                let page = Int(generator.next() % UInt64(layout.pages.count))
                let point = Point(x: Double(generator.next() % 320), y: Double(generator.next() % 440))
                let offset = Int(generator.next() % UInt64(layout.text.length + 1))
                let other = Int(generator.next() % UInt64(layout.text.length + 1))
                out.append("\(layout.closestPosition(to: point, onPage: page)) \(String(describing: layout.characterRange(at: point, onPage: page)))")
                out.append("\(String(describing: layout.caretRect(for: TextPosition(offset: offset, affinity: offset % 2 == 0 ? .forward : .backward))))")
                out.append("\(layout.selectionRects(for: min(offset, other)..<max(offset, other)).count) \(String(describing: layout.firstRect(for: min(offset, other)..<max(offset, other))))")
                out.append("\(String(describing: layout.position(from: TextPosition(offset: offset), in: .down, offset: 2)))")
                out.append("\(String(describing: tokenizer.rangeEnclosingPosition(TextPosition(offset: offset), with: .word, inDirection: .forward)))")
            }
            return out
        }
        let expected = (0..<6).map { answers(UInt64($0)) }
        let concurrent = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            let result = answers(UInt64(thread))
            concurrent.withLock { $0[thread] = result }
        }
        for thread in 0..<6 {
            #expect(concurrent.withLock { $0[thread] } == expected[thread], "thread \(thread) got other answers")
        }
    }
}
