import Foundation
import Testing
import TypesetDocuments

/// A device, a named pipe or a socket is refused at once by both readers (issue 22: `/dev/zero` was read up to
/// 256 MiB, 791 MB of memory, before it was refused; a pipe with no writer blocked).
@Suite struct NonRegularFileTests {
    static func expectRefused(_ path: String, mentions what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for reader in ["text", "epub"] {
            let clock = ContinuousClock.now
            do {
                if reader == "text" { _ = try PlainTextReader().read(path: path) } else { _ = try EPUBReader().read(path: path) }
                Issue.record("\(path) was read", sourceLocation: sourceLocation)
            } catch {
                #expect(error.code == .notARegularFile, "\(error.message)", sourceLocation: sourceLocation)
                #expect(error.message == "\(path): is \(what), not a book file", sourceLocation: sourceLocation)
            }
            #expect(ContinuousClock.now - clock < .seconds(5), "refused at once", sourceLocation: sourceLocation)
        }
    }

    @Test(.timeLimit(.minutes(10))) func aCharacterDeviceIsRefusedAtOnce() {
        Self.expectRefused("/dev/zero", mentions: "a character device")
        Self.expectRefused("/dev/null", mentions: "a character device")
    }

    @Test(.timeLimit(.minutes(10))) func aNamedPipeIsRefusedWithoutWaitingForAWriter() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-fifo-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("book.txt").path
        #expect(mkfifo(path, 0o600) == 0)
        Self.expectRefused(path, mentions: "a named pipe")
    }
}
