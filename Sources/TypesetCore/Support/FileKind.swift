#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path that is not a regular file is, in the words of messages (`a character device`): what books are
/// refused for being, and what outputs are never written over.
package enum FileKind {
    /// `a directory`, `a character device`, `a block device`, `a named pipe`, `a socket`, `a symbolic link` for a
    /// `st_mode` from `stat` or `lstat`; nil for a regular file.
    package static func nonRegularName(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
}
