internal import CICU

/// Owner of one ICU collation search (`UStringSearch` with its collator and, for whole words, its word break
/// iterator): the pattern is fixed, the text changes with ``matches(in:)``.
///
/// Not thread-safe: a search run owns its own.
final class StringSearcher {
    private let raw: OpaquePointer

    /// Opens a search for `pattern` (non-empty) with `options`' strength in `language`'s collation.
    ///
    /// - Throws: ``SearchError`` when ICU cannot open it (it falls back to the root collation for a language it
    ///   does not know, so this means it ran out of memory or lacks its data).
    init(pattern: [UInt16], options: SearchOptions, language: String?) throws(SearchError) {
        let strength: Int32
        if options.exact {
            strength = Int32(CICU_STRENGTH_IDENTICAL)
        } else {
            strength = Int32(options.diacriticSensitive ? CICU_STRENGTH_SECONDARY : CICU_STRENGTH_PRIMARY)
        }
        let caseLevel: Int32 = !options.exact && options.caseSensitive ? 1 : 0
        var status: Int32 = 0
        let opened = pattern.withUnsafeBufferPointer { units in
            (language ?? "").withCString { tag in
                CICU_stringSearchOpen(units.baseAddress, Int32(units.count), tag, strength, caseLevel,
                                      options.wholeWord ? 1 : 0, &status)
            }
        }
        guard let opened else { throw SearchError(description: "ICU cannot open a collation search (error \(status))") }
        raw = opened
    }

    deinit { CICU_stringSearchClose(raw) }

    /// The matches in `text` (read units), in order and not overlapping, as ranges of `text`'s indices.
    ///
    /// - Throws: ``SearchError`` when ICU reports an error.
    func matches(in text: UnsafeBufferPointer<UInt16>) throws(SearchError) -> [Range<Int>] {
        guard let base = text.baseAddress, !text.isEmpty else { return [] }
        let status = CICU_stringSearchSetText(raw, base, Int32(text.count))
        guard status == 0 else { throw SearchError(description: "ICU cannot search this text (error \(status))") }
        var result: [Range<Int>] = []
        let capacity = 64
        var starts = [Int32](repeating: 0, count: capacity), lengths = [Int32](repeating: 0, count: capacity)
        while true {
            let count = CICU_stringSearchNextBatch(raw, &starts, &lengths, Int32(capacity))
            if count < 0 { throw SearchError(description: "ICU's search failed (error \(-count))") }
            if count == 0 { return result }
            for i in 0..<Int(count) {
                result.append(Int(starts[i])..<(Int(starts[i]) + Int(lengths[i])))
            }
        }
    }
}
