/// A line's text as chapter detection compares it: white space trimmed and each run of it one space.
enum CollapsedText {
    /// What `String(decoding: units, as: UTF16.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")`
    /// gives, made byte by byte when the units are ASCII (the white space there is U+0009 to U+000D and the space).
    /// Chapter detection makes one for every heading and short line standing alone of a book, and through
    /// Characters that took about 10 K instructions a line (War and Peace's 967 lone lines, callgrind).
    static func of(_ units: ArraySlice<UInt16>) -> String {
        units.withUnsafeBufferPointer { buffer in
            guard !buffer.contains(where: { $0 >= 0x80 }) else {
                return String(decoding: buffer, as: UTF16.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            return String(unsafeUninitializedCapacity: buffer.count) { bytes in
                var count = 0
                var spaceBefore = false
                for unit in buffer {
                    if unit == 0x20 || (unit >= 0x09 && unit <= 0x0D) {
                        spaceBefore = count > 0
                        continue
                    }
                    if spaceBefore {
                        bytes[count] = 0x20
                        count += 1
                        spaceBefore = false
                    }
                    bytes[count] = UInt8(truncatingIfNeeded: unit)
                    count += 1
                }
                return count
            }
        }
    }
}
