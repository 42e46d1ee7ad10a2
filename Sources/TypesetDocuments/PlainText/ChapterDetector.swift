/// Finds the chapter headings of a plain-text book among its blocks (runs of non-blank lines).
///
/// A heading is a stand-alone block: a heading line (``HeadingLine``), optionally rule lines (`-----`) and one
/// short title line under it (`CHAPTER 1` / `The Beginning`), with blank lines around. In a file that is not
/// hard-wrapped (every line a paragraph, as the Russian corpus book), a heading line may also open a block
/// whose following lines are the chapter's text. A bare roman numeral with no words of its own takes the next
/// block as its title when that block is one short line set off by a wider gap after it than before it
/// (`I` / `Marseille.--L'arrivée.` in Monte-Cristo).
///
/// Headings come in runs: consecutive heading blocks with no body text between them. A run is one heading
/// group (`BOOK ONE: 1805` then `CHAPTER I`), whose first heading starts a section, only when its levels
/// strictly increase (a heading repeated in another language, `ERSTER AKT.` then `ACT I.`, same level and
/// number, counts once) and body text follows it. Anything else is a list of contents (`CHAPTER I`, `CHAPTER II`,
/// ... each on its own line, as War and Peace's front matter; or several heading lines in one block, which ends
/// a run as prose does): not headings. When such a list runs straight into the first chapter, the run's last
/// increasing stretch is still taken if the list named its first heading and that heading does not occur again
/// later (else it was the list's last entry, as Moby-Dick's `Epilogue`).
///
/// The book's pattern decides two doubtful kinds: bare roman numerals count only in sequence (each one is I or
/// follows the previous one) and only in a book without `CHAPTER`-like headings, and named sections (`PREFACE`)
/// only in a book that has numbered headings.
///
/// Keywords are hints; the layout finds the rest, in passes over the lines that stand alone
/// (ChapterDetector+Structure.swift, ChapterDetector+Contents.swift): forms repeated with a number that counts up,
/// titles set off alike across the book, a book's own list of contents and the headings it names, subtitles under
/// numbered headings, sections in front of the first chapter.
///
/// Detection reads the whole book even when one page of its body is shown (a distributor's header, which it never
/// searches, is read without it: ``PlainTextReader/readOpening(path:)``): its evidence is the whole book's (a list
/// of contents at the front is told from headings by what follows; a form is a heading only when it repeats and
/// counts up), and deciding per section up to the page would have to prove that page identical to the
/// whole book's. So the pass over every block stays, and what it does per line is kept cheap instead: tests on the
/// UTF-16 units before any string is made (`HeadingLine`'s first word, `BookLayout.mayBeTitle(_:)`),
/// collapsed text made byte by byte for ASCII (`CollapsedText`), ASCII character properties without a Unicode
/// lookup, and number words rejected by their letters (`NumberWords.mayBeNumberWord(_:)`). War and Peace's first
/// page through the CLI: 188.8 M instructions in detection before, 99.6 M after (callgrind); 69.8 M once
/// ASCII words were scanned by bytes (`HeadingLine`'s word scanner, capitalisation and roman numerals; contents keys)
/// and the repeated forms remembered each word's number.
struct ChapterDetector {
    /// How one heading line is set.
    struct Mark {
        let level: Int
        /// The first line of a heading group: it starts a section.
        let startsSection: Bool
        /// A line under the heading line in the same block (a rule or the title): no paragraph spacing.
        let continuesBlock: Bool
    }

    /// One detected heading, for the table of contents.
    struct Found {
        let line: Int
        let level: Int
        let title: String
        /// Numbered (`CHAPTER I`, a numeral), not named (`PREFACE`).
        var isNumbered = true
    }

    /// Heading lines by line index.
    private(set) var marks: [Int: Mark] = [:]
    /// The headings in order.
    private(set) var headings: [Found] = []
    /// Lines that start a chapter with its number inside the paragraph (`κεφ. α′ εἰ μὲν…`): a section starts there
    /// and the contents list it, without a heading paragraph.
    private(set) var inlineChapterLines: [Int] = []
    /// Short lines standing alone that look like a heading but are not taken for one: kept with the paragraph
    /// after them at a page break.
    private(set) var keptWithNext: Set<Int> = []

