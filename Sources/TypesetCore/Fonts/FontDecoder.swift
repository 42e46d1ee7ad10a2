internal import CFreeType

/// Turns font files as books carry them into the plain OpenType that HarfBuzz reads: TrueType and OpenType pass
/// as they are; WOFF and WOFF2 are opened by FreeType (zlib and Brotli) and their tables written out again as an
/// OpenType file, and a WOFF 1 file FreeType refuses is decoded by ``WOFFDecoder``.
enum FontDecoder {
    /// The most bytes a decoded font may have (a CJK font with every glyph is about 20 MB).
    static let maximumSize = 64 << 20

    /// Plain OpenType bytes, or nil for bytes that are no font FreeType can read.
    static func openType(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 12 else { return nil }
        let signature = Array(bytes[0..<4])
        guard signature == Array("wOFF".utf8) || signature == Array("wOF2".utf8) else { return bytes }
        if let decoded = freeTypeTables(bytes) { return decoded }
        // FreeType refuses some valid WOFF 1 files (a metadata block padded to four bytes at the file's end): we
        // decode those ourselves.
        return signature == Array("wOFF".utf8) ? WOFFDecoder.openType(bytes) : nil
    }

    /// The tables of a WOFF or WOFF2 file as FreeType reads them, written out as OpenType; nil when it refuses it.
    static func freeTypeTables(_ bytes: [UInt8]) -> [UInt8]? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        return bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            guard let start = buffer.baseAddress else { return nil }
            var face: FT_Face?
            guard FT_New_Memory_Face(library, start, FT_Long(buffer.count), 0, &face) == 0, let face else { return nil }
            defer { FT_Done_Face(face) }
            var tables: [(tag: UInt32, data: [UInt8])] = []
            var total = 0
            var index: FT_UInt = 0
            while true {
                var tag: FT_ULong = 0, length: FT_ULong = 0
                guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { break }
                index += 1
                total += Int(length)
                guard total <= maximumSize, index <= 1000 else { return nil }
                var data = [UInt8](repeating: 0, count: Int(length))
                var size = length
                let error = data.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &size) }
                guard error == 0 else { return nil }
                tables.append((UInt32(truncatingIfNeeded: tag), data))
            }
            return tables.isEmpty ? nil : assemble(tables)
        }
    }

    /// An OpenType file of `tables`: the header, the table directory sorted by tag with each table's checksum,
    /// then the tables, each padded to four bytes.
    static func assemble(_ tables: [(tag: UInt32, data: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.tag < $1.tag }
        let count = sorted.count
        var power = 1, log2 = 0
        while power * 2 <= count { power *= 2; log2 += 1 }
        let cff = sorted.contains { $0.tag == 0x4346_4620 || $0.tag == 0x4346_4632 }  // "CFF ", "CFF2"
        var output: [UInt8] = []
        func u16(_ value: Int) { output += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) { output += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        u32(cff ? 0x4F54_544F : 0x0001_0000)
        u16(count); u16(power * 16); u16(log2); u16(count * 16 - power * 16)
        var offset = 12 + 16 * count
        for table in sorted {
            u32(table.tag)
            u32(checksum(table.data))
            u32(UInt32(offset))
            u32(UInt32(table.data.count))
            offset += (table.data.count + 3) & ~3
        }
        for table in sorted {
            output += table.data
            output += [UInt8](repeating: 0, count: ((table.data.count + 3) & ~3) - table.data.count)
        }
        return output
    }

    /// OpenType's table checksum: the sum of the table's big-endian 32-bit words (zero-padded).
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var i = 0
        while i < data.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < data.count ? data[i + k] : 0) }
            sum = sum &+ word
            i += 4
        }
        return sum
    }
}
