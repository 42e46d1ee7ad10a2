import TypesetCore

/// A length that mixes units, as a `calc()` of them leaves it (CSS Values 4 §10.9: a sum of terms in each unit):
/// `calc(98vh - 3em)` is 98 vh and −3 em. Its parts are resolved where a length of one unit is, each by its rule
/// (``CSSLength/ems(fontScale:)``), and added.
struct CSSLinearLength: Hashable, Sendable {
    /// Ems of the element's own font.
    var em = 0.0
    /// Ems of the root font.
    var rem = 0.0
    /// Percent of the reference its property names.
    var percent = 0.0
    /// CSS pixels (every absolute unit converted: 1 pt is 4/3 px).
    var px = 0.0
    /// Percent of the viewport's width, height, smaller and larger extent.
    var vw = 0.0, vh = 0.0, vmin = 0.0, vmax = 0.0

    /// The parts as lengths of one unit, those that are not zero.
    var parts: [CSSLength] {
        writtenParts.compactMap { CSSLength(number: $0.value, unit: Substring($0.unit)) }
    }

    /// The parts as (value, unit as CSS writes it), those that are not zero.
    var writtenParts: [(value: Double, unit: String)] {
        [(em, "em"), (rem, "rem"), (percent, "%"), (px, "px"), (vw, "vw"), (vh, "vh"), (vmin, "vmin"), (vmax, "vmax")]
            .compactMap { $0.0 != 0 ? (value: $0.0, unit: $0.1) : nil }
    }

    /// `value` of `unit` (lower-cased, as ``CSSLength/init(_:)`` reads it), nil for a unit that is not a length's or
    /// a percentage's.
    init?(_ value: Double, unit: Substring) {
        guard let length = CSSLength(number: value, unit: unit) else { return nil }
        self.init(length)
    }

    /// `length` as a sum of units, nil for `auto`.
    init?(_ length: CSSLength) {
        switch length {
        case .em(let v): em = v
        case .rem(let v): rem = v
        case .percent(let v): percent = v
        case .px(let v): px = v
        case .pt(let v): px = v * 4 / 3
        case .viewport(let v, .width): vw = v
        case .viewport(let v, .height): vh = v
        case .viewport(let v, .smaller): vmin = v
        case .viewport(let v, .larger): vmax = v
        case .sum(let sum): self = sum
        case .auto: return nil
        }
    }

    /// The percentage part, nil when there is none.
    var percentPart: Double? { percent != 0 ? percent : nil }

    /// Zero in every unit.
    init() {}

    /// The parts as an array, in a fixed order (for arithmetic over all of them).
    var values: [Double] { [em, rem, percent, px, vw, vh, vmin, vmax] }

    /// The length whose parts are `values`, in ``values``' order.
    init(values: [Double]) {
        guard values.count == 8 else { return }
        (em, rem, percent, px) = (values[0], values[1], values[2], values[3])
        (vw, vh, vmin, vmax) = (values[4], values[5], values[6], values[7])
    }

    /// The sum, part by part.
    static func + (a: CSSLinearLength, b: CSSLinearLength) -> CSSLinearLength {
        CSSLinearLength(values: zip(a.values, b.values).map { $0 + $1 })
    }

    /// Every part times `factor`.
    static func * (a: CSSLinearLength, factor: Double) -> CSSLinearLength {
        CSSLinearLength(values: a.values.map { $0 * factor })
    }

    /// Every part divided by `divisor`.
    static func / (a: CSSLinearLength, divisor: Double) -> CSSLinearLength {
        CSSLinearLength(values: a.values.map { $0 / divisor })
    }

    /// Which parts are not zero, one bit per part in ``values``' order: two lengths of one unit can be compared
    /// without knowing the element (`min(2em, 3em)`), lengths of two cannot.
    var unitMask: Int {
        values.enumerated().reduce(0) { $0 | ($1.element != 0 ? 1 << $1.offset : 0) }
    }
}

extension CSSLength {
    /// The length as a block's width, a background's position or size, a corner's radius measure it: a
    /// percentage of their reference, ems of the body for an element whose font is `fontScale` times the body's,
    /// or a percentage plus ems (a ``CSSLength/sum(_:)`` with a percentage). Nil for `auto` or a length that is not
    /// finite.
    func layerLength(fontScale: Double) -> BackgroundLayer.Length? {
        switch self {
        case .auto: return nil
        case .percent(let percent): return percent.isFinite ? .percent(percent) : nil
        case .sum(var sum) where sum.percentPart != nil:
            let percent = sum.percent
            sum.percent = 0
            let ems = CSSLength.sum(sum).ems(fontScale: fontScale)
            return percent.isFinite && ems.isFinite ? .sum(percent: percent, ems: ems) : nil
        default:
            let ems = ems(fontScale: fontScale)
            return ems.isFinite ? .ems(ems) : nil
        }
    }
}