    /// The longest title line (display columns) taken as part of a heading.
    static let maximumTitleColumns = 60

    struct Block {
        let lines: Range<Int>
        var kind: Kind
    }

    enum Kind {
        case prose
        /// A block holding several heading lines: a list of contents.
        case contents
        /// A heading: its line, the lines it takes (itself, rules, a title), the title line, and whether body
        /// text follows inside the block.
        case heading(HeadingLine, taken: Range<Int>, title: Int?, bodyFollows: Bool)
        /// The title of the bare numeral in the block before.
        case title
    }

    /// The blocks the reader sets (runs of non-blank lines, a trailing title line split off, see ``blocks(_:units:)``
    /// and ``splitTrailingTitles(_:units:lines:lineByLine:followedByBlank:)``): headings start blocks.
    private(set) var blocks: [Range<Int>] = []

    /// No headings (the markup named them instead): the blocks only.
    init(units: [UInt16], lines: [SourceLine]) {
        blocks = Self.blocks(lines, units: units)
    }

    /// - Parameters:
    ///   - bodyLines: The lines of the book proper: headings are looked for there only (not in a distributor's
    ///     header or licence).
    ///   - sectionBreaks: Lines before which the markup starts a page (Aozora's `［＃改ページ］`): evidence that a
    ///     line standing alone there is a title.
    ///   - lineByLine: Whether the block `lines` is set one paragraph per line (not hard-wrapped).
    init(units: [UInt16], lines: [SourceLine], bodyLines: Range<Int>? = nil, sectionBreaks: Set<Int> = [],
         lineByLine: (Range<Int>) -> Bool) {
        let body = bodyLines ?? 0..<lines.count
        let ranges = Self.splitBlocks(Self.blocks(lines, units: units), units: units, lines: lines, lineByLine: lineByLine)
        self.blocks = ranges
        var blocks = ranges.map {
            Block(lines: $0, kind: body.contains($0.lowerBound) && $0.upperBound <= body.upperBound
                ? Self.classify($0, units: units, lines: lines, lineByLine: lineByLine($0)) : .prose)
        }
        let layout = BookLayout(blocks: blocks, units: units, lines: lines, body: body, sectionBreaks: sectionBreaks)
        let contents = findContentsLists(&blocks, layout: layout)
        attachSubtitles(&blocks, layout: layout)
        checkBareNumerals(&blocks)
        findRepeatedForms(&blocks, layout: layout)
        findTitleSeries(&blocks, layout: layout)
        matchContentsEntries(contents, blocks: &blocks, layout: layout)
        findFrontSections(&blocks, layout: layout)
        gateNamedSections(&blocks)
        let runs = Self.runs(blocks)
        // Where each heading's text occurs last, made only for a run that opens with a list of contents.
        var laterTexts: [String: Int]?
        let dominant = Self.dominantLevel(blocks)
        for run in runs {
            accept(run, blocks: blocks, lastOccurrence: &laterTexts, dominantLevel: dominant, units: units, lines: lines)
        }
        findInlineChapters(blocks, units: units, lines: lines, lineByLine: lineByLine)
        findLinesKeptWithNext(blocks, layout: layout)
    }

    /// The blocks the reader sets that start before line `end` (all of them up to the block holding line `end - 1`),
    /// as this detector makes them: split (``splitBlocks(_:units:lines:lineByLine:)``) unless the markup names the
    /// headings (``init(units:lines:)``). Each block is split by its own lines and the line after it, so these are
    /// the first blocks of the whole book's: what ``PlainTextReader/openingParagraphs(_:prepared:markup:facts:)`` sets
    /// without the passes over the rest.
    static func leadingBlocks(units: [UInt16], lines: [SourceLine], before end: Int, splits: Bool,
                              lineByLine: (Range<Int>) -> Bool) -> [Range<Int>] {
        let blocks = Self.blocks(lines, units: units, before: end)
        return splits ? splitBlocks(blocks, units: units, lines: lines, lineByLine: lineByLine) : blocks
    }

    /// Heading pairs and trailing titles split off (see the two functions), block by block.
    private static func splitBlocks(_ blocks: [Range<Int>], units: [UInt16], lines: [SourceLine],
                                    lineByLine: (Range<Int>) -> Bool) -> [Range<Int>] {
        let split = splitHeadingPairs(blocks, units: units, lines: lines, lineByLine: lineByLine)
        return splitTrailingTitles(split, units: units, lines: lines, lineByLine: lineByLine)
    }

