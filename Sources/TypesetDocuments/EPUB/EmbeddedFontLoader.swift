import TypesetCore

/// Loads the fonts a book's `@font-face` rules name, once each: read from the archive, deobfuscated when
/// `META-INF/encryption.xml` says so, decoded (TrueType, OpenType, WOFF, WOFF2), and kept for the book's
/// ``DocumentFonts``. A font that cannot be read, deobfuscated or decoded is left out with one warning; text in its
/// family is then set in the reader's font.
struct EmbeddedFontLoader {
    let archive: LibZipArchive
    /// Fonts obfuscated, by entry path.
    let obfuscated: [String: FontObfuscation]
    /// The package's unique identifier (the obfuscation key's source).
    let identifier: String?
    /// The entries the manifest lists: a font it does not list is not used.
    let listed: Set<String>
    private(set) var faces: [DocumentFonts.Face] = []
    private(set) var warnings: [String] = []
    /// Faces by family, weights, style and source; sources that failed.
    private var loaded: Set<String> = []
    private var failed: Set<String> = []

    /// The most faces a book may embed; the rest are left out (a real book has a handful).
    static let maximumFaces = 64

    init(archive: LibZipArchive, obfuscated: [String: FontObfuscation], identifier: String?, listed: Set<String>) {
        self.archive = archive
        self.listed = listed
        self.obfuscated = obfuscated
        self.identifier = identifier
    }

    /// Loads the faces of `rules` not loaded yet; returns the families (lower case) the book provides among them.
    mutating func load(_ rules: [CSSFontFace]) -> Set<String> {
        var families: Set<String> = []
        for rule in rules {
            // The ranges are part of the key: a family split by `unicode-range` is several faces of one weight.
            let key = "\(rule.family.lowercased())|\(rule.weights)|\(rule.isItalic)|\(rule.unicodeRanges.ranges)"
            if loaded.contains(key) { families.insert(rule.family.lowercased()); continue }
            guard faces.count < EmbeddedFontLoader.maximumFaces else { break }
            for source in rule.sources where !failed.contains(source) {
                if let face = face(rule, source: source) {
                    faces.append(face)
                    loaded.insert(key)
                    families.insert(rule.family.lowercased())
                    break
                }
                failed.insert(source)
            }
        }
        return families
    }

    private mutating func face(_ rule: CSSFontFace, source: String) -> DocumentFonts.Face? {
        let book = archive.bookName
        if let refusal = archive.refusal(of: source, listed: listed) {
            warnings.append("\(book): font \(source) (\"\(rule.family)\") \(refusal); the reader's font stands in")
            return nil
        }
        var bytes: [UInt8]
        do { bytes = try archive.read(source) } catch {
            warnings.append(error.message + "; the reader's font stands in for \"\(rule.family)\"")
            return nil
        }
        if let algorithm = obfuscated[source] {
            guard let identifier, let plain = algorithm.deobfuscate(bytes, identifier: identifier) else {
                warnings.append("\(book): font \(source) is obfuscated and the book has no identifier to undo it with; the reader's font stands in for \"\(rule.family)\"")
                return nil
            }
            bytes = plain
        }
        guard let face = DocumentFonts.Face(family: rule.family, weights: rule.weights, isItalic: rule.isItalic,
                                            name: "\(book): \(source)", data: bytes, unicodeRanges: rule.unicodeRanges) else {
            let what = obfuscated[source] == nil ? "is not a font Typeset can read" : "is not a font once deobfuscated"
            warnings.append("\(book): font \(source) \(what); the reader's font stands in for \"\(rule.family)\"")
            return nil
        }
        return face
    }
}
