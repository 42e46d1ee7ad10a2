/// A font could not be found, loaded or configured.
public struct FontError: Error, CustomStringConvertible, Equatable {
    /// What kind of failure.
    public enum Code: Hashable, Sendable {
        /// fontconfig could not be set up.
        case configuration
        /// No installed or bundled font matches the request.
        case notFound
        /// A font file exists but cannot be read as a font.
        case unreadable
        /// The fonts folder a ``FontSource`` names does not exist or is not a folder (fontconfig would skip it
        /// silently, and pages would break differently with no word of why).
        case directoryNotFound
    }

    /// What kind of failure.
    public let code: Code
    /// One line saying what happened.
    public let message: String

    /// `message` one line and of a readable length (family names and paths come from callers and files).
    init(_ code: Code, _ message: String) { self.code = code; self.message = message.oneLine(limit: 1000) }

    /// The message.
    public var description: String { message }
}
