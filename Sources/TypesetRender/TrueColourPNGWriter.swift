internal import CKernels

/// Writes an RGB or RGBA PNG with zlib directly (``PNGStream``): the fast path of ``PNGEncoder`` for bitmaps of
/// more than 256 colours (text in two colours, such as a page with a link, whose blends overflow a palette).
///
/// Rows are unfiltered (filter type 0), as libpng's fast setting writes them, and deflated at level 1 with zlib's
/// hash chains: the run-length strategy finds nothing in RGB rows of a tinted background (no byte repeats its left
/// neighbour), and filtering the rows (Sub, Up) made them larger at level 1. Measured on the first page of War and
/// Peace (780 × 1688 pixels, 260 colours): libpng's fast setting wrote 150,733 bytes in 108 M instructions, this
/// 164 K bytes in about 60 M. Decoding gives back exactly the same pixels.
enum TrueColourPNGWriter {
    /// Encodes `bitmap` as 8-bit RGB when every pixel is opaque (`opaque`), else as 8-bit RGBA.
    static func encode(_ bitmap: Bitmap, opaque: Bool) throws(RenderError) -> [UInt8] {
        var png = PNGStream.header(width: bitmap.width, height: bitmap.height, depth: 8,
                                   colourType: opaque ? 2 : 6)  // 2: RGB, 6: RGBA
        try PNGStream.appendImageData(&png, rows: rows(bitmap, opaque: opaque), strategy: .matches)
        return png
    }

    /// PNG's rows: a filter byte (0: none), then each pixel's R, G, B (and A unless `opaque`). RGB rows are packed
    /// sixteen pixels a step (``CKernels_rgbRows``): a pixel a step took 7.9 M instructions on the first page of War
    /// and Peace (1.3 M pixels, callgrind), this 1.6 M.
    static func rows(_ bitmap: Bitmap, opaque: Bool) -> [UInt8] {
        let width = bitmap.width, height = bitmap.height
        let rowBytes = width * (opaque ? 3 : 4) + 1
        let count = rowBytes * height
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            initialized = 0
            guard count > 0, let target = out.baseAddress else { return }
            bitmap.pixels.withUnsafeBufferPointer { rgba in
                guard let source = rgba.baseAddress else { return }
                if opaque {
                    CKernels_rgbRows(source, width, height, target)
                    return
                }
                for y in 0..<height {
                    target[y * rowBytes] = 0
                    (target + y * rowBytes + 1).update(from: source + y * width * 4, count: width * 4)
                }
            }
            initialized = count
        }
    }
}
