internal import CFontconfig
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Every call into fontconfig goes through this lock. fontconfig keeps process-wide state (its cache files,
/// object and language tables, lazily initialised) that is not safe to set up or update from several threads at
/// once, and two `FontContext`s created on two threads would do exactly that. Calls are rare (font matching and
/// fallback lookups, each cached above), so one lock costs nothing measurable.
let fontconfigLock = Locked<Void>(())

/// Runs `body` holding ``fontconfigLock``.
@inline(__always)
func withFontconfig<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    try fontconfigLock.withLock { _ throws(E) in try body() }
}

/// Owner of one `FcConfig`. Not thread-safe: ``FontContext`` serializes every use behind its mutex.
final class FontconfigConfig {
    let raw: OpaquePointer

    /// A configuration that sees only `directory` (plus the aliases in `directory/typeset-fonts.conf`).
    init(hermeticDirectory directory: String) throws(FontError) {
        raw = try withFontconfig { () throws(FontError) -> OpaquePointer in try FontconfigConfig.hermetic(directory) }
    }

    private static func hermetic(_ directory: String) throws(FontError) -> OpaquePointer {
        // No FcInit(): it loads the system's configuration into fontconfig's global one, which a hermetic
        // context never uses, and fontconfig 2.14 leaks 288 bytes parsing it (LeakSanitizer, issue 9). Every call
        // here names its configuration, and fontconfig's lazy set-up happens under `fontconfigLock`.
        guard let config = FcConfigCreate() else { throw FontError(.configuration, "FcConfigCreate failed") }
        let cache = FontconfigConfig.cacheDirectory()
        let xml = """
            <?xml version="1.0"?><fontconfig><dir>\(escapeXML(directory))</dir><cachedir>\(escapeXML(cache))</cachedir>\
            <include ignore_missing="yes">\(escapeXML(directory))/typeset-fonts.conf</include></fontconfig>
            """
        guard FcConfigParseAndLoadFromMemory(config, xml, FcTrue) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw FontError(.configuration, "could not load a font configuration for \(directory)")
        }
        return config
    }

    /// The system's configuration, with `bundledDirectory`'s fonts and aliases appended (system fonts win).
    init(systemWithBundledDirectory directory: String?) throws(FontError) {
        raw = try withFontconfig { () throws(FontError) -> OpaquePointer in try FontconfigConfig.system(directory) }
    }

    private static func system(_ directory: String?) throws(FontError) -> OpaquePointer {
        // The system configuration, read into a configuration of our own; FcInit() would parse it a second time
        // into fontconfig's global one, which is never used (and leaks, see `hermetic`).
        guard let config = loadSystemConfiguration() else {
            throw FontError(.configuration, "could not load the system fontconfig configuration")
        }
        if let directory {
            // Aliases first, so that they apply to the bundled faces too; a missing file is not an error here.
            _ = FcConfigParseAndLoad(config, directory + "/typeset-fonts.conf", FcFalse)
            _ = FcConfigAppFontAddDir(config, directory)
        }
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw FontError(.configuration, "fontconfig could not build its font list")
        }
        return config
    }

    /// What `FcInitLoadConfig` does, minus its last step: after loading `fonts.conf` (and everything it includes),
    /// fontconfig 2.14 also parses every file of its template directory (`conf.avail`, ~60 files, most of them
    /// disabled) with `load` off, only so that `fc-conflist` can list them. Their rules stay disabled, so matching
    /// is unchanged, and a third of the configuration time is saved. When `fonts.conf` cannot be loaded, or names
    /// no cache directory, the library's own
    /// function runs instead: it knows the fallback configuration and the warnings for those cases.
    private static func loadSystemConfiguration() -> OpaquePointer? {
        if let config = FcConfigCreate() {
            if FcConfigParseAndLoad(config, nil, FcTrue) != 0, hasCacheDirectory(config) { return config }
            FcConfigDestroy(config)
        }
        return FcInitLoadConfig()
    }

    private static func hasCacheDirectory(_ config: OpaquePointer) -> Bool {
        guard let list = FcConfigGetCacheDirs(config) else { return false }
        defer { FcStrListDone(list) }
        return FcStrListNext(list) != nil
    }

    deinit { withFontconfig { FcConfigDestroy(raw) } }

    /// A writable cache directory for fontconfig (it warns without one).
    private static func cacheDirectory() -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return base + "/typeset-fontconfig-cache"
    }
}

/// One match found by fontconfig: a file, a face index and the names the font declares.
struct FontconfigMatch: Hashable {
    let path: String
    let index: Int
    let family: String
    let style: String
}

/// Owner of an `FcFontSet` returned by `FcFontSort`: the fallback candidates of one descriptor, best first.
/// `@unchecked Sendable` because its only user, ``FontSet``, reads it under its own mutex.
final class FontconfigFontList: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<FcFontSet>
    let count: Int

    init(raw: UnsafeMutablePointer<FcFontSet>) {
        self.raw = raw
        self.count = Int(raw.pointee.nfont)
    }

    deinit { withFontconfig { FcFontSetDestroy(raw) } }

    /// The file, index and names of candidate `i` (copied out of the borrowed pattern).
    func match(at i: Int) -> FontconfigMatch? {
        withFontconfig { matchHoldingLock(at: i) }
    }

    /// ``match(at:)`` for a caller that already holds ``fontconfigLock`` (the lock is not reentrant).
    func matchHoldingLock(at i: Int) -> FontconfigMatch? {
        guard i >= 0, i < count, let pattern = raw.pointee.fonts[i] else { return nil }
        return FontconfigMatch(pattern: pattern)
    }

    /// Whether candidate `i` declares coverage of `codePoint`.
    func covers(_ codePoint: UInt32, at i: Int) -> Bool {
        guard i >= 0, i < count, let pattern = raw.pointee.fonts[i] else { return false }
        return withFontconfig {
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
            return FcCharSetHasChar(charset, codePoint) != 0
        }
    }
}

extension FontconfigMatch {
    /// Copies the strings out of a borrowed pattern.
    init?(pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var family: UnsafeMutablePointer<FcChar8>?
        var style: UnsafeMutablePointer<FcChar8>?
        let familyName = FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch && family != nil
            ? String(cString: family!) : ""
        let styleName = FcPatternGetString(pattern, FC_STYLE, 0, &style) == FcResultMatch && style != nil
            ? String(cString: style!) : ""
        self.init(path: String(cString: file), index: Int(index), family: familyName, style: styleName)
    }
}

/// Escapes text for an XML character-data or attribute position; with `apostrophes`, `'` too (HTML attributes
/// quoted either way).
package func escapeXML(_ text: String, apostrophes: Bool = false) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'" where apostrophes: result += "&#39;"
        default: result.append(character)
        }
    }
    return result
}
