/// Finds where the words of a paragraph may take a hyphen, for one thread: the words are cut out here (letters
/// between spaces and punctuation), the patterns are libhyphen's (``HyphenationDictionary``), and the answer per
/// word is cached, so a book's repeated words cost one dictionary lookup each.
///
/// Hyphenation points do not depend on width, so they could be computed at shaping time; they are computed lazily
/// at the first layout that asks for hyphenation instead, so that shaping costs nothing more when hyphenation is off.
///
/// Never hyphenated: words shorter than the language's minimum, words in capitals only (acronyms), words holding a
/// soft hyphen (the author's breaks take precedence, as in CSS `hyphens: auto`), words longer than
/// ``maximumWordLength`` letters, and every word of a space-delimited token that looks like a URL or an e-mail
/// address (it holds `@`, `/`, `\`, starts with `www.`, or has a period between two letters).
final class Hyphenator {
    /// Longer words are left to the line breaker's emergency breaks.
    static let maximumWordLength = 60
    /// Cached words before the cache is cleared (a long book has some tens of thousands of distinct words).
    static let cacheLimit = 100_000

    /// Words seen, by a hash of the dictionary and the word's units (FNV-1a, computed without copying the word);
    /// each entry keeps the units to rule out collisions.
    private struct Entry {
        let dictionary: ObjectIdentifier
        let units: [UInt16]
        let points: [UInt8]
    }
    private var cache: [UInt64: [Entry]] = [:]
    /// Words in the cache.
    private(set) var cachedWords = 0
    /// UTF-16 units of paragraphs looked through so far: a count of work, so that tests can check that no paragraph
    /// is looked through once per line (no test times anything).
    private(set) var unitsExamined = 0
    private var dictionaries: [String: (HyphenationDictionary, HyphenationRules)?] = [:]

    /// The dictionary and rules for a language tag (nil when no dictionary is installed for it).
    func resources(forLanguage tag: String) -> (HyphenationDictionary, HyphenationRules)? {
        if let known = dictionaries[tag] { return known }
        let made = HyphenationDictionary.dictionary(forLanguage: tag).map { ($0, HyphenationRules.forLanguage(tag, dictionary: $0)) }
        dictionaries[tag] = made
        return made
    }

    /// Appends to `points` (ascending, content-relative) the offsets inside the words of `units` after which a
    /// hyphen may be set, for `language`; appends nothing when the language has no dictionary.
    func hyphenationPoints(_ units: ArraySlice<UInt16>, language: String, into points: inout [UInt32]) {
        guard let (dictionary, rules) = resources(forLanguage: language) else { return }
        let base = units.startIndex
        let count = units.count
        unitsExamined &+= count
        var tokenStart = 0
        while tokenStart < count {
            // Tokens are separated by white space; a URL-like token is skipped whole.
            while tokenStart < count, CharacterClass.isSeparator(units[base + tokenStart]) { tokenStart += 1 }
            var tokenEnd = tokenStart
            while tokenEnd < count, !CharacterClass.isSeparator(units[base + tokenEnd]) { tokenEnd += 1 }
            if tokenEnd > tokenStart && !Hyphenator.looksLikeAddress(units, from: base + tokenStart, to: base + tokenEnd) {
                var i = tokenStart
                while i < tokenEnd {
                    while i < tokenEnd, !Hyphenator.isWordUnit(units[base + i]) { i += 1 }
                    var j = i
                    while j < tokenEnd, Hyphenator.isWordUnit(units[base + j]) { j += 1 }
                    // A word longer than any the patterns hyphenate is neither looked up nor kept (a unit is a
                    // letter in every word computePoints hyphenates).
                    if j - i >= rules.minimumWordLength && j - i <= Hyphenator.maximumWordLength {
                        for k in wordPoints(units[(base + i)..<(base + j)], dictionary: dictionary, rules: rules) {
                            points.append(UInt32(i + Int(k)))
                        }
                    }
                    i = j
                }
            }
            tokenStart = tokenEnd
        }
    }

