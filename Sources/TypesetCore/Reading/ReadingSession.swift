import Dispatch
import Synchronization

/// A reader's session with one book: the settings, the sticky reading anchor, and a layout made section by
/// section around the anchor.
///
/// Apps drive it: ``go(to:)-(UTF16Offset)`` / ``nextPage()`` / ``previousPage()`` when the reader navigates,
/// ``setSettings(_:)`` when they change a setting, ``currentPage()`` to draw (with ``settings``' appearance),
/// ``currentLocator()`` to save the place. Only navigation moves the anchor. A section (a chapter, an EPUB spine
/// item, a CSS break: a page break the book asks for) always starts a page, so the pages of the anchor's section
/// depend on that section alone: a settings change lays it out from its start and shows the page holding the
/// anchor. When the section's paragraphs are shaped already (a new size, width, margin, line height...), that is
/// a relayout of the whole section, cheap however long it is; when they must be shaped again (a new family or
/// language, or a section not read yet), only the paragraphs up to a little past the anchor's page are shaped
/// first (the cost grows with the anchor's place in its section), the page is shown, and the rest of the section
/// is shaped afterwards. Either way the page shown first is final: nothing that completes later moves it.
///
/// The other sections are laid out afterwards, on a background queue using the typesetter's threads (or on
/// demand, see ``completeLayout()``). Page counts and numbers are estimates until then (``PageCount/isExact``);
/// ``pageCountUpdates()`` tells an app when the count changes and when it becomes exact.
///
/// Thread-safe: calls may come from any thread; the work of one call happens on the caller's thread.
public final class ReadingSession: Sendable {
    /// The book (made again when ``ReaderSettings/publisherStyles`` changes; its offsets never change).
    public var publication: Publication { state.withLock { $0.publication } }
    /// The typesetter (fonts, threads, word cache).
    public let typesetter: Typesetter
    /// Whether sections beyond the anchor's are laid out in the background after each settings change.
    public let completesInBackground: Bool
    /// Shaping settings (font families, mostly: ``ShapingSettings``) whose shaping results are kept per section (a
    /// reader going back and forth between two or three fonts does not reshape).
    static let shapedFamiliesKept = 3
    /// About how many UTF-16 units the background shapes at a time, so that a settings change stops its work
    /// within one batch. A unit of work only: pages flow across batches.
    static let shapingBatchUnits = 40_000
    /// Units shaped past the anchor before its page is first tried (about four phone pages), doubled until the page
    /// is final.
    static let anchorLookaheadUnits = 8_000

    let state: Locked<State>

    /// The shaped paragraphs of one section under one key: its first ones, or all of them.
    struct ShapedPrefix: Sendable {
        var paragraphs: [ShapedParagraph]
        var faces: [FontFace]
    }

    /// The anchor's section laid out from its start to a little past the page shown, while the rest of it is being
    /// shaped: its first `finalPages` pages are those of the whole section.
    struct PartialLayout: Sendable {
        let section: Int
        let layout: BookLayout
        let finalPages: Int
    }

    struct State: Sendable {
        var publication: Publication
        var settings: ReaderSettings
        var anchor: ReadingAnchor
        /// Increases with each change of the lines (typography, mode or styles); work for an older generation is
        /// thrown away.
        var generation = 0
        /// Whole-section layouts under the current settings.
        var layouts: [Int: BookLayout] = [:]
        var partial: PartialLayout?
        /// Shaped sections per font family and language, most recently used family last.
        var shaped: [(key: ShapingSettings, sections: [Int: ShapedPrefix])] = []
        var backgroundRunning = false
        /// Section layouts made since the session started (for tests: what a change cost).
        var layoutsMade = 0
        /// Body text from the middle of the book laid out on its own, for the page-count estimate when the layouts
        /// hold too little (a book opened at its title page).
        var sample: BookLayout?
        /// The page count of ``layouts`` and ``partial``; stale when they changed since (then the next count reuses
        /// its model while what is laid out grows by less than a quarter: see ``PageCountEstimate/refreshed``).
        var estimate: PageCountEstimate?
        var estimateIsStale = true
        /// Whether this generation's layouts were checked for needing a sample.
        var sampleChecked = false
        var listeners: [Int: AsyncStream<PageCount>.Continuation] = [:]
        var nextListener = 0
        /// The count the listeners were last given.
        var published: PageCount?

