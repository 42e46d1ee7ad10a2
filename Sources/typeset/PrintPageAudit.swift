import TypesetCore

/// The book's print pages in a batch result (`printPages`): where they come from, how many there are, and how
/// much of its page list resolves to a place in the text; each page-list entry that does not is an
/// ``FindingKind/unresolvedPageListEntry`` finding (a reader cannot go to that page, nor cite it).
enum PrintPageAudit {
    /// `{"source", "pages", "first", "last", "pageListEntries", "resolved", "coverage"}`: `source` is `page-list`,
    /// `pagebreaks` or null (no print pages); `coverage` is the share of page-list entries that resolve, null
    /// without a page list.
    static func json(_ publication: Publication, findings: inout FindingList) -> JSONWriter.Value {
        let pages = publication.printPages
        var entries = 0, resolved = 0
        if let list = publication.navigationList("page-list") {
            // Page lists are flat; nested entries are walked with a stack all the same (no recursion a file decides).
            var stack = Array(list.entries.reversed())
            while let entry = stack.popLast() {
                stack.append(contentsOf: entry.children.reversed())
                entries += 1
                if entry.offset != nil {
                    resolved += 1
                    continue
                }
                // The target is not in the text: the Locator is the book's start, the entry says where it pointed.
                findings.add(.unresolvedPageListEntry, at: 0, [
                    ("label", .string(entry.label)), ("href", entry.href.map(JSONWriter.Value.string) ?? .null),
                    ("list", .string(list.source)),
                ])
            }
        }
        return .object([
            ("source", pages.map { .string($0.source.rawValue) } ?? .null),
            ("pages", .integer(pages?.pages.count ?? 0)),
            ("first", pages?.pages.first.map { .string($0.label) } ?? .null),
            ("last", pages?.pages.last.map { .string($0.label) } ?? .null),
            ("pageListEntries", .integer(entries)),
            ("resolved", .integer(resolved)),
            ("coverage", entries > 0 ? .number(Double(resolved) / Double(entries)) : .null),
        ])
    }
}
