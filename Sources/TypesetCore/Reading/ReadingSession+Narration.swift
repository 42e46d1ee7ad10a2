extension ReadingSession {
    /// Shows the book as its styles say while its narration plays, or not (EPUB Media Overlays 3.3's
    /// `media:playback-active-class`, put on the root element of each document with narration: a rule such as
    /// `.-epub-media-overlay-playing p { color: gray }` then applies), and returns the page holding the anchor; the
    /// anchor does not move. An app calls it when playback starts and stops.
    ///
    /// The text is made again (``Publication/restyled(for:)``): only the documents with narration are converted
    /// again, the others reused, and nothing at all for a book whose styles do not ask (no playback-active class).
    /// The text is then laid out again, as after any restyle: the class may select any property (a size, a
    /// `display`, a margin), not only a colour, so the lines made before cannot be assumed to hold.
    ///
    /// - Throws: what restyling throws; the session keeps its text then.
    @discardableResult
    public func setNarrationPlaying(_ playing: Bool) throws -> ReaderPage {
        let publication = state.withLock { $0.publication }
        var environment = publication.styleEnvironment
        environment.narrationPlaying = playing
        let changes = publication.needsRestyle(for: environment)
        let restyled = try publication.restyled(for: environment)
        let generation: Int = state.withLock { state in
            state.publication = restyled
            if changes {
                state.shaped.removeAll()
                state.discardLayouts()
            }
            return state.generation
        }
        return try page(holding: anchor.position, generation: generation)
    }

    /// Whether the book is shown as its styles say while its narration plays (``setNarrationPlaying(_:)``).
    public var narrationPlaying: Bool { state.withLock { $0.publication.styleEnvironment.narrationPlaying } }
}

extension StyleEnvironment {
    /// The environment of `settings` for `publication`: whether its narration plays is the publication's, as no
    /// setting says it.
    init(settings: ReaderSettings, of publication: Publication) {
        self.init(settings: settings)
        narrationPlaying = publication.styleEnvironment.narrationPlaying
    }
}
