import TypesetCore

extension Bitmap {
    /// Draws a coverage mask in `color`, source-over, with its top-left pixel at `(x, y)`; parts outside the
    /// bitmap are clipped.
    ///
    /// The blend is done on the 8-bit sRGB-encoded values directly ("sRGB-naive"), not in linear light. That
    /// is what most text renderers do for grayscale antialiasing: it makes dark-on-light text slightly bolder
    /// than a linear blend would, and keeps the arithmetic to a few integer operations per pixel.
    mutating func composite(_ image: GlyphImage, atX x: Int, y: Int, color: Color) {
        composite(image, atX: x, y: y, color: color, from: (row: Int.min, column: Int.min))
    }

    /// The same, leaving out the pixels before `start` in row-major order (the part of a mask an
    /// ``IndexedCanvas`` drew before it turned into a bitmap).
    mutating func composite(_ image: GlyphImage, atX x: Int, y: Int, color: Color, from start: (row: Int, column: Int)) {
        guard image.width > 0, image.height > 0 else { return }
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let bitmapWidth = width
        let sr = Int(color.red), sg = Int(color.green), sb = Int(color.blue), sa = Int(color.alpha)
        image.coverage.withUnsafeBufferPointer { mask in
            withUnsafeMutablePixels { pixels in
                for row in max(y0, start.row)..<max(y1, start.row) {
                    let maskRow = (row - y) * image.width - x
                    let pixelRow = row * bitmapWidth
                    for column in (row == start.row ? min(max(x0, start.column), x1) : x0)..<x1 {
                        var a = Int(mask[maskRow + column])
                        if a == 0 { continue }
                        if sa != 255 { a = div255(a * sa) }
                        Bitmap.blend(pixels, at: (pixelRow + column) * 4, red: sr, green: sg, blue: sb, alpha: a)
                    }
                }
            }
        }
    }

    /// Fills the pixel rectangle `x0..<x1` × `y0..<y1` (clipped to the bitmap) with `color`, source-over with
    /// the colour's own alpha, by the same sRGB-naive blend as glyphs (used for decoration fills and lines).
    ///
    /// Fills are drawn before the glyphs, so nearly every destination pixel has the page's background colour:
    /// the blend of the last distinct pixel is remembered and reused, which makes a fill about as cheap as a
    /// memory copy (a highlight can cover a third of a page; blending each pixel anew cost milliseconds).
    mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, color: Color) {
        let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(width, x1), cy1 = min(height, y1)
        guard cx0 < cx1, cy0 < cy1, color.alpha > 0 else { return }
        let bitmapWidth = width
        if color.alpha == 255 {
            // An opaque colour covers whatever is there (`blend` at full alpha writes the colour itself): stored
            // without reading a pixel (backgrounds and borders are mostly opaque).
            fillOpaque(x0: cx0, y0: cy0, x1: cx1, y1: cy1, color: color)
            return
        }
        let sr = Int(color.red), sg = Int(color.green), sb = Int(color.blue), sa = Int(color.alpha)
        withUnsafeMutablePixels { pixels in
            let raw = UnsafeMutableRawBufferPointer(pixels)
            var lastIn: UInt32 = 0, lastOut: UInt32 = 0, known = false
            // Two pixels per step where both are the remembered one (the common case), one at a time otherwise.
            var pairIn: UInt64 = 0, pairOut: UInt64 = 0
            for row in cy0..<cy1 {
                var offset = (row * bitmapWidth + cx0) * 4
                let rowEnd = (row * bitmapWidth + cx1) * 4
                while offset < rowEnd {
                    if known && offset + 8 <= rowEnd && raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == pairIn {
                        raw.storeBytes(of: pairOut, toByteOffset: offset, as: UInt64.self)
                        offset += 8
                        continue
                    }
                    let before = raw.load(fromByteOffset: offset, as: UInt32.self)
                    if known && before == lastIn {
                        raw.storeBytes(of: lastOut, toByteOffset: offset, as: UInt32.self)
                    } else {
                        Bitmap.blend(pixels, at: offset, red: sr, green: sg, blue: sb, alpha: sa)
                        lastIn = before
                        lastOut = raw.load(fromByteOffset: offset, as: UInt32.self)
                        pairIn = UInt64(lastIn) | UInt64(lastIn) << 32
                        pairOut = UInt64(lastOut) | UInt64(lastOut) << 32
                        known = true
                    }
                    offset += 4
                }
            }
        }
    }

    /// Stores opaque `color` in the pixels `x0..<x1` × `y0..<y1`, already clipped to the bitmap: a row at a time
    /// through ``store(_:count:at:)``. Indexing each pixel from the bitmap's origin kept the loop from being
    /// vectorized: a block's background cost 10 instructions a pixel, a third of drawing a page of boxes (callgrind).
    private mutating func fillOpaque(x0: Int, y0: Int, x1: Int, y1: Int, color: Color) {
        let word = UInt32(littleEndian: UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000)
        let bitmapWidth = width
        withUnsafeMutablePixels { pixels in
            guard let base = pixels.baseAddress else { return }
            for row in y0..<y1 {
                Bitmap.store(word, count: x1 - x0, at: UnsafeMutableRawPointer(base + (row * bitmapWidth + x0) * 4))
            }
        }
    }

    /// Stores the pixel `word` (RGBA bytes read as a native 32-bit word) `count` times from `start`, which need not
    /// be aligned: a loop the compiler vectorizes (a bitmap's fill and its opaque rectangles).
    @inline(__always)
    static func store(_ word: UInt32, count: Int, at start: UnsafeMutableRawPointer) {
        for i in 0..<count { start.storeBytes(of: word, toByteOffset: i * 4, as: UInt32.self) }
    }

    /// Source-over of one straight-alpha source pixel (alpha `a` in 1...255) onto pixel byte offset `p`.
    static func blend(_ pixels: UnsafeMutableBufferPointer<UInt8>, at p: Int, red sr: Int, green sg: Int, blue sb: Int, alpha a: Int) {
        let da = Int(pixels[p + 3])
        if a == 255 {
            pixels[p] = UInt8(sr); pixels[p + 1] = UInt8(sg); pixels[p + 2] = UInt8(sb); pixels[p + 3] = 255
        } else if da == 255 {
            // Opaque destination, the usual case: out = src·a + dst·(1 − a).
            let inverse = 255 - a
            pixels[p] = UInt8(div255(sr * a + Int(pixels[p]) * inverse))
            pixels[p + 1] = UInt8(div255(sg * a + Int(pixels[p + 1]) * inverse))
            pixels[p + 2] = UInt8(div255(sb * a + Int(pixels[p + 2]) * inverse))
        } else {
            // Translucent destination (a custom theme with a see-through background):
            // straight-alpha source-over, outA = a + dA·(1 − a), outC = (C·a + dC·dA·(1 − a)) / outA.
            let weight = div255(da * (255 - a))
            let outA = a + weight
            if outA == 0 { return }
            pixels[p] = UInt8((sr * a + Int(pixels[p]) * weight + outA / 2) / outA)
            pixels[p + 1] = UInt8((sg * a + Int(pixels[p + 1]) * weight + outA / 2) / outA)
            pixels[p + 2] = UInt8((sb * a + Int(pixels[p + 2]) * weight + outA / 2) / outA)
            pixels[p + 3] = UInt8(outA)
        }
    }
}

/// `round(v / 255)` for `0 ≤ v ≤ 255 × 255`, without a division.
@inline(__always)
func div255(_ v: Int) -> Int {
    let t = v + 128
    return (t + (t >> 8)) >> 8
}
