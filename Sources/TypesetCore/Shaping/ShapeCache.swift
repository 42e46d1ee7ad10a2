internal import CMemory

/// A bounded cache of shaped words, keyed by everything that affects shaping: face, script, direction,
/// language, features and the word's UTF-16 units (minikin's and Blink's word caches are the model). Words are
/// the stretches between spaces, so a book's few thousand distinct words are shaped once each.
///
/// One cache belongs to one ``ShapingContext`` (one thread at a time), so lookups take no lock. Each word is one
/// record in a single arena of 32-bit words: its key (hash, style, lengths), its units, then its glyph ids,
/// clusters, advances and (when any is non-zero) offsets. A lookup touches the bucket and then one record, read
/// front to back, instead of a slot and five separate arrays: on War and Peace, with 42,000 distinct words, the
/// scattered layout spent most of a lookup waiting for memory (perf). Buckets are open-addressed on a 64-bit
/// hash (linear probing, at most half full) and keep the hash's high half, so a probe that cannot match does
/// not read the record; a hit is verified against the stored key. When the cache holds ``capacity`` words it is
/// cleared, as Blink's `ShapeCache` is: books rarely have more distinct words than that.
struct ShapeCache {
    /// What identifies a shaping of a word, apart from its units.
    struct Style: Equatable {
        var faceID: Int32
        var script: UInt32
        var rightToLeft: Bool
        var smallCaps: Bool
        /// Ligatures turned off (the reader's setting, the book's CSS, or letter spacing).
        var noLigatures: Bool = false
        /// Shaped top to bottom (upright in vertical text).
        var topToBottom: Bool = false
        /// The language and the text's own font features (``ShapingContext/languageID(_:features:)``).
        var languageID: Int32
        /// Shaped with the face's contextual punctuation spacing (`chws`, `vchw`).
        var contextualPunctuation: Bool = false

        /// The flags word of a record: direction, small caps, ligatures off, punctuation spacing.
        var flags: UInt32 {
            (rightToLeft ? 1 : 0) | (smallCaps ? 2 : 0) | (noLigatures ? 8 : 0) | (topToBottom ? 16 : 0) | (contextualPunctuation ? 32 : 0)
        }
    }

    /// The longest word (in UTF-16 units) worth caching.
    static let maximumWordLength = 48

    /// A record's fixed words: hash (low half), face, script, language, flags | offsets flag | unit count | glyph count.
    private static let headerWords = 5
    private static let hasOffsetsFlag: UInt32 = 4

    let capacity: Int
    /// Per bucket: 0 when empty, else the hash's high half << 32 | (record start + 1). A power of two, at least
    /// twice ``count``: it starts at ``initialBuckets`` and doubles as words come (``grow()``), up to the first
    /// power of two at least twice ``capacity``. Made full size at once, the table was a megabyte zeroed by every
    /// context, 251 of the 2,016 page faults of a one-page CLI run (perf, issue 32).
    private var buckets: [UInt64]
    private var mask: Int
    /// The most buckets the table grows to.
    private let maximumBuckets: Int
    /// The table's first size: 32 KiB, what a page's few hundred distinct words fill to a quarter.
    static let initialBuckets = 4096
    private var arena: [UInt32] = []
    private(set) var count = 0
    private(set) var hits = 0
    private(set) var misses = 0
    /// Whether two glyphs shape apart as together where a word meets its punctuation, learnt from HarfBuzz's
    /// unsafe-to-break flag where they met (``ParagraphShaper/learnJoins(_:_:parts:key:glyphs:first:sink:cache:)``).
    private var joins: [Join: Bool] = [:]
    /// Whether new words are made from their parts when the cache holds them (tests turn it off to compare).
    var joinsWords = true
    /// New words made from their parts (a count of work, for tests).
    private(set) var joinedWords = 0

    /// Two glyphs meeting under a style.
    private struct Join: Hashable {
        var faceID: Int32
        var script: UInt32
        var languageID: Int32
        var flags: UInt32
        var left: UInt16
        var right: UInt16
    }

    /// A cache of no capacity, shared: what a context holds while its own cache is lent out.
    static let placeholder = ShapeCache(capacity: 1)

    init(capacity: Int = 65_536) {
        self.capacity = capacity
        var size = 1
        while size < capacity * 2 { size <<= 1 }
        maximumBuckets = size
        let first = min(size, Self.initialBuckets)
        buckets = [UInt64](repeating: 0, count: first)
        mask = first - 1
    }

