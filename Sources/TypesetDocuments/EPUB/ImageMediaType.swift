/// The image types Typeset draws (EPUB 3.3's core media types for images, plus WebP), by media type and by the
/// file name extensions books give them: what decides whether a foreign image needs its fallback.
enum ImageMediaType {
    /// Media types of images the renderer decodes.
    static let drawable: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml",
                                        "image/avif", "image/jxl"]
    private static let extensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "gif", "webp", "svg", "avif", "jxl"]

    /// Whether `mediaType` (any case, parameters ignored) is one Typeset draws.
    static func isDrawable(_ mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingWhiteSpace().lowercased() } ?? ""
        return drawable.contains(type)
    }

    /// Whether the path's extension is a drawable image's (for sources the manifest does not type).
    static func hasDrawableExtension(_ path: String) -> Bool {
        let name = path.split(separator: "#").first.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return extensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }
}
