internal import CFreeType
import TypesetCore

/// Owns one `FT_Face`: one face of one font file, used only for rasterizing.
///
/// HarfBuzz in `TypesetCore` shapes from its own copy of the file; FreeType reads the same file here, so the
/// glyph ids of a ``GlyphRun`` index this face. Keeps its ``FreeTypeLibrary`` alive, because FreeType requires
/// faces to be released before their library.
final class FreeTypeFace {
    let raw: FT_Face
    /// A small number naming this face in glyph-cache keys; assigned by the renderer, unique per renderer.
    let slot: Int32
    /// The font file, for messages.
    let path: String
    let library: FreeTypeLibrary
    /// The bytes of a font loaded from memory, which FreeType reads in place (kept alive as long as the face).
    private let bytes: FontBytes?
    /// The character size last set, in 26.6 pixels; `FT_Set_Char_Size` is skipped when it does not change,
    /// since a page sets the same size for run after run.
    private var currentSize: Int = -1

    /// Opens face `index` of the font file at `path`.
    ///
    /// - Throws: ``RenderError`` `.fontUnreadable`, naming the file, when FreeType cannot open or parse it.
    init(library: FreeTypeLibrary, path: String, index: Int, slot: Int32, bytes: FontBytes? = nil) throws(RenderError) {
        guard let faceIndex = FT_Long(exactly: index), index >= 0, index <= 0xFFFF else {
            throw RenderError(.fontUnreadable, "the font file \(path) has no face #\(index)")
        }
        var face: FT_Face?
        let error = if let bytes {
            FT_New_Memory_Face(library.raw, bytes.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), faceIndex, &face)
        } else {
            FT_New_Face(library.raw, path, faceIndex, &face)
        }
        guard error == 0, let face else {
            throw RenderError(.fontUnreadable,
                              "the font file \(path) (face #\(index)) cannot be read: \(FreeTypeLibrary.describe(error))")
        }
        // Bitmap-only faces have no outlines to scale; checked before `self` owns the face so that the
        // throw does not run `deinit` as well (which would free it twice).
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            throw RenderError(.fontUnreadable, "the font file \(path) (face #\(index)) has no scalable outlines")
        }
        self.raw = face
        self.path = path
        self.library = library
        self.slot = slot
        self.bytes = bytes
    }

    deinit { FT_Done_Face(raw) }

    /// Sets the size glyphs are loaded at.
    ///
    /// - Parameter size26_6: Pixels per em in 26.6 fixed point (at 72 dpi one point is one pixel, so this is
    ///   points × scale × 64).
    func setPixelSize(_ size26_6: Int) throws(RenderError) {
        guard size26_6 != currentSize else { return }
        let error = FT_Set_Char_Size(raw, 0, FT_F26Dot6(size26_6), 72, 72)
        guard error == 0 else {
            currentSize = -1
            throw RenderError(.freeType, "cannot set the size \(Double(size26_6) / 64) px on \(path): \(FreeTypeLibrary.describe(error))")
        }
        currentSize = size26_6
    }
}
