/// Headings found by the layout of the book rather than by a keyword: lines standing alone whose form repeats across
/// the book (a number that counts up, or a place in the layout no paragraph has), a book's own list of contents and
/// the headings it names, and subtitles under numbered headings.
///
/// Every pass here reads the lines that stand alone (``LoneLine``: a block of one short line), which a book has few
/// of, once each: the cost is linear in the number of lines, and strings are made for those lines only.
extension ChapterDetector {
    /// A block of one line: what structure reads.
    struct LoneLine {
        let block: Int
        let line: Int
        /// Trimmed, white space collapsed, leading notes left out.
        let text: String
        /// Leading white space and notes, in columns (an ideographic space or an em of `［＃３字下げ］` counts 2).
        let indent: Int
        /// Blank lines before and after (3 at most).
        let gapBefore: Int, gapAfter: Int
        /// Whether the markup starts a page just before it (Aozora's `［＃改ページ］`).
        let followsSectionBreak: Bool
        let words: Int
        let caseStyle: CaseStyle

        /// Reads as a title: starts with a capital, a digit or an ideograph, does not end a sentence (a full stop
        /// aside), eight words or 24 ideographs at most.
        var isTitleLike: Bool { ChapterDetector.isTitleLike(text, words: words) }
    }

    enum CaseStyle: Hashable { case capitals, capitalised, uncased }

    /// What the passes share: the lone lines, and what is usual in the book (the indentation of its lines, the gap
    /// between its blocks), against which a title stands out.
    struct BookLayout {
        /// Lone lines by block index.
        let lone: [Int: LoneLine]
        /// Their block indices, in order.
        let loneBlocks: [Int]
        /// The median indentation of the body's lines, in columns.
        let usualIndent: Int
        /// The median number of blank lines between the body's blocks.
        let usualGap: Int
        let blockCount: Int
        let lines: [SourceLine]
        let units: [UInt16]

        init(blocks: [Block], units: [UInt16], lines: [SourceLine], body: Range<Int>, sectionBreaks: Set<Int>) {
            self.lines = lines
            self.units = units
            blockCount = blocks.count
            var lone: [Int: LoneLine] = [:]
            var order: [Int] = []
            var gaps = [Int](repeating: 0, count: 4)
            var indents = [Int](repeating: 0, count: 9)
            for (index, block) in blocks.enumerated() where body.contains(block.lines.lowerBound) {
                let before = block.lines.lowerBound - (index > 0 ? blocks[index - 1].lines.upperBound : 0)
                let after = (index + 1 < blocks.count ? blocks[index + 1].lines.lowerBound : lines.count) - block.lines.upperBound
                if index > 0 { gaps[min(3, before)] += 1 }
                for line in block.lines.prefix(64) { indents[min(8, Self.indentColumns(lines[line], units))] += 1 }
                guard block.lines.count == 1 else { continue }
                let line = lines[block.lines.lowerBound]
                let start = ChapterDetector.textStart(line, units)
                guard line.columns <= ChapterDetector.maximumTitleColumns + 20,
                      Self.mayBeTitle(units[start.start..<line.contentEnd]) else { continue }
                let text = CollapsedText.of(units[start.start..<line.contentEnd])
                guard !text.isEmpty else { continue }
                let breakBefore = (block.lines.lowerBound - before...block.lines.lowerBound).contains { sectionBreaks.contains($0) }
                lone[index] = LoneLine(block: index, line: block.lines.lowerBound, text: text,
                                       indent: Self.indentColumns(line, units) + 2 * start.noteIndent,
                                       gapBefore: min(3, before), gapAfter: min(3, after), followsSectionBreak: breakBefore,
                                       words: text.split(separator: " ").count, caseStyle: Self.caseStyle(text))
                order.append(index)
            }
            self.lone = lone
            loneBlocks = order
            usualGap = Self.median(gaps)
            usualIndent = Self.median(indents)
        }

