/// A `data:` URL (RFC 2397) of an image: `data:[<media type>][;base64],<data>`, the data base64 or
/// percent-encoded. Images embedded so are served from memory like inline `<svg>` drawings; nothing is fetched.
struct DataURL: Sendable {
    /// The declared media type, lowercased (`image/png`), empty when the URL declares none.
    let mediaType: String
    /// The decoded bytes.
    let bytes: [UInt8]

    /// The most bytes one URL may decode to: an image embedded in the markup is small (icons, ornaments); larger
    /// data is refused, with a warning, rather than held in memory with the text.
    static let maximumByteCount = 4 << 20

    /// Why a URL was refused.
    enum Problem: Error, Equatable {
        /// No comma between the header and the data.
        case malformed
        /// Base64 data with a character outside the alphabet, or cut mid-quantum.
        case badBase64
        /// A `%` not followed by two hex digits.
        case badPercentEncoding
        /// More than ``maximumByteCount`` bytes once decoded.
        case tooLarge
    }

    /// The problem in words, to follow "the data: URL" in a warning.
    static func describe(_ problem: Problem) -> String {
        switch problem {
        case .malformed: "has no comma before its data"
        case .badBase64: "holds base64 data that is not valid"
        case .badPercentEncoding: "holds a % escape that is not two hex digits"
        case .tooLarge: "decodes to more than \(maximumByteCount) bytes"
        }
    }

    /// Whether `text` is a `data:` URL (the scheme is case-insensitive; leading white space is ignored).
    static func isDataURL(_ text: String) -> Bool {
        text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }.prefix(5)
            .map { $0 | 0x20 }.elementsEqual("data:".utf8)
    }

    /// Parses and decodes `text`, which ``isDataURL(_:)`` accepted.
    init(_ text: String) throws(Problem) {
        let utf8 = Array(text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C })
        guard utf8.count >= 5, let comma = utf8[5...].firstIndex(of: UInt8(ascii: ",")) else { throw .malformed }
        let parameters = String(decoding: utf8[5..<comma], as: UTF8.self).lowercased().split(separator: ";")
            .map { $0.trimmingWhiteSpace() }
        let isBase64 = parameters.last == "base64"
        mediaType = parameters.first.flatMap { $0.contains("/") ? $0 : nil } ?? ""
        let data = utf8[(comma + 1)...]
        // Base64 takes 4 characters for 3 bytes; percent-encoding at least 1 for 1: refuse before decoding.
        guard (isBase64 ? data.count / 4 * 3 : data.count / 3) <= DataURL.maximumByteCount else { throw .tooLarge }
        bytes = isBase64 ? try DataURL.base64(DataURL.percentDecoded(data)) : try DataURL.percentDecoded(data)
        guard bytes.count <= DataURL.maximumByteCount else { throw .tooLarge }
    }

    /// `%XX` escapes decoded (base64 data may be escaped too: `%2B` for `+`).
    private static func percentDecoded(_ data: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < data.endIndex, let high = hexValue(data[index + 1]), let low = hexValue(data[index + 2]) else {
                    throw .badPercentEncoding
                }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Base64 (with the URL-safe `-` and `_` too) decoded; white space is skipped and the `=` padding optional,
    /// as browsers read it.
    private static func base64(_ text: [UInt8]) throws(Problem) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var quantum: UInt32 = 0, count = 0, ended = false
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): ended = true; continue
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: continue
            default: throw .badBase64
            }
            guard !ended else { throw .badBase64 }  // data after the padding
            quantum = quantum << 6 | value
            count += 1
            if count == 4 {
                out.append(UInt8(truncatingIfNeeded: quantum >> 16))
                out.append(UInt8(truncatingIfNeeded: quantum >> 8))
                out.append(UInt8(truncatingIfNeeded: quantum))
                quantum = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: out.append(UInt8(truncatingIfNeeded: quantum >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: quantum >> 10))
            out.append(UInt8(truncatingIfNeeded: quantum >> 2))
        default: throw .badBase64  // one character left over is not a byte
        }
        return out
    }
}
