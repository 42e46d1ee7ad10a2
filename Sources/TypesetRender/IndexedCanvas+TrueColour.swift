internal import CKernels

extension IndexedCanvas {
    /// Whether every pixel is opaque, escapes included (an RGB page rather than RGBA, as ``Bitmap/isOpaque`` says
    /// of the same pixels): a palette colour no pixel holds any more does not count.
    var pixelsAreOpaque: Bool {
        if let bitmap { return bitmap.isOpaque }
        func opaque(_ colour: UInt32) -> Bool { UInt32(littleEndian: colour) >> 24 == 0xFF }
        var translucent = [Bool](repeating: false, count: 256)
        for (index, colour) in colours.enumerated() where !opaque(colour) { translucent[index] = true }
        if escaping { translucent[Int(Self.escape)] = false }
        let escapesOpaque = !escaping || escapes.allSatisfy { rows[$0.key] != Self.escape || opaque($0.value) }
        guard translucent.contains(true) else { return escapesOpaque }
        // (The escape is not translucent here: escaped pixels are their own colours, asked above.)
        for y in 0..<height {
            for x in 0..<width where translucent[Int(rows[y * rowStride + 1 + x])] { return false }
        }
        return escapesOpaque
    }

    /// The page's rows as PNG wants them in RGB (RGBA unless `opaque`), made a few at a time as zlib takes them
    /// (``TrueColourPNGWriter/encode(width:height:opaque:write:)``), never held whole.
    func trueColourRows(opaque: Bool) -> TrueColourRows { TrueColourRows(self, opaque: opaque) }
}

/// Writes the rows of an ``IndexedCanvas`` as RGB or RGBA: each index's colour (``CKernels_paletteRows``, a word a
/// pixel), then the escaped pixels' own colours over them, from a list sorted by offset. A pixel a step in Swift,
/// with the escape tested at every pixel, cost 20 M instructions on the first page of War and Peace (callgrind).
struct TrueColourRows: @unchecked Sendable {
    let canvas: IndexedCanvas
    let opaque: Bool
    /// 256 colours (a palette not full is padded), each the bytes R, G, B, A in memory order.
    private let palette: [UInt32]
    /// The pixels holding the escape, by offset in the canvas's rows, in order.
    private let escaped: [(offset: Int, colour: UInt32)]

    init(_ canvas: IndexedCanvas, opaque: Bool) {
        self.canvas = canvas
        self.opaque = opaque
        palette = canvas.colours + [UInt32](repeating: 0, count: max(0, 256 - canvas.colours.count))
        // A canvas turned into a bitmap has no rows left: its pixels are written from the bitmap.
        escaped = canvas.escaping && canvas.bitmap == nil
            ? canvas.escapes.filter { canvas.rows[$0.key] == IndexedCanvas.escape }.map { ($0.key, $0.value) }.sorted { $0.offset < $1.offset }
            : []
    }

    /// Writes PNG's rows `rows` (each a filter byte, 0, then every pixel's R, G, B, and A unless ``opaque``) at `target`.
    func write(_ rows: Range<Int>, into target: UnsafeMutablePointer<UInt8>) {
        if let bitmap = canvas.bitmap {
            bitmap.pixels.withUnsafeBufferPointer { rgba in
                guard let source = rgba.baseAddress else { return }
                TrueColourPNGWriter.write(rows, of: source, width: canvas.width, opaque: opaque, into: target)
            }
            return
        }
        let stride = canvas.rowStride, channels = opaque ? 3 : 4, rowBytes = canvas.width * channels + 1
        canvas.rows.withUnsafeBufferPointer { indices in
            palette.withUnsafeBufferPointer { colours in
                guard let first = indices.baseAddress, let words = colours.baseAddress else { return }
                CKernels_paletteRows(first + rows.lowerBound * stride + 1, stride, canvas.width, rows.count, words,
                                     Int32(channels), target)
            }
        }
        // The escaped pixels of these rows: the first at or after their start, found by halving.
        var low = 0, high = escaped.count
        while low < high {
            let middle = (low + high) / 2
            if escaped[middle].offset < rows.lowerBound * stride { low = middle + 1 } else { high = middle }
        }
        while low < escaped.count, escaped[low].offset < rows.upperBound * stride {
            let (offset, colour) = escaped[low]
            let pixel = target + (offset / stride - rows.lowerBound) * rowBytes + 1 + (offset % stride - 1) * channels
            withUnsafeBytes(of: colour) { bytes in
                for channel in 0..<channels { pixel[channel] = bytes[channel] }
            }
            low += 1
        }
    }
}
