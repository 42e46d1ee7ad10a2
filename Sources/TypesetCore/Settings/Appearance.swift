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

    /// Creates an appearance; the defaults are sepia at 2 pixels per point.
    public init(theme: Theme = .sepia, pixelScale: Double = 2) {
        self.theme = theme
        self.pixelScale = pixelScale
    }

    /// Checks every value against its range in ``ReaderSettings/table`` and returns the appearance unchanged.
    ///
    /// - Throws: ``InvalidSetting`` naming the first value out of range.
    public func validated() throws(InvalidSetting) -> Appearance {
        try ReaderSettings(appearance: self).validated().appearance
    }
}
