import Foundation
import TypesetCore
import TypesetDocuments

/// A book of the folder, read and ready to lay out.
final class ServedBook: Sendable {
    let entry: LibraryEntry
    let opened: OpenedBook
    let summary: BookSummary

    init(entry: LibraryEntry, opened: OpenedBook) {
        self.entry = entry
        self.opened = opened
        summary = BookLibrary.summary(of: opened.file, entry: entry)
    }

    var publication: Publication { opened.file.publication }
}

/// One reader of one book (a browser tab): its query session, whose reading session holds the anchor, the settings
/// and the laid-out sections, and the pages it was last shown, by token, for their images and positions. One
/// request at a time: ``withLock(_:)``.
final class ReaderState: @unchecked Sendable {
    let book: ServedBook
    let session: QuerySession
    /// Pages shown, newest last: (token, page, settings it was laid out with).
    private var views: [(token: Int, page: ReaderPage, settings: ReaderSettings)] = []
    private var nextToken = 1
    private let lock = NSLock()
    /// The pages kept for their images (a page turned past and fetched late is still drawn).
    static let viewsKept = 8

    init(book: ServedBook, session: QuerySession) {
        self.book = book
        self.session = session
    }

    func withLock<T>(_ body: (ReaderState) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(self)
    }

    /// Keeps `page` as a view and returns its token (call under the lock).
    func remember(_ page: ReaderPage) -> Int {
        let token = nextToken
        nextToken += 1
        views.append((token, page, session.reader.settings))
        if views.count > Self.viewsKept { views.removeFirst(views.count - Self.viewsKept) }
        return token
    }

    /// The page shown under `token`, if it is still kept (call under the lock).
    func view(_ token: Int) -> (page: ReaderPage, settings: ReaderSettings)? {
        views.last { $0.token == token }.map { ($0.page, $0.settings) }
    }
}

/// The books and readers the server holds, memory bounded: at most ``maximumBooks`` books read at once and
/// ``readersPerBook`` readers of each (each reader's layouts are its own, at its settings); the least recently used
/// is dropped, and its readers with it. A reader that comes back is started again at its saved position.
final class ReaderRegistry: @unchecked Sendable {
    let library: BookLibrary
    let store: ReaderStore
    let typesetter: Typesetter
    /// The command line's options: the settings new readers start with, fonts, preview and encoding.
    let options: Options
    let maximumBooks: Int
    static let readersPerBook = 4

    /// A book's place in the cache: its own lock, so one book being read (seconds for a long one) never holds up
    /// the others.
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var book: ServedBook?
        var readers: [String: ReaderState] = [:]
        var readerUse: [String: Int] = [:]
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var use: [String: Int] = [:]
    private var clock = 0

    init(library: BookLibrary, store: ReaderStore, typesetter: Typesetter, options: Options, maximumBooks: Int) {
        self.library = library
        self.store = store
        self.typesetter = typesetter
        self.options = options
        self.maximumBooks = maximumBooks
    }

    /// The books held now (for tests and the memory bound).
    var booksHeld: Int { lock.lock(); defer { lock.unlock() }; return slots.values.filter { $0.book != nil }.count }

    /// The slot of `id`, made (and the least recently used one dropped past the bound) when missing.
    private func slot(_ id: String) -> Slot {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        use[id] = clock
        if let slot = slots[id] { return slot }
        let slot = Slot()
        slots[id] = slot
        while slots.count > maximumBooks, let oldest = use.filter({ slots[$0.key] != nil && $0.key != id }).min(by: { $0.value < $1.value })?.key {
            slots[oldest] = nil
            use[oldest] = nil
        }
        return slot
    }

    /// The book with this id, read when it is not held.
    ///
    /// - Throws: ``ServeError`` 404 when no book of the folder has the id; what reading it throws.
    func book(_ id: String) throws -> ServedBook {
        guard let entry = library.entry(id: id) else { throw ServeError(404, "no book \(id.oneLinePrefix) in the folder") }
        let slot = slot(id)
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let book = slot.book, book.entry == entry { return book }
        slot.readers = [:]
        let book = ServedBook(entry: entry, opened: try OpenedBook(input: entry.path, options: options, typesetter: typesetter))
        slot.book = book
        return book
    }

    /// The reader `readerID` of book `id`: made at the book's saved position (else where it opens) when new.
    func reader(book id: String, reader readerID: String) throws -> ReaderState {
        let book = try self.book(id)
        let slot = slot(id)
        slot.lock.lock()
        defer { slot.lock.unlock() }
        clock(slot, readerID)
        if let reader = slot.readers[readerID], reader.book === book { return reader }
        let session = try QuerySession(book: book.opened, at: try savedOffset(book))
        let reader = ReaderState(book: book, session: session)
        slot.readers[readerID] = reader
        if slot.readers.count > Self.readersPerBook,
           let oldest = slot.readerUse.filter({ slot.readers[$0.key] != nil && $0.key != readerID }).min(by: { $0.value < $1.value })?.key {
            slot.readers[oldest] = nil
            slot.readerUse[oldest] = nil
        }
        return reader
    }

    private func clock(_ slot: Slot, _ readerID: String) {
        lock.lock()
        clock += 1
        slot.readerUse[readerID] = clock
        lock.unlock()
    }

    /// Where the book's saved Locator points now (nil: none saved, or it no longer resolves).
    private func savedOffset(_ book: ServedBook) throws -> UTF16Offset? {
        guard let locator = try store.position(book: book.entry.id) else { return nil }
        return try? book.publication.resolve(locator).offset
    }
}

/// A request the server refuses: its HTTP status and why.
struct ServeError: Error {
    let status: Int
    let message: String
    init(_ status: Int, _ message: String) { self.status = status; self.message = message }
}
