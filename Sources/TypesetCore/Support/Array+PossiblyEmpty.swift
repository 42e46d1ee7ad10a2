extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)`, except that no capacity gives `[]` without calling
    /// `body`. With no capacity the standard library writes the new array's count into the storage that all empty
    /// arrays share, and ThreadSanitizer reports two threads doing so at once as a data race.
    package init(possiblyEmptyCapacity capacity: Int,
                 initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows {
        if capacity <= 0 {
            self = []
        } else {
            try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
        }
    }
}
