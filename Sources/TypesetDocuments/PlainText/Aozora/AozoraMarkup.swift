internal import CKernels
import TypesetCore

/// Aozora Bunko's notation in a plain-text book (see ``TextMarkup``), read as markup: nothing is removed, what is
/// notation is hidden or styled.
///
/// - Ruby: `漢字《かんじ》` (the base is the run of kanji, kana, or Latin letters before `《`, a gaiji counting as a
///   kanji), `｜青空文庫《あおぞらぶんこ》` (`｜` marks where the base starts). The reading is a ruby annotation of its
///   base (``TextStyle/ruby``), the brackets and the bar hidden; `《` without a base or a closing `》`, and `｜`
///   without ruby, stay text.
/// - Editor's notes `［＃…］` (``AozoraNote``) are hidden; those that carry layout are read: headings (大, 中, 小
///   見出し, into the table of contents; 大 and 中 start a section), page breaks, indentation (`字下げ`, blocks,
///   `折り返して`), lines set against the end edge (`地付き`, `字上げ`), emphasis dots and side lines (an attribute),
///   bold, italics, sizes, captions, annotations (`「X」に「ママ」の注記`, left-side ruby) as ruby of their target,
///   and the reading marks of classical Chinese, shown small. A note not understood, or whose target is not the
///   text before it, is shown (smaller): nothing is hidden that is not markup.
/// - Gaiji: `※［＃「てへん＋劣」、第3水準1-84-77］` is drawn as the character (JIS X 0213 or `U+XXXX`, see
///   ``AozoraGaiji``) in place of `※［` (``TextStyle/replacement``), the rest hidden; without a code the note is
///   shown after the `※`.
/// - Accent decomposition: `〔e'tiquette〕` is drawn `étiquette` (``AozoraAccent``).
/// - The notation legend between the dashed lines at the top is front matter, and the colophon after
///   `［＃本文終わり］` (else from `底本：`) back matter. Every line is a paragraph: Aozora Bunko files are not wrapped.
enum AozoraMarkup {
    /// Whether `units` read as an Aozora Bunko file: Japanese (kana), with its notes, bars or legend, or several
    /// kana readings in `《》` (Chinese text uses `《》` for titles, without kana).
    static func isAozora(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { isAozora($0) }
    }

    private static func isAozora(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var kana = 0, notes = 0, bars = 0, kanaRuby = 0, cjk = 0
        var i = 0
        let count = min(units.count, 1 << 20)
        guard let base = units.baseAddress else { return false }
        while i < count {
            let unit = units[i]
            // Every mark counted here is at U+3000 or above, and nearly every unit of a Western book below: the
            // stretch below is skipped in one SSE2 scan (CKernels; four units a word test in Swift took 5.2 M
            // instructions of War and Peace's first page through the CLI, a unit at a time 8 M, callgrind).
            guard unit >= 0x3000 else {
                i += 1 + CKernels_firstAtLeast(base + i + 1, count - i - 1, 0x3000)
                continue
            }
            if CharacterClass.isKana(unit) { kana += 1 }
            if unit >= 0x4E00 && unit <= 0x9FFF { cjk += 1 }
            if unit == 0xFF3B, i + 1 < count, units[i + 1] == 0xFF03 { notes += 1 }
            if unit == 0xFF5C { bars += 1 }
            if unit == 0x300A, i + 1 < count, CharacterClass.isKana(units[i + 1]) { kanaRuby += 1 }
            i += 1
        }
        guard kana >= 20, kana * 20 >= cjk else { return false }
        return notes > 0 || kanaRuby >= 3 || (bars > 0 && kanaRuby > 0)
    }

    static func find(_ units: [UInt16], lines: [SourceLine]) -> TextMarkup? {
        guard isAozora(units) else { return nil }
        var parser = AozoraParser(units: units, lines: lines)
        parser.run()
        return parser.markup
    }
}

