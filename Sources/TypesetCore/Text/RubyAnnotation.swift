/// What makes units a ruby annotation: the base they annotate and the side they go on.
///
/// The model keeps ruby as the source has it: the base's units and the annotation's units are both in the text
/// (Aozora Bunko's `漢字《かんじ》`), the annotation marked with this attribute. Until ruby layout, annotation units
/// take no place in the line (see ``TextStyle/ruby``).
public struct RubyAnnotation: Hashable, Sendable {
    /// The base's range, in UTF-16 units relative to the paragraph's start (as ``AttributeRun/range``).
    public var base: Range<Int>
    /// Where the annotation goes.
    public var position: RubyPosition

    /// Creates an annotation of `base`.
    public init(base: Range<Int>, position: RubyPosition = .over) { self.base = base; self.position = position }
}

/// The side of its base a ruby annotation goes on (CSS `ruby-position`).
public enum RubyPosition: String, Hashable, Sendable {
    /// Above horizontal text, to the right of vertical text (the usual side).
    case over
    /// Below horizontal text, to the left of vertical text (Aozora Bunko's `左に…のルビ`).
    case under
    /// In horizontal text, set upright in a column of its own to the right of its base, taking room in the line
    /// after the base (CSS Ruby 1's `inter-character`, as Zhuyin is set in Taiwan); in vertical text, ``over``.
    case interCharacter = "inter-character"
}
