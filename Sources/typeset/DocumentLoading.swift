import Foundation
import TypesetCore
import TypesetDocuments

/// A book as the CLI loaded it: the text to lay out, plus what `typeset info` reports.
struct LoadedDocument {
    /// What kind of file it was.
    enum Format {
        /// A plain-text file, in this encoding.
        case plainText(TextEncoding)
        /// An EPUB.
        case epub(EPUBBook)
    }

    /// The path as given.
    let path: String
    /// The text to lay out.
    let text: StyledText
    /// The format, with the EPUB's metadata, spine and table of contents.
    let format: Format
    /// The table of contents: an EPUB's, or the chapter headings found in a text file.
    let tableOfContents: [TableOfContentsEntry]

    /// The EPUB, when the file is one.
    var epub: EPUBBook? {
        if case .epub(let book) = format { return book }
        return nil
    }

    /// The book as Locators see it: EPUB spine items, or one resource named after the file (built once).
    let publication: Publication

    init(path: String, text: StyledText, format: Format, tableOfContents: [TableOfContentsEntry]) {
        self.path = path; self.text = text; self.format = format; self.tableOfContents = tableOfContents
        if case .epub(let book) = format {
            publication = book.publication
        } else {
            publication = Publication(text: text, href: URL(fileURLWithPath: path).lastPathComponent, mediaType: "text/plain",
                                      headings: Publication.headings(of: tableOfContents))
        }
    }

}

/// Reads the book at `path`: an EPUB (by its `.epub` extension or its ZIP signature) with ``EPUBReader``,
/// anything else with ``PlainTextReader``. Notes on what was recovered (malformed XHTML, Latin-1 text) go to
/// standard error.
///
/// - Parameter publisherStyles: Whether an EPUB's CSS applies (it never changes the text or its offsets).
/// - Throws: ``ToolFailure`` with status `badInput` and a one-line message naming the file (and the entry).
func loadDocument(path: String, publisherStyles: Bool = true) throws -> LoadedDocument {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ToolFailure(status: .badInput, message: "\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw ToolFailure(status: .badInput, message: "\(path): is a directory, not a book") }
    guard manager.isReadableFile(atPath: path) else {
        throw ToolFailure(status: .badInput, message: "\(path): cannot be read (permissions?)")
    }
    if isEPUB(path) {
        var options = EPUBReader.Options()
        options.publisherStyles = publisherStyles
        let book: EPUBBook
        do { book = try EPUBReader(options: options).read(path: path) } catch {
            throw ToolFailure(status: .badInput, message: error.message)
        }
        // Warnings already name the book and the entry; a broken book could have hundreds.
        for warning in book.warnings.prefix(5) { printError("typeset: \(warning)") }
        if book.warnings.count > 5 { printError("typeset: ... and \(book.warnings.count - 5) more warnings about \(path)") }
        return LoadedDocument(path: path, text: book.text, format: .epub(book), tableOfContents: book.tableOfContents)
    }
    do {
        // POSIX reads, bounded (PlainTextReader.maximumSize); FileManager.contents leaked on an empty file.
        let document = try PlainTextReader().read(path: path)
        if document.encoding == .latin1 {
            printError("typeset: \(path) is not valid UTF-8; read it as ISO-8859-1 (Latin-1)")
        }
        return LoadedDocument(path: path, text: document.text, format: .plainText(document.encoding),
                              tableOfContents: document.tableOfContents)
    } catch {
        throw ToolFailure(status: .badInput, message: error.message)
    }
}

/// Whether the file is an EPUB: named `.epub`, or starting with a ZIP local-file signature (`PK\3\4`).
private func isEPUB(_ path: String) -> Bool {
    if path.lowercased().hasSuffix(".epub") { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let signature = (try? handle.read(upToCount: 4)) ?? Data()
    return signature == Data([0x50, 0x4B, 0x03, 0x04])
}

/// A book read and laid out as the command line asks: where the render, `info` and `query` commands start.
struct LaidOutBook {
    /// The book as read.
    let document: LoadedDocument
    /// Its layout under the options' settings.
    let layout: BookLayout
    /// The face that serves the requested family (a substitute when the family is not installed).
    let primaryFace: FontFace
    /// The typesetter that made the layout (its fonts and word cache serve later layouts too).
    let typesetter: Typesetter

    /// Validates the settings, reads `input`, resolves the fonts and lays the book out.
    ///
    /// - Parameters:
    ///   - noteSubstitution: Whether to say on stderr which face stands in for a family that is not installed.
    /// - Throws: ``UsageError`` for settings that cannot be laid out; ``ToolFailure`` for an unreadable book
    ///   (status `badInput`) or when no font can be used (status `noFont`).
    init(input: String, options: Options, publisherStyles: Bool = true, noteSubstitution: Bool) throws {
        let settings: TypographySettings
        do { settings = try options.settings.validated() } catch let error as TypographySettings.InvalidSetting {
            throw UsageError("--\(error.name): \(error.reason)")
        }
        document = try loadDocument(path: input, publisherStyles: publisherStyles)
        let fonts = try Tool.fontContext(options)
        do {
            let set = try fonts.fontSet(for: FontDescriptor(family: settings.fontFamily))
            primaryFace = set.primary
            if set.isSubstitute && noteSubstitution {
                printError("typeset: font \"\(settings.fontFamily)\" is not installed; using \(set.primary.family) \(set.primary.styleName) (\(set.primary.path))")
            }
            typesetter = Typesetter(fonts: fonts, threads: options.threads)
            layout = try typesetter.layout(document.text, settings: settings, mode: options.mode)
        } catch let error as FontError {
            throw ToolFailure(status: .noFont, message: error.message)
        }
    }
}
