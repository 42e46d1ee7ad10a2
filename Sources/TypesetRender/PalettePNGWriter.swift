internal import CZlib

/// Writes a colour-mapped PNG with zlib directly: the fast path of ``PNGEncoder`` for pages of text.
///
/// libpng's simplified API cannot go below zlib level 3 with the default strategy, and zlib is nearly all of the
/// cost of encoding a page. A page of text in one colour is a palette image whose rows are long runs of the
/// background index, which zlib's run-length strategy (`Z_RLE`) at level 1 compresses in about half the time for
/// about a tenth more bytes. Rows are written unfiltered (filter type 0), as libpng's fast setting does. The chunks
/// are the standard ones (IHDR, sRGB, PLTE, tRNS when a colour is translucent, IDAT, IEND), so any decoder reads
/// the file and gets exactly the same pixels back.
enum PalettePNGWriter {
    /// Encodes `indices` (one byte per pixel, each below the number of entries) with `colormap` (3 or 4 bytes per
    /// entry, per `opaque`).
    static func encode(width: Int, height: Int, indices: [UInt8], colormap: [UInt8], opaque: Bool) throws(RenderError) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let entries = colormap.count / channels
        // Indices pack to 1, 2 or 4 bits when the palette is small enough (as libpng does), most significant first.
        let depth = entries <= 2 ? 1 : entries <= 4 ? 2 : entries <= 16 ? 4 : 8
        let perByte = 8 / depth
        // Rows with their filter byte (0: none).
        let rowBytes = (width + perByte - 1) / perByte + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { source in
                guard let target = out.baseAddress, let pixels = source.baseAddress else { return }
                for y in 0..<height {
                    let row = target + y * rowBytes + 1, line = pixels + y * width
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
        let compressed = try deflate(raw)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressed.count + 4 * entries + 128)
        var header: [UInt8] = []
        appendUInt32(&header, UInt32(width))
        appendUInt32(&header, UInt32(height))
        header += [UInt8(depth), 3, 0, 0, 0]  // bit depth, colour type 3 (palette), deflate, filter method 0, no interlace
        appendChunk(&png, "IHDR", header)
        appendChunk(&png, "sRGB", [0])  // perceptual: the colours are sRGB, as libpng's files say
        var palette: [UInt8] = []
        var alphas: [UInt8] = []
        for entry in 0..<entries {
            palette += colormap[(entry * channels)..<(entry * channels + 3)]
            alphas.append(opaque ? 255 : colormap[entry * channels + 3])
        }
        appendChunk(&png, "PLTE", palette)
        if !opaque {
            // tRNS may stop after the last translucent entry.
            let last = alphas.lastIndex(where: { $0 != 255 }) ?? -1
            if last >= 0 { appendChunk(&png, "tRNS", Array(alphas[0...last])) }
        }
        appendChunk(&png, "IDAT", compressed)
        appendChunk(&png, "IEND", [])
        return png
    }

    /// One zlib stream of `data`, level 1 with the run-length strategy.
    private static func deflate(_ data: [UInt8]) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        guard CZlib_deflateInit2(&stream, 1, Z_DEFLATED, 15, 8, Z_RLE) == Z_OK else {
            throw RenderError(.png, "zlib could not start a compressor")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var status: Int32 = Z_OK
        var produced = 0
        let output = data.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(bound)
                status = CZlib.deflate(&stream, Z_FINISH)
                produced = bound - Int(stream.avail_out)
                initialized = status == Z_STREAM_END ? produced : 0
            }
        }
        guard status == Z_STREAM_END else { throw RenderError(.png, "zlib could not compress the image (status \(status))") }
        return output
    }

    private static func appendUInt32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Length, type, data and the CRC of type and data.
    private static func appendChunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        appendUInt32(&png, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png += typeBytes
        png += data
        appendUInt32(&png, UInt32(truncatingIfNeeded: crc))
    }
}
