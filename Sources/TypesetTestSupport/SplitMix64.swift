/// A small deterministic random number generator (SplitMix64): seeded cases and benchmark points are the same on
/// every run (the benchmark's Pango peer uses the same generator, so both query the same points).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state.
    public var state: UInt64

    /// A generator starting from `seed` (the default is the peer's seed).
    public init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992.0 }
}
