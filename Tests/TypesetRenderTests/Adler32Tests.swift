import CKernels
import CZlib
import Testing

/// CKernels' SSE2 Adler-32 (the PNG writers' checksum of their rows) against zlib's `adler32` over a generated family:
/// lengths from 0 to 200 and around the 32-byte steps and the 5,536-byte stretches (5,552 is zlib's), three
/// alignments, four start values (the initial 1, a chained value, sums just under the modulus, 0), and contents
/// from all-0xFF (the largest sums, where an overflow would show) to zeros, noise and page-like RGB rows.
@Suite struct Adler32Tests {
    /// The longest input checked, and the offsets each length is checked at.
    static let longest = 100_003
    static let offsets = 0..<3

    /// `count` bytes of kind `kind`: 0 all 0xFF, 1 all zero, 2 noise (a fixed linear congruential sequence), 3 rows
    /// of a tinted page (a filter byte, then runs of one RGB colour broken by darker glyph pixels).
    static func bytes(kind: Int, count: Int) -> [UInt8] {
        var state: UInt32 = 0x2545_F491
        return (0..<count).map { index in
            state = state &* 1_664_525 &+ 1_013_904_223
            switch kind {
            case 0: return 0xFF
            case 1: return 0
            case 2: return UInt8(truncatingIfNeeded: state >> 24)
            default: return index % 1_561 == 0 ? 0 : state >> 28 == 0 ? 0x20 : [0xF8, 0xF4, 0xEC][index % 3]
            }
        }
    }

    static let lengths = Array(0...200) + [255, 256, 257, 5_535, 5_536, 5_537, 5_552, 5_553, 11_071, 11_072, 11_073,
                                           65_000, longest - offsets.upperBound]

    @Test(arguments: 0..<4) func sameAsZlib(kind: Int) {
        let data = Self.bytes(kind: kind, count: Self.longest)
        let starts: [UInt32] = [1, 0x3A1C_0F21, 0xFFF0_FFF0, 0]
        var checked = 0
        data.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for length in Self.lengths {
                for offset in Self.offsets {
                    for start in starts {
                        let ours = CKernels_adler32(start, base + offset, length)
                        let zlib = UInt32(truncatingIfNeeded: adler32(uLong(start), base + offset, uInt(length)))
                        #expect(ours == zlib, "kind \(kind), length \(length), offset \(offset), start \(start)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.lengths.count * Self.offsets.count * starts.count)
    }

    /// Checksums chain as zlib's do: a stretch in pieces, each piece's value the start of the next, gives the
    /// whole's value; no bytes gives 1, as zlib's `adler32(0, NULL, 0)`.
    @Test func chainsAndStartsAtOne() {
        let data = Self.bytes(kind: 3, count: 40_000)
        data.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let whole = CKernels_adler32(1, base, 40_000)
            var chained: UInt32 = 1
            var position = 0
            for piece in [1, 31, 33, 5_537, 7, 10_000, 24_391] {
                chained = CKernels_adler32(chained, base + position, piece)
                position += piece
            }
            #expect(position == 40_000)
            #expect(chained == whole)
        }
        #expect(CKernels_adler32(0x1234_5678, nil, 10) == 1)
    }
}
