import Foundation
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Paths of the harness's inputs and helpers.
enum Paths {
    static let benchmarks = Fixtures.repositoryRoot + "/Benchmarks"
    /// Generated inputs (ignored by git): corpus.txt, gpl3-paras.txt, page.txt, books exported for the peer.
    static let data = benchmarks + "/.data"
    static let peer = benchmarks + "/.build/pango-peer"
    static let makeCorpus = benchmarks + "/make-corpus.sh"

    /// The `typeset` CLI to time: `$TYPESET_BENCH_CLI` when set (`run.sh` sets it to the self-contained build,
    /// `--static-swift-stdlib`, as installed), else the one built beside this binary, if any.
    static var cli: String? {
        if let chosen = ProcessInfo.processInfo.environment["TYPESET_BENCH_CLI"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("typeset").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }
}

/// The sha256 of corpus.txt given in peers-and-performance.md §4.1.
let corpusSHA256 = "cd196dd996c3e06cfb5431af19f64d2e1cdf1a304099f4fdc6fd601f70759fff"

struct InputError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a program and returns its exit status and standard output.
@discardableResult
func run(_ executable: String, _ arguments: [String], stdoutTo file: String? = nil, quietStderr: Bool = false) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    if quietStderr { process.standardError = FileHandle.nullDevice }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Loads (and on first use builds) the benchmark inputs.
final class Inputs {
    let fonts: FontContext

    init() throws {
        // The system's fonts (DejaVu Serif for the Pango workload) plus the bundled ones (Charis SIL).
        fonts = try FontContext(source: .systemAndBundled(directory: Fixtures.fontsDirectory))
    }

    /// corpus.txt, gpl3-paras.txt and page.txt, built exactly as peers §4.1 (by make-corpus.sh) and checked.
    lazy var corpusPaths: (corpus: String, gpl3: String, page: String) = {
        let corpus = Paths.data + "/corpus.txt", gpl3 = Paths.data + "/gpl3-paras.txt", page = Paths.data + "/page.txt"
        let fm = FileManager.default
        if !fm.fileExists(atPath: corpus) || !fm.fileExists(atPath: gpl3) || !fm.fileExists(atPath: page) {
            do {
                let (status, _) = try run("/bin/bash", [Paths.makeCorpus, Paths.data])
                if status != 0 { fatalError("typeset-bench: \(Paths.makeCorpus) failed with status \(status)") }
            } catch { fatalError("typeset-bench: cannot run \(Paths.makeCorpus): \(error)") }
        }
        let sum = (try? run("/usr/bin/sha256sum", [corpus]).output.split(separator: " ").first.map(String.init)) ?? nil
        if sum != corpusSHA256 {
            shout(["corpus.txt sha256 is \(sum ?? "unknown")", "expected \(corpusSHA256) (peers §4.1)",
                   "the corpus rows do not measure the documented workload"])
        }
        return (corpus, gpl3, page)
    }()

    private var texts: [String: StyledText] = [:]

    /// A file split one paragraph per line (`StyledText(plain:)`), exactly as the Pango peer splits it.
    func lineText(_ path: String) throws -> StyledText {
        if let cached = texts[path] { return cached }
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError(description: "cannot read \(path)") }
        var string = String(decoding: data, as: UTF8.self)
        if string.hasSuffix("\n") { string.removeLast() }  // the last line's newline does not start an empty paragraph
        let text = StyledText(plain: string)
        texts[path] = text
        return text
    }

    /// A corpus book read by `PlainTextReader` (hard-wrapped lines joined into paragraphs).
    func book(_ name: String) throws -> StyledText {
        if let cached = texts[name] { return cached }
        let text = try Fixtures.corpusText(name)
        texts[name] = text
        return text
    }

    /// A book of about 2 MB without chapters: War and Peace from its first chapter on, its headings left out, one
    /// paragraph per line (a file that is not hard-wrapped), written to `.data/chapterless.txt` and read by
    /// `PlainTextReader`, which finds no heading in it.
    func chapterless() throws -> StyledText {
        let path = Paths.data + "/chapterless.txt"
        if let cached = texts[path] { return cached }
        if !FileManager.default.fileExists(atPath: path) {
            let source = try book("tolstoy-war-and-peace.txt")
            var out: [UInt8] = []
            var started = false
            for paragraph in source.paragraphs where !paragraph.isEmpty {
                if case .heading = paragraph.style.role { started = true; continue }
                guard started else { continue }
                let line = paragraph.contentString.split(whereSeparator: \.isNewline).joined(separator: " ")
                out.append(contentsOf: Array(line.utf8))
                out.append(0x0A)
                if out.count >= 2_000_000 { break }
            }
            try FileManager.default.createDirectory(atPath: Paths.data, withIntermediateDirectories: true)
            try Data(out).write(to: URL(fileURLWithPath: path))
        }
        let text = try PlainTextReader().read(path: path).text
        texts[path] = text
        return text
    }

    /// Writes a book's paragraphs for the Pango peer, one per line (soft line ends and the indentation after them
    /// read as one space, as Typeset's layout reads them; paragraphs without content skipped; a paragraph that
    /// starts a section prefixed with a form feed), and returns the path.
    func exportForPeer(_ text: StyledText, name: String) throws -> String {
        let path = Paths.data + "/\(name)-paragraphs.txt"
        var out: [UInt8] = []
        out.reserveCapacity(text.length * 11 / 10)
        for paragraph in text.paragraphs where !paragraph.isEmpty {
            if paragraph.style.startsSection { out.append(0x0C) }
            var units = Array(paragraph.units[paragraph.contentRange])
            var collapsed: [UInt16] = []
            collapsed.reserveCapacity(units.count)
            var i = 0
            while i < units.count {
                let u = units[i]
                if u == 0x0A || u == 0x0D || u == 0x2028 || u == 0x85 {
                    var j = i + 1
                    while j < units.count, [0x0A, 0x0D, 0x20, 0x09].contains(units[j]) { j += 1 }
                    collapsed.append(0x20)
                    i = j
                    continue
                }
                collapsed.append(u == 0x09 ? 0x20 : u)
                i += 1
            }
            units = collapsed
            out.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8))
            out.append(0x0A)
        }
        try Data(out).write(to: URL(fileURLWithPath: path))
        return path
    }
}
