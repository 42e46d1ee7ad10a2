/// What a comic's `ComicInfo.xml` says of it (the ComicRack schema, version 2.0, that CBZ readers share): the
/// fields a reading app shows, and whether its pages turn right to left.
public struct ComicInfo: Hashable, Sendable {
    /// `<Title>`: the issue's own title.
    public var title: String?
    /// `<Series>`: the series it belongs to.
    public var series: String?
    /// `<Number>`: its number in the series, as written (`1`, `12.5`, `Annual 2`).
    public var number: String?
    /// `<Volume>`: the series' volume, as written.
    public var volume: String?
    /// `<Writer>`: its writers, split at commas.
    public var writers: [String] = []
    /// `<Penciller>`: its artists, split at commas.
    public var pencillers: [String] = []
    /// `<Publisher>`.
    public var publisher: String?
    /// `<Summary>`.
    public var summary: String?
    /// `<LanguageISO>`: its language as a BCP 47 tag.
    public var language: String?
    /// `<Year>`, `<Month>`, `<Day>` as an ISO 8601 date (as much of it as is given).
    public var date: String?
    /// `<Manga>`: `Yes`, `No`, `Unknown` or `YesAndRightToLeft`, as written.
    public var manga: String?
    /// The index of the image the `<Pages>` list marks `Type="FrontCover"`, if any.
    public var frontCoverImage: Int?

    /// Whether the pages turn right to left: `<Manga>YesAndRightToLeft</Manga>` (the schema's one way of saying
    /// it; plain `Yes` says what the comic is, not how it reads).
    public var readsRightToLeft: Bool { manga?.equalsIgnoringCase("YesAndRightToLeft") == true }

    /// No metadata: a comic without `ComicInfo.xml`.
    public init() {}

    /// The title a shelf shows: `<Title>`, else the series with its number (`Saga #12`), else nil.
    public var displayTitle: String? {
        if let title { return title }
        guard let series else { return nil }
        return number.map { "\(series) #\($0)" } ?? series
    }

    /// Reads the fields from a parsed `ComicInfo.xml` root; unknown elements are ignored, blank ones are nil.
    init(root: XMLElement) {
        func text(_ name: String) -> String? {
            guard let element = root.elements.first(where: { $0.name.equalsIgnoringCase(name) }) else { return nil }
            let value = element.collapsedText
            return value.isEmpty ? nil : value
        }
        func names(_ name: String) -> [String] {
            (text(name) ?? "").split(separator: ",").map { $0.trimmingWhiteSpace() }.filter { !$0.isEmpty }
        }
        title = text("Title"); series = text("Series"); number = text("Number"); volume = text("Volume")
        writers = names("Writer"); pencillers = names("Penciller"); publisher = text("Publisher")
        summary = text("Summary"); language = text("LanguageISO"); manga = text("Manga")
        date = Self.date(year: text("Year"), month: text("Month"), day: text("Day"))
        let pages = root.elements.first { $0.name.equalsIgnoringCase("Pages") }?.elements ?? []
        frontCoverImage = pages.first { ($0.attribute("Type") ?? "").equalsIgnoringCase("FrontCover") }
            .flatMap { $0.attribute("Image").flatMap { Int($0.trimmingWhiteSpace()) } }
    }

    /// `2021`, `2021-03` or `2021-03-09` from the three fields; nil without a plausible year.
    private static func date(year: String?, month: String?, day: String?) -> String? {
        guard let year = year.flatMap({ Int($0) }), (1...9999).contains(year) else { return nil }
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var result = String(year)
        for _ in 0..<(4 - result.count) { result = "0" + result }
        guard let month = month.flatMap({ Int($0) }), (1...12).contains(month) else { return result }
        result += "-" + twoDigits(month)
        guard let day = day.flatMap({ Int($0) }), (1...31).contains(day) else { return result }
        return result + "-" + twoDigits(day)
    }
}

private extension String {
    func equalsIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
