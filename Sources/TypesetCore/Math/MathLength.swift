/// A MathML length attribute (`width`, `lspace`, `linethickness`, ...): CSS lengths and percentages, MathML's named
/// spaces, and, for `mpadded`, MathML 3's signed values and pseudo-units, which books still use.
enum MathLength: Equatable {
    /// A multiple of the element's font size.
    case em(Double)
    /// A multiple of the element's x-height.
    case ex(Double)
    /// Absolute, in CSS pixels (1/96 inch).
    case pixels(Double)
    /// A percentage of a reference the attribute defines.
    case percent(Double)
    /// A multiple of the element's own dimension (`mpadded`'s pseudo-units: `2height`, `50%width`).
    case pseudo(Double, MathPseudoUnit)

    /// Absolute lengths are taken with a 16 px em (CSS's `medium`): a formula is laid out in ems of the text around
    /// it, at any size, so a pixel is a sixteenth of that em.
    static let pixelsPerEm = 16.0

    /// Parses a value; nil when it is not a length (the attribute is then ignored, as MathML Core says).
    /// `allowsPseudoUnits` enables `mpadded`'s `width`, `height`, `depth` units.
    static func parse(_ string: String, allowsPseudoUnits: Bool = false) -> MathLength? {
        var text = String(string.trimmingSpaces).lowercased()
        if let named = namedSpaces[text] { return .em(named) }
        guard !text.isEmpty else { return nil }
        // The number: optional sign, digits, optional fraction.
        var numberEnd = text.startIndex
        var sawDigit = false
        if text[numberEnd] == "-" || text[numberEnd] == "+" { numberEnd = text.index(after: numberEnd) }
        while numberEnd < text.endIndex, text[numberEnd].isASCII, text[numberEnd].isNumber || text[numberEnd] == "." {
            if text[numberEnd].isNumber { sawDigit = true }
            numberEnd = text.index(after: numberEnd)
        }
        guard sawDigit, let number = Double(text[text.startIndex..<numberEnd]), number.isFinite else { return nil }
        text = String(text[numberEnd...]).trimmingSpaces.description
        switch text {
        case "em": return .em(number)
        case "ex": return .ex(number)
        case "px": return .pixels(number)
        case "pt": return .pixels(number * 96 / 72)
        case "pc": return .pixels(number * 16)
        case "in": return .pixels(number * 96)
        case "cm": return .pixels(number * 96 / 2.54)
        case "mm": return .pixels(number * 96 / 25.4)
        case "q": return .pixels(number * 96 / 101.6)
        case "%": return .percent(number)
        case "": return number == 0 ? .em(0) : nil
        default:
            guard allowsPseudoUnits else { return nil }
            var unit = Substring(text), factor = number
            if unit.hasPrefix("%") { factor /= 100; unit = unit.dropFirst() }
            if let named = namedSpaces[String(unit.trimmingSpaces)] { return .em(factor * named) }
            guard let pseudo = MathPseudoUnit(rawValue: String(unit.trimmingSpaces)) else { return nil }
            return .pseudo(factor, pseudo)
        }
    }

    /// MathML's named spaces, in ems.
    static let namedSpaces: [String: Double] = [
        "veryverythinmathspace": 1.0 / 18, "verythinmathspace": 2.0 / 18, "thinmathspace": 3.0 / 18,
        "mediummathspace": 4.0 / 18, "thickmathspace": 5.0 / 18, "verythickmathspace": 6.0 / 18,
        "veryverythickmathspace": 7.0 / 18,
        "negativeveryverythinmathspace": -1.0 / 18, "negativeverythinmathspace": -2.0 / 18,
        "negativethinmathspace": -3.0 / 18, "negativemediummathspace": -4.0 / 18,
        "negativethickmathspace": -5.0 / 18, "negativeverythickmathspace": -6.0 / 18,
        "negativeveryverythickmathspace": -7.0 / 18,
    ]

    /// The length in ems of the formula for an element of font scale `scale` and x-height `xHeight` (in its ems),
    /// a percentage taken of `reference` and pseudo-units of `dimensions`.
    func resolve(scale: Double, xHeight: Double, reference: Double = 0,
                 dimensions: (width: Double, height: Double, depth: Double) = (0, 0, 0)) -> Double {
        let value: Double
        switch self {
        case .em(let ems): value = ems * scale
        case .ex(let exs): value = exs * xHeight * scale
        case .pixels(let pixels): value = pixels / Self.pixelsPerEm
        case .percent(let percent): value = percent / 100 * reference
        case .pseudo(let factor, .width): value = factor * dimensions.width
        case .pseudo(let factor, .height): value = factor * dimensions.height
        case .pseudo(let factor, .depth): value = factor * dimensions.depth
        }
        // A hostile length (1e300em) would make the formula's box, and the page, absurd: lengths are held to
        // ±1000 ems of the formula.
        return value.isFinite ? min(max(value, -MathLength.maximumEms), MathLength.maximumEms) : 0
    }

    /// The largest length an attribute may give, in ems of the formula.
    static let maximumEms = 1000.0
}

/// `mpadded`'s pseudo-units: the content's own width, height or depth.
enum MathPseudoUnit: String {
    case width, height, depth
}
