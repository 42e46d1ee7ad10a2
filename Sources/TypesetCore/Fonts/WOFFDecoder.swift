internal import CZlib

/// WOFF 1.0 (W3C Recommendation, 13 December 2012) decoded to plain OpenType by us, for the files FreeType refuses
/// (it refuses a valid file whose metadata block is padded to four bytes at the file's end). The header and table
/// directory are read with every offset and length checked against the file; each table is stored or zlib
/// compressed (compLength < origLength) and must inflate to exactly its origLength; the extended metadata and
/// private data blocks are ignored, as the spec lets a user agent do. Checksums are not verified (FreeType does not
/// either). At most ``FontDecoder/maximumSize`` bytes of tables and 1,000 tables are decoded.
enum WOFFDecoder {
    /// One entry of the table directory.
    struct TableEntry {
        var tag: UInt32
        var offset: Int
        var compressedLength: Int
        var originalLength: Int
    }

    /// Why a file is no WOFF we can decode (for tests; callers see nil).
    enum Failure: Error, Equatable {
        case notWOFF, truncated, badTableCount, tableOutOfFile, compressedLonger, tooLarge, inflateFailed
    }

    /// Plain OpenType bytes of the WOFF `bytes`, or nil.
    static func openType(_ bytes: [UInt8]) -> [UInt8]? { try? decode(bytes) }

    /// Plain OpenType bytes of the WOFF `bytes`.
    static func decode(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        let entries = try tableDirectory(bytes)
        var tables: [(tag: UInt32, data: [UInt8])] = []
        tables.reserveCapacity(entries.count)
        for entry in entries {
            let stored = bytes[entry.offset..<(entry.offset + entry.compressedLength)]
            if entry.compressedLength == entry.originalLength {
                tables.append((entry.tag, Array(stored)))
            } else {
                tables.append((entry.tag, try inflate(stored, to: entry.originalLength)))
            }
        }
        return FontDecoder.assemble(tables)
    }

    /// The table directory, every entry within the file and the whole within the size limit.
    static func tableDirectory(_ bytes: [UInt8]) throws(Failure) -> [TableEntry] {
        guard bytes.count >= 44, Array(bytes[0..<4]) == Array("wOFF".utf8) else { throw .notWOFF }
        // The header's length is the file's; a file cut short of it is refused, bytes past it are ignored.
        let length = Int(u32(bytes, 8))
        guard length <= bytes.count else { throw .truncated }
        let count = Int(u16(bytes, 12))
        guard count > 0, count <= 1000 else { throw .badTableCount }
        guard 44 + 20 * count <= length else { throw .truncated }
        var entries: [TableEntry] = []
        entries.reserveCapacity(count)
        var total = 0
        for index in 0..<count {
            let at = 44 + 20 * index
            let entry = TableEntry(tag: u32(bytes, at), offset: Int(u32(bytes, at + 4)),
                                   compressedLength: Int(u32(bytes, at + 8)), originalLength: Int(u32(bytes, at + 12)))
            // Offsets and lengths are 32-bit, so these sums cannot overflow an Int.
            guard entry.offset + entry.compressedLength <= length else { throw .tableOutOfFile }
            guard entry.compressedLength <= entry.originalLength else { throw .compressedLonger }
            total += entry.originalLength
            guard total <= FontDecoder.maximumSize else { throw .tooLarge }
            entries.append(entry)
        }
        return entries
    }

    /// `data` inflated by zlib, which must give exactly `length` bytes.
    static func inflate(_ data: ArraySlice<UInt8>, to length: Int) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        var produced = uLongf(length)
        let status = data.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &produced, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(produced) == length else { throw .inflateFailed }
        return output
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
