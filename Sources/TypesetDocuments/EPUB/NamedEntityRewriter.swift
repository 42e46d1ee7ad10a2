internal import CLibXML2

/// Rewrites HTML named character references (`&nbsp;`, `&mdash;`) to numeric ones (`&#160;`) before libxml2
/// parses a document.
///
/// Why: EPUB 2 XHTML declares the XHTML 1.1 DTD, which defines those names, but the parser never loads the DTD
/// (no network, no DTD loading: that is what keeps external entities out), so libxml2 silently drops every
/// named entity it cannot resolve. Numeric references need no DTD. The five XML entities are left alone, and
/// so are names HTML does not define (a document may declare its own in an internal subset). Comments and
/// CDATA sections are copied unchanged.
enum NamedEntityRewriter {
    /// The rewritten bytes, or `bytes` itself when nothing needed rewriting or the encoding is not
    /// ASCII-compatible (UTF-16 documents are passed through unchanged).
    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x26) else { return bytes }  // no '&' at all: the common case for EPUB 3
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
            || (bytes[0] == 0 && bytes[1] == 0x3C) || (bytes[0] == 0x3C && bytes[1] == 0) {
            return bytes
        }
        var output: [UInt8] = []
        var changed = false
        var index = 0
        let count = bytes.count
        func starts(with prefix: [UInt8], at position: Int) -> Bool {
            guard position + prefix.count <= count else { return false }
            for (offset, byte) in prefix.enumerated() where bytes[position + offset] != byte { return false }
            return true
        }
        /// Copies up to and including `terminator` (or to the end) and returns the index after it.
        func skip(to terminator: [UInt8], from position: Int) -> Int {
            var end = position
            while end < count && !starts(with: terminator, at: end) { end += 1 }
            return min(count, end + terminator.count)
        }
        var copiedUpTo = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x3C {  // '<'
                if starts(with: Array("<!--".utf8), at: index) { index = skip(to: Array("-->".utf8), from: index + 4); continue }
                if starts(with: Array("<![CDATA[".utf8), at: index) { index = skip(to: Array("]]>".utf8), from: index + 9); continue }
                index += 1
                continue
            }
            guard byte == 0x26 else { index += 1; continue }  // '&'
            var end = index + 1
            while end < count, end - index <= 32, isNameByte(bytes[end], first: end == index + 1) { end += 1 }
            guard end < count, bytes[end] == 0x3B, end > index + 1 else { index += 1; continue }  // ';'
            let name = Array(bytes[(index + 1)..<end])
            if predefined.contains(name) { index = end + 1; continue }
            guard let value = lookup(name) else { index = end + 1; continue }
            if !changed { output.reserveCapacity(count + 64); changed = true }
            output.append(contentsOf: bytes[copiedUpTo..<index])
            output.append(contentsOf: Array("&#\(value);".utf8))
            index = end + 1
            copiedUpTo = index
        }
        guard changed else { return bytes }
        output.append(contentsOf: bytes[copiedUpTo..<count])
        return output
    }

    private static let predefined: Set<[UInt8]> = Set(["amp", "lt", "gt", "quot", "apos"].map { Array($0.utf8) })

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (!first && byte >= 0x30 && byte <= 0x39)
    }

    /// The code point of an HTML 4 named entity, from libxml2's own table.
    private static func lookup(_ name: [UInt8]) -> UInt32? {
        var terminated = name
        terminated.append(0)
        let entry = terminated.withUnsafeBufferPointer { buffer in
            // `buffer` is NUL-terminated and lives for the call; libxml2 returns a pointer into a static table.
            htmlEntityLookup(buffer.baseAddress)
        }
        guard let entry else { return nil }
        return entry.pointee.value
    }
}
