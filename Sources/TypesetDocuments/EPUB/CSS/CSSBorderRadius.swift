import TypesetCore

/// `border-radius` and its longhands (CSS Backgrounds 3 §5.1): one corner's horizontal and vertical radii, each a
/// length or a percentage (of the box's width and height), never negative.
struct CSSBorderRadius: Equatable, Sendable {
    enum Corner: Int, CaseIterable, Sendable { case topLeft, topRight, bottomRight, bottomLeft }

    var corner: Corner
    var horizontal: CSSLength
    var vertical: CSSLength

    /// The declarations of `property: value` (lowercased); empty when the value cannot be read.
    static func parse(property: String, value: String) -> [CSSDeclaration] {
        let words = CSSDeclaration.words(value)
        let longhands: [String: Corner] = ["border-top-left-radius": .topLeft, "border-top-right-radius": .topRight,
                                           "border-bottom-right-radius": .bottomRight, "border-bottom-left-radius": .bottomLeft]
        if let corner = longhands[property.replacing("-webkit-", with: "")] {
            guard (1...2).contains(words.count), let lengths = radii(words) else { return [] }
            return [.borderRadius(CSSBorderRadius(corner: corner, horizontal: lengths[0], vertical: lengths[lengths.count - 1]))]
        }
        guard property == "border-radius" || property == "-webkit-border-radius" else { return [] }
        // `a b c d / e f g h`: the horizontal radii, then the vertical ones (the horizontal ones again without `/`),
        // each list expanded as margins are (top-left, top-right, bottom-right, bottom-left).
        let halves = value.split(separator: "/", omittingEmptySubsequences: false).map { CSSDeclaration.words(String($0)) }
        guard (1...2).contains(halves.count), let horizontal = corners(halves[0]) else { return [] }
        guard let vertical = halves.count == 2 ? corners(halves[1]) : horizontal else { return [] }
        return Corner.allCases.map {
            .borderRadius(CSSBorderRadius(corner: $0, horizontal: horizontal[$0.rawValue], vertical: vertical[$0.rawValue]))
        }
    }

    private static func radii(_ words: [String]) -> [CSSLength]? {
        var result: [CSSLength] = []
        for word in words {
            guard let length = CSSLength(Substring(word)), length != .auto, !length.isNegative else { return nil }
            result.append(length)
        }
        return result
    }

    /// One to four radii expanded to the four corners.
    private static func corners(_ words: [String]) -> [CSSLength]? {
        guard (1...4).contains(words.count), let r = radii(words) else { return nil }
        switch r.count {
        case 1: return [r[0], r[0], r[0], r[0]]
        case 2: return [r[0], r[1], r[0], r[1]]
        case 3: return [r[0], r[1], r[2], r[1]]
        default: return r
        }
    }
}

extension BorderRadii {
    /// The corners of `radii` (top-left, top-right, bottom-right, bottom-left), lengths in ems of the body for an
    /// element whose font is `fontScale` times the body's.
    init(_ radii: [CSSBorderRadius.Corner: (CSSLength, CSSLength)], fontScale: Double) {
        func length(_ value: CSSLength) -> BackgroundLayer.Length { value.layerLength(fontScale: fontScale) ?? .ems(0) }
        func corner(_ corner: CSSBorderRadius.Corner) -> Corner {
            guard let (h, v) = radii[corner] else { return .square }
            return Corner(horizontal: length(h), vertical: length(v))
        }
        self.init(topLeft: corner(.topLeft), topRight: corner(.topRight), bottomRight: corner(.bottomRight),
                  bottomLeft: corner(.bottomLeft))
    }
}
