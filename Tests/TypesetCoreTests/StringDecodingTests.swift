import Testing
import TypesetCore
import TypesetTestSupport

/// `String(decodingUTF16:)` makes exactly the string the standard library's decoding makes.
@Suite struct StringDecodingTests {
    @Test func itDecodesAsTheStandardLibraryDoes() {
        var generator = SplitMix64(seed: 0x5EA2C4)
        let interesting: [UInt16] = [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF, 0x0]
        var cases: [[UInt16]] = [[], [0xD800], [0xDC00], [0xD800, 0xD800, 0xDC00], [0xDC00, 0xD800], Array("Natásha 寶玉 👍🏽".utf16)]
        for _ in 0..<2000 {
            let count = Int(generator.next() % 12)
            cases.append((0..<count).map { _ in
                generator.next() % 2 == 0 ? interesting[Int(generator.next() % UInt64(interesting.count))] : UInt16(truncatingIfNeeded: generator.next())
            })
        }
        for units in cases {
            #expect(String(decodingUTF16: units) == String(decoding: units, as: UTF16.self), "\(units.map { String($0, radix: 16) })")
            #expect(Array(String(decodingUTF16: units[...]).utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
        }
    }
}
