internal import CKernels
import TypesetCore

/// Project Gutenberg's conventions in a plain-text book (see ``TextMarkup``):
/// - the header before `*** START OF THE PROJECT GUTENBERG EBOOK … ***` (or an old file's `*END*THE SMALL
///   PRINT!` line) is front matter, and the licence from `End of the Project Gutenberg EBook of …` or
///   `*** END OF THE PROJECT GUTENBERG EBOOK … ***` on is back matter: kept, but the book starts after the one and
///   ends before the other. A header without its end marker is no front matter (nothing is hidden that may be text);
/// - `_italic words_`: the underscores are hidden and the words between them set in italics, within one block
///   of lines, when the opening one starts a word and the closing one ends a word (`snake_case` and rules of
///   underscores stay as they are);
/// - `[Illustration]` and `[Illustration: caption]` (over several lines, nested brackets included) are a
///   placeholder for the picture: the brackets hidden, the rest centred, italic and smaller. A chapter heading
///   that closes the caption (`Chapter I.]`, as illustrated editions have it) stays a heading.
enum GutenbergMarkup {
    /// How far into the file the header's end marker is looked for, and how far from the end the licence's start.
    static let headerLines = 400
    /// The longest illustration caption, in lines.
    static let maximumIllustrationLines = 40

    /// With `italics` false, the body's `_italics_` are left out (see ``addItalics(_:lines:to:)``).
    static func find(_ units: [UInt16], lines: [SourceLine], italics: Bool = true) -> TextMarkup {
        var markup = TextMarkup()
        func text(_ line: SourceLine) -> String {
            units[line.start..<line.contentEnd].withUnsafeBufferPointer { String(decoding: $0, as: UTF16.self) }
        }
        // Every marker names Gutenberg but the oldest (`*END*THE SMALL PRINT!`): only lines that do are made strings
        // (the licence's search looks at the last twentieth of the book's lines).
        func mayBeMarker(_ line: SourceLine) -> Bool {
            line.length < 200 && (contains(units, line, "GUTENBERG") || contains(units, line, "SMALL PRINT"))
        }
        // The header ends at its START marker.
        for index in lines.indices.prefix(headerLines) where mayBeMarker(lines[index]) {
            let line = text(lines[index]).uppercased()
            if (line.hasPrefix("***") && line.contains("START OF") && line.contains("GUTENBERG"))
                || line.hasPrefix("*END*THE SMALL PRINT") {
                markup.frontMatter = 0..<lines[index].end
                break
            }
        }
        let bodyFirstLine = markup.frontMatter.map { front in lines.firstIndex { $0.start >= front.upperBound } ?? lines.count } ?? 0
        // The licence starts at the first end marker of the last lines.
        let tailStart = max(bodyFirstLine, lines.count - max(headerLines, lines.count / 20))
        for index in tailStart..<lines.count where mayBeMarker(lines[index]) {
            let line = text(lines[index]).trimmingWhiteSpace.uppercased()
            if (line.hasPrefix("***") && line.contains("END OF") && line.contains("GUTENBERG"))
                || line.hasPrefix("END OF THE PROJECT GUTENBERG") || line.hasPrefix("END OF PROJECT GUTENBERG") {
                markup.backMatter = lines[index].start..<units.count
                break
            }
        }
        if markup.frontMatter != nil || markup.backMatter != nil { markup.convention = .projectGutenberg }
        findIllustrations(units, lines: lines, in: bodyLines(of: markup, lines: lines), into: &markup)
        if italics { findItalics(units, lines: lines, in: bodyLines(of: markup, lines: lines), into: &markup) }
        return markup
    }

    /// The body's `_italics_`, which ``find(_:lines:italics:)`` left out, added to `markup` (found in `lines`, the
    /// lines it was found in): a book's opening, its header, needs none (``PlainTextReader/readOpening(path:)``).
    static func addItalics(_ units: [UInt16], lines: [SourceLine], to markup: inout TextMarkup) {
        findItalics(units, lines: lines, in: bodyLines(of: markup, lines: lines), into: &markup)
    }

    /// The lines of the body: after the header's end marker, before the licence.
    private static func bodyLines(of markup: TextMarkup, lines: [SourceLine]) -> Range<Int> {
        let first = markup.frontMatter.map { front in lines.firstIndex { $0.start >= front.upperBound } ?? lines.count } ?? 0
        return first..<(markup.backMatter.map { end in lines.firstIndex { $0.start >= end.lowerBound } ?? lines.count } ?? lines.count)
    }

