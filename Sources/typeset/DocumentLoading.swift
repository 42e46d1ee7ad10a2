import Foundation
import TypesetCore
import TypesetDocuments

/// A book read as the command line asks, with the fonts and typesetter to lay it out: where the render, `info`,
/// `locate` and `query` commands start.
struct OpenedBook {
    /// The book as read: its opening only when ``init(input:options:typesetter:opening:)`` was asked for it and
    /// could read it alone (``BookFile/isOpening``).
    private(set) var file: BookFile
    /// The face that serves the requested family (a stand-in when the family is not installed).
    let primaryFace: FontFace
    /// The typesetter that lays it out (its fonts and word cache serve every layout of the run).
    let typesetter: Typesetter
    /// The settings, validated; in scroll mode for an EPUB whose `rendition:flow` asks to scroll when no option
    /// chose the mode.
    let settings: ReaderSettings
    /// The family the reader asked for when it is not installed (``primaryFace`` stands in), said by
    /// ``reportCoverage(in:)`` with the other stand-in faces.
    private let substituteFor: String?

    /// Validates the settings, reads `input` and resolves the fonts. Notices (what a book's reader recovered from, a
    /// font stand-in) go to stderr unless quiet.
    ///
    /// - Throws: ``InvalidSetting`` for settings that cannot be laid out, ``DocumentError`` for an unreadable
    ///   book, ``ToolFailure`` (status `noFont`) when no font can be used.
    ///
    /// With `typesetter`, the book is laid out by it and its fonts (`typeset serve` shares one among its books);
    /// else by a new one with the fonts the options ask for. With `opening`, a plain-text book's opening is read
    /// when it can be read alone (``BookFile/openOpening(path:publisherStyles:media:encoding:)``): a run that draws
    /// only its first pages then skips the whole book's paragraphs and chapter detection (``wholeBook()``
    /// reads the rest when the pages run past it).
    init(input: String, options: Options, typesetter: Typesetter? = nil, opening: Bool = false) throws {
        let console = Console.shared
        var settings = try options.settings.validated()
        file = try Self.read(input, options: options, settings: settings, opening: opening)
        if !options.modeChosen, case .epub(let book) = file.format, book.flow == .scrolledDoc || book.flow == .scrolledContinuous {
            settings.mode = .scroll
        }
        self.settings = settings
        if settings.typography.hyphenation, let notice = LaidOutBook.hyphenationNotice(file, settings: settings.typography) {
            console.notice(notice)
        }
        let typesetter = try typesetter ?? Typesetter(fonts: try LaidOutBook.fontContext(options), threads: options.threads)
        let fonts = typesetter.fonts
        let set = try fonts.fontSet(for: FontDescriptor(family: settings.typography.fontFamily))
        primaryFace = set.primary
        self.typesetter = typesetter
        // Said only when the reader asked for the family (--font, a settings file): the default family's stand-in
        // is the bundled face, which every run without --font would otherwise announce.
        substituteFor = set.isSubstitute && settings.typography.userSet.contains("font") ? settings.typography.fontFamily : nil
    }

    /// The characters no font can draw in `range` of the book (nil: all of it), with a warning line when there are
    /// some: never silent, since such a character is drawn as an empty box. When the reader's family is not
    /// installed, the notice naming every stand-in face comes first (the faces that draw what the one for the
    /// family lacks are found by this report). Every command that lays the book out asks, for what it draws: the
    /// whole book, or only the pages of a run that lays out no more than them (the report is linear in what it
    /// checks, and over War and Peace it was a tenth of its first page's time).
    @discardableResult
    func reportCoverage(in range: Range<UTF16Offset>? = nil) throws -> FontCoverageReport {
        let coverage = try typesetter.fonts.coverageReport(of: file.text, in: range, family: settings.typography.fontFamily)
        let scope = range == nil ? "" : "on the pages drawn, "
        if let family = substituteFor {
            // Every stand-in face, the one for the family and those that draw what it lacks (CJK text under a
            // Latin family), so that a reader knows which faces the pages show.
            let others = coverage.fallbackFaces.map { "\($0.family) \($0.styleName) (\($0.path)) for \($0.occurrences) characters it lacks" }
            Console.shared.notice("font \"\(family)\" is not installed; using \(primaryFace.family) \(primaryFace.styleName) (\(primaryFace.path))"
                                  + (others.isEmpty ? "" : ", and \(scope)" + others.joined(separator: ", ")))
        }
        if !coverage.isComplete {
            Console.shared.notice("warning: \(scope)\(coverage.summary()) (drawn as empty boxes)")
        }
        return coverage
    }

    /// Lets go of what the whole book would be made from (``BookFile/releaseWhole()``): the run needs only the opening.
    mutating func releaseWhole() {
        file.releaseWhole()
    }

    /// The whole book when this is its opening, made from the file as decoded for the opening (``BookFile/wholeBook()``),
    /// with the same settings, fonts and typesetter (its notices were given, and are the same).
    func wholeBook() throws -> OpenedBook {
        guard file.isOpening else { return self }
        var whole = self
        whole.file = try file.wholeBook()
        return whole
    }

