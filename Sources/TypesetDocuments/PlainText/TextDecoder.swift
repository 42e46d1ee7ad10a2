internal import CICU

/// The encoding a plain-text file was decoded from.
public enum TextEncoding: String, Sendable, Hashable {
    /// UTF-8 without a byte-order mark.
    case utf8 = "UTF-8"
    /// UTF-8 with a byte-order mark (the mark is not part of the text).
    case utf8WithBOM = "UTF-8 with BOM"
    /// UTF-16 little-endian, with a byte-order mark.
    case utf16LittleEndian = "UTF-16LE"
    /// UTF-16 big-endian, with a byte-order mark.
    case utf16BigEndian = "UTF-16BE"
    /// ISO-8859-1, the fallback for bytes that are not valid UTF-8.
    case latin1 = "ISO-8859-1"
}

/// Decodes the bytes of a text file into UTF-16 units.
///
/// A leading byte-order mark selects UTF-8 or UTF-16 and is dropped: it marks the encoding and is not text, so
/// offsets count from the first character (as `NSString(contentsOfFile:)` does). Valid UTF-8 is decoded as
/// such; anything else that is not binary falls back to ISO-8859-1, which can decode every byte (and is what
/// Project Gutenberg's 8-bit files are). Binary data (NUL bytes, or a high share of control characters) is
/// refused.
package enum TextDecoder {
    /// The decoded units and the encoding found.
    package static func decode(_ bytes: [UInt8], name: String) throws(DocumentError) -> (units: [UInt16], encoding: TextEncoding) {
        if bytes.starts(with: [0xFF, 0xFE]) { return (utf16(bytes.dropFirst(2), littleEndian: true), .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (utf16(bytes.dropFirst(2), littleEndian: false), .utf16BigEndian) }
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = hasBOM ? bytes[3...] : bytes[...]
        try rejectBinary(body, name: name)
        if let units = utf16(fromUTF8: body) { return (units, hasBOM ? .utf8WithBOM : .utf8) }
        return (body.map { UInt16($0) }, .latin1)
    }

    /// The UTF-16 units of `bytes` when they are well-formed UTF-8, else nil. Converted by ICU: `Array(string.utf16)`
    /// over a validated `String` cost about 80 instructions per unit (War and Peace: a third of reading the file,
    /// callgrind). Swift's validation stays the judge of what is UTF-8, so a file decodes exactly as before.
    static func utf16(fromUTF8 bytes: ArraySlice<UInt8>) -> [UInt16]? {
        guard let string = String(validating: bytes, as: UTF8.self) else { return nil }
        guard bytes.count < Int(Int32.max) else { return Array(string.utf16) }
        var failed = false
        let converted = bytes.withUnsafeBufferPointer { source in
            [UInt16](possiblyEmptyCapacity: source.count) { out, written in
                written = 0
                guard let from = source.baseAddress, let to = out.baseAddress else { return }
                let count = CICU_utf8ToUTF16(from, Int32(source.count), to, Int32(source.count))
                if count < 0 { failed = true } else { written = Int(count) }
            }
        }
        // ICU and Swift agree on what is well-formed UTF-8; should they ever not, the slower conversion stands.
        return failed ? Array(string.utf16) : converted
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        // A trailing odd byte cannot be a UTF-16 unit; it becomes U+FFFD rather than being dropped silently.
        if i < bytes.endIndex { units.append(0xFFFD) }
        return units
    }

    /// Refuses data that is not text: a NUL byte, or more than 10 % control characters other than tab, line
    /// feed, carriage return and form feed, in the first 64 KiB.
    private static func rejectBinary(_ bytes: ArraySlice<UInt8>, name: String) throws(DocumentError) {
        let sample = bytes.prefix(65_536)
        var controls = 0
        for byte in sample {
            if byte == 0 { throw DocumentError(.binary, "\(name): binary data (a NUL byte), not a text file") }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C { controls += 1 }
        }
        if !sample.isEmpty && controls * 10 > sample.count {
            throw DocumentError(.binary, "\(name): binary data (\(controls) control bytes in the first \(sample.count)), not a text file")
        }
    }
}
