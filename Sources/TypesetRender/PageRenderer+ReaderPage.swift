import TypesetCore

extension PageRenderer {
    /// Renders a reading session's page as PNG, its images read from the session's publication: the same pixels as
    /// ``renderPNG(page:of:appearance:decorations:resources:compression:window:)`` with
    /// `resources: session.publication.resourceLoader`, which a caller of that method must remember to pass (without
    /// it a page's images are drawn as grey placeholders of their size).
    ///
    /// - Parameters:
    ///   - page: A page of `session` (from `currentPage()`, `nextPage()`, `go(to:)`...).
    ///   - session: The session the page comes from: its publication reads the images, and its settings give the
    ///     appearance when `appearance` is nil.
    ///   - appearance: Theme, pixel scale and image filter; nil, the default, for the session's.
    ///   - decorations: Highlights and underlines to draw.
    /// - Throws: as ``renderPNG(page:of:appearance:decorations:resources:compression:window:)``.
    public func renderPNG(_ page: ReaderPage, of session: ReadingSession, appearance: Appearance? = nil,
                          decorations: DecorationSet? = nil) throws(RenderError) -> [UInt8] {
        try renderPNG(page: page.pageIndex, of: page.layout, appearance: appearance ?? session.settings.appearance,
                      decorations: decorations, resources: session.publication.resourceLoader)
    }
}
