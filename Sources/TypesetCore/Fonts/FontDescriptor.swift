/// What a run of text asks of a font: a family, a weight and a slant.
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// Family name as requested (`Georgia`, `serif`...).
    public var family: String
    /// CSS-style weight, 100–900.
    public var weight: Int
    /// Whether an italic face is wanted.
    public var isItalic: Bool

    /// Creates a descriptor.
    public init(family: String, weight: Int = 400, isItalic: Bool = false) {
        self.family = family; self.weight = weight; self.isItalic = isItalic
    }

    /// `Family:weight=700:italic`.
    public var description: String {
        family + (weight == 400 ? "" : ":weight=\(weight)") + (isItalic ? ":italic" : "")
    }
}
