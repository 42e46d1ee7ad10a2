#if canImport(Glibc)
import Glibc
#endif

/// Characters an Aozora Bunko file describes instead of holding (外字, gaiji): `※［＃「てへん＋劣」、第3水準1-84-77］`
/// names a JIS X 0213 plane-row-cell, `※［＃「口＋世」、U+546D、…］` a code point. The JIS X 0213 table is glibc's
/// (its EUC-JISX0213 converter, in every Debian system's libc6), so no table is kept here; a description with
/// neither (`※［＃「土へん＋竒」、ページ数-行数］`) has no character.
enum AozoraGaiji {
    /// The character a gaiji note's text names, or nil.
    static func character(describedBy note: String) -> String? {
        if let scalar = codePoint(in: note) { return String(Character(scalar)) }
        if let (plane, row, cell) = planeRowCell(in: note) { return jisX0213(plane: plane, row: row, cell: cell) }
        return nil
    }

    /// A `U+XXXX` (4 to 6 hex digits) in the note.
    static func codePoint(in note: String) -> Unicode.Scalar? {
        guard let marker = note.firstRange(of: "U+") ?? note.firstRange(of: "u+") else { return nil }
        let digits = note[marker.upperBound...].prefix { $0.isHexDigit }
        guard (4...6).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
        return Unicode.Scalar(value)
    }

    /// The last `P-R-C` in the note (plane 1 or 2, row and cell 1…94), in ASCII or fullwidth digits.
    static func planeRowCell(in note: String) -> (Int, Int, Int)? {
        // Fullwidth digits read as ASCII ones.
        let digits = note.unicodeScalars.map { scalar -> Unicode.Scalar in
            (0xFF10...0xFF19).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value - 0xFF10 + 0x30)) : scalar
        }
        var found: (Int, Int, Int)?
        var i = 0
        func number(_ at: inout Int) -> Int? {
            var value = 0, count = 0
            while at < digits.count, (0x30...0x39).contains(digits[at].value), count < 3 {
                value = value * 10 + Int(digits[at].value - 0x30)
                at += 1
                count += 1
            }
            return count > 0 ? value : nil
        }
        while i < digits.count {
            var j = i
            if let plane = number(&j), j < digits.count, digits[j] == "-" {
                j += 1
                if let row = number(&j), j < digits.count, digits[j] == "-" {
                    j += 1
                    if let cell = number(&j), (1...2).contains(plane), (1...94).contains(row), (1...94).contains(cell),
                       i == 0 || !(0x30...0x39).contains(digits[i - 1].value) {
                        found = (plane, row, cell)
                        i = j
                        continue
                    }
                }
            }
            i += 1
        }
        return found
    }

    /// The character at JIS X 0213 plane-row-cell, through glibc's EUC-JISX0213 converter: plane 1 is the two
    /// bytes 0xA0 + row, 0xA0 + cell; plane 2 the same after 0x8F. Some cells are a base and a combining mark.
    static func jisX0213(plane: Int, row: Int, cell: Int) -> String? {
        #if canImport(Glibc)
        guard (1...2).contains(plane), (1...94).contains(row), (1...94).contains(cell) else { return nil }
        var input: [UInt8] = plane == 2 ? [0x8F] : []
        input += [UInt8(0xA0 + row), UInt8(0xA0 + cell)]
        let converter = iconv_open("UTF-8", "EUC-JISX0213")
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: 16)
        var inputLeft = input.count, outputLeft = output.count
        let result = input.withUnsafeMutableBytes { inputBytes in
            output.withUnsafeMutableBytes { outputBytes -> Int in
                var inPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                return iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
            }
        }
        guard result != -1, inputLeft == 0 else { return nil }
        let text = String(decoding: output.prefix(output.count - outputLeft), as: UTF8.self)
        return text.isEmpty || text.contains("\u{FFFD}") ? nil : text
        #else
        return nil
        #endif
    }
}

/// Aozora Bunko's accent decomposition (アクセント分解): inside `〔…〕`, a Latin letter followed by a mark stands
/// for the accented letter (`e'` é, `u:` ü, `o^` ô, `a`` à, `n~` ñ, `a&` å, `c,` ç, `o/` ø, `a_` ā), and a few
/// pairs for ligatures and inverted marks (`ae&` æ, `oe&` œ, `s&` ß, `!@` ¡, `?@` ¿).
enum AozoraAccent {
    /// Notation → character, longest notation first when read.
    static let table: [String: Character] = {
        var table: [String: Character] = [:]
        let marks: [(Character, UInt32)] = [("`", 0x300), ("'", 0x301), ("^", 0x302), ("~", 0x303), (":", 0x308),
                                           ("&", 0x30A), ("_", 0x304), (",", 0x327)]
        // The letters each mark goes on in the notation (as Aozora Bunko's own table lists them).
        let letters: [Character: String] = [
            "`": "AEIOUaeiou", "'": "AEIOUYaeiouy", "^": "AEIOUaeiou", "~": "ANOano", ":": "AEIOUaeiouy",
            "&": "Aa", "_": "AEIOUaeiou", ",": "Cc",
        ]
        for (mark, combining) in marks {
            for letter in letters[mark] ?? "" {
                // Composed by Unicode's canonical equivalence: the one character that equals letter + mark.
                guard let combiningMark = Unicode.Scalar(combining) else { continue }
                let decomposed = String(letter) + String(Character(combiningMark))
                if let composed = precomposed(decomposed) { table[String(letter) + String(mark)] = composed }
            }
        }
        table["O/"] = "Ø"; table["o/"] = "ø"
        table["AE&"] = "Æ"; table["ae&"] = "æ"; table["OE&"] = "Œ"; table["oe&"] = "œ"; table["s&"] = "ß"
        table["!@"] = "¡"; table["?@"] = "¿"
        return table
    }()

    /// The single precomposed character canonically equal to `decomposed` (Latin-1 Supplement and Latin
    /// Extended-A hold every letter of the table).
    private static func precomposed(_ decomposed: String) -> Character? {
        for value in UInt32(0xC0)...0x17F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let candidate = String(Character(scalar))
            if candidate == decomposed && candidate.unicodeScalars.count == 1 { return Character(scalar) }
        }
        return nil
    }
}
