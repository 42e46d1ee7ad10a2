/// OpenType features a run of text asks for beyond what shaping turns on by itself (CSS Fonts 4 §6–7:
/// `font-variant-numeric`, `font-kerning`, `font-feature-settings` and the other `font-variant-*` properties), as
/// tags with values: 0 turns a feature off, 1 on, larger values pick an alternate.
///
/// A set holds one value per tag, sorted by tag. Sets are interned, as HarfBuzz interns languages: a value is a
/// 4-byte number for its set in a table the process keeps, so that a style without features costs nothing to copy
/// (a ``TextStyle`` is copied for every run shaped and laid out) and two equal sets compare and hash as their
/// numbers (they key the word cache). A set holds at most ``maximumCount`` tags (more are ignored); the table
/// holds at most ``maximumDistinctSets`` sets, and a set past them is the empty one (the font's defaults). A face
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
    /// The most distinct sets a process keeps (a book uses a few; the bound caps the table at a few megabytes
    /// whatever books are read).
    public static let maximumDistinctSets = 4_096

    /// 0 for the empty set, else the set's number in ``FontFeatureTable``.
    private let id: UInt32

    /// No features: the font's defaults.
    public init() { id = 0 }

    /// The set of `settings` by packed tag, in order: where a tag comes twice, its last value wins (as in CSS
    /// `font-feature-settings`). One set is made, however many settings there are.
    public init(_ settings: some Sequence<(tag: UInt32, value: UInt32)>) {
        var sorted: [Setting] = []
        for (tag, value) in settings { Self.set(tag, value, in: &sorted) }
        self.init(sorted: sorted)
    }

    /// The set of `settings` (sorted by tag, one per tag).
    private init(sorted settings: [Setting]) {
        id = settings.isEmpty ? 0 : FontFeatureTable.shared.id(of: settings)
    }

    /// Whether the set asks for nothing.
    @inline(__always)
    public var isEmpty: Bool { id == 0 }

    /// The settings, sorted by tag, one per tag.
    public var settings: [Setting] { id == 0 ? [] : FontFeatureTable.shared.settings(id) }

    /// The value asked for `tag`, or nil when the set does not say; setting nil removes it. A tag that is not four
    /// printable ASCII characters (`FontFeatures.tag(_:)`) is ignored.
    public subscript(tag: String) -> UInt32? {
        get { Self.tag(tag).flatMap { self[packed: $0] } }
        set { if let packed = Self.tag(tag) { self[packed: packed] = newValue } }
    }

    /// The value asked for a packed tag (see ``Setting/tag``), or nil; setting nil removes it.
    public subscript(packed tag: UInt32) -> UInt32? {
        get {
            let settings = self.settings
            let index = Self.insertionIndex(of: tag, in: settings)
            return index < settings.count && settings[index].tag == tag ? settings[index].value : nil
        }
        set {
            var settings = self.settings
            Self.set(tag, newValue, in: &settings)
            self = FontFeatures(sorted: settings)
        }
    }

    /// This set with `other`'s values on top: where both say a tag, `other`'s value wins.
    public func merging(_ other: FontFeatures) -> FontFeatures {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var merged = settings
        for setting in other.settings { Self.set(setting.tag, setting.value, in: &merged) }
        return FontFeatures(sorted: merged)
    }

    /// This set without the tags `tags` (packed).
    func removing(_ tags: [UInt32]) -> FontFeatures {
        if isEmpty { return self }
        return FontFeatures(sorted: settings.filter { !tags.contains($0.tag) })
    }

    /// Sets or removes `tag` in sorted `settings`, keeping at most ``maximumCount``.
    private static func set(_ tag: UInt32, _ value: UInt32?, in settings: inout [Setting]) {
        let index = insertionIndex(of: tag, in: settings)
        let present = index < settings.count && settings[index].tag == tag
        switch (present, value) {
        case (true, let value?): settings[index] = Setting(tag: tag, value: value)
        case (true, nil): settings.remove(at: index)
        case (false, let value?) where settings.count < maximumCount:
            settings.insert(Setting(tag: tag, value: value), at: index)
        case (false, _): break
        }
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

    /// The index where `tag` is or would go in sorted `settings` (binary search).
    private static func insertionIndex(of tag: UInt32, in settings: [Setting]) -> Int {
        var low = 0, high = settings.count
        while low < high {
            let middle = (low + high) / 2
            if settings[middle].tag < tag { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The process's table of ``FontFeatures`` sets: each distinct set once, numbered from 1 in the order first
/// asked for. Never shrinks (as HarfBuzz's languages); at most ``FontFeatures/maximumDistinctSets`` sets.
final class FontFeatureTable: Sendable {
    static let shared = FontFeatureTable()

    private struct Table {
        var sets: [[FontFeatures.Setting]] = []
        var ids: [[FontFeatures.Setting]: UInt32] = [:]
    }
    private let table = Locked(Table())

    /// The number of `settings` (not empty), or 0 (the empty set) when the table is full.
    func id(of settings: [FontFeatures.Setting]) -> UInt32 {
        table.withLock { table in
            if let known = table.ids[settings] { return known }
            guard table.sets.count < FontFeatures.maximumDistinctSets else { return 0 }
            table.sets.append(settings)
            let id = UInt32(table.sets.count)
            table.ids[settings] = id
            return id
        }
    }

    /// The settings of set `id` (empty for an unknown number).
    func settings(_ id: UInt32) -> [FontFeatures.Setting] {
        table.withLock { table in
            let index = Int(id) - 1
            return index >= 0 && index < table.sets.count ? table.sets[index] : []
        }
    }
}
