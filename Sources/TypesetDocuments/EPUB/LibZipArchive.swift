internal import CZipLoader
import TypesetCore
#if canImport(Glibc)
import Glibc
#endif

/// One entry of a ZIP archive, as its central directory describes it.
struct ZipEntry: Sendable {
    /// The entry's index in the archive.
    let index: UInt64
    /// Its name (a `/`-separated path inside the archive).
    let name: String
    /// Uncompressed size as the archive declares it (it may lie; reads are bounded anyway).
    let size: UInt64
    /// Compressed size as the archive declares it.
    let compressedSize: UInt64
    /// libzip's encryption method (0: none).
    let encryptionMethod: UInt16
    /// The ZIP compression method (0: stored, 8: Deflate).
    let compressionMethod: Int32
}

/// Owns a libzip archive opened read-only: lists its entries and reads them within ``EPUBLimits``.
///
/// Nothing is ever extracted to disk; entries are read into memory, one at a time, and every read is bounded.
/// Not thread-safe (libzip archives are not): one archive per reading task.
final class LibZipArchive {
    /// Why the book may not use entry `path`, as the end of a warning: it is missing from the archive, or the
    /// manifest (`listed`, when given) does not list it (EPUB 3.3 forbids using it); nil when it may.
    func refusal(of path: String, listed: Set<String>?) -> String? {
        if !contains(path) { return "is missing from the archive" }
        if let listed, !listed.contains(path) { return "is not in the manifest, so the book may not use it" }
        return nil
    }

    private let raw: OpaquePointer
    /// The book's name, for messages.
    let bookName: String
    /// The entries, by name.
    let entries: [String: ZipEntry]
    /// Entry names in archive order.
    let entryNames: [String]
    private let limits: EPUBLimits
    /// Uncompressed bytes read so far, for ``EPUBLimits/maximumTotalSize`` and the book's ratio.
    private(set) var totalRead = 0
    /// The compressed bytes behind them (an entry's compressed size for a whole read, at most the bytes read for
    /// a prefix), for the book's ratio.
    private(set) var totalCompressed = 0

    /// Opens the archive at `path` (libzip reads it from the file as needed, so the book is never loaded whole).
    /// The file is opened and checked first (``RegularFile``: a device or a pipe is refused at once) and libzip reads
    /// that same descriptor, so the file checked is the file read.
    convenience init(path: String, bookName: String, limits: EPUBLimits) throws(DocumentError) {
        try LibZipArchive.loadLibzip(bookName: bookName)
        let file = try RegularFile.open(path)
        var code: Int32 = 0
        // zip_fdopen closes the descriptor when it succeeds, and leaves it open when it fails.
        guard let archive = CZip_fdopen(file.descriptor, ZIP_RDONLY, &code) else {
            close(file.descriptor)
            throw LibZipArchive.openError(code: code, bookName: bookName)
        }
        try self.init(owning: archive, buffer: nil, bookName: bookName, limits: limits)
    }

    /// Opens an archive held in memory. The bytes are copied into a buffer this archive owns: libzip reads
    /// from it for as long as the archive is open.
    convenience init(bytes: [UInt8], bookName: String, limits: EPUBLimits) throws(DocumentError) {
        try LibZipArchive.loadLibzip(bookName: bookName)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        var error = zip_error_t()
        CZip_error_init(&error)
        defer { CZip_error_fini(&error) }
        // freep = 0: the source never frees the buffer; this archive does, after zip_discard.
        guard let source = CZip_source_buffer_create(buffer.baseAddress, UInt64(bytes.count), 0, &error) else {
            buffer.deallocate()
            throw DocumentError(.unreadable, "\(bookName): \(String(cString: CZip_error_strerror(&error)))")
        }
        guard let archive = CZip_open_from_source(source, ZIP_RDONLY, &error) else {
            CZip_source_free(source)
            buffer.deallocate()
            throw LibZipArchive.openError(code: CZip_error_code_zip(&error), bookName: bookName)
        }
        try self.init(owning: archive, buffer: buffer, bookName: bookName, limits: limits)
    }

