import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// The names that make an element a note or a section of notes (``NoteRole``), compared without lower-casing copies:
/// over random ids and class names of ASCII letters in both cases, digits, hyphens and non-ASCII letters (accented,
/// a Kelvin sign, a dotted capital I, a prepended Arabic sign), each element has the role the lower-cased names give.
@Suite struct NoteRoleNameTests {
    /// The role the names give, by lower-cased copies (as the reader read them before).
    static func expected(_ element: XMLElement, inNotes: Bool) -> NoteRole {
        let names = element.classNames.map { $0.lowercased() } + (element.id.map { [$0.lowercased()] } ?? [])
        let sections: Set<String> = ["section", "div", "aside", "ol", "ul", "dl", "footer", "body"]
        if sections.contains(element.lowercasedName), names.contains(where: { $0.hasSuffix("notes") }) { return .notesSection }
        if element.lowercasedName == "aside" { return .aside }
        if inNotes || names.contains(where: { ["footnote", "endnote", "note", "fn"].contains($0) }) { return .inNotesSection }
        return element.lowercasedName == "li" ? .listItem : .none
    }

    @Test func namesGiveTheRolesTheirLowerCasedCopiesGive() {
        var rng = SplitMix64(seed: 3316)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        let pieces = ["note", "NOTE", "Notes", "foot", "FootNote", "end", "EndNotes", "fn", "FN", "n", "s", "-", "1", "é",
                      "\u{212A}", "\u{130}", "\u{600}", "chapter-", "NOTES", "x"]
        var roles: [NoteRole: Int] = [:]
        for _ in 0..<4_000 {
            func name() -> String { (0..<(1 + rng.next() % 3)).map { _ in pick(pieces) }.joined() }
            var attributes: [XMLAttribute] = []
            if rng.next() % 2 == 0 { attributes.append(XMLAttribute(name: "class", namespace: nil, value: name() + " " + name())) }
            if rng.next() % 3 == 0 { attributes.append(XMLAttribute(name: "id", namespace: nil, value: name())) }
            let element = XMLElement(name: pick(["div", "p", "section", "aside", "li", "span", "OL"]), namespace: XMLNamespace.xhtml,
                                     attributes: attributes, children: [], line: 1)
            let inNotes = rng.next() % 5 == 0
            let role = NoteRole(element, inNotes: inNotes)
            #expect(role == Self.expected(element, inNotes: inNotes), "\(element.name) \(attributes.map(\.value))")
            roles[role, default: 0] += 1
        }
        // Every role the names decide came up many times.
        #expect([NoteRole.notesSection, .inNotesSection, .aside, .listItem, .none].allSatisfy { roles[$0, default: 0] > 100 })
    }
}
