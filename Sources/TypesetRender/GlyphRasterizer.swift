internal import CFreeType

/// A glyph's coverage mask, placed relative to the pen position it was rendered for.
struct GlyphImage {
    /// `width × height` coverage values, 0 (outside) to 255 (inside), row-major, top row first, no padding.
    var coverage: [UInt8]
    var width: Int
    var height: Int
    /// Pixels from the pen's whole-pixel x to the mask's left column (the subpixel offset is already inside the mask).
    var left: Int
    /// Pixels from the baseline up to the mask's top row.
    var top: Int

    static let empty = GlyphImage(coverage: [], width: 0, height: 0, left: 0, top: 0)
}

/// What identifies a rasterized glyph: the same key always gives the same mask.
struct GlyphKey: Hashable {
    /// ``FreeTypeFace/slot``.
    var face: Int32
    var glyph: UInt16
    /// The pen's fractional x position in quarter pixels, 0...3.
    var subpixel: UInt8
    /// Pixels per em in 26.6.
    var size: Int32
    /// The horizontal scale of the outline in 16.16 (65,536 for none): font expansion.
    var horizontalScale: Int32 = 1 << 16
    /// Turned 90° clockwise about its origin (sideways text in a vertical line).
    var rotated = false
}

/// Turns glyph ids into coverage masks with FreeType, and caches the masks.
///
/// Glyphs are loaded with light hinting (`FT_LOAD_TARGET_LIGHT`): outlines are fitted to the pixel grid
/// vertically only, so horizontal metrics stay unhinted and agree with the HarfBuzz advances the layout used;
/// the pen's fractional x position is rendered by shifting the outline in quarter pixels instead of snapping.
///
/// Not thread-safe (it drives FreeType faces); owned by one ``PageRenderer``.
final class GlyphRasterizer {
    /// Entries and bytes above which the cache is emptied. A page of body text uses a few hundred masks of a
    /// kilobyte or two, so this holds many pages' worth while bounding memory for huge sizes.
    static let maximumEntries = 8192
    static let maximumBytes = 64 << 20
    /// Masks of more pixels than this are never cached or made whole: the glyph is rendered clipped to the
    /// page instead (see ``renderClipped``), so a 2,000 pt heading at scale 16 cannot allocate gigabytes.
    static let maximumCachedPixels = 1 << 22

    private var cache: [GlyphKey: GlyphImage] = [:]
    private var cachedBytes = 0
    /// Glyphs FreeType could not load or render (drawn blank). Internal, for tests and diagnostics.
    private(set) var failedGlyphs = 0
    private(set) var cacheHits = 0
    private(set) var cacheMisses = 0

    var cacheCount: Int { cache.count }

    /// The mask of `key.glyph`, from the cache or freshly rendered; nil when the glyph is too large to cache,
    /// in which case the caller draws it with ``renderClipped``.
    ///
    /// - Throws: ``RenderError`` `.freeType` when the size cannot be set on the face.
    func image(for key: GlyphKey, face: FreeTypeFace) throws(RenderError) -> GlyphImage? {
        if let cached = cache[key] { cacheHits += 1; return cached }
        cacheMisses += 1
        guard let slot = try load(key, face: face) else { return remember(key, .empty) }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            let w = (Int(box.xMax) + 63) >> 6 - Int(box.xMin) >> 6
            let h = (Int(box.yMax) + 63) >> 6 - Int(box.yMin) >> 6
            if w.multipliedReportingOverflow(by: h).partialValue > GlyphRasterizer.maximumCachedPixels || w > 1 << 20 || h > 1 << 20 {
                return nil
            }
            GlyphRasterizer.scaleHorizontally(slot, key)
            // 1/4 px = 16 in 26.6; FreeType then rounds the mask's box outwards around the shifted outline.
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(key.subpixel) * 16, 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else {
            failedGlyphs += 1
            return remember(key, .empty)
        }
        var image = GlyphRasterizer.copyMask(slot.pointee.bitmap)
        image.left = Int(slot.pointee.bitmap_left)
        image.top = Int(slot.pointee.bitmap_top)
        return remember(key, image)
    }

