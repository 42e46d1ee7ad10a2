/// What a publication knows about its links and notes: where its element ids are, which links are note
/// references, and the notes themselves. A document reader fills it (an EPUB's ids, `<aside>` footnotes,
/// endnotes); a plain-text book has none.
public struct PublicationLinks: Sendable {
    /// Element ids per resource href: the document offset of each id's first character.
    public var anchors: [String: [String: UTF16Offset]]
    /// Every note of the book (footnotes, endnotes, notes in asides or in a list of notes), by ascending start.
    public var notes: [Note]
    /// The links recognised as note references, by the offset of their first unit: the index of their note in
    /// ``notes``.
    public var noteReferences: [UTF16Offset: Int]

    /// Creates the tables.
    ///
    /// - Parameter notes: In any order; they are sorted by their start.
    /// - Parameter anchors: For each resource's href, its fragment identifiers and the offset each points at.
    /// - Parameter noteReferences: The links recognised as note references, by the offset of their first unit: the index of their note in `notes`.
    public init(anchors: [String: [String: UTF16Offset]] = [:], notes: [Note] = [], noteReferences: [UTF16Offset: Int] = [:]) {
        self.anchors = anchors
        let order = notes.indices.sorted { notes[$0].range.lowerBound < notes[$1].range.lowerBound }
        self.notes = order.map { notes[$0] }
        var position = [Int](repeating: 0, count: notes.count)
        for (sorted, original) in order.enumerated() { position[original] = sorted }
        self.noteReferences = noteReferences.compactMapValues { $0 >= 0 && $0 < position.count ? position[$0] : nil }
    }
}

/// A note of a book (a footnote, an endnote, a note in an aside): what a popup shows when its reference is
/// tapped.
public struct Note: Hashable, Sendable {
    /// What the book made of it.
    public enum Kind: String, Hashable, Sendable {
        /// A footnote (EPUB's `epub:type="footnote"`, an `<aside>` note): hidden from the flow, read in a popup.
        case footnote
        /// An endnote (`endnote`, `rearnote`, an item of a list of notes, a paragraph of a notes section): it
        /// stays where the book puts it.
        case endnote
    }

    /// The note's range in the text (its element, from its first character to the end of its last paragraph).
    public var range: Range<UTF16Offset>
    /// The element id a reference points at.
    public var id: String
    /// Footnote or endnote.
    public var kind: Kind
    /// The note's text for a popup: paragraphs separated by `\n`, white space as laid out, without the link back
    /// to the reference (`↩`).
    public var text: String

    /// Creates a note.
    public init(range: Range<UTF16Offset>, id: String, kind: Kind, text: String) {
        self.range = range; self.id = id; self.kind = kind; self.text = text
    }
}

/// A link of the text (an `<a href>`), as hit testing finds it.
public struct Link: Hashable, Sendable {
    /// The link's units: the whole run of text carrying this href in its paragraph (all its lines).
    public var range: Range<UTF16Offset>
    /// Where it points, as the book says it, resolved against the link's own resource: a path inside the book
    /// with an optional `#fragment` (`OEBPS/notes.xhtml#n3`), or an external URL (`https://…`, `mailto:`).
    public var href: String
    /// For a link inside the book, where it lands; nil for an external link or one whose target is not in the
    /// text (a resource outside the reading order, an id that does not exist is the start of its resource).
    public var target: LinkTarget?
    /// Whether the link is a note reference (`epub:type="noteref"`, or a short or raised link to a note).
    public var isNoteReference: Bool

    /// Creates a link.
    public init(range: Range<UTF16Offset>, href: String, target: LinkTarget?, isNoteReference: Bool) {
        self.range = range; self.href = href; self.target = target; self.isNoteReference = isNoteReference
    }
}

/// Where a link inside the book lands.
public struct LinkTarget: Hashable, Sendable {
    /// The resource (an EPUB spine item) holding the target.
    public var href: String
    /// The document offset of the target (the first character of the element the fragment names, or the start
    /// of the resource).
    public var offset: UTF16Offset
    /// The target as a Readium Locator (what ``ReadingSession/go(to:)-(Locator)`` takes, and what an app stores
    /// for "back").
    public var locator: Locator

    /// Creates a target.
    public init(href: String, offset: UTF16Offset, locator: Locator) {
        self.href = href; self.offset = offset; self.locator = locator
    }
}

extension Publication {
    /// The link under `point` on page `pageIndex` of `layout` (a layout of this publication's text): the link
    /// run of the grapheme under the point, with its whole range, its href and, for a link inside the book, its
    /// target. Nil over text that is not a link, between lines, in margins and past a line's end: exactly where
    /// ``BookLayout/characterRange(at:onPage:)`` is nil.
    public func link(at point: Point, onPage pageIndex: Int, of layout: BookLayout) -> Link? {
        guard let grapheme = layout.characterRange(at: point, onPage: pageIndex) else { return nil }
        // The character's own units: a caret unit may start with units that are not drawn as it (a list marker
        // or markup joined to the first letter after it), which belong to no link of its.
        return link(atOffset: text.firstShownUnit(in: grapheme) ?? grapheme.lowerBound)
    }

    /// The link whose units include `offset`, or nil.
    public func link(atOffset offset: UTF16Offset) -> Link? {
        guard let found = text.linkRun(containing: offset) else { return nil }
        let target = linkTarget(forHref: found.href)
        return Link(range: found.range, href: found.href, target: target,
                    isNoteReference: links.noteReferences[found.range.lowerBound] != nil)
    }

