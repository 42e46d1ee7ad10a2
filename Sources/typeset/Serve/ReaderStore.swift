import Foundation
import TypesetCore

/// A highlight a reader made: a Readium Locator (with Typeset's UTF-16 offset and length, and the text), a colour and
/// an optional note.
struct StoredHighlight: Sendable {
    var id: String
    var locator: Locator
    var color: String
    var note: String?
    /// Milliseconds since 1970.
    var created: Int64
    var modified: Int64
}

/// Reading positions, highlights and notes per book, in SQLite (the file ``path`` names; by default
/// `FOLDER/.typeset/reader.sqlite`). Locators are stored as their Readium JSON, so a record means the same place
/// whatever the settings, and survives the book's layout changing. Each change is one transaction.
final class ReaderStore: Sendable {
    let database: SQLiteDatabase
    var path: String { database.path }
    /// The colours a highlight may have (the renderer's tints).
    static let colors: Set<String> = ["yellow", "green", "blue", "pink", "orange", "purple"]
    /// The most highlights one book keeps (an import past it is refused).
    static let maximumHighlightsPerBook = 10_000
    /// The longest note, in UTF-8 bytes.
    static let maximumNoteBytes = 16_384

    /// Opens or creates the database at `path`, making its folder (readable by its owner only) when missing.
    init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw DatabaseError(description: "cannot make \(folder) for the reader's database")
            }
        }
        database = try SQLiteDatabase(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS positions (book TEXT PRIMARY KEY, locator TEXT NOT NULL, modified INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS highlights (book TEXT NOT NULL, id TEXT NOT NULL, locator TEXT NOT NULL,
                color TEXT NOT NULL, note TEXT, created INTEGER NOT NULL, modified INTEGER NOT NULL, PRIMARY KEY (book, id));
            CREATE TABLE IF NOT EXISTS books (book TEXT PRIMARY KEY, page_count INTEGER, modified INTEGER NOT NULL);
            PRAGMA user_version = 1;
            """)
    }

    static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    // MARK: Positions

    /// The book's last reading position, if one was saved.
    func position(book: String) throws -> Locator? {
        let rows = try database.query("SELECT locator FROM positions WHERE book = ?", [.text(book)])
        return rows.first?.first?.text.flatMap(Self.locator(json:))
    }

    func setPosition(_ locator: Locator, book: String) throws {
        try database.query("INSERT INTO positions (book, locator, modified) VALUES (?, ?, ?) "
                           + "ON CONFLICT (book) DO UPDATE SET locator = excluded.locator, modified = excluded.modified",
                           [.text(book), .text(Self.json(locator)), .integer(Self.now)])
    }

    /// The last exact page count a reader saw at the reader's settings, for the library.
    func pageCount(book: String) throws -> Int? {
        let rows = try database.query("SELECT page_count FROM books WHERE book = ?", [.text(book)])
        return rows.first?.first?.integer.map { Int($0) }
    }

    func setPageCount(_ count: Int, book: String) throws {
        try database.query("INSERT INTO books (book, page_count, modified) VALUES (?, ?, ?) "
                           + "ON CONFLICT (book) DO UPDATE SET page_count = excluded.page_count, modified = excluded.modified",
                           [.text(book), .integer(Int64(count)), .integer(Self.now)])
    }

    // MARK: Highlights

    func highlights(book: String) throws -> [StoredHighlight] {
        let rows = try database.query("SELECT id, locator, color, note, created, modified FROM highlights WHERE book = ? "
                                      + "ORDER BY created, id", [.text(book)])
        return rows.compactMap { row in
            guard row.count == 6, let id = row[0].text, let locator = row[1].text.flatMap(Self.locator(json:)),
                  let color = row[2].text else { return nil }
            return StoredHighlight(id: id, locator: locator, color: color, note: row[3].text,
                                   created: row[4].integer ?? 0, modified: row[5].integer ?? 0)
        }
    }

    /// Adds or replaces highlights (by id), all in one transaction.
    func save(_ highlights: [StoredHighlight], book: String) throws {
        try database.transaction { run in
            let existing = try run("SELECT count(*) FROM highlights WHERE book = ?", [.text(book)]).first?.first?.integer ?? 0
            guard Int(existing) + highlights.count <= Self.maximumHighlightsPerBook + highlights.count,
                  highlights.count <= Self.maximumHighlightsPerBook else {
                throw DatabaseError(description: "a book keeps at most \(Self.maximumHighlightsPerBook) highlights")
            }
            for highlight in highlights {
                _ = try run("INSERT INTO highlights (book, id, locator, color, note, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?) "
                            + "ON CONFLICT (book, id) DO UPDATE SET locator = excluded.locator, color = excluded.color, "
                            + "note = excluded.note, modified = excluded.modified",
                            [.text(book), .text(highlight.id), .text(Self.json(highlight.locator)), .text(highlight.color),
                             highlight.note.map { .text($0) } ?? .null, .integer(highlight.created), .integer(highlight.modified)])
            }
            let total = try run("SELECT count(*) FROM highlights WHERE book = ?", [.text(book)]).first?.first?.integer ?? 0
            guard total <= Self.maximumHighlightsPerBook else {
                throw DatabaseError(description: "a book keeps at most \(Self.maximumHighlightsPerBook) highlights")
            }
        }
    }

    /// Deletes a highlight; whether there was one.
    func deleteHighlight(id: String, book: String) throws -> Bool {
        try database.transaction { run in
            let found = try run("SELECT id FROM highlights WHERE book = ? AND id = ?", [.text(book), .text(id)])
            _ = try run("DELETE FROM highlights WHERE book = ? AND id = ?", [.text(book), .text(id)])
            return !found.isEmpty
        }
    }

    // MARK: JSON

    static func json(_ locator: Locator) -> String {
        JSONWriter.render(.locator(locator))
    }

    static func locator(json: String) -> Locator? {
        guard let value = try? JSONValue(parsing: json) else { return nil }
        return try? LocatorInput.parse(value)
    }
}
