/// OpenType features a run of text asks for beyond what shaping turns on by itself (CSS Fonts 4 §6–7:
/// `font-variant-numeric`, `font-kerning`, `font-feature-settings` and the other `font-variant-*` properties), as
/// tags with values: 0 turns a feature off, 1 on, larger values pick an alternate.
///
/// A set holds one value per tag, kept sorted by tag, so that two sets asking for the same features are equal
/// and hash alike (they key the word cache). It holds at most ``maximumCount`` tags; more are ignored. A face
/// without a feature ignores it. ``TextStyle/smallCaps`` and ``TextStyle/ligatures`` stay the usual way to ask
/// for small capitals and to turn common ligatures off; features here are applied after them, so a tag here wins
/// (CSS Fonts 4 §7.2: `font-feature-settings` over the `font-variant-*` properties).
///
/// ```swift
/// var style = TextStyle()
/// style.fontFeatures["onum"] = 1   // old-style figures
/// style.fontFeatures["kern"] = 0   // no kerning
/// ```
public struct FontFeatures: Hashable, Sendable {
    /// One feature: an OpenType tag (four ASCII characters, packed big-endian as OpenType and HarfBuzz pack them)
    /// and its value.
    public struct Setting: Hashable, Sendable {
        /// The tag, packed: `onum` is `0x6F6E756D`.
        public let tag: UInt32
        /// 0 (off), 1 (on) or the index of an alternate.
        public let value: UInt32
    }

    /// The most tags a set holds: a book's style sheet asks for a handful; the bound keeps shaping a run linear
    /// in its text whatever a caller or a book asks.
    public static let maximumCount = 64

    /// The settings, sorted by tag, one per tag.
    public private(set) var settings: [Setting] = []

    /// No features: the font's defaults.
    public init() {}

    /// Whether the set asks for nothing.
    @inline(__always)
    public var isEmpty: Bool { settings.isEmpty }

    /// The value asked for `tag`, or nil when the set does not say; setting nil removes it. A tag that is not four
    /// printable ASCII characters (`FontFeatures.tag(_:)`) is ignored.
    public subscript(tag: String) -> UInt32? {
        get { Self.tag(tag).flatMap { self[packed: $0] } }
        set { if let packed = Self.tag(tag) { self[packed: packed] = newValue } }
    }

    /// The value asked for a packed tag (see ``Setting/tag``), or nil; setting nil removes it.
    public subscript(packed tag: UInt32) -> UInt32? {
        get {
            let index = insertionIndex(of: tag)
            return index < settings.count && settings[index].tag == tag ? settings[index].value : nil
        }
        set {
            let index = insertionIndex(of: tag)
            let present = index < settings.count && settings[index].tag == tag
            switch (present, newValue) {
            case (true, let value?): settings[index] = Setting(tag: tag, value: value)
            case (true, nil): settings.remove(at: index)
            case (false, let value?) where settings.count < Self.maximumCount:
                settings.insert(Setting(tag: tag, value: value), at: index)
            case (false, _): break
            }
        }
    }

    /// This set with `other`'s values on top: where both say a tag, `other`'s value wins.
    public func merging(_ other: FontFeatures) -> FontFeatures {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var merged = self
        for setting in other.settings { merged[packed: setting.tag] = setting.value }
        return merged
    }

    /// This set without the tags `tags` (packed).
    func removing(_ tags: [UInt32]) -> FontFeatures {
        if isEmpty { return self }
        var kept = self
        kept.settings.removeAll { tags.contains($0.tag) }
        return kept
    }

    /// `tag` packed as OpenType packs it, or nil unless it is four ASCII characters from U+20 to U+7E (CSS Fonts 4
    /// §6.12: any other string is invalid).
    public static func tag(_ tag: String) -> UInt32? {
        var packed: UInt32 = 0, count = 0
        for unit in tag.utf8 {
            guard unit >= 0x20 && unit <= 0x7E && count < 4 else { return nil }
            packed = packed << 8 | UInt32(unit)
            count += 1
        }
        return count == 4 ? packed : nil
    }

    /// The index where `tag` is or would go (binary search: the settings are sorted).
    private func insertionIndex(of tag: UInt32) -> Int {
        var low = 0, high = settings.count
        while low < high {
            let middle = (low + high) / 2
            if settings[middle].tag < tag { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