        var key: ShapingSettings {
            ShapingSettings(settings.typography)
        }

        /// Starts a new generation of lines: the layouts, the sample and the estimate are made again.
        mutating func discardLayouts() {
            generation += 1
            layouts.removeAll()
            partial = nil
            sample = nil
            sampleChecked = false
            estimate = nil
        }

        /// The page count, estimated again only when the layouts changed.
        mutating func pageCount() -> PageCountEstimate {
            if let estimate, !estimateIsStale { return estimate }
            // Estimated in the lines' frame: for vertical text, the page turned a quarter (see LineFrame).
            let lineSettings = settings.typography.lineFrame(settings.typography.writingMode(for: publication.text))
            let made = PageCountEstimate.refreshed(estimate, text: publication.text, settings: lineSettings,
                                                   mode: settings.mode, layouts: layouts,
                                                   partial: partial.map { ($0.section, $0.layout, $0.finalPages) }, sample: sample)
            estimate = made
            estimateIsStale = false
            return made
        }
    }

    /// Starts a session at `offset`, by default where the book opens (``Publication/startOffset``: its first
    /// chapter, past a distributor's header).
    ///
    /// - Parameter publication: The book as opened; when it was made for another ``StyleEnvironment`` than
    ///   `settings` give (publisher styles off, a page or theme its media queries answer differently on) and it has
    ///   a ``Publication/restyle``, its text is made again for them.
    /// - Parameter typesetter: Lays the book out (one per app).
    /// - Parameter settings: The reader's settings: typography, page and appearance.
    /// - Parameter offset: Where to open, a UTF-16 offset into the text; nil, the default, where the book opens.
    /// - Parameter completesInBackground: Whether sections beyond the anchor's are laid out in the background after
    ///   each settings change, so that page numbers become exact.
    /// - Throws: ``InvalidSetting`` for settings that cannot be laid out, ``ReadingError`` for an offset outside
    ///   the text, and what ``Publication/restyled(publisherStyles:)`` throws.
    public init(publication: Publication, typesetter: Typesetter, settings: ReaderSettings = ReaderSettings(),
                at offset: UTF16Offset? = nil, completesInBackground: Bool = true) throws {
        let settings = try settings.validated()
        let offset = offset ?? publication.startOffset
        guard offset >= 0, offset <= publication.text.length else {
            throw ReadingError.offsetOutOfRange(offset, length: publication.text.length)
        }
        let publication = try publication.restyled(for: StyleEnvironment(settings: settings, of: publication))
        self.typesetter = typesetter
        self.completesInBackground = completesInBackground
        let anchor = ReadingAnchor(position: TextPosition(offset: offset), locator: publication.locator(at: offset))
        self.state = Locked(State(publication: publication, settings: settings, anchor: anchor))
    }

    deinit {
        let listeners = state.withLock { $0.listeners.values }
        for listener in listeners { listener.finish() }
    }

    // MARK: - Reading the state

    /// The current settings.
    public var settings: ReaderSettings { state.withLock { $0.settings } }
    /// Paged or scroll.
    public var mode: LayoutMode { state.withLock { $0.settings.mode } }
    /// The reading anchor.
    public var anchor: ReadingAnchor { state.withLock { $0.anchor } }
    /// How many sections the book has (at least 1).
    public var sectionCount: Int { Self.sectionCount(of: publication.text) }

    static func sectionCount(of text: StyledText) -> Int { max(1, text.sectionStarts.count) }

    /// The page holding the anchor, laid out if needed (only the anchor's section is, and of it only what the
    /// page needs while the rest is being shaped).
    public func currentPage() throws -> ReaderPage {
        let (anchor, generation) = state.withLock { ($0.anchor, $0.generation) }
        return try page(holding: anchor.position, generation: generation)
    }

    /// The Locator of the reading position: the anchor's offset and quote, with `totalProgression` 1.0 on the
    /// last page of the book (and the exact fraction of the offset elsewhere).
    public func currentLocator() throws -> Locator {
        let page = try currentPage()
        return try locator(for: page)
    }

