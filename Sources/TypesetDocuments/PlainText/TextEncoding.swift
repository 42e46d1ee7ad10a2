internal import CICU

/// The encoding a plain-text file is decoded from: a charset as ICU knows it, named in its IANA spelling
/// (`UTF-8`, `Shift_JIS`, `windows-1251`, `ISO-8859-2`).
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The charset's name, IANA's spelling where IANA has one.
    public let name: String
    /// Whether the file starts with a byte-order mark (which is not part of the text).
    public let hasByteOrderMark: Bool

    private init(canonical name: String, hasByteOrderMark: Bool) {
        self.name = name
        self.hasByteOrderMark = hasByteOrderMark
    }

    /// The encoding ICU knows by `name` or one of its aliases (`sjis`, `cp1251`, `latin1`, `koi8r`), or nil when
    /// ICU knows none.
    public init?(named name: String) {
        let trimmed = name.trimmingWhiteSpace
        guard !trimmed.isEmpty, trimmed.utf8.count < 64, trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let canonical = String(trimmed)
        var buffer = [CChar](repeating: 0, count: Int(CICU_CHARSET_NAME_SIZE))
        guard CICU_charsetName(canonical, &buffer) == 0 else { return nil }
        let resolved = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.init(canonical: resolved, hasByteOrderMark: false)
    }

    /// UTF-8 without a byte-order mark.
    public static let utf8 = TextEncoding(canonical: "UTF-8", hasByteOrderMark: false)
    /// UTF-8 with a byte-order mark.
    public static let utf8WithBOM = TextEncoding(canonical: "UTF-8", hasByteOrderMark: true)
    /// UTF-16 little-endian, with a byte-order mark.
    public static let utf16LittleEndian = TextEncoding(canonical: "UTF-16LE", hasByteOrderMark: true)
    /// UTF-16 big-endian, with a byte-order mark.
    public static let utf16BigEndian = TextEncoding(canonical: "UTF-16BE", hasByteOrderMark: true)
    /// ISO-8859-1 (Latin-1).
    public static let latin1 = TextEncoding(canonical: "ISO-8859-1", hasByteOrderMark: false)
    /// Windows-1252, Latin-1 with printable characters in 0x80–0x9F (curly quotes, dashes, €).
    public static let windows1252 = TextEncoding(canonical: "windows-1252", hasByteOrderMark: false)

    /// Whether this is UTF-8 (with or without a byte-order mark).
    public var isUTF8: Bool { name == "UTF-8" }
    /// Whether this is UTF-16 (either byte order).
    public var isUTF16: Bool { name == "UTF-16LE" || name == "UTF-16BE" || name == "UTF-16" }

    /// The name, with " with BOM" when the file has a byte-order mark and the name does not say it already
    /// (`UTF-8 with BOM`, `Shift_JIS`).
    public var description: String { hasByteOrderMark && isUTF8 ? name + " with BOM" : name }
}

/// How the reader came to its encoding.
public enum EncodingEvidence: Hashable, Sendable {
    /// A byte-order mark.
    case byteOrderMark
    /// The bytes are well-formed UTF-8 (a character cut at the end aside).
    case wellFormedUTF8
    /// ICU's charset detector chose it, with this confidence (0–100).
    case detected(confidence: Int)
    /// Nothing recognised the bytes: the most likely reading of Western 8-bit text was taken.
    case fallback
    /// The caller named it (`PlainTextReader.encoding`, `--encoding`).
    case declared
}

/// What decoding found, besides the text.
public struct DecodingReport: Hashable, Sendable {
    /// The encoding the bytes were read as.
    public var encoding: TextEncoding
    /// How it was chosen.
    public var evidence: EncodingEvidence
    /// Bytes at the end that began a character but ended before it did (a cut download, a preview), dropped.
    public var droppedTrailingBytes: Int
    /// Sequences that are not valid in the encoding, each read as U+FFFD.
    public var invalidSequences: Int

    /// Creates a report.
    public init(encoding: TextEncoding, evidence: EncodingEvidence, droppedTrailingBytes: Int = 0, invalidSequences: Int = 0) {
        self.encoding = encoding; self.evidence = evidence
        self.droppedTrailingBytes = droppedTrailingBytes; self.invalidSequences = invalidSequences
    }

    /// The confidence (ICU's 0–100) under which a detected encoding is unsure (``isUnsure``): single-byte
    /// charsets are told apart by the statistics of their letters, and ICU rates a right guess on a few hundred
    /// accented letters anywhere from 20 to 60.
    public static let confidentDetection = 50

    /// Whether the encoding is a guess the reader is unsure of: detected with a confidence under
    /// ``confidentDetection``, or taken for lack of any candidate. Characters may be wrong: an app
    /// should let the reader choose another encoding (the CLI says so in a notice, and `--encoding` overrides).
    public var isUnsure: Bool {
        switch evidence {
        case .detected(let confidence): confidence < DecodingReport.confidentDetection
        case .fallback: true
        case .byteOrderMark, .wellFormedUTF8, .declared: false
        }
    }

    /// One line for a person (`typeset info`, the CLI's notice): what was read and why, what was dropped.
    public var summary: String {
        var parts: [String]
        switch evidence {
        case .byteOrderMark: parts = ["\(encoding.description) (byte-order mark)"]
        case .wellFormedUTF8: parts = [encoding.description]
        case .detected(let confidence) where isUnsure:
            parts = ["\(encoding.description) (detected, confidence \(confidence) %, under the \(DecodingReport.confidentDetection) % "
                + "taken as sure: characters may be wrong)"]
        case .detected(let confidence): parts = ["\(encoding.description) (detected, confidence \(confidence) %)"]
        case .fallback: parts = ["\(encoding.description) (no encoding recognised; the most likely one: characters may be wrong)"]
        case .declared: parts = ["\(encoding.description) (as asked)"]
        }
        if invalidSequences > 0 { parts.append("\(invalidSequences) invalid sequence\(invalidSequences == 1 ? "" : "s") read as U+FFFD") }
        if droppedTrailingBytes > 0 {
            parts.append("\(droppedTrailingBytes) byte\(droppedTrailingBytes == 1 ? "" : "s") of a character cut at the end dropped")
        }
        return parts.joined(separator: ", ")
    }
}
