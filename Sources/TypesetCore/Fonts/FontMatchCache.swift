internal import CFontconfig
#if canImport(Glibc)
import Glibc
#endif

/// Remembers between processes which face fontconfig chose as the primary face of each descriptor, so that a
/// short-lived process (the CLI rendering one page) can skip loading fontconfig's configuration.
///
/// Loading the system configuration (some forty XML files and a cache file per font directory) costs a one-page
/// CLI run more than shaping and laying out the page, and fontconfig caches neither it nor match results.
///
/// **When an entry is trusted.** The file records what the answer depended on, and an entry is used only when
/// all of it is unchanged:
/// - fontconfig's version and the environment variables it reads (`FONTCONFIG_FILE`, `FONTCONFIG_PATH`,
///   `FONTCONFIG_SYSROOT`, `FC_LANG`, the locale variables, `HOME` and the XDG directories) and the program's
///   name (a configuration may match on `prgname`);
/// - the status (modification time, size, inode, or absence) of every configuration file and directory
///   fontconfig loaded (`FcConfigGetConfigFiles`, `FcConfigGetConfigDirs`), of the directories holding them
///   (a new file such as `/etc/fonts/local.conf` changes its directory), of every font directory and its
///   subdirectories (`FcConfigGetFontDirs`, the same test fontconfig's own font caches use), of the user's
///   configuration and font locations that fonts-conf(5) names even when they do not exist yet, and of the
///   bundled directory and its `typeset-fonts.conf`. Nothing is recorded while one of them changed in the last
///   two seconds (it may have changed after fontconfig read it).
///
/// That is a superset of what `FcConfigUptoDate` checks to decide that a configuration is stale. Anything else
/// makes the file stale, and the next miss rewrites it. Only the primary face is remembered: fallback lists are
/// sorted by fontconfig when a character needs them, so they are always fontconfig's current answer.
///
/// A damaged or foreign file is ignored, never trusted: every line is checked, and a remembered face must
/// still load (``FaceRegistry`` refuses files that are not fonts), or the context asks fontconfig.
final class FontMatchCache: Sendable {
    private let file: String
    private let directory: String
    private let header: [String]
    private let bundledDirectory: String?
    /// The entries read from the file, by ``key(_:)``: nil until first read; empty when the file was stale.
    private let entries = Locked<[String: FontconfigMatch]?>(nil)

    /// The format, in the file's first line: bump it when the file's meaning changes.
    private static let format = "typeset-font-matches 1"

