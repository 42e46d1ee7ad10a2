import Synchronization

/// The fonts a document brings with it (an EPUB's `@font-face` fonts), loaded from memory and used only for the
/// families its own styles name: never installed system-wide, never seen by another document. A ``StyledText``
/// carries them (``StyledText/fonts``); shaping picks a face by CSS's font matching (family, then style, then the
/// nearest weight), and falls back per character to the reader's fonts for what the face lacks.
public final class DocumentFonts: Sendable {
    /// One face: the family and the weights and style it serves, and its font data.
    public struct Face: Sendable {
        /// The family name the document's styles use (matched ignoring case).
        public let family: String
        /// The weights it serves (one, or a range for a variable font).
        public let weights: ClosedRange<Int>
        /// Whether it is an italic (or oblique) face.
        public let isItalic: Bool
        /// Where it came from, for messages (`book.epub: OEBPS/fonts/a.woff2`).
        public let name: String
        /// The characters it serves (CSS `unicode-range`): for others the family's other faces of the same
        /// weights and style are asked, then the fallbacks, as if this face lacked them.
        public let unicodeRanges: UnicodeRanges
        package let bytes: FontBytes

        /// Decodes a font (TrueType, OpenType, WOFF or WOFF2; already deobfuscated) for `family`; nil when the
        /// bytes are not a font HarfBuzz and FreeType can use.
        public init?(family: String, weights: ClosedRange<Int>, isItalic: Bool, name: String, data: [UInt8],
                     unicodeRanges: UnicodeRanges = .all) {
            guard let openType = FontDecoder.openType(data), let bytes = FontBytes(openType, name: name),
                  HarfBuzzFont(bytes: bytes, index: 0) != nil else { return nil }
            self.family = family
            self.weights = weights
            self.isItalic = isItalic
            self.name = name
            self.unicodeRanges = unicodeRanges
            self.bytes = bytes
        }
    }

    /// The faces, in the order the document declares them.
    public let faces: [Face]
    /// The families, lower-cased.
    public let families: Set<String>
    /// What each face draws: its `unicode-range` less those of the faces declared after it in its family, weights
    /// and style, which CSS asks first (``composite(of:)``).
    let servedRanges: [UnicodeRanges]
    /// A number unique to this collection in the process (font sets made from it are cached under it).
    package let serial: Int

    private static let nextSerial = Atomic<Int>(0)

    /// A collection of faces.
    public init(faces: [Face]) {
        self.faces = faces
        families = Set(faces.map { $0.family.lowercased() })
        servedRanges = faces.indices.map { index in
            faces.indices[(index + 1)...].reduce(faces[index].unicodeRanges) { served, later in
                Self.sameFont(faces[index], faces[later]) ? served.subtracting(faces[later].unicodeRanges) : served
            }
        }
        serial = DocumentFonts.nextSerial.add(1, ordering: .relaxed).newValue
    }

    /// The face CSS font matching picks for a family, weight and style: of the family's faces, those of the
    /// style asked for (else the others), then the weight asked for, else (for 400–500) up to 500, else the
    /// nearest lighter weight for a light one and the nearest heavier for a bold one, then the other way. Nil
    /// when the document has no face of the family.
    public func match(family: String, weight: Int, isItalic: Bool) -> Int? {
        let wanted = family.lowercased()
        let ofFamily = faces.indices.filter { faces[$0].family.lowercased() == wanted }
        guard !ofFamily.isEmpty else { return nil }
        let ofStyle = ofFamily.filter { faces[$0].isItalic == isItalic }
        let candidates = ofStyle.isEmpty ? ofFamily : ofStyle
        if let exact = candidates.first(where: { faces[$0].weights.contains(weight) }) { return exact }
        func distance(_ index: Int) -> (Int, Int) {
            let range = faces[index].weights
            let nearest = weight < range.lowerBound ? range.lowerBound : range.upperBound
            // CSS Fonts 4, 5.2: which side is tried first depends on the weight asked for.
            let rank: Int
            if weight >= 400 && weight <= 500 {
                rank = nearest > weight && nearest <= 500 ? 0 : (nearest < weight ? 1 : 2)
            } else if weight < 400 {
                rank = nearest < weight ? 0 : 1
            } else {
                rank = nearest > weight ? 0 : 1
            }
            return (rank, abs(nearest - weight))
        }
        return candidates.min { distance($0) < distance($1) }
    }

    /// The faces that make one font with face `index` (CSS Fonts 4 §4.5): those of its family, weights and style,
    /// split by `unicode-range` (a book may declare Latin, Greek and Cyrillic subsets as one family). CSS asks them
    /// for a character in reverse order of declaration; here each serves its ``servedRanges``, which no later one
    /// holds, so the order is built in. The primary face (line metrics) is the one that serves U+0020, else face
    /// `index`. (A later face lacking a glyph its range holds leaves that character to the fallbacks, where CSS
    /// would try the earlier faces.)
    package func composite(of index: Int) -> (primary: Int, others: [Int]) {
        guard faces.indices.contains(index) else { return (index, []) }
        let members = faces.indices.reversed().filter { Self.sameFont(faces[index], faces[$0]) }
        guard members.count > 1 else { return (index, []) }
        let primary = members.first { servedRanges[$0].contains(0x20) } ?? index
        return (primary, members.filter { $0 != primary })
    }

    /// Whether two faces are parts of one font: the same family, weights and style.
    private static func sameFont(_ a: Face, _ b: Face) -> Bool {
        a.weights == b.weights && a.isItalic == b.isItalic && a.family.lowercased() == b.family.lowercased()
    }
}
