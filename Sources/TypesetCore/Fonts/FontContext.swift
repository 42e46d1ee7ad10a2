internal import CFontconfig
import Synchronization

/// Where a ``FontContext`` finds fonts.
public enum FontSource: Sendable, Hashable {
    /// Only the fonts in this directory (and the aliases in its `typeset-fonts.conf`): results do not depend on
    /// the machine. Tests use this with the repository's `Fonts/`.
    case bundledOnly(directory: String)
    /// The system's fonts through its fontconfig configuration, with the bundled directory's fonts and aliases
    /// added after them: an installed face wins, the bundled faces are always available.
    case systemAndBundled(directory: String?)
}

/// The long-lived font resource of an app: a fontconfig configuration and every face and font set loaded
/// through it. Create one per app (or per test) and share it; it is thread-safe.
public final class FontContext: Sendable {
    /// Where this context finds fonts.
    public let source: FontSource
    private let config: Locked<FontconfigConfigBox>
    private let registry = FaceRegistry()
    private let sets = Locked<[FontDescriptor: FontSet]>([:])

    /// Loads the font configuration.
    ///
    /// - Throws: ``FontError`` with code `.configuration` when fontconfig cannot be set up.
    public init(source: FontSource) throws(FontError) {
        self.source = source
        switch source {
        case .bundledOnly(let directory):
            config = Locked(FontconfigConfigBox(try FontconfigConfig(hermeticDirectory: directory)))
        case .systemAndBundled(let directory):
            config = Locked(FontconfigConfigBox(try FontconfigConfig(systemWithBundledDirectory: directory)))
        }
    }

    /// The font set for a descriptor: the best matching face plus fontconfig's fallback list. Cached.
    ///
    /// - Throws: ``FontError`` `.notFound` when nothing matches (only possible with an empty font directory),
    ///   `.unreadable` when the matched file is not a usable font.
    public func fontSet(for descriptor: FontDescriptor) throws(FontError) -> FontSet {
        if let cached = sets.withLock({ $0[descriptor] }) { return cached }
        let (matches, list) = try config.withLock { box throws(FontError) in
            try withFontconfig { () throws(FontError) in try box.config.sort(descriptor) }
        }
        // The first match that loads is the primary face; unreadable files further down are skipped.
        var primary: FontFace?
        for match in matches {
            if let face = registry.face(for: match) { primary = face; break }
        }
        guard let primary else {
            if matches.isEmpty { throw FontError(.notFound, noMatchMessage(descriptor)) }
            throw FontError(.unreadable, "the font file \(matches[0].path) for \"\(descriptor.family)\" cannot be read")
        }
        let set = FontSet(descriptor: descriptor, primary: primary, fallbacks: list, registry: registry)
        return sets.withLock { cache in
            if let existing = cache[descriptor] { return existing }
            cache[descriptor] = set
            return set
        }
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

    /// The face with this ``FontFace/id``, if it was loaded by this context.
    public func face(id: Int) -> FontFace? { registry.face(id: id) }

    /// Every face loaded so far, in order of ``FontFace/id``.
    public var loadedFaces: [FontFace] { registry.all() }
}

/// Boxes the non-Sendable configuration owner so it can live inside a `Mutex`.
struct FontconfigConfigBox: ~Copyable {
    let config: FontconfigConfig
    init(_ config: FontconfigConfig) { self.config = config }
}

extension FontconfigConfig {
    /// Runs `FcFontSort` for a descriptor: the matches in order (copied out) and the list kept for fallback.
    /// The caller holds ``fontconfigLock``.
    func sort(_ descriptor: FontDescriptor) throws(FontError) -> ([FontconfigMatch], FontconfigFontList) {
        guard let pattern = FcPatternCreate() else { throw FontError(.configuration, "FcPatternCreate failed") }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, descriptor.family)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(descriptor.weight))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, descriptor.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
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

    func face(id: Int) -> FontFace? {
        state.withLock { $0.byID.indices.contains(id) ? $0.byID[id] : nil }
    }

    func all() -> [FontFace] { state.withLock { $0.byID } }
}
