import CSQLite
import Foundation
import TypesetCore

/// Why the reader's database cannot be used: its file, and SQLite's words.
struct DatabaseError: Error, CustomStringConvertible {
    let description: String
}

/// The one Swift owner of an SQLite connection (`sqlite3 *`): statements made, stepped and finalized inside one call,
/// under one lock, so the server's threads take turns.
final class SQLiteDatabase: @unchecked Sendable {
    /// A value bound to a statement's `?` or read from a row.
    enum Value: Equatable {
        case text(String)
        case integer(Int64)
        case null

        var text: String? { if case .text(let text) = self { text } else { nil } }
        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    }

    let path: String
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Opens (or creates) the database at `path`: never through a symbolic link (SQLITE_OPEN_NOFOLLOW), nor over
    /// something that is not a regular file; write-ahead logging, and a second's patience with another writer.
    init(path: String) throws {
        self.path = path
        var error = [CChar](repeating: 0, count: 512)
        guard CSQLite_load(&error, error.count) == 0 else { throw DatabaseError(description: error.nulTerminatedText) }
        var status = stat()
        if lstat(path, &status) == 0, let kind = FileKind.nonRegularName(mode: status.st_mode) {
            throw DatabaseError(description: "\(path) is \(kind), not a database file")
        }
        var opened: OpaquePointer?
        guard CSQLite_open(path, &opened) == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: CSQLite_errmsg($0)) } ?? "out of memory"
            if let opened { CSQLite_close(opened) }
            throw DatabaseError(description: "cannot open \(path): \(message)")
        }
        handle = opened
        CSQLite_busy_timeout(handle, 1000)
        // WAL: a reader never waits for a writer and a crash mid-write leaves the last committed state;
        // synchronous=FULL: a committed highlight survives a power cut.
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
    }

    deinit { CSQLite_close(handle) }

    /// Runs statements without results (several, separated by semicolons).
    func execute(_ sql: String) throws {
        try locked {
            guard CSQLite_exec(handle, sql) == SQLITE_OK else { throw failure(sql) }
        }
    }

    /// Runs one statement with `values` bound to its `?`s; returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        try locked { try run(sql, values) }
    }

    /// Runs `body` in one transaction (its statements through `run`): all of it is written, or none.
    func transaction<T>(_ body: (_ run: (String, [Value]) throws -> [[Value]]) throws -> T) throws -> T {
        try locked {
            guard CSQLite_exec(handle, "BEGIN IMMEDIATE") == SQLITE_OK else { throw failure("BEGIN") }
            do {
                let result = try body { try run($0, $1) }
                guard CSQLite_exec(handle, "COMMIT") == SQLITE_OK else { throw failure("COMMIT") }
                return result
            } catch {
                CSQLite_exec(handle, "ROLLBACK")
                throw error
            }
        }
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Prepares, binds, steps to the end and finalizes one statement (the lock held).
    private func run(_ sql: String, _ values: [Value]) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard CSQLite_prepare(handle, sql, &statement) == SQLITE_OK, let statement else { throw failure(sql) }
        defer { CSQLite_finalize(statement) }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .text(let text):
                let count = text.utf8.count
                guard count < Int32.max else { throw DatabaseError(description: "a value is too long for the database") }
                _ = text.withCString { CSQLite_bind_text(statement, position, $0, Int32(count)) }
            case .integer(let number): CSQLite_bind_int64(statement, position, number)
            case .null: CSQLite_bind_null(statement, position)
            }
        }
        var rows: [[Value]] = []
        while true {
            let status = CSQLite_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(sql) }
            var row: [Value] = []
            for column in 0..<CSQLite_column_count(statement) {
                switch CSQLite_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(CSQLite_column_int64(statement, column)))
                case SQLITE_NULL: row.append(.null)
                default:
                    var length: Int32 = 0
                    if let text = CSQLite_column_text(statement, column, &length) {
                        row.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)))
                    } else {
                        row.append(.null)
                    }
                }
            }
            rows.append(row)
        }
    }

    private func failure(_ sql: String) -> DatabaseError {
        DatabaseError(description: "\(path): \(String(cString: CSQLite_errmsg(handle)))")
    }
}
