/// Base64 (RFC 4648) both ways, for `data:` URLs: the module stays free of Foundation, whose decoder refuses what
/// browsers read anyway (the URL-safe alphabet, missing padding).
package enum Base64 {
    /// `bytes` in the standard alphabet, padded.
    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var value = UInt32(bytes[index]) << 16
            if count > 1 { value |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { value |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                out.append(position <= count ? alphabet[Int((value >> UInt32(18 - 6 * position)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Base64 (with the URL-safe `-` and `_` too) decoded; white space is skipped and the `=` padding optional,
    /// as browsers read it. Nil for a character outside the alphabet, data after the padding, or a lone
    /// character left over.
    package static func decode(_ text: [UInt8]) -> [UInt8]? {
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
            default: return nil
            }
            guard !ended else { return nil }  // data after the padding
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
        default: return nil  // one character left over is not a byte
        }
        return out
    }
}
