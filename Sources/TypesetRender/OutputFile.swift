import Synchronization
import TypesetCore
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The one way the tool and the renderer write a file (a page, a spread, a speech track, its marks, highlighted
/// pages): whole or not at all, and never over something that is not a regular file.
///
/// - The bytes go to a hidden temporary file beside the target (a rename is atomic only within one file system),
///   which is then renamed into place: the file under the path is always whole, and a process killed mid-write, or
///   two writing one name, never leave a truncated or mixed file there.
/// - A path where a device, a named pipe, a socket or a directory is found is refused, never replaced (`rename`
///   would put a file in place of `/dev/null`); a symbolic link is followed to the regular file it names, which is
///   replaced (the link stays), and a link to anything else, or to nothing, is refused. The check is made just
///   before the rename: a path changed between the two is a race the caller's folder must not allow.
/// - Any failure (the folder cannot be written, a full disk, the rename) is a ``RenderError`` `.io` naming the
///   path, and leaves nothing behind.
package enum OutputFile {
    /// Writes `bytes` to `path`, replacing the regular file there, if any.
    ///
    /// - Throws: ``RenderError`` `.io`, naming the file, when it cannot be written or is not a regular file.
    package static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let target = try regularTarget(path)
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let serial = temporaryCounter.withLock { counter in
            counter += 1
            return counter
        }
        // Unique per process and call.
        let temporary = folder + "." + name + ".\(getpid())-\(serial).tmp"
        guard let file = fopen(temporary, "wbx") else {
            throw RenderError(.io, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            let reason = String(cString: strerror(written == bytes.count ? errno : writeErrno))
            _ = remove(temporary)
            throw RenderError(.io, "cannot write \(path): \(reason)")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = remove(temporary)
            throw RenderError(.io, "cannot write \(path): \(reason)")
        }
    }

    /// The path a write replaces: `path` when nothing or a regular file is there, the regular file a symbolic
    /// link leads to; anything else is refused.
    static func regularTarget(_ path: String) throws(RenderError) -> String {
        guard !path.isEmpty else { throw RenderError(.io, "cannot write a file without a name") }
        var info = stat()
        // Nothing there (or a folder that cannot be reached: creating the file says why).
        guard lstat(path, &info) == 0 else { return path }
        guard let kind = FileKind.nonRegularName(mode: info.st_mode) else { return path }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            throw RenderError(.io, "cannot write \(path): it is \(kind), not a regular file, and is never replaced")
        }
        guard let resolved = realpath(path, nil) else {
            throw RenderError(.io, "cannot write \(path): it is a symbolic link to nothing (\(String(cString: strerror(errno))))")
        }
        let target = String(cString: resolved)
        free(resolved)
        var targetInfo = stat()
        guard stat(target, &targetInfo) == 0 else {
            throw RenderError(.io, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        if let targetKind = FileKind.nonRegularName(mode: targetInfo.st_mode) {
            throw RenderError(.io, "cannot write \(path): it leads to \(target), \(targetKind), not a regular file, and is never replaced")
        }
        return target
    }

    private static let temporaryCounter = Mutex(0)
}
