import Testing
@testable import TypesetCore

/// `line-break: auto` is strict for Japanese and Chinese (``LineBreakStrictness/isStrictByDefault(_:)``), decided
/// from the language tag of every paragraph shaped, byte by byte for an ASCII tag.
@Suite struct StrictLineBreakLanguageTests {
    /// The reading by characters: the primary subtag (up to the first `-` or `_`) lower-cased.
    static func reference(_ language: String?) -> Bool {
        guard let language else { return false }
        let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return primary == "ja" || primary == "zh" || primary == "yue"
    }

    /// A generated family: each primary subtag (the three strict ones, their neighbours one letter off, longer and
    /// shorter, in any case, with a NUL or a non-ASCII letter) alone and with each kind of rest, agrees with the
    /// reading by characters.
    @Test func everyTagAgreesWithTheReadingByCharacters() {
        let primaries = ["ja", "zh", "yue", "JA", "Zh", "YUE", "yUe", "j", "z", "y", "jaa", "zhh", "yu", "yuee", "ka", "jb",
                         "zi", "yud", "en", "", "\u{0}ja", "j\u{0}a", "ｊａ", "JA\u{301}", "ja\u{301}", "İa", "Ja"]
        let rests = ["", "-JP", "_jp", "-Hant-TW", "-", "_", "--x", "-\u{301}", "\u{301}-JP", "x-ja"]
        var checked = 0
        for primary in primaries {
            for rest in rests {
                let tag = primary + rest
                #expect(LineBreakStrictness.isStrictByDefault(tag) == Self.reference(tag), "\(tag.unicodeScalars.map { String($0.value, radix: 16) })")
                checked += 1
            }
        }
        #expect(LineBreakStrictness.isStrictByDefault(nil) == false)
        #expect(checked == primaries.count * rests.count)
        // The family holds strict tags and others.
        #expect(["ja", "zh-Hant", "YUE_hk"].allSatisfy { LineBreakStrictness.isStrictByDefault($0) })
        #expect(!["jav", "en", "z", "x-ja"].contains { LineBreakStrictness.isStrictByDefault($0) })
    }
}
