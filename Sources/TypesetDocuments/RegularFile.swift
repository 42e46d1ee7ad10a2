#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TypesetCore

/// Opens a book's file for both readers, refusing at once anything that is not a regular file.
///
/// (``BookFile`` chooses the reader; this is what each reader opens its file with.)
///
/// A character device (`/dev/zero`) would be read up to the size bound, and a named pipe would block until
/// something wrote to it: the file's kind is known from `fstat` before a byte is read. The
/// file is opened without blocking, so a pipe with no writer is refused rather than waited on.
enum RegularFile {
    /// An open regular file: its descriptor (the caller closes it, or hands it over) and its size in bytes.
    struct Opened {
        let descriptor: Int32
        let size: Int
    }

    /// Opens `path` for reading.
    ///
    /// - Throws: ``DocumentError`` `.notFound`, `.isDirectory`, `.notARegularFile` (a device, a pipe, a socket),
    ///   or `.unreadable` with the system's reason.
    static func open(_ path: String) throws(DocumentError) -> Opened {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw DocumentError(.notFound, "\(path): no such file") }
            throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(code))))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw DocumentError(.unreadable, "\(path): cannot be read (\(String(cString: strerror(code))))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            if kind == S_IFDIR { throw DocumentError(.isDirectory, "\(path): is a directory, not a book") }
            let what = FileKind.nonRegularName(mode: info.st_mode) ?? "not a regular file"
            throw DocumentError(.notARegularFile, "\(path): is \(what), not a book file")
        }
        return Opened(descriptor: descriptor, size: Int(info.st_size))
    }
}
