import TypesetCore

/// Rendering or PNG encoding failed.
///
/// Every failure caused by input (a page index, a font file, a PNG stream, a path) is thrown as this
/// error; nothing in `TypesetRender` traps on input.
public struct RenderError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure.
    public enum Code: Hashable, Sendable {
        /// The page index is not a page of the layout.
        case pageOutOfRange
        /// A font file could not be opened or parsed by FreeType.
        case fontUnreadable
        /// FreeType failed for another reason (setup, sizing).
        case freeType
        /// The page would need a bitmap larger than ``Bitmap/maximumPixelCount``.
        case tooLarge
        /// libpng could not encode or decode an image.
        case png
        /// A file could not be written or read.
        case io
        /// An image is in no known format, or its library cannot decode it.
        case image
        /// The appearance cannot be drawn (a pixel scale out of its range; see `Appearance.validated()`).
        case invalidAppearance
        /// A window onto a page that is not a finite rectangle of a non-negative size.
        case invalidWindow
    }

    /// What kind of failure.
    public let code: Code
    /// One line saying what happened and, where it helps, what to do.
    public let message: String

    /// `message` one line and of a readable length (paths and font files come from callers).
    init(_ code: Code, _ message: String) { self.code = code; self.message = message.oneLine(limit: 1000) }

    /// The message.
    public var description: String { message }
}
