import TypesetCore

/// Finds a book's note references and notes once every spine item is converted (a reference and its note are
/// often in different files), and checks its links.
///
/// A link is a **note reference** when its markup says so (`epub:type="noteref"`, `role="doc-noteref"`), or,
/// in books that mark nothing, when it is short (a number, a star, a dagger, `[12]`) or raised (inside or
/// around `<sup>`) and points at a note: an element typed as a note, an `<aside>`, an item of a list, or an
/// element of a section of notes. The note is that element: its text, without its link back (`↩`), is what
/// ``Publication/note(for:)`` gives a popup. An unmarked `<aside>` a reference points at is hidden from the flow,
/// as marked footnotes are (the converter hides those). A link into the book whose resource does not exist, and a
/// note reference whose target does not exist, stay plain text, with one warning each.
struct EPUBNotes {
    /// One converted spine item in the text.
    struct Item {
        var href: String
        /// The item's first offset in the book.
        var start: Int
        var text: SpineItemText
    }

    /// Links whose text is at most this long (in UTF-16 units, white space trimmed) may be unmarked references.
    static let shortLinkLength = 6
    /// Individual warnings about links, at most; the rest are counted in one more line.
    static let maximumLinkWarnings = 10

    let book: String
    /// Whether an entry exists in the archive (a link to a file outside the reading order is still a link).
    let archiveContains: (String) -> Bool

    /// Recognises the notes and references of `items` (hiding unmarked asides that are notes, making links to
    /// nowhere plain text) and returns the publication's link tables.
    func recognise(_ items: inout [Item], warnings: inout [String], broken: inout [BrokenLink]) -> PublicationLinks {
        var anchors: [String: [String: Int]] = [:]
        for item in items {
            anchors[item.href, default: [:]].merge(item.text.anchors.mapValues { item.start + $0 }) { first, _ in first }
        }
        // Candidates by "href#id": the item and the draft.
        var candidates: [String: (item: Int, draft: SpineItemText.NoteDraft)] = [:]
        for (index, item) in items.enumerated() {
            for draft in item.text.notes where candidates[item.href + "#" + draft.id] == nil {
                candidates[item.href + "#" + draft.id] = (index, draft)
            }
        }
        var notes: [Note] = []
        var noteIndex: [String: Int] = [:]
        var references: [UTF16Offset: Int] = [:]
        var asidesToHide: [(item: Int, range: Range<Int>)] = []
        var problems: [String] = []

        func note(_ key: String, fallbackParagraph: (item: Int, local: Int)?) -> Int? {
            if let index = noteIndex[key] { return index }
            let made: Note?
            if let (item, draft) = candidates[key], let start = items[item].text.anchors[draft.id] {
                made = makeNote(items[item], id: draft.id, local: start..<draft.end, markerLength: draft.markerLength,
                                kind: draft.role == .footnote || draft.role == .aside ? .footnote : .endnote)
                if draft.role == .aside, let made { asidesToHide.append((item, (made.range.lowerBound - items[item].start)..<draft.end)) }
            } else if let (item, local) = fallbackParagraph, let paragraph = items[item].text.paragraph(containing: local) {
                // A marked reference to an element that is not a note by itself (an anchor inside a paragraph):
                // the paragraph holding it.
                let draft = items[item].text.paragraphs[paragraph]
                made = makeNote(items[item], id: String(key.split(separator: "#").last ?? ""),
                                local: local..<(draft.start + draft.length), kind: .endnote)
            } else {
                made = nil
            }
            guard let made else { return nil }
            notes.append(made)
            noteIndex[key] = notes.count - 1
            return notes.count - 1
        }

        let itemIndex = Dictionary(items.enumerated().map { ($1.href, $0) }, uniquingKeysWith: { first, _ in first })
        for index in items.indices {
            var plain: [Range<Int>] = []
            var raised: [Range<Int>] = []
            for link in items[index].text.links {
                // Hrefs are resolved already (`OEBPS/notes.xhtml#n1`); a URL with a scheme leaves the book.
                guard !EPUBPath.hasScheme(link.href) else { continue }
                let hash = link.href.firstIndex(of: "#")
                let path = String(link.href[..<(hash ?? link.href.endIndex)])
                let fragment = hash.map { String(link.href[link.href.index(after: $0)...]) }
                let key = path + "#" + (fragment ?? "")
                guard let targetItem = itemIndex[path] else {
                    // A CFI into the package document is resolved by the publication (Publication.linkTarget).
                    if !archiveContains(path) && fragment?.hasPrefix("epubcfi(") != true {
                        problems.append("\(book): \(items[index].href): a link points at \(link.href), which is not in the book; it stays plain text")
                        plain.append(link.range)
                        broken.append(BrokenLink(offset: items[index].start + link.range.lowerBound, href: link.href,
                                                 isNoteReference: link.isMarkedNoteReference, problem: .missingResource))
                    }
                    continue
                }
                let targetLocal = fragment.flatMap { items[targetItem].text.anchors[$0] }
                if fragment != nil, targetLocal == nil {
                    broken.append(BrokenLink(offset: items[index].start + link.range.lowerBound, href: link.href,
                                             isNoteReference: link.isMarkedNoteReference, problem: .missingID))
                    if link.isMarkedNoteReference {
                        problems.append("\(book): \(items[index].href): a note reference points at \(link.href), an id that does not exist; it stays plain text")
                        plain.append(link.range)
                    } else {
                        problems.append("\(book): \(items[index].href): a link points at \(link.href), an id that does not exist; it goes to the start of the file")
                    }
                    continue
                }
                guard !link.isBacklink, let targetLocal else { continue }
                let isShort = items[index].text.visibleLength(link.range) <= Self.shortLinkLength
                let candidate = candidates[key]?.draft.role
                let recognised = link.isMarkedNoteReference
                    || ((isShort || link.isRaised) && candidate != nil && candidate != NoteRole.none)
                guard recognised, let found = note(key, fallbackParagraph: link.isMarkedNoteReference ? (targetItem, targetLocal) : nil),
                      let runStart = items[index].text.linkRunStart(containing: link.range.upperBound - 1) else { continue }
                references[items[index].start + runStart] = found
                raised.append(link.range)
            }
            if !plain.isEmpty { items[index].text.removeLinks(in: plain) }
            if !raised.isEmpty { items[index].text.raiseReferences(raised) }
        }
        for (item, range) in asidesToHide { items[item].text.hide(range) }
        // Notes the markup declares, referenced or not, are notes too (for note(containing:)).
        for (key, candidate) in candidates where candidate.draft.role.isMarked { _ = note(key, fallbackParagraph: nil) }

        warnings += problems.prefix(Self.maximumLinkWarnings)
        if problems.count > Self.maximumLinkWarnings {
            warnings.append("\(book): \(problems.count - Self.maximumLinkWarnings) more links point at nothing in the book")
        }
        return PublicationLinks(anchors: anchors, notes: notes, noteReferences: references)
    }