    /// Renders only the part of a too-large glyph that falls inside a window of the page.
    ///
    /// - Parameters:
    ///   - penX, penY: The pen's whole-pixel position on the page (y down, on the baseline).
    ///   - window: The page pixels to cover, `x0..<x1`, `y0..<y1`, already clipped to the page.
    /// - Returns: A mask whose `left`/`top` place it at the window's corner; empty when nothing is visible.
    func renderClipped(_ key: GlyphKey, face: FreeTypeFace, penX: Int, penY: Int,
                       window: (x0: Int, y0: Int, x1: Int, y1: Int)) throws(RenderError) -> GlyphImage {
        guard let slot = try load(key, face: face), slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        GlyphRasterizer.scaleHorizontally(slot, key)
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        // The glyph's pixel box on the page, intersected with the window.
        let subpixel = Int(key.subpixel) * 16
        let gx0 = max(window.x0, penX + (Int(box.xMin) + subpixel) >> 6)
        let gx1 = min(window.x1, penX + (Int(box.xMax) + subpixel + 63) >> 6)
        let gy0 = max(window.y0, penY - (Int(box.yMax) + 63) >> 6)
        let gy1 = min(window.y1, penY - Int(box.yMin) >> 6)
        guard gx0 < gx1, gy0 < gy1 else { return .empty }
        let width = gx1 - gx0, height = gy1 - gy0
        // Move the outline so that the visible box's bottom-left corner is FreeType's bitmap origin; the
        // rasterizer clips everything outside the bitmap it is given.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((penX - gx0) * 64 + subpixel), FT_Pos((gy1 - penY) * 64))
        var coverage = [UInt8](repeating: 0, count: width * height)
        let error = coverage.withUnsafeMutableBufferPointer { buffer in
            var target = FT_Bitmap()
            target.rows = UInt32(height)
            target.width = UInt32(width)
            target.pitch = Int32(width)
            target.buffer = buffer.baseAddress
            target.num_grays = 256
            target.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(face.library.raw, &slot.pointee.outline, &target)
        }
        guard error == 0 else { failedGlyphs += 1; return .empty }
        return GlyphImage(coverage: coverage, width: width, height: height, left: gx0 - penX, top: penY - gy0)
    }

    /// Sets the size and loads the glyph into the face's slot; nil (counted as a failure) when FreeType refuses
    /// the glyph even unhinted. A broken glyph is drawn blank rather than failing the whole page.
    private func load(_ key: GlyphKey, face: FreeTypeFace) throws(RenderError) -> FT_GlyphSlot? {
        try face.setPixelSize(Int(key.size))
        let flags = FT_Int32(FT_LOAD_DEFAULT) | CFreeType_loadTargetLight()
        var error = FT_Load_Glyph(face.raw, FT_UInt(key.glyph), flags)
        if error != 0 {
            // Hinting is the usual culprit in damaged fonts; the unhinted outline is still worth drawing.
            error = FT_Load_Glyph(face.raw, FT_UInt(key.glyph), FT_Int32(FT_LOAD_NO_HINTING))
        }
        guard error == 0, let slot = face.raw.pointee.glyph else { failedGlyphs += 1; return nil }
        if key.rotated && slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            // Clockwise on the page is (x, y) → (y, −x) in FreeType's y-up outline space (16.16 matrix).
            var turn = FT_Matrix(xx: 0, xy: 0x10000, yx: -0x10000, yy: 0)
            FT_Outline_Transform(&slot.pointee.outline, &turn)
        }
        return slot
    }

    /// Scales the outline in `slot` horizontally about the glyph's origin by the key's scale (FreeType's
    /// transform), before it is measured and shifted; bitmap glyphs (emoji strikes) keep their width.
    private static func scaleHorizontally(_ slot: FT_GlyphSlot, _ key: GlyphKey) {
        guard key.horizontalScale != 1 << 16, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
        var matrix = FT_Matrix(xx: FT_Fixed(key.horizontalScale), xy: 0, yx: 0, yy: 1 << 16)
        FT_Outline_Transform(&slot.pointee.outline, &matrix)
    }

    private func remember(_ key: GlyphKey, _ image: GlyphImage) -> GlyphImage {
        if cache.count >= GlyphRasterizer.maximumEntries || cachedBytes + image.coverage.count > GlyphRasterizer.maximumBytes {
            // Clearing everything is crude but cheap and keeps no bookkeeping per entry; the next page
            // refills the cache with the few hundred masks it needs.
            cache.removeAll(keepingCapacity: true)
            cachedBytes = 0
        }
        cache[key] = image
        cachedBytes += image.coverage.count
        return image
    }

    /// Copies FreeType's mask out of the glyph slot at once (the slot is overwritten by the next load), as
    /// tightly packed 8-bit coverage whatever FreeType produced.
    private static func copyMask(_ bitmap: FT_Bitmap) -> GlyphImage {
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        let mode = UInt32(bitmap.pixel_mode)
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                // A negative pitch means the rows are stored bottom-up from `buffer`.
                let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
                let target = row * width
                switch mode {
                case FT_PIXEL_MODE_GRAY.rawValue:
                    for x in 0..<width { out[target + x] = source[x] }
                case FT_PIXEL_MODE_MONO.rawValue:
                    // Embedded 1-bit strikes: most significant bit first.
                    for x in 0..<width { out[target + x] = source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0 }
                case FT_PIXEL_MODE_BGRA.rawValue:
                    // Colour bitmaps (emoji) are drawn as their alpha in the text colour: a page has one ink.
                    for x in 0..<width { out[target + x] = source[x * 4 + 3] }
                default:
                    // LCD and 2/4-bit modes are never requested (render mode NORMAL); leave the mask blank.
                    return
                }
            }
        }
        return GlyphImage(coverage: coverage, width: width, height: height, left: 0, top: 0)
    }
}
