extension String {
    /// The string of some UTF-16 units, exactly as `String(decoding: units, as: UTF16.self)` makes it (a lone
    /// surrogate becomes U+FFFD), transcoded to UTF-8 in one loop specialised for the collection. The standard
    /// library's generic decoding ran unspecialised here, parsing scalar by scalar through witness tables: a third
    /// of the time of making a search result's Locator.
    package init<Units: Collection>(decodingUTF16 units: Units) where Units.Element == UInt16 {
        var byteCount = 0
        var iterator = units.makeIterator()
        var pending: UInt16?
        while let unit = pending ?? iterator.next() {
            pending = nil
            switch unit {
            case 0..<0x80: byteCount += 1
            case 0x80..<0x800: byteCount += 2
            case 0xD800..<0xDC00:
                if let next = iterator.next() {
                    if (0xDC00..<0xE000).contains(next) { byteCount += 4 } else { byteCount += 3; pending = next }
                } else {
                    byteCount += 3
                }
            default: byteCount += 3
            }
        }
        guard byteCount > 0 else {
            self = ""
            return
        }
        self = String(unsafeUninitializedCapacity: byteCount) { bytes in
            var at = 0
            func put(_ scalar: UInt32) {
                switch scalar {
                case 0..<0x80:
                    bytes[at] = UInt8(scalar); at += 1
                case 0x80..<0x800:
                    bytes[at] = UInt8(0xC0 | scalar >> 6); bytes[at + 1] = UInt8(0x80 | scalar & 0x3F); at += 2
                case 0x800..<0x10000:
                    bytes[at] = UInt8(0xE0 | scalar >> 12); bytes[at + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    bytes[at + 2] = UInt8(0x80 | scalar & 0x3F); at += 3
                default:
                    bytes[at] = UInt8(0xF0 | scalar >> 18); bytes[at + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    bytes[at + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); bytes[at + 3] = UInt8(0x80 | scalar & 0x3F); at += 4
                }
            }
            var iterator = units.makeIterator()
            var pending: UInt16?
            while let unit = pending ?? iterator.next() {
                pending = nil
                if (0xD800..<0xDC00).contains(unit) {
                    if let next = iterator.next() {
                        if (0xDC00..<0xE000).contains(next) {
                            put(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(next) - 0xDC00))
                        } else {
                            put(0xFFFD); pending = next
                        }
                    } else {
                        put(0xFFFD)
                    }
                } else if (0xDC00..<0xE000).contains(unit) {
                    put(0xFFFD)
                } else {
                    put(UInt32(unit))
                }
            }
            return at
        }
    }
}