/// The line-by-line reading behind ``AozoraMarkup``.
struct AozoraParser {
    let units: [UInt16]
    let lines: [SourceLine]
    private(set) var markup = TextMarkup()

    // Block state, carried from line to line.
    private var indentBlock: (first: Int, rest: Int)?
    private var alignEndBlock: Int?
    private var blocks: [AozoraNote.Action] = []
    private var pageBreakPending = false
    private var previousLineHasText = false
    private var previousParagraphIsHeading = false
    private var bodyEndsAfterLine: Int?

    // Per line.
    /// Ranges that are not the text a note's target quotes (ruby readings with their brackets, bars, notes).
    private var skips: [Range<Int>] = []
    /// Ranges hidden on this line (to tell a line of markup only).
    private var hiddenOnLine: [Range<Int>] = []
    /// The character each gaiji note was resolved to, and the note's end, by the note's start.
    private var gaiji: [Int: (character: String, end: Int)] = [:]
    private var lineIndex = 0
    private var lineStyle = TextMarkup.LineStyle()
    private var lineHeading: (level: Int, range: Range<Int>)?

    init(units: [UInt16], lines: [SourceLine]) {
        self.units = units
        self.lines = lines
        markup.everyLineIsAParagraph = true
        markup.convention = .aozoraBunko
        markup.language = "ja"
    }

    mutating func run() {
        let bodyStart = legendEnd()
        if let bodyStart { markup.frontMatter = 0..<lines[bodyStart - 1].end }
        // The colophon (`底本：` and the notes after it) is bibliographic metadata: its notes describe the source
        // edition and are never executed, so reading stops where it starts.
        let colophon = colophonStart(after: bodyStart ?? 0)
        var index = bodyStart ?? 0
        while index < (colophon ?? lines.count) {
            if !isNotationExample(lines[index]) { parse(line: index) }
            if let end = bodyEndsAfterLine, end == index { break }
            index += 1
        }
        let backStart = bodyEndsAfterLine.map { min($0 + 1, colophon ?? lines.count) } ?? colophon
        if let backStart, backStart < lines.count { markup.backMatter = lines[backStart].start..<units.count }
    }

    // MARK: Front and back matter

    /// How far from the top the notation legend's opening line of dashes is looked for.
    static let legendSearchLines = 200
    /// The longest legend, in lines.
    static let maximumLegendLines = 200

    /// The line after the notation legend near the top, or nil: a block between two lines of dashes that says it
    /// is the legend (`【テキスト中に現れる記号について】`, or entries such as `《》：ルビ` and `（例）…`). Everything in it is
    /// explanation: its example notes (`（例）［＃ここから３字下げ］`) are never executed.
    private func legendEnd() -> Int? {
        func isDashes(_ line: SourceLine) -> Bool {
            let content = units[(line.start + line.indent)..<line.contentEnd]
            var dashes = 0
            for unit in content {
                if unit == 0x2D || unit == 0xFF0D || unit == 0x2015 || unit == 0x2500 { dashes += 1 } else if unit != 0x20 && unit != 0x3000 && unit != 0x09 { return false }
            }
            return dashes >= 10
        }
        var index = 0
        while index < min(lines.count, Self.legendSearchLines) {
            guard isDashes(lines[index]) else { index += 1; continue }
            var end = index + 1
            var saysLegend = false
            while end < min(lines.count, index + Self.maximumLegendLines), !isDashes(lines[end]) {
                if isLegendLine(lines[end]) { saysLegend = true }
                end += 1
            }
            guard end < lines.count, isDashes(lines[end]) else { return nil }
            if saysLegend { return end + 1 }
            index = end + 1
        }
        return nil
    }

    /// A line that only a notation legend has: its title (`【テキスト中に現れる記号について】`, whatever surrounds it)
    /// or an entry (`《》：ルビ`, `［＃］：入力者注…`, `（例）…`).
    private func isLegendLine(_ line: SourceLine) -> Bool {
        let text = String(decoding: units[line.start..<line.contentEnd], as: UTF16.self)
        return text.contains("記号について") || text.contains("：ルビ") || text.contains("：入力者注") || isNotationExample(line)
    }