    /// A note over `local` of `item` (from its anchor, where links land): its text is every unit but the list
    /// marker (`markerLength` units at its start) and the links back to its reference, paragraphs separated by
    /// `\n`, white space at either end trimmed.
    private func makeNote(_ item: Item, id: String, local: Range<Int>, markerLength: Int = 0, kind: Note.Kind) -> Note? {
        let units = item.text.units
        guard local.lowerBound >= 0, local.lowerBound < local.upperBound, local.upperBound <= units.count else { return nil }
        let backlinks = item.text.links.filter { $0.isBacklink && $0.range.overlaps(local) }.map(\.range)
        var text: [UInt16] = []
        var end = local.upperBound
        while end > local.lowerBound, [0x0A, 0x20, 0x2028, 0x2029].contains(units[end - 1]) { end -= 1 }
        for offset in min(end, local.lowerBound + max(0, markerLength))..<end where !backlinks.contains(where: { $0.contains(offset) }) {
            let unit = units[offset]
            text.append(unit == 0x2028 || unit == 0x2029 ? 0x0A : unit)
        }
        while let last = text.last, last == 0x20 || last == 0x0A { text.removeLast() }
        return Note(range: (item.start + local.lowerBound)..<(item.start + end), id: id, kind: kind,
                    text: String(decoding: text, as: UTF16.self))
    }
}