    /// Where an href inside the book lands (`OEBPS/ch02.xhtml#note-3`, a resource href as ``resources`` names
    /// them, with an optional fragment): the element with that id, or the start of the resource when the id is
    /// unknown or absent. Nil for a resource that is not in the text and for external URLs.
    public func linkTarget(forHref href: String) -> LinkTarget? {
        var path = Substring(href), fragment: Substring?
        if let hash = href.firstIndex(of: "#") {
            path = href[..<hash]
            fragment = href[href.index(after: hash)...]
        }
        // A link into the package document by an EPUB CFI (`content.opf#epubcfi(/6/4!/4/10)`) goes where the CFI points.
        if let fragment, fragment.hasPrefix("epubcfi("), let cfi = EPUBCFI(String(fragment)), let offset = offset(ofCFI: cfi),
           let index = resourceIndex(containing: offset), let locator = locator(at: offset) {
            return LinkTarget(href: resources[index].href, offset: offset, locator: locator)
        }
        guard !path.isEmpty, !path.contains(":"), let index = resourceIndex(href: String(path)) else { return nil }
        let resource = resources[index]
        var offset = resource.range.lowerBound
        if let fragment, !fragment.isEmpty, let found = links.anchors[resource.href]?[String(fragment)] { offset = found }
        guard let locator = locator(at: offset) else { return nil }
        return LinkTarget(href: resource.href, offset: offset, locator: locator)
    }

    /// The note a link refers to, for a popup (as KOReader shows footnotes): the note recognised for a note
    /// reference, else the note holding the link's target. Nil when the target is not a note.
    public func note(for link: Link) -> Note? {
        if let index = links.noteReferences[link.range.lowerBound], links.notes.indices.contains(index) {
            return links.notes[index]
        }
        guard let offset = link.target?.offset else { return nil }
        return note(containing: offset)
    }

    /// The innermost note whose range holds `offset`, or nil.
    public func note(containing offset: UTF16Offset) -> Note? {
        let notes = links.notes
        let low = notes.partitioningIndex { $0.range.lowerBound > offset }
        // Notes do not overlap except by nesting: the last one starting at or before the offset that holds it.
        var index = low - 1
        while index >= 0 {
            if notes[index].range.contains(offset) { return notes[index] }
            index -= 1
            if low - index > 8 { break }
        }
        return nil
    }
}

extension StyledText {
    /// The first unit of `range` (within one paragraph) that is drawn as text: not hidden, not a ruby annotation,
    /// not generated; nil when there is none.
    func firstShownUnit(in range: Range<UTF16Offset>) -> UTF16Offset? {
        guard let p = paragraphIndex(containing: range.lowerBound) else { return nil }
        let paragraph = paragraphs[p]
        let base = paragraph.range.lowerBound
        let local = (range.lowerBound - base)..<(range.upperBound - base)
        var r = max(0, paragraph.runs.partitioningIndex { $0.range.lowerBound > local.lowerBound } - 1)
        while r < paragraph.runs.count, paragraph.runs[r].range.lowerBound < local.upperBound {
            let run = paragraph.runs[r]
            if !run.style.isOutOfFlow && !run.style.isGenerated, run.range.upperBound > local.lowerBound {
                return base + max(run.range.lowerBound, local.lowerBound)
            }
            r += 1
        }
        return nil
    }

    /// Whether the unit at `offset` is generated text (see ``TextStyle/isGenerated``).
    func isGenerated(at offset: UTF16Offset) -> Bool {
        guard let p = paragraphIndex(containing: offset) else { return false }
        let paragraph = paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        let r = paragraph.runs.partitioningIndex { $0.range.lowerBound > local } - 1
        return r >= 0 && paragraph.runs[r].range.contains(local) && paragraph.runs[r].style.isGenerated
    }

    /// The link run holding `offset`: the href of its attribute run and the extent of the consecutive runs of its
    /// paragraph that carry the same href. Nil when the unit is not part of a link.
    func linkRun(containing offset: UTF16Offset) -> (range: Range<UTF16Offset>, href: String)? {
        guard let p = paragraphIndex(containing: offset) else { return nil }
        let paragraph = paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        // Runs are sorted and cover the content: the last one starting at or before the unit.
        let r = paragraph.runs.partitioningIndex { $0.range.lowerBound > local } - 1
        guard r >= 0, paragraph.runs[r].range.contains(local), let href = paragraph.runs[r].style.link else { return nil }
        var first = r, last = r
        while first > 0, paragraph.runs[first - 1].style.link == href, paragraph.runs[first - 1].range.upperBound == paragraph.runs[first].range.lowerBound { first -= 1 }
        while last + 1 < paragraph.runs.count, paragraph.runs[last + 1].style.link == href, paragraph.runs[last + 1].range.lowerBound == paragraph.runs[last].range.upperBound { last += 1 }
        let start = paragraph.range.lowerBound + paragraph.runs[first].range.lowerBound
        let end = paragraph.range.lowerBound + paragraph.runs[last].range.upperBound
        return (start..<end, href)
    }
}

extension Publication {
    /// Where an EPUB CFI points in the text (see ``cfiResolver``); nil when the book cannot say or the CFI names no
    /// place in it.
    public func offset(ofCFI cfi: EPUBCFI) -> UTF16Offset? { cfiResolver?(cfi) }

    /// The EPUB CFI of an offset (see ``cfiGenerator``): for an EPUB, the path to the character data holding it and
    /// the character offset there, which ``offset(ofCFI:)`` takes back to the same offset; nil for a plain-text book.
    public func cfi(atOffset offset: UTF16Offset) -> EPUBCFI? { cfiGenerator?(offset) }
}