    /// A line that shows the notation (`（例）…`, as legends set their examples): its notes are examples, never
    /// executed, wherever it stands.
    private func isNotationExample(_ line: SourceLine) -> Bool {
        units[(line.start + line.indent)..<line.contentEnd].starts(with: Self.exampleMark)
    }

    private static let exampleMark = Array("（例）".utf16)

    /// The colophon's first line (`底本：`) among the last lines, when ［＃本文終わり］ did not say where the body ends.
    private func colophonStart(after bodyStart: Int) -> Int? {
        let marker = Array("底本：".utf16)
        let from = max(bodyStart, lines.count - 200)
        return (from..<lines.count).last { index in
            let line = lines[index]
            return line.length >= marker.count && units[line.start..<(line.start + marker.count)].elementsEqual(marker)
        }
    }

    // MARK: One line

    private mutating func parse(line index: Int) {
        let line = lines[index]
        lineIndex = index
        skips.removeAll(keepingCapacity: true)
        hiddenOnLine.removeAll(keepingCapacity: true)
        lineStyle = TextMarkup.LineStyle()
        lineHeading = nil
        var opened: [(action: AozoraNote.Action, start: Int)] = []
        let notes = AozoraNote.notes(in: units, line.start..<line.contentEnd)
        var nextNote = 0
        var bar: Int?
        var i = line.start
        while i < line.contentEnd {
            if nextNote < notes.count, notes[nextNote].range.lowerBound == i {
                let note = notes[nextNote]
                nextNote += 1
                handle(note, line: line, opened: &opened)
                i = note.range.upperBound
                continue
            }
            let unit = units[i]
            if unit == 0xFF5C {  // ｜
                bar = i
            } else if unit == 0x300A, let close = rubyEnd(from: i, line: line, notes: notes, nextNote: nextNote) {  // 《
                if ruby(open: i, close: close, bar: bar, line: line, notes: notes) {
                    bar = nil
                    i = close + 1
                    continue
                }
            } else if unit == 0x3014 {  // 〔
                if let end = accentBlock(from: i, line: line) { i = end; continue }
            }
            i += 1
        }
        finish(line: index, lineRange: line.start..<line.contentEnd)
    }

    /// Where the reading that opens at `open` closes, on the same line and outside notes.
    private func rubyEnd(from open: Int, line: SourceLine, notes: [AozoraNote], nextNote: Int) -> Int? {
        var i = open + 1
        var note = nextNote
        while i < line.contentEnd {
            if note < notes.count, notes[note].range.lowerBound == i { i = notes[note].range.upperBound; note += 1; continue }
            if units[i] == 0x300B { return i > open + 1 ? i : nil }
            if units[i] == 0x300A { return nil }
            i += 1
        }
        return nil
    }

    /// Marks `《…》` at `open`/`close` as the ruby of the base before it; false when there is no base.
    private mutating func ruby(open: Int, close: Int, bar: Int?, line: SourceLine, notes: [AozoraNote]) -> Bool {
        let baseStart: Int
        if let bar, bar + 1 < open {
            baseStart = bar + 1
            hide(bar..<(bar + 1))
            skips.append(bar..<(bar + 1))
        } else if let start = baseRunStart(before: open, line: line, notes: notes) {
            baseStart = start
        } else {
            return false
        }
        hide(open..<(open + 1))
        hide(close..<(close + 1))
        markup.changes.append(StyledRange(range: (open + 1)..<close, change: .ruby(base: baseStart..<open, position: .over)))
        hiddenOnLine.append((open + 1)..<close)
        skips.append(open..<(close + 1))
        return true
    }

