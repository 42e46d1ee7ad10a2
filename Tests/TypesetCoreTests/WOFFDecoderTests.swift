import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// WOFF 1.0 decoded by us where FreeType refuses: the test face as a WOFF whose metadata block is padded to four
/// bytes at the file's end (valid WOFF: fontTools reads it; FreeType 2.13 does not) gives the same tables as the
/// TrueType it was made from, and broken files of every kind give nil, never a trap.
@Suite struct WOFFDecoderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Tests/Fixtures/fonts/" + name)))
    }

    /// The tables of an OpenType file by tag.
    static func tables(_ font: [UInt8]) -> [UInt32: [UInt8]] {
        func u32(_ at: Int) -> Int { Int(font[at]) << 24 | Int(font[at + 1]) << 16 | Int(font[at + 2]) << 8 | Int(font[at + 3]) }
        let count = Int(font[4]) << 8 | Int(font[5])
        var result: [UInt32: [UInt8]] = [:]
        for i in 0..<count {
            let at = 12 + 16 * i
            result[UInt32(u32(at))] = Array(font[u32(at + 8)..<(u32(at + 8) + u32(at + 12))])
        }
        return result
    }

    @Test func aPaddedMetadataBlockIsDecodedAsTheTrueType() throws {
        let woff = try Self.fixture("test-regular.meta.woff")
        #expect(FontDecoder.freeTypeTables(woff) == nil, "FreeType reads it now: the fixture no longer tests our decoder")
        let decoded = try #require(FontDecoder.openType(woff))
        let expected = Self.tables(try Self.fixture("test-regular.ttf"))
        #expect(Self.tables(decoded) == expected)
        #expect(expected.count > 5)
    }

    /// Our decoder and FreeType agree on the WOFF FreeType reads.
    @Test func ourDecoderAgreesWithFreeType() throws {
        let woff = try Self.fixture("test-regular.woff")
        let ours = try WOFFDecoder.decode(woff)
        let freeType = try #require(FontDecoder.freeTypeTables(woff))
        #expect(Self.tables(ours) == Self.tables(freeType))
    }

    /// Every prefix of the file, every header field set to its extremes and seeded byte flips: nil or a font,
    /// never a trap.
    @Test func brokenFilesAreRefusedWithoutATrap() throws {
        let woff = try Self.fixture("test-regular.meta.woff")
        for length in 0..<woff.count { _ = WOFFDecoder.openType(Array(woff.prefix(length))) }
        #expect(WOFFDecoder.openType(Array(woff.prefix(woff.count - 8))) == nil)
        // Each 16- and 32-bit field of the header and the first table entry set to 0 and to all ones.
        let entry = 44
        for (at, width) in [(4, 4), (8, 4), (12, 2), (14, 2), (16, 4), (24, 4), (28, 4), (32, 4), (36, 4), (40, 4),
                            (entry + 4, 4), (entry + 8, 4), (entry + 12, 4)] {
            for value: UInt8 in [0, 0xFF] {
                var broken = woff
                for k in at..<(at + width) { broken[k] = value }
                _ = WOFFDecoder.openType(broken)
            }
        }
        var generator = SplitMix64(seed: 1012)
        for _ in 0..<400 {
            var broken = woff
            for _ in 0..<3 { broken[Int.random(in: 0..<broken.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = FontDecoder.openType(broken)
        }
    }

    @Test func eachFailureIsNamed() throws {
        let woff = try Self.fixture("test-regular.meta.woff")
        func set(_ at: Int, _ value: UInt32) -> [UInt8] {
            var bytes = woff
            for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(k))) }
            return bytes
        }
        #expect(throws: WOFFDecoder.Failure.notWOFF) { try WOFFDecoder.decode(Array("OTTO".utf8) + woff.dropFirst(4)) }
        #expect(throws: WOFFDecoder.Failure.truncated) { try WOFFDecoder.decode(Array(woff.dropLast(4))) }
        #expect(throws: WOFFDecoder.Failure.badTableCount) {
            var bytes = woff; bytes[12] = 0; bytes[13] = 0
            return try WOFFDecoder.decode(bytes)
        }
        #expect(throws: WOFFDecoder.Failure.tableOutOfFile) { try WOFFDecoder.decode(set(44 + 4, UInt32(woff.count))) }
        // The first table's original length below its stored length.
        #expect(throws: WOFFDecoder.Failure.compressedLonger) { try WOFFDecoder.decode(set(44 + 12, 1)) }
        #expect(throws: WOFFDecoder.Failure.tooLarge) { try WOFFDecoder.decode(set(44 + 12, UInt32.max)) }
        // A compressed table whose original length is one more than it inflates to.
        func u32(_ at: Int) -> UInt32 { woff[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let compressed = try #require((0..<Int(woff[13])).map { 44 + 20 * $0 }.first { u32($0 + 8) < u32($0 + 12) })
        #expect(throws: WOFFDecoder.Failure.inflateFailed) { try WOFFDecoder.decode(set(compressed + 12, u32(compressed + 12) + 1)) }
    }
}