    /// In a file set line by line, a block that opens with two heading lines of rising level (`ПРИЛОЖЕНИЕ` then
    /// `ПРОПУЩЕННАЯ ГЛАВА`, its text on the next line) is split after the first, so that both are headings of one
    /// group (two heading lines of one level are a list of contents, and stay together).
    private static func splitHeadingPairs(_ blocks: [Range<Int>], units: [UInt16], lines: [SourceLine],
                                          lineByLine: (Range<Int>) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(blocks.count)
        for block in blocks {
            guard block.count > 2, lineByLine(block), let first = HeadingLine.parse(content(lines[block.lowerBound], units)),
                  let second = HeadingLine.parse(content(lines[block.lowerBound + 1], units)), first.level < second.level else {
                result.append(block)
                continue
            }
            result.append(block.lowerBound..<(block.lowerBound + 1))
            result.append((block.lowerBound + 1)..<block.upperBound)
        }
        return result
    }

    // MARK: Headings found by structure (see the extensions in ChapterDetector+Structure.swift)

    static func number(_ word: Substring) -> Int? {
        if word.allSatisfy(\.isASCII), word.allSatisfy(\.fastIsNumber), word.count <= 3 { return Int(word) }
        if word.allSatisfy(\.fastIsUppercase), let roman = HeadingLine.romanValue(word) { return roman }
        if let han = hanValue(word) { return han }
        return NumberWords.value(String(word)).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Built once: made in ``hanValue(_:)``, the table was built for every word of every short line standing alone.
    private static let hanDigits: [Character: Int] = ["〇": 0, "○": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6,
                                                       "七": 7, "八": 8, "九": 9]

    /// A Chinese numeral (`一`, `十二`, `二十三`, `一〇五`) up to 999.
    static func hanValue(_ word: Substring) -> Int? {
        let digits = hanDigits
        // The first character decides most words before they are counted.
        guard let first = word.first, first == "十" || first == "百" || digits[first] != nil, word.count <= 5,
              word.allSatisfy({ digits[$0] != nil || $0 == "十" || $0 == "百" }) else { return nil }
        if !word.contains("十") && !word.contains("百") {
            // Positional (`一〇五`).
            return word.reduce(0) { $0 * 10 + (digits[$1] ?? 0) }
        }
        var total = 0, current = 0
        for character in word {
            if let digit = digits[character] { current = digit } else if character == "十" { total += max(current, 1) * 10; current = 0 } else {
                total += max(current, 1) * 100; current = 0
            }
        }
        return total + current
    }

    /// Chapters whose number opens their first paragraph (`κεφ. α′`, `Cap. I.`, `§ 3.`), counting up from 1 at
    /// least ``minimumRepeatedForm`` times, at the start of a block or of a line set as a paragraph of its own.
    private mutating func findInlineChapters(_ blocks: [Block], units: [UInt16], lines: [SourceLine], lineByLine: (Range<Int>) -> Bool) {
        guard headings.isEmpty else { return }
        var found: [(line: Int, number: Int, title: String)] = []
        for block in blocks {
            guard case .prose = block.kind else { continue }
            found += Self.inlineMarkers(in: block.lines, units: units, lines: lines, lineByLine: lineByLine)
        }
        guard found.count >= Self.minimumRepeatedForm, found.first?.number == 1,
              zip(found, found.dropFirst()).allSatisfy({ $1.number == $0.number + 1 }) else { return }
        for marker in found {
            inlineChapterLines.append(marker.line)
            headings.append(Found(line: marker.line, level: 2, title: marker.title, isNumbered: true))
        }
    }

    /// The chapter numbers opening a prose block's paragraphs (its first line, or every line of a block set line
    /// by line) that may count in the book's sequence of inline chapters.
    static func inlineMarkers(in block: Range<Int>, units: [UInt16], lines: [SourceLine],
                              lineByLine: (Range<Int>) -> Bool) -> [(line: Int, number: Int, title: String)] {
        let candidates = lineByLine(block) ? Array(block) : [block.lowerBound]
        return candidates.compactMap { index in
            Self.inlineMarker(Self.content(lines[index], units)).map { (index, $0.number, $0.title) }
        }
    }

    /// The abbreviations that number a chapter inside its first paragraph.
    private static let inlineKeywords: Set<String> = ["κεφ.", "κεφάλαιον", "cap.", "caput", "chap.", "ch.", "гл.", "§"]

    /// `κεφ. α′ …`, `Cap. IV. …`, `§ 12 …` at the start of a line: the number and the marker as a title.
    static func inlineMarker(_ units: ArraySlice<UInt16>) -> (number: Int, title: String)? {
        guard let first = units.first(where: { $0 != 0x20 && $0 != 0x09 }), first == 0xA7 || first == 0x63 || first == 0x43
                || first == 0x3BA || first == 0x433 else { return nil }
        let text = String(decoding: units.prefix(40), as: UTF16.self).trimmingWhiteSpace
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count >= 2, inlineKeywords.contains(words[0].lowercased()) else { return nil }
        let numeral = Substring(words[1].trimmingCharacters("."))
        let value: Int?
        if let greek = greekValue(numeral) { value = greek } else if let roman = HeadingLine.romanValue(numeral) {
            value = roman
        } else { value = numeral.allSatisfy(\.fastIsNumber) && numeral.count <= 3 ? Int(numeral) : nil }
        guard let value else { return nil }
        return (value, "\(words[0]) \(words[1])".trimmingCharacters("."))
    }

    /// A Greek numeral with its keraia (`α′`, `ιβ΄`, `ϛʹ`), up to 999.
    static func greekValue(_ word: Substring) -> Int? {
        let keraia: Set<Character> = ["′", "΄", "ʹ", "'"]
        guard let last = word.last, keraia.contains(last), word.count >= 2 else { return nil }
        let values: [Character: Int] = ["α": 1, "β": 2, "γ": 3, "δ": 4, "ε": 5, "ϛ": 6, "ς": 6, "ζ": 7, "η": 8, "θ": 9,
                                        "ι": 10, "κ": 20, "λ": 30, "μ": 40, "ν": 50, "ξ": 60, "ο": 70, "π": 80, "ϟ": 90, "ϙ": 90,
                                        "ρ": 100, "σ": 200, "τ": 300, "υ": 400, "φ": 500]
        var total = 0
        for character in word.dropLast() {
            guard let value = values[Character(character.lowercased())] else { return nil }
            total += value
        }
        return total
    }

    /// Lines standing alone (a block of one short line) that read like a heading: capitals first, no sentence
    /// punctuation at the end, at most six words; those that are not headings are kept with the next paragraph.
    private mutating func findLinesKeptWithNext(_ blocks: [Block], layout: BookLayout) {
        for index in layout.loneBlocks where index + 1 < blocks.count {
            guard case .prose = blocks[index].kind, let line = layout.lone[index], marks[line.line] == nil,
                  layout.lines[line.line].columns <= Self.maximumTitleColumns else { continue }
            let text = line.text
            guard let first = text.first, first.fastIsUppercase || first.fastIsNumber || first.isIdeographic,
                  let last = text.last, !".!?…,;:\"”’»)".contains(last), line.words <= 6 else { continue }
            keptWithNext.insert(line.line)
        }
    }

    /// The blocks of the text: runs of non-blank lines, and a heading line that stands alone (`第三回`) starts a
    /// block of its own even without a blank line before it. The reader splits the text at the same places.
    /// With `end`, only the blocks that start before line `end`.
    static func blocks(_ lines: [SourceLine], units: [UInt16], before end: Int = .max) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var index = 0
        while index < min(lines.count, end) {
            if lines[index].isBlank { index += 1; continue }
            var end = index + 1
            while end < lines.count, !lines[end].isBlank, !standsAlone(lines[end], units) { end += 1 }
            blocks.append(index..<end)
            index = end
        }
        return blocks
    }