    /// The Locator of `page`: at the anchor when the page holds it, else at the page's first grapheme, with
    /// `totalProgression` 1.0 on the book's last page (``Publication/locator(forPage:of:at:)``).
    public func locator(for page: ReaderPage) throws -> Locator {
        let (anchor, publication) = state.withLock { ($0.anchor, $0.publication) }
        let offset = page.range.contains(anchor.position.offset) || anchor.position.offset == page.range.upperBound
            ? anchor.position.offset : page.range.lowerBound
        guard let locator = publication.locator(forPage: page.pageIndex, of: page.layout, at: offset) else {
            throw ReadingError.offsetOutOfRange(offset, length: publication.text.length)
        }
        return locator
    }

    /// Whether `page` is the last page of the book.
    public func isLastPage(_ page: ReaderPage) -> Bool { page.layout.isLastPageOfText(page.pageIndex) }

    /// The book's page count under the current settings: exact once every section is laid out, an estimate until
    /// then (see ``pageCountUpdates()``).
    public var pageCount: PageCount { state.withLock { $0.pageCount().total } }

    /// The page count as it changes: the current count at once, then a new value whenever a section laid out
    /// changes it, the last one exact (``PageCount/isExact``) once every section is laid out under the current
    /// settings; after a settings change, estimates again and then the new exact count. Only the newest value is
    /// kept for a slow reader. An app shows `~N` for an estimate, and asks ``currentPage()`` again (laid out
    /// already, so cheap) for the page's exact number once the count is exact. The sequence ends with the session.
    public func pageCountUpdates() -> AsyncStream<PageCount> {
        let (stream, continuation) = AsyncStream<PageCount>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (id, count) = state.withLock { state in
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            return (id, state.pageCount().total)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        continuation.yield(count)
        return stream
    }

    /// Gives the listeners the page count when it changed since they last had it.
    func publishPageCount() {
        state.withLock { state in
            guard !state.listeners.isEmpty else { return }
            let count = state.pageCount().total
            guard count != state.published else { return }
            state.published = count
            for listener in state.listeners.values { listener.yield(count) }
        }
    }

    /// The reading figures at the anchor, for the book proper (``Publication/bodyRange``).
    public var figures: ReadingFigures {
        let (publication, anchor) = state.withLock { ($0.publication, $0.anchor) }
        return ReadingFigures(text: publication.text, offset: anchor.position.offset, within: publication.bodyRange)
    }

    // MARK: - Navigation (moves the anchor)

    /// Jumps to the page holding `offset`, and anchors there: the anchor becomes the first grapheme of that page
    /// (what the reader sees first), as for every navigation.
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)``.
    @discardableResult
    public func go(to offset: UTF16Offset) throws -> ReaderPage {
        guard offset >= 0, offset <= publication.text.length else {
            throw ReadingError.offsetOutOfRange(offset, length: publication.text.length)
        }
        let generation = state.withLock { $0.generation }
        let page = try page(holding: TextPosition(offset: offset), generation: generation)
        anchor(at: page)
        return page
    }

    /// Jumps to where a Locator points (see ``Publication/resolve(_:)`` for the order tried) and anchors there.
    ///
    /// - Throws: ``LocatorError`` when it cannot be resolved; the anchor is then unchanged.
    @discardableResult
    public func go(to locator: Locator) throws -> (page: ReaderPage, resolution: LocatorResolution) {
        let resolution = try publication.resolve(locator)
        return (try go(to: resolution.offset), resolution)
    }