    /// The offsets within one word (letters and marks) after which a hyphen may go, cached.
    private func wordPoints(_ word: ArraySlice<UInt16>, dictionary: HyphenationDictionary, rules: HyphenationRules) -> [UInt8] {
        let id = ObjectIdentifier(dictionary)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt(bitPattern: id.hashValue))
        for unit in word { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        if let entries = cache[hash] {
            for entry in entries where entry.dictionary == id && entry.units.elementsEqual(word) { return entry.points }
        }
        let units = Array(word)
        let made = computePoints(units, dictionary: dictionary, rules: rules)
        if cachedWords >= Hyphenator.cacheLimit { cache.removeAll(keepingCapacity: true); cachedWords = 0 }
        cache[hash, default: []].append(Entry(dictionary: id, units: units, points: made))
        cachedWords += 1
        return made
    }

    private func computePoints(_ units: [UInt16], dictionary: HyphenationDictionary, rules: HyphenationRules) -> [UInt8] {
        // Letters: their lower-case forms and the unit offset where each ends.
        var letters: [Unicode.Scalar] = []
        var letterEnds: [Int] = []
        var allCapitals = true
        letters.reserveCapacity(units.count)
        letterEnds.reserveCapacity(units.count)
        for (offset, unit) in units.enumerated() {
            if unit < 0x80 {
                // ASCII letters (the only ASCII that isWordUnit admits): no Unicode tables needed.
                if unit < 0x61 { letters.append(Unicode.Scalar(UInt8(unit | 0x20))) } else { allCapitals = false; letters.append(Unicode.Scalar(UInt8(unit))) }
                letterEnds.append(offset + 1)
                continue
            }
            if unit == 0x00AD { return [] }
            guard let scalar = Unicode.Scalar(unit) else { return [] }  // isWordUnit admits no surrogates
            let properties = scalar.properties
            // A decomposed letter (base + combining mark) would not match the precomposed patterns: such words
            // are left alone rather than hyphenated wrongly.
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .enclosingMark { return [] }
            if !properties.isUppercase { allCapitals = false }
            let lowered = properties.lowercaseMapping.unicodeScalars
            guard lowered.count == 1, let first = lowered.first else { return [] }
            letters.append(first)
            letterEnds.append(offset + 1)
        }
        guard letters.count >= rules.minimumWordLength, letters.count <= Hyphenator.maximumWordLength,
              !allCapitals else { return [] }
        let allowed = dictionary.hyphenationPoints(letters)
        var result: [UInt8] = []
        for i in 0..<(letters.count - 1) where allowed[i] {
            // A break after letter i leaves i + 1 letters before it and count - i - 1 after it.
            guard i + 1 >= rules.leftMinimum, letters.count - i - 1 >= rules.rightMinimum else { continue }
            let offset = letterEnds[i]
            if offset <= Int(UInt8.max) { result.append(UInt8(offset)) }
        }
        return result
    }

    /// Letters, combining marks and the soft hyphen (so that a word holding one is seen whole and left alone).
    @inline(__always)
    static func isWordUnit(_ unit: UInt16) -> Bool {
        if unit < 0x80 { let u = unit | 0x20; return u >= 0x61 && u <= 0x7A }
        if unit == 0x00AD { return true }
        guard let scalar = Unicode.Scalar(unit) else { return false }  // surrogates: outside the dictionaries' scripts
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .spacingMark
    }

    /// Whether a token looks like a URL, a path or an e-mail address.
    static func looksLikeAddress(_ units: ArraySlice<UInt16>, from start: Int, to end: Int) -> Bool {
        func isLetter(_ u: UInt16) -> Bool { let l = u | 0x20; return l >= 0x61 && l <= 0x7A }
        if end - start >= 4, units[start] | 0x20 == 0x77, units[start + 1] | 0x20 == 0x77,
           units[start + 2] | 0x20 == 0x77, units[start + 3] == 0x2E { return true }  // www.
        for i in start..<end {
            switch units[i] {
            case 0x40, 0x2F, 0x5C: return true  // @ / \
            case 0x2E where i > start && i + 1 < end && isLetter(units[i - 1]) && isLetter(units[i + 1]): return true
            default: continue
            }
        }
        return false
    }
}
