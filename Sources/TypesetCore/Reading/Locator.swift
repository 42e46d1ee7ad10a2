/// A location in a publication, in the JSON shape of Readium's Locator (`readium/architecture`,
/// `models/locators`): what an app stores for a bookmark, a highlight or the last reading position, and what it
/// exchanges with other Readium-based software.
///
/// Typeset adds its exact UTF-16 offset into the resource under ``Locations/utf16OffsetKey`` and resolves a
/// locator in this order (see ``Publication/resolve(_:)``): that offset, verified against the quote in
/// ``text``; then a search for the quote nearest the stored offset; then `progression`; then
/// `totalProgression`; then `position`. Keys Typeset does not know are kept and written back unchanged.
///
/// `Codable`: decode with any JSON decoder (Foundation's `JSONDecoder`), encode with any encoder.
public struct Locator: Hashable, Sendable, Codable {
    /// The resource: an EPUB spine item's path in the package, or the file name of a plain-text book. Never
    /// carries a fragment.
    public var href: String
    /// The resource's media type (`application/xhtml+xml`, `text/plain`).
    public var type: String
    /// The title of the section the location is in (from the table of contents), if known.
    public var title: String?
    /// Where in the resource.
    public var locations: Locations
    /// The text at and around the location.
    public var text: Text?

    /// Creates a locator.
    public init(href: String, type: String, title: String? = nil, locations: Locations = Locations(), text: Text? = nil) {
        self.href = href; self.type = type; self.title = title; self.locations = locations; self.text = text
    }

    /// Readium's `locations` object.
    public struct Locations: Hashable, Sendable, Codable {
        /// The key of Typeset's exact offset: UTF-16 units from the start of the resource's text.
        public static let utf16OffsetKey = "typesetUTF16Offset"
        /// The key of the length of a located range, in UTF-16 units.
        public static let utf16LengthKey = "typesetUTF16Length"
        /// The key of the label of the book's print page at the location (Readium's Locator has no key for print
        /// pages): written for a book with a page list or page-break markers, read back as a place to go to.
        public static let printPageKey = "typesetPrintPage"
        /// Readium's key of the EPUB CFI of the location in its resource (`readium/architecture`,
        /// `models/locators/extensions/html.md`): the part after the spine item's `!`, without `epubcfi(...)`:
        /// `/4/2[chap1]/10/3:25`.
        public static let partialCFIKey = "partialCfi"

        /// Media-specific fragment identifiers (an HTML id: `#chapter-2`).
        public var fragments: [String]
        /// Position in the resource, 0...1 (here: the offset's fraction of the resource's text).
        public var progression: Double?
        /// Position in the whole publication, 0...1 (here: the offset's fraction of the publication's text).
        public var totalProgression: Double?
        /// The 1-based index in the positions list (see ``Publication/positions``).
        public var position: Int?
        /// Typeset's exact location: UTF-16 units from the start of the resource's text.
        public var utf16Offset: Int?
        /// For a range (a highlight), its length in UTF-16 units; absent for a position.
        public var utf16Length: Int?
        /// Every other key, kept as read (`cssSelector`, `partialCfi`, `domRange`, an app's own).
        public var otherLocations: [String: JSONValue]

        /// Creates a `locations` object.
        public init(fragments: [String] = [], progression: Double? = nil, totalProgression: Double? = nil,
                    position: Int? = nil, utf16Offset: Int? = nil, utf16Length: Int? = nil,
                    otherLocations: [String: JSONValue] = [:]) {
            self.fragments = fragments; self.progression = progression; self.totalProgression = totalProgression
            self.position = position; self.utf16Offset = utf16Offset; self.utf16Length = utf16Length
            self.otherLocations = otherLocations
        }

        /// The label of the book's print page at the location (``printPageKey``, kept in ``otherLocations``).
        public var printPage: String? {
            get { if case .string(let label)? = otherLocations[Self.printPageKey] { label } else { nil } }
            set { otherLocations[Self.printPageKey] = newValue.map(JSONValue.string) }
        }