    /// Whether the line is a heading that needs no blank line before it (only `第…回` so far; checked on the
    /// first unit before parsing, as it runs on every line).
    private static func standsAlone(_ line: SourceLine, _ units: [UInt16]) -> Bool {
        let first = line.start + line.indent
        guard first < line.contentEnd, units[first] == 0x7B2C else { return false }
        return HeadingLine.parse(content(line, units))?.standsAlone ?? false
    }

    /// A line's text: from its first unit, or past the markup notes that open it (Aozora's `［＃３字下げ］`).
    @inline(__always)
    static func content(_ line: SourceLine, _ units: [UInt16]) -> ArraySlice<UInt16> {
        units[textStart(line, units).start..<line.contentEnd]
    }

    /// Where a line's text starts past its indentation and the notes that open it, and the indentation the notes
    /// ask for (`［＃３字下げ］`: 3 ems).
    @inline(__always)
    static func textStart(_ line: SourceLine, _ units: [UInt16]) -> (start: Int, noteIndent: Int) {
        let i = line.start + line.indent
        guard i + 1 < line.contentEnd, units[i] == 0xFF3B, units[i + 1] == 0xFF03 else { return (line.start, 0) }
        return textStartPastNotes(line, units)
    }

    private static func textStartPastNotes(_ line: SourceLine, _ units: [UInt16]) -> (start: Int, noteIndent: Int) {
        var i = line.start + line.indent
        var indent = 0
        while i + 1 < line.contentEnd, units[i] == 0xFF3B, units[i + 1] == 0xFF03 {
            guard let close = units[i..<line.contentEnd].firstIndex(of: 0xFF3D) else { break }
            // `N字下げ`: the digits (fullwidth or ASCII) before 字下げ.
            if close - i >= 5, units[close - 3] == 0x5B57, units[close - 2] == 0x4E0B, units[close - 1] == 0x3052 {
                var value = 0, digit = close - 4
                var scale = 1
                while digit > i + 1, let d = Self.digit(units[digit]) { value += d * scale; scale *= 10; digit -= 1 }
                indent += value
            }
            i = close + 1
            while i < line.contentEnd, units[i] == 0x20 || units[i] == 0x3000 || units[i] == 0x09 { i += 1 }
        }
        return (i, indent)
    }

