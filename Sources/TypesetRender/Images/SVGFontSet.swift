internal import CImageCodecs
import TypesetCore

/// A book's embedded fonts where librsvg finds them for the text of its SVG drawings (one owner of the C font set:
/// a private fontconfig configuration with the book's faces under their `@font-face` names, see `svgfonts.c`), so
/// that an SVG's `<text font-family="Book Serif">` is drawn in the book's face, not in the system's fallback (whose
/// wider letters overprint and run past the drawing's right edge).
final class SVGFontSet {
    let pointer: OpaquePointer

    /// The set of `fonts`' faces; nil when none can be made usable (no temporary folder, fontconfig failing).
    init?(_ fonts: DocumentFonts) {
        var message = [CChar](repeating: 0, count: 256)
        guard let made = CImage_svgFontsCreate(&message, message.count) else { return nil }
        pointer = made
        var added = 0
        for face in fonts.faces {
            let bytes = UnsafeRawBufferPointer(start: face.bytes.base, count: face.bytes.count)
            let weight = (face.weights.lowerBound + face.weights.upperBound) / 2
            let status = CImage_svgFontsAdd(pointer, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                            face.family, Int32(clamping: weight), face.isItalic ? 1 : 0, &message, message.count)
            if status == 0 { added += 1 }
        }
        if added == 0 { return nil }
    }

    deinit { CImage_svgFontsDestroy(pointer) }
}