extension SpineItemText {
    /// The index of the paragraph holding local offset `local`.
    func paragraph(containing local: Int) -> Int? {
        var low = 0, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].start <= local { low = mid + 1 } else { high = mid }
        }
        let index = low - 1
        guard index >= 0, local < paragraphs[index].start + paragraphs[index].length else { return nil }
        return index
    }

    /// The number of units of `range` that are not white space.
    func visibleLength(_ range: Range<Int>) -> Int {
        units[max(0, range.lowerBound)..<min(units.count, range.upperBound)].filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x2028 }.count
    }

    /// The local start of the run of link units holding `local` (consecutive runs with the same href), as
    /// ``StyledText``'s link lookup will find it.
    func linkRunStart(containing local: Int) -> Int? {
        guard let p = paragraph(containing: local) else { return nil }
        let draft = paragraphs[p]
        let inParagraph = local - draft.start
        guard var r = draft.runs.firstIndex(where: { $0.range.contains(inParagraph) }), let href = draft.runs[r].style.link else { return nil }
        while r > 0, draft.runs[r - 1].style.link == href, draft.runs[r - 1].range.upperBound == draft.runs[r].range.lowerBound { r -= 1 }
        return draft.start + draft.runs[r].range.lowerBound
    }

    /// Replaces the attachment of the image whose unit is at local offset `local`.
    mutating func updateAttachment(at local: Int, _ change: (TextAttachment) -> TextAttachment) {
        guard let p = paragraph(containing: local) else { return }
        let inParagraph = local - paragraphs[p].start
        guard let r = paragraphs[p].runs.firstIndex(where: { $0.range.contains(inParagraph) }),
              let attachment = paragraphs[p].runs[r].style.attachment else { return }
        paragraphs[p].runs[r].style.attachment = change(attachment)
    }

    /// Sets note references the book leaves on the baseline raised and smaller, as `<sup>` is (CSS
    /// `vertical-align: super` at 0.75 em: raised by a third of the size around it): a reference the book raises
    /// itself keeps its look.
    mutating func raiseReferences(_ ranges: [Range<Int>]) {
        restyle(ranges) { style in
            guard style.baselineShift == 0, style.attachment == nil else { return }
            style.fontScale *= 0.75
            style.baselineShift = (1.0 / 3) / 0.75
        }
    }

    /// Makes the units of `ranges` plain text (no link).
    mutating func removeLinks(in ranges: [Range<Int>]) {
        restyle(ranges) { $0.link = nil }
    }

    /// Hides `range` from the flow (a note read in a popup): its units become hidden units, and a paragraph
    /// entirely inside it takes no room.
    mutating func hide(_ range: Range<Int>) {
        restyle([range]) { $0.isHidden = true; $0.attachment = nil }
        guard var index = paragraph(containing: max(0, range.lowerBound)) else { return }
        while index < paragraphs.count, paragraphs[index].start < range.upperBound {
            let draft = paragraphs[index]
            if draft.start >= range.lowerBound, draft.start + draft.contentLength <= range.upperBound {
                paragraphs[index].style.spaceBefore = 0
                paragraphs[index].style.continuesBlock = true
            }
            index += 1
        }
    }

    /// Changes the style of the units of `ranges`, splitting runs at their edges.
    private mutating func restyle(_ ranges: [Range<Int>], _ change: (inout TextStyle) -> Void) {
        for range in ranges {
            guard var index = paragraph(containing: max(0, range.lowerBound)) else { continue }
            while index < paragraphs.count, paragraphs[index].start < range.upperBound {
                let draft = paragraphs[index]
                let lower = max(range.lowerBound - draft.start, 0), upper = min(range.upperBound - draft.start, draft.contentLength)
                if lower < upper { paragraphs[index].runs = Self.restyled(draft.runs, contentLength: draft.contentLength, lower..<upper, change) }
                index += 1
            }
        }
    }

    /// `runs` (covering `0..<contentLength` in order, gaps being body text) with `change` applied to `range`.
    private static func restyled(_ original: [AttributeRun], contentLength: Int, _ range: Range<Int>,
                                 _ change: (inout TextStyle) -> Void) -> [AttributeRun] {
        var runs: [AttributeRun] = []
        var covered = 0
        var pieces = original
        if pieces.isEmpty { pieces = [AttributeRun(range: 0..<contentLength, style: .body)] }
        for run in pieces {
            if run.range.lowerBound > covered { pieces.append(AttributeRun(range: covered..<run.range.lowerBound, style: .body)) }
            covered = max(covered, run.range.upperBound)
        }
        if covered < contentLength { pieces.append(AttributeRun(range: covered..<contentLength, style: .body)) }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        for run in pieces {
            let a = max(run.range.lowerBound, range.lowerBound), b = min(run.range.upperBound, range.upperBound)
            guard a < b else { runs.append(run); continue }
            if run.range.lowerBound < a { runs.append(AttributeRun(range: run.range.lowerBound..<a, style: run.style)) }
            var changed = run.style
            change(&changed)
            runs.append(AttributeRun(range: a..<b, style: changed))
            if b < run.range.upperBound { runs.append(AttributeRun(range: b..<run.range.upperBound, style: run.style)) }
        }
        return runs
    }
}

/// A link of a book that leads nowhere: what a catalogue's QA report lists (``EPUBBook/brokenLinks``).
public struct BrokenLink: Hashable, Sendable {
    /// What is missing.
    public enum Problem: String, Hashable, Sendable {
        /// The file the link names is not in the book (the link stays plain text).
        case missingResource
        /// The file is there, but no element has the id the fragment names (a link goes to the file's start; a
        /// note reference stays plain text).
        case missingID
    }

    /// The document offset of the link's first unit.
    public var offset: UTF16Offset
    /// Where it points, resolved against its own file (`OEBPS/notes.xhtml#n12`).
    public var href: String
    /// Whether its markup says it is a note reference (`epub:type="noteref"`, `role="doc-noteref"`).
    public var isNoteReference: Bool
    /// What is missing.
    public var problem: Problem
}
