import CHyphen
import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Typeset's own loader of libhyphen's pattern files (``HyphenationPatternFile``, ``HyphenationAutomaton``): every
/// file read in the charset its first line declares, and the automaton it builds hyphenating exactly as the one
/// libhyphen's `hnj_hyphen_load` builds from the same file.
@Suite struct HyphenationPatternTests {
    /// Every installed pattern file (`/usr/share/hyphen/hyph_*.dic`, symbolic links resolved, each file once).
    static var installedPatternFiles: [String] {
        let directory = HyphenationDictionary.directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let paths = names.filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }.sorted()
            .map { URL(fileURLWithPath: directory + "/" + $0).resolvingSymlinksInPath().path }
        return Array(Set(paths)).sorted()
    }

    /// Words made of the letters of a file's patterns (in its own bytes and charset): each pattern's letters, and
    /// pairs of them joined, 4 to 30 bytes long, so that many patterns meet inside one word.
    static func words(fromPatternFile bytes: [UInt8], count: Int) -> [[UInt8]] {
        var stems: [[UInt8]] = []
        var level = 0
        for line in bytes.split(separator: 0x0A).dropFirst() {
            if line.starts(with: Array("NEXTLEVEL".utf8)) { level += 1 }
            guard let first = line.first, first != UInt8(ascii: "%"), first > 0x20,
                  !line.starts(with: Array("NOHYPHEN".utf8)), !line.contains(UInt8(ascii: "/")) else { continue }
            let letters = line.filter { $0 > 0x20 && !(0x30...0x39).contains($0) && $0 != UInt8(ascii: ".")
                && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "'") }
            if letters.count >= 2 && !letters.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { stems.append(Array(letters)) }
        }
        guard !stems.isEmpty else { return [] }
        var generator = SplitMix64(seed: UInt64(bytes.count))
        var words: [[UInt8]] = []
        while words.count < count {
            var word = stems[Int(generator.next() % UInt64(stems.count))]
            while word.count < 4 + Int(generator.next() % 16) { word += stems[Int(generator.next() % UInt64(stems.count))] }
            if word.count <= 30 { words.append(word) }
        }
        return words
    }

    /// libhyphen's own answer for `word` (bytes in the file's charset): after which characters it may break.
    static func reference(_ dictionary: UnsafeMutablePointer<HyphenDict>, _ word: [UInt8], characters: Int) -> [Bool] {
        var hyphens = [CChar](repeating: 0, count: word.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var positions: UnsafeMutablePointer<Int32>? = nil
        var cuts: UnsafeMutablePointer<Int32>? = nil
        let bytes = word.map { CChar(bitPattern: $0) } + [0]
        _ = hnj_hyphen_hyphenate2(dictionary, bytes, Int32(word.count), &hyphens, nil, &replacements, &positions, &cuts)
        defer {
            if let replacements {
                for i in 0..<word.count { free(replacements[i]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        return (0..<characters).map { i in
            i < characters - 1 && hyphens[i] & 1 == 1 && !(replacements.map { $0[i] != nil } ?? false)
        }
    }

    /// The test that the loader is right: on every installed pattern file (English, German, French, Spanish,
    /// Italian, Russian: UTF-8, ISO-8859-1 and KOI8-R, with and without a second level), thousands of words give
    /// the hyphenation points libhyphen's own loader gives.
    @Test(arguments: installedPatternFiles)
    func everyInstalledPatternFileHyphenatesAsLibhyphensOwnLoader(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let file = try HyphenationPatternFile(bytes: bytes)
        #expect(file.charset == String(decoding: bytes.prefix(while: { $0 != 0x0A && $0 != 0x0D }), as: UTF8.self))
        let dictionary = HyphenationDictionary(file, path: path)
        let reference = try #require(hnj_hyphen_load(path))
        defer { hnj_hyphen_free(reference) }
        #expect(Int(reference.pointee.lhmin) == dictionary.leftMinimum && Int(reference.pointee.rhmin) == dictionary.rightMinimum)

        let words = Self.words(fromPatternFile: bytes, count: 3_000)
        #expect(words.count == 3_000, "\(path): no words made from its patterns")
        // The same words decoded by the loader itself: a file of one pattern per word, in the file's charset.
        let header = Array(bytes.prefix(while: { $0 != 0x0A && $0 != 0x0D })) + [0x0A]
        let level = try HyphenationPatternFile(bytes: header + Array(words.joined(separator: [0x0A]))).levels[0]
        let decoded = level.patterns.map { String(decoding: level.bytes($0.word), as: UTF8.self) }
        try #require(decoded.count == words.count)
        var differences: [String] = []
        var breaks = 0
        for (word, text) in zip(words, decoded) {
            let scalars = Array(text.unicodeScalars)
            let ours = dictionary.hyphenationPoints(scalars)
            let theirs = Self.reference(reference, word, characters: scalars.count)
            breaks += ours.filter { $0 }.count
            if ours != theirs && differences.count < 5 {
                func show(_ points: [Bool]) -> String {
                    zip(scalars, points).map { String($0.0) + ($0.1 ? "-" : "") }.joined()
                }
                differences.append("\(show(ours)) vs libhyphen \(show(theirs))")
            }
        }
        #expect(differences.isEmpty, "\(path): \(differences)")
        #expect(breaks > words.count / 4, "\(path): \(breaks) hyphenation points in \(words.count) words")
    }

    /// Russian: Debian's patterns are KOI8-R; read as Latin-1 they matched nothing and no Russian word was ever
    /// hyphenated. (The expectations are libhyphen's on the KOI8-R bytes, within Typeset's word rules.)
    @Test func russianWordsAreHyphenated() {
        func hyphenated(_ word: String) -> String {
            let units = Array(word.utf16)
            var points: [UInt32] = []
            Hyphenator().hyphenationPoints(units[...], language: "ru", into: &points)
            var out = units
            for point in points.reversed() { out.insert(0x2D, at: Int(point)) }
            return String(decoding: out, as: UTF16.self)
        }
        #expect(hyphenated("программирование") == "программи-ро-ва-ние")
        #expect(hyphenated("воспитание") == "воспи-та-ние")
        #expect(hyphenated("Государство") == "Государ-ство")
    }

    /// A justified Russian paragraph in a narrow column takes hyphens at the ends of its lines.
    @Test func russianTextIsHyphenatedInLayout() throws {
        let text = StyledText(plain: String(repeating: "Государственное программирование и воспитание превосходительства. ", count: 12),
                              language: "ru")
        var settings = Fixtures.settings
        settings.alignment = .justified
        settings.hyphenation = true
        settings.pageSize = Size(width: 220, height: 2000)
        settings.margins = EdgeInsets(all: 10)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
        let hyphenated = layout.lines(onPage: 0).filter(\.isHyphenated)
        #expect(hyphenated.count >= 3, "\(hyphenated.count) hyphenated lines")
    }

    /// A charset ICU does not know leaves the file unread (nil: no hyphenation for its language), never a crash;
    /// LibreOffice's `microsoft-cp1251` is read as Windows-1251.
    @Test func charsets() throws {
        #expect(throws: HyphenationPatternFile.Failure.unknownCharset("X-NOT-A-CHARSET")) {
            try HyphenationPatternFile(bytes: Array("X-NOT-A-CHARSET\nab1c\n".utf8))
        }
        let cp1251 = try HyphenationPatternFile(bytes: Array("microsoft-cp1251\n".utf8) + [0xE0, 0x31, 0xE1, 0x0A])
        let level = cp1251.levels[0]
        #expect(level.patterns.map { String(decoding: level.bytes($0.word), as: UTF8.self) } == ["аб"])
        // A digit per byte of the UTF-8 letters, as libhyphen keeps them.
        #expect(level.patterns.first.map { Array(level.bytes($0.digits)) } == Array("00100".utf8))
        #expect(HyphenationDictionary(path: "/nonexistent/hyph_xx.dic") == nil)
    }
}
