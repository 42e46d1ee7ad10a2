#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with POSIX calls, within a size bound.
///
/// Foundation's `FileManager.contents(atPath:)` was used before; it leaks a 4 KB buffer for every empty file
/// (LeakSanitizer), reads without any bound, and says only "nil" when something goes wrong. Here the file must
/// be a regular file (``RegularFile``) whose size `fstat` gives before anything is read, and each failure is a
/// ``DocumentError`` naming the file.
package enum FileBytes {
    /// The bytes of the file at `path`, or an error: `.notFound`, `.isDirectory`, `.notARegularFile`,
    /// `.unreadable`, or `.tooLarge` when the file holds more than `limit` bytes.
    package static func read(path: String, limit: Int) throws(DocumentError) -> [UInt8] {
        try read(path: path, limit: limit, prefix: false)
    }

    /// The first `count` bytes of the file at `path` (all of it when it is shorter): a preview, as a range request
    /// for the start of a download would give. Errors as ``read(path:limit:)``, with no bound on the file's size.
    package static func readPrefix(path: String, count: Int) throws(DocumentError) -> [UInt8] {
        try read(path: path, limit: max(0, count), prefix: true)
    }

    private static func read(path: String, limit: Int, prefix: Bool) throws(DocumentError) -> [UInt8] {
        let file = try RegularFile.open(path)
        let descriptor = file.descriptor
        defer { close(descriptor) }
        let size = file.size
        guard prefix || size <= limit else {
            throw DocumentError(.tooLarge, "\(path): \(size) bytes, more than the \(limit) a text book may have")
        }
        // `size` bytes, or, for a file that grows while it is read, until the end or the bound. A prefix reads at
        // most `limit` bytes; allocation follows what the file holds, not what was asked.
        let initial = max(size, 1 << 16)
        var bytes = [UInt8](repeating: 0, count: prefix ? min(limit, initial) : initial)
        var count = 0
        while true {
            if prefix && count == limit { break }
            if count == bytes.count {
                guard prefix || bytes.count <= limit else {
                    throw DocumentError(.tooLarge, "\(path): more than the \(limit) bytes a text book may have")
                }
                // Whether the file goes on past its size (it grew while read) is asked with a one-byte read before
                // the buffer grows: a file read whole was otherwise followed by zeroing as much again (War and
                // Peace: 4 M instructions, callgrind).
                var next: UInt8 = 0
                let more = Glibc.read(descriptor, &next, 1)
                if more < 0 {
                    if errno == EINTR { continue }
                    throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(errno))))")
                }
                if more == 0 { break }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: prefix ? min(bytes.count, limit - count) : bytes.count))
                bytes[count] = next
                count += 1
                continue
            }
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(errno))))")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else {
            throw DocumentError(.tooLarge, "\(path): more than the \(limit) bytes a text book may have")
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
