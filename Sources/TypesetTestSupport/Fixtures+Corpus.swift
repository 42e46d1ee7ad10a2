internal import CZlib
import Foundation
import TypesetCore
import TypesetDocuments

extension Fixtures {
    /// `Tests/Corpus`: the books the tests and the benchmark read, kept in the repository (see its `SOURCES.md`).
    /// Text books are stored gzipped (`NAME.txt.gz`, the original bytes once inflated); EPUBs as they are.
    public static var corpusSourceDirectory: String { repositoryRoot + "/Tests/Corpus" }

    /// A folder holding every corpus book under its own name (`nasty/empty.txt`, `melville-moby-dick.txt`, ...),
    /// text books inflated, made on first use in `.build/test-corpus` and reused while each file has the size its
    /// source says. Tests and the benchmark read books from here by path, as a user's files are read.
    ///
    /// - Throws: ``CorpusError`` when a book cannot be inflated or written.
    public static var corpusDirectory: String {
        get throws { try materializedCorpus.get() }
    }

    /// The text books of the corpus (every `.txt`, including `nasty/`), as paths relative to
    /// ``corpusDirectory``, sorted.
    public static var corpusTextBooks: [String] {
        corpusSourceFiles.filter { $0.hasSuffix(".txt.gz") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// Reads a corpus text book with the plain-text reader.
    public static func corpusText(_ name: String) throws -> StyledText {
        try PlainTextReader().read(path: corpusPath(name)).text
    }

    /// The path of corpus book `name` (relative to the corpus, as ``corpusTextBooks`` lists them).
    ///
    /// - Throws: ``CorpusError`` when the corpus holds no such book or it cannot be made.
    public static func corpusPath(_ name: String) throws -> String {
        let path = try corpusDirectory + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            throw CorpusError(description: "Tests/Corpus holds no book \(name)")
        }
        return path
    }

    /// The bytes of corpus book `name`.
    public static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpusPath(name))))
    }

    /// A failure to find or inflate a corpus book.
    public struct CorpusError: Error, CustomStringConvertible {
        /// One line naming the book and the reason.
        public let description: String
    }

    /// Every file of `Tests/Corpus` but its notes, relative to it.
    static var corpusSourceFiles: [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: corpusSourceDirectory) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".gz") || $0.hasSuffix(".epub") }
    }

    /// Made once per process; files already in place (from an earlier run or another test process) are kept.
    private static let materializedCorpus: Result<String, CorpusError> = Result { () throws(CorpusError) -> String in
        let target = repositoryRoot + "/.build/test-corpus"
        for file in corpusSourceFiles {
            let source = corpusSourceDirectory + "/" + file
            let isGzip = file.hasSuffix(".gz")
            let destination = target + "/" + (isGzip ? String(file.dropLast(3)) : file)
            let expectedSize = isGzip ? try gzipInflatedSize(source) : try fileSize(source)
            if (try? fileSize(destination)) == expectedSize { continue }
            let bytes = isGzip ? try inflateGzip(source) : [UInt8](try readFile(source))
            guard bytes.count == expectedSize else {
                throw CorpusError(description: "\(file): inflated to \(bytes.count) bytes, its trailer says \(expectedSize)")
            }
            try writeAtomically(bytes, to: destination)
        }
        return target
    }

    private static func readFile(_ path: String) throws(CorpusError) -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CorpusError(description: "\(path) cannot be read (\(error.localizedDescription))")
        }
    }

    private static func fileSize(_ path: String) throws(CorpusError) -> Int {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber else {
            throw CorpusError(description: "\(path) is missing")
        }
        return size.intValue
    }

    /// The size a gzip member inflates to, from its trailer (ISIZE, the size modulo 2³²; corpus books are far smaller).
    private static func gzipInflatedSize(_ path: String) throws(CorpusError) -> Int {
        let data = try readFile(path)
        guard data.count >= 18 else { throw CorpusError(description: "\(path) is too short to be gzip") }
        let tail = data.suffix(4).map { Int($0) }
        return tail[0] | tail[1] << 8 | tail[2] << 16 | tail[3] << 24
    }

    private static func inflateGzip(_ path: String) throws(CorpusError) -> [UInt8] {
        guard let file = gzopen(path, "rb") else { throw CorpusError(description: "\(path) cannot be opened") }
        defer { gzclose(file) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            guard count >= 0 else { throw CorpusError(description: "\(path) is not valid gzip data") }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<Int(count)])
        }
    }

    /// Writes to a temporary name beside the destination and renames it into place, so that test processes
    /// running at once never see half a book.
    private static func writeAtomically(_ bytes: [UInt8], to destination: String) throws(CorpusError) {
        let url = URL(fileURLWithPath: destination)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw CorpusError(description: "\(destination) cannot be written (\(error.localizedDescription))")
        }
    }
}
