import Foundation
import Testing
import TypesetDocuments

/// `PlainTextReader.read(path:)`: files read with POSIX calls within `maximumSize`, each failure a one-line
/// `DocumentError` naming the file.
@Suite struct PlainTextFileTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-plain-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileReadsAsItsBytesDo() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = "Grüße.\n\nSecond paragraph.\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/a.txt"))
        let fromPath = try PlainTextReader().read(path: directory + "/a.txt")
        let fromBytes = try PlainTextReader().read(bytes: Array(text.utf8), name: "a.txt")
        #expect(fromPath.text.paragraphs.map(\.units) == fromBytes.text.paragraphs.map(\.units))
        // The empty file: one empty paragraph (and no leak: Foundation's reader leaked 4 KB here under ASan).
        try Data().write(to: URL(fileURLWithPath: directory + "/empty.txt"))
        let empty = try PlainTextReader().read(path: directory + "/empty.txt")
        #expect(empty.text.length == 0 && empty.text.paragraphs.count == 1)
    }

    @Test func failuresNameTheFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = #expect(throws: DocumentError.self) { try PlainTextReader().read(path: directory + "/missing.txt") }
        #expect(missing?.code == .notFound && missing?.message.contains("missing.txt") == true)
        let folder = #expect(throws: DocumentError.self) { try PlainTextReader().read(path: directory) }
        #expect(folder?.code == .isDirectory && folder?.message.contains(directory) == true)
    }

    /// A file larger than `maximumSize` is refused before it is read (layout keeps ~20 bytes per character, so
    /// the 256 MiB default bounds memory); the same bound applies to bytes handed over in memory.
    @Test func aFileLargerThanTheBoundIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(repeating: 0x61, count: 5000).write(to: URL(fileURLWithPath: directory + "/big.txt"))
        var reader = PlainTextReader()
        reader.maximumSize = 4096
        let error = #expect(throws: DocumentError.self) { try reader.read(path: directory + "/big.txt") }
        #expect(error?.code == .tooLarge && error?.message.contains("big.txt") == true && error?.message.contains("4096") == true,
                "\(error?.message ?? "")")
        #expect(throws: DocumentError.self) { try reader.read(bytes: [UInt8](repeating: 0x61, count: 5000), name: "big") }
        #expect(PlainTextReader().maximumSize == 256 << 20)
        #expect(throws: Never.self) { try reader.read(bytes: [UInt8](repeating: 0x61, count: 4096), name: "fits") }
    }
}
