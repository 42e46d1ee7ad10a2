internal import CICU
import Glibc

/// A pattern file in libhyphen's format (Debian's `hyphen-*` packages, LibreOffice's dictionaries), read in the
/// charset its first line declares and turned into UTF-8: the patterns and directives of each of its levels.
///
/// The format: the first line names the charset (`UTF-8`, `ISO8859-1`, `KOI8-R`...); then one pattern per line
/// (Liang's letters with digits between them, `.` at a word's edge, optionally `/replacement,index,cut` for a
/// non-standard hyphenation), `%` comment lines, the directives `LEFTHYPHENMIN`, `RIGHTHYPHENMIN`,
/// `COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN` and `NOHYPHEN`, and at most one `NEXTLEVEL` line, after
/// which the patterns of the second level (used inside the parts the first level finds in a compound) follow.
/// Lines are read as `hnj_hyphen_load_line` reads them (a pattern ends at its first space or control character).
struct HyphenationPatternFile {
    /// The patterns and directives of one level.
    struct Level {
        /// One pattern, as ranges of the level's ``bytes``: its letters (UTF-8), the digit after each gap (`0`...`9`
        /// as ASCII, one more than the letters' bytes), and for a non-standard pattern its replacement, index and
        /// cut as libhyphen reads them.
        struct Pattern {
            var word: Range<Int32>
            var digits: Range<Int32>
            var replacement: Range<Int32>?
            var replacementIndex: Int8 = 0
            var replacementCut: Int8 = 0
        }
        /// Every pattern's letters, digits and replacement, one after the other (one array rather than three per
        /// pattern: the German file has 78,000 patterns).
        var bytes: [UInt8] = []
        var patterns: [Pattern] = []
        var leftMinimum = 0, rightMinimum = 0, compoundLeftMinimum = 0, compoundRightMinimum = 0
        /// `NOHYPHEN`'s characters (UTF-8), in order.
        var noHyphen: [[UInt8]]?

        /// The bytes of `range`.
        func bytes(_ range: Range<Int32>) -> ArraySlice<UInt8> { bytes[Int(range.lowerBound)..<Int(range.upperBound)] }

        /// Adds a pattern of `letters` with `digits` (libhyphen's, for the levels it adds itself).
        mutating func add(letters: [UInt8], digits: [UInt8]) {
            let start = Int32(bytes.count)
            bytes += letters
            bytes += digits
            patterns.append(Pattern(word: start..<start + Int32(letters.count),
                                    digits: start + Int32(letters.count)..<Int32(bytes.count)))
        }
    }

    /// The charset the file declares.
    let charset: String
    /// The first level, and the second when the file has a `NEXTLEVEL` line.
    let levels: [Level]

    /// The largest pattern file read (the biggest Debian ships, German, is about 1 MB).
    static let maximumSize = 64 << 20

    /// Why a pattern file cannot be used.
    enum Failure: Error, Equatable {
        case unreadable
        case tooLarge
        case unknownCharset(String)
    }

    /// Reads and decodes the file at `path`.
    init(path: String) throws(Failure) {
        try self.init(bytes: try Self.read(path))
    }

    /// Decodes a pattern file's bytes.
    init(bytes: [UInt8]) throws(Failure) {
        let firstLineEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.endIndex
        let declared = Self.trimmed(bytes[..<firstLineEnd])
        charset = declared
        let body = bytes[firstLineEnd...]
        let utf8: [UInt8]
        if declared.uppercased() == "UTF-8" || declared.uppercased() == "UTF8" {
            utf8 = Array(body)
        } else {
            utf8 = try Self.decode(body, charset: declared)
        }
        // Every level's patterns go into one pool (a line gives at most twice its bytes and one), written through
        // a pointer; the levels then share it.
        var levels = [Level()]
        var pool = [UInt8](repeating: 0, count: 3 * utf8.count + 1)
        var used = 0
        utf8.withUnsafeBufferPointer { text in
            pool.withUnsafeMutableBufferPointer { pool in
                var start = 0
                while start < text.count {
                    var end = start
                    while end < text.count && text[end] != 0x0A && text[end] != 0x0D { end += 1 }
                    if end > start {
                        let line = UnsafeBufferPointer(rebasing: text[start..<end])
                        if line[0] == UInt8(ascii: "N") && line.starts(with: "NEXTLEVEL".utf8) {
                            if levels.count == 1 { levels.append(Level()) }
                        } else {
                            Self.read(line, into: &levels[levels.count - 1], pool: pool, used: &used)
                        }
                    }
                    start = end + 1
                }
            }
        }
        pool.removeLast(pool.count - used)
        for index in levels.indices { levels[index].bytes = pool }
        self.levels = levels
    }

