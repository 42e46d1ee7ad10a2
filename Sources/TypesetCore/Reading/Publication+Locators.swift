extension Publication {
    /// UTF-16 units of context quoted before and after a location in a Locator's `text`: enough to find a
    /// sentence again after an edit, short enough to store thousands of bookmarks (Readium's own navigator
    /// takes 200 around a selection; apps take 32 to 60).
    public static let quoteContextLength = 64

    /// The Locator of `range` (a reading position when empty, a highlight otherwise, whose length goes under
    /// ``Locator/Locations/utf16LengthKey``). `highlight` quotes the range
    /// (or, for an empty range, the text starting there), `before` and `after` the context around it; each is
    /// cut so that it never splits a surrogate pair.
    ///
    /// - Returns: Nil for a range outside `0...text.length`.
    public func locator(for range: Range<UTF16Offset>) -> Locator? {
        guard range.lowerBound >= 0, range.upperBound <= text.length, let r = resourceIndex(containing: range.lowerBound) else { return nil }
        let resource = resources[r]
        let local = max(0, range.lowerBound - resource.range.lowerBound)
        let progression = resource.range.isEmpty ? 0 : min(1, Double(local) / Double(resource.range.count))
        let totalProgression = text.length == 0 ? 0 : Double(range.lowerBound) / Double(text.length)
        let position = positionStarts[r] + min(resource.positionCount - 1, local / Publication.charactersPerPosition) + 1
        let context = Publication.quoteContextLength
        let highlightEnd = range.isEmpty ? min(text.length, range.lowerBound + context) : range.upperBound
        let quote = Locator.Text(
            before: nonEmpty(quotedString(max(0, range.lowerBound - context)..<range.lowerBound)),
            highlight: nonEmpty(quotedString(range.lowerBound..<highlightEnd)),
            after: nonEmpty(quotedString(highlightEnd..<min(text.length, highlightEnd + context))))
        var locations = Locator.Locations(progression: progression, totalProgression: totalProgression,
                                          position: position, utf16Offset: local, utf16Length: range.isEmpty ? nil : range.count)
        locations.printPage = printPages?.page(at: range.lowerBound)?.label
        locations.partialCFI = cfi(atOffset: range.lowerBound)?.partialDescription
        return Locator(href: resource.href, type: resource.mediaType, title: heading(before: range.lowerBound)?.title,
                       locations: locations, text: quote)
    }

    /// The Locator of a position.
    public func locator(at offset: UTF16Offset) -> Locator? { locator(for: offset..<offset) }

    /// The Locator of page `pageIndex` of `layout` (a layout of this publication's text): at `offset` (the
    /// page's first grapheme by default), with `totalProgression` 1.0 when the page is the last page of the
    /// book, as readers expect at the end (Readium swift-toolkit #850), and the exact fraction elsewhere.
    ///
    /// - Returns: Nil for a page outside the layout or an offset outside the text.
    public func locator(forPage pageIndex: Int, of layout: BookLayout, at offset: UTF16Offset? = nil) -> Locator? {
        guard layout.pages.indices.contains(pageIndex), var locator = locator(at: offset ?? layout.pages[pageIndex].range.lowerBound) else {
            return nil
        }
        if layout.isLastPageOfText(pageIndex) { locator.locations.totalProgression = 1 }
        return locator
    }

    /// Finds where a Locator points in this publication, trying in order:
    /// 1. the exact offset (``Locator/Locations/utf16Offset``), accepted when the text there still matches the
    ///    quoted `highlight` (or when there is no quote);
    /// 2. Readium's `partialCfi` (``Locator/Locations/partialCFI``), the EPUB CFI in the resource, accepted when it
    ///    resolves exactly and the text there matches the quote (or there is no quote): how a Locator made by
    ///    another reading system says where it is;
    /// 3. the quote (`highlight`, with `before` and `after` as tie-breakers) searched in the resource, then in
    ///    the whole text, taking the occurrence nearest the stored offset (so repeated phrases keep their own
    ///    place);
    /// 4. the book's print page of the Locator's ``Locator/Locations/printPage`` label;
    /// 5. `progression` in the resource; 6. `totalProgression`; 7. `position` in the positions list;
    /// 8. with no location at all, the start of the resource (a link to a chapter).
    ///
    /// - Throws: ``LocatorError`` when the href names no resource, when the quote no longer occurs and nothing
    ///   else locates it, or when values are out of range (a progression outside 0...1, a position past the list).
    ///   Never falls back silently to the start of the book.
    public func resolve(_ locator: Locator) throws(LocatorError) -> LocatorResolution {
        guard !locator.href.isEmpty else { throw LocatorError(.missingHref, "the locator has no href") }
        guard let r = resourceIndex(href: locator.href) else {
            let known = resources.prefix(3).map(\.href).joined(separator: ", ")
            throw LocatorError(.unknownHref, "no resource \"\(locator.href)\" in this publication (it has \(resources.count): \(known)\(resources.count > 3 ? ", ..." : ""))")
        }
        let resource = resources[r]
        let locations = locator.locations
        let quote = locator.text?.highlight.flatMap { $0.isEmpty ? nil : Array($0.utf16) }
        var notes: [String] = []
        // A range's length: Typeset's own key; else, for a Readium Locator from elsewhere (no Typeset offset), the
        // quote's length, which is how Readium stores a highlight; a Typeset position (offset, no length) is empty.
        let rangeLength = max(0, locations.utf16Length ?? (locations.utf16Offset == nil ? quote?.count ?? 0 : 0))

        // 1. The exact offset, verified against the quote.
        if let local = locations.utf16Offset {
            if local < 0 || local > resource.range.count {
                notes.append("offset \(local) is outside \(resource.href) (0...\(resource.range.count))")
            } else {
                let offset = resource.range.lowerBound + local
                if let quote {
                    if matches(quote, at: offset) {
                        return LocatorResolution(offset: offset, length: min(rangeLength, text.length - offset), method: .exactOffset, notes: notes)
                    }
                    notes.append("the text at offset \(local) no longer matches the quote")
                } else {
                    return LocatorResolution(offset: offset, length: min(rangeLength, text.length - offset), method: .exactOffset, notes: notes)
                }
            }
        }
        // 2. The CFI another reading system stored.
        if let found = resolvePartialCFI(locations, in: resource, quote: quote, notes: &notes) {
            return LocatorResolution(offset: found, length: min(rangeLength, text.length - found), method: .cfi, notes: notes)
        }
        // 3. The quote, nearest the stored place.
        if let quote {
            let expected = resource.range.lowerBound + (locations.utf16Offset.map { min(max(0, $0), resource.range.count) }
                ?? locations.progression.map { Int((min(max(0, $0), 1) * Double(resource.range.count)).rounded()) } ?? 0)
            let before = locator.text?.before.map { Array($0.utf16) } ?? []
            let after = locator.text?.after.map { Array($0.utf16) } ?? []
            if let found = bestOccurrence(of: quote, before: before, after: after, near: expected, in: resource.range)
                ?? bestOccurrence(of: quote, before: before, after: after, near: expected, in: 0..<text.length) {
                return LocatorResolution(offset: found, length: min(rangeLength, text.length - found), method: .quote, notes: notes)
            }
            notes.append("the quoted text no longer occurs")
        }
        // 3. Places the book defines itself: its print page.
        if let found = try resolveBookPlace(locations, notes: &notes) { return found }
        // 4.-6. Layout-independent fractions and the positions list.
        if let progression = locations.progression {
            guard progression.isFinite, (0...1).contains(progression) else {
                throw LocatorError(.outOfRange, "progression \(progression) is not between 0 and 1")
            }
            let offset = resource.range.lowerBound + Int((progression * Double(resource.range.count)).rounded())
            return LocatorResolution(offset: snappedToScalar(offset), length: 0, method: .progression, notes: notes)
        }
        if let total = locations.totalProgression {
            guard total.isFinite, (0...1).contains(total) else {
                throw LocatorError(.outOfRange, "totalProgression \(total) is not between 0 and 1")
            }
            let offset = Int((total * Double(text.length)).rounded())
            return LocatorResolution(offset: snappedToScalar(offset), length: 0, method: .totalProgression, notes: notes)
        }
        if let position = locations.position {
            guard let offset = offset(ofPosition: position) else {
                throw LocatorError(.outOfRange, "position \(position) is not in the positions list (1...\(positionCount))")
            }
            return LocatorResolution(offset: offset, length: 0, method: .position, notes: notes)
        }
        if quote != nil || locations.utf16Offset != nil || locations.printPage != nil {
            throw LocatorError(.notFound, notes.joined(separator: "; ") + ", and the locator has no progression to fall back on")
        }
        return LocatorResolution(offset: resource.range.lowerBound, length: 0, method: .resourceStart, notes: notes)
    }

    /// A Locator's print page (``Locator/Locations/printPage``): the start of the book's page with that label.
    /// The offset of the Locator's `partialCfi` in `resource`, when it resolves exactly and matches the quote.
    private func resolvePartialCFI(_ locations: Locator.Locations, in resource: ReadingResource, quote: [UInt16]?,
                                   notes: inout [String]) -> UTF16Offset? {
        guard let partial = locations.partialCFI else { return nil }
        // The resource's own spine steps, from the CFI of its start, before the partial path.
        guard let content = EPUBCFI(partial), content.range == nil, content.path.documents.count == 1,
              let itemCFI = cfi(atOffset: resource.range.lowerBound), let spineSteps = itemCFI.path.documents.first else {
            notes.append("partialCfi \"\(partial)\" does not name a place in \(resource.href)")
            return nil
        }
        var path = content.path
        path.documents = [spineSteps] + path.documents
        guard let found = cfiResolver?(EPUBCFI(path: path)), resource.range.contains(found) || found == resource.range.upperBound else {
            notes.append("partialCfi \"\(partial)\" does not name a place in \(resource.href)")
            return nil
        }
        if let quote, !matches(quote, at: found) {
            notes.append("the text at partialCfi \"\(partial)\" no longer matches the quote")
            return nil
        }
        return found
    }

    private func resolveBookPlace(_ locations: Locator.Locations, notes: inout [String]) throws(LocatorError) -> LocatorResolution? {
        if let label = locations.printPage {
            if let page = printPages?.page(labelled: label) {
                return LocatorResolution(offset: page.offset, length: 0, method: .printPage, notes: notes)
            }
            notes.append("the book has no print page \"\(label)\"")
        }
        return nil
    }

    // MARK: - Helpers

    private func quotedString(_ range: Range<UTF16Offset>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        guard lower < upper else { return "" }
        // Never cut a surrogate pair: drop a trail surrogate at the start and a lead surrogate at the end.
        if UTF16.isTrailSurrogate(unit(at: lower)) { lower += 1 }
        if upper > lower, UTF16.isLeadSurrogate(unit(at: upper - 1)) { upper -= 1 }
        return text.string(in: lower..<upper)
    }

    private func nonEmpty(_ string: String) -> String? { string.isEmpty ? nil : string }

    private func unit(at offset: UTF16Offset) -> UInt16 {
        guard let p = text.paragraphIndex(containing: offset), offset < text.length else { return 0 }
        let paragraph = text.paragraphs[p]
        return paragraph.units[offset - paragraph.range.lowerBound]
    }

    private func snappedToScalar(_ offset: UTF16Offset) -> UTF16Offset {
        let clamped = min(max(0, offset), text.length)
        return clamped > 0 && clamped < text.length && UTF16.isTrailSurrogate(unit(at: clamped)) ? clamped - 1 : clamped
    }

    /// Whether the text at `offset` starts with `quote`.
    private func matches(_ quote: [UInt16], at offset: UTF16Offset) -> Bool {
        guard offset + quote.count <= text.length else { return false }
        return text.units(in: offset..<(offset + quote.count)) == quote
    }

    /// The occurrence of `quote` in `range` whose surroundings agree best with `before` and `after` (the number
    /// of matching units next to it), ties going to the occurrence nearest `expected`, then to the first. One copy
    /// of the range's units, so that a quote may span paragraphs; it runs only for a Locator whose offset no
    /// longer matches its quote.
    ///
    /// Linear in the range and the three strings, however many occurrences (``UTF16Search``): a backward pass
    /// finds every occurrence and how much of `before` precedes it, a forward pass finds them again with how much
    /// of `after` follows and keeps the best. (Comparing each occurrence with the quote and its context is
    /// O(range × quote), which a long quote that occurs everywhere makes unbounded.)
    private func bestOccurrence(of quote: [UInt16], before: [UInt16], after: [UInt16], near expected: UTF16Offset,
                                in range: Range<UTF16Offset>) -> UTF16Offset? {
        guard !quote.isEmpty, range.count >= quote.count else { return nil }
        let haystack = text.units(in: range)
        return haystack.withUnsafeBufferPointer { units -> UTF16Offset? in
            let n = units.count, m = quote.count
            // Backward: the text read from its end, the quote and `before` reversed, so that an occurrence is found
            // where `before` starts to be compared. Scores are kept per occurrence, last occurrence first.
            let backward = UnitsView(units, reversed: true)
            var beforeScores: [UInt32] = []
            var precedes = UTF16Search.Agreement(pattern: before.reversed(), text: backward)
            UTF16Search(quote.reversed()).forEachOccurrence(in: backward) { reversedStart in
                // The occurrence occupies reversed positions reversedStart..<reversedStart + m; before it (in the
                // text) come reversed positions from reversedStart + m on.
                beforeScores.append(UInt32(clamping: precedes.at(reversedStart + m)))
            }
            guard !beforeScores.isEmpty else { return nil }
            var follows = UTF16Search.Agreement(pattern: after, text: UnitsView(units))
            var best: (offset: UTF16Offset, score: Int, distance: Int)?
            var index = beforeScores.count
            UTF16Search(quote).forEachOccurrence(in: UnitsView(units)) { start in
                index -= 1
                guard index >= 0, start + m <= n else { return }
                let score = Int(beforeScores[index]) + follows.at(start + m)
                let offset = range.lowerBound + start
                let distance = offset >= expected ? offset - expected : expected - offset
                if let current = best, score < current.score || (score == current.score && distance >= current.distance) {
                    // The occurrence found before agrees better with the context, or as well and nearer.
                } else {
                    best = (offset, score, distance)
                }
            }
            return best?.offset
        }
    }
}

