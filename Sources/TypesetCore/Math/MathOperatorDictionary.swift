/// MathML Core's operator dictionary (its Appendix "Operator Dictionary"): the default spacing and properties of
/// an operator from its text and form. The tables are generated from the specification's own data
/// (`make-math-tables.py` → `MathTables.swift`); this file holds the lookup algorithm.
enum MathOperatorDictionary {
    /// The form of an operator: before, between or after its operands.
    enum Form: UInt8 {
        case infix = 0, prefix = 1, postfix = 2
    }

    /// A category of operators (the specification's letters A–M).
    enum Category: Equatable {
        case `default`, forceDefault, a, b, c, d, e, f, g, h, i, j, k, l, m
    }

    /// The boolean properties of an operator.
    struct Properties: OptionSet, Hashable {
        let rawValue: UInt8
        static let stretchy = Properties(rawValue: 1)
        static let symmetric = Properties(rawValue: 2)
        static let largeop = Properties(rawValue: 4)
        static let movablelimits = Properties(rawValue: 8)
    }

    /// The category of an operator of text `content` in `form` ("algorithm to determine the category of an
    /// operator").
    static func category(_ content: ArraySlice<UInt16>, form: Form) -> Category {
        guard content.count == 1 || content.count == 2 else { return .default }
        var character: UInt32
        if content.count == 1 {
            character = UInt32(content[content.startIndex])
            if (0x0320...0x03FF).contains(character) { return .default }
        } else {
            let first = content[content.startIndex], second = content[content.startIndex + 1]
            if UTF16.isLeadSurrogate(first), UTF16.isTrailSurrogate(second) {
                let scalar = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                return (scalar == 0x1EEF0 || scalar == 0x1EEF1) && form == .postfix ? .i : .default
            }
            if second == 0x0338 || second == 0x20D2 {
                character = UInt32(first)
            } else if let index = twoCharacterOperators.firstIndex(where: { Array($0.utf16) == [first, second] }) {
                character = 0x0320 + UInt32(index)
            } else {
                return .default
            }
        }
        if form == .infix && (character == 0x007C || character == 0x223C) { return .forceDefault }
        let key = UInt32(form.rawValue) << 24 | character
        // The last entry whose first code point is at most the character's, in its form.
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key <= key { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return .default }
        let entry = entries[low - 1]
        guard entry.key >> 24 == UInt32(form.rawValue), character <= entry.last else { return .default }
        return entry.category
    }

    /// The category of an operator whose form is not given: in its form, then (when that gives the default, and the
    /// form was not written) infix, postfix and prefix, as the properties algorithm does.
    static func category(_ content: ArraySlice<UInt16>, form: Form, formIsExplicit: Bool) -> Category {
        let found = category(content, form: form)
        guard found == .default, !formIsExplicit else { return found }
        for other in [Form.infix, .postfix, .prefix] {
            let category = category(content, form: other)
            if category != .default { return category }
        }
        return .default
    }

    /// Whether the character's intrinsic stretch axis is inline (arrows, over- and underbraces, accents).
    static func stretchesInline(_ character: UInt32) -> Bool {
        if character == 0x1EEF0 || character == 0x1EEF1 { return true }
        var low = 0, high = inlineAxis.count
        while low < high {
            let middle = (low + high) / 2
            if inlineAxis[middle] < character { low = middle + 1 } else { high = middle }
        }
        return low < inlineAxis.count && inlineAxis[low] == character
    }
}
