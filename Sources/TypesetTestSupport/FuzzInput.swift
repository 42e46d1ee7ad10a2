/// Reads typed values from the front of a fuzzer's input. When the bytes run out every read gives zero, so any
/// input (even an empty one) decodes to something: libFuzzer mutates bytes, and this turns them into settings,
/// points and offsets without rejecting inputs.
public struct FuzzInput {
    /// The bytes not read yet.
    public private(set) var rest: ArraySlice<UInt8>

    /// Wraps libFuzzer's buffer (copied: the buffer is only valid during the call).
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        rest = data.map { Array(UnsafeBufferPointer(start: $0, count: size))[...] } ?? []
    }

    /// Wraps bytes (for regression tests that replay a crash input).
    public init(bytes: [UInt8]) { rest = bytes[...] }

    /// The next byte, or 0.
    public mutating func byte() -> UInt8 { rest.popFirst() ?? 0 }

    /// The next two bytes as a little-endian integer.
    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A boolean that is true once in `oneIn` draws.
    public mutating func chance(_ oneIn: Int) -> Bool { Int(byte()) % oneIn == 0 }

    /// A value in `range`, spread over it.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(uint16()) / Double(UInt16.max)
    }

    /// A value in `range`, or (once in 16 draws) a hostile one: zero, negative, NaN, infinite, subnormal, huge.
    public mutating func setting(in range: ClosedRange<Double>) -> Double {
        if chance(16) { return Self.hostile[Int(byte()) % Self.hostile.count] }
        return double(in: range)
    }

    /// Values every numeric API must survive.
    public static let hostile: [Double] = [0, -0.0, -1, -1e9, .nan, .infinity, -.infinity, 1e300, 1e-300,
                                           .leastNonzeroMagnitude, .greatestFiniteMagnitude, 100_000, 100_001]

    /// Takes `count` bytes (or what is left).
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let taken = rest.prefix(count)
        rest = rest.dropFirst(taken.count)
        return taken
    }
}