    private static func digit(_ unit: UInt16) -> Int? {
        if unit >= 0x30 && unit <= 0x39 { return Int(unit - 0x30) }
        if unit >= 0xFF10 && unit <= 0xFF19 { return Int(unit - 0xFF10) }
        return nil
    }

    /// A line of dashes, equals signs, stars or box-drawing rules.
    private static func isRule(_ line: SourceLine, _ units: [UInt16]) -> Bool {
        let slice = content(line, units)
        let marks: Set<UInt16> = [0x2D, 0x3D, 0x2A, 0x5F, 0x7E, 0x2500, 0x2014, 0xFF0D]
        return slice.contains { marks.contains($0) } && slice.allSatisfy { marks.contains($0) || $0 == 0x20 || $0 == 0x3000 || $0 == 0x09 }
    }

    private static func classify(_ block: Range<Int>, units: [UInt16], lines: [SourceLine], lineByLine: Bool) -> Kind {
        guard let heading = HeadingLine.parse(content(lines[block.lowerBound], units)) else { return .prose }
        var next = block.lowerBound + 1
        while next < block.upperBound, isRule(lines[next], units) { next += 1 }
        var title: Int?
        if next < block.upperBound {
            let line = lines[next]
            if HeadingLine.parse(content(line, units)) != nil { return .contents }
            let text = String(decoding: content(line, units), as: UTF16.self).trimmingWhiteSpace
            let endsSentence = text.last.map { ".!?…,;:".contains($0) } ?? false
            // A Chinese or Japanese full stop ends a sentence, never a title.
            let endsCJKSentence = text.last.map { "。．！？".contains($0) } ?? false
            var afterTitle = next + 1
            while afterTitle < block.upperBound, isRule(lines[afterTitle], units) { afterTitle += 1 }
            // In a hard-wrapped block a title ends it (else the line is the chapter's first line of text); in a
            // block set line by line, a title does not end like a sentence.
            let isTitle = lineByLine ? !endsSentence : afterTitle == block.upperBound || !heading.standsAlone
            if line.columns <= maximumTitleColumns && isTitle && !endsCJKSentence {
                title = next
                next = afterTitle
            }
        }
        if next < block.upperBound && !lineByLine && !heading.standsAlone {
            // A hard-wrapped block with more under the heading: a list of contents when it names another
            // heading, else prose that happens to start like one.
            let more = block[next...].contains { HeadingLine.parse(content(lines[$0], units)) != nil }
            return more ? .contents : .prose
        }
        return .heading(heading, taken: block.lowerBound..<next, title: title, bodyFollows: next < block.upperBound)
    }