    /// Reads `input` as the options ask (encoding, preview, publisher styles) and gives its notices: all that a
    /// command laying nothing out (search, speak) needs.
    static func read(_ input: String, options: Options, settings: ReaderSettings, opening: Bool = false) throws -> BookFile {
        let file = opening
            ? try BookFile.openOpening(path: input, publisherStyles: settings.publisherStyles, media: MediaEnvironment(settings: settings),
                                       encoding: options.encoding)
            : try BookFile.open(path: input, publisherStyles: settings.publisherStyles, media: MediaEnvironment(settings: settings),
                                encoding: options.encoding, previewBytes: options.previewBytes)
        // A broken book could have hundreds of notices; each names the book and the entry.
        for notice in file.notices.prefix(5) { Console.shared.notice(notice) }
        if file.notices.count > 5 { Console.shared.notice("... and \(file.notices.count - 5) more notices about \(input)") }
        return file
    }
}

/// A book read and laid out whole as the command line asks.
struct LaidOutBook {
    /// The book as read, with its fonts and typesetter.
    let opened: OpenedBook
    /// Its layout under the options' settings.
    let layout: BookLayout

    /// The book as read.
    var file: BookFile { opened.file }
    /// The face that serves the requested family (a stand-in when the family is not installed).
    var primaryFace: FontFace { opened.primaryFace }
    /// The typesetter that made the layout (its fonts and word cache serve later layouts too).
    var typesetter: Typesetter { opened.typesetter }
    /// The characters of the book no font can draw (drawn as empty boxes).
    let coverage: FontCoverageReport
    /// The settings the layout was made with (``OpenedBook/settings``).
    var settings: ReaderSettings { opened.settings }

    /// Reads `input` (see ``OpenedBook/init(input:options:)``) and lays the whole book out.
    init(input: String, options: Options) throws {
        try self.init(try OpenedBook(input: input, options: options))
    }

    /// Lays out a book already read, and warns about the characters of the whole book no font can draw.
    init(_ book: OpenedBook) throws {
        opened = book
        coverage = try book.reportCoverage()
        layout = try book.typesetter.layout(book.file.text, settings: book.settings.typography, mode: book.settings.mode)
    }

    /// What `--hyphenate` cannot do for this book, in one line: its language is unknown (the book does not say,
    /// none was recognised, no `--lang`), or no patterns are installed for it. Nil when it hyphenates.
    static func hyphenationNotice(_ file: BookFile, settings: TypographySettings) -> String? {
        guard let language = file.text.language ?? settings.language, !language.isEmpty else {
            return "--hyphenate: the language of \(file.path) is unknown (it does not say, and none was recognised); nothing is hyphenated (--lang TAG names it)"
        }
        guard HyphenationPatterns.file(forLanguage: language) == nil else { return nil }
        return "--hyphenate: no hyphenation patterns for \(language) are installed (/usr/share/hyphen); nothing is hyphenated"
    }

    /// Loads the fonts the options ask for.
    static func fontContext(_ options: Options) throws -> FontContext {
        let directory = BundledFonts.directory(explicit: options.fontDirectory)
        switch options.fontChoice {
        case .system:
            return try FontContext(source: .systemAndBundled(directory: directory), matchCache: fontMatchCacheDirectory())
        case .bundled:
            guard let directory else {
                throw ToolFailure(status: .noFont, message: "no bundled Fonts/ directory found; pass --font-dir DIR")
            }
            return try FontContext(source: .bundledOnly(directory: directory))
        }
    }

    /// Where the CLI keeps its font match cache (see ``FontContext/init(source:matchCache:)``):
    /// `$XDG_CACHE_HOME/typeset`, else `~/.cache/typeset`; none when `TYPESET_FONT_CACHE` is `off` or there is
    /// no home.
    static func fontMatchCacheDirectory() -> String? {
        // getenv rather than ProcessInfo.environment, which copies the whole environment into a dictionary.
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if variable("TYPESET_FONT_CACHE") == "off" { return nil }
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/typeset" }
        if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/typeset" }
        return nil
    }

    /// The page index `--at` or `--locator` asks for, or nil when neither is given. A Locator's resolution
    /// (how it was found, and what failed first) is a notice.
    func targetPage(_ options: Options) throws -> Int? {
        try targetOffset(options).map { layout.pageIndex(containing: $0) ?? 0 }
    }

    /// The UTF-16 offset `--at`, `--locator` or `--print-page` asks for, or nil when none is given.
    func targetOffset(_ options: Options) throws -> Int? {
        let text = file.text
        let offset: Int
        if let at = options.at {
            guard at <= text.length else {
                throw UsageError("--at: offset \(at) is past the end of the text (0...\(text.length))")
            }
            offset = at
        } else if let path = options.locatorPath {
            let locator = try LocatorInput.read(path: path)
            let resolution: LocatorResolution
            do { resolution = try file.publication.resolve(locator) } catch {
                throw ToolFailure(status: .badInput, message: "\(path): \(error.message)")
            }
            let notes = resolution.notes.isEmpty ? "" : " (" + resolution.notes.joined(separator: "; ") + ")"
            Console.shared.notice("\(path) resolved to offset \(resolution.offset) by \(resolution.method.rawValue)\(notes)")
            offset = resolution.offset
        } else if let label = options.printPage {
            let publication = file.publication
            guard let found = publication.offset(ofReferencePage: label) else {
                let pages = publication.referencePages
                let labels = pages.pages.prefix(5).map(\.label).joined(separator: ", ")
                throw UsageError("--print-page: the book has no page \"\(label.oneLinePrefix)\" (its \(pages.source == .synthetic ? "synthetic reference pages are numbered 1 to \(publication.positionCount)" : "print pages are \(labels)\(pages.pages.count > 5 ? ", ..." : "")"))")
            }
            offset = found
        } else {
            return nil
        }
        return offset
    }
}
