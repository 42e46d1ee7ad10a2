internal import CHyphen
import Glibc
import Synchronization

/// One pattern dictionary: Liang's TeX patterns converted by Hunspell's `substrings.pl`, as Debian's `hyphen-*`
/// packages install them in `/usr/share/hyphen/`, read in the charset the file declares and built into libhyphen's
/// automaton by ``HyphenationAutomaton``.
///
/// The patterns are matched by libhyphen, not by hand. A dictionary is loaded once per file for the whole process
/// (see ``dictionary(forLanguage:)``) and shared by every thread without a lock: `hnj_hyphen_hyphenate2` only
/// reads the dictionary (its states, transitions and `NOHYPHEN` list) and allocates its scratch per call, with no
/// static state (hyphen.c, libhyphen 2.8). A lock here made the two layout threads queue for every new word
/// (perf: 1.5 % of a justified layout spent waiting in it).
final class HyphenationDictionary: Sendable {
    /// The pattern file.
    let path: String
    /// The charset the file declares (its words are matched in UTF-8 whatever it is).
    let charset: String
    /// `LEFTHYPHENMIN` / `RIGHTHYPHENMIN` as the file declares them (0 when it does not).
    let leftMinimum: Int
    let rightMinimum: Int
    private let automaton: HyphenationAutomaton

    /// Loads the pattern file at `path`; nil when it cannot be read or its charset is unknown.
    convenience init?(path: String) {
        guard let file = try? HyphenationPatternFile(path: path) else { return nil }
        self.init(file, path: path)
    }

    /// A dictionary of a pattern file already read.
    init(_ file: HyphenationPatternFile, path: String) {
        self.path = path
        charset = file.charset
        // hnj_hyphen_hyphenate2 reads the minimums of the level it is given (the first: the file's own, or the
        // level added in front of a file without NEXTLEVEL, which copies them).
        leftMinimum = file.levels[0].leftMinimum
        rightMinimum = file.levels[0].rightMinimum
        automaton = HyphenationAutomaton(file)
    }

    /// The states of every level, and the bytes they take.
    var size: (states: Int, bytes: Int) { (automaton.stateCount, automaton.byteCount) }

    /// Where the patterns allow a hyphen in `word` (lower-case scalars, letters only): `result[i]` is true when a
    /// break may follow scalar `i`. Standard hyphenation only: a pattern that changes the spelling at the break
    /// (`Schiffahrt` → `Schiff-fahrt`) is ignored, because the text's offsets never move.
    func hyphenationPoints(_ word: [Unicode.Scalar]) -> [Bool] {
        var result = [Bool](repeating: false, count: word.count)
        guard word.count >= 2 else { return result }
        var bytes: [CChar] = []
        bytes.reserveCapacity(word.count * 2 + 1)
        for scalar in word {
            if let encoded = UTF8.encode(scalar) {
                for byte in encoded { bytes.append(CChar(bitPattern: byte)) }
            }
        }
        let size = bytes.count
        bytes.append(0)
        var hyphens = [CChar](repeating: 0, count: size + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var positions: UnsafeMutablePointer<Int32>? = nil
        var cuts: UnsafeMutablePointer<Int32>? = nil
        let status = hnj_hyphen_hyphenate2(automaton.dictionary, bytes, Int32(size), &hyphens, nil, &replacements, &positions, &cuts)
        // libhyphen allocates the non-standard arrays only when a pattern needs them; they are ours to free.
        defer {
            if let replacements {
                for i in 0..<size { free(replacements[i]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return result }
        // Every dictionary is UTF-8 in memory, for which libhyphen reports positions per character.
        for i in 0..<(word.count - 1) where hyphens[i] & 1 == 1 {
            if let replacements, replacements[i] != nil { continue }
            result[i] = true
        }
        return result
    }
}

extension HyphenationDictionary {
    /// Where Debian's `hyphen-*` packages install their patterns.
    static let directory = "/usr/share/hyphen"

    private static let loaded = Locked<[String: HyphenationDictionary?]>([:])

    /// The dictionary for a BCP 47 language tag, loaded on first use and then shared; nil when none is installed.
    ///
    /// `en-GB` looks for `hyph_en_GB.dic`, then `hyph_en.dic`, then the first `hyph_en_*.dic` in name order (so
    /// `ru` finds `hyph_ru_RU.dic`); scripts and variants are ignored. With no match the language is not
    /// hyphenated automatically (soft hyphens still are).
    static func dictionary(forLanguage tag: String) -> HyphenationDictionary? {
        guard let path = patternFile(forLanguage: tag) else { return nil }
        var resolved = path
        if let real = realpath(path, nil) { resolved = String(cString: real); free(real) }
        return loaded.withLock { cache in
            if let known = cache[resolved] { return known }
            let made = HyphenationDictionary(path: resolved)
            cache[resolved] = made
            return made
        }
    }

    /// The pattern file for a language tag, following the rules of ``dictionary(forLanguage:)``.
    static func patternFile(forLanguage tag: String, in directory: String = HyphenationDictionary.directory) -> String? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else { return nil }
        let language = first.lowercased()
        let region = subtags.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) })?.uppercased()
        var names: [String] = []
        if let region { names.append("hyph_\(language)_\(region).dic") }
        names.append("hyph_\(language).dic")
        for name in names where access("\(directory)/\(name)", R_OK) == 0 { return "\(directory)/\(name)" }
        // Any regional variant, in name order.
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var variants: [String] = []
        let prefix = "hyph_\(language)_"
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix) && name.hasSuffix(".dic") { variants.append(name) }
        }
        return variants.sorted().first.map { "\(directory)/\($0)" }
    }
}