    /// Whether `line` holds `word` (upper-case ASCII) in any case.
    private static func contains(_ units: [UInt16], _ line: SourceLine, _ word: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let first = pattern.first, line.length >= pattern.count else { return false }
        return units.withUnsafeBufferPointer { buffer in
            var i = line.start
            while i + pattern.count <= line.contentEnd {
                // ASCII letters fold to upper case by clearing bit 5; the pattern's other bytes (a space) must match.
                if buffer[i] & 0xFFDF == UInt16(first) {
                    var k = 1
                    while k < pattern.count {
                        let unit = buffer[i + k], byte = UInt16(pattern[k])
                        guard unit == byte || (byte >= 0x41 && byte <= 0x5A && unit == byte | 0x20) else { break }
                        k += 1
                    }
                    if k == pattern.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// `[Illustration…]` blocks: brackets hidden, the placeholder centred, italic and smaller.
    private static func findIllustrations(_ units: [UInt16], lines: [SourceLine], in body: Range<Int>, into markup: inout TextMarkup) {
        let keyword = Array("[Illustration".utf16)
        var index = body.lowerBound
        while index < body.upperBound {
            let line = lines[index]
            let first = line.start + line.indent
            guard first + keyword.count <= line.contentEnd, units[first..<(first + keyword.count)].elementsEqual(keyword),
                  first + keyword.count == line.contentEnd || [0x3A, 0x5D, 0x20, 0x2E].contains(units[first + keyword.count]) else {
                index += 1
                continue
            }
            // The matching bracket, nested brackets counted, within a few lines.
            var depth = 0
            var closing: (offset: Int, line: Int)?
            var scan = index
            search: while scan < min(body.upperBound, index + maximumIllustrationLines) {
                let current = lines[scan]
                var i = scan == index ? first : current.start
                while i < current.contentEnd {
                    if units[i] == 0x5B { depth += 1 }
                    if units[i] == 0x5D {
                        depth -= 1
                        if depth == 0 { closing = (i, scan); break search }
                    }
                    i += 1
                }
                scan += 1
            }
            guard let closing else { index += 1; continue }
            markup.changes.append(StyledRange(range: first..<(first + 1), change: .hidden))
            markup.changes.append(StyledRange(range: closing.offset..<(closing.offset + 1), change: .hidden))
            markup.changes.append(StyledRange(range: (first + 1)..<(first + keyword.count), change: .smallCaps))
            // A heading that closes the caption keeps its own style (only its bracket is hidden).
            var lastStyled = closing.line
            let closingLine = lines[closing.line]
            if closing.line > index,
               HeadingLine.parse(units[(closingLine.start + closingLine.indent)..<closing.offset]) != nil {
                lastStyled = closing.line - 1
            }
            let styledEnd = lastStyled == closing.line ? closing.offset : lines[lastStyled].contentEnd
            if first + 1 < styledEnd {
                markup.changes.append(StyledRange(range: (first + 1)..<styledEnd, change: .italic))
                markup.changes.append(StyledRange(range: (first + 1)..<styledEnd, change: .scale(0.9)))
            }
            for styled in index...lastStyled where !lines[styled].isBlank {
                markup.lineStyles[styled, default: TextMarkup.LineStyle()].alignment = .center
            }
            index = closing.line + 1
        }
    }

    /// `_italics_` within blocks of non-blank lines.
    private static func findItalics(_ units: [UInt16], lines: [SourceLine], in body: Range<Int>, into markup: inout TextMarkup) {
        units.withUnsafeBufferPointer { findItalics($0, lines: lines, in: body, into: &markup) }
    }

    /// The pass over every unit of the book's body, through a buffer (no bounds checks on the book's text).
    private static func findItalics(_ units: UnsafeBufferPointer<UInt16>, lines: [SourceLine], in body: Range<Int>,
                                    into markup: inout TextMarkup) {
        func isWordCharacter(_ unit: UInt16) -> Bool {
            if unit < 0x80 {
                return (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
            }
            return Unicode.Scalar(unit).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? true
        }
        var index = body.lowerBound
        while index < body.upperBound {
            guard !lines[index].isBlank else { index += 1; continue }
            var end = index
            while end < body.upperBound, !lines[end].isBlank { end += 1 }
            let from = lines[index].start, to = lines[end - 1].contentEnd
            var open: Int?
            var i = nextUnderscore(units, from: from, to: to)
            while i < to {
                let before: UInt16 = i > from ? units[i - 1] : 0x20
                let after: UInt16 = i + 1 < to ? units[i + 1] : 0x20
                if before == 0x5F || after == 0x5F {
                    // A run of underscores (a rule, a blank to fill in) is text.
                    while i < to, units[i] == 0x5F { i += 1 }
                    open = nil
                } else {
                    if let start = open, !CharacterClass.isSeparator(before), !isWordCharacter(after) {
                        if start + 1 < i {
                            markup.changes.append(StyledRange(range: start..<(start + 1), change: .hidden))
                            markup.changes.append(StyledRange(range: i..<(i + 1), change: .hidden))
                            markup.changes.append(StyledRange(range: (start + 1)..<i, change: .italic))
                        }
                        open = nil
                    } else if !isWordCharacter(before), !CharacterClass.isSeparator(after) {
                        open = i
                    }
                    i += 1
                }
                i = nextUnderscore(units, from: i, to: to)
            }
            index = end
        }
    }

    /// The index of the first `_` in `units[from..<to]`, else `to`: CKernels' SSE2 scan, since most of a book has
    /// none (War and Peace's 3.3 M units took 23 M instructions a unit at a time, 10.3 M four at a time in Swift
    /// word arithmetic, callgrind).
    @inline(__always)
    private static func nextUnderscore(_ units: UnsafeBufferPointer<UInt16>, from: Int, to: Int) -> Int {
        guard let base = units.baseAddress, from < to else { return from }
        return from + CKernels_firstUnit(base + from, to - from, 0x5F)
    }
}
