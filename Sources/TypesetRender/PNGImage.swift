internal import CLibPNG

/// Helpers around libpng's simplified `png_image` API, shared by ``PNGEncoder`` and ``PNGDecoder``.
///
/// Only the simplified API is used: the classic one reports errors by `longjmp`, which Swift code cannot
/// survive. A `png_image` owns libpng state only between a successful `begin_read` and `finish_read` (or
/// within one write call); ``withImage`` frees it on every path.
enum PNGImage {
    /// `PNG_FORMAT_RGB` and `PNG_FORMAT_RGBA`; the latter is a parenthesised macro expression Swift does not
    /// import, so both are composed from the flag macros it does.
    static let formatRGB = png_uint_32(PNG_FORMAT_FLAG_COLOR)
    static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Runs `body` on a fresh `png_image` and releases whatever libpng allocated in it afterwards.
    static func withImage<R>(_ body: (inout png_image) throws(RenderError) -> R) throws(RenderError) -> R {
        var image = png_image()
        image.version = png_uint_32(CLibPNG_versionOne())
        defer { png_image_free(&image) }
        return try body(&image)
    }

    /// Throws when a libpng call returned 0 or recorded an error; warnings alone are ignored.
    static func check(_ result: Int32, _ image: inout png_image, _ what: String) throws(RenderError) {
        guard result == 0 || image.warning_or_error & 3 > PNG_IMAGE_WARNING else { return }
        let detail = message(of: &image)
        throw RenderError(.png, "\(what): \(detail.isEmpty ? "libpng reported an error" : detail)")
    }

    /// The NUL-terminated `message` field (a 64-byte C array, imported as a tuple).
    static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
