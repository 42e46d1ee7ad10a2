/// What an element's markup says about notes: whether it is a note, a section of notes, or may be a note if a
/// reference points at it. Read from `epub:type` (EPUB 3's structural semantics), `role` (DPUB-ARIA's
/// `doc-footnote`, `doc-endnotes`...), and, for books that mark nothing, the element and its names.
enum NoteRole: Equatable, Sendable {
    /// Nothing to do with notes.
    case none
    /// A footnote (`footnote`, or an `<aside>` typed as a note): a note, hidden from the flow and read in a
    /// popup, as Readium does.
    case footnote
    /// An endnote (`endnote`, `rearnote`, `note`): a note that stays where the book puts it.
    case endnote
    /// An unmarked `<aside>`: a note when a note reference points at it (and then hidden from the flow), else a
    /// sidebar left alone.
    case aside
    /// An item of a list: a note when a short or raised link points at it (a list of notes).
    case listItem
    /// An element inside a section of notes, or named as a note (`class="footnote"`): a note when a short or
    /// raised link points at it.
    case inNotesSection
    /// A section of notes (`footnotes`, `endnotes`, `rearnotes`, or a block named `notes`): not a note itself.
    case notesSection

    /// The role of `element`, inside a section of notes or not.
    init(_ element: XMLElement, inNotes: Bool) {
        let types = NoteRole.types(of: element)
        let name = element.lowercasedName
        // Most elements have no types: no set look-ups then (every element of a book asks).
        if !types.isEmpty {
            if types.contains("footnote") { self = .footnote; return }
            if name == "aside", !types.isDisjoint(with: NoteRole.noteTypes) { self = .footnote; return }
            if !types.isDisjoint(with: NoteRole.noteTypes) { self = .endnote; return }
        }
        if (!types.isEmpty && !types.isDisjoint(with: NoteRole.sectionTypes)) || NoteRole.isNamedAsNotes(element) {
            self = .notesSection
            return
        }
        if name == "aside" { self = .aside; return }
        if inNotes || NoteRole.isNamedAsANote(element) { self = .inNotesSection; return }
        if name == "li" { self = .listItem; return }
        self = .none
    }

    /// The types of one note, and of a section of notes (built once: every element of a book asks).
    private static let noteTypes: Set<String> = ["note", "endnote", "rearnote"]
    private static let sectionTypes: Set<String> = ["footnotes", "endnotes", "rearnotes", "notes"]
    /// The elements a section of notes can be.
    private static let sectionElements: Set<String> = ["section", "div", "aside", "ol", "ul", "dl", "footer", "body"]

    /// Whether the element is hidden from the flow (a footnote).
    var hidesFromFlow: Bool { self == .footnote }

    /// Whether an element with this role and an id may be a note.
    var mayBeANote: Bool { self != .none && self != .notesSection }

    /// Whether the markup says outright that the element is a note.
    var isMarked: Bool { self == .footnote || self == .endnote }

    /// The element's `epub:type` tokens and its `role` tokens without their `doc-` prefix, lower-cased.
    static func types(of element: XMLElement) -> Set<String> {
        var types = Set<String>()
        guard !element.attributes.isEmpty else { return types }
        // The two attributes one after the other, not through an array of them made for every element.
        func add(_ value: String?) {
            guard let value else { return }
            for token in value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                types.insert(token.hasPrefix("doc-") ? String(token.dropFirst(4)) : String(token))
            }
        }
        add(element.attribute("type", namespace: XMLNamespace.ops))
        add(element.attribute("role"))
        return types
    }

    /// A block whose id or class says it holds notes (`notes`, `footnotes`, `endnotes`, `chapter-notes`).
    private static func isNamedAsNotes(_ element: XMLElement) -> Bool {
        guard element.id != nil || !element.classNames.isEmpty, sectionElements.contains(element.lowercasedName) else { return false }
        return anyName(of: element) { name in
            // After a non-ASCII character the suffix may not start a character (a prepended mark joins it): asked as before.
            guard name.count > 5, name[name.index(name.endIndex, offsetBy: -6)] >= 0x80 else { return endsWith(name, "notes") }
            return String(Substring(name)).lowercased().hasSuffix("notes")
        }
    }

    /// An element whose id or class says it is one note (`footnote`, `endnote`, `note`, `fn`).
    private static func isNamedAsANote(_ element: XMLElement) -> Bool {
        guard element.id != nil || !element.classNames.isEmpty else { return false }
        return anyName(of: element) { name in
            endsWith(name, "footnote", whole: true) || endsWith(name, "endnote", whole: true)
                || endsWith(name, "note", whole: true) || endsWith(name, "fn", whole: true)
        }
    }

    /// Whether one of the element's class names or its id satisfies `test`, given its UTF-8 bytes (each name in
    /// turn: no array of them made, and no lower-cased copy of each, for every element with a class).
    private static func anyName(of element: XMLElement, _ test: (Substring.UTF8View) -> Bool) -> Bool {
        element.classNames.contains { test($0.utf8) } || element.id.map { test(Substring($0).utf8) } ?? false
    }

    /// Whether `name` ends with `suffix` (lower-case ASCII), ASCII letters compared without case (as the name
    /// lower-cased would compare: a non-ASCII letter never equals an ASCII one); with `whole`, is `suffix`.
    static func endsWith(_ name: Substring.UTF8View, _ suffix: StaticString, whole: Bool = false) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard whole ? name.count == count : name.count >= count else { return false }
        return suffix.withUTF8Buffer { wanted in
            var index = name.index(name.endIndex, offsetBy: -count)
            for byte in wanted {
                let have = name[index]
                guard have == byte || (have >= 0x41 && have <= 0x5A && have | 0x20 == byte) else { return false }
                index = name.index(after: index)
            }
            return true
        }
    }
}
