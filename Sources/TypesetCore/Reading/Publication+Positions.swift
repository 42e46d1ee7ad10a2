extension Publication {
    /// One entry of the positions list.
    public struct Position: Hashable, Sendable {
        /// 1-based, continuous across resources.
        public let number: Int
        /// The resource's index in ``Publication/resources``.
        public let resource: Int
        /// The document offset where the position starts.
        public let offset: UTF16Offset
        /// The offset's fraction of its resource's text.
        public let progression: Double
        /// The offset's fraction of the whole text.
        public let totalProgression: Double
    }

    /// Readium's positions list: stable, page-like references that depend on the text alone (never on
    /// typography). Each resource gets one position per 1024 UTF-16 units of its text (at least one), starting
    /// at units 0, 1024, 2048... of the resource.
    ///
    /// Two choices differ from Readium's own streamer, and are deliberate: lengths are counted in UTF-16 units
    /// of the text instead of ZIP entry bytes (so a compressed, encrypted or exploded copy of a book has the
    /// same list, and a plain-text book has one too), and `progression`/`totalProgression` are the exact
    /// fractions of each position's offset (so resolving a position's progression lands on its offset).
    public var positions: [Position] {
        var list: [Position] = []
        list.reserveCapacity((positionStarts.last ?? 0) + (resources.last?.positionCount ?? 0))
        for (index, resource) in resources.enumerated() {
            for k in 0..<resource.positionCount {
                let local = k * Publication.charactersPerPosition
                let offset = resource.range.lowerBound + local
                list.append(Position(number: list.count + 1, resource: index, offset: offset,
                                     progression: resource.range.isEmpty ? 0 : Double(local) / Double(resource.range.count),
                                     totalProgression: text.length == 0 ? 0 : Double(offset) / Double(text.length)))
            }
        }
        return list
    }

    /// The document offset of position `number` (1-based), found from the resources' position counts without
    /// building the list; nil outside `1...positionCount`.
    public func offset(ofPosition number: Int) -> UTF16Offset? {
        guard number >= 1, number <= positionCount else { return nil }
        var low = 0, high = resources.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if positionStarts[mid] < number { low = mid } else { high = mid - 1 }
        }
        return resources[low].range.lowerBound + (number - 1 - positionStarts[low]) * Publication.charactersPerPosition
    }

    /// The number of positions.
    public var positionCount: Int { (positionStarts.last ?? 0) + (resources.last?.positionCount ?? 0) }

    /// The positions list as Readium Locators (`href`, `type`, `title`, `locations.position`, `progression`,
    /// `totalProgression`, Typeset's exact offset and, in an EPUB, Readium's `partialCfi`), ready for
    /// `{"total": n, "positions": [...]}`.
    public var positionLocators: [Locator] {
        positions.map { position in
            let resource = resources[position.resource]
            var locations = Locator.Locations(progression: position.progression, totalProgression: position.totalProgression,
                                              position: position.number, utf16Offset: position.offset - resource.range.lowerBound)
            locations.partialCFI = cfi(atOffset: position.offset)?.partialDescription
            return Locator(href: resource.href, type: resource.mediaType, title: heading(before: position.offset)?.title,
                           locations: locations)
        }
    }
}
