internal import CFontconfig
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where a ``FontContext`` finds fonts.
public enum FontSource: Sendable, Hashable {
    /// Only the fonts in this directory (and the aliases in its `typeset-fonts.conf`): results do not depend on
    /// the machine. Tests use this with the repository's `Fonts/`.
    case bundledOnly(directory: String)
    /// The system's fonts through its fontconfig configuration, with the bundled directory's fonts and aliases
    /// added after them: an installed face wins, the bundled faces are always available.
    case systemAndBundled(directory: String?)

    /// The bundled fonts folder, when one is named.
    var directory: String? {
        switch self {
        case .bundledOnly(let directory): directory
        case .systemAndBundled(let directory): directory
        }
    }
}

/// The long-lived font resource of an app: a fontconfig configuration and every face and font set loaded
/// through it. Create one per app (or per test) and share it; it is thread-safe.
public final class FontContext: Sendable {
    /// Where this context finds fonts.
    public let source: FontSource
    private let fontconfig: LazyFontconfig
    private let matchCache: FontMatchCache?
    let registry = FaceRegistry()
    private let sets = Locked<[FontDescriptor: FontSet]>([:])
    private let documentSets = Locked<[DocumentSetKey: FontSet]>([:])

    private struct DocumentSetKey: Hashable {
        let serial: Int
        let face: Int
        let fallback: FontDescriptor
    }

    /// Loads the font configuration.
    ///
    /// - Parameters:
    ///   - source: Where fonts are found.
    ///   - matchCache: A directory (created if needed) where a ``FontSource/systemAndBundled(directory:)``
    ///     context remembers, between processes, which face fontconfig chose for each requested family, together
    ///     with the state of the configuration files, font directories and environment variables it came from.
    ///     A later context that finds them unchanged uses the remembered face and loads fontconfig's
    ///     configuration only if a character needs a fallback font: a command that renders one page skips
    ///     parsing the system's ~40 configuration files. Nil (the default) keeps nothing; an app that keeps
    ///     its context has no use for it. Ignored for ``FontSource/bundledOnly(directory:)``, whose
    ///     configuration is cheap to build.
    /// - Throws: ``FontError`` with code `.directoryNotFound` when the source names a fonts folder that does not
    ///   exist or is not a folder; `.configuration` when fontconfig cannot be set up (with a match cache, when the
    ///   configuration is first needed: from `fontSet(for:)`).
    public init(source: FontSource, matchCache: String? = nil) throws(FontError) {
        if let directory = source.directory { try Self.checkFolder(directory) }
        self.source = source
        fontconfig = LazyFontconfig(source: source)
        if let matchCache, case .systemAndBundled(let directory) = source {
            self.matchCache = FontMatchCache(directory: matchCache, bundledDirectory: directory)
        } else {
            self.matchCache = nil
            try fontconfig.load()
        }
    }

    /// The font set for a descriptor: the best matching face plus fontconfig's fallback list. Cached.
    ///
    /// - Throws: ``FontError`` `.notFound` when nothing matches (only possible with an empty font directory),
    ///   `.unreadable` when the matched file is not a usable font.
    package func fontSet(for descriptor: FontDescriptor) throws(FontError) -> FontSet {
        if let cached = sets.withLock({ $0[descriptor] }) { return cached }
        let set: FontSet
        if let remembered = matchCache?.match(for: descriptor), let found = registry.face(for: remembered) {
            // The fallback list is sorted when a character first needs it.
            let primary = standIn(found, for: descriptor)
            set = FontSet(descriptor: descriptor, primary: primary, fallbacks: nil, fontconfig: fontconfig, registry: registry)
        } else {
            let (matches, list) = try fontconfig.sort(descriptor)
            // The first match that loads is the primary face; unreadable files further down are skipped.
            var primary: FontFace?
            var primaryMatch: FontconfigMatch?
            for match in matches {
                if let face = registry.face(for: match) { primary = face; primaryMatch = match; break }
            }
            guard let primary, let primaryMatch else {
                if matches.isEmpty { throw FontError(.notFound, noMatchMessage(descriptor)) }
                throw FontError(.unreadable, "the font file \(matches[0].path) for \"\(descriptor.family)\" cannot be read")
            }
            if let matchCache { fontconfig.remember(primaryMatch, for: descriptor, in: matchCache) }
            set = FontSet(descriptor: descriptor, primary: standIn(primary, for: descriptor), fallbacks: list,
                          fontconfig: fontconfig, registry: registry)
        }
        return sets.withLock { cache in
            if let existing = cache[descriptor] { return existing }
            cache[descriptor] = set
            return set
        }
    }

