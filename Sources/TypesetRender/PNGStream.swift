internal import CKernels
internal import CZlib
import Dispatch
import Synchronization

/// The parts of a PNG file that ``PalettePNGWriter`` and ``TrueColourPNGWriter`` write with zlib directly: the
/// signature and header, the compressed rows, chunks with their CRC.
///
/// libpng's simplified API cannot go below zlib level 3, and zlib is nearly all of the cost of encoding a page.
/// The rows are deflated at level 1 and fed to zlib in pieces of under 64 KiB, each ended with a full flush
/// (`Z_FULL_FLUSH`): zlib then starts the next piece at the front of its window, so it never slides the window
/// (`slide_hash` rewrites the whole hash table every 32 KiB, half of all the instructions of deflating a page of
/// RGB rows), for matches that do not reach back over a piece boundary: 3–10 % larger files (callgrind on the first
/// page of War and Peace at scale 2, 3.9 MB of RGB rows: 109.9 M instructions in zlib at level 3, 57.9 M so; a
/// page of palette indices 34.2 M → 18.8 M).
enum PNGStream {
    /// How zlib looks for repeats.
    enum Strategy {
        /// Only runs of one byte (`Z_RLE`): palette rows, long runs of the background index.
        case runLength
        /// zlib's hash chains at level 1: RGB rows, whose runs repeat a 3-byte pixel.
        case matches
    }

