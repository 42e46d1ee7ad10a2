import TypesetCore

/// CSS `filter` (Filter Effects 1 §5): `none`, or a list of filter functions read into a ``ColorFilter``.
///
/// A function's argument follows §13: a number or a percentage (`invert(100%)` is `invert(1)`), left out for its
/// default (1; `hue-rotate` 0 deg); negative amounts make the declaration invalid, and amounts above 1 are clamped
/// for `invert`, `grayscale`, `sepia` and `opacity`. `blur()`, `drop-shadow()` and `url()` are read and left out of
/// the drawing (they change an image's shape, not its colours); any other word makes the declaration invalid, so
/// it is ignored as CSS ignores invalid declarations.
enum CSSFilter {
    /// What a `filter` value says: `.some(nil)` for `none` (or a list of functions Typeset does not draw),
    /// `.some(filter)`, or nil when the value is invalid.
    static func read(_ value: String) -> ColorFilter?? {
        let text = value.trimmingWhiteSpace()
        if text == "none" { return .some(nil) }
        var functions: [ColorFilter.Function] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            let name = rest[..<open].trimmingWhiteSpace()
            guard let close = closing(rest, from: open) else { return nil }
            let argument = rest[rest.index(after: open)..<close].trimmingWhiteSpace()
            guard let function = function(name, argument: argument) else { return nil }
            if let function = function { functions.append(function) }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.trimmingWhiteSpace().isEmpty, text.contains("(") else { return nil }
        return .some(functions.isEmpty ? nil : ColorFilter(functions))
    }

    /// The `)` that closes the `(` at `open` (a `drop-shadow()` holds an `rgba()`), nil when none does.
    private static func closing(_ text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        for index in text[open...].indices {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// One function: `.some(nil)` for one read but not drawn, nil when it is invalid.
    private static func function(_ name: String, argument: String) -> ColorFilter.Function?? {
        switch name {
        case "blur", "drop-shadow", "url": return .some(nil)
        case "hue-rotate":
            if argument.isEmpty { return .some(.hueRotate(degrees: 0)) }
            return CSSAngle.degrees(argument).map { .some(.hueRotate(degrees: $0)) }
        default:
            guard let amount = amount(argument) else { return nil }
            switch name {
            case "invert": return .some(.invert(min(amount, 1)))
            case "grayscale": return .some(.grayscale(min(amount, 1)))
            case "sepia": return .some(.sepia(min(amount, 1)))
            case "opacity": return .some(.opacity(min(amount, 1)))
            case "saturate": return .some(.saturate(amount))
            case "brightness": return .some(.brightness(amount))
            case "contrast": return .some(.contrast(amount))
            default: return nil
            }
        }
    }

    /// `<number> | <percentage>` as a number (1 when left out); nil when it is neither or negative.
    private static func amount(_ argument: String) -> Double? {
        if argument.isEmpty { return 1 }
        let isPercent = argument.hasSuffix("%")
        guard let value = Double(isPercent ? String(argument.dropLast()) : argument), value.isFinite, value >= 0 else { return nil }
        return isPercent ? value / 100 : value
    }
}