    /// The start of the run of one kind of character before `end` (kanji, hiragana, katakana, fullwidth or ASCII
    /// letters; a gaiji counts as a kanji, an accent block as Latin letters), as Aozora Bunko finds a ruby's base.
    private func baseRunStart(before end: Int, line: SourceLine, notes: [AozoraNote]) -> Int? {
        var i = end
        var kind: CharacterKind?
        while i > line.start {
            // A gaiji (`※［＃…］`) ending here is one kanji.
            if units[i - 1] == 0xFF3D, let note = notes.last(where: { $0.range.upperBound == i && $0.isGaiji }) {
                guard kind == nil || kind == .kanji else { break }
                kind = .kanji
                i = note.range.lowerBound - 1
                continue
            }
            // An accent block ending here is Latin letters.
            if units[i - 1] == 0x3015, kind == nil, let open = (line.start..<(i - 1)).last(where: { units[$0] == 0x3014 }) {
                return open
            }
            let here = Self.kind(of: units[i - 1])
            guard here != .other else { break }
            if let kind, kind != here { break }
            kind = here
            i -= 1
        }
        return i < end && kind != nil ? i : nil
    }

    enum CharacterKind { case kanji, hiragana, katakana, fullwidth, ascii, other }

    /// Aozora Bunko's kinds of character for finding a ruby's base.
    static func kind(of unit: UInt16) -> CharacterKind {
        switch unit {
        case 0x3005, 0x3006, 0x3007, 0x30F6, 0x4EDD, 0x203B: return .kanji  // 々 〆 〇 ヶ 仝 ※
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xD800...0xDBFF, 0xDC00...0xDFFF: return .kanji
        case 0x3041...0x3096, 0x309D, 0x309E: return .hiragana
        case 0x30A1...0x30F5, 0x30F7...0x30FA, 0x30FC...0x30FE: return .katakana
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0x0391...0x03C9, 0x0410...0x044F, 0x2212, 0xFF06, 0x2019, 0xFF0C, 0xFF0E:
            return .fullwidth
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x23, 0x2D, 0x26, 0x27, 0x2C, 0xC0...0x24F: return .ascii
        default: return .other
        }
    }

    /// An accent block `〔…〕` at `open` (ASCII inside, with at least one accent): brackets hidden, accents
    /// replaced. Returns where scanning goes on, or nil when it is no accent block.
    private mutating func accentBlock(from open: Int, line: SourceLine) -> Int? {
        guard let close = (open..<line.contentEnd).first(where: { units[$0] == 0x3015 }), close > open + 1,
              units[(open + 1)..<close].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var changes: [StyledRange] = []
        var i = open + 1
        while i < close {
            var matched = false
            for length in [3, 2] where i + length <= close {
                let key = String(decoding: units[i..<(i + length)], as: UTF16.self)
                guard let character = AozoraAccent.table[key] else { continue }
                changes.append(StyledRange(range: i..<(i + 1), change: .replacement(String(character))))
                changes.append(StyledRange(range: (i + 1)..<(i + length), change: .hidden))
                i += length
                matched = true
                break
            }
            if !matched { i += 1 }
        }
        guard !changes.isEmpty else { return nil }
        markup.changes += changes
        hide(open..<(open + 1))
        hide(close..<(close + 1))
        return close + 1
    }

    // MARK: Notes

