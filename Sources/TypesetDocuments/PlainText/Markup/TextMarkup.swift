import TypesetCore

/// What a plain-text convention (Project Gutenberg's, Aozora Bunko's) marks up in a text, found on the decoded
/// units before they are split into paragraphs. Nothing here changes a unit: markup becomes styles (hidden
/// units, italics, ruby, replaced runs), paragraph styles for the lines it governs, headings, and the ranges of a
/// distributor's front and back matter.
struct TextMarkup {
    /// Style changes over document ranges, in any order; they may overlap (a ruby inside bold text).
    var changes: [StyledRange] = []
    /// Paragraph styles for the paragraph that starts at a line (by line index).
    var lineStyles: [Int: LineStyle] = [:]
    /// Lines that hold markup only (an Aozora `［＃改ページ］` on a line of its own): read as blank lines, so that they
    /// become separators and take no room.
    var markupOnlyLines: Set<Int> = []
    /// Headings the markup names (Aozora's `見出し`), by the line they start; when there are any, they replace the
    /// headings found by structure.
    var headings: [MarkedHeading] = []
    /// Whether the convention decides where paragraphs are: every line is one (Aozora Bunko), never joined.
    var everyLineIsAParagraph = false
    /// A distributor's front matter (Project Gutenberg's header, Aozora Bunko's notation legend), from the start.
    var frontMatter: Range<Int>?
    /// A distributor's back matter (Project Gutenberg's licence, Aozora Bunko's colophon), to the end.
    var backMatter: Range<Int>?
    /// Which convention was recognised, for the document (`typeset info`).
    var convention: PlainTextConvention = .none
    /// The language the convention implies (Aozora Bunko's books are Japanese), if any.
    var language: String?

    /// A heading the markup names.
    struct MarkedHeading {
        /// The first line of the heading.
        var line: Int
        /// 1 (大見出し), 2 (中見出し), 3 (小見出し).
        var level: Int
        /// The heading's text as it reads (markup left out).
        var title: String
        /// The heading's document range (its visible text), for a heading inside a line (同行見出し).
        var range: Range<Int>
        /// Whether it is a paragraph of its own (else a heading inside a line: styled, listed, no section).
        var isParagraph: Bool
    }

    /// The paragraph style markup asks for.
    struct LineStyle {
        var blockIndent: Double?
        var firstLineIndent: Double?
        var alignment: TextAlignment?
        var startsSection = false
        var headingLevel: Int?
        /// A line that continues the block of the one before (no paragraph spacing): the lines of an indented block.
        var continuesBlock = false
        var fontScale: Double?
        /// A short line that reads like a heading: kept with the next paragraph at a page break.
        var keepsWithNext = false
    }
}

/// A plain-text convention the reader recognised.
public enum PlainTextConvention: String, Hashable, Sendable {
    /// None in particular.
    case none
    /// Project Gutenberg's: a header and licence around the book, `_italics_`, `[Illustration]`.
    case projectGutenberg = "Project Gutenberg"
    /// Aozora Bunko's: ruby in `《》`, editor's notes in `［＃…］`, gaiji descriptions.
    case aozoraBunko = "Aozora Bunko"
}

/// A style change over a document range.
struct StyledRange {
    var range: Range<Int>
    var change: StyleChange
}

/// One thing markup does to the style of a stretch of text.
enum StyleChange: Hashable {
    case hidden
    case italic
    case bold
    case smallCaps
    /// Multiplies the font scale.
    case scale(Double)
    case emphasis(TextEmphasis)
    case sideLine(TextSideLine)
    /// Annotation units of the ruby base at this document range.
    case ruby(base: Range<Int>, position: RubyPosition)
    case replacement(String)
}

/// A run of one style in document offsets, before it is cut into paragraphs.
struct DocumentRun {
    var range: Range<Int>
    var changes: [StyleChange]

    /// The style for a paragraph starting at `paragraphStart` (ruby bases are paragraph-relative there).
    func style(paragraphStart: Int) -> TextStyle {
        var style = TextStyle()
        for change in changes {
            switch change {
            case .hidden: style.isHidden = true
            case .italic: style.isItalic = true
            case .bold: style.weight = 700
            case .smallCaps: style.smallCaps = true
            case .scale(let factor): style.fontScale *= factor
            case .emphasis(let emphasis): style.emphasis = emphasis
            case .sideLine(let line): style.sideLine = line
            case .ruby(let base, let position):
                style.ruby = RubyAnnotation(base: (base.lowerBound - paragraphStart)..<(base.upperBound - paragraphStart), position: position)
            case .replacement(let text): style.replacement = text
            }
        }
        return style
    }
}

extension TextMarkup {
    /// The changes as runs that do not overlap, each with every change covering it (in the order they were
    /// made), sorted; stretches no change covers are left out.
    func runs() -> [DocumentRun] {
        guard !changes.isEmpty else { return [] }
        var events: [(offset: Int, index: Int, opens: Bool)] = []
        events.reserveCapacity(changes.count * 2)
        for (index, change) in changes.enumerated() where !change.range.isEmpty {
            events.append((change.range.lowerBound, index, true))
            events.append((change.range.upperBound, index, false))
        }
        events.sort { $0.offset < $1.offset || ($0.offset == $1.offset && !$0.opens && $1.opens) }
        var active: [Int] = []
        var runs: [DocumentRun] = []
        var position = 0
        var cursor = 0
        while cursor < events.count {
            let offset = events[cursor].offset
            if offset > position, !active.isEmpty {
                let covering = active.sorted().map { changes[$0].change }
                if let last = runs.last, last.range.upperBound == position, last.changes == covering, !covering.contains(where: Self.isUnique) {
                    runs[runs.count - 1].range = last.range.lowerBound..<offset
                } else {
                    runs.append(DocumentRun(range: position..<offset, changes: covering))
                }
            }
            position = offset
            while cursor < events.count, events[cursor].offset == offset {
                let event = events[cursor]
                if event.opens { active.append(event.index) } else if let at = active.firstIndex(of: event.index) { active.remove(at: at) }
                cursor += 1
            }
        }
        return runs
    }

    /// Changes that belong to one run only (a replacement replaces its own units).
    private static func isUnique(_ change: StyleChange) -> Bool {
        if case .replacement = change { return true }
        return false
    }
}