    /// The in-memory archive's bytes, freed after the archive (nil for an archive read from a file).
    private let buffer: UnsafeMutableRawBufferPointer?

    /// Takes ownership of an open archive (and its buffer) and lists it; discards both when the listing fails.
    private init(owning archive: OpaquePointer, buffer: UnsafeMutableRawBufferPointer?, bookName: String,
                 limits: EPUBLimits) throws(DocumentError) {
        self.raw = archive
        self.buffer = buffer
        self.bookName = bookName
        self.limits = limits
        do {
            (entries, entryNames) = try LibZipArchive.list(archive, bookName: bookName, limits: limits)
        } catch {
            CZip_discard(archive)
            buffer?.deallocate()
            throw error
        }
    }

    deinit {
        CZip_discard(raw)
        buffer?.deallocate()
    }

    /// Opens libzip at the first archive (CZipLoader: it is not linked, so that a plain-text run never loads it).
    private static func loadLibzip(bookName: String) throws(DocumentError) {
        var message = [CChar](repeating: 0, count: 320)
        guard CZip_load(&message, message.count) == 0 else {
            throw DocumentError(.unreadable, "\(bookName): \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
    }

    private static func openError(code: Int32, bookName: String) -> DocumentError {
        switch code {
        case ZIP_ER_NOZIP:
            return DocumentError(.malformed, "\(bookName): not an EPUB (not a ZIP archive)")
        case ZIP_ER_OPEN, ZIP_ER_READ, ZIP_ER_NOENT:
            return DocumentError(.unreadable, "\(bookName): cannot be read")
        default:
            var error = zip_error_t()
            CZip_error_init_with_code(&error, code)
            defer { CZip_error_fini(&error) }
            return DocumentError(.malformed, "\(bookName): not a readable ZIP archive (\(String(cString: CZip_error_strerror(&error))))")
        }
    }

    private static func list(_ archive: OpaquePointer, bookName: String, limits: EPUBLimits)
        throws(DocumentError) -> ([String: ZipEntry], [String]) {
        let count = CZip_get_num_entries(archive, 0)
        guard count >= 0 else { throw DocumentError(.malformed, "\(bookName): the ZIP directory cannot be read") }
        guard count <= limits.maximumEntryCount else {
            throw DocumentError(.tooLarge, "\(bookName): the archive lists \(count) entries, more than the \(limits.maximumEntryCount) a book may have")
        }
        var entries: [String: ZipEntry] = [:]
        var names: [String] = []
        names.reserveCapacity(Int(count))
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            CZip_stat_init(&stat)
            guard CZip_stat_index(archive, index, 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_NAME) != 0,
                  let cName = stat.name else {
                throw DocumentError(.malformed, "\(bookName): entry \(index) of the ZIP directory cannot be read")
            }
            let name = String(cString: cName)
            if let reason = unsafeNameReason(name) {
                throw DocumentError(.malformed, "\(bookName): entry \"\(name)\" \(reason); a book's entries must stay inside it")
            }
            let entry = ZipEntry(index: index, name: name,
                                 size: stat.valid & UInt64(ZIP_STAT_SIZE) != 0 ? stat.size : UInt64.max,
                                 compressedSize: stat.valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 ? stat.comp_size : 0,
                                 encryptionMethod: stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 ? stat.encryption_method : 0,
                                 compressionMethod: stat.valid & UInt64(ZIP_STAT_COMP_METHOD) != 0 ? Int32(stat.comp_method) : ZIP_CM_STORE)
            // A duplicate name keeps its first entry, as most unzip tools do.
            if entries[name] == nil { entries[name] = entry; names.append(name) }
        }
        return (entries, names)
    }

    /// Why an entry name is refused (an absolute path, a drive letter, a `..` component), or nil when it is
    /// acceptable.
    static func unsafeNameReason(_ name: String) -> String? {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "is an absolute path" }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].properties.isAlphabetic { return "starts with a drive letter" }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") { return "has a \"..\" component" }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) { return "holds a NUL character" }
        return nil
    }

    /// Whether the archive has an entry of that name.
    func contains(_ name: String) -> Bool { entries[name] != nil }

    /// Reads a whole entry, checking its declared size and ratio first and stopping as soon as it goes past a
    /// bound.
    ///
    /// - Parameter limit: A tighter bound than ``EPUBLimits/maximumEntrySize`` for this entry, if any.
    /// - Throws: `.malformed` for a missing or corrupt entry, `.tooLarge` past a limit, `.unsupported` for
    ///   an encrypted entry.
    /// - Parameter countsTowardTotal: Whether the bytes count toward ``EPUBLimits/maximumTotalSize`` (what reading
    ///   the book costs); a resource read again whenever a page draws it does not, as it is not kept.
    func read(_ name: String, limit: Int? = nil, countsTowardTotal: Bool = true) throws(DocumentError) -> [UInt8] {
        guard let entry = entries[name] else {
            throw DocumentError(.malformed, "\(bookName): \(name) is missing from the archive")
        }
        let bound = min(limit ?? limits.maximumEntrySize, limits.maximumEntrySize)
        try checkDeclaredSize(entry, bound: bound, countsTowardTotal: countsTowardTotal)
        return try readEntry(entry, bound: bound, truncate: false, countsTowardTotal: countsTowardTotal)
    }

    /// Reads at most `count` bytes from the start of an entry (image headers), without the size checks that
    /// a whole read needs: the read itself is bounded.
    func readPrefix(_ name: String, count: Int) throws(DocumentError) -> [UInt8] {
        guard let entry = entries[name] else {
            throw DocumentError(.malformed, "\(bookName): \(name) is missing from the archive")
        }
        return try readEntry(entry, bound: count, truncate: true)
    }

    private func checkDeclaredSize(_ entry: ZipEntry, bound: Int, countsTowardTotal: Bool) throws(DocumentError) {
        // Sizes come from the archive (up to 2^64 - 2 in ZIP64) and limits from the caller (any Int): compared
        // as UInt64, negative limits clamped to 0, so that nothing here can trap.
        if entry.size != UInt64.max, entry.size > UInt64(clamping: bound) {
            throw DocumentError(.tooLarge, "\(bookName): \(entry.name) inflates to \(entry.size) bytes, more than the \(bound) an entry may have")
        }
        if entry.size != UInt64.max, entry.size >= UInt64(clamping: limits.ratioCheckThreshold),
           entry.size / max(1, entry.compressedSize) > UInt64(clamping: limits.maximumCompressionRatio) {
            throw DocumentError(.tooLarge, "\(bookName): \(entry.name) inflates \(entry.size / max(1, entry.compressedSize))× (\(entry.compressedSize) → \(entry.size) bytes), more than the \(limits.maximumCompressionRatio)× a book's entry may (a compression bomb?)")
        }
        if countsTowardTotal, entry.size != UInt64.max,
           entry.size > UInt64(clamping: limits.maximumTotalSize.subtractingSaturating(totalRead)) {
            throw DocumentError(.tooLarge, "\(bookName): reading \(entry.name) would take the book past \(limits.maximumTotalSize) uncompressed bytes")
        }
    }

    private func readEntry(_ entry: ZipEntry, bound: Int, truncate: Bool, countsTowardTotal: Bool = true) throws(DocumentError) -> [UInt8] {
        if entry.encryptionMethod != UInt16(ZIP_EM_NONE) {
            throw DocumentError(.unsupported, "\(bookName): \(entry.name) is encrypted (password-protected ZIP entry)")
        }
        // OCF allows only stored and Deflate entries; libzip could inflate others (bzip2, LZMA, zstd), but a book
        // that needs them is not an EPUB other reading systems open.
        guard entry.compressionMethod == ZIP_CM_STORE || entry.compressionMethod == ZIP_CM_DEFLATE else {
            throw DocumentError(.unsupported, "\(bookName): \(entry.name) is compressed with ZIP method \(entry.compressionMethod); an EPUB's entries are stored or Deflate-compressed")
        }
        guard let opened = CZip_fopen_index(raw, entry.index, 0) else {
            let message = String(cString: CZip_strerror(raw))
            let code: DocumentError.Code = message.contains("ompression method") ? .unsupported : .malformed
            throw DocumentError(code, "\(bookName): \(entry.name) cannot be opened (\(message))")
        }
        let file = LibZipFile(owning: opened)
        // The declared size is only a hint for the first allocation: a lying header cannot make it large.
        let declared = entry.size == UInt64.max ? 0 : Int(min(entry.size, UInt64(clamping: bound)))
        var result: [UInt8] = []
        result.reserveCapacity(min(declared, 4 << 20))
        let chunkSize = 64 << 10
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let wanted = truncate ? min(chunkSize, bound - result.count) : chunkSize
            if wanted <= 0 { break }
            let got = chunk.withUnsafeMutableBytes { buffer in
                // `buffer` has `chunkSize` bytes, never zero, so the base address exists.
                CZip_fread(file.raw, buffer.baseAddress.unsafelyUnwrapped, UInt64(wanted))
            }
            if got < 0 {
                throw DocumentError(.malformed, "\(bookName): \(entry.name) is corrupt (\(file.errorMessage))")
            }
            if got == 0 { break }
            result.append(contentsOf: chunk[0..<Int(got)])
            if !truncate {
                if result.count > bound {
                    throw DocumentError(.tooLarge, "\(bookName): \(entry.name) inflates past \(bound) bytes, more than an entry may have (its header declared \(entry.size))")
                }
                if result.count >= limits.ratioCheckThreshold,
                   result.count / max(1, Int(clamping: entry.compressedSize)) > limits.maximumCompressionRatio {
                    throw DocumentError(.tooLarge, "\(bookName): \(entry.name) inflates more than \(limits.maximumCompressionRatio)× its \(entry.compressedSize) compressed bytes (a compression bomb?)")
                }
                if countsTowardTotal, totalRead.addingSaturating(result.count) > limits.maximumTotalSize {
                    throw DocumentError(.tooLarge, "\(bookName): reading \(entry.name) takes the book past \(limits.maximumTotalSize) uncompressed bytes")
                }
            }
        }
        guard countsTowardTotal else { return result }
        totalRead = totalRead.addingSaturating(result.count)
        totalCompressed = totalCompressed.addingSaturating(truncate ? min(result.count, Int(clamping: entry.compressedSize))
                                                                    : Int(clamping: entry.compressedSize))
        // The book as a whole: many entries each under the per-entry threshold are held to the ratio together.
        if totalRead >= limits.ratioCheckThreshold, totalRead / max(1, totalCompressed) > limits.maximumCompressionRatio {
            throw DocumentError(.tooLarge, "\(bookName): its entries inflate \(totalRead / max(1, totalCompressed))× (\(totalCompressed) → \(totalRead) bytes by \(entry.name)), more than the \(limits.maximumCompressionRatio)× a book may (a compression bomb?)")
        }
        return result
    }
}

/// Owns one open entry of a ``LibZipArchive``; closes it when released.
private final class LibZipFile {
    let raw: OpaquePointer

    init(owning raw: OpaquePointer) { self.raw = raw }

    deinit { CZip_fclose(raw) }

    /// libzip's description of the last error on this file.
    var errorMessage: String { String(cString: CZip_file_strerror(raw)) }
}
