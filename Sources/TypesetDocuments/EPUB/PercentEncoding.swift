/// `%XX` escapes (RFC 3986), as book paths, fragments and `data:` URLs use them.
enum PercentEncoding {
    /// `bytes` with every `%` followed by two hex digits decoded; any other `%` is kept as written, and
    /// `malformed` says whether there was one (a path keeps it, a `data:` URL is refused for it).
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (bytes: [UInt8], malformed: Bool) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var malformed = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let first = bytes.index(after: index)
            if byte == UInt8(ascii: "%"), first < bytes.endIndex, bytes.index(after: first) < bytes.endIndex,
               let high = hexValue(bytes[first]), let low = hexValue(bytes[bytes.index(after: first)]) {
                out.append(high << 4 | low)
                index = bytes.index(first, offsetBy: 2)
            } else {
                if byte == UInt8(ascii: "%") { malformed = true }
                out.append(byte)
                index = first
            }
        }
        return (out, malformed)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