/// Where a Locator resolved to, and how.
public struct LocatorResolution: Hashable, Sendable {
    /// The document offset.
    public let offset: UTF16Offset
    /// The length of the located range (0 for a position).
    public let length: Int
    /// Which part of the Locator decided.
    public let method: Method
    /// What was tried and failed before, in order (an offset that no longer matched its quote, say).
    public let notes: [String]

    /// Creates a resolution.
    public init(offset: UTF16Offset, length: Int, method: Method, notes: [String]) {
        self.offset = offset; self.length = length; self.method = method; self.notes = notes
    }

    /// Which part of a Locator located it.
    public enum Method: String, Hashable, Sendable {
        /// Typeset's exact UTF-16 offset, verified against the quote.
        case exactOffset
        /// Readium's `partialCfi`: the EPUB CFI in the resource, verified against the quote.
        case cfi
        /// The quoted text, found nearest the stored place.
        case quote
        /// The book's print page of that label (``Locator/Locations/printPage``).
        case printPage
        /// `progression` in the resource.
        case progression
        /// `totalProgression` in the publication.
        case totalProgression
        /// `position` in the positions list.
        case position
        /// No location: the start of the resource.
        case resourceStart
    }
}

/// A Locator that cannot be resolved.
public struct LocatorError: Error, CustomStringConvertible, Equatable {
    /// Why.
    public enum Code: String, Hashable, Sendable {
        /// The href is empty.
        case missingHref
        /// No resource has the href.
        case unknownHref
        /// The quote no longer occurs and nothing else locates it.
        case notFound
        /// A progression or position is out of range.
        case outOfRange
    }

    /// Why.
    public let code: Code
    /// One line for the user.
    public let message: String

    /// Creates an error; `message` is made one line and of a readable length (it quotes hrefs and text from the
    /// Locator).
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message.oneLine(limit: 1000) }

    /// The message.
    public var description: String { message }
}
