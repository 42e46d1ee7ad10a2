/// A bounded cache of shaped words, keyed by everything that affects shaping (minikin's and Blink's word
/// caches are the model). Words are the stretches between spaces, so a book's few thousand distinct words are
/// shaped once each.
///
/// One cache belongs to one ``ShapingContext`` (one thread at a time), so lookups take no lock. When it is full
/// it is cleared, as Blink's `ShapeCache` does: books rarely have more distinct words than the bound.
struct ShapeCache {
    struct Key: Hashable {
        var faceID: Int32
        var script: UInt32
        var rightToLeft: Bool
        var smallCaps: Bool
        var language: String?
        var units: [UInt16]
    }

    /// Glyphs of one word in logical order, clusters relative to the word's start, advances in ems.
    struct Entry {
        var glyphIDs: [UInt16]
        var clusters: [UInt16]
        var advances: [Float]
        var offsets: [SIMD2<Float>]
    }

    /// The longest word (in UTF-16 units) worth caching.
    static let maximumWordLength = 48

    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int = 20_000) { self.capacity = capacity }

    mutating func lookup(_ key: Key) -> Entry? {
        if let entry = entries[key] { hits += 1; return entry }
        misses += 1
        return nil
    }

    mutating func insert(_ entry: Entry, for key: Key) {
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }

    mutating func resetCounters() { hits = 0; misses = 0 }

    var count: Int { entries.count }
}
