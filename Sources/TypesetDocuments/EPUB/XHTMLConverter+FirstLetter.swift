import TypesetCore

extension XHTMLConverter {
    /// The `::first-letter` style of a block element, if the book's sheets give it one, and whether it makes a drop
    /// cap: `initial-letter: N` drops it N lines; a first letter floated and at least 1.8 times the text's size
    /// drops it 2 lines (3 from 2.6 times), as a browser's float of that size would.
    func firstLetterStyle(_ path: ElementPath, style: ComputedStyle) -> FirstLetter? {
        let rules = sheet.matchingRules(path, pseudoElement: .firstLetter).filter { rule in rule.condition.map { media.live[$0] } ?? true }
        guard !rules.isEmpty else { return nil }
        var letter = style.inherited
        let source = ComputedStyle.Source(fromPublisher: true, publisherStyles: publisherStyles)
        letter.apply(rules.flatMap { rule in rule.declarations.map { ($0, source) } }, parent: style, isRoot: false)
        return FirstLetter(style: letter, dropLines: XHTMLConverter.dropLines(letter, textScale: style.fontScale))
    }

    /// How many lines an element of `style` drops over text of `textScale`, if it is a drop cap.
    static func dropLines(_ style: ComputedStyle, textScale: Double) -> Int? {
        if let lines = style.initialLetter { return min(max(lines, 2), DropCap.maximumLines) }
        let ratio = style.fontScale / max(textScale, 0.01)
        guard style.float, ratio >= 1.8 else { return nil }
        return ratio >= 2.6 ? 3 : 2
    }

    /// Appends `units`, the first of a paragraph's text, with the waiting `::first-letter` style on its first
    /// letter (and the punctuation before it), or with all of them as a drop cap when they are a short floated,
    /// enlarged element (`<span class="dropcap">T</span>`). False, with nothing appended, when neither applies.
    mutating func appendFirstLetter(_ units: [UInt16], block: BlockContext, inline: InlineContext) -> Bool {
        var letterStyle: ComputedStyle
        var lines: Int?
        var length: Int
        if let pending = pendingFirstLetter {
            pendingFirstLetter = nil
            letterStyle = pending.style
            lines = pending.dropLines
            length = XHTMLConverter.firstLetterLength(units)
        } else if publisherStyles, inline.style.float || inline.style.initialLetter != nil, units.count <= 4,
                  let dropped = XHTMLConverter.dropLines(inline.style, textScale: block.style.fontScale) {
            letterStyle = inline.style
            lines = dropped
            length = units.count
        } else {
            return false
        }
        guard length > 0 else { return false }
        // A list item's marker comes first; a drop cap must open its paragraph.
        if paragraphMarkerLength > 0 || letterStyle.hidden { lines = nil }
        var capInline = inline
        capInline.style = letterStyle
        var capStyle = textStyle(capInline)
        if let lines {
            // The layout sizes a drop cap to its lines; its own run must differ from the text after it, and a
            // little letter spacing keeps the text off it.
            capStyle.fontScale = max(capStyle.fontScale, Double(lines))
            capStyle.letterSpacing = 0.06
            capStyle.baselineShift = 0
            paragraphDropCap = DropCap(length: length, lines: lines)
        }
        append(Array(units[..<length]), style: capStyle)
        if length < units.count { append(Array(units[length...]), style: textStyle(inline)) }
        return true
    }

    /// The units of the first letter of `units`: any punctuation before it, the letter (or digit) and the marks
    /// on it; 0 when they hold no letter.
    static func firstLetterLength(_ units: [UInt16]) -> Int {
        var index = 0
        let scalars = String(decoding: units, as: UTF16.self).unicodeScalars
        var iterator = scalars.makeIterator()
        var sawLetter = false
        while let scalar = iterator.next() {
            let category = scalar.properties.generalCategory
            let width = scalar.utf16.count
            switch category {
            case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
                 .dashPunctuation:
                if sawLetter { return index }
                index += width
            case .nonspacingMark, .spacingMark, .enclosingMark:
                index += width
            default:
                if sawLetter { return index }
                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return sawLetter ? index : 0 }
                sawLetter = true
                index += width
            }
        }
        return sawLetter ? index : 0
    }
}
