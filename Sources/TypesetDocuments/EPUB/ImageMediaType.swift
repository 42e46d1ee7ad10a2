/// The image types Typeset draws (EPUB 3.3's core media types for images, plus WebP), by media type and by the
/// file name extensions books give them: what decides whether a foreign image needs its fallback.
enum ImageMediaType {
    /// Media types of images the renderer decodes.
    static let drawable: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml",
                                        "image/avif", "image/jxl"]
    /// Media types by file name extension.
    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "avif": "image/avif", "jxl": "image/jxl",
    ]

    /// Whether `mediaType` (any case, parameters ignored) is one Typeset draws.
    static func isDrawable(_ mediaType: String) -> Bool {
        // Split by bytes when ASCII (a character split finds grapheme boundaries), as by characters otherwise.
        let first = mediaType.utf8.allSatisfy({ $0 < 0x80 }) ? mediaType.utf8.split(separator: UInt8(ascii: ";")).first.map { Substring($0) }
            : mediaType.split(separator: ";").first
        let type = first.map { $0.trimmingWhiteSpace().lowercased() } ?? ""
        return drawable.contains(type)
    }

    /// Whether the path's extension is a drawable image's (for sources the manifest does not type).
    static func hasDrawableExtension(_ path: String) -> Bool { mediaType(byExtensionOf: path) != nil }

    /// The media type of a drawable image the path's extension names, nil for any other extension.
    static func mediaType(byExtensionOf path: String) -> String? {
        let name = path.split(separator: "#").first.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        return byExtension[String(name[name.index(after: dot)...]).lowercased()]
    }
}
