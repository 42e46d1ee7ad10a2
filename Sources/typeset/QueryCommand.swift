import TypesetCore

/// `typeset query FILE [settings options]`: the position API for scripts and other languages.
///
/// Reads one JSON request per line on stdin and writes one JSON answer per line on stdout, in the units of the
/// `--json` layout (points in page coordinates, UTF-16 offsets, ranges as `{"location", "length"}`). Requests
/// name the `UITextInput` method they mirror in `"op"`; a bad request gets `{"error": "..."}` and the stream goes
/// on. Pages are numbered from 1 in requests (`"page"`) and answers (`"page"`, with the zero-based `"pageIndex"`
/// beside it). `typeset help query` lists every operation.
enum QueryCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("query: no input file (typeset query FILE [options])") }
        let book = try OpenedBook(input: input, options: options)
        // The answers cover the whole book, so the whole book is checked.
        try book.reportCoverage()
        let session = try QuerySession(book: book, completesInBackground: false)
        _ = try session.layout  // every page number exact from the first answer on
        let console = Console.shared
        console.releaseNotices()
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            // One answer per request, written at once so that a client can wait for it; a client that is gone
            // (or a full disk) ends the stream, and the tool exits with status 4.
            console.line(JSONWriter.render(session.answer(line)))
            if console.outputFailure != nil { return }
        }
    }
}
