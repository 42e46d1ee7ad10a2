import TypesetCore

/// Kinsoku shori (禁則処理), the East Asian rules about what may not start or end a line, applied where the reader
/// decides which source line breaks to keep: a source line break is never kept (the lines are joined into one
/// paragraph, the break read as nothing between wide characters) when the next line starts with a character
/// that may not start a line, or the line ends with an opening bracket. Layout's own line breaks follow the same
/// rules through ICU (UAX #14).
package enum Kinsoku {
    /// Characters that may not start a line (JIS X 4051 行頭禁則, in its strict form: small kana and `ー` too):
    /// closing brackets and quotes, the comma, full stop and other punctuation, iteration marks, the prolonged
    /// sound mark, small kana.
    package static let lineStartProhibited: Set<UInt16> = Set("""
        ）〕］｝〉》」』】〙〗〟’”｠»、。，．・：；？！‼⁇⁈⁉゛゜ヽヾゝゞ々〻ー゠〜～ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ\
        ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ﹐﹑﹒﹔﹕﹖﹗)]}
        """.utf16.filter { $0 != 0x0A })

    /// Characters that may not end a line (行末禁則): opening brackets and quotes.
    package static let lineEndProhibited: Set<UInt16> = Set("（〔［｛〈《「『【〘〖〝‘“｟«".utf16)

    /// Whether the source line break after `line` must not be kept: `next` (not blank) starts with a character
    /// that may not start a line, or `line` ends with one that may not end a line, between East Asian text
    /// (a wide character on one side).
    static func mustJoin(_ line: SourceLine, _ next: SourceLine, units: [UInt16]) -> Bool {
        guard !line.isBlank, !next.isBlank, line.contentEnd > line.start else { return false }
        let last = units[line.contentEnd - 1]
        let first = units[next.start + next.indent]
        // No wide character lies below U+1100: one comparison each for a Western book's lines.
        let wideContext = (last >= 0x1100 && CharacterClass.isWide(last)) || (first >= 0x1100 && CharacterClass.isWide(first))
        guard wideContext else { return false }
        return lineStartProhibited.contains(first) || lineEndProhibited.contains(last)
    }
}
