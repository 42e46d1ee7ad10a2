import TypesetCore

/// The library page (`GET /`): every book of the folder with its cover, title, authors, format and progress, each a
/// link to its reader. Plain HTML, made on the server: it works without script.
enum LibraryPage {
    static func html(books: [ServeRoutes.ListedBook]) -> String {
        var items = ""
        for book in books {
            let summary = book.summary
            let title = escape(summary.title)
            let cover = summary.coverHref == nil
                ? "<span class=\"cover\" aria-hidden=\"true\">\(title)</span>"
                : "<img class=\"cover\" src=\"/books/\(book.entry.id)/cover\" alt=\"\" loading=\"lazy\">"
            let percent = book.progression.map { Int(($0 * 100).rounded()) }
            let progress = percent.map {
                "<progress max=\"100\" value=\"\($0)\" aria-label=\"Read \($0) %\"></progress><p class=\"meta\">\($0) % read</p>"
            } ?? "<p class=\"meta\">Not started</p>"
            let pages = book.pageCount.map { " · \($0) pages" } ?? ""
            let problem = summary.problem.map { "<p class=\"problem\">\(escape($0))</p>" } ?? ""
            items += """
                <li class="book" data-id="\(book.entry.id)"><a href="/books/\(book.entry.id)">\(cover)<h2>\(title)</h2>\
                <p class="authors">\(escape(summary.authors.joined(separator: ", ")))</p>\
                <p class="meta">\(summary.format == "epub" ? "EPUB" : "Text")\(pages)</p>\(progress)\(problem)</a></li>

                """
        }
        let list = books.isEmpty ? "<p class=\"empty\">No books here: put .epub or .txt files in the folder.</p>" : "<ul>\n\(items)</ul>"
        return """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Library — Typeset</title><link rel="stylesheet" href="/static/library.css"></head>
            <body>
            <header><h1>Library</h1><p>\(books.count) book\(books.count == 1 ? "" : "s")</p></header>
            <main>\(list)</main>
            </body>
            </html>

            """
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `'` as references.
    static func escape(_ text: String) -> String { escapeXML(text, apostrophes: true) }
}
