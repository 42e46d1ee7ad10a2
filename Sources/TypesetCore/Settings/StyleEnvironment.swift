/// What a book's style sheets may ask of the device they are shown on (CSS Media Queries 4, EPUB Alternate Style
/// Tags): the page's content box, the colour scheme of the reader's theme, the pixel density and the reader's choice
/// of vertical or horizontal lines.
///
/// Made from ``ReaderSettings`` (``init(settings:)``): a media query is evaluated against the page a reader sees,
/// not against a browser window. A CSS pixel is a point here, as everywhere in Typeset, so `(min-width: 600px)`
/// holds on a page whose text area (the page less its margins) is at least 600 points wide.
public struct MediaEnvironment: Hashable, Sendable {
    /// The page's content box (``TypographySettings/contentRect``), in CSS pixels: what `width`, `height`,
    /// `aspect-ratio` and `orientation` are of (the viewport of a reading system's page).
    public var width: Double
    public var height: Double
    /// The whole page, in CSS pixels: what the deprecated `device-width` and `device-height` are of.
    public var deviceWidth: Double
    public var deviceHeight: Double
    /// Whether the reader's theme is dark (``Theme/isDark``): `prefers-color-scheme: dark`, and the book's `night`
    /// alternate style sheets.
    public var prefersDark: Bool
    /// Device pixels per CSS pixel (``Appearance/pixelScale``): the `resolution` feature, in `dppx`.
    public var pixelRatio: Double
    /// The reader's choice of line direction when they made one (``TypographySettings/verticalText``, when set):
    /// which of a book's `horizontal` and `vertical` alternate style sheets apply; nil leaves the book's own.
    public var verticalText: Bool?

    /// Creates an environment.
    public init(width: Double, height: Double, deviceWidth: Double? = nil, deviceHeight: Double? = nil,
                prefersDark: Bool = false, pixelRatio: Double = 2, verticalText: Bool? = nil) {
        self.width = width; self.height = height
        self.deviceWidth = deviceWidth ?? width; self.deviceHeight = deviceHeight ?? height
        self.prefersDark = prefersDark; self.pixelRatio = pixelRatio; self.verticalText = verticalText
    }

    /// The environment of `settings`' page and theme.
    public init(settings: ReaderSettings) {
        let typography = settings.typography
        let content = typography.contentRect
        self.init(width: max(0, content.width), height: max(0, content.height),
                  deviceWidth: typography.pageSize.width, deviceHeight: typography.pageSize.height,
                  prefersDark: settings.appearance.theme.isDark, pixelRatio: settings.appearance.pixelScale,
                  verticalText: typography.userSet.contains("vertical-text") ? typography.verticalText : nil)
    }

    /// The environment of the default ``ReaderSettings`` (a phone's page, a light theme). What decides the parts
    /// of a book's styles that make its text (which elements are blocks, how white space collapses, list markers),
    /// so that offsets never depend on the device: a media query changes how the text looks, never what it is.
    public static let reference = MediaEnvironment(settings: ReaderSettings())
}

/// Everything a book's text is styled for: whether its own styles apply, and the device its media queries and
/// alternate style sheets are evaluated against. A ``Publication`` made for one environment is made again for
/// another (``Publication/restyled(for:)``) only when the book's styles answer differently there.
public struct StyleEnvironment: Hashable, Sendable {
    /// Whether the book's own styles apply (``ReaderSettings/publisherStyles``).
    public var publisherStyles: Bool
    /// The device media queries are evaluated against.
    public var media: MediaEnvironment
    /// Whether the book's narration is playing (EPUB Media Overlays 3.3): its `media:playback-active-class` is then
    /// on the root element of each document that has narration, so that the book's rules for it apply (a rule that
    /// greys the text not being read). Not a reader's setting: ``ReadingSession/setNarrationPlaying(_:)`` sets it.
    public var narrationPlaying: Bool

    /// Creates an environment.
    public init(publisherStyles: Bool = true, media: MediaEnvironment = .reference, narrationPlaying: Bool = false) {
        self.publisherStyles = publisherStyles
        self.media = media
        self.narrationPlaying = narrationPlaying
    }

    /// The environment of `settings`.
    public init(settings: ReaderSettings) {
        self.init(publisherStyles: settings.publisherStyles, media: MediaEnvironment(settings: settings))
    }
}
