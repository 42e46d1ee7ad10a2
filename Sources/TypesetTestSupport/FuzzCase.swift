import TypesetCore

/// The decoding of a fuzzer's input into typography settings and a styled text, shared by the layout and position
/// fuzz targets (Tests/Fuzz) and by the regression tests that replay their findings byte for byte
/// (Tests/Fuzz/Regressions): a finding is kept as the fuzzer's own input, and decodes to the same case here.
/// Changing what a byte decodes to changes every kept finding, so new draws go at the end of a stream.
public enum FuzzCase {
    /// Families to pick from: bundled ones, an alias, and one that exists nowhere.
    static let families = ["Charis SIL", "Noto Sans", "Georgia", "serif", "No Such Family 42", "Noto Naskh Arabic"]
    static let languages: [String?] = [nil, "en", "ar", "he", "zh-Hant", "ja", "de", "", "x-bogus-tag-!!", "tr"]

    /// Typography settings from the input: plausible values most of the time, hostile ones (NaN, zero,
    /// negative, huge) sometimes, including pages smaller than one glyph.
    public static func settings(_ input: inout FuzzInput) -> (TypographySettings, LayoutMode) {
        var s = TypographySettings()
        s.fontFamily = families[Int(input.byte()) % families.count]
        s.fontSize = input.setting(in: 1...120)
        s.lineHeightMultiple = input.setting(in: 0.1...4)
        s.margins = EdgeInsets(top: input.setting(in: 0...60), left: input.setting(in: 0...60),
                               bottom: input.setting(in: 0...60), right: input.setting(in: 0...60))
        s.paragraphSpacing = input.setting(in: 0...3)
        s.firstLineIndent = input.setting(in: 0...4)
        s.alignment = TextAlignment.allCases[Int(input.byte()) % TextAlignment.allCases.count]
        s.pageSize = Size(width: input.setting(in: 1...900), height: input.setting(in: 1...1200))
        s.columns = Int(input.byte() % 10)      // 0 and 9 are invalid
        s.columnGap = input.setting(in: 0...40)
        s.language = languages[Int(input.byte()) % languages.count]
        let mode: LayoutMode = input.chance(4) ? .scroll : .paged
        return (s, mode)
    }

    /// A text from the rest of the input. Mode 0: UTF-8 (invalid sequences become U+FFFD) split into lines;
    /// mode 1: raw UTF-16 units, so lone surrogates and every control character reach the engine; mode 2: UTF-8
    /// with random styles (sizes, weights, families, hostile font scales) and paragraph styles.
    public static func text(_ input: inout FuzzInput) throws -> StyledText {
        let mode = input.byte() % 3
        let bytes = Array(input.rest)
        switch mode {
        case 0:
            return StyledText(plain: String(decoding: bytes, as: UTF8.self))
        case 1:
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 0
            while i + 1 < bytes.count { units.append(UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8); i += 2 }
            var none = FuzzInput(bytes: [])
            return try paragraphs(units, styles: &none, styled: false)
        default:
            let units = Array(String(decoding: bytes, as: UTF8.self).utf16)
            // Styles are drawn from the same bytes as the text, so a mutation of one moves the other.
            var styles = input
            return try paragraphs(units, styles: &styles, styled: true)
        }
    }

