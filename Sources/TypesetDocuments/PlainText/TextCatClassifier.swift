#if canImport(Glibc)
import Glibc
#endif
internal import CTextCat

/// libexttextcat's `textcat_Classify`, with the models read here rather than by its `textcat_Init`, which read
/// each model line by line (fgets) and sorted it (qsort) on every start: 19 % of the instructions of a one-page
/// run (callgrind, 20.2 M of 106.8 M). Here each model is one read, kept in rank order, and scored against a table
/// of the sample's n-grams. The sample's fingerprint is still libexttextcat's own (`fp_Create`), and the scores,
/// the threshold and the candidates are computed as `textcat_ClassifyFull` computes them, so the answers are the
/// library's (TextCatClassifierTests compares the two on 177 samples).
struct TextCatClassifier: Sendable {
    /// One language's model: its name and the n-grams of its first ``maximumNGrams`` usable lines, in rank order.
    struct Model: Sendable {
        let name: String
        let ngrams: [NGram]
    }

    /// An n-gram of at most 20 bytes (libexttextcat's MAXNGRAMSIZE), zero-padded into three words: n-grams are C
    /// strings, so no byte of one is zero and the padding is unambiguous.
    struct NGram: Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

        /// The empty n-gram (a blank model line gives one).
        init() {}

        /// Nil for more than 24 bytes (which no model n-gram has).
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count <= 24 else { return nil }
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        }

        static func == (a: NGram, b: NGram) -> Bool { a.words == b.words }
        func hash(into hasher: inout Hasher) { hasher.combine(words.0); hasher.combine(words.1); hasher.combine(words.2) }

        /// A cheap hash for ``RankTable``.
        var slotHash: UInt64 {
            (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ (words.2 &* 0x1656_67B1_9E37_79F9)
        }
    }

    /// libexttextcat's constants (constants.h): n-grams per fingerprint, the penalty of an n-gram a model lacks,
    /// the candidates' threshold over the best score, and the most candidates that still make an answer.
    static let maximumNGrams = 400, outOfPlace = 400, thresholdFactor = 1.03, maximumCandidates = 5
    /// The longest n-gram a model line may hold (longer lines are skipped, as fp_Read skips them).
    static let maximumNGramBytes = 20

    let models: [Model]

    /// Reads the models, each `(path, name)`; nil when one cannot be read (as `textcat_Init` gives up).
    init?(files: [(path: String, name: String)]) {
        var models: [Model] = []
        for file in files {
            guard let bytes = Self.contents(of: file.path) else { return nil }
            models.append(Model(name: file.name, ngrams: Self.ngrams(ofModel: bytes)))
        }
        self.models = models
    }

    /// The model's n-grams as `fp_Read` takes them: each line as `fgets` gives it (at most 1023 bytes, through its
    /// newline), cut at its first newline or carriage return (`wg_getline`), trimmed of white space (`wg_trim`),
    /// and cut at its first space or tab; lines left longer than 20 bytes are skipped; the first 400 kept.
    static func ngrams(ofModel bytes: [UInt8]) -> [NGram] {
        var result: [NGram] = []
        result.reserveCapacity(maximumNGrams)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        // One pass finds both the line's end and where its text stops (54 models of 400 lines are read on every
        // start that guesses a language: four passes a line were 4.5 M instructions, 5 % of a one-page run).
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while result.count < maximumNGrams, start < buffer.count {
                let limit = min(buffer.count, start + 1023)
                var end = start, stop = limit
                while end < limit {
                    let byte = base[end]
                    end += 1
                    if byte <= 0x0D && (byte == 0x0A || byte == 0x0D || byte == 0) {
                        stop = min(stop, end - 1)
                        if byte == 0x0A { break }
                    }
                }
                stop = min(stop, end)
                var first = start
                while first < stop, isSpace(base[first]) { first += 1 }
                var last = stop
                while last > first, isSpace(base[last - 1]) { last -= 1 }
                var cut = first
                while cut < last, base[cut] != 0x20, base[cut] != 0x09 { cut += 1 }
                if cut - first <= maximumNGramBytes, let ngram = NGram(UnsafeRawBufferPointer(start: base + first, count: cut - first)) {
                    result.append(ngram)
                }
                start = end
            }
        }
        return result
    }

    /// The whole file, or nil when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
