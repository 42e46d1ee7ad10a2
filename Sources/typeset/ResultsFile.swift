#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalogue's results file, JSON lines appended one result at a time, safe against crashes and resumable.
///
/// Not the tool's one output writer (``OutputFile``: a temporary file renamed into place), which would rewrite
/// the whole file for every book: quadratic over 100,000 books. Instead:
/// - Each line is appended with one `write(2)` on a descriptor opened `O_APPEND` (the kernel puts it at the end,
///   whole, under the file's lock: lines never interleave), then `fdatasync`'d, so a result reported as written
///   survives a crash or a power cut.
/// - A crash can at worst leave the last line cut short (the process killed inside `write`, a full disk). On
///   opening, a last line without its newline is cut off (`ftruncate`), so the file always holds whole lines and
///   that book is simply run again; a write that fails part way is cut off the same way at once.
/// - The file is locked (`flock`) while a catalogue writes it: a second catalogue on the same file stops with an
///   error instead of doubling the work.
/// - Only regular files: a device, a pipe or a folder at the path is refused.
final class ResultsFile {
    let path: String
    private let descriptor: Int32
    /// The ids of the books with a result in the file (the last line of each id wins).
    private(set) var done: [String: Bool] = [:]
    /// Bytes cut off a torn last line when the file was opened (0 normally).
    private(set) var repairedBytes = 0

    /// A results file that cannot be used, with its one-line reason.
    struct Failure: Error { let message: String }

    /// Opens (or creates) the file, cuts a torn last line, and reads which books are done.
    init(path: String) throws(Failure) {
        self.path = path
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(message: "\(path): cannot be opened (\(String(cString: strerror(errno))))") }
        descriptor = fd
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Failure(message: "\(path): not a regular file; results go to a file of their own")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw Failure(message: "\(path): another catalogue is writing it (locked)")
        }
        try readBack(size: Int(info.st_size))
    }

    deinit { close(descriptor) }

    /// Reads every whole line's id and status, and cuts a last line without its newline.
    private func readBack(size: Int) throws(Failure) {
        guard size > 0 else { return }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + offset }, size - offset, off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(message: "\(path): cannot be read (\(String(cString: strerror(errno))))") }
            offset += count
        }
        let whole = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        if whole < size {
            guard ftruncate(descriptor, off_t(whole)) == 0 else {
                throw Failure(message: "\(path): its last line is cut short and cannot be cut off (\(String(cString: strerror(errno))))")
            }
            repairedBytes = size - whole
        }
        for line in bytes[0..<whole].split(separator: 0x0A) {
            let text = Substring(String(decoding: line, as: UTF8.self))
            guard let id = BatchResult.id(ofLine: text) else { continue }
            done[id] = text.contains("\"status\": \"ok\"")
        }
    }

    /// Appends one result line (without its newline) and syncs it to the disk.
    func append(_ line: String) throws(Failure) {
        var info = stat()
        let before = fstat(descriptor, &info) == 0 ? Int(info.st_size) : -1
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(written < 0 ? errno : EIO))
                if before >= 0 { _ = ftruncate(descriptor, off_t(before)) }
                throw Failure(message: "\(path): cannot be written (\(reason))")
            }
            offset += written
        }
        guard fdatasync(descriptor) == 0 else {
            throw Failure(message: "\(path): cannot be synced to the disk (\(String(cString: strerror(errno))))")
        }
    }
}