        /// A cheap test on the units before a string is made (most short lines of a novel are dialogue): the
        /// first character is neither a lower-case ASCII letter nor punctuation, and the last ends no sentence
        /// (a full stop aside), as ``ChapterDetector/isTitleLike(_:words:)`` and the lines kept with the next
        /// paragraph ask.
        static func mayBeTitle(_ units: ArraySlice<UInt16>) -> Bool {
            guard let first = units.first(where: { $0 != 0x20 && $0 != 0x3000 && $0 != 0x09 }),
                  let last = units.last(where: { $0 != 0x20 && $0 != 0x3000 && $0 != 0x09 }) else { return false }
            // More than eight words are no title, subtitle, form or contents entry, nor is a sentence of more than
            // six with lower case in it.
            var spaces = 0
            var previous: UInt16 = 0x20
            for unit in units {
                if unit == 0x20 && previous != 0x20 { spaces += 1 }
                previous = unit
            }
            if spaces >= 8 || last == 0x2E && spaces >= 6 && units.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { return false }
            if first < 0x80 {
                guard (0x41...0x5A).contains(first) || (0x30...0x39).contains(first) else { return false }
            } else if let scalar = Unicode.Scalar(first) {
                switch scalar.properties.generalCategory {
                case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                     .finalPunctuation, .otherPunctuation: return false
                default: break
                }
            }
            return !Self.sentenceEnds.contains(last)
        }

        private static let sentenceEnds = Set(",;:!?…、。，；：！？」』)）\"”»’–—-".utf16)

        private static func median(_ histogram: [Int]) -> Int {
            let total = histogram.reduce(0, +)
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if seen * 2 > total { return value }
            }
            return 0
        }

        static func indentColumns(_ line: SourceLine, _ units: [UInt16]) -> Int {
            var columns = 0
            for unit in units[line.start..<(line.start + line.indent)] { columns += unit == 0x3000 ? 2 : unit == 0x09 ? 4 : 1 }
            return columns
        }

