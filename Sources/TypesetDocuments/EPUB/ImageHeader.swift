import TypesetCore

/// Reads an image's pixel size from the first bytes of its file, without decoding it: PNG (`IHDR`), JPEG (the
/// first start-of-frame marker), GIF (the logical screen), WebP, AVIF (the primary item's `ispe` property), JPEG XL
/// (the codestream's size header) and SVG (`width`/`height`, else `viewBox`).
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
        if bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) { return avifSize(bytes) }
        if let codestream = jxlCodestream(bytes) { return jxlSize(codestream) }
        return svgSize(bytes)
    }

    /// The boxes of an ISO media file (`ISO/IEC 14496-12`) in `bytes[range]`: type and payload range. A box
    /// running past the end is cut at it (the prefix read may end inside one).
    private static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, payload: Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound, result.count < 256 {
            var size = bigEndian32(bytes, at), header = 8
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            if size == 1 {
                guard at + 16 <= range.upperBound, bytes[(at + 8)..<(at + 12)].allSatisfy({ $0 == 0 }) else { break }
                size = bigEndian32(bytes, at + 12); header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header else { break }
            let end = min(range.upperBound, at + size)
            result.append((type, (at + header)..<end))
            at = end
        }
        return result
    }

    /// An AVIF's size: the `ispe` property of its primary item (`meta` → `pitm`, `iprp` → `ipco` and `ipma`).
    private static func avifSize(_ bytes: [UInt8]) -> Size? {
        guard let meta = boxes(bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }),
              meta.payload.count >= 4 else { return nil }
        let children = boxes(bytes, in: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        guard let pitm = children.first(where: { $0.type == "pitm" }), pitm.payload.count >= 6,
              let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        let p = pitm.payload.lowerBound
        let primary = bytes[p] == 0 ? Int(bytes[p + 4]) << 8 | Int(bytes[p + 5])
            : (pitm.payload.count >= 8 ? bigEndian32(bytes, p + 4) : -1)
        let properties = boxes(bytes, in: iprp.payload)
        guard let ipco = properties.first(where: { $0.type == "ipco" }),
              let ipma = properties.first(where: { $0.type == "ipma" }), ipma.payload.count >= 8 else { return nil }
        let items = boxes(bytes, in: ipco.payload)
        // ipma: version, flags, then per item its id and its properties' 1-based indices into ipco.
        let version = bytes[ipma.payload.lowerBound], wideIndex = bytes[ipma.payload.lowerBound + 3] & 1 == 1
        let end = ipma.payload.upperBound
        var at = ipma.payload.lowerBound + 4
        let count = bigEndian32(bytes, at)
        at += 4
        for _ in 0..<min(count, 65_536) {
            let idLength = version < 1 ? 2 : 4
            guard at + idLength + 1 <= end else { return nil }
            let id = idLength == 2 ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : bigEndian32(bytes, at)
            at += idLength
            let associations = Int(bytes[at])
            at += 1
            for _ in 0..<associations {
                guard at + (wideIndex ? 2 : 1) <= end else { return nil }
                let index = wideIndex ? (Int(bytes[at]) << 8 | Int(bytes[at + 1])) & 0x7FFF : Int(bytes[at]) & 0x7F
                at += wideIndex ? 2 : 1
                guard id == primary, index >= 1, index <= items.count else { continue }
                let property = items[index - 1]
                if property.type == "ispe", property.payload.count >= 12 {
                    let width = bigEndian32(bytes, property.payload.lowerBound + 4)
                    let height = bigEndian32(bytes, property.payload.lowerBound + 8)
                    return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
                }
            }
        }
        return nil
    }

    /// A JPEG XL's codestream: the file itself (`FF 0A`), or in the ISO container the payload of its `jxlc` box
    /// or first `jxlp` box (after that box's 4-byte part number).
    private static func jxlCodestream(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        if bytes.starts(with: [0xFF, 0x0A]) { return bytes[...] }
        guard bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) else { return nil }
        for box in boxes(bytes, in: 0..<bytes.count) {
            if box.type == "jxlc" { return bytes[box.payload] }
            if box.type == "jxlp", box.payload.count > 4 { return bytes[(box.payload.lowerBound + 4)..<box.payload.upperBound] }
        }
        return nil
    }

    /// The size header of a JPEG XL codestream (its bits are read least significant first): a height, an aspect
    /// ratio code, and a width unless the ratio gives it.
    private static func jxlSize(_ codestream: ArraySlice<UInt8>) -> Size? {
        var bit = 16  // after the FF 0A signature
        let start = codestream.startIndex
        func read(_ count: Int) -> Int? {
            var value = 0
            for shift in 0..<count {
                let index = start + (bit >> 3)
                guard index < codestream.endIndex else { return nil }
                value |= Int((codestream[index] >> UInt8(bit & 7)) & 1) << shift
                bit += 1
            }
            return value
        }
        func side(small: Bool) -> Int? {
            if small { return read(5).map { ($0 + 1) * 8 } }
            guard let selector = read(2) else { return nil }
            return read([9, 13, 18, 30][selector]).map { $0 + 1 }
        }
        guard let small = read(1).map({ $0 == 1 }), let height = side(small: small), let ratio = read(3) else { return nil }
        let ratios = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        let width = ratio == 0 ? side(small: small) : height * ratios[ratio - 1].0 / ratios[ratio - 1].1
        guard let width, width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
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
        guard let tag = svgRootTag(bytes) else { return nil }
        func number(_ value: String?) -> Double? {
            guard var value = value?.trimmingWhiteSpace() else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            guard let number = Double(value), number > 0, number.isFinite else { return nil }
            return number
        }
        if let width = number(attribute("width", in: tag)), let height = number(attribute("height", in: tag)) {
            return Size(width: width, height: height)
        }
        if let ratio = viewBox(tag) { return Size(width: ratio.width, height: ratio.height) }
        return nil
    }

    /// The natural dimensions of an SVG (CSS Images 3): its absolute `width` and `height` (px, pt, in, cm, mm, pc,
    /// em), and a ratio from its `viewBox` (else from both sizes); nil when the bytes are not an SVG. What an SVG
    /// without a size of its own is drawn at: `<svg width="100%" height="100">` without a viewBox has a natural height
    /// and nothing else, its width the CSS's.
    static func svgPartialDimensions(_ bytes: [UInt8]) -> ReplacedSizing? {
        guard let tag = svgRootTag(bytes) else { return nil }
        func absolute(_ value: String?) -> Double? {
            guard let value = value?.trimmingWhiteSpace(), !value.isEmpty else { return nil }
            if let number = Double(value) { return number > 0 && number.isFinite ? number : nil }
            guard let length = CSSLength(Substring(value)) else { return nil }
            switch length {
            case .px(let v): return v > 0 ? v : nil
            case .pt(let v): return v > 0 ? v * 4 / 3 : nil
            case .em(let v), .rem(let v): return v > 0 ? v * 16 : nil
            case .percent, .viewport, .sum, .auto: return nil
            }
        }
        let width = absolute(attribute("width", in: tag)), height = absolute(attribute("height", in: tag))
        var ratio = viewBox(tag).map { $0.width / $0.height }
        if ratio == nil, let width, let height { ratio = width / height }
        return ReplacedSizing(naturalWidth: width, naturalHeight: height, naturalRatio: ratio)
    }

    /// The text of the root `<svg>` start tag, nil when the bytes hold none.
    private static func svgRootTag(_ bytes: [UInt8]) -> Substring? {
        let text = String(decoding: bytes.prefix(16 << 10), as: UTF8.self)
        guard let start = text.firstRange(of: "<svg") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        return text[start.upperBound..<end]
    }

    /// The `viewBox`'s width and height, when both are positive.
    private static func viewBox(_ tag: Substring) -> Size? {
        guard let viewBox = attribute("viewBox", in: tag) else { return nil }
        let parts = viewBox.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard parts.count == 4, parts[2] > 0, parts[3] > 0 else { return nil }
        return Size(width: parts[2], height: parts[3])
    }

    /// The value of attribute `name` in a start tag's text.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
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
}