    /// The signature and the IHDR and sRGB chunks of an 8-bit (or packed palette) image of `colourType`.
    static func header(width: Int, height: Int, depth: Int, colourType: UInt8) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendUInt32(&header, UInt32(width))
        appendUInt32(&header, UInt32(height))
        header += [UInt8(depth), colourType, 0, 0, 0]  // bit depth, colour type, deflate, filter method 0, no interlace
        appendChunk(&png, "IHDR", header)
        appendChunk(&png, "sRGB", [0])  // perceptual: the colours are sRGB, as libpng's files say
        return png
    }

    /// The IDAT and IEND chunks of `rows` (PNG's rows, each with its filter byte).
    static func appendImageData(_ png: inout [UInt8], rows: [UInt8], strategy: Strategy) throws(RenderError) {
        appendImageData(&png, compressed: try deflate(rows, strategy: strategy))
    }

    /// The IDAT and IEND chunks of the rows `source` makes.
    static func appendImageData(_ png: inout [UInt8], source: RowSource, strategy: Strategy) throws(RenderError) {
        let compressed = try deflate(count: source.rowBytes * source.height, strategy: strategy) { range, scratch in
            // The rows that hold `range`, made into the part's scratch, which holds a piece and two rows more.
            let first = range.lowerBound / source.rowBytes, end = (range.upperBound + source.rowBytes - 1) / source.rowBytes
            source.write(first..<end, scratch)
            return UnsafePointer(scratch + (range.lowerBound - first * source.rowBytes))
        } scratchBytes: { pieceLength + 2 * source.rowBytes }
        appendImageData(&png, compressed: compressed)
    }

    private static func appendImageData(_ png: inout [UInt8], compressed: [UInt8]) {
        png.reserveCapacity(png.count + compressed.count + 24)
        appendChunk(&png, "IDAT", compressed)
        appendChunk(&png, "IEND", [])
    }

    /// Inputs at least this long are compressed in two halves on two threads.
    static let parallelThreshold = 256 * 1024

    /// The longest piece zlib is given between full flushes: below its window's size plus its maximum match
    /// distance (2 × 32 KiB − 262), past which zlib slides the window.
    static let pieceLength = 65_000

    /// PNG's rows made on demand, a few at a time, by whoever holds the pixels: an image of more than 256 colours
    /// is deflated from its canvas without a copy of all its rows (3.9 MB of RGB for a page at scale 2, a thousand
    /// page faults of a one-page CLI run, issue 32).
    struct RowSource: @unchecked Sendable {
        /// Bytes a row, its filter byte included.
        let rowBytes: Int
        let height: Int
        /// Writes the rows `rows` (filter byte first) at the pointer, `rowBytes` each. Called from two threads at
        /// once, on rows apart: it must only read what it draws from.
        let write: (_ rows: Range<Int>, _ into: UnsafeMutablePointer<UInt8>) -> Void
    }

    /// One zlib stream of `data` at level 1.
    static func deflate(_ data: [UInt8], strategy: Strategy) throws(RenderError) -> [UInt8] {
        try data.withUnsafeBufferPointer { input throws(RenderError) in
            nonisolated(unsafe) let bytes = input
            return try deflate(count: input.count, strategy: strategy) { range, scratch in
                bytes.baseAddress.map { $0 + range.lowerBound } ?? UnsafePointer(scratch)
            } scratchBytes: { 0 }
        }
    }

    /// One zlib stream of `count` bytes, given piece by piece by `piece` (the bytes of a range of at most
    /// ``pieceLength``, made in the scratch it is handed when they are not in memory already), at level 1.
    ///
    /// A page at scale 2 is over a megabyte of rows, and deflate is most of the encoding time, so large inputs are
    /// compressed as two raw deflate streams at once, joined as pigz does: the first half ends with a sync flush
    /// (an empty stored block that ends on a byte boundary), the second with the final block, and the zlib header
    /// and the Adler-32 of the whole input go around them. Decoders see one ordinary stream. The second half
    /// starts without the first's window, as every piece does. The pieces are the same however the bytes are
    /// given, so the stream is too.
    private static func deflate(count: Int, strategy: Strategy,
                                piece: @escaping @Sendable (Range<Int>, UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>,
                                scratchBytes: () -> Int) throws(RenderError) -> [UInt8] {
        let parts = count >= parallelThreshold ? 2 : 1
        let bounds = (0...parts).map { count * $0 / parts }
        var outputs = [[UInt8]](repeating: [], count: parts)
        // Each part's Adler-32, joined below with adler32_combine: the checksum of the whole input is a pass over
        // a megabyte, so it is split with the compression instead of following it on one thread. CKernels' SSE2
        // Adler-32 gives zlib's value in a third of its instructions (14.1 M -> 4 M on the 3.9 MB of RGB rows of
        // War and Peace's first page at scale 2, callgrind).
        var checksums = [uLong](repeating: 0, count: parts)
        var failed = false
        let scratchLength = scratchBytes()
        outputs.withUnsafeMutableBufferPointer { results in
            checksums.withUnsafeMutableBufferPointer { sums in
                // Each part is written by exactly one iteration and read after concurrentPerform returns.
                nonisolated(unsafe) let target = results
                nonisolated(unsafe) let targetSums = sums
                let failures = Atomic<Int>(0)
                let work: @Sendable (Int) -> Void = { part in
                    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, scratchLength))
                    defer { scratch.deallocate() }
                    let range = bounds[part]..<bounds[part + 1]
                    if let result = rawDeflate(range, strategy: strategy, final: part == parts - 1, piece: { piece($0, scratch) }) {
                        target[part] = result.output
                        targetSums[part] = uLong(result.adler)
                    } else {
                        failures.add(1, ordering: .relaxed)
                    }
                }
                if parts == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: work) }
                failed = failures.load(ordering: .relaxed) != 0
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

    /// A raw deflate stream (no zlib header or checksum) of the bytes `range`, got from `piece` a piece at a time,
    /// at level 1: each piece of at most ``pieceLength`` bytes ended by a full flush, the last ending with the
    /// final block when `final`, else with a sync flush; with the Adler-32 of the bytes; nil if zlib fails.
    private static func rawDeflate(_ range: Range<Int>, strategy: Strategy, final: Bool,
                                   piece: (Range<Int>) -> UnsafePointer<UInt8>) -> (output: [UInt8], adler: UInt32)? {
        var stream = z_stream()
        guard CZlib_deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, strategy == .runLength ? Z_RLE : Z_DEFAULT_STRATEGY) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        // deflateBound plus room for each flush's empty stored block (5 bytes) and the block it ends early.
        let pieces = range.count / pieceLength + 1
        let bound = Int(deflateBound(&stream, uLong(range.count))) + 64 * pieces
        var failed = false
        var adler = CKernels_adler32(1, nil, 0)
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(bound)
            var start = range.lowerBound
            repeat {
                let end = min(range.upperBound, start + pieceLength)
                let bytes = piece(start..<end)
                adler = CKernels_adler32(adler, bytes, end - start)
                stream.next_in = UnsafeMutablePointer(mutating: bytes)
                stream.avail_in = uInt(end - start)
                start = end
                let flush = start < range.upperBound ? Z_FULL_FLUSH : final ? Z_FINISH : Z_SYNC_FLUSH
                let status = CZlib.deflate(&stream, flush)
                // A full or sync flush with room left consumes the piece (Z_OK); the finish ends the stream.
                let done = flush == Z_FINISH ? status == Z_STREAM_END : status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0
                if !done { failed = true; break }
            } while start < range.upperBound
            initialized = failed ? 0 : bound - Int(stream.avail_out)
        }
        return failed ? nil : (output, adler)
    }

    static func appendUInt32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Length, type, data and the CRC of type and data.
    static func appendChunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
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