        static func caseStyle(_ text: String) -> CaseStyle {
            var upper = 0, lower = 0
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                // ASCII letters by their bytes: through Characters this took 17 K instructions a line (War and
                // Peace's 967 lone lines, callgrind).
                for byte in text.utf8 {
                    if byte >= 0x41 && byte <= 0x5A { upper += 1 } else if byte >= 0x61 && byte <= 0x7A { lower += 1 }
                }
            } else {
                for character in text where character.fastIsLetter {
                    if character.fastIsUppercase { upper += 1 } else if character.fastIsLowercase { lower += 1 }
                }
            }
            if upper == 0 && lower == 0 { return .uncased }
            return lower == 0 && upper > 1 ? .capitals : .capitalised
        }

        /// Whether a lone line stands out from the book's paragraphs: after a page break, indented two ems more
        /// than the book's lines, or with more blank lines before it than the book puts between paragraphs.
        func standsOut(_ line: LoneLine) -> Bool {
            line.followsSectionBreak || line.indent >= usualIndent + 4 || (line.gapBefore >= 2 && line.gapBefore > usualGap && line.gapAfter >= 1)
        }
    }

    static func isTitleLike(_ text: String, words: Int) -> Bool {
        guard let first = text.first, let last = text.last, !first.fastIsLowercase,
              first.fastIsLetter || first.fastIsNumber else { return false }
        guard !",;:!?…、。，；：！？」』)）\"”»’–—-".contains(last), !text.hasSuffix("..") else { return false }
        return first.isIdeographic ? text.count <= 24 : words <= 8
    }

    // MARK: Trailing titles

    /// In a file set line by line, a short title-like last line of a block, with a blank line after it, is a block
    /// of its own: the RusLit collection puts no blank line before a heading and one after (`…last paragraph` /
    /// `Ночь вторая` / blank / `First paragraph`).
    static func splitTrailingTitles(_ blocks: [Range<Int>], units: [UInt16], lines: [SourceLine],
                                    lineByLine: (Range<Int>) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(blocks.count)
        for block in blocks {
            let last = block.upperBound - 1
            guard block.count >= 2, block.upperBound < lines.count, lines[block.upperBound].isBlank,
                  lines[last].columns <= 40, lineByLine(block) else {
                result.append(block)
                continue
            }
            let text = String(decoding: content(lines[last], units), as: UTF16.self).split(whereSeparator: \.fastIsWhitespace)
            guard isTitleLike(text.joined(separator: " "), words: text.count), text.count <= 4 else {
                result.append(block)
                continue
            }
            result.append(block.lowerBound..<last)
            result.append(last..<block.upperBound)
        }
        return result
    }

    // MARK: Subtitles

    /// A numbered heading alone takes the lone line after it as its title (`I` / `Bicêtre.`, `CHAPTER I.` /
    /// `The Arrival`) when that line reads as a title: one word, or words in capitals or capitalised, six at most,
    /// or set off by a wider gap after it than before it (`I` / `Marseille.--L'arrivée.` in Monte-Cristo).
    func attachSubtitles(_ blocks: inout [Block], layout: BookLayout) {
        for i in blocks.indices.dropLast(2) {
            guard case .heading(let heading, let taken, nil, false) = blocks[i].kind, heading.kind != .named,
                  case .prose = blocks[i + 1].kind, let subtitle = layout.lone[i + 1] else { continue }
            let widerAfter = subtitle.gapAfter > subtitle.gapBefore
            let titleForm = subtitle.isTitleLike && subtitle.words <= 6 && subtitle.text.count <= 40
                && (subtitle.words == 1 || subtitle.caseStyle == .capitals || Self.isTitleCased(subtitle.text))
            guard layout.lines[subtitle.line].columns <= Self.maximumTitleColumns, widerAfter || titleForm else { continue }
            if case .heading = blocks[i + 2].kind, !widerAfter { continue }
            blocks[i].kind = .heading(heading, taken: taken, title: subtitle.line, bodyFollows: false)
            blocks[i + 1].kind = .title
        }
    }

    /// Every word of four letters or more starts with a capital (`The Road North`, `What the Doctor Said`).
    static func isTitleCased(_ text: String) -> Bool {
        text.split(separator: " ").allSatisfy { word in word.filter(\.fastIsLetter).count < 4 || word.first?.fastIsUppercase == true }
    }

    // MARK: Repeated forms

    /// The smallest sequence of lines of one form that makes headings of them.
    static let minimumRepeatedForm = 3

    /// Short lines standing alone with a repeated form and a number that counts up from 1 (`Ночь первая`,
    /// `Ночь вторая`…; `Letter 1`, `Letter 2`…; `一`, `二`, `三` alone), counting again from 1 under each title of a
    /// collection: headings, whatever their words. The first lone line after the last of them set as they are
    /// (same case, indentation and blank lines around) and followed by text is one more (`Утро` after
    /// `Ночь четвертая`).
    func findRepeatedForms(_ blocks: inout [Block], layout: BookLayout) {
        var groups: [String: [(block: Int, number: Int, text: String)]] = [:]
        var order: [String] = []
        var numbers: [String: Int?] = [:]
        for i in layout.loneBlocks {
            guard case .prose = blocks[i].kind, let lone = layout.lone[i], layout.lines[lone.line].columns <= 40,
                  let form = Self.form(of: lone.text, numbers: &numbers) else { continue }
            if groups[form.stem] == nil { order.append(form.stem) }
            groups[form.stem, default: []].append((i, form.number, form.text))
        }
        for stem in order {
            guard let members = groups[stem], members.count >= Self.minimumRepeatedForm, members.first?.number == 1 else { continue }
            // The numbers count 1, 2, 3… in the order of the text, and may start again from 1.
            var restarts = 0
            let counts = zip(members, members.dropFirst()).allSatisfy { previous, next in
                if next.number == previous.number + 1 { return true }
                restarts += 1
                return next.number == 1 && previous.number >= 2
            }
            // Parts counting again under each title sit a level below the titles (the lone lines before them);
            // numbers that start again elsewhere number something else (the stanzas of songs).
            let underTitles = restarts > 0 && members.allSatisfy { member in
                member.number != 1 || layout.lone[member.block - 1].map { $0.isTitleLike && Self.form(of: $0.text, numbers: &numbers) == nil } == true
            }
            guard counts, restarts == 0 || underTitles else { continue }
            let level = underTitles ? 3 : 2
            for member in members {
                let heading = HeadingLine(kind: .numbered, level: level, text: member.text, number: member.number)
                blocks[member.block].kind = .heading(heading, taken: blocks[member.block].lines, title: nil, bodyFollows: false)
            }
            if restarts == 0 { addCompanion(after: members.map(\.block), level: level, blocks: &blocks, layout: layout) }
        }
    }

    /// The first lone line after the series `members` set as they are, without a number, followed by text.
    private func addCompanion(after members: [Int], level: Int, blocks: inout [Block], layout: BookLayout) {
        let set = members.compactMap { layout.lone[$0] }
        guard let last = members.last, let style = set.first?.caseStyle, set.allSatisfy({ $0.caseStyle == style }) else { return }
        func span(_ values: [Int]) -> ClosedRange<Int> { (values.min() ?? 0)...(values.max() ?? 0) }
        let gapsBefore = span(set.map(\.gapBefore)), gapsAfter = span(set.map(\.gapAfter)), indents = span(set.map(\.indent))
        guard let loneAfter = layout.loneBlocks.firstIndex(where: { $0 > last }) else { return }
        for i in layout.loneBlocks[loneAfter...] {
            guard let line = layout.lone[i], case .prose = blocks[i].kind else { continue }
            let alike = line.caseStyle == style && line.words <= 4 && line.isTitleLike
                && gapsBefore.contains(line.gapBefore) && gapsAfter.contains(line.gapAfter) && indents.contains(line.indent)
            guard alike else { continue }
            guard i + 1 < blocks.count, case .prose = blocks[i + 1].kind else { return }
            let heading = HeadingLine(kind: .numbered, level: level, text: line.text)
            blocks[i].kind = .heading(heading, taken: blocks[i].lines, title: nil, bodyFollows: false)
            return
        }
    }

    /// A line's form: its words but the number, and the number (a number word in any of ``NumberWords``'
    /// languages, an arabic, roman or Chinese numeral). Lines of more than four words, or that end a sentence
    /// with anything but a full stop, have none.
    ///
    /// `numbers` remembers each word's ``number(_:)`` across the lines of a book: its lone lines repeat their words
    /// (`CHAPTER` before each numeral), and rejecting a word that is no number word took up to 20 K instructions
    /// (War and Peace's first page through the CLI, callgrind).
    static func form(of text: String, numbers: inout [String: Int?]) -> (stem: String, number: Int, text: String)? {
        guard let first = text.first, first.fastIsUppercase || first.fastIsNumber || first.isIdeographic,
              !"!?…,;:".contains(text.last ?? " ") else { return nil }
        let split = text.split(whereSeparator: \.fastIsWhitespace)
        guard (1...4).contains(split.count) else { return nil }
        let words = split.map { $0.trimmingCharacters(".") }
        var stem: [String] = []
        var number: Int?
        for word in words {
            if number == nil, let value = Self.number(word, known: &numbers) { number = value; stem.append("#"); continue }
            guard word.first?.fastIsLetter == true else { return nil }
            stem.append(word.lowercased())
        }
        guard let number else { return nil }
        return (stem.joined(separator: " "), number, words.joined(separator: " "))
    }

    /// ``number(_:)`` of `word`, looked up in `known` first and added to it.
    static func number(_ word: String, known: inout [String: Int?]) -> Int? {
        if let value = known[word] { return value }
        let value = number(Substring(word))
        // `.some`: assigning nil itself would remove the entry rather than remember that the word is no number.
        known[word] = .some(value)
        return value
    }

    // MARK: Title series

    /// The fewest lines from one title of a series to the next.
    static let minimumTitledSection = 10

    /// Lone lines that stand out from the paragraphs in one way (``BookLayout/standsOut(_:)``), set alike (case,
    /// indentation, blank lines after), at least ``minimumRepeatedForm`` of them with different words, each
    /// followed by text: titles, whatever their words (the stories of an Aozora
    /// Bunko collection after its page breaks, chapters that have only names).
    ///
    /// Only in a book without numbered chapters (keywords or a counting form; parts under titles aside), and each
    /// title followed by ``minimumTitledSection`` lines at least: the dialogue of a play, a diary's dates, a line
    /// after a double blank line in a novel are set off too, but sit among chapters or open short stretches.
    func findTitleSeries(_ blocks: inout [Block], layout: BookLayout) {
        let hasChapters = blocks.contains {
            if case .heading(let heading, _, _, _) = $0.kind { return heading.kind != .named && heading.level <= 2 }
            return false
        }
        guard !hasChapters else { return }
        struct Signature: Hashable { let indent: Int, caseStyle: CaseStyle, gapAfter: Int }
        var groups: [Signature: [LoneLine]] = [:]
        var order: [Signature] = []
        for i in layout.loneBlocks {
            // A title ends with a full stop only in capitals or in three words at most (`MISS BROOKE.`, `Bicêtre.`);
            // set off by blank lines only, in a cased script, it is in capitals or title case (`The Old House`:
            // `Then the rain` after a scene break is the scene's first line).
            guard case .prose = blocks[i].kind, let line = layout.lone[i], line.isTitleLike,
                  !line.text.hasSuffix(".") || line.caseStyle == .capitals || line.words <= 3,
                  layout.lines[line.line].columns <= Self.maximumTitleColumns, layout.standsOut(line),
                  line.caseStyle != .capitalised || Self.isTitleCased(line.text) || line.followsSectionBreak
                    || line.indent >= layout.usualIndent + 4 else { continue }
            let signature = Signature(indent: line.indent / 2, caseStyle: line.caseStyle, gapAfter: min(line.gapAfter, 2))
            if groups[signature] == nil { order.append(signature) }
            groups[signature, default: []].append(line)
        }
        for signature in order {
            guard let members = groups[signature], members.count >= Self.minimumRepeatedForm,
                  Set(members.map(\.text)).count == members.count else { continue }
            // Each is followed by text: a block of prose, or a part heading and prose, before the next.
            let followed = zip(members, members.dropFirst().map(\.line) + [layout.lines.count]).allSatisfy { member, nextLine in
                nextLine - member.line >= Self.minimumTitledSection && member.block + 1 < blocks.count && {
                    if case .contents = blocks[member.block + 1].kind { return false }
                    return true
                }()
            }
            guard followed else { continue }
            for member in members {
                let heading = HeadingLine(kind: .numbered, level: 2, text: member.text)
                blocks[member.block].kind = .heading(heading, taken: blocks[member.block].lines, title: nil, bodyFollows: false)
            }
        }
    }

    // MARK: Front sections

    /// Before the first numbered heading of a book that has a named one (a preface), a lone line in capitals set
    /// off from the text and followed by it is a section of the front matter too (`UNE COMÉDIE À PROPOS D'UNE
    /// TRAGÉDIE`, the second preface of Le Dernier Jour d'un condamné).
    func findFrontSections(_ blocks: inout [Block], layout: BookLayout) {
        guard let firstNumbered = blocks.firstIndex(where: {
            if case .heading(let heading, _, _, _) = $0.kind { return heading.kind != .named }
            return false
        }), let firstNamed = blocks[..<firstNumbered].firstIndex(where: {
            if case .heading(let heading, _, _, _) = $0.kind { return heading.kind == .named }
            return false
        }) else { return }
        for i in layout.loneBlocks where i > firstNamed && i + 2 < firstNumbered {
            // Set at the start of the line or centred (not a column's label at the right, `PAGE`), and followed
            // by text within four blocks: one of three lines or more, one of them 50 columns long.
            guard case .prose = blocks[i].kind, let line = layout.lone[i], line.caseStyle == .capitals, line.isTitleLike,
                  line.gapBefore >= 1, line.gapAfter >= 1, 2 * line.indent + line.text.count <= 84,
                  blocks[(i + 1)...].prefix(4).contains(where: { block in
                      guard case .prose = block.kind, block.lines.count >= 3 else { return false }
                      return block.lines.contains { layout.lines[$0].columns >= 50 }
                  }) else { continue }
            blocks[i].kind = .heading(HeadingLine(kind: .named, level: 1, text: line.text), taken: blocks[i].lines, title: nil, bodyFollows: false)
        }
    }
}
