import Testing
@testable import TypesetDocuments

/// `TextDecoder.utf16(fromUTF8:)` converts with ICU and asks Swift only when ICU refuses the bytes: the two must
/// agree on what is well-formed UTF-8, for every family of ill-formed sequence (Unicode 15, table 3-7 and §3.9's
/// "maximal subpart" examples) in every position.
@Suite struct UTF8ValidationTests {
    /// One family each: overlong forms, surrogates, code points past U+10FFFF, bytes that never occur, lone and
    /// stray continuation bytes, sequences cut short, and well-formed edges of each range.
    static let sequences: [[UInt8]] = [
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0x80], [0xBF], [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        [0xC2, 0x41], [0xE2, 0x41, 0x82],
        [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBE], [0x00], [0x7F],
    ]

    /// Around each sequence: nothing, short ASCII, other characters, and the runs of ASCII long enough (16 bytes) for
    /// the converter to widen them itself and hand ICU only the stretch between them.
    static let contexts: [([UInt8], [UInt8])] = {
        let run = Array("sixteen+ ASCII bytes".utf8), short = Array("short".utf8)
        return [([], []), (Array("ab".utf8), []), ([], Array("cd".utf8)), (Array("é".utf8), Array("€".utf8)),
                (run, run), (run + Array("é".utf8), short + Array("€".utf8) + run), (Array("€".utf8) + run, short),
                (short + Array("é".utf8) + run + run, [])]
    }()

    /// The converter decodes well-formed two- and three-byte sequences itself (ICU the rest): every such lead byte
    /// with every second byte around the continuation range's edges and a third byte on either side of them, alone
    /// between ASCII runs (so the converter sees them) and after another non-ASCII character.
    @Test func everyTwoAndThreeByteSequenceAgreesWithSwift() {
        let run = Array("sixteen+ ASCII bytes".utf8)
        let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xBE, 0xBF, 0xC0, 0xC2, 0xE0, 0xFF]
        let thirds: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0]
        for lead in UInt8(0xC0)...0xEF {
            for second in seconds {
                for third in lead < 0xE0 ? [0x41] : thirds {
                    for (prefix, suffix) in [(run, run), (Array("é".utf8), Array("ab".utf8))] {
                        let bytes = prefix + [lead, second, third] + suffix
                        let expected = String(validating: bytes, as: UTF8.self).map { Array($0.utf16) }
                        #expect(TextDecoder.utf16(fromUTF8: bytes[...]) == expected, "\(bytes.map { String($0, radix: 16) })")
                    }
                }
            }
        }
    }

    /// Every code point of the Basic Multilingual Plane from U+0080 (surrogates aside) decodes to itself, each
    /// between ASCII letters: the converter's own two- and three-byte decoding, and ICU's for the noncharacters.
    @Test func everyBMPCharacterDecodesToItself() {
        var text = String.UnicodeScalarView()
        for value in UInt32(0x80)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            text.append(scalar)
            text.append(value % 7 == 0 ? " " : "x")
        }
        let string = String(text)
        #expect(TextDecoder.utf16(fromUTF8: Array(string.utf8)[...]) == Array(string.utf16))
    }

    @Test func iCUAndSwiftAgreeOnEverySequenceInEveryPosition() {
        for sequence in Self.sequences {
            for (prefix, suffix) in Self.contexts {
                let bytes = prefix + sequence + suffix
                let expected = String(validating: bytes, as: UTF8.self).map { Array($0.utf16) }
                #expect(TextDecoder.utf16(fromUTF8: bytes[...]) == expected, "\(bytes.map { String($0, radix: 16) })")
            }
        }
    }
}
