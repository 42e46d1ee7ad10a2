import TypesetCore

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
        /// The path names a device, a named pipe or a socket: nothing a book is read from.
        case notARegularFile
        /// The file holds binary data, not text.
        case binary
        /// The document is malformed beyond recovery.
        case malformed
        /// The document exceeds a safety limit (size, entry count, compression ratio).
        case tooLarge
        /// The document is well formed but uses something Typeset cannot read (DRM encryption, an unknown
        /// compression method).
        case unsupported
        /// Reading was cancelled (``EPUBReader/spineProgress`` said stop, or the task of an async open was
        /// cancelled).
        case cancelled
    }

    /// What kind of failure.
    public let code: Code
    /// One line naming the file and saying what is wrong.
    public let message: String

    /// Creates an error. Line breaks and other control characters in `message` (they come from file names,
    /// ZIP entry names and library messages) are written as escapes, and a message too long for a line (a huge
    /// path) is cut in the middle, so that the message stays one line.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message.oneLine(limit: 1000) }

    /// `text` as one line (see `oneLine(limit:)`): what a message shows of names that hold line breaks.
    static func oneLine(_ text: String) -> String { text.oneLine(limit: Int.max) }

    /// The message.
    public var description: String { message }
}