    /// Splits units at line feeds into paragraphs; with `styled`, gives each paragraph random runs and a style.
    static func paragraphs(_ units: [UInt16], styles: inout FuzzInput, styled: Bool) throws -> StyledText {
        var paragraphs: [Paragraph] = []
        var start = 0, lineStart = 0
        func flush(_ end: Int, terminated: Bool) {
            let slice = Array(units[lineStart..<end])
            let content = 0..<(terminated ? slice.count - 1 : slice.count)
            var runs: [AttributeRun] = []
            var style = ParagraphStyle.body
            if styled {
                var markup = FuzzInput(bytes: Array(styles.rest.reversed()))
                var cursor = 0
                while cursor < content.upperBound {
                    let length = 1 + Int(styles.byte()) % 16
                    var textStyle = TextStyle()
                    textStyle.fontScale = styles.setting(in: 0.1...4)
                    textStyle.weight = [100, 400, 700, 900, 0, -5, 5000][Int(styles.byte()) % 7]
                    textStyle.isItalic = styles.chance(2)
                    textStyle.fontFamily = styles.chance(3) ? families[Int(styles.byte()) % families.count] : nil
                    textStyle.language = styles.chance(3) ? languages[Int(styles.byte()) % languages.count] : nil
                    textStyle.smallCaps = styles.chance(5)
                    // A book's character styles: spacing (within and beyond its clamps), raised text, case.
                    if styles.chance(4) { textStyle.letterSpacing = styles.setting(in: -1...5) }
                    if styles.chance(4) { textStyle.wordSpacing = styles.setting(in: -1...5) }
                    if styles.chance(4) { textStyle.baselineShift = styles.setting(in: -3...3) }
                    if styles.chance(5) { textStyle.textTransform = [.uppercase, .lowercase, .capitalize][Int(styles.byte()) % 3] }
                    textStyle.ligatures = !styles.chance(5)
                    let range = cursor..<min(cursor + length, content.upperBound)
                    // Hidden units, ruby annotations (of the run before) and replaced runs (a same-length
                    // replacement most of the time, another length sometimes, which must be ignored).
                    // (Drawn from a stream of their own, so that earlier findings decode to the same styles.)
                    textStyle.isHidden = markup.chance(6)
                    // Each side in turn, by the run's index (no draw of its own, so earlier findings decode alike).
                    if markup.chance(8), let previous = runs.last {
                        let position: RubyPosition = [.over, .under, .interCharacter][runs.count % 3]
                        textStyle.ruby = RubyAnnotation(base: previous.range, position: position)
                    }
                    if markup.chance(10) {
                        let length = range.count + (markup.chance(4) ? Int(markup.byte() % 3) - 1 : 0)
                        textStyle.replacement = String(decoding: (0..<max(0, length)).map { _ in UInt16(0x3041 + Int(markup.byte() % 80)) }, as: UTF16.self)
                    }
                    runs.append(AttributeRun(range: range, style: textStyle))
                    cursor += length
                }
                let roles: [ParagraphRole] = [.body, .heading(level: Int(styles.byte() % 8) - 1), .preformatted,
                                              .blockQuote, .listItem]
                style = ParagraphStyle(role: roles[Int(styles.byte()) % roles.count],
                                       innerLineBreaks: styles.chance(2) ? .collapse : .preserve,
                                       alignment: styles.chance(2) ? nil : TextAlignment.allCases[Int(styles.byte()) % 4],
                                       baseDirection: [nil, .leftToRight, .rightToLeft][Int(styles.byte()) % 3],
                                       firstLineIndent: styles.chance(2) ? nil : styles.setting(in: 0...4),
                                       spaceBefore: styles.setting(in: 0...3),
                                       blockIndent: styles.setting(in: 0...4),
                                       continuesBlock: styles.chance(2), startsSection: styles.chance(4),
                                       bookAlignment: styles.chance(2) ? nil : TextAlignment.allCases[Int(styles.byte()) % 4],
                                       endIndent: styles.setting(in: 0...4), publisherSpacing: styles.chance(2),
                                       lineHeight: styles.chance(3) ? styles.setting(in: 0...12) : nil,
                                       hyphenation: styles.chance(2) ? nil : styles.chance(2),
                                       markerLength: styles.chance(4) ? Int(styles.byte() % 8) : 0,
                                       dropCap: styles.chance(6) ? DropCap(length: 1 + Int(styles.byte() % 3), lines: Int(styles.byte() % 7)) : nil,
                                       // Consecutive cells of one table: a few rows and columns, any paddings and borders.
                                       tableCell: styles.chance(3) ? TableCell(table: 0, row: Int(styles.byte() % 4), column: Int(styles.byte() % 5),
                                                                               columnSpan: Int(styles.byte() % 3), padding: styles.setting(in: 0...5),
                                                                               border: styles.setting(in: 0...2), tableBorder: styles.setting(in: 0...2),
                                                                               tableIndent: styles.setting(in: 0...5)) : nil)
            }
            paragraphs.append(Paragraph(start: start, units: slice, contentRange: content, runs: runs, style: style))
            start += slice.count
            lineStart = end
        }
        for (i, unit) in units.enumerated() where unit == 0x0A { flush(i + 1, terminated: true) }
        if lineStart < units.count || paragraphs.isEmpty { flush(units.count, terminated: false) }
        return try StyledText(paragraphs: paragraphs)
    }

}
