import TypesetCore

/// A readable text tree of a layout, for golden tests: pages, then lines with their ranges, boxes, baselines
/// and text. Numbers are points with at most two decimals.
public enum LayoutDump {
    /// Dumps `pages` (all by default) of `layout`.
    public static func dump(_ layout: BookLayout, pages: Range<Int>? = nil, textWidth: Int = 48) -> String {
        let s = layout.settings
        var out = "Layout \(layout.mode.rawValue) \(s.pageSize) font=\(s.fontFamily) size=\(formatPoints(s.fontSize)) "
            + "lineHeight=\(formatPoints(s.lineHeightMultiple)) align=\(s.alignment.rawValue) columns=\(s.columns) "
            + "pages=\(layout.pages.count) length=\(layout.text.length)\n"
        let selected = pages ?? 0..<layout.pages.count
        for (position, index) in selected.enumerated() {
            let page = layout.pages[index]
            let lastPage = position == selected.count - 1
            out += (lastPage ? "└─ " : "├─ ") + "Page \(index) [\(page.range.lowerBound)..<\(page.range.upperBound)] section=\(page.section)\n"
            let lines = layout.lines(onPage: index)
            for (i, line) in lines.enumerated() {
                let prefix = (lastPage ? "   " : "│  ") + (i == lines.count - 1 ? "└─ " : "├─ ")
                let text = layout.text.string(in: line.range)
                out += prefix + "[\(line.range.lowerBound)..<\(line.range.upperBound)] \(line.rect) base=\(formatPoints(line.baseline))"
                    + (line.direction == .rightToLeft ? " rtl" : "") + (line.isHyphenated ? " hyphen" : "") + " " + quote(text, width: textWidth) + "\n"
            }
        }
        return out
    }

    /// The text with control characters made visible, cut to `width` characters.
    static func quote(_ text: String, width: Int) -> String {
        var visible = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": visible += "⏎"
            case "\r": visible += "␍"
            case "\t": visible += "⇥"
            default: visible.unicodeScalars.append(scalar)
            }
        }
        if visible.count > width { visible = String(visible.prefix(width - 1)) + "…" }
        return "\"" + visible + "\""
    }
}
