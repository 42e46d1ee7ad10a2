/// Reads a publication's resources (the images its attachments name) on demand, from any thread: a renderer
/// asks for an image only when a page that shows it is drawn.
public protocol ResourceLoader: Sendable {
    /// The bytes of the resource `href` (a ``TextAttachment/source``), at most `maximumSize` of them.
    ///
    /// - Throws: ``ResourceError`` when the resource does not exist, cannot be read, or is larger than
    ///   `maximumSize` (nothing past that size is ever held).
    func bytes(of href: String, maximumSize: Int) throws(ResourceError) -> [UInt8]
}

/// Why a resource cannot be read.
public struct ResourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in one line naming the resource.
    public let description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
