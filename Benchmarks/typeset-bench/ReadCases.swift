import Foundation
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The books of the read.* rows (issue 19): what opening a plain-text book costs.
enum ReadBook: String, CaseIterable {
    /// War and Peace, UTF-8 with Gutenberg's header and licence (3.2 M units, 365 chapters).
    case wap
    /// Hong Lou Meng, UTF-8, Traditional Chinese (120 chapters).
    case hlm
    /// The same Hong Lou Meng converted to GB18030 by iconv: the charset detector and ICU's conversion at work.
    case hlmGB18030 = "hlm-gb18030"

    var corpusFile: String {
        switch self {
        case .wap: return "tolstoy-war-and-peace.txt"
        case .hlm, .hlmGB18030: return "cao-xueqin-hong-lou-meng.zh-hant.txt"
        }
    }

    /// The encoding and language a caller who knows them would declare (the .declared rows).
    var declared: (encoding: String, language: String) {
        switch self {
        case .wap: return ("UTF-8", "en")
        case .hlm: return ("UTF-8", "zh-Hant")
        case .hlmGB18030: return ("GB18030", "zh-Hant")
        }
    }
}

extension Bench {
    static let readCases: [BenchCase] = ReadBook.allCases.flatMap { book in
        [BenchCase(name: "read.\(book.rawValue)", summary: "PlainTextReader().read(bytes:) of \(book.corpusFile)\(book == .hlmGB18030 ? " in GB18030" : ""): detection on (encoding, conventions, chapters, language)") {
            try $0.read(book, declared: false)
        },
         BenchCase(name: "read.\(book.rawValue).declared", summary: "the same read with the encoding given and language identification off (what a caller who knows both pays)") {
            try $0.read(book, declared: true)
        }]
    }

    /// The bytes of a read.* book (the GB18030 one made once by iconv into Benchmarks/.data).
    func readBytes(_ book: ReadBook) throws -> [UInt8] {
        let source = try Fixtures.corpusPath(book.corpusFile)
        guard book == .hlmGB18030 else { return try Fixtures.corpusBytes(book.corpusFile) }
        let path = Paths.data + "/hong-lou-meng.gb18030.txt"
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: Paths.data, withIntermediateDirectories: true)
            let (status, _) = try run("/bin/sh", ["-c", "iconv -f UTF-8 -t GB18030 \"$0\" > \"$1.tmp\" && mv \"$1.tmp\" \"$1\"", source, path])
            guard status == 0 else { throw InputError(description: "iconv could not make \(path)") }
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// read.<book> and read.<book>.declared, measured interleaved. The row's checksum is the text's length plus the
    /// number of headings found, so a change in what is read shows.
    func read(_ book: ReadBook, declared: Bool) throws -> CaseResult {
        func rowName(_ declared: Bool) -> String { "read.\(book.rawValue)" + (declared ? ".declared" : "") }
        let name = rowName(declared)
        if let row = measuredAhead.removeValue(forKey: name) { return row }
        let bytes = try readBytes(book)
        let variants = [false, true].filter { selected.contains(rowName($0)) }
        // The first read in the process loads libexttextcat's models (once per process); timed here, outside the rows.
        let t0 = nowMilliseconds()
        let first = try PlainTextReader().read(bytes: bytes, name: book.corpusFile)
        let firstRead = nowMilliseconds() - t0
        func reader(_ declared: Bool) -> PlainTextReader {
            guard declared else { return PlainTextReader() }
            var reader = PlainTextReader(encoding: TextEncoding(named: book.declared.encoding))
            reader.identifiesLanguage = false
            return reader
        }
        let items = variants.map { isDeclared in
            Timed(body: {
                let document = try reader(isDeclared).read(bytes: bytes, name: book.corpusFile)
                retainedResult = document
                return document.text.length &+ document.headings.count
            })
        }
        let timings = try measureInterleaved(items, runs: options.runs, warmup: options.warmup)
        let language = first.text.language.map { "\($0) (\(first.languageSource?.rawValue ?? "?"))" } ?? "none"
        for (isDeclared, t) in zip(variants, timings) {
            var notes = String(format: "%@ B → %@ units, %d headings; %@", grouped(bytes.count), grouped(first.text.length),
                               first.headings.count, isDeclared ? "encoding \(book.declared.encoding) given, no identification"
                                   : "\(first.decoding.summary); language \(language)")
            if !isDeclared { notes += String(format: "; first read in the process %@ ms", format(firstRead)) }
            measuredAhead[rowName(isDeclared)] = result(rowName(isDeclared), timings: t, notes: notes,
                                                        extra: ["bytes": Double(bytes.count), "utf16_units": Double(first.text.length)])
        }
        return measuredAhead.removeValue(forKey: name)!
    }
}