    private mutating func handle(_ note: AozoraNote, line: SourceLine, opened: inout [(action: AozoraNote.Action, start: Int)]) {
        if note.isGaiji { gaijiNote(note); return }
        skips.append(note.range)
        switch note.meaning(in: units) {
        case .reference(let target, let action):
            guard let range = targetRange(target, before: note.range.lowerBound, line: line) else { show(note); return }
            hide(note.range, except: Self.annotation(of: action))
            apply(action, to: range, note: note, line: line)
        case .open(let action):
            hide(note.range)
            opened.append((action, note.range.upperBound))
        case .close(let action, let annotation):
            guard let index = opened.lastIndex(where: { Self.closes(action, $0.action) }) else { show(note); return }
            let opening = opened.remove(at: index)
            hide(note.range, except: annotation)
            if case .annotation(_, let closingSide) = action, case .annotation(_, let openingSide) = opening.action, let annotation {
                // `［＃左に注記付き］X［＃左に「Y」の注記付き終わり］`: Y annotates X, on the left if either note says so.
                let side: RubyPosition = closingSide == .under || openingSide == .under ? .under : .over
                annotate(annotation, base: opening.start..<note.range.lowerBound, position: side)
            } else {
                apply(opening.action, to: opening.start..<note.range.lowerBound, note: note, line: line)
            }
        case .indentLine(let n):
            hide(note.range)
            if isAtLineStart(note, line: line) { lineStyle.blockIndent = Double(n) }
        case .alignEnd(let raise):
            hide(note.range)
            if isAtLineStart(note, line: line) {
                lineStyle.alignment = .end
                lineStyle.blockIndent = Double(raise)
            }
        case .indentBlock(let first, let rest):
            hide(note.range)
            indentBlock = (first, rest)
        case .indentBlockEnd:
            hide(note.range)
            indentBlock = nil
        case .alignEndBlock(let raise):
            hide(note.range)
            alignEndBlock = raise
        case .alignEndBlockEnd:
            hide(note.range)
            alignEndBlock = nil
        case .block(let action, let opens):
            hide(note.range)
            if opens {
                blocks.append(action)
            } else if let index = blocks.lastIndex(where: { Self.closes(action, $0) }) {
                blocks.remove(at: index)
            }
        case .pageBreak:
            hide(note.range)
            pageBreakPending = true
        case .endOfBody:
            hide(note.range)
            bodyEndsAfterLine = lineIndex
        case .readingMark(let shown):
            hide(note.range.lowerBound..<shown.lowerBound)
            hide(shown.upperBound..<note.range.upperBound)
            markup.changes.append(StyledRange(range: shown, change: .scale(0.6)))
        case .hidden:
            hide(note.range)
        case .unknown:
            show(note)
        }
    }

    /// Whether a closing note for `closing` ends a pair opened by `opening` (`大きな文字終わり` ends any size).
    private static func closes(_ closing: AozoraNote.Action, _ opening: AozoraNote.Action) -> Bool {
        switch (closing, opening) {
        case (.scale(1), .scale): return true
        case (.annotation, .annotation): return true
        default: return closing == opening
        }
    }

    /// A gaiji note after `※`: the character drawn in place of `※［` (or `※`), the rest hidden; without one, the
    /// note is shown (the description is all there is).
    private mutating func gaijiNote(_ note: AozoraNote) {
        let mark = note.range.lowerBound - 1
        let description = NoteText(units: units, range: note.content).string
        guard let character = AozoraGaiji.character(describedBy: description) else { show(note); return }
        let length = character.utf16.count
        guard length <= 1 + note.range.count - 1 else { show(note); return }
        markup.changes.append(StyledRange(range: mark..<(mark + length), change: .replacement(character)))
        if mark + length < note.range.upperBound {
            markup.changes.append(StyledRange(range: (mark + length)..<note.range.upperBound, change: .hidden))
            hiddenOnLine.append((mark + length)..<note.range.upperBound)
        }
        gaiji[note.range.lowerBound] = (character, note.range.upperBound)
    }

    /// Marks `annotation` (units inside a note) as ruby of `base`, its own gaiji resolved (`本ト麟太郎※［＃コト、1-2-24］`).
    private mutating func annotate(_ annotation: Range<Int>, base: Range<Int>, position: RubyPosition) {
        markup.changes.append(StyledRange(range: annotation, change: .ruby(base: base, position: position)))
        for nested in AozoraNote.notes(in: units, annotation) where nested.isGaiji {
            let description = NoteText(units: units, range: nested.content).string
            guard let character = AozoraGaiji.character(describedBy: description), character.utf16.count <= nested.range.count else { continue }
            let mark = nested.range.lowerBound - 1
            markup.changes.append(StyledRange(range: mark..<(mark + character.utf16.count), change: .replacement(character)))
            markup.changes.append(StyledRange(range: (mark + character.utf16.count)..<nested.range.upperBound, change: .hidden))
        }
    }

