import TypesetCore

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
        if isBase64 {
            guard let decoded = Base64.decode(try DataURL.percentDecoded(data)) else { throw .badBase64 }
            bytes = decoded
        } else {
            bytes = try DataURL.percentDecoded(data)
        }
        guard bytes.count <= DataURL.maximumByteCount else { throw .tooLarge }
    }

    /// `%XX` escapes decoded (base64 data may be escaped too: `%2B` for `+`).
    private static func percentDecoded(_ data: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        let (bytes, malformed) = PercentEncoding.decode(data)
        guard !malformed else { throw .badPercentEncoding }
        return bytes
    }
}
