import TypesetCore
internal import CLibPNG
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Writes bitmaps as PNG with libpng.
///
/// The smallest lossless form that is cheap to find is written: a bitmap of at most 256 colours (a page of
/// text in one colour on one background) as 8-bit palette indices, with a tRNS chunk if any colour is
/// translucent; else an opaque bitmap (every alpha 255) as 8-bit RGB, a quarter less data than RGBA; else
/// 8-bit RGBA with straight alpha. Files carry an sRGB chunk. Decoding gives back exactly the same pixels.
/// The `typeset-bench` `png.*` rows measure each choice.
public enum PNGEncoder {
    /// How hard to compress.
    public enum Compression: Sendable, Hashable {
        /// Fast: no row filters, deflated by zlib directly at level 1 in pieces that never make zlib slide its
        /// window: a palette image (a page of text) with the run-length strategy (see `PalettePNGWriter`), RGB
        /// and RGBA with zlib's hash chains (see `TrueColourPNGWriter`). Pages of text come out a few percent
        /// larger than with libpng's fast setting (zlib level 3), in about half the time. The default.
        case fast
        /// libpng's default: adaptive row filters and zlib level 6; smaller files for photographs and
        /// gradients, slower.
        case small
    }

    /// Encodes a bitmap as a PNG byte stream.
    ///
    /// - Parameters:
    ///   - bitmap: The image; written colour-mapped, RGB or RGBA as described above.
    ///   - compression: Speed against size; ``Compression/fast`` unless the file will be distributed.
    /// - Returns: The complete PNG file contents.
    /// - Throws: ``RenderError`` `.png` when libpng fails (an empty bitmap, for instance: PNG has no 0×0 images).
    public static func encode(_ bitmap: Bitmap, compression: Compression = .fast) throws(RenderError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw RenderError(.png, "cannot encode a \(bitmap.width)×\(bitmap.height) bitmap: PNG images are at least 1×1")
        }
        // Colour-mapped when the bitmap has at most 256 colours (a page of text in one colour), else RGB or RGBA.
        let palette = PaletteImage(bitmap)
        let opaque = palette?.opaque ?? bitmap.isOpaque
        let channels = palette != nil ? 1 : opaque ? 3 : 4
        // Arrays are copy-on-write, so the RGBA case shares the bitmap's storage rather than copying it.
        let source = palette?.indices ?? (opaque ? stripAlpha(bitmap) : bitmap.pixels)
        let colormap = palette?.colormap ?? []
        if compression == .fast {
            guard let palette else { return try TrueColourPNGWriter.encode(bitmap, opaque: opaque) }
            return try PalettePNGWriter.encode(width: bitmap.width, height: bitmap.height, indices: palette.indices,
                                               colormap: palette.colormap, opaque: palette.opaque)
        }
        return try PNGImage.withImage { (image: inout png_image) throws(RenderError) -> [UInt8] in
            image.width = png_uint_32(bitmap.width)
            image.height = png_uint_32(bitmap.height)
            image.format = opaque ? PNGImage.formatRGB : PNGImage.formatRGBA
            if let palette {
                image.format |= png_uint_32(PNG_FORMAT_FLAG_COLORMAP)
                image.colormap_entries = png_uint_32(palette.count)
            }
            image.flags = compression == .fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
            // At least PNG_IMAGE_PNG_SIZE_MAX (a function-like macro Swift cannot import), so one compression
            // pass always fits; pages of the buffer that libpng never writes are never faulted in.
            let dataSize: Int = (bitmap.width * channels + 1) * bitmap.height
            let zlibBound: Int = dataSize + dataSize / 8 + dataSize / 64 + 64
            // Signature, IHDR, gAMA, cHRM, sRGB, PLTE, tRNS, IEND and slack, plus 12 bytes per IDAT chunk of
            // at most 8 KiB.
            let chunkOverhead: Int = 12 * (zlibBound / 8192 + 1)
            var capacity: Int = 2048 + chunkOverhead + zlibBound
            for _ in 0..<2 {
                var written = png_alloc_size_t(capacity)
                var result: Int32 = 0
                let output = source.withUnsafeBytes { pixels in
                    colormap.withUnsafeBytes { colours in
                        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                            result = png_image_write_to_memory(&image, buffer.baseAddress, &written, 0, pixels.baseAddress, 0,
                                                               palette == nil ? nil : colours.baseAddress)
                            initialized = result != 0 ? Int(written) : 0
                        }
                    }
                }
                if result == 0, Int(written) > capacity {
                    // libpng says the bound was too small (another zlib build); it reports the size it needs.
                    capacity = Int(written)
                    image.warning_or_error = 0
                    continue
                }
                try PNGImage.check(result, &image, "cannot encode a \(bitmap.width)×\(bitmap.height) PNG")
                // Copy into an exactly sized array so callers holding many pages do not keep the slack.
                return Array(output[...])
            }
            throw RenderError(.png, "cannot encode a \(bitmap.width)×\(bitmap.height) PNG: the output buffer kept growing")
        }
    }

    /// Encodes a bitmap and writes it to a file, as the writer of PNG bytes below does (whole, never over a device).
    ///
    /// - Parameters:
    ///   - bitmap: The image.
    ///   - path: The file to write.
    ///   - compression: Speed against size.
    /// - Throws: ``RenderError`` `.png` when encoding fails, `.io` (naming the file) when it cannot be written or
    ///   is not a regular file.
    public static func write(_ bitmap: Bitmap, to path: String, compression: Compression = .fast) throws(RenderError) {
        let bytes = try encode(bitmap, compression: compression)
        try OutputFile.write(bytes, to: path)
    }

    /// Writes encoded PNG bytes (from ``encode(_:compression:)`` or
    /// ``PageRenderer/renderPNG(page:of:appearance:decorations:resources:compression:window:)``) to a file, replacing the regular
    /// file there. The bytes go to a temporary file in the same folder, which is then renamed into place, so the
    /// file under `path` is always a whole page: a process killed mid-write, or two writing the same name, never
    /// leave a truncated or mixed file there. A device, a named pipe, a socket or a folder at `path` is never
    /// replaced; a symbolic link is followed to the regular file it names.
    ///
    /// - Throws: ``RenderError`` `.io`, naming the file, when it cannot be written or is not a regular file.
    public static func write(_ png: [UInt8], to path: String) throws(RenderError) {
        try OutputFile.write(png, to: path)
    }

    /// Makes folder `path` and the folders above it that are missing (the pages' destination).
    ///
    /// - Throws: ``RenderError`` `.io`, naming the folder, when it cannot be made or is a file.
    public static func createFolder(_ path: String) throws(RenderError) {
        try FileBytes.createFolder(path)
    }

    /// The RGB bytes of an opaque bitmap (libpng's simplified writer cannot drop a channel itself).
    static func stripAlpha(_ bitmap: Bitmap) -> [UInt8] {
        let count = bitmap.width * bitmap.height
        return [UInt8](possiblyEmptyCapacity: count * 3) { out, initialized in
            bitmap.pixels.withUnsafeBytes { rgba in
                guard count > 0, let source = rgba.baseAddress, let target = UnsafeMutableRawPointer(out.baseAddress) else { return }
                // A pixel is copied as one 4-byte word whose alpha byte the next pixel overwrites (a third of the
                // instructions of byte copies); the last pixel byte by byte, to stay inside the output.
                var from = source, to = target
                for _ in 0..<(count - 1) {
                    to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                    from += 4
                    to += 3
                }
                let last = count - 1
                for channel in 0..<3 {
                    target.storeBytes(of: source.load(fromByteOffset: last * 4 + channel, as: UInt8.self),
                                      toByteOffset: last * 3 + channel, as: UInt8.self)
                }
            }
            initialized = count * 3
        }
    }
}

/// Whole-file reads and folders with the C library, so that `TypesetRender` needs no Foundation (writes: ``OutputFile``).
enum FileBytes {
    static func createFolder(_ path: String) throws(RenderError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw RenderError(.io, "cannot create the folder \(path): \(prefix) is \(FileKind.nonRegularName(mode: info.st_mode) ?? "a file")")
                }
            } else if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw RenderError(.io, "cannot create the folder \(path): \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
    }

    static func read(_ path: String) throws(RenderError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw RenderError(.io, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<n])
            if n < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw RenderError(.io, "cannot read \(path)") }
        return bytes
    }
}