    /// `face`, or, when it stands in for a family that is not installed (a substitution, ``FontSet/isSubstitute``),
    /// the same face laid out with that family's line metrics (``LineMetrics/standIn(for:)``), so that a page asked
    /// for in Georgia keeps Georgia's line spacing whatever face draws it. Generic families (`serif`) are the faces
    /// they name.
    private func standIn(_ face: FontFace, for descriptor: FontDescriptor) -> FontFace {
        guard FontSet.isSubstitution(requested: descriptor.family, face: face.family) else { return face }
        return registry.face(face, standingInFor: descriptor.family)
    }

    /// The font set for `descriptor` when a document brings its own fonts: the document's face for the family
    /// (``DocumentFonts/match(family:weight:isItalic:)``) backed by fontconfig's fallbacks for `fallback` (the
    /// reader's family at the same weight and slant), or ``fontSet(for:)`` when the document has no face of the
    /// family. The document's faces join this context's faces under their own keys, so two documents never share
    /// a face by name.
    ///
    /// - Throws: as ``fontSet(for:)``.
    package func fontSet(for descriptor: FontDescriptor, in documentFonts: DocumentFonts?, fallback: FontDescriptor) throws(FontError) -> FontSet {
        guard let documentFonts, let index = documentFonts.match(family: descriptor.family, weight: descriptor.weight,
                                                                  isItalic: descriptor.isItalic) else {
            return try fontSet(for: descriptor)
        }
        let key = DocumentSetKey(serial: documentFonts.serial, face: index, fallback: fallback)
        if let cached = documentSets.withLock({ $0[key] }) { return cached }
        let composite = documentFonts.composite(of: index)
        guard let primary = documentFace(composite.primary, of: documentFonts) else { return try fontSet(for: fallback) }
        // Characters the book's face lacks (or leaves out of its range) go to the family's other faces of its
        // weights and style, then through the reader's family's list, sorted when first needed.
        let members = composite.others.compactMap { documentFace($0, of: documentFonts) }
        let set = FontSet(descriptor: fallback, primary: primary, fallbacks: nil, fontconfig: fontconfig, registry: registry,
                          members: members)
        return documentSets.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = set
            return set
        }
    }

    /// Face `index` of a document's fonts, loaded once per document and face.
    private func documentFace(_ index: Int, of documentFonts: DocumentFonts) -> FontFace? {
        let face = documentFonts.faces[index]
        return registry.face(for: face.bytes, key: "\(documentFonts.serial)#\(index)", family: face.family,
                             styleName: face.isItalic ? "Italic" : "Weight \(face.weights.lowerBound)",
                             served: documentFonts.servedRanges[index])
    }

    /// Why nothing matched, naming where fonts were looked for: "no font matches" alone sent users hunting
    /// when the real cause was a font directory that is missing, empty or holds only files that are not fonts
    /// (fontconfig skips corrupt and truncated font files when it scans a directory).
    private func noMatchMessage(_ descriptor: FontDescriptor) -> String {
        switch source {
        case .bundledOnly(let directory):
            "no usable font for \"\(descriptor.family)\" in \(directory) (missing, empty, or no readable font files)"
        case .systemAndBundled(let directory):
            "no installed font" + (directory.map { " or font in \($0)" } ?? "") + " matches \"\(descriptor.family)\""
        }
    }

    /// Throws unless `path` is a folder (following symbolic links).
    private static func checkFolder(_ path: String) throws(FontError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FontError(.directoryNotFound, "the fonts folder \(path) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FontError(.directoryNotFound, "the fonts folder \(path) is not a folder")
        }
    }

    /// The face with this ``FontFace/id``, if it was loaded by this context.
    public func face(id: Int) -> FontFace? { registry.face(id: id) }

    /// Every face loaded so far, in order of ``FontFace/id``.
    public var loadedFaces: [FontFace] { registry.all() }
}

/// The fontconfig configuration of one ``FontContext``, loaded on first use, and the calls that need it.
///
/// Shared by the context and its font sets (which sort their fallback lists lazily when the context's match
/// cache supplied the primary face); holds no reference back to either.
final class LazyFontconfig: Sendable {
    let source: FontSource
    private let slot = Locked<ConfigSlot>(ConfigSlot())

    /// Holds the non-Sendable configuration owner inside the mutex.
    private struct ConfigSlot: ~Copyable {
        var config: FontconfigConfig?
    }

    init(source: FontSource) { self.source = source }

    /// Loads the configuration now if it is not loaded yet.
    func load() throws(FontError) { try withConfig { (_: FontconfigConfig) throws(FontError) in } }