    /// Follows a link inside the book: jumps to the page holding its target (``Link/target``, from
    /// ``Publication/link(at:onPage:of:)``) and anchors there. Keep ``currentLocator()`` from before the jump to
    /// come back.
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)`` for a target that is not in this publication's text.
    @discardableResult
    public func go(to target: LinkTarget) throws -> ReaderPage {
        try go(to: target.offset)
    }

    /// Turns to the next page (the first page of the next section after a section's last page); nil on the
    /// book's last page, where nothing changes.
    public func nextPage() throws -> ReaderPage? {
        let current = try currentPage()
        if current.pageIndex + 1 < current.layout.pages.count {
            return try turn(to: current.layout.pages[current.pageIndex + 1].range.lowerBound)
        }
        guard current.section + 1 < sectionCount else { return nil }
        return try turn(to: publication.text.range(ofSection: current.section + 1).lowerBound)
    }

    /// Turns to the previous page (the last page of the previous section from a section's first page); nil on
    /// the first page.
    public func previousPage() throws -> ReaderPage? {
        let current = try currentPage()
        if current.pageIndex > 0 {
            return try turn(to: current.layout.pages[current.pageIndex - 1].range.lowerBound)
        }
        guard current.section > 0 else { return nil }
        let generation = state.withLock { $0.generation }
        let previous = try sectionLayout(current.section - 1, generation: generation)
        guard let last = previous.pages.last else { return nil }
        return try turn(to: last.range.lowerBound)
    }

    private func turn(to offset: UTF16Offset) throws -> ReaderPage {
        let generation = state.withLock { $0.generation }
        let page = try page(holding: TextPosition(offset: offset), generation: generation)
        anchor(at: page)
        return page
    }

    /// Scroll sessions: the reader scrolled the section's scroll page so that `y` is at the top of the screen;
    /// the anchor becomes the first grapheme of the line there.
    @discardableResult
    public func scroll(toY y: Double, inSectionOf page: ReaderPage) -> ReaderPage {
        let layout = page.layout
        let position = layout.closestPosition(to: Point(x: layout.settings.margins.left, y: y.isFinite ? y : 0), onPage: page.pageIndex)
        let lineStart = layout.carets(containing: position.offset).map { $0.startOffset } ?? position.offset
        setAnchor(TextPosition(offset: lineStart))
        return (try? currentPage()) ?? page
    }

    func anchor(at page: ReaderPage) {
        let mode = state.withLock { $0.settings.mode }
        if mode == .scroll {
            // In a scroll session the anchor is the first grapheme of the line at the top of the screen.
            let offset = page.layout.carets(containing: page.range.lowerBound)?.startOffset ?? page.range.lowerBound
            setAnchor(TextPosition(offset: offset))
        } else {
            setAnchor(TextPosition(offset: page.range.lowerBound))
        }
    }

    private func setAnchor(_ position: TextPosition) {
        state.withLock { state in
            state.anchor = ReadingAnchor(position: position, locator: state.publication.locator(at: position.offset))
        }
    }

    // MARK: - Settings (never move the anchor)

    /// Applies new settings and returns the page holding the anchor; the anchor does not move. A new typography
    /// or mode lays out the anchor's section again from its start (shaping again, as far as the page needs, only
    /// when the font family or language changed); a new appearance (theme, pixel scale) lays out nothing, since it
    /// changes no line; a change of ``ReaderSettings/publisherStyles``, or of a page size or theme the book's media
    /// queries or alternate style sheets answer differently on, makes the text again
    /// (``Publication/restyled(for:)``: only the documents whose answers changed are converted again).
    ///
    /// - Throws: ``InvalidSetting``, or what restyling throws; the session keeps its settings then.
    @discardableResult
    public func setSettings(_ settings: ReaderSettings) throws -> ReaderPage {
        let settings = try settings.validated()
        let publication = state.withLock { $0.publication }
        let environment = StyleEnvironment(settings: settings, of: publication)
        let restyled = publication.needsRestyle(for: environment) ? try publication.restyled(for: environment) : nil
        let generation: Int = state.withLock { state in
            let linesChange = settings.typography != state.settings.typography || settings.mode != state.settings.mode
                || restyled != nil
            state.settings = settings
            if let restyled {
                state.publication = restyled
                state.shaped.removeAll()
            }
            if linesChange { state.discardLayouts() }
            return state.generation
        }
        return try page(holding: anchor.position, generation: generation)
    }

    // MARK: - Layout

    /// Lays out every section under the current settings now, on the caller's thread (using the typesetter's
    /// threads), so that page numbers are exact. A background session does the same on its own.
    public func completeLayout() throws {
        let generation = state.withLock { $0.generation }
        for section in 0..<sectionCount { _ = try sectionLayout(section, generation: generation) }
    }

    /// Sections laid out whole under the current settings.
    public var sectionsLaidOut: Int { state.withLock { $0.layouts.count } }

    /// Section layouts (whole or partial) made since the session started, under any settings.
    var layoutsMade: Int { state.withLock { $0.layoutsMade } }

    func page(holding position: TextPosition, generation: Int) throws -> ReaderPage {
        let text = publication.text
        let section = text.sectionIndex(containing: position.offset) ?? 0
        let (layout, pageIndex) = try sectionPage(section, holding: position.offset, generation: generation)
        return try readerPage(pageIndex, of: layout, section: section, scrolledTo: position.offset, generation: generation)
    }

    /// Page `pageIndex` of `layout` (section `section`'s, whole or with that page final) as the session shows it:
    /// its number in the book and the count (the sample for the estimate laid out first when needed), scrolled so
    /// that the line of `offset` is at the top in scroll mode. Publishes the count and starts the background work.
    func readerPage(_ pageIndex: Int, of layout: BookLayout, section: Int, scrolledTo offset: UTF16Offset?,
                    generation: Int) throws -> ReaderPage {
        try layOutSampleIfNeeded(generation: generation)
        let (estimate, before) = state.withLock { state in
            (state.pageCount(), (0..<section).allSatisfy { state.layouts[$0] != nil })
        }
        var scrollOffset = 0.0
        if layout.mode == .scroll, let offset, let line = layout.carets(containing: layout.snappedToGrapheme(offset)) {
            // The anchor's line box at the top of the screen, below the top margin.
            scrollOffset = max(0, line.box.minY - layout.settings.margins.top)
        }
        publishPageCount()
        scheduleBackgroundLayout(generation: generation)
        let publication = self.publication
        let shown = layout.pages.indices.contains(pageIndex) ? layout.pages[pageIndex].range : 0..<0
        return ReaderPage(layout: layout, pageIndex: pageIndex, section: section,
                          number: estimate.pages(before: section) + pageIndex, numberIsExact: before,
                          pageCount: estimate.total, scrollOffset: scrollOffset,
                          referencePages: publication.referencePages(in: shown),
                          referencePageSource: publication.printPages?.source ?? .synthetic)
    }

    /// A layout of `section` holding a final page with `offset`, and that page's index: the whole section's when
    /// it is laid out or its paragraphs are all shaped; otherwise its paragraphs are shaped from the start to a
    /// little past `offset`, further until the page holding `offset` is final (see ``finalPages(_:of:holding:)``).
    func sectionPage(_ section: Int, holding offset: UTF16Offset, generation: Int) throws -> (BookLayout, Int) {
        let (whole, partial, text, key) = state.withLock { state in
            (state.layouts[section], state.partial, state.publication.text, state.key)
        }
        if let whole { return (whole, whole.pageIndex(containing: offset) ?? 0) }
        if let partial, partial.section == section, let index = partial.layout.pageIndex(containing: offset),
           index < Self.finalPages(partial.layout, of: text, holding: offset) {
            return (partial.layout, index)
        }
        let paragraphs = text.paragraphRange(ofSection: section)
        let anchorParagraph = text.paragraphIndex(containing: offset).map { min(max($0, paragraphs.lowerBound), paragraphs.upperBound) }
            ?? paragraphs.lowerBound
        var lookahead = Self.anchorLookaheadUnits
        while true {
            // Shaped so far, or at least up to the paragraph `lookahead` units past the anchor's.
            var end = anchorParagraph
            let target = (anchorParagraph < paragraphs.upperBound ? text.paragraphs[anchorParagraph].range.lowerBound : 0) + lookahead
            while end < paragraphs.upperBound && text.paragraphs[end].range.lowerBound < target { end += 1 }
            let shaped = try shapedPrefix(section, key: key, text: text, through: max(end, anchorParagraph + 1))
            if shaped.paragraphRange == paragraphs {
                let layout = try sectionLayout(section, generation: generation)
                return (layout, layout.pageIndex(containing: offset) ?? 0)
            }
            let settings = state.withLock { $0.settings }
            let layout = try typesetter.layout(shaped, settings: settings.typography, mode: settings.mode)
            let final = Self.finalPages(layout, of: text, holding: offset)
            if let index = layout.pageIndex(containing: offset), index < final {
                keepPartial(layout, section: section, finalPages: final, generation: generation)
                return (layout, index)
            }
            lookahead *= 2
        }
    }

    /// Keeps a section's first paragraphs laid out (their first `finalPages` pages final) as the partial layout,
    /// unless the settings changed or the whole section is laid out meanwhile.
    func keepPartial(_ layout: BookLayout, section: Int, finalPages: Int, generation: Int) {
        state.withLock { state in
            state.layoutsMade += 1
            guard state.generation == generation, state.layouts[section] == nil else { return }
            state.partial = PartialLayout(section: section, layout: layout, finalPages: finalPages)
            state.estimateIsStale = true
        }
    }

    /// Lays out a sample of the book's body for the page-count estimate, once per settings, when the layouts hold
    /// too little body text to measure (``PageCountEstimate/needsSample(layouts:partial:)``): about 8,000 units
    /// shaped and broken, a millisecond or two, so that the count shown with the first page is within a few
    /// percent rather than off by the title page's looks.
    func layOutSampleIfNeeded(generation: Int) throws {
        let (needed, text, key, settings) = state.withLock { state in
            let needed = !state.sampleChecked && state.settings.mode == .paged
                && state.layouts.count < Self.sectionCount(of: state.publication.text)
                && PageCountEstimate.needsSample(layouts: state.layouts, partial: state.partial?.layout)
            state.sampleChecked = true
            return (needed, state.publication.text, state.key, state.settings)
        }
        guard needed else { return }
        let paragraphs = PageCountEstimate.sample(of: text)
        let shaped = try typesetter.shape(text, settings: key, paragraphRange: paragraphs)
        let sample = try typesetter.layout(shaped, settings: settings.typography)
        state.withLock { state in
            guard state.generation == generation else { return }
            state.sample = sample
            state.estimate = nil
        }
    }

    /// How many of the pages of `layout` (a section's first paragraphs) are those of the whole section. Pages
    /// break where each paragraph is placed, looking at most one paragraph ahead (a heading kept with the next
    /// one): a page that ends before the last paragraph laid out begins is final. In a scroll layout (a page per
    /// run of one writing mode, see ``LayoutMode/scroll``) the page holding the last paragraph also counts as final
    /// when the text below the line holding `offset` fills a screen before the last paragraph.
    static func finalPages(_ layout: BookLayout, of text: StyledText, holding offset: UTF16Offset) -> Int {
        guard let last = layout.paragraphRange.last else { return layout.pages.count }
        let lastStart = text.paragraphs[last].range.lowerBound
        var final = 0
        while final < layout.pages.count && layout.pages[final].range.upperBound < lastStart { final += 1 }
        if layout.mode == .scroll, final < layout.pages.count,
           let line = layout.carets(containing: layout.snappedToGrapheme(offset)), line.page == final,
           let lastTop = layout.lines(onPage: final).first(where: { $0.paragraphIndex == last })?.rect.minY,
           line.box.minY + layout.settings.pageSize.height < lastTop {
            final += 1
        }
        return final
    }

    /// The whole layout of `section` under the settings of `generation`, from the cache or made now (shaping what
    /// is not shaped yet).
    func sectionLayout(_ section: Int, generation: Int) throws -> BookLayout {
        let (cached, settings, key, text) = state.withLock { state in
            (state.layouts[section], state.settings, state.key, state.publication.text)
        }
        if let cached { return cached }
        let shaped = try shapedPrefix(section, key: key, text: text, through: text.paragraphRange(ofSection: section).upperBound)
        let layout = try typesetter.layout(shaped, settings: settings.typography, mode: settings.mode)
        state.withLock { state in
            state.layoutsMade += 1
            guard state.generation == generation else { return }
            state.layouts[section] = layout
            if state.partial?.section == section { state.partial = nil }
            state.estimateIsStale = true
        }
        publishPageCount()
        return layout
    }

    /// The paragraphs of `section` shaped under `key`, from the section's start through paragraph `end - 1` at
    /// least (more when more are shaped already), shaping what is missing now.
    func shapedPrefix(_ section: Int, key: ShapingSettings, text: StyledText, through end: Int) throws -> ShapedText {
        let paragraphs = text.paragraphRange(ofSection: section)
        let end = min(max(end, paragraphs.lowerBound), paragraphs.upperBound)
        var prefix = state.withLock { state -> ShapedPrefix? in
            guard let index = state.shaped.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = state.shaped.remove(at: index)
            state.shaped.append(entry)
            return entry.sections[section]
        } ?? ShapedPrefix(paragraphs: [], faces: [])
        let have = paragraphs.lowerBound + prefix.paragraphs.count
        if have < end {
            let shaped = try typesetter.shape(text, settings: key, paragraphRange: have..<end)
            prefix = store(shaped, section: section, key: key, sectionStart: paragraphs.lowerBound)
        }
        return ShapedText(text: text, settings: key, language: text.language ?? key.language,
                          paragraphRange: paragraphs.lowerBound..<(paragraphs.lowerBound + prefix.paragraphs.count),
                          paragraphs: prefix.paragraphs, faces: prefix.faces)
    }

    /// Adds newly shaped paragraphs to a section's prefix (another thread may have shaped some of them too: the
    /// prefix only grows) and returns the prefix.
    private func store(_ shaped: ShapedText, section: Int, key: ShapingSettings, sectionStart: Int) -> ShapedPrefix {
        state.withLock { state in
            let index: Int
            if let found = state.shaped.firstIndex(where: { $0.key == key }) {
                index = found
            } else {
                state.shaped.append((key, [:]))
                if state.shaped.count > Self.shapedFamiliesKept { state.shaped.removeFirst() }
                index = state.shaped.count - 1
            }
            var prefix = state.shaped[index].sections[section] ?? ShapedPrefix(paragraphs: [], faces: [])
            let have = sectionStart + prefix.paragraphs.count
            if shaped.paragraphRange.lowerBound <= have && shaped.paragraphRange.upperBound > have {
                prefix.paragraphs += shaped.paragraphs[(have - shaped.paragraphRange.lowerBound)...]
                if shaped.faces.count > prefix.faces.count { prefix.faces = shaped.faces }
                state.shaped[index].sections[section] = prefix
            }
            return prefix
        }
    }

    // MARK: - Background completion

    func scheduleBackgroundLayout(generation: Int) {
        guard completesInBackground else { return }
        let start: Bool = state.withLock { state in
            guard !state.backgroundRunning, state.generation == generation,
                  state.layouts.count < Self.sectionCount(of: state.publication.text) else { return false }
            state.backgroundRunning = true
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            // The anchor's section first (its page may have been shown from a partial layout), then those after it
            // (the reader reads forwards), then those before it.
            while true {
                let next: (section: Int, generation: Int, key: ShapingSettings, text: StyledText)? = state.withLock { state in
                    let text = state.publication.text
                    let anchorSection = text.sectionIndex(containing: state.anchor.position.offset) ?? 0
                    let sectionCount = Self.sectionCount(of: text)
                    let order = Array(anchorSection..<sectionCount) + Array((0..<anchorSection).reversed())
                    guard let missing = order.first(where: { state.layouts[$0] == nil }) else {
                        state.backgroundRunning = false
                        return nil
                    }
                    return (missing, state.generation, state.key, text)
                }
                guard let next else { return }
                do {
                    // Shaped a batch at a time, so that a settings change is noticed soon.
                    let paragraphs = next.text.paragraphRange(ofSection: next.section)
                    var shaped = try shapedPrefix(next.section, key: next.key, text: next.text, through: paragraphs.lowerBound)
                    while shaped.paragraphRange.upperBound < paragraphs.upperBound
                            && state.withLock({ $0.generation }) == next.generation {
                        var end = shaped.paragraphRange.upperBound
                        let target = next.text.paragraphs[end].range.lowerBound + Self.shapingBatchUnits
                        while end < paragraphs.upperBound && next.text.paragraphs[end].range.lowerBound < target { end += 1 }
                        shaped = try shapedPrefix(next.section, key: next.key, text: next.text, through: end)
                    }
                    if state.withLock({ $0.generation }) == next.generation {
                        _ = try sectionLayout(next.section, generation: next.generation)
                    }
                } catch {
                    state.withLock { $0.backgroundRunning = false }
                    return
                }
            }
        }
    }
}

/// A reading-session request that cannot be met.
public enum ReadingError: Error, CustomStringConvertible, Equatable {
    /// An offset outside `0...length`.
    case offsetOutOfRange(UTF16Offset, length: Int)
    /// A page index (from 0) below 0 or past the last page; `pageCount` is the book's count (exact for an index
    /// past the end: every section was laid out to find it).
    case pageOutOfRange(Int, pageCount: Int)
    /// No print page (nor synthetic reference page) has this label.
    case noSuchPrintPage(String)

    /// One line for the user.
    public var description: String {
        switch self {
        case .offsetOutOfRange(let offset, let length): "offset \(offset) is outside the text (0...\(length))"
        case .pageOutOfRange(let index, let count):
            "page \(index + 1) does not exist: the book has \(count) page\(count == 1 ? "" : "s") at these settings"
        case .noSuchPrintPage(let label): "the book has no print page \"\(label.oneLinePrefix)\""
        }
    }
}