    /// The body in UTF-8, decoded from `charset` by ICU (LibreOffice's `microsoft-cp1251` is ICU's `cp1251`).
    private static func decode(_ body: ArraySlice<UInt8>, charset: String) throws(Failure) -> [UInt8] {
        let name = charset.lowercased().hasPrefix("microsoft-") ? String(charset.dropFirst("microsoft-".count)) : charset
        var units = [UInt16](repeating: 0, count: max(1, body.count))
        let written = body.withUnsafeBufferPointer { bytes in
            units.withUnsafeMutableBufferPointer { out in
                var pending: Int32 = 0, invalid: Int32 = 0
                return CICU_convertToUTF16(name, bytes.baseAddress, Int32(bytes.count), out.baseAddress, Int32(out.count),
                                           &pending, &invalid)
            }
        }
        guard written >= 0 else { throw .unknownCharset(charset) }
        // UTF-16 to UTF-8 by hand (the standard library's transcoder took a fifth of loading the German patterns).
        var utf8 = [UInt8](repeating: 0, count: Int(written) * 3)
        let count = units.withUnsafeBufferPointer { units in
            utf8.withUnsafeMutableBufferPointer { out in
                var o = 0, i = 0
                while i < Int(written) {
                    var scalar = UInt32(units[i])
                    i += 1
                    if scalar >= 0xD800 && scalar < 0xDC00 && i < Int(written) && units[i] >= 0xDC00 && units[i] < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                        i += 1
                    } else if scalar >= 0xD800 && scalar < 0xE000 {
                        scalar = 0xFFFD
                    }
                    if scalar < 0x80 {
                        out[o] = UInt8(scalar); o += 1
                    } else if scalar < 0x800 {
                        out[o] = UInt8(0xC0 | scalar >> 6); out[o + 1] = UInt8(0x80 | scalar & 0x3F); o += 2
                    } else if scalar < 0x10000 {
                        out[o] = UInt8(0xE0 | scalar >> 12); out[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                        out[o + 2] = UInt8(0x80 | scalar & 0x3F); o += 3
                    } else {
                        // Two units in, four bytes out: within the three bytes a unit reserves.
                        out[o] = UInt8(0xF0 | scalar >> 18); out[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                        out[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); out[o + 3] = UInt8(0x80 | scalar & 0x3F); o += 4
                    }
                }
                return o
            }
        }
        utf8.removeLast(utf8.count - count)
        return utf8
    }

    /// One line of a level, as libhyphen's `hnj_hyphen_load_line` reads it; a pattern's bytes go into `pool`
    /// from `used` on.
    private static func read(_ line: UnsafeBufferPointer<UInt8>, into level: inout Level, pool: UnsafeMutableBufferPointer<UInt8>,
                             used: inout Int) {
        guard let first = line.first, first != UInt8(ascii: "%"), first > 0x20 else { return }
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") && readDirective(line, into: &level) { return }
        var pattern = Level.Pattern(word: 0..<0, digits: 0..<0)
        // The letters and digits end at the first space or control character, or at a slash.
        var end = 0
        while end < line.count && line[end] > 0x20 && line[end] != UInt8(ascii: "/") { end += 1 }
        var replacement: Slice<UnsafeBufferPointer<UInt8>>?
        if end < line.count && line[end] == UInt8(ascii: "/") {
            // letters/replacement,index,cut: the index counts characters from 1, the cut characters.
            let fields = line[(end + 1)...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            replacement = fields[0].prefix(while: { $0 > 0x20 })
            if fields.count >= 3 {
                pattern.replacementIndex = Int8(truncatingIfNeeded: (integer(fields[1]) ?? 0) - 1)
                pattern.replacementCut = Int8(truncatingIfNeeded: integer(fields[2]) ?? 0)
            } else {
                pattern.replacementCut = Int8(truncatingIfNeeded: end)
            }
        }
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        let wordStart = used
        for i in 0..<end where !isDigit(line[i]) { pool[used] = line[i]; used += 1 }
        let digitStart = used
        pool[used] = UInt8(ascii: "0")
        used += 1
        for i in 0..<end {
            let byte = line[i]
            if isDigit(byte) { pool[used - 1] = byte } else { pool[used] = UInt8(ascii: "0"); used += 1 }
        }
        pattern.word = Int32(wordStart)..<Int32(digitStart)
        pattern.digits = Int32(digitStart)..<Int32(used)
        if let replacement {
            let start = used
            for byte in replacement { pool[used] = byte; used += 1 }
            pattern.replacement = Int32(start)..<Int32(used)
        }
        level.patterns.append(pattern)
    }

    /// A directive line (true), as libhyphen matches them: by prefix.
    private static func readDirective(_ line: UnsafeBufferPointer<UInt8>, into level: inout Level) -> Bool {
        func number(after prefix: String) -> Int? {
            guard line.starts(with: prefix.utf8) else { return nil }
            return integer(line[prefix.utf8.count...]) ?? 0
        }
        if let value = number(after: "LEFTHYPHENMIN") { level.leftMinimum = value; return true }
        if let value = number(after: "RIGHTHYPHENMIN") { level.rightMinimum = value; return true }
        if let value = number(after: "COMPOUNDLEFTHYPHENMIN") { level.compoundLeftMinimum = value; return true }
        if let value = number(after: "COMPOUNDRIGHTHYPHENMIN") { level.compoundRightMinimum = value; return true }
        guard line.starts(with: "NOHYPHEN".utf8) else { return false }
        // Comma-separated; libhyphen splits at every comma but a first one.
        let list = line["NOHYPHEN".utf8.count...].drop(while: { $0 == 0x20 || $0 == 0x09 })
        var items: [[UInt8]] = [[]]
        for (index, byte) in list.enumerated() {
            if byte == UInt8(ascii: ",") && index > 0 { items.append([]) } else { items[items.count - 1].append(byte) }
        }
        level.noHyphen = items
        return true
    }

    /// C's `atoi` of a field: leading spaces, an optional sign, then digits up to the first other character.
    private static func integer(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var rest = field.drop(while: { $0 == 0x20 || $0 == 0x09 })
        var sign = 1
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            rest = rest.dropFirst()
        }
        let digits = rest.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).prefix(9)
        guard !digits.isEmpty else { return nil }
        return sign * digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The text of `bytes` without spaces and line ends at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The file's bytes, read with POSIX calls.
    private static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable }
        guard status.st_size <= maximumSize else { throw .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return Array(bytes[..<filled])
    }
}