    private func isAtLineStart(_ note: AozoraNote, line: SourceLine) -> Bool {
        (line.start..<note.range.lowerBound).allSatisfy { offset in
            units[offset] == 0x3000 || units[offset] == 0x20 || hiddenOnLine.contains { $0.contains(offset) }
        }
    }

    /// Does what `action` asks over `range`.
    private mutating func apply(_ action: AozoraNote.Action, to range: Range<Int>, note: AozoraNote, line: SourceLine) {
        guard !range.isEmpty else { return }
        switch action {
        case .emphasis(let emphasis): markup.changes.append(StyledRange(range: range, change: .emphasis(emphasis)))
        case .sideLine(let line): markup.changes.append(StyledRange(range: range, change: .sideLine(line)))
        case .bold: markup.changes.append(StyledRange(range: range, change: .bold))
        case .italic: markup.changes.append(StyledRange(range: range, change: .italic))
        case .scale(let factor) where factor != 1: markup.changes.append(StyledRange(range: range, change: .scale(factor)))
        case .scale: break
        case .annotation(let annotation, let position):
            if let annotation { annotate(annotation, base: range, position: position) }
        case .heading(let level, let inline):
            markup.changes.append(StyledRange(range: range, change: .bold))
            markup.changes.append(StyledRange(range: range, change: .scale([1.5, 1.3, 1.15][min(2, max(0, level - 1))])))
            let wholeLine = !inline && visibleKey(range) == visibleKey(line.start..<line.contentEnd)
            if wholeLine { lineHeading = (level, range) }
            markup.headings.append(TextMarkup.MarkedHeading(line: lineIndex, level: level, title: title(range), range: range,
                                                           isParagraph: wholeLine))
        case .none: break
        }
    }

    /// The document range of the text `target` (units inside a note) just before `end` on the line, skipping
    /// ruby readings, bars and other notes as the notation does.
    private func targetRange(_ target: Range<Int>, before end: Int, line: SourceLine) -> Range<Int>? {
        guard !target.isEmpty else { return nil }
        var t = target.upperBound
        var i = end
        var first = end
        while t > target.lowerBound {
            // Step back over what the target does not quote.
            while i > line.start, let skip = skips.last(where: { $0.contains(i - 1) && !$0.contains(end) }),
                  !isGaijiNote(skip) {
                i = skip.lowerBound
            }
            guard i > line.start else { return nil }
            // A gaiji in the target is quoted whole (`※［＃…］`), nested notes and all.
            guard units[i - 1] == units[t - 1] else { return nil }
            i -= 1
            t -= 1
            first = i
        }
        return first..<end
    }

    private func isGaijiNote(_ range: Range<Int>) -> Bool {
        gaiji[range.lowerBound] != nil
    }

