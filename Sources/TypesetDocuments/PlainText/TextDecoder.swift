internal import CICU

/// Decodes the bytes of a text file into UTF-16 units, finding the encoding when the caller does not give one.
///
/// In order: a byte-order mark selects UTF-8 or UTF-16 and is dropped (it marks the encoding and is not text, so
/// offsets count from the first character, as `NSString(contentsOfFile:)` does); binary data (NUL bytes, or a
/// high share of control characters) is refused; well-formed UTF-8 is UTF-8, also when the only flaw is a
/// character cut at the very end (a partial download), which is dropped and reported rather than making the
/// whole file Latin-1; anything else goes to ICU's charset detector (`ucsdet`: Shift_JIS, EUC-JP, GB18030, Big5,
/// EUC-KR, KOI8-R, windows-125x, ISO-8859-x ...) and is converted by ICU. Bytes no detector recognises are read
/// as windows-1252 when they use its printable 0x80–0x9F, else as ISO-8859-1, and said so. Offsets are UTF-16
/// offsets into the decoded text, whatever the encoding.
package enum TextDecoder {
    /// How much of a file the detector looks at, from a little before its first byte outside ASCII (a Project
    /// Gutenberg header in English can be 20 KB): enough for its statistics, and the cost stays bounded (the
    /// `read.*` benchmark rows).
    static let detectionSample = 1 << 16
    /// The confidence a candidate needs (ICU's recognisers answer 10 when they saw nothing either way).
    static let minimumConfidence: Int32 = 10
    /// The fewest bytes outside ASCII for which a single-byte charset the detector finds is believed.
    static let minimumHighBytes = 16
    /// The charsets ICU's detector recognises by their byte structure rather than by letter statistics.
    static let multiByteCharsets: Set<String> = ["Shift_JIS", "EUC-JP", "EUC-KR", "GB18030", "Big5", "ISO-2022-JP",
                                                 "ISO-2022-KR", "ISO-2022-CN"]

    /// The decoded units and the encoding found (`declared`: the caller's encoding, which wins).
    ///
    /// - Throws: ``DocumentError`` `.binary` for binary data, `.unreadable` for a declared encoding that cannot
    ///   decode (unknown to ICU, or UTF-16/32 without its byte order).
    package static func decode(_ bytes: [UInt8], name: String, declared: TextEncoding? = nil) throws(DocumentError)
        -> (units: [UInt16], report: DecodingReport) {
        if let declared { return try decode(bytes, as: declared, name: name) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), encoding: .utf16LittleEndian, evidence: .byteOrderMark) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), encoding: .utf16BigEndian, evidence: .byteOrderMark) }
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = hasBOM ? bytes[3...] : bytes[...]
        try rejectBinary(body, name: name)
        let encoding: TextEncoding = hasBOM ? .utf8WithBOM : .utf8
        if let units = utf16(fromUTF8: body) {
            return (units, DecodingReport(encoding: encoding, evidence: hasBOM ? .byteOrderMark : .wellFormedUTF8))
        }
        // Well-formed but for a character cut at the end: UTF-8 without it.
        let cut = incompleteUTF8Tail(body)
        if cut > 0, let units = utf16(fromUTF8: body.dropLast(cut)) {
            return (units, DecodingReport(encoding: encoding, evidence: hasBOM ? .byteOrderMark : .wellFormedUTF8,
                                          droppedTrailingBytes: cut))
        }
        if hasBOM {
            // A UTF-8 mark on bytes that are not UTF-8: the mark wins, invalid sequences become U+FFFD.
            return try decode(body, as: .utf8WithBOM, evidence: .byteOrderMark, name: name)
        }
        let (detected, evidence) = detect(body)
        return try decode(body, as: detected, evidence: evidence, name: name)
    }

    /// The Windows code page that ICU's own recognisers name instead of an ISO-8859 charset when they see bytes in
    /// 0x80–0x9F (C1 controls in ISO-8859, printable characters in Windows code pages: ™, curly quotes, dashes).
    static let windowsCounterparts: [String: String] = [
        "ISO-8859-1": "windows-1252", "ISO-8859-15": "windows-1252", "ISO-8859-2": "windows-1250",
        "ISO-8859-7": "windows-1253", "ISO-8859-8": "windows-1255", "ISO-8859-8-I": "windows-1255", "ISO-8859-9": "windows-1254",
    ]

    /// The encoding ICU's detector finds most likely for `bytes` (which are not UTF-8), among those it can
    /// convert; else windows-1252 or ISO-8859-1.
    ///
    /// A file with a byte in 0x80–0x9F anywhere is never read as ISO-8859-x (where those bytes are invisible C1
    /// controls) but as the Windows code page of the same script: the detector looks at a sample, and a file whose
    /// few such bytes (™, curly quotes, em dashes) lie outside it was read as Latin-1 with them lost.
    static func detect(_ bytes: ArraySlice<UInt8>) -> (TextEncoding, EncodingEvidence) {
        let firstHigh = bytes.firstIndex { $0 >= 0x80 } ?? bytes.startIndex
        let start = max(bytes.startIndex, firstHigh - 1024)
        let sample = bytes[start..<min(bytes.endIndex, start + detectionSample)]
        let usesC1 = bytes[firstHigh...].contains { $0 >= 0x80 && $0 <= 0x9F }
        let capacity: Int32 = 16
        var names = [CChar](repeating: 0, count: Int(capacity * CICU_CHARSET_NAME_SIZE))
        var confidences = [Int32](repeating: 0, count: Int(capacity))
        let found = sample.withUnsafeBufferPointer { buffer in
            CICU_detectCharsets(buffer.baseAddress, Int32(buffer.count), &names, &confidences, capacity)
        }
        // A single-byte charset is told from another by the statistics of letters outside ASCII: a handful of
        // them is no evidence (ICU read "Café élève" as Turkish), so such a text gets the Western reading.
        let highBytes = sample.lazy.filter { $0 >= 0x80 }.count
        for index in 0..<max(0, Int(found)) {
            let slot = names[(index * Int(CICU_CHARSET_NAME_SIZE))...].prefix { $0 != 0 }
            var name = String(decoding: slot.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Not UTF-8 (the bytes are not), nor UTF-16/32 without a mark (their NULs were refused as binary); and
            // not a candidate at ICU's floor of 10, which its recognisers give when they found nothing for or
            // against (EUC-JP for five bytes of Windows-1252).
            guard !name.hasPrefix("UTF"), confidences[index] > minimumConfidence else { continue }
            guard highBytes >= minimumHighBytes || multiByteCharsets.contains(name) else { break }
            if usesC1 && name.hasPrefix("ISO-8859") {
                // No text has C1 controls: the Windows code page of the script, or the next candidate.
                guard let windows = windowsCounterparts[name] else { continue }
                name = windows
            }
            guard let encoding = TextEncoding(named: name) else { continue }
            return (encoding, .detected(confidence: Int(confidences[index])))
        }
        return (usesC1 ? .windows1252 : .latin1, .fallback)
    }

    /// Decodes `bytes` as the caller's encoding (a byte-order mark that agrees with it is dropped).
    private static func decode(_ bytes: [UInt8], as declared: TextEncoding, name: String) throws(DocumentError)
        -> (units: [UInt16], report: DecodingReport) {
        var body = bytes[...]
        var encoding = declared
        if declared.isUTF8, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            body = bytes[3...]
            encoding = .utf8WithBOM
        } else if declared.name == "UTF-16LE", bytes.starts(with: [0xFF, 0xFE]) {
            body = bytes[2...]
        } else if declared.name == "UTF-16BE", bytes.starts(with: [0xFE, 0xFF]) {
            body = bytes[2...]
        } else if declared.name == "UTF-16" {
            // ICU's "UTF-16" reads a mark and defaults to big-endian; say which one it is.
            if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), encoding: .utf16LittleEndian, evidence: .declared) }
            return utf16(bytes.starts(with: [0xFE, 0xFF]) ? bytes.dropFirst(2) : bytes[...], encoding: .utf16BigEndian, evidence: .declared)
        }
        if encoding.isUTF16 {
            return utf16(body, encoding: encoding, evidence: .declared)
        }
        try rejectBinary(body, name: name)
        return try decode(body, as: encoding, evidence: .declared, name: name)
    }

    /// Converts `bytes` from `encoding` with ICU (UTF-8 through Swift's validation first, as before).
    private static func decode(_ bytes: ArraySlice<UInt8>, as encoding: TextEncoding, evidence: EncodingEvidence,
                               name: String) throws(DocumentError) -> (units: [UInt16], report: DecodingReport) {
        if encoding.isUTF8, let units = utf16(fromUTF8: bytes) {
            return (units, DecodingReport(encoding: encoding, evidence: evidence))
        }
        guard bytes.count < Int(Int32.max) / 2 - 16 else {
            throw DocumentError(.tooLarge, "\(name): \(bytes.count) bytes, too many to convert from \(encoding.name)")
        }
        // No charset gives more UTF-16 units than twice its bytes.
        let capacity = bytes.count * 2 + 16
        var pending: Int32 = 0, invalid: Int32 = 0, result: Int32 = 0
        let units = bytes.withUnsafeBufferPointer { source in
            [UInt16](possiblyEmptyCapacity: capacity) { out, written in
                written = 0
                guard let to = out.baseAddress else { return }
                result = CICU_convertToUTF16(encoding.name, source.baseAddress, Int32(source.count), to, Int32(capacity),
                                             &pending, &invalid)
                written = max(0, Int(result))
            }
        }
        guard result >= 0 else {
            throw DocumentError(.unreadable, "\(name): cannot be decoded as \(encoding.name)")
        }
        return (units, DecodingReport(encoding: encoding, evidence: evidence, droppedTrailingBytes: Int(pending),
                                      invalidSequences: Int(invalid)))
    }

    /// The number of bytes at the end of `bytes` that start a UTF-8 sequence the bytes end inside of (0 when the
    /// last sequence is complete or the tail is not the start of one).
    static func incompleteUTF8Tail(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = bytes.endIndex
        while index > bytes.startIndex, count < 3 {
            index -= 1
            count += 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: keep looking for the lead
            let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 && byte <= 0xEF ? 3 : byte >= 0xC2 && byte <= 0xDF ? 2 : 0
            return length > count ? count : 0
        }
        return 0
    }

    /// The UTF-16 units of `bytes` when they are well-formed UTF-8, else nil. Converted and validated by ICU, far
    /// faster than `Array(string.utf16)`; where ICU refuses the bytes, Swift's validation decides (the two agree on
    /// well-formed UTF-8: UTF8ValidationTests checks the ill-formed families of Unicode's table 3-7).
    static func utf16(fromUTF8 bytes: ArraySlice<UInt8>) -> [UInt16]? {
        // ICU converts and validates in one pass; Swift's validation is asked only when ICU refuses the bytes (or
        // they are too many for its lengths). Validating every file with Swift first cost more than the conversion:
        // `String(validating:as:)` over the bytes took its generic slow path (60.8 M of the 67.5 M instructions
        // decoding War and Peace, callgrind).
        if bytes.count < Int(Int32.max) {
            var failed = false
            let converted = bytes.withUnsafeBufferPointer { source in
                [UInt16](possiblyEmptyCapacity: source.count) { out, written in
                    written = 0
                    guard let from = source.baseAddress, let to = out.baseAddress else { return }
                    let count = CICU_utf8ToUTF16(from, Int32(source.count), to, Int32(source.count))
                    if count < 0 { failed = true } else { written = Int(count) }
                }
            }
            if !failed { return converted }
        }
        // ICU and Swift agree on what is well-formed UTF-8; should they ever not, Swift's answer stands.
        guard let string = String(validating: bytes, as: UTF8.self) else { return nil }
        return Array(string.utf16)
    }

    /// UTF-16 in one byte order. A trailing odd byte (the file or the preview cut inside a unit) is dropped and
    /// reported; a lone surrogate is kept as it is (positions treat it as one character).
    private static func utf16(_ bytes: ArraySlice<UInt8>, encoding: TextEncoding, evidence: EncodingEvidence)
        -> (units: [UInt16], report: DecodingReport) {
        let littleEndian = encoding.name == "UTF-16LE"
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        var dropped = bytes.endIndex - i
        // A lead surrogate at the very end is a character cut in two (a preview's last unit).
        if let last = units.last, UTF16.isLeadSurrogate(last) {
            units.removeLast()
            dropped += 2
        }
        return (units, DecodingReport(encoding: encoding, evidence: evidence, droppedTrailingBytes: dropped))
    }

    /// Refuses data that is not text: a NUL byte, or more than 10 % control characters other than tab, line
    /// feed, carriage return, form feed and escape (ISO-2022 encodings use it), in the first 64 KiB.
    private static func rejectBinary(_ bytes: ArraySlice<UInt8>, name: String) throws(DocumentError) {
        let sample = bytes.prefix(65_536)
        var controls = 0
        for byte in sample {
            if byte == 0 { throw DocumentError(.binary, "\(name): binary data (a NUL byte), not a text file") }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1B { controls += 1 }
        }
        if !sample.isEmpty && controls * 10 > sample.count {
            throw DocumentError(.binary, "\(name): binary data (\(controls) control bytes in the first \(sample.count)), not a text file")
        }
    }
}
