/// The two font obfuscation algorithms EPUBs use (`META-INF/encryption.xml` names them per font), undone: they
/// only XOR the start of the font with a key derived from the book's identifier, so that a font copied out of
/// its book is unusable.
enum FontObfuscation: Equatable, Sendable {
    /// EPUB OCF's algorithm (`http://www.idpf.org/2008/embedding`): the first 1040 bytes XORed with the SHA-1
    /// of the package's unique identifier, white space removed.
    case idpf
    /// Adobe's (`http://ns.adobe.com/pdf/enc#RC`): the first 1024 bytes XORed with the 16 bytes of the UUID in
    /// the book's identifier (`urn:uuid:…`).
    case adobe

    init?(algorithm: String) {
        switch algorithm.trimmingWhiteSpace() {
        case "http://www.idpf.org/2008/embedding": self = .idpf
        case "http://ns.adobe.com/pdf/enc#RC": self = .adobe
        default: return nil
        }
    }

    /// The font as it was before obfuscation; nil when the identifier gives no key (Adobe's needs a UUID).
    func deobfuscate(_ bytes: [UInt8], identifier: String) -> [UInt8]? {
        let key: [UInt8]
        let length: Int
        switch self {
        case .idpf:
            let stripped = identifier.unicodeScalars.filter { !($0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n") }
            key = SHA1.digest(Array(String(String.UnicodeScalarView(stripped)).utf8))
            length = 1040
        case .adobe:
            guard let uuid = FontObfuscation.uuidBytes(identifier) else { return nil }
            key = uuid
            length = 1024
        }
        var output = bytes
        for i in 0..<min(length, output.count) { output[i] ^= key[i % key.count] }
        return output
    }

    /// The 16 bytes of the UUID in `identifier` (`urn:uuid:` and dashes ignored), if it holds one.
    static func uuidBytes(_ identifier: String) -> [UInt8]? {
        var text = Substring(identifier.trimmingWhiteSpace().lowercased())
        if text.hasPrefix("urn:uuid:") { text = text.dropFirst(9) }
        let digits = text.filter { $0 != "-" }
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}

/// SHA-1 (FIPS 180-4), for the IDPF font obfuscation key only: 20 bytes of a short identifier.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
        var data = message
        let bitLength = UInt64(message.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + 4 * i
                w[i] = UInt32(data[b]) << 24 | UInt32(data[b + 1]) << 16 | UInt32(data[b + 2]) << 8 | UInt32(data[b + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4]
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A827999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                e = d; d = c; c = b << 30 | b >> 2; b = a; a = temp
            }
            h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
        }
        return h.flatMap { word in [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)] }
    }
}
