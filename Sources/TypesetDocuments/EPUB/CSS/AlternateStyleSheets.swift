/// A document's style sets (HTML's persistent, preferred and alternate style sheets) and which of them a reading
/// system selects, by EPUB 3 Alternate Style Tags: a set whose `<link>` carries the class `night` is selected under
/// a dark theme, one tagged `day` under a light one, `vertical` and `horizontal` when the reader has chosen that line
/// direction. Without tags, HTML's rule: the persistent sheets and the preferred set (the first title of a
/// `rel="stylesheet"`) apply, the alternates do not.
///
/// The selection is written as a media condition on each sheet (``condition(of:)``), over
/// `prefers-color-scheme` and Typeset's `-typeset-writing-mode`, so that a theme change re-selects through the
/// same path as a media query: the style sheets are read once, and a document is converted again only when the
/// answer changes.
struct AlternateStyleSheets {
    /// The tags of EPUB 3 Alternate Style Tags 1.0.
    static let tags: Set<String> = ["day", "night", "horizontal", "vertical"]

    private struct StyleSet {
        let key: String
        var tags: Set<String>
        let isPreferred: Bool
    }

    private var sets: [StyleSet] = []
    /// The set of each `<link>` by its position in the document's list of links (nil: persistent).
    private var setOfLink: [Int?] = []
    /// The condition of each set, by index.
    private var conditions: [MediaQueryList?] = []

    /// The style sets of `links`, the document's `<link rel="stylesheet">` elements in order.
    init(links: [XMLElement]) {
        var preferredTitle: String?
        for link in links {
            let relations = Self.relations(of: link)
            let title = link.attribute("title")?.trimmingWhiteSpace()
            let isAlternate = relations.contains("alternate")
            if !isAlternate, let title, !title.isEmpty, preferredTitle == nil { preferredTitle = title }
        }
        for (index, link) in links.enumerated() {
            let isAlternate = Self.relations(of: link).contains("alternate")
            let title = link.attribute("title")?.trimmingWhiteSpace() ?? ""
            guard isAlternate || !title.isEmpty else { setOfLink.append(nil); continue }  // persistent
            // An untitled alternate is a set of its own.
            let key = title.isEmpty ? "#\(index)" : title
            let tags = Set(link.classNames.map { String($0).lowercased() }).intersection(Self.tags)
            if let existing = sets.firstIndex(where: { $0.key == key }) {
                sets[existing].tags.formUnion(tags)
                setOfLink.append(existing)
            } else {
                sets.append(StyleSet(key: key, tags: tags, isPreferred: !isAlternate && title == preferredTitle))
                setOfLink.append(sets.count - 1)
            }
        }
        conditions = selectionConditions()
    }

    /// The words of a link's `rel`, lower-cased.
    static func relations(of link: XMLElement) -> [Substring] {
        (link.attribute("rel") ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    }

    /// When the `index`th link's sheet applies: nil always (a persistent sheet, or the one set there is), else a
    /// condition (never, for an alternate no reader setting selects).
    func condition(of index: Int) -> MediaQueryList? {
        guard index < setOfLink.count, let set = setOfLink[index] else { return nil }
        return conditions[set]
    }

    /// For each set, the reader settings under which it is the selected one, as a media query list.
    private func selectionConditions() -> [MediaQueryList?] {
        var chosenIn: [[String]] = Array(repeating: [], count: sets.count)
        var combinations = 0
        for dark in [false, true] {
            for vertical in [nil, false, true] as [Bool?] {
                combinations += 1
                guard let chosen = selected(dark: dark, vertical: vertical) else { continue }
                let scheme = "(prefers-color-scheme: \(dark ? "dark" : "light"))"
                let direction = "(-typeset-writing-mode: \(vertical.map { $0 ? "vertical" : "horizontal" } ?? "book"))"
                chosenIn[chosen].append(scheme + " and " + direction)
            }
        }
        return chosenIn.map { queries in
            if queries.count == combinations { return nil }
            return MediaQueryList(parsing: queries.isEmpty ? "not all" : queries.joined(separator: ", "))
        }
    }

    /// The set selected under a dark or light theme and the reader's line direction (nil: not chosen): the one whose
    /// tags match most, none of them contradicting the settings; the preferred set among equals, else the first;
    /// the preferred set when every tagged one contradicts them.
    private func selected(dark: Bool, vertical: Bool?) -> Int? {
        var best: (index: Int, score: Int)?
        for (index, set) in sets.enumerated() {
            var score = 0
            if set.tags.contains("night") { if dark { score += 1 } else { continue } }
            if set.tags.contains("day") { if dark { continue } else { score += 1 } }
            if set.tags.contains("vertical") { if vertical == true { score += 1 } else if vertical == false { continue } }
            if set.tags.contains("horizontal") { if vertical == false { score += 1 } else if vertical == true { continue } }
            // Two points a match, one for being the book's choice: a match outranks the preferred set.
            let ranked = score * 2 + (set.isPreferred ? 1 : 0)
            if ranked > (best?.score ?? -1) { best = (index, ranked) }
        }
        // Only sets that can be selected compete: an alternate with no tag never is.
        if let found = best, found.score > 0 { return found.index }
        return sets.firstIndex(where: \.isPreferred)
    }
}