    init(directory: String, bundledDirectory: String?) {
        self.directory = directory
        self.bundledDirectory = bundledDirectory
        let program = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
        var header = [FontMatchCache.format, "fontconfig \(FcGetVersion())", "program \(program)",
                      "bundled \(bundledDirectory ?? "-")"]
        for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE",
                     "LANG", "LANGUAGE", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"] {
            header.append("env \(name)=" + (getenv(name).map { String(cString: $0) } ?? "-"))
        }
        self.header = header
        // One file: a run with another bundled directory or program name finds a foreign header and rewrites it.
        // (A file per bundled directory made one more file for every temporary font directory ever used.)
        file = directory + "/font-matches.txt"
    }

    /// The remembered primary match for `descriptor`, if the file is current.
    func match(for descriptor: FontDescriptor) -> FontconfigMatch? {
        entries.withLock { entries in
            if entries == nil { entries = readCurrentEntries() }
            return entries?[FontMatchCache.key(descriptor)]
        }
    }

    /// Records `match` as the primary face for `descriptor`, with the status of `watched` (the configuration's
    /// files and directories), keeping the other entries when they were made under the same status.
    func remember(_ match: FontconfigMatch, for descriptor: FontDescriptor, watching watched: [String]) {
        let key = FontMatchCache.key(descriptor)
        // Tabs and newlines separate fields and lines; names holding them are simply not remembered.
        guard ![descriptor.family, match.path, match.family, match.style].contains(where: { $0.contains(where: { $0 == "\t" || $0 == "\n" }) }),
              !watched.contains(where: { $0.contains(where: { $0 == "\t" || $0 == "\n" }) }) else { return }
        let paths = watchList(watched)
        // A path changed in the last two seconds may have changed after fontconfig read it, moments ago; recording
        // its new status beside the old answer would trust that answer until the next change. Nothing is written
        // then (as git treats a file modified in the same instant as its index as possibly changed).
        let now = time(nil)
        guard !paths.contains(where: { FontMatchCache.modificationTime(of: $0).map { now - $0 < 2 } ?? false }) else { return }
        let watchLines = paths.map { "watch\t\($0)\t\(FontMatchCache.status(of: $0))" }
        entries.withLock { entries in
            // Entries read from a file that is still current were made under the same configuration.
            var kept = entries ?? readCurrentEntries()
            kept[key] = match
            entries = kept
            var text = header.joined(separator: "\n") + "\n" + watchLines.joined(separator: "\n") + "\n"
            for (key, match) in kept.sorted(by: { $0.key < $1.key }) {
                text += "match\t\(key)\t\(match.path)\t\(match.index)\t\(match.family)\t\(match.style)\n"
            }
            write(text)
        }
    }

    /// `family \t weight \t italic`, the family followed by `:lang=` and the language for a generic one.
    private static func key(_ descriptor: FontDescriptor) -> String {
        let family = descriptor.family + (descriptor.language.map { ":lang=\($0)" } ?? "")
        return "\(family)\t\(descriptor.weight)\t\(descriptor.isItalic ? 1 : 0)"
    }

    /// The paths to watch: the configuration's own, their parent directories, the user's locations and the
    /// bundled directory; sorted, without duplicates.
    private func watchList(_ watched: [String]) -> [String] {
        var paths = Set(watched)
        for path in watched {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex { paths.insert(String(path[..<slash])) }
        }
        let home = getenv("HOME").map { String(cString: $0) }
        func xdg(_ name: String, _ fallback: String) -> String? {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
            return home.map { $0 + "/" + fallback }
        }
        // Exact paths, watched for appearing as much as for changing (their parents change for unrelated reasons).
        if let config = xdg("XDG_CONFIG_HOME", ".config") {
            paths.formUnion([config + "/fontconfig", config + "/fontconfig/fonts.conf", config + "/fontconfig/conf.d"])
        }
        if let data = xdg("XDG_DATA_HOME", ".local/share") { paths.insert(data + "/fonts") }
        if let home { paths.formUnion([home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fonts"]) }
        if let bundledDirectory { paths.formUnion([bundledDirectory, bundledDirectory + "/typeset-fonts.conf"]) }
        return paths.sorted()
    }

    /// `mtime size inode` of a path (following links), or `-` when it does not exist.
    /// Seconds since the epoch of the last change of a path, nil when it does not exist.
    private static func modificationTime(of path: String) -> time_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mtim.tv_sec : nil
    }

    private static func status(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size) \(info.st_ino)"
    }

    /// The file's entries when its header matches this process's and every watched path is unchanged; an
    /// empty table otherwise (missing, stale, damaged or foreign file).
    ///
    /// Parsed as UTF-8 bytes: splitting the text as `String`s (by grapheme) cost 5.6 M instructions, a quarter
    /// of the time the cache saves.
    private func readCurrentEntries() -> [String: FontconfigMatch] {
        guard let bytes = read() else { return [:] }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count > header.count, zip(lines, header).allSatisfy({ $0.elementsEqual($1.utf8) }) else { return [:] }
        var found: [String: FontconfigMatch] = [:]
        var watchedAny = false
        for line in lines[header.count...] where !line.isEmpty {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard let kind = fields.first else { return [:] }
            var values: [String] = []
            for field in fields.dropFirst() {
                guard let value = String(validating: field, as: UTF8.self) else { return [:] }
                values.append(value)
            }
            switch (kind.elementsEqual("watch".utf8), kind.elementsEqual("match".utf8)) {
            case (true, _) where values.count == 2:
                guard FontMatchCache.status(of: values[0]) == values[1] else { return [:] }
                watchedAny = true
            case (_, true) where values.count == 7:
                guard let index = Int(values[4]), index >= 0 else { return [:] }
                found[values[0...2].joined(separator: "\t")] = FontconfigMatch(path: values[3], index: index,
                                                                                family: values[5], style: values[6])
            default:
                return [:]
            }
        }
        return watchedAny ? found : [:]
    }

    /// The file's bytes, or nil (missing, unreadable, or larger than a cache of this kind can be).
    private func read() -> [UInt8]? {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
        return nil
    }

    /// Writes the file atomically (a temporary file renamed over it), creating the directory; failures are
    /// ignored: the cache only saves time.
    private func write(_ text: String) {
        makeDirectory(directory)
        let temporary = file + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count { _ = rename(temporary, file) } else { _ = unlink(temporary) }
    }

    /// `mkdir -p`.
    private func makeDirectory(_ path: String) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        makeDirectory(String(path[..<slash]))
        _ = mkdir(path, 0o755)
    }
}

extension FontconfigConfig {
    /// The configuration files and directories fontconfig loaded and the font directories it scanned
    /// (subdirectories included). The caller holds ``fontconfigLock``.
    func watchedPaths() -> [String] {
        var paths: [String] = []
        for list in [FcConfigGetConfigFiles(raw), FcConfigGetConfigDirs(raw), FcConfigGetFontDirs(raw)] {
            guard let list else { continue }
            while let item = FcStrListNext(list) { paths.append(String(cString: item)) }
            FcStrListDone(list)
        }
        return paths
    }
}
