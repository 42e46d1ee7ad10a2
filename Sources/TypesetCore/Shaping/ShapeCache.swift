#if canImport(Glibc)
import Glibc
#endif

/// A bounded cache of shaped words, keyed by everything that affects shaping: face, script, direction,
/// language, features and the word's UTF-16 units (minikin's and Blink's word caches are the model). Words are
/// the stretches between spaces, so a book's few thousand distinct words are shaped once each.
///
/// One cache belongs to one ``ShapingContext`` (one thread at a time), so lookups take no lock. Storage is a set of
/// flat arenas (units, glyph ids, clusters, advances, offsets) indexed by slots, so a lookup allocates nothing and
/// copying a hit into a paragraph retains nothing. The table is open-addressed on a 64-bit hash of the key
/// (linear probing, at most half full); a hit is verified against the stored key. When the cache holds ``capacity`` words it
/// is cleared, as Blink's `ShapeCache` is: books rarely have more distinct words than that.
struct ShapeCache {
    /// What identifies a shaping of a word, apart from its units.
    struct Style: Equatable {
        var faceID: Int32
        var script: UInt32
        var rightToLeft: Bool
        var smallCaps: Bool
        var languageID: Int32
    }

    private struct Slot {
        var hash: UInt64
        var style: Style
        var unitStart: Int32
        var unitCount: Int32
        var glyphStart: Int32
        var glyphCount: Int32
        /// Index of the first offset in ``offsets``, or -1 when every offset of the word is zero.
        var offsetStart: Int32
    }

    /// The longest word (in UTF-16 units) worth caching.
    static let maximumWordLength = 48

    let capacity: Int
    /// Slot index + 1 per bucket (0: empty); a power of two at least twice ``capacity``.
    private var buckets: [Int32]
    private let mask: Int
    private var slots: [Slot] = []
    private var units: [UInt16] = []
    private var glyphIDs: [UInt16] = []
    private var clusters: [UInt16] = []
    private var advances: [Float] = []
    private var offsets: [SIMD2<Float>] = []
    private(set) var hits = 0
    private(set) var misses = 0

    /// A cache of no capacity, shared: what a context holds while its own cache is lent out.
    static let placeholder = ShapeCache(capacity: 1)

