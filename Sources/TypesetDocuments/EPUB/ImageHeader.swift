import TypesetCore

/// Reads an image's pixel size from the first bytes of its file, without decoding it: PNG (`IHDR`), JPEG (the
/// first start-of-frame marker), GIF (the logical screen) and SVG (`width`/`height`, else `viewBox`).
enum ImageHeader {
    /// How many bytes to read: enough for a JPEG whose frame header follows a large EXIF block.
    static let prefixLength = 64 << 10

    /// The size in pixels, or nil when the bytes are not a recognised image header.
    static func pixelSize(_ bytes: [UInt8]) -> Size? {
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let width = bigEndian32(bytes, 16), height = bigEndian32(bytes, 20)
            return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            let width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
            return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 { return jpegSize(bytes) }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webpSize(bytes)
        }
        return svgSize(bytes)
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    /// A WebP's canvas (VP8X), lossless (VP8L) or lossy (VP8) frame size; the caller checked 30 bytes.
    private static func webpSize(_ bytes: [UInt8]) -> Size? {
        func little24(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 }
        let chunk = Array(bytes[12..<16])
        var width = 0, height = 0
        if chunk == Array("VP8X".utf8) {
            width = little24(24) + 1; height = little24(27) + 1
        } else if chunk == Array("VP8L".utf8), bytes[20] == 0x2F {
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            width = (bits & 0x3FFF) + 1; height = ((bits >> 14) & 0x3FFF) + 1
        } else if chunk == Array("VP8 ".utf8), bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A {
            width = (Int(bytes[26]) | Int(bytes[27]) << 8) & 0x3FFF; height = (Int(bytes[28]) | Int(bytes[29]) << 8) & 0x3FFF
        }
        return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
    }

    private static func jpegSize(_ bytes: [UInt8]) -> Size? {
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { i += 1; continue }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill bytes
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// The root `<svg>` start tag's `width` and `height` (unitless or px), else its `viewBox`.
    private static func svgSize(_ bytes: [UInt8]) -> Size? {
        let text = String(decoding: bytes.prefix(16 << 10), as: UTF8.self)
        guard let start = text.firstRange(of: "<svg") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            var rest = tag[...]
            while let range = rest.firstRange(of: name) {
                let before = range.lowerBound == rest.startIndex ? " " : rest[rest.index(before: range.lowerBound)]
                var after = rest[range.upperBound...].drop { $0 == " " }
                if (before == " " || before == "\n" || before == "\t"), after.first == "=" {
                    after = after.dropFirst().drop { $0 == " " }
                    guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
                    let value = after.dropFirst().prefix { $0 != quote }
                    return String(value)
                }
                rest = rest[range.upperBound...]
            }
            return nil
        }
        func number(_ value: String?) -> Double? {
            guard var value = value?.trimmingWhiteSpace() else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            guard let number = Double(value), number > 0, number.isFinite else { return nil }
            return number
        }
        if let width = number(attribute("width")), let height = number(attribute("height")) {
            return Size(width: width, height: height)
        }
        if let viewBox = attribute("viewBox") {
            let parts = viewBox.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if parts.count == 4, parts[2] > 0, parts[3] > 0 { return Size(width: parts[2], height: parts[3]) }
        }
        return nil
    }
}
