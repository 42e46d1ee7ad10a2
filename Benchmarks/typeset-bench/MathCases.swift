import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

extension Bench {
    /// The rows of ``mathRows``: a chapter of formulas laid out and its first page drawn, against the same chapter
    /// with each formula as its text.
    static let mathRowNames = ["math.chapter.layout", "math.chapter.text-layout", "math.chapter.page", "math.chapter.text-page"]

    /// The formulas of the chapter: fractions, scripts, radicals, sums with limits, a matrix with stretched fences.
    static let chapterFormulas = [
        "<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mrow><mi>c</mi><mo>&#x2212;</mo><mi>d</mi></mrow></mfrac>",
        "<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup><mo>+</mo><msqrt><mn>1</mn><mo>&#x2212;</mo><msup><mi>y</mi><mn>2</mn></msup></msqrt>",
        "<munderover><mo>&#x2211;</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mfrac><mn>1</mn><msup><mi>k</mi><mn>2</mn></msup></mfrac>",
        "<mi>A</mi><mo>=</mo><mrow><mo>(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo>)</mo></mrow>",
    ]

    /// A chapter of 300 paragraphs of about 40 words, each with three inline formulas, every fifth followed by a
    /// displayed one (960 formulas); `asText` sets each formula's readable text instead.
    static func mathChapter(asText: Bool) throws -> StyledText {
        let words = "the function is continuous on the closed interval and its derivative is bounded so that".split(separator: " ")
        let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""
        let formulas = try chapterFormulas.map { try MathML.formula("<math \(m)>\($0)</math>") }
        var paragraphs: [Paragraph] = []
        var start = 0
        func add(_ pieces: [(String, TextStyle)]) throws {
            var units: [UInt16] = [], runs: [AttributeRun] = []
            for (text, style) in pieces {
                runs.append(AttributeRun(range: units.count..<(units.count + text.utf16.count), style: style))
                units += text.utf16
            }
            let length = units.count
            units.append(0x0A)
            paragraphs.append(Paragraph(start: start, units: units, contentRange: 0..<length, runs: runs))
            start += units.count
        }
        func formula(_ index: Int, display: Bool = false) -> (String, TextStyle) {
            let f = formulas[index % formulas.count]
            return asText ? (f.readableText, .body) : ("\u{FFFC}", TextStyle(attachment: TextAttachment(formula: f, presentation: display ? .block : .inline)))
        }
        for p in 0..<300 {
            var pieces: [(String, TextStyle)] = []
            for k in 0..<3 {
                pieces.append((words.shuffled(seed: p * 3 + k).prefix(13).joined(separator: " ") + " ", .body))
                pieces.append(formula(p + k))
                pieces.append((" ", .body))
            }
            pieces.append(("and so on.", .body))
            try add(pieces)
            if p % 5 == 4 { try add([formula(p, display: true)]) }
        }
        return try StyledText(paragraphs: paragraphs)
    }

    /// math.chapter.*: the formula chapter laid out (shape, which lays each formula out, + break + paginate, a new
    /// Typesetter each run) and its first page drawn, each against the chapter as text, interleaved.
    func mathRows(_ name: String) throws -> CaseResult {
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let math = try Self.mathChapter(asText: false), text = try Self.mathChapter(asText: true)
        let settings = readingSettings()
        let mathLayout = try Typesetter(fonts: fonts).layout(math, settings: settings)
        let textLayout = try Typesetter(fonts: fonts).layout(text, settings: settings)
        let renderer = try PageRenderer()
        let appearance = Appearance(pixelScale: 2)
        func checksum(_ b: Bitmap) -> Int { b.pixels.withUnsafeBytes { raw in stride(from: 0, to: raw.count, by: 997).reduce(0) { $0 &+ Int(raw[$1]) } } }
        _ = try renderer.render(page: 0, of: mathLayout, appearance: appearance)
        _ = try renderer.render(page: 0, of: textLayout, appearance: appearance)
        let items = [
            Timed(body: { try Typesetter(fonts: self.fonts).layout(math, settings: settings).pages.count }),
            Timed(body: { try Typesetter(fonts: self.fonts).layout(text, settings: settings).pages.count }),
            Timed(body: { checksum(try renderer.render(page: 0, of: mathLayout, appearance: appearance)) }),
            Timed(body: { checksum(try renderer.render(page: 0, of: textLayout, appearance: appearance)) }),
        ]
        let timings = try measureInterleaved(items, runs: options.runs, warmup: max(1, options.warmup))
        let formulaCount = (0..<mathLayout.pages.count).reduce(0) { $0 + mathLayout.formulas(onPage: $1).count }
        let first = mathLayout.formulas(onPage: 0).count
        let notes = [
            "300 paragraphs, \(formulaCount) formulas, \(mathLayout.pages.count) pages at the reading settings (Charis SIL, STIX Math); ×\(String(format: "%.2f", Statistics(timings[0].wall).median / Statistics(timings[1].wall).median)) the text chapter",
            "the same chapter, each formula as its text (\(textLayout.pages.count) pages)",
            "page 1 (\(first) formulas) at pixel scale 2, warm glyph cache; ×\(String(format: "%.2f", Statistics(timings[2].wall).median / Statistics(timings[3].wall).median)) the text page",
            "page 1 of the text chapter",
        ]
        for (index, rowName) in Self.mathRowNames.enumerated() {
            measuredAhead[rowName] = result(rowName, timings: timings[index], notes: notes[index])
        }
        return measuredAhead.removeValue(forKey: name) ?? result(name, timings: timings[0])
    }
}

extension Array {
    /// The elements in an order fixed by `seed` (a small linear congruential shuffle: the benchmark's text is the
    /// same every run).
    func shuffled(seed: Int) -> [Element] {
        var result = self
        var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            result.swapAt(i, Int(state >> 33) % (i + 1))
        }
        return result
    }
}