    /// Doubles the table, each entry moved to its bucket under the new mask. A record keeps its hash's low half
    /// (its first word) and the bucket its high half, so nothing is hashed again.
    private mutating func grow() {
        let size = buckets.count * 2
        var grown = [UInt64](repeating: 0, count: size)
        let newMask = size - 1
        arena.withUnsafeBufferPointer { arena in
            grown.withUnsafeMutableBufferPointer { grown in
                for entry in buckets where entry != 0 {
                    let r = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                    guard r >= 0, r < arena.count else { continue }
                    var bucket = Int(arena[r]) & newMask
                    while grown[bucket] != 0 { bucket = (bucket + 1) & newMask }
                    grown[bucket] = entry
                }
            }
        }
        buckets = grown
        mask = newMask
    }

    /// The record holding `style` and `text[range]`, or nil; `bucket` is where the probe ended (the key's place).
    /// Inlined into the shaper's loop: called, it retained the buckets and the arena for their buffer pointers,
    /// three retains and releases a word (callgrind, corpus: 10 % of shaping).
    @inline(__always)
    private func find(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64)
        -> (record: Int?, bucket: Int) {
        let tag = hash >> 32
        let low = UInt32(truncatingIfNeeded: hash)
        let lengthBits = UInt32(range.count) << 8
        return buckets.withUnsafeBufferPointer { buckets in
            arena.withUnsafeBufferPointer { arena in
                var bucket = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let entry = buckets[bucket]
                    if entry == 0 { return (nil, bucket) }
                    if entry >> 32 == tag {
                        let r = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                        if r >= 0, r + Self.headerWords <= arena.count, arena[r] == low,
                           arena[r + 1] == UInt32(bitPattern: style.faceID), arena[r + 2] == style.script,
                           arena[r + 3] == UInt32(bitPattern: style.languageID),
                           arena[r + 4] & 0xFFFB == lengthBits | style.flags,
                           let stored = arena.baseAddress, let textBase = text.baseAddress,
                           r + Self.headerWords + (range.count + 1) / 2 <= arena.count,
                           Self.equalUnits(UnsafeRawPointer(stored + r + Self.headerWords),
                                           UnsafeRawPointer(textBase + range.lowerBound), count: range.count) {
                            return (r, bucket)
                        }
                    }
                    bucket = (bucket + 1) & mask
                }
            }
        }
    }

    /// Asks the processor to bring in the bucket where a lookup of `hash` starts (see the shaper's pipelining).
    @inline(__always)
    func prefetchBucket(hash: UInt64) {
        buckets.withUnsafeBufferPointer { typeset_prefetch($0.baseAddress.map { $0 + (Int(truncatingIfNeeded: hash) & mask) }) }
    }

    /// Asks the processor to bring in the start of the record that the bucket of `hash` points to, when the
    /// bucket's tag matches (the bucket itself should have been asked for earlier with ``prefetchBucket(hash:)``).
    /// Inlined: called, it cost a call and two closures per segment (callgrind).
    @inline(__always)
    func prefetchRecord(hash: UInt64) {
        buckets.withUnsafeBufferPointer { buckets in
            let entry = buckets[Int(truncatingIfNeeded: hash) & mask]
            guard entry >> 32 == hash >> 32 else { return }
            let r = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            arena.withUnsafeBufferPointer { arena in
                guard r >= 0 && r < arena.count, let record = arena.baseAddress.map({ $0 + r }) else { return }
                typeset_prefetch(record)
                // A record of a few letters spans two cache lines: its glyphs are in the second.
                if r + 16 < arena.count { typeset_prefetch(record + 16) }
            }
        }
    }

    /// Whether `count` UTF-16 units at `a` and `b` are equal: eight bytes at a time, inline (a call to `memcmp`
    /// for the few letters of a word cost more than the comparison).
    @inline(__always)
    private static func equalUnits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        let bytes = count * 2
        while offset + 8 <= bytes {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < bytes {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt16.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt16.self) {
                return false
            }
            offset += 2
        }
        return true
    }

    /// The hash of a key is FNV-1a over the style and the units, then a final mix: ``seed(_:)``, ``mix(_:_:)``
    /// per unit, ``finish(_:)``. In pieces, so that the shaper hashes a word while it finds where it ends.
    @inline(__always)
    static func seed(_ style: Style) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        h = mix(h, UInt64(UInt32(bitPattern: style.faceID)))
        h = mix(h, UInt64(style.script))
        return mix(h, UInt64(UInt32(bitPattern: style.languageID)) << 5 | (style.rightToLeft ? 1 : 0) | (style.smallCaps ? 2 : 0)
                   | (style.noLigatures ? 4 : 0) | (style.topToBottom ? 8 : 0) | (style.contextualPunctuation ? 16 : 0))
    }

    /// The hash of a U+0020 space under `style`, as ``ParagraphShaper/segment(_:_:key:breaks:cursor:into:)`` makes it.
    @inline(__always)
    static func spaceHash(_ style: Style) -> UInt64 { finish(mix(seed(style), 0x20)) }

    /// One step of the hash (see ``seed(_:)``).
    @inline(__always)
    static func mix(_ h: UInt64, _ value: UInt64) -> UInt64 { (h ^ value) &* 0x100000001b3 }

    /// The last step of the hash (see ``seed(_:)``).
    @inline(__always)
    static func finish(_ h: UInt64) -> UInt64 {
        var h = h
        h ^= h >> 33
        h = h &* 0xff51afd7ed558ccd
        h ^= h >> 33
        return h
    }

    /// Appends the cached glyphs of `text[range]` to `sink` (clusters shifted to `range.lowerBound`) and returns
    /// true, or returns false on a miss. Inlined into the shaper's loop, as ``find(_:_:_:hash:)`` is.
    @inline(__always)
    mutating func append(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64,
                         into sink: inout GlyphSink) -> Bool {
        guard let r = find(style, text, range, hash: hash).record else { misses += 1; return false }
        hits += 1
        arena.withUnsafeBufferPointer { arena in
            let info = arena[r + 4]
            let units = Int(info >> 8 & 0xFF), glyphs = Int(info >> 16)
            let idsStart = r + Self.headerWords + (units + 1) / 2
            let clustersStart = idsStart + (glyphs + 1) / 2
            let advancesStart = clustersStart + (glyphs + 1) / 2
            let offsetsStart = advancesStart + glyphs
            let hasOffsets = info & Self.hasOffsetsFlag != 0
            guard offsetsStart + (hasOffsets ? 2 * glyphs : 0) <= arena.count, let base = arena.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            sink.append(count: glyphs, base: range.lowerBound, ids: raw + idsStart * 4, clusters: raw + clustersStart * 4,
                        advances: raw + advancesStart * 4, offsets: hasOffsets ? raw + offsetsStart * 4 : nil)
        }
        return true
    }

    /// Stores the glyphs of the word `text[range]`: the last `count` glyphs of `sink`, whose clusters are offsets
    /// into `text`. It probes for the word's bucket again: handing the miss's bucket over instead was measured
    /// (callgrind, War and Peace cold) at 0.15 % more instructions, not fewer.
    mutating func insert(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64,
                         from sink: GlyphSink, count glyphCount: Int) {
        insert(style, text, range, hash: hash, from: sink, first: sink.count - glyphCount, count: glyphCount)
    }

    /// Stores the glyphs of the word `text[range]`: `count` glyphs of `sink` from `first`.
    mutating func insert(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64,
                         from sink: GlyphSink, first: Int, count glyphCount: Int) {
        guard range.count <= Self.maximumWordLength, glyphCount < 0x1_0000, first >= 0, first + glyphCount <= sink.count
        else { return }
        if count >= capacity {
            for i in buckets.indices { buckets[i] = 0 }
            arena.removeAll(keepingCapacity: true)
            count = 0
        } else if (count + 1) * 2 > buckets.count && buckets.count < maximumBuckets {
            grow()
        }
        let bucket = find(style, text, range, hash: hash).bucket
        let hasOffsets = sink.hasOffsets && (first..<sink.count).contains { sink.offset($0) != .zero }
        let r = arena.count
        let unitCount = range.count
        let idsStart = r + Self.headerWords + (unitCount + 1) / 2
        let clustersStart = idsStart + (glyphCount + 1) / 2
        let advancesStart = clustersStart + (glyphCount + 1) / 2
        let offsetsStart = advancesStart + glyphCount
        let recordEnd = offsetsStart + (hasOffsets ? 2 * glyphCount : 0)
        guard recordEnd < Int(UInt32.max) - 1 else { return }
        // The record is sized once and written in place (appending word by word checked capacity and
        // uniqueness for each).
        arena.append(contentsOf: repeatElement(0, count: recordEnd - r))
        arena.withUnsafeMutableBufferPointer { arena in
            guard let base = arena.baseAddress else { return }
            base[r] = UInt32(truncatingIfNeeded: hash)
            base[r + 1] = UInt32(bitPattern: style.faceID)
            base[r + 2] = style.script
            base[r + 3] = UInt32(bitPattern: style.languageID)
            base[r + 4] = style.flags | (hasOffsets ? Self.hasOffsetsFlag : 0) | UInt32(unitCount) << 8 | UInt32(glyphCount) << 16
            let raw = UnsafeMutableRawPointer(base)
            for i in 0..<unitCount {
                raw.storeBytes(of: text[range.lowerBound + i], toByteOffset: (r + Self.headerWords) * 4 + i * 2, as: UInt16.self)
            }
            for i in 0..<glyphCount {
                raw.storeBytes(of: sink.id(first + i), toByteOffset: idsStart * 4 + i * 2, as: UInt16.self)
                raw.storeBytes(of: UInt16(clamping: Int(sink.cluster(first + i)) - range.lowerBound),
                               toByteOffset: clustersStart * 4 + i * 2, as: UInt16.self)
                base[advancesStart + i] = sink.advance(first + i).bitPattern
                if hasOffsets {
                    base[offsetsStart + 2 * i] = sink.offset(first + i).x.bitPattern
                    base[offsetsStart + 2 * i + 1] = sink.offset(first + i).y.bitPattern
                }
            }
        }
        buckets[bucket] = (hash >> 32) << 32 | UInt64(r + 1)
        count += 1
    }

    mutating func resetCounters() { hits = 0; misses = 0 }

    /// What was learnt of glyphs `left` and `right` meeting under `style`: nil when they have not met yet.
    func join(_ style: Style, _ left: UInt16, _ right: UInt16) -> Bool? {
        joins[Join(faceID: style.faceID, script: style.script, languageID: style.languageID, flags: style.flags,
                   left: left, right: right)]
    }

    /// Keeps whether glyphs `left` and `right` shape apart as together under `style`.
    mutating func learnJoin(_ style: Style, _ left: UInt16, _ right: UInt16, apart: Bool) {
        joins[Join(faceID: style.faceID, script: style.script, languageID: style.languageID, flags: style.flags,
                   left: left, right: right)] = apart
    }

    /// Counts a new word made from its parts.
    mutating func countJoinedWord() { joinedWords += 1 }

    /// Whether the cache holds `text[range]` under `style`.
    func holds(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64) -> Bool {
        find(style, text, range, hash: hash).record != nil
    }

    /// The hash of `text[range]` under `style`, as ``ParagraphShaper/segment(_:_:key:breaks:cursor:into:)`` makes it.
    static func hash(_ style: Style, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> UInt64 {
        var h = seed(style)
        for i in range { h = mix(h, UInt64(text[i])) }
        return finish(h)
    }
}

