#if canImport(Glibc)
import Glibc
#endif
internal import CTextCat

extension TextCatClassifier {
    /// The candidates' names for UTF-8 `text`, best first, as `textcat_Classify` gives them; empty where it says
    /// SHORT (no fingerprint) or UNKNOWN (no candidate, or more than five).
    func classify(_ text: [UInt8]) -> [String] {
        guard let sample = Self.fingerprint(of: text) else { return [] }
        var table = RankTable(sample)
        // textcat_ClassifyFull: each model scored with the threshold so far as its cutoff (a score past it is
        // INT_MAX); the threshold is 1.03 times the best score so far.
        var scores: [Int] = []
        scores.reserveCapacity(models.count)
        var best = Int(Int32.max), threshold = Int(Int32.max)
        for model in models {
            let sum = table.distance(to: model.ngrams)
            let score = sum > threshold ? Int(Int32.max) : sum
            scores.append(score)
            if score < best {
                best = score
                threshold = Int(Double(score) * Self.thresholdFactor)
            }
        }
        let candidates = scores.indices.filter { scores[$0] < threshold }
        guard candidates.count <= Self.maximumCandidates else { return [] }
        // qsort by score over at most five candidates: glibc's merge sort, stable, so ties keep the models' order.
        return candidates.sorted { (scores[$0], $0) < (scores[$1], $1) }.map { models[$0].name }
    }

    /// The sample's n-grams in rank order, made by libexttextcat (`fp_Create` with `textcat_ClassifyFull`'s
    /// properties) and read back through `fp_Print`; nil when the text is too short for a fingerprint.
    static func fingerprint(of text: [UInt8]) -> [NGram?]? {
        guard let handle = fp_Init(nil) else { return nil }
        defer { fp_Done(handle) }
        _ = fp_SetProperty(handle, TCPROP_UTF8AWARE, Int32(TC_TRUE.rawValue))
        _ = fp_SetProperty(handle, TCPROP_MINIMUM_DOCUMENT_SIZE, 1)
        // NUL-terminated: fp_Create's scan runs past its size on white space and stops only at a NUL.
        let terminated = text + [0]
        let created = terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map {
                fp_Create(handle, UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), UInt32(truncatingIfNeeded: text.count),
                          UInt32(maximumNGrams))
            } ?? 0
        }
        guard created != 0 else { return nil }
        var output: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&output, &size) else { return nil }
        fp_Print(handle, stream)
        fclose(stream)
        defer { free(output) }
        guard let output else { return nil }
        // One n-gram a line (n-grams hold no white space: fp_Create turns it into underscores).
        let printed = UnsafeRawBufferPointer(start: output, count: size)
        return printed.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { NGram(UnsafeRawBufferPointer(rebasing: $0)) }
    }

    /// The sample's n-grams by value, each with its rank: an open-addressed table the size of a power of two at
    /// least twice the n-grams.
    struct RankTable {
        private var keys: [NGram]
        private var ranks: [Int32]
        private let shift: UInt64
        let count: Int
        /// For each of the sample's n-grams, the last model that matched it (``distance(to:)``'s counter).
        private var matchedBy: [Int32]
        private var models: Int32 = 0

        init(_ ngrams: [NGram?]) {
            var bits = 4
            while 1 << bits < ngrams.count * 2 { bits += 1 }
            keys = Array(repeating: NGram(), count: 1 << bits)
            ranks = Array(repeating: -1, count: 1 << bits)
            shift = UInt64(64 - bits)
            count = ngrams.count
            matchedBy = Array(repeating: -1, count: ngrams.count)
            for (rank, ngram) in ngrams.enumerated() {
                // One longer than any model's n-gram matches none: it costs the out-of-place penalty.
                guard let ngram else { continue }
                var slot = Int(truncatingIfNeeded: ngram.slotHash >> shift)
                while ranks[slot] >= 0 { slot = (slot + 1) & (keys.count - 1) }
                keys[slot] = ngram
                ranks[slot] = Int32(truncatingIfNeeded: rank)
            }
        }

        /// The sample's rank of `ngram`, or nil.
        func rank(of ngram: NGram) -> Int? {
            var slot = Int(truncatingIfNeeded: ngram.slotHash >> shift)
            while ranks[slot] >= 0 {
                if keys[slot] == ngram { return Int(ranks[slot]) }
                slot = (slot + 1) & (keys.count - 1)
            }
            return nil
        }

        /// `fp_Compare`'s sum: for each of the sample's n-grams, how far its rank is from the model's, or 400 when
        /// the model lacks it. A model n-gram repeated counts once, at its first rank (fp_Compare's merge meets
        /// the first after a stable sort).
        mutating func distance(to model: [NGram]) -> Int {
            models += 1
            var sum = 0, found = 0
            for (modelRank, ngram) in model.enumerated() {
                guard let rank = rank(of: ngram), matchedBy[rank] != models else { continue }
                matchedBy[rank] = models
                found += 1
                sum += abs(modelRank - rank)
            }
            return sum + (count - found) * TextCatClassifier.outOfPlace
        }
    }
}
