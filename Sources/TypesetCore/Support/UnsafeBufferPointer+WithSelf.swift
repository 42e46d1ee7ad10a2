extension UnsafeBufferPointer {
    /// `body(self)`: a buffer handed to a closure, for code whose inlining depends on being a closure's body (see
    /// ``GreedyLineBreaker``, whose walk over a slice's buffer was inlined only there).
    @inline(__always)
    func withSelf<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result { try body(self) }
}