/// Growable glyph buffers, one set per ``ShapingContext``, reused by every paragraph it shapes: appending to
/// four Swift arrays glyph by glyph spent more in uniqueness checks than in copying (callgrind), and a
/// paragraph's arrays are copied once, into its block, by ``GlyphSink/copy(ids:clusters:advances:offsets:)``.
final class GlyphBuffers {
    private(set) var capacity = 0
    private(set) var ids = UnsafeMutablePointer<UInt16>.allocate(capacity: 0)
    private(set) var clusters = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private(set) var advances = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private(set) var offsets = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: 0)

    /// Makes room for `needed` glyphs, keeping the first `keeping`.
    @inline(__always)
    func reserve(_ needed: Int, keeping: Int) {
        if needed > capacity { grow(needed, keeping: keeping) }
    }

    private func grow(_ needed: Int, keeping: Int) {
        let newCapacity = max(needed, capacity * 2, 256)
        func grown<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: keeping)
            old.deallocate()
            return new
        }
        ids = grown(ids); clusters = grown(clusters); advances = grown(advances); offsets = grown(offsets)
        capacity = newCapacity
    }

    deinit { ids.deallocate(); clusters.deallocate(); advances.deallocate(); offsets.deallocate() }
}

/// The glyphs of the paragraph being shaped, in its context's ``GlyphBuffers`` (one sink at a time per context).
struct GlyphSink {
    private let buffers: GlyphBuffers
    private(set) var count = 0
    /// Whether offsets are kept (once any glyph has a non-zero offset; zeros for the glyphs before it).
    private(set) var hasOffsets = false

