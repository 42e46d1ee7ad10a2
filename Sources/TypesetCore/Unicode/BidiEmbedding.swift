/// A directional embedding, isolate or override that an inline element opens around its text (CSS Writing Modes 3
/// §2.2 `unicode-bidi` with `direction`; HTML's `dir` attribute, `<bdi>` and `<bdo>`): what the explicit
/// formatting characters of UAX #9 do, without putting them in the text. Bidi resolution puts them in its own copy
/// of the paragraph's units (``Bidi/resolve(_:base:embeddings:)``), so offsets never move.
///
/// Runs inside one element carry the same object, and an element inside another points to it (``parent``): two
/// sibling elements are two embeddings even when alike, so a style compares and hashes it by identity.
package final class BidiEmbedding: Hashable, Sendable {
    /// What the element does to the bidi algorithm (CSS Writing Modes 3 §2.2).
    package enum Kind: Sendable {
        /// `embed`: LRE or RLE … PDF.
        case embed
        /// `isolate`: LRI or RLI … PDI, or FSI with no direction (the first strong character's: `dir="auto"`).
        case isolate
        /// `bidi-override`: LRO or RLO … PDF (`<bdo>` before HTML 5 made it an isolate).
        case override
        /// `isolate-override`: an isolate holding an override (`<bdo>`).
        case isolateOverride
        /// `plaintext`: FSI … PDI.
        case plaintext
    }

    /// How deep embeddings nest: deeper elements open none (UAX #9 allows 125 levels; books nest a handful).
    package static let maximumDepth = 32

    package let kind: Kind
    /// The direction it sets; nil for an isolate whose direction is its first strong character's.
    package let direction: WritingDirection?
    /// The embedding of the element around this one, if any.
    package let parent: BidiEmbedding?
    /// How many embeddings enclose the text, this one included.
    package let depth: Int

    /// An embedding inside `parent`; nil past ``maximumDepth``.
    package init?(kind: Kind, direction: WritingDirection?, parent: BidiEmbedding?) {
        let depth = (parent?.depth ?? 0) + 1
        guard depth <= Self.maximumDepth else { return nil }
        self.kind = kind; self.direction = direction; self.parent = parent; self.depth = depth
    }

    package static func == (a: BidiEmbedding, b: BidiEmbedding) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The innermost embedding both `a` and `b` are in (each counts as in itself), nil when none.
    package static func innermostCommon(_ a: BidiEmbedding?, _ b: BidiEmbedding?) -> BidiEmbedding? {
        var a = a, b = b
        while let x = a, let y = b, x !== y {
            if x.depth >= y.depth { a = x.parent } else { b = y.parent }
        }
        return a === b ? a : nil
    }

    /// The chain from the outermost embedding to this one.
    var chain: [BidiEmbedding] {
        var chain: [BidiEmbedding] = []
        var current: BidiEmbedding? = self
        while let embedding = current { chain.append(embedding); current = embedding.parent }
        return chain.reversed()
    }

    /// The formatting characters that open it (UAX #9 §2.1–2.4).
    var openers: [UInt16] {
        let rightToLeft = direction == .rightToLeft
        let isolate: UInt16 = direction == nil ? 0x2068 : rightToLeft ? 0x2067 : 0x2066  // FSI, RLI, LRI
        let override: UInt16 = rightToLeft ? 0x202E : 0x202D  // RLO, LRO
        switch kind {
        case .embed: return [rightToLeft ? 0x202B : 0x202A]  // RLE, LRE
        case .isolate: return [isolate]
        case .override: return [override]
        case .isolateOverride: return [isolate, override]
        case .plaintext: return [0x2068]
        }
    }

    /// The formatting characters that close it: PDF for an embedding or override, PDI for an isolate.
    var closers: [UInt16] {
        switch kind {
        case .embed, .override: return [0x202C]
        case .isolate, .plaintext: return [0x2069]
        case .isolateOverride: return [0x202C, 0x2069]
        }
    }
}

extension Bidi {
    /// Resolves `units` as ``resolve(_:base:)`` does, with each stretch of `embeddings` (ranges in `units`'
    /// indices, in order) inside its embedding: the formatting characters that open and close them are put in a
    /// copy of the units where the embedding changes, resolved with them, and their levels dropped. Units outside
    /// every range are in none. Linear in the units, times the nesting where embeddings change.
    static func resolve(_ units: ArraySlice<UInt16>, base: WritingDirection?,
                        embeddings: [(range: Range<Int>, embedding: BidiEmbedding?)]) -> (levels: [UInt8]?, paragraphLevel: UInt8) {
        guard embeddings.contains(where: { $0.embedding != nil }) else { return resolve(units, base: base) }
        var augmented: [UInt16] = []
        augmented.reserveCapacity(units.count + 8)
        // For each unit of `units`, its index in `augmented`.
        var positions: [Int] = []
        positions.reserveCapacity(units.count)
        var open: [BidiEmbedding] = []
        func move(to target: [BidiEmbedding]) {
            var shared = 0
            while shared < min(open.count, target.count), open[shared] === target[shared] { shared += 1 }
            for embedding in open[shared...].reversed() { augmented.append(contentsOf: embedding.closers) }
            for embedding in target[shared...] { augmented.append(contentsOf: embedding.openers) }
            open = target
        }
        var next = units.startIndex
        func copy(upTo end: Int) {
            guard next < end else { return }
            for index in next..<end { positions.append(augmented.count); augmented.append(units[index]) }
            next = end
        }
        for (range, embedding) in embeddings {
            let lower = max(range.lowerBound, units.startIndex), upper = min(range.upperBound, units.endIndex)
            guard lower < upper, lower >= next else { continue }
            // A gap between ranges is in no embedding (adjacent runs of one element stay in one).
            if lower > next { move(to: []); copy(upTo: lower) }
            move(to: embedding?.chain ?? [])
            copy(upTo: upper)
        }
        move(to: [])
        copy(upTo: units.endIndex)
        move(to: [])
        let (resolved, paragraphLevel) = resolve(augmented[...], base: base)
        guard let resolved else { return (nil, paragraphLevel) }
        let levels = positions.map { resolved[$0] }
        return levels.allSatisfy({ $0 == paragraphLevel }) ? (nil, paragraphLevel) : (levels, paragraphLevel)
    }
}
