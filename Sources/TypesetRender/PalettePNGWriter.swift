/// Writes a colour-mapped PNG with zlib directly (``PNGStream``): the fast path of ``PNGEncoder`` for pages of text.
///
/// A page of text in one colour is a palette image whose rows are long runs of the background index, which zlib's
/// run-length strategy (`Z_RLE`) at level 1 compresses in about half the time of libpng's fast setting for about a
/// tenth more bytes. Rows are written unfiltered (filter type 0), as libpng's fast setting does. The chunks
/// are the standard ones (IHDR, sRGB, PLTE, tRNS when a colour is translucent, IDAT, IEND), so any decoder reads
/// the file and gets exactly the same pixels back.
enum PalettePNGWriter {
    /// Encodes `indices` (one byte per pixel, each below the number of entries) with `colormap` (3 or 4 bytes per
    /// entry, per `opaque`).
    ///
    /// Row `y` starts at `indices[y * rowStride + rowStride - width]` (`rowStride` is `width` when nil). An
    /// ``IndexedCanvas`` passes `width + 1` with a 0 before every row: those are PNG's rows with their filter
    /// byte, so an 8-bit image is compressed as it is.
    static func encode(width: Int, height: Int, indices: [UInt8], rowStride: Int? = nil, colormap: [UInt8],
                       opaque: Bool) throws(RenderError) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let entries = colormap.count / channels
        // Indices pack to 1, 2 or 4 bits when the palette is small enough (as libpng does), most significant first.
        let depth = entries <= 2 ? 1 : entries <= 4 ? 2 : entries <= 16 ? 4 : 8
        let stride = rowStride ?? width, lead = stride - width
        let raw: [UInt8]
        if depth == 8 && lead == 1 && stride * height == indices.count {
            raw = indices
        } else {
            raw = packedRows(width: width, height: height, depth: depth, indices: indices, stride: stride, lead: lead)
        }
        var png = PNGStream.header(width: width, height: height, depth: depth, colourType: 3)  // 3: palette
        var palette: [UInt8] = []
        var alphas: [UInt8] = []
        for entry in 0..<entries {
            palette += colormap[(entry * channels)..<(entry * channels + 3)]
            alphas.append(opaque ? 255 : colormap[entry * channels + 3])
        }
        PNGStream.appendChunk(&png, "PLTE", palette)
        if !opaque {
            // tRNS may stop after the last translucent entry.
            let last = alphas.lastIndex(where: { $0 != 255 }) ?? -1
            if last >= 0 { PNGStream.appendChunk(&png, "tRNS", Array(alphas[0...last])) }
        }
        try PNGStream.appendImageData(&png, rows: raw, strategy: .runLength)
        return png
    }

    /// PNG's rows: a filter byte (0: none), then the indices at `depth` bits each.
    private static func packedRows(width: Int, height: Int, depth: Int, indices: [UInt8], stride: Int, lead: Int) -> [UInt8] {
        let perByte = 8 / depth
        let rowBytes = (width + perByte - 1) / perByte + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { source in
                guard let target = out.baseAddress, let pixels = source.baseAddress else { return }
                for y in 0..<height {
                    let row = target + y * rowBytes + 1, line = pixels + y * stride + lead
                    if depth == 8 {
                        row.update(from: line, count: width)
                        continue
                    }
                    for x in 0..<width {
                        let shift = 8 - depth * (x % perByte + 1)
                        row[x / perByte] |= line[x] << UInt8(shift)
                    }
                }
            }
        }
        return raw
    }
}
