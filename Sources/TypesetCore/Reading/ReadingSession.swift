import Dispatch
import Synchronization

/// A reader's session with one book: the settings, the sticky reading anchor, and a layout made section by
/// section around the anchor.
///
/// Apps drive it: ``go(to:)`` / ``nextPage()`` / ``previousPage()`` when the reader navigates,
/// ``setSettings(_:)`` when they change a setting, ``currentPage()`` to draw (with ``settings``' appearance),
/// ``currentLocator()`` to save the place. Only navigation moves the anchor; a settings change lays out the anchor's section (a
/// section, a chapter, always starts a page, so its pages do not depend on the rest of the book) and shows the
/// page that holds the anchor, in a time that does not grow with the book. The other sections are laid out
/// afterwards, on a background queue using the typesetter's threads (or on demand, see
/// ``completeLayout()``), and page numbers are estimates until they are all done. The page shown first is
/// final: nothing that completes later moves it.
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

    private let state: Locked<State>

    private struct State: Sendable {
        var publication: Publication
        var settings: ReaderSettings
        var anchor: ReadingAnchor
        /// Increases with each change of the lines (typography, mode or styles); background work for an older
        /// generation is thrown away.
        var generation = 0
        /// Section layouts under the current settings.
        var layouts: [Int: BookLayout] = [:]
        /// Shaped sections per font family and language, most recently used family last.
        var shaped: [(key: ShapingSettings, sections: [Int: ShapedText])] = []
        var backgroundRunning = false
        /// Section layouts made since the session started (for tests: what a change cost).
        var layoutsMade = 0
    }

    /// Starts a session at `offset`, by default where the book opens (``Publication/startOffset``: its first
    /// chapter, past a distributor's header).
    ///
    /// - Parameter publication: The book as opened; when `settings.publisherStyles` is off and it has a
    ///   ``Publication/restyle``, its text is made again without the book's styles.
    /// - Throws: ``InvalidSetting`` for settings that cannot be laid out, ``ReadingError`` for an offset outside
    ///   the text, and what ``Publication/restyled(publisherStyles:)`` throws.
    public init(publication: Publication, typesetter: Typesetter, settings: ReaderSettings = ReaderSettings(),
                at offset: UTF16Offset? = nil, completesInBackground: Bool = true) throws {
        let settings = try settings.validated()
        let offset = offset ?? publication.startOffset
        guard offset >= 0, offset <= publication.text.length else {
            throw ReadingError.offsetOutOfRange(offset, length: publication.text.length)
        }
        let publication = settings.publisherStyles ? publication : try publication.restyled(publisherStyles: false)
        self.typesetter = typesetter
        self.completesInBackground = completesInBackground
        let anchor = ReadingAnchor(position: TextPosition(offset: offset), locator: publication.locator(at: offset))
        self.state = Locked(State(publication: publication, settings: settings, anchor: anchor))
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

    private static func sectionCount(of text: StyledText) -> Int { max(1, text.sectionStarts.count) }

    /// The page holding the anchor, laid out if needed (only the anchor's section is).
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

    /// The book's page count under the current settings: exact once every section is laid out.
    public var pageCount: PageCount {
        let (layouts, publication) = state.withLock { ($0.layouts, $0.publication) }
        return estimatedCount(layouts: layouts, text: publication.text, before: sectionCount).total
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

    private func anchor(at page: ReaderPage) {
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
    /// or mode lays out the anchor's section again (reshaping it only when the font family or language changed);
    /// a new appearance (theme, pixel scale) lays out nothing, since it changes no line; a change of
    /// ``ReaderSettings/publisherStyles`` makes the text again (``Publication/restyled(publisherStyles:)``).
    ///
    /// - Throws: ``InvalidSetting``, or what restyling throws; the session keeps its settings then.
    @discardableResult
    public func setSettings(_ settings: ReaderSettings) throws -> ReaderPage {
        let settings = try settings.validated()
        let (current, publication) = state.withLock { ($0.settings, $0.publication) }
        let restyled = settings.publisherStyles != current.publisherStyles
            ? try publication.restyled(publisherStyles: settings.publisherStyles) : nil
        let generation: Int = state.withLock { state in
            let linesChange = settings.typography != state.settings.typography || settings.mode != state.settings.mode
                || restyled != nil
            state.settings = settings
            if let restyled {
                state.publication = restyled
                state.shaped.removeAll()
            }
            if linesChange {
                state.generation += 1
                state.layouts.removeAll()
            }
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

    /// Sections laid out under the current settings.
    public var sectionsLaidOut: Int { state.withLock { $0.layouts.count } }

    /// Section layouts made since the session started, under any settings.
    var layoutsMade: Int { state.withLock { $0.layoutsMade } }

    private func page(holding position: TextPosition, generation: Int) throws -> ReaderPage {
        let text = publication.text
        let section = text.sectionIndex(containing: position.offset) ?? 0
        let layout = try sectionLayout(section, generation: generation)
        let pageIndex = layout.pageIndex(containing: position.offset) ?? 0
        let layouts = state.withLock { $0.layouts }
        let counts = estimatedCount(layouts: layouts, text: text, before: section)
        var scrollOffset = 0.0
        if layout.mode == .scroll, let line = layout.carets(containing: layout.snappedToGrapheme(position.offset)) {
            // The anchor's line box at the top of the screen, below the top margin.
            scrollOffset = max(0, line.box.minY - layout.settings.margins.top)
        }
        scheduleBackgroundLayout(generation: generation)
        return ReaderPage(layout: layout, pageIndex: pageIndex, section: section, number: counts.before + pageIndex,
                          pageCount: counts.total, scrollOffset: scrollOffset)
    }

    /// The layout of `section` under the settings of `generation`, from the cache or made now.
    private func sectionLayout(_ section: Int, generation: Int) throws -> BookLayout {
        let (cached, settings, shapingKey) = state.withLock { state in
            (state.layouts[section], state.settings, ShapingSettings(state.settings.typography))
        }
        if let cached { return cached }
        let shaped = try shapedSection(section, key: shapingKey)
        let layout = try typesetter.layout(shaped, settings: settings.typography, mode: settings.mode)
        state.withLock { state in
            state.layoutsMade += 1
            if state.generation == generation { state.layouts[section] = layout }
        }
        return layout
    }

    private func shapedSection(_ section: Int, key: ShapingSettings) throws -> ShapedText {
        let (cached, publication): (ShapedText?, Publication) = state.withLock { state in
            guard let index = state.shaped.firstIndex(where: { $0.key == key }) else { return (nil, state.publication) }
            let entry = state.shaped.remove(at: index)
            state.shaped.append(entry)
            return (entry.sections[section], state.publication)
        }
        if let cached { return cached }
        let text = publication.text
        let paragraphs = text.paragraphRange(ofSection: section)
        let shaped = try typesetter.shape(text, settings: key, paragraphRange: paragraphs)
        state.withLock { state in
            if let index = state.shaped.firstIndex(where: { $0.key == key }) {
                state.shaped[index].sections[section] = shaped
            } else {
                state.shaped.append((key, [section: shaped]))
                if state.shaped.count > Self.shapedFamiliesKept { state.shaped.removeFirst() }
            }
        }
        return shaped
    }

    /// Page counts: pages before `section` and in the whole book, exact where every section involved is laid
    /// out, else estimated from the pages per UTF-16 unit of the sections laid out so far.
    private func estimatedCount(layouts: [Int: BookLayout], text: StyledText, before section: Int)
        -> (before: Int, total: PageCount) {
        var knownUnits = 0, knownPages = 0
        for (index, layout) in layouts { knownUnits += text.range(ofSection: index).count; knownPages += layout.pages.count }
        let pagesPerUnit = knownUnits > 0 ? Double(knownPages) / Double(knownUnits)
            : 1 / Double(max(1, ReadingFigures.charactersPerNominalPage))
        func pages(_ index: Int) -> Int {
            if let layout = layouts[index] { return layout.pages.count }
            return max(1, Int((Double(text.range(ofSection: index).count) * pagesPerUnit).rounded()))
        }
        var before = 0, total = 0
        let sectionCount = Self.sectionCount(of: text)
        for index in 0..<sectionCount {
            let count = pages(index)
            if index < section { before += count }
            total += count
        }
        return (before, PageCount(value: total, isExact: layouts.count == sectionCount))
    }

    // MARK: - Background completion

    private func scheduleBackgroundLayout(generation: Int) {
        guard completesInBackground else { return }
        let start: Bool = state.withLock { state in
            guard !state.backgroundRunning, state.generation == generation,
                  state.layouts.count < Self.sectionCount(of: state.publication.text) else { return false }
            state.backgroundRunning = true
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            // Sections after the anchor's first (the reader reads forwards), then those before it.
            while true {
                let next: (section: Int, generation: Int)? = state.withLock { state in
                    let anchorSection = state.publication.text.sectionIndex(containing: state.anchor.position.offset) ?? 0
                    let sectionCount = Self.sectionCount(of: state.publication.text)
                    let order = Array(anchorSection..<sectionCount) + Array((0..<anchorSection).reversed())
                    guard let missing = order.first(where: { state.layouts[$0] == nil }) else {
                        state.backgroundRunning = false
                        return nil
                    }
                    return (missing, state.generation)
                }
                guard let next else { return }
                if (try? sectionLayout(next.section, generation: next.generation)) == nil {
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

    /// One line for the user.
    public var description: String {
        switch self {
        case .offsetOutOfRange(let offset, let length): "offset \(offset) is outside the text (0...\(length))"
        }
    }
}
