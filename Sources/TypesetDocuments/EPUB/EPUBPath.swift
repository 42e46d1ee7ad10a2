/// Resolves the URLs an EPUB uses (`href` in the OPF, the nav, `src` in XHTML) to paths inside the archive.
///
/// Paths inside the book are archive entry names: `/`-separated, relative to the archive's root, never
/// starting with `/` and never holding `..` (``LibZipArchive`` refuses such entries).
enum EPUBPath {
    /// A resolved reference.
    enum Reference: Equatable, Sendable {
        /// A resource inside the book, with the fragment (`#id`), if any, percent-decoded.
        case inBook(path: String, fragment: String?)
        /// A URL with a scheme (`https:`, `mailto:`): left alone.
        case external(String)
    }

    /// Resolves `href` against the directory of `base` (an entry path).
    ///
    /// As the URL standard resolves against EPUB 3.3's container root URL: `..` at the root stays at the root, so
    /// `../../../media/a.jpg` from `EPUB/` is `media/a.jpg` and never a path outside the book, and `/media/a.jpg`
    /// starts at the root.
    ///
    /// - Returns: nil for an empty reference or one that names the root itself.
    static func resolve(_ href: String, relativeTo base: String) -> Reference? {
        let trimmed = href.trimmingWhiteSpace()
        if hasScheme(trimmed) { return .external(trimmed) }
        var pathPart = Substring(trimmed)
        var fragment: String?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = percentDecoded(pathPart[pathPart.index(after: hash)...])
            pathPart = pathPart[..<hash]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        let decoded = percentDecoded(pathPart)
        if decoded.isEmpty {
            // "#id": the base document itself.
            return fragment == nil ? nil : .inBook(path: base, fragment: fragment)
        }
        var components: [Substring] = []
        if !decoded.hasPrefix("/") {
            components = Array(pathComponents(base[...]).dropLast())
        }
        for component in pathComponents(decoded[...]) {
            switch component {
            case ".": continue
            case "..":
                if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        guard !components.isEmpty else { return nil }
        return .inBook(path: components.joined(separator: "/"), fragment: fragment?.isEmpty == true ? nil : fragment)
    }

    /// `text` split at each `/`, empty parts dropped: by bytes when it is ASCII (nearly every path; splitting by
    /// characters finds grapheme boundaries, and was most of resolving a link), else by characters, as a `/` with a
    /// combining mark after it is no separator.
    static func pathComponents(_ text: Substring) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(separator: "/", omittingEmptySubsequences: true) }
        return text.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The directory part of an entry path (`OEBPS/` for `OEBPS/content.opf`, empty at the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Whether `text` starts with a URL scheme (`http:`, `data:`, `urn:`).
    static func hasScheme(_ text: String) -> Bool {
        var sawLetter = false
        for scalar in text.unicodeScalars {
            if scalar == ":" { return sawLetter }
            let isSchemeCharacter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (sawLetter && ((scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."))
            guard isSchemeCharacter else { return false }
            sawLetter = true
        }
        return false
    }

    /// Decodes `%XX` escapes as UTF-8; malformed escapes are kept as written.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }  // a byte scan, not a string search
        return String(decoding: PercentEncoding.decode(text.utf8).bytes, as: UTF8.self)
    }
}
