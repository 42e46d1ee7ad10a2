internal import CZlib
import Dispatch
import Synchronization

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

    /// Inputs at least this long are compressed in two halves on two threads.
    static let parallelThreshold = 256 * 1024

    /// One zlib stream of `data`, level 1 with the run-length strategy.
    ///
    /// A page at scale 2 is over a megabyte of indices, and deflate is most of the encoding time, so large inputs
    /// are compressed as two raw deflate streams at once, joined as pigz does: the first half ends with a sync
    /// flush (an empty stored block that ends on a byte boundary), the second with the final block, and the zlib
    /// header and the Adler-32 of the whole input go around them. Decoders see one ordinary stream. The second
    /// half starts without the first's window, which costs nothing with run-length matching (distance 1).
    private static func deflate(_ data: [UInt8]) throws(RenderError) -> [UInt8] {
        guard data.count >= parallelThreshold else { return try deflateParts(data, parts: 1) }
        return try deflateParts(data, parts: 2)
    }

    private static func deflateParts(_ data: [UInt8], parts: Int) throws(RenderError) -> [UInt8] {
        let bounds = (0...parts).map { data.count * $0 / parts }
        var outputs = [[UInt8]](repeating: [], count: parts)
        // Each part's Adler-32, joined below with adler32_combine: the checksum of the whole input is a pass over
        // a megabyte, so it is split with the compression instead of following it on one thread.
        var checksums = [uLong](repeating: 0, count: parts)
        var failed = false
        data.withUnsafeBufferPointer { input in
            outputs.withUnsafeMutableBufferPointer { results in
              checksums.withUnsafeMutableBufferPointer { sums in
                // Each part is written by exactly one iteration and read after concurrentPerform returns.
                nonisolated(unsafe) let source = input
                nonisolated(unsafe) let target = results
                nonisolated(unsafe) let targetSums = sums
                let failures = Atomic<Int>(0)
                let work: @Sendable (Int) -> Void = { part in
                    let slice = UnsafeBufferPointer(rebasing: source[bounds[part]..<bounds[part + 1]])
                    if let compressed = rawDeflate(slice, final: part == parts - 1) {
                        target[part] = compressed
                        targetSums[part] = adler32(adler32(0, nil, 0), slice.baseAddress, uInt(slice.count))
                    } else {
                        failures.add(1, ordering: .relaxed)
                    }
                }
                if parts == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: work) }
                failed = failures.load(ordering: .relaxed) != 0
              }
            }
        }
        guard !failed else { throw RenderError(.png, "zlib could not compress the image") }
        // zlib header: deflate with a 32 KiB window, fastest level, no dictionary (0x78 0x01 is a multiple of 31).
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(outputs.reduce(6) { $0 + $1.count })
        for output in outputs { stream += output }
        var checksum = checksums[0]
        for part in 1..<parts { checksum = adler32_combine(checksum, checksums[part], off_t(bounds[part + 1] - bounds[part])) }
        appendUInt32(&stream, UInt32(truncatingIfNeeded: checksum))
        return stream
    }

    /// A raw deflate stream (no zlib header or checksum) of `input` at level 1 with `Z_RLE`, ending with the final
    /// block when `final`, else with a sync flush; nil if zlib fails.
    private static func rawDeflate(_ input: UnsafeBufferPointer<UInt8>, final: Bool) -> [UInt8]? {
        var stream = z_stream()
        guard CZlib_deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound plus room for the sync flush's empty stored block.
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 16
        var status: Int32 = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(bound)
            status = CZlib.deflate(&stream, final ? Z_FINISH : Z_SYNC_FLUSH)
            let done = final ? status == Z_STREAM_END : status == Z_OK && stream.avail_in == 0
            initialized = done ? bound - Int(stream.avail_out) : 0
            if !done { status = Z_STREAM_ERROR }
        }
        return status == Z_STREAM_ERROR ? nil : output
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