    /// The units of `range` a reader sees, without white space: to tell whether a heading is its whole line.
    private func visibleKey(_ range: Range<Int>) -> [UInt16] {
        var key: [UInt16] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if let skip = skips.first(where: { $0.contains(i) }), !isGaijiNote(skip) { i = skip.upperBound; continue }
            if hiddenOnLine.contains(where: { $0.contains(i) }) { i += 1; continue }
            let unit = units[i]
            if unit != 0x3000 && unit != 0x20 && unit != 0x09 { key.append(unit) }
            i += 1
        }
        return key
    }

    /// A heading's title: its visible text, gaiji resolved.
    private func title(_ range: Range<Int>) -> String {
        var result: [UInt16] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if units[i] == 0x203B, let resolved = gaiji[i + 1] {
                result += Array(resolved.character.utf16)
                i = resolved.end
                continue
            }
            if let skip = skips.first(where: { $0.contains(i) }) { i = skip.upperBound; continue }
            if hiddenOnLine.contains(where: { $0.contains(i) }) { i += 1; continue }
            result.append(units[i])
            i += 1
        }
        return String(decoding: result, as: UTF16.self).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private mutating func hide(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        markup.changes.append(StyledRange(range: range, change: .hidden))
        hiddenOnLine.append(range)
    }

    /// Hides a note but for the annotation inside it, which is ruby (out of the line as well, but drawn by ruby
    /// layout, so not hidden).
    private mutating func hide(_ range: Range<Int>, except annotation: Range<Int>?) {
        guard let annotation, range.contains(annotation.lowerBound) else { hide(range); return }
        hide(range.lowerBound..<annotation.lowerBound)
        hide(annotation.upperBound..<range.upperBound)
        hiddenOnLine.append(annotation)
    }

    /// The annotation units of an action, if it has any.
    private static func annotation(of action: AozoraNote.Action) -> Range<Int>? {
        if case .annotation(let range, _) = action { return range }
        return nil
    }

    /// A note left visible (unknown, or its target not found): smaller, so that it reads as a note.
    private mutating func show(_ note: AozoraNote) {
        markup.changes.append(StyledRange(range: note.range, change: .scale(0.8)))
    }

    // MARK: The line's paragraph

    private mutating func finish(line index: Int, lineRange: Range<Int>) {
        let hasText = lineRange.contains { offset in
            let unit = units[offset]
            return unit != 0x3000 && unit != 0x20 && unit != 0x09 && !hiddenOnLine.contains { $0.contains(offset) }
        }
        guard hasText else {
            // A line of markup only takes no room: read as a blank line, its directives kept for the next one.
            if !lineRange.isEmpty && !lines[index].isBlank { markup.markupOnlyLines.insert(index) }
            previousLineHasText = false
            return
        }
        var style = lineStyle
        style.firstLineIndent = style.firstLineIndent ?? 0
        if style.blockIndent == nil, let block = indentBlock {
            style.blockIndent = Double(block.rest)
            style.firstLineIndent = Double(block.first - block.rest)
        }
        if style.alignment == nil, let raise = alignEndBlock {
            style.alignment = .end
            style.blockIndent = Double(raise)
        }
        // Inline styles opened over whole lines (`ここから太字`), and block headings.
        for action in blocks {
            switch action {
            case .heading(let level, _):
                guard lineHeading == nil else { break }
                lineHeading = (level, lineRange)
                markup.changes.append(StyledRange(range: lineRange, change: .bold))
                markup.changes.append(StyledRange(range: lineRange, change: .scale([1.5, 1.3, 1.15][min(2, max(0, level - 1))])))
                // The lines of one heading block are one entry of the contents.
                if previousParagraphIsHeading, var last = markup.headings.last, last.isParagraph, last.line == index - 1 {
                    last.title += " " + title(lineRange)
                    last.line = index
                    markup.headings[markup.headings.count - 1] = last
                } else {
                    markup.headings.append(TextMarkup.MarkedHeading(line: index, level: level, title: title(lineRange),
                                                                    range: lineRange, isParagraph: true))
                }
            default:
                let note = AozoraNote(range: lineRange.lowerBound..<lineRange.lowerBound, content: lineRange, isGaiji: false)
                apply(action, to: lineRange, note: note, line: lines[index])
            }
        }
        if let heading = lineHeading {
            style.headingLevel = heading.level
            // 大 and 中 headings start a section, unless they follow another heading (one group, one page).
            if heading.level <= 2 && !previousParagraphIsHeading { style.startsSection = true }
            previousParagraphIsHeading = true
        } else {
            previousParagraphIsHeading = false
        }
        if pageBreakPending {
            style.startsSection = true
            pageBreakPending = false
        }
        // Lines that follow one another are one block (no paragraph spacing); a blank line keeps its gap.
        style.continuesBlock = previousLineHasText
        previousLineHasText = true
        markup.lineStyles[index] = style
    }
}
