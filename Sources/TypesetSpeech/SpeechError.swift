/// Reading aloud that cannot be done.
public struct SpeechError: Error, CustomStringConvertible, Equatable {
    /// Why.
    public enum Code: String, Hashable, Sendable {
        /// eSpeak NG cannot start (its data is missing).
        case unavailable
        /// No voice has that name.
        case unknownVoice
        /// eSpeak NG refused the text or failed while speaking it.
        case synthesisFailed
        /// The audio is larger than a WAV file can hold (4 GiB).
        case tooLong
    }

    /// Why.
    public let code: Code
    /// One line for the user.
    public let description: String

    /// Creates an error.
    public init(_ code: Code, _ description: String) { self.code = code; self.description = description }
}
