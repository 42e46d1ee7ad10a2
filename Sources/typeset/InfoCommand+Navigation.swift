import TypesetCore
import TypesetDocuments

/// `info`'s navigation facts: every navigation list with its entries' pages, the print pages, the cover.
extension InfoCommand.Report {
    var publication: Publication { document.publication }

    /// The lines after the contents: the cover, where the book opens, the print pages, and every list other than
    /// the table of contents (landmarks, page list, lists of illustrations and tables, the book's own).
    var navigationText: String {
        var output = ""
        if let cover = publication.cover { output += "\nCover: \(cover)\n" }
        let pages = publication.referencePages
        switch pages.source {
        case .synthetic:
            output += "\nPrint pages: none; reference pages are synthetic: Readium's \(publication.positionCount) positions (one per \(Publication.charactersPerPosition) characters of each resource)\n"
        case .pageList, .pageBreaks:
            let from = pages.source == .pageList ? "from the book's page list" : "from the page-break markers of the text"
            let labels = pages.pages.prefix(12).map { "\($0.label) (p. \(page(of: $0.offset) ?? 1))" }.joined(separator: ", ")
            output += "\nPrint pages (\(pages.pages.count), \(from)): \(labels)\(pages.pages.count > 12 ? ", ..." : "")\n"
        }
        for list in publication.navigation where list.kind != "toc" {
            let name = Self.listNames[list.kind] ?? list.kind
            let title = list.title.map { " \"\($0)\"" } ?? ""
            output += "\n\(name)\(title) (\(list.count) entr\(list.count == 1 ? "y" : "ies"), from \(Self.sourceNames[list.source] ?? list.source)):\n"
            let pageWidth = max(4, String(layout.pages.count).count)
            var stack = list.entries.reversed().map { ($0, 0) }
            var shown = 0
            while let (entry, depth) = stack.popLast(), shown < 40 {
                let number = page(of: entry.offset).map(String.init) ?? "-"
                let type = entry.type.map { "[\($0)] " } ?? ""
                output += String(repeating: " ", count: pageWidth - number.count) + number + "  "
                    + String(repeating: "  ", count: depth) + type + (entry.label.isEmpty ? "(untitled)" : entry.label) + "\n"
                stack += entry.children.reversed().map { ($0, depth + 1) }
                shown += 1
            }
            if list.count > shown { output += String(repeating: " ", count: pageWidth) + "  ... and \(list.count - shown) more\n" }
        }
        return output
    }

    static let listNames = ["page-list": "Page list", "landmarks": "Landmarks", "loi": "Illustrations", "lot": "Tables",
                            "lov": "Video", "loa": "Audio", "navList": "NCX list", "nav": "Navigation list"]
    static let sourceNames = ["nav": "the EPUB 3 navigation document", "ncx": "the EPUB 2 NCX", "guide": "the EPUB 2 package guide",
                              "text": "the chapter headings found in the text"]

    /// `navigation`, `printPages`, `cover` and `startOffset` for `--json`.
    var navigationJSON: [(String, JSONWriter.Value)] {
        func entries(_ list: [NavigationEntry]) -> JSONWriter.Value {
            .array(list.map { entry in
                .object([("label", .string(entry.label)), ("href", entry.href.map(JSONWriter.Value.string) ?? .null),
                         ("type", entry.type.map(JSONWriter.Value.string) ?? .null),
                         ("offset", entry.offset.map(JSONWriter.Value.integer) ?? .null),
                         ("page", page(of: entry.offset).map(JSONWriter.Value.integer) ?? .null),
                         ("locator", entry.offset.flatMap { publication.locator(at: $0) }.map(JSONWriter.Value.locator) ?? .null),
                         ("children", entries(entry.children))])
            })
        }
        let lists = publication.navigation.map { list -> JSONWriter.Value in
            .object([("kind", .string(list.kind)), ("title", list.title.map(JSONWriter.Value.string) ?? .null),
                     ("source", .string(list.source)), ("count", .integer(list.count)), ("entries", entries(list.entries))])
        }
        let pages = publication.referencePages
        var printPages: [(String, JSONWriter.Value)] = [("source", .string(pages.source.rawValue)), ("count", .integer(pages.pages.count))]
        if pages.isPrintEdition {
            printPages.append(("pages", .array(pages.pages.map { page in
                .object([("label", .string(page.label)), ("offset", .integer(page.offset)),
                         ("page", self.page(of: page.offset).map(JSONWriter.Value.integer) ?? .null)])
            })))
        }
        return [("cover", publication.cover.map(JSONWriter.Value.string) ?? .null),
                ("startOffset", .integer(publication.startOffset)),
                ("navigation", .array(lists)), ("printPages", .object(printPages))]
    }
}
