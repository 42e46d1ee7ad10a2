#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a font loaded from memory (a book's embedded font), in one block that HarfBuzz (shaping) and
/// FreeType (rendering) both read without copying; freed when the last face using it goes.
package final class FontBytes: @unchecked Sendable {
    /// The first byte; immutable for the object's life, which is what makes sharing it between threads safe.
    package let base: UnsafeRawPointer
    /// How many bytes.
    package let count: Int
    /// A name for messages (the book and entry it came from).
    package let name: String

    /// Copies `bytes`; nil when they are empty.
    init?(_ bytes: [UInt8], name: String) {
        guard !bytes.isEmpty else { return nil }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { memory.copyMemory(from: start, byteCount: source.count) }
        }
        base = UnsafeRawPointer(memory)
        count = bytes.count
        self.name = name
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }
}