    init(buffers: GlyphBuffers, capacity: Int) {
        self.buffers = buffers
        buffers.reserve(capacity, keeping: 0)
    }

    func id(_ i: Int) -> UInt16 { buffers.ids[i] }
    func cluster(_ i: Int) -> UInt32 { buffers.clusters[i] }
    func advance(_ i: Int) -> Float { buffers.advances[i] }
    /// Replaces glyph `i`'s advance (letter and word spacing).
    func setAdvance(_ i: Int, _ advance: Float) { buffers.advances[i] = advance }
    /// Replaces glyph `i`'s id and cluster (characters combined into one cell of vertical text).
    func setGlyph(_ i: Int, id: UInt16, cluster: UInt32) { buffers.ids[i] = id; buffers.clusters[i] = cluster }
    func offset(_ i: Int) -> SIMD2<Float> { hasOffsets ? buffers.offsets[i] : .zero }
    /// Replaces glyph `i`'s offset (ruby bases spaced out), keeping offsets from then on if it is the first.
    mutating func setOffset(_ i: Int, _ offset: SIMD2<Float>) {
        if offset != .zero && !hasOffsets { startOffsets() }
        if hasOffsets { buffers.offsets[i] = offset }
    }

    /// Appends one glyph. Inlined: the shaper appends every space this way.
    @inline(__always)
    mutating func append(id: UInt16, cluster: Int, advance: Float, offset: SIMD2<Float>) {
        buffers.reserve(count + 1, keeping: count)
        if offset != .zero && !hasOffsets { startOffsets() }
        buffers.ids[count] = id
        buffers.clusters[count] = UInt32(truncatingIfNeeded: cluster)
        buffers.advances[count] = advance
        if hasOffsets { buffers.offsets[count] = offset }
        count += 1
    }