    /// Bare numerals only in sequence and in a book without `CHAPTER`-like headings (there they number lists
    /// inside chapters, as Moby-Dick's `I. THE FOLIO WHALE`).
    private func checkBareNumerals(_ blocks: inout [Block]) {
        let keywordChapters = blocks.contains {
            if case .heading(let heading, _, _, _) = $0.kind { return heading.kind == .numbered && heading.level >= 2 }
            return false
        }
        var previous = 0
        for i in blocks.indices {
            guard case .heading(let heading, _, let title, _) = blocks[i].kind, case .bareNumeral(let value) = heading.kind else { continue }
            if !keywordChapters && (value == 1 || value == previous + 1) {
                previous = value
            } else {
                blocks[i].kind = .prose
                if title != nil, i + 1 < blocks.count, case .title = blocks[i + 1].kind { blocks[i + 1].kind = .prose }
            }
        }
    }

    /// Named sections (`PREFACE`) only in a book with numbered headings, found by keyword or by structure.
    private func gateNamedSections(_ blocks: inout [Block]) {
        let numbered = blocks.contains {
            if case .heading(let heading, _, _, _) = $0.kind { return heading.kind != .named }
            return false
        }
        guard !numbered else { return }
        for i in blocks.indices {
            if case .heading(let heading, _, _, _) = blocks[i].kind, heading.kind == .named { blocks[i].kind = .prose }
        }
    }

    /// Maximal stretches of heading and contents blocks with no prose between; each ends at the block before
    /// prose, at a heading with body text in its block, or at the end.
    private static func runs(_ blocks: [Block]) -> [(blocks: [Int], followedByBody: Bool)] {
        var runs: [(blocks: [Int], followedByBody: Bool)] = []
        var current: [Int] = []
        for i in blocks.indices {
            switch blocks[i].kind {
            case .title: continue
            case .prose, .contents:
                // A list of contents is not a heading, but it is text: it ends a run as prose does.
                if !current.isEmpty { runs.append((current, true)) }
                current = []
            case .heading(_, _, _, let bodyFollows):
                current.append(i)
                if bodyFollows { runs.append((current, true)); current = [] }
            }
        }
        if !current.isEmpty { runs.append((current, false)) }
        return runs
    }

    /// A heading's text as compared across the book: lower case, trailing punctuation dropped.
    static func key(_ heading: HeadingLine) -> String {
        var text = Substring(heading.text)
        while let last = text.last, last == "." || last == ":" || last == "]" { text = text.dropLast() }
        return text.lowercased()
    }

    private static func lastOccurrences(_ blocks: [Block]) -> [String: Int] {
        var last: [String: Int] = [:]
        for i in blocks.indices { if case .heading(let heading, _, _, _) = blocks[i].kind { last[key(heading)] = i } }
        return last
    }