        /// The EPUB CFI of the location inside its resource, as Readium writes it (``partialCFIKey``, kept in
        /// ``otherLocations``): written for a position or a range's start in an EPUB, read back as a place to go to.
        /// Its character offset counts UTF-16 code units of the document's character data, as EPUB CFI 1.1 does.
        public var partialCFI: String? {
            get { if case .string(let value)? = otherLocations[Self.partialCFIKey] { value } else { nil } }
            set { otherLocations[Self.partialCFIKey] = newValue.map(JSONValue.string) }
        }

        /// Whether no location is given at all.
        public var isEmpty: Bool {
            fragments.isEmpty && progression == nil && totalProgression == nil && position == nil && utf16Offset == nil
                && utf16Length == nil && otherLocations.isEmpty
        }

        private static let knownKeys: Set<String> = ["fragments", "fragment", "progression", "totalProgression", "position", utf16OffsetKey, utf16LengthKey]

        /// Reads Readium's keys (the legacy single `fragment` string is added to `fragments`, as Readium does)
        /// and keeps the rest.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            fragments = try container.decodeIfPresent([String].self, forKey: AnyCodingKey("fragments")) ?? []
            if let legacy = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("fragment")) { fragments.append(legacy) }
            progression = try container.decodeIfPresent(Double.self, forKey: AnyCodingKey("progression"))
            totalProgression = try container.decodeIfPresent(Double.self, forKey: AnyCodingKey("totalProgression"))
            position = try container.decodeIfPresent(Int.self, forKey: AnyCodingKey("position"))
            utf16Offset = try container.decodeIfPresent(Int.self, forKey: AnyCodingKey(Self.utf16OffsetKey))
            utf16Length = try container.decodeIfPresent(Int.self, forKey: AnyCodingKey(Self.utf16LengthKey))
            var others: [String: JSONValue] = [:]
            for key in container.allKeys where !Self.knownKeys.contains(key.stringValue) {
                others[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            otherLocations = others
        }

        /// Writes the known keys that are set, then the others.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            if !fragments.isEmpty { try container.encode(fragments, forKey: AnyCodingKey("fragments")) }
            try container.encodeIfPresent(progression, forKey: AnyCodingKey("progression"))
            try container.encodeIfPresent(totalProgression, forKey: AnyCodingKey("totalProgression"))
            try container.encodeIfPresent(position, forKey: AnyCodingKey("position"))
            try container.encodeIfPresent(utf16Offset, forKey: AnyCodingKey(Self.utf16OffsetKey))
            try container.encodeIfPresent(utf16Length, forKey: AnyCodingKey(Self.utf16LengthKey))
            for (key, value) in otherLocations where !Self.knownKeys.contains(key) {
                try container.encode(value, forKey: AnyCodingKey(key))
            }
        }
    }

    /// Readium's `text` object: the quote that lets a locator be found again after the text changes.
    public struct Text: Hashable, Sendable, Codable {
        /// Text just before the location.
        public var before: String?
        /// The text at the location (a highlight's text, or the text starting at a reading position).
        public var highlight: String?
        /// Text just after ``highlight``.
        public var after: String?

        /// Creates a quote.
        public init(before: String? = nil, highlight: String? = nil, after: String? = nil) {
            self.before = before; self.highlight = highlight; self.after = after
        }
    }

    private enum CodingKeys: String, CodingKey { case href, type, title, locations, text }

    /// Reads a locator; `href` and `type` are required, as in Readium. An empty `locations` object may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        href = try container.decode(String.self, forKey: .href)
        type = try container.decode(String.self, forKey: .type)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        locations = try container.decodeIfPresent(Locations.self, forKey: .locations) ?? Locations()
        text = try container.decodeIfPresent(Text.self, forKey: .text)
    }

    /// Writes the locator, leaving out empty `locations` and absent values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(href, forKey: .href)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(title, forKey: .title)
        if !locations.isEmpty { try container.encode(locations, forKey: .locations) }
        try container.encodeIfPresent(text, forKey: .text)
    }
}