    /// Appends `n` glyphs from a word-cache record: `n` ids (UInt16), clusters relative to `base` (UInt16), advances
    /// (Float bits) and, when given, offsets (pairs of Float bits). Inlined, one plain loop for the three arrays
    /// and the offsets apart: the loop that took each glyph as a tuple from a closure tested both offset flags and
    /// checked the index for overflow on every glyph, 22 instructions a glyph (callgrind, War and Peace cold).
    @inline(__always)
    mutating func append(count n: Int, base: Int, ids idBytes: UnsafeRawPointer, clusters clusterBytes: UnsafeRawPointer,
                         advances advanceBytes: UnsafeRawPointer, offsets offsetBytes: UnsafeRawPointer?) {
        buffers.reserve(count + n, keeping: count)
        if offsetBytes != nil && !hasOffsets { startOffsets() }
        let start = UInt32(truncatingIfNeeded: base)
        let ids = buffers.ids + count, clusters = buffers.clusters + count, advances = buffers.advances + count
        for i in 0..<n {
            ids[i] = idBytes.load(fromByteOffset: i &* 2, as: UInt16.self)
            clusters[i] = start &+ UInt32(clusterBytes.load(fromByteOffset: i &* 2, as: UInt16.self))
            advances[i] = Float(bitPattern: advanceBytes.load(fromByteOffset: i &* 4, as: UInt32.self))
        }
        if hasOffsets {
            let offsets = buffers.offsets + count
            if let offsetBytes {
                for i in 0..<n {
                    offsets[i] = SIMD2(Float(bitPattern: offsetBytes.load(fromByteOffset: i &* 8, as: UInt32.self)),
                                       Float(bitPattern: offsetBytes.load(fromByteOffset: i &* 8 &+ 4, as: UInt32.self)))
                }
            } else {
                offsets.update(repeating: .zero, count: n)
            }
        }
        count += n
    }

    /// Drops the glyphs from `count` on; `hadOffsets` is whether offsets were kept before them.
    mutating func truncate(to count: Int, hadOffsets: Bool) {
        guard count >= 0, count <= self.count else { return }
        self.count = count
        if !hadOffsets { hasOffsets = false }
    }

    /// Starts keeping offsets: zeros for the glyphs so far.
    private mutating func startOffsets() {
        buffers.offsets.update(repeating: .zero, count: count)
        hasOffsets = true
    }

    /// Copies the glyphs into arrays of exactly their count (`offsets` nil when every one is zero).
    func copy(ids: UnsafeMutableBufferPointer<UInt16>, clusters: UnsafeMutableBufferPointer<UInt32>,
              advances: UnsafeMutableBufferPointer<Float>, offsets: UnsafeMutableBufferPointer<SIMD2<Float>>?) {
        precondition(ids.count == count && clusters.count == count && advances.count == count && (offsets?.count ?? count) == count)
        ids.baseAddress?.initialize(from: buffers.ids, count: count)
        clusters.baseAddress?.initialize(from: buffers.clusters, count: count)
        advances.baseAddress?.initialize(from: buffers.advances, count: count)
        if let offsets, hasOffsets { offsets.baseAddress?.initialize(from: buffers.offsets, count: count) }
    }
}