    /// Runs `body` with the configuration, loading it first if needed. `body` takes ``fontconfigLock`` itself
    /// (loading takes it too, so it is not held here).
    private func withConfig<T: Sendable>(_ body: (FontconfigConfig) throws(FontError) -> T) throws(FontError) -> T {
        try slot.withLock { (slot: inout ConfigSlot) throws(FontError) -> T in
            if let config = slot.config { return try body(config) }
            let config: FontconfigConfig
            switch source {
            case .bundledOnly(let directory): config = try FontconfigConfig(hermeticDirectory: directory)
            case .systemAndBundled(let directory): config = try FontconfigConfig(systemWithBundledDirectory: directory)
            }
            slot.config = config
            return try body(config)
        }
    }

    /// `FcFontSort` for a descriptor: the first matches (copied out) and the list kept for fallback.
    func sort(_ descriptor: FontDescriptor) throws(FontError) -> ([FontconfigMatch], FontconfigFontList) {
        try withConfig { (config: FontconfigConfig) throws(FontError) in
            try withFontconfig { () throws(FontError) in try config.sort(descriptor) }
        }
    }

    /// Records in `cache` that `match` is the primary face for `descriptor` under the loaded configuration.
    func remember(_ match: FontconfigMatch, for descriptor: FontDescriptor, in cache: FontMatchCache) {
        try? withConfig { (config: FontconfigConfig) throws(FontError) in
            let watched = withFontconfig { config.watchedPaths() }
            cache.remember(match, for: descriptor, watching: watched)
        }
    }
}

extension FontconfigConfig {
    /// Runs `FcFontSort` for a descriptor: the matches in order (copied out) and the list kept for fallback.
    /// The caller holds ``fontconfigLock``.
    func sort(_ descriptor: FontDescriptor) throws(FontError) -> ([FontconfigMatch], FontconfigFontList) {
        guard let pattern = FcPatternCreate() else { throw FontError(.configuration, "FcPatternCreate failed") }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, descriptor.family)
        // OpenType weights are 1...1000 (a descriptor from a caller may hold any Int; fontconfig answers -1 outside).
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(min(max(descriptor.weight, 1), 1000)))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, descriptor.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        // A generic family in text of a known language: fontconfig ranks the faces of that language's orthography
        // first (its per-language aliases: sans-serif in Japanese is a Japanese sans face).
        if let language = descriptor.language { _ = FcPatternAddString(pattern, FC_LANG, language) }
        _ = FcConfigSubstitute(raw, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(raw, pattern, FcTrue, nil, &result) else {
            throw FontError(.notFound, "no font matches \"\(descriptor.family)\"")
        }
        let list = FontconfigFontList(raw: set)
        var matches: [FontconfigMatch] = []
        for i in 0..<min(list.count, 8) {
            if let match = list.matchHoldingLock(at: i) { matches.append(match) }
        }
        return (matches, list)
    }
}

/// The faces loaded by one context, deduplicated by file and index, each with a stable id.
final class FaceRegistry: Sendable {
    private struct State {
        var byKey: [String: FontFace] = [:]
        var byID: [FontFace] = []
        var unreadable: Set<String> = []
    }
    private let state = Locked(State())

    /// The face for a fontconfig match, loading it on first use; nil when the file is not a usable font.
    func face(for match: FontconfigMatch) -> FontFace? {
        let key = match.path + "#" + String(match.index)
        return state.withLock { state in
            if let face = state.byKey[key] { return face }
            if state.unreadable.contains(key) { return nil }
            guard let face = FontFace(id: state.byID.count, path: match.path, index: match.index,
                                      family: match.family, styleName: match.style) else {
                state.unreadable.insert(key)
                return nil
            }
            state.byKey[key] = face
            state.byID.append(face)
            return face
        }
    }

    /// `face` laid out with the line metrics of `family`, which it stands in for: made once per face and family.
    func face(_ face: FontFace, standingInFor family: String) -> FontFace {
        let key = face.path + "#" + String(face.index) + "@" + family.lowercased()
        return state.withLock { state in
            if let known = state.byKey[key] { return known }
            let made = FontFace(id: state.byID.count, standingIn: face, for: family, metrics: LineMetrics.standIn(for: family))
            state.byKey[key] = made
            state.byID.append(made)
            return made
        }
    }

    /// The face of a font in memory, loaded on first use under `key`; nil when it is not a usable font.
    func face(for bytes: FontBytes, key: String, family: String, styleName: String, served: UnicodeRanges = .all) -> FontFace? {
        let key = "embedded:" + key
        return state.withLock { state in
            if let face = state.byKey[key] { return face }
            if state.unreadable.contains(key) { return nil }
            guard let face = FontFace(id: state.byID.count, bytes: bytes, family: family, styleName: styleName, served: served) else {
                state.unreadable.insert(key)
                return nil
            }
            state.byKey[key] = face
            state.byID.append(face)
            return face
        }
    }

    func face(id: Int) -> FontFace? {
        state.withLock { $0.byID.indices.contains(id) ? $0.byID[id] : nil }
    }

    func all() -> [FontFace] { state.withLock { $0.byID } }
}
