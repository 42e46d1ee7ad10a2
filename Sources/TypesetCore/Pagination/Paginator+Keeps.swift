/// The end of a paragraph that must share a column with what follows it: its lines from ``line`` on, and the
/// paragraphs it keeps with, ``height`` points in all with their spacing. Pagination starts a new column before
/// line ``line`` when they do not fit in what is left of the column (and sets them line by line when they are
/// taller than a whole column: CSS Fragmentation 3 §4.4 lets an avoided break be taken when no other will do).
struct KeptRun {
    var line: Int
    var height: Float

    /// Nothing kept: every line may end a column.
    static let none = KeptRun(line: 0, height: 0)
}

extension Paginator {
    /// The most paragraphs one kept run reaches across (a chain of headings, avoided breaks and kept blocks): past
    /// it the run is as tall as a column would need to be anyway, and the walk stays bounded per paragraph.
    static let keptChainLimit = 64

    /// What paragraph `local` (of `layouts`, document paragraph `first + local`) keeps together: a heading, a
    /// paragraph that keeps with the next (CSS `break-after: avoid`, a figure's parts) or one kept whole
    /// (`break-inside: avoid`). A heading or a kept-whole or short paragraph (fewer than twice `orphansAndWidows`
    /// lines) is kept from its first line, a longer one from its last `orphansAndWidows` lines; a paragraph that
    /// keeps with the next adds the next one's first lines (all of them when it is kept whole or short), and
    /// through it (or through a blank spacer, ``isBlank(_:)``) the next paragraphs of the chain, until the run is
    /// taller than `columnHeight`.
    func keptRun(_ local: Int, first: Int, layouts: [ParagraphLayout], text: StyledText, columnHeight: Double) -> KeptRun {
        let style = text.paragraphs[first + local].style
        let keepsNext = style.isHeading || style.keepsWithNext
        // Most paragraphs keep nothing: asked first, before the lines are read (a copy of them retains their storage).
        guard Self.keepsAnything(style) else { return .none }
        let lines = layouts[local].lines
        guard !lines.isEmpty else { return .none }
        let start = keptWhole(style, lineCount: lines.count) ? 0 : lines.count - keptLines
        var height = layouts[local].height - lines[start].top
        guard keepsNext else { return KeptRun(line: start, height: height) }
        var next = local + 1
        while next < layouts.count, next - local <= Self.keptChainLimit, Double(height) <= columnHeight {
            let nextStyle = text.paragraphs[first + next].style
            let nextLines = layouts[next].lines
            guard !nextStyle.startsSection, !nextLines.isEmpty else { break }
            // A table (after a caption or a heading): its first rows, as it places them, end the chain.
            if nextStyle.isTableCell, let table = tables.table(startingAt: first + next) {
                height += layouts[next - 1].spaceAfter + layouts[next].spaceBefore
                    + table.keptStartHeight(layouts, first: first, text: text, limit: columnHeight)
                break
            }
            let whole = keptWhole(nextStyle, lineCount: nextLines.count)
            let last = nextLines[whole ? nextLines.count - 1 : keptLines - 1]
            height += layouts[next - 1].spaceAfter + layouts[next].spaceBefore + last.top + last.height
            // A long paragraph in the chain ends it: its own end is kept when it is placed. A blank one (a spacer)
            // is no text to keep with: the keep passes through it to what follows.
            guard whole, nextStyle.isHeading || nextStyle.keepsWithNext || Self.isBlank(text.paragraphs[first + next]) else { break }
            next += 1
        }
        return KeptRun(line: start, height: height)
    }

    /// Whether a paragraph with `style` keeps anything together (``keptRun(_:first:layouts:text:columnHeight:)`` is
    /// ``KeptRun/none`` for every other): a heading, or one that keeps with the next or avoids breaks inside. Static, so
    /// that the paginator's loop asks it per paragraph without copying the paginator (312 bytes and its references)
    /// to call ``keptRun(_:first:layouts:text:columnHeight:)`` on most paragraphs, which keep nothing.
    @inline(__always)
    static func keepsAnything(_ style: borrowing ParagraphStyle) -> Bool {
        style.isHeading || style.keepsWithNext || style.keepsLinesTogether
    }

    /// Whether `paragraph` shows no text: only spaces and line breaks, as the spacers books put between a heading
    /// and its text (`<p><br/></p>`, `<p>&#160;</p>`). A heading kept with one alone
    /// would stand at a page's foot with blank lines under it. Reads up to its first visible unit.
    static func isBlank(_ paragraph: borrowing Paragraph) -> Bool {
        !paragraph.units[paragraph.contentRange].contains { unit in
            !(CharacterClass.isHangingSpace(unit) || unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
              || unit == 0xA0 || unit == 0x202F || unit == 0x2007)
        }
    }

    /// Whether a kept paragraph of `lineCount` lines stays whole: a heading, one that avoids breaks inside, or
    /// one too short to leave ``keptLines`` lines on each side of a break.
    private func keptWhole(_ style: ParagraphStyle, lineCount: Int) -> Bool {
        style.isHeading || style.keepsLinesTogether || lineCount / 2 < keptLines
    }

    /// The lines kept at each side of a break: `orphansAndWidows`, at least 1 whatever an app sets.
    private var keptLines: Int { max(1, settings.orphansAndWidows) }
}
