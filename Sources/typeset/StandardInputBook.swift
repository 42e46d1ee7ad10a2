import Foundation

/// `-` in place of a book: standard input copied to a file of its own, `stdin` in a fresh private folder under
/// `$TMPDIR`, which every reader then opens as it opens a named file (an EPUB is known by its ZIP signature, a
/// text by its bytes). The readers need a file: an EPUB is a ZIP archive read out of order, and a text's encoding
/// is detected from all of its bytes. The copy stops at ``maximumBytes`` and is removed when the command ends.
final class StandardInputBook {
    /// The most bytes read from standard input: the plain-text reader's own limit is smaller, and an EPUB larger
    /// than this is not a book a pipe should carry.
    static let maximumBytes = 2 << 30
    /// The file holding the copy.
    let path: String
    private let folder: String

    /// Copies standard input (`descriptor`, for tests) to the file, a chunk at a time.
    ///
    /// - Throws: ``ToolFailure`` `.cannotWrite` when the copy cannot be written, `.badInput` when standard input
    ///   cannot be read or holds more than ``maximumBytes``.
    init(descriptor: Int32 = 0) throws {
        let template = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
            + "/typeset-stdin-XXXXXX"
        var name = Array(template.utf8CString)
        guard let made = mkdtemp(&name) else {
            throw ToolFailure(status: .cannotWrite, message: "standard input: cannot make a temporary folder for standard input (\(String(cString: strerror(errno))))")
        }
        folder = String(cString: made)
        path = folder + "/stdin"
        do { try Self.copy(from: descriptor, to: path) } catch {
            removeCopy()
            throw error
        }
    }

    deinit { removeCopy() }

    private func removeCopy() {
        unlink(path)
        rmdir(folder)
    }

    private static func copy(from input: Int32, to path: String) throws {
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw ToolFailure(status: .cannotWrite, message: "standard input: cannot write standard input to \(path) (\(String(cString: strerror(errno))))")
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ToolFailure(status: .badInput, message: "standard input: cannot read standard input (\(String(cString: strerror(errno))))")
            }
            if count == 0 { return }
            total += count
            guard total <= maximumBytes else {
                throw ToolFailure(status: .badInput, message: "standard input: standard input holds more than \(maximumBytes >> 30) GiB; save the book to a file")
            }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw ToolFailure(status: .cannotWrite, message: "standard input: cannot write standard input to \(path) (\(String(cString: strerror(errno))))")
                }
                written += result
            }
        }
    }
}