    init(capacity: Int = 65_536) {
        self.capacity = capacity
        var size = 1
        while size < capacity * 2 { size <<= 1 }
        buckets = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// The slot holding `style` and `text[range]`, or nil; `bucket` is where the probe ended (the key's place).
    private func find(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64)
        -> (slot: Int?, bucket: Int) {
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return (nil, bucket) }
            let slot = slots[Int(entry) - 1]
            if slot.hash == hash, slot.style == style, Int(slot.unitCount) == range.count,
               units.withUnsafeBufferPointer({ stored in
                   guard let storedBase = stored.baseAddress, let textBase = text.baseAddress else { return range.isEmpty }
                   return memcmp(storedBase + Int(slot.unitStart), textBase + range.lowerBound, range.count * 2) == 0
               }) {
                return (Int(entry) - 1, bucket)
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// The hash of a key (FNV-1a over the style and the units, then a final mix).
    static func hash(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        @inline(__always) func mix(_ value: UInt64) { h = (h ^ value) &* 0x100000001b3 }
        mix(UInt64(UInt32(bitPattern: style.faceID)))
        mix(UInt64(style.script))
        mix(UInt64(UInt32(bitPattern: style.languageID)) << 2 | (style.rightToLeft ? 1 : 0) | (style.smallCaps ? 2 : 0))
        for i in range { mix(UInt64(text[i])) }
        h ^= h >> 33
        h = h &* 0xff51afd7ed558ccd
        h ^= h >> 33
        return h
    }

    /// Appends the cached glyphs of `text[range]` to `sink` (clusters shifted to `range.lowerBound`) and returns
    /// true, or returns false on a miss.
    mutating func append(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64,
                         into sink: inout GlyphSink) -> Bool {
        guard let index = find(style, text, range, hash: hash).slot else { misses += 1; return false }
        let slot = slots[index]
        hits += 1
        let glyphs = Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)
        // Copies through buffer pointers: appending array slices went through generic, unspecialized code on
        // every hit (a third of the cache's cost, callgrind).
        glyphIDs.withUnsafeBufferPointer { ids in
            clusters.withUnsafeBufferPointer { relative in
                advances.withUnsafeBufferPointer { more in
                    offsets.withUnsafeBufferPointer { allOffsets in
                        sink.append(ids: UnsafeBufferPointer(rebasing: ids[glyphs]),
                                    clusters: UnsafeBufferPointer(rebasing: relative[glyphs]), base: range.lowerBound,
                                    advances: UnsafeBufferPointer(rebasing: more[glyphs]),
                                    offsets: slot.offsetStart < 0 ? nil
                                        : UnsafeBufferPointer(rebasing: allOffsets[Int(slot.offsetStart)..<(Int(slot.offsetStart) + glyphs.count)]))
                    }
                }
            }
        }
        return true
    }

    /// Stores the glyphs of a word: the last `count` glyphs of `sink`, whose clusters are relative to `base`.
    mutating func insert(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64,
                         from sink: GlyphSink, count: Int) {
        if slots.count >= capacity {
            for i in buckets.indices { buckets[i] = 0 }
            slots.removeAll(keepingCapacity: true)
            units.removeAll(keepingCapacity: true); glyphIDs.removeAll(keepingCapacity: true)
            clusters.removeAll(keepingCapacity: true); advances.removeAll(keepingCapacity: true)
            offsets.removeAll(keepingCapacity: true)
        }
        let first = sink.glyphIDs.count - count
        let bucket = find(style, text, range, hash: hash).bucket
        var slot = Slot(hash: hash, style: style, unitStart: Int32(units.count), unitCount: Int32(range.count),
                        glyphStart: Int32(glyphIDs.count), glyphCount: Int32(count), offsetStart: -1)
        for i in range { units.append(text[i]) }
        glyphIDs.append(contentsOf: sink.glyphIDs[first...])
        for c in sink.clusters[first...] { clusters.append(UInt16(clamping: Int(c) - range.lowerBound)) }
        advances.append(contentsOf: sink.advances[first...])
        if sink.hasOffsets && sink.offsets[first...].contains(where: { $0 != .zero }) {
            slot.offsetStart = Int32(offsets.count)
            offsets.append(contentsOf: sink.offsets[first...])
        }
        slots.append(slot)
        buckets[bucket] = Int32(slots.count)
    }

    mutating func resetCounters() { hits = 0; misses = 0 }

    /// Number of cached words.
    var count: Int { slots.count }
}

/// The glyph arrays of the paragraph being shaped.
struct GlyphSink {
    var glyphIDs: [UInt16] = []
    var clusters: [UInt32] = []
    var advances: [Float] = []
    /// Offsets, kept in step with the glyphs once any glyph has a non-zero offset (empty until then).
    var offsets: [SIMD2<Float>] = []
    var hasOffsets = false

    init(capacity: Int) {
        glyphIDs.reserveCapacity(capacity); clusters.reserveCapacity(capacity); advances.reserveCapacity(capacity)
    }

    var count: Int { glyphIDs.count }

    /// Appends one glyph.
    mutating func append(id: UInt16, cluster: Int, advance: Float, offset: SIMD2<Float>) {
        if offset != .zero && !hasOffsets { startOffsets() }
        glyphIDs.append(id)
        clusters.append(UInt32(cluster))
        advances.append(advance)
        if hasOffsets { offsets.append(offset) }
    }

    /// Appends glyphs whose clusters are relative to `base`.
    mutating func append(ids: UnsafeBufferPointer<UInt16>, clusters relative: UnsafeBufferPointer<UInt16>, base: Int,
                         advances more: UnsafeBufferPointer<Float>, offsets moreOffsets: UnsafeBufferPointer<SIMD2<Float>>?) {
        if moreOffsets != nil && !hasOffsets { startOffsets() }
        // Element by element: a word is a few glyphs, and `append(contentsOf:)` costs about 70 instructions a
        // call before it copies anything (a sixth of warm shaping, callgrind).
        for id in ids { glyphIDs.append(id) }
        let start = UInt32(truncatingIfNeeded: base)
        for c in relative { clusters.append(start &+ UInt32(c)) }
        for advance in more { advances.append(advance) }
        if hasOffsets {
            if let moreOffsets { offsets.append(contentsOf: moreOffsets) } else { offsets.append(contentsOf: repeatElement(.zero, count: ids.count)) }
        }
    }

    /// Starts keeping offsets: zeros for the glyphs so far.
    private mutating func startOffsets() {
        offsets = [SIMD2<Float>](repeating: .zero, count: glyphIDs.count)
        hasOffsets = true
    }
}
