/// How laid-out pages are drawn: colours and pixel density.
///
/// Apart from ``TypographySettings`` on purpose: nothing here changes a line of the layout, so switching to
/// dark mode or drawing for another screen density never lays anything out again (a ``ReadingSession`` keeps
/// every section's layout across an appearance change).
public struct Appearance: Hashable, Sendable {
    /// Page and text colours.
    public var theme: Theme
    /// Pixels per point when rendering (2 for a phone's Retina screen).
    public var pixelScale: Double
    /// What is done to the book's images: nothing (the default, in every theme), or dimmed or inverted for a dark
    /// page (Readium's `imageFilter`). Other than `.none` it replaces the filters a book's CSS gives its images.
    public var imageFilter: ImageFilter
    /// Whether the book's print page labels are drawn in the margin, beside the line where each print page starts
    /// (the outer margin: right of a left-to-right page, left of a right-to-left one; above a vertical column), as
    /// study editions print them. Off by default; a book without print pages draws none.
    public var printPageLabels: Bool

    /// Creates an appearance; the defaults are sepia at 2 pixels per point, images as they are, no print page labels.
    public init(theme: Theme = .sepia, pixelScale: Double = 2, imageFilter: ImageFilter = .none, printPageLabels: Bool = false) {
        self.theme = theme
        self.pixelScale = pixelScale
        self.imageFilter = imageFilter
        self.printPageLabels = printPageLabels
    }

    /// Checks every value against its range in ``ReaderSettings/table`` and returns the appearance unchanged.
    ///
    /// - Throws: ``InvalidSetting`` naming the first value out of range.
    public func validated() throws(InvalidSetting) -> Appearance {
        try ReaderSettings(appearance: self).validated().appearance
    }
}

/// What the renderer does to a book's images (Readium's `imageFilter`): dark themes keep images as they are
/// unless the reader asks, since a photograph inverted is a negative.
public enum ImageFilter: String, Hashable, Sendable, CaseIterable {
    /// Images as they are.
    case none
    /// Images dimmed to 70 % brightness, for a dark page.
    case darken
    /// Colours inverted (black line art on white becomes white on black).
    case invert
}