    /// The most common level of numbered headings (the chapter level), 2 when there are none.
    private static func dominantLevel(_ blocks: [Block]) -> Int {
        var counts: [Int: Int] = [:]
        for block in blocks {
            if case .heading(let heading, _, _, _) = block.kind, heading.kind != .named { counts[heading.level, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || $0.value == $1.value && $0.key < $1.key }?.key ?? 2
    }

    private mutating func accept(_ run: (blocks: [Int], followedByBody: Bool), blocks: [Block], lastOccurrence: inout [String: Int]?,
                                 dominantLevel: Int, units: [UInt16], lines: [SourceLine]) {
        guard run.followedByBody else { return }
        // The run's levels; a named section takes the level above the heading after it, or the chapter level.
        var levels: [Int?] = run.blocks.map { _ in nil }
        for position in run.blocks.indices.reversed() {
            guard case .heading(let heading, _, _, _) = blocks[run.blocks[position]].kind else { continue }
            if heading.kind == .named {
                let next = position + 1 < levels.count ? levels[position + 1] : nil
                levels[position] = next.map { max(1, $0 - 1) } ?? dominantLevel
            } else {
                levels[position] = heading.level
            }
        }
        // The last stretch whose levels strictly increase.
        var start = run.blocks.count - 1
        guard levels[start] != nil else { return }
        func isTranslation(_ position: Int) -> Bool {
            guard position > 0, case .heading(let previous, _, _, _) = blocks[run.blocks[position - 1]].kind,
                  case .heading(let heading, _, _, _) = blocks[run.blocks[position]].kind else { return false }
            return levels[position - 1] == levels[position] && previous.number != nil && previous.number == heading.number
                && Self.key(previous) != Self.key(heading)
        }
        // The same heading set twice in a row (`第四十五回` over a rule, then again): one heading.
        func isRepeat(_ position: Int) -> Bool {
            guard position > 0, case .heading(let previous, _, _, _) = blocks[run.blocks[position - 1]].kind,
                  case .heading(let heading, _, _, _) = blocks[run.blocks[position]].kind else { return false }
            return levels[position - 1] == levels[position] && Self.key(previous) == Self.key(heading)
        }
        // A named section just before a heading of its level (`ARGUMENT` then `ACT I.`): one group.
        func isNamedLead(_ position: Int) -> Bool {
            guard position > 0, case .heading(let previous, _, _, _) = blocks[run.blocks[position - 1]].kind else { return false }
            return previous.kind == .named && levels[position - 1] == levels[position]
        }
        while start > 0, let previous = levels[start - 1], let level = levels[start],
              previous < level || isTranslation(start) || isRepeat(start) || isNamedLead(start) {
            start -= 1
        }
        if start > 0 {
            // The run began with a list of contents, one entry per block. It ran straight into the first chapter
            // when that chapter's heading was listed (it occurs earlier in the run) and is not itself listed
            // again later (as Moby-Dick's `Epilogue`, the list's last entry, is).
            if lastOccurrence == nil { lastOccurrence = Self.lastOccurrences(blocks) }
            guard case .heading(let first, _, _, _) = blocks[run.blocks[start]].kind,
                  lastOccurrence?[Self.key(first)] == run.blocks[start],
                  run.blocks[..<start].contains(where: {
                      if case .heading(let listed, _, _, _) = blocks[$0].kind { return Self.key(listed) == Self.key(first) }
                      return false
                  }) else { return }
        }
        for position in start..<run.blocks.count {
            guard case .heading(let heading, let taken, let title, _) = blocks[run.blocks[position]].kind,
                  let level = levels[position] else { return }
            for line in taken {
                marks[line] = Mark(level: level, startsSection: position == start && line == taken.lowerBound,
                                   continuesBlock: line != taken.lowerBound)
            }
            if let title, !taken.contains(title) {
                marks[title] = Mark(level: level, startsSection: false, continuesBlock: false)
            }
            var text = heading.text
            if isRepeat(position), position > start { continue }
            if isTranslation(position), position > start, var last = headings.popLast() {
                // The same heading in another language (`ERSTER AKT.` then `ACT I.`): one entry.
                last = Found(line: last.line, level: last.level, title: last.title + " / " + text, isNumbered: last.isNumbered)
                headings.append(last)
                continue
            }
            if let title {
                let titleText = CollapsedText.of(units[lines[title].start..<lines[title].contentEnd])
                let last = text.last ?? " "
                let separator = last.fastIsLetter && !last.isIdeographic || last.fastIsNumber ? ". " : " "
                text += separator + titleText
            }
            headings.append(Found(line: taken.lowerBound, level: level, title: text, isNumbered: heading.kind != .named))
        }
    }
}

extension StringProtocol {
    /// The string without `characters` at its start and end.
    func trimmingCharacters(_ characters: String) -> String {
        // Found from both ends by index: reversing the string twice and making a string of the characters took
        // 26 K instructions a word (20 M of War and Peace's chapter detection, callgrind).
        guard let first = firstIndex(where: { !characters.contains($0) }),
              let last = lastIndex(where: { !characters.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// The string without leading and trailing white space.
    var trimmingWhiteSpace: Substring {
        let start = drop(while: \.fastIsWhitespace)
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)].fastIsWhitespace { end = start.index(before: end) }
        return start[..<end]
    }
}

extension Character {
    /// Han ideographs and kana, which are joined to a title without a full stop.
    var isIdeographic: Bool { unicodeScalars.first.map { $0.properties.isIdeographic || (0x3040...0x30FF).contains($0.value) } ?? false }
}
