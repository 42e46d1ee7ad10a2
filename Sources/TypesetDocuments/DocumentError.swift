/// A document could not be read.
public struct DocumentError: Error, CustomStringConvertible, Equatable {
    /// What kind of failure.
    public enum Code: Hashable, Sendable {
        /// The file does not exist.
        case notFound
        /// The path names a directory.
        case isDirectory
        /// The file exists but cannot be read.
        case unreadable
        /// The file holds binary data, not text.
        case binary
        /// The document is malformed beyond recovery.
        case malformed
        /// The document exceeds a safety limit (size, entry count, compression ratio).
        case tooLarge
        /// The document is well formed but uses something Typeset cannot read (DRM encryption, an unknown
        /// compression method).
        case unsupported
    }

    /// What kind of failure.
    public let code: Code
    /// One line naming the file and saying what is wrong.
    public let message: String

    /// Creates an error. Line breaks and other control characters in `message` (they come from file names,
    /// ZIP entry names and library messages) are written as escapes, so that the message stays one line.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = Self.oneLine(message) }

    /// `text` with line breaks, tabs and other control characters (C0, C1, U+2028, U+2029) written as `\n`,
    /// `\r`, `\t` or `\u{…}`: what a one-line message shows of names that hold them.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The message.
    public var description: String { message }
}
