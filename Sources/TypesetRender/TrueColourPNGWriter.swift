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
        let width = bitmap.width
        return try bitmap.pixels.withUnsafeBufferPointer { rgba throws(RenderError) in
            nonisolated(unsafe) let pixels = rgba
            return try encode(width: width, height: bitmap.height, opaque: opaque) { rows, target in
                guard let source = pixels.baseAddress else { return }
                write(rows, of: source, width: width, opaque: opaque, into: target)
            }
        }
    }

    /// Encodes an image of `width` × `height` pixels whose PNG rows `write` makes (each a filter byte, 0, then
    /// R, G, B, and A unless `opaque`), a few at a time as zlib takes them (``PNGStream/RowSource``).
    static func encode(width: Int, height: Int, opaque: Bool,
                       write: @escaping (_ rows: Range<Int>, _ into: UnsafeMutablePointer<UInt8>) -> Void) throws(RenderError) -> [UInt8] {
        var png = PNGStream.header(width: width, height: height, depth: 8, colourType: opaque ? 2 : 6)  // 2: RGB, 6: RGBA
        let source = PNGStream.RowSource(rowBytes: width * (opaque ? 3 : 4) + 1, height: height, write: write)
        try PNGStream.appendImageData(&png, source: source, strategy: .matches)
        return png
    }

    /// PNG's rows `rows` of the RGBA pixels at `rgba`: a filter byte (0: none), then each pixel's R, G, B (and A
    /// unless `opaque`). RGB rows are packed sixteen pixels a step (``CKernels_rgbRows``): a pixel a step took
    /// 7.9 M instructions on the first page of War and Peace (1.3 M pixels, callgrind), this 1.6 M.
    static func write(_ rows: Range<Int>, of rgba: UnsafePointer<UInt8>, width: Int, opaque: Bool,
                      into target: UnsafeMutablePointer<UInt8>) {
        let first = rgba + rows.lowerBound * width * 4
        if opaque {
            CKernels_rgbRows(first, width, rows.count, target)
            return
        }
        let rowBytes = width * 4 + 1
        for y in 0..<rows.count {
            target[y * rowBytes] = 0
            (target + y * rowBytes + 1).update(from: first + y * width * 4, count: width * 4)
        }
    }
}
