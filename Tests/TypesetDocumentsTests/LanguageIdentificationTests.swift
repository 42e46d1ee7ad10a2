import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The language of plain text that does not say it, guessed with libexttextcat and used for hyphenation.
@Suite struct LanguageIdentificationTests {
    @Test(arguments: [
        ("austen-pride-and-prejudice.txt", "en", LanguageSource.identified),
        ("tolstoy-war-and-peace.txt", "en", .declared),
        ("dumas-le-comte-de-monte-cristo-tome-1.fr.txt", "fr", .identified),
        ("kafka-die-verwandlung.de.txt", "de", .identified),
        ("pushkin-kapitanskaya-dochka.ru.txt", "ru", .identified),
        ("cao-xueqin-hong-lou-meng.zh-hant.txt", "zh-Hant", .identified),
        ("galen-adhortatio-ad-artes-addiscendas.grc.txt", "grc", .identified),
        ("quran-tanzil-uthmani.ar.txt", "ar", .identified),
        ("aozora-chukiichiran-kinyurei.sjis-crlf.txt", "ja", .convention),
        ("nasty/vos-entre-nous-lectures-francaises.latin1.txt", "fr", .declared),
    ])
    func everyCorpusBookHasItsLanguage(book: String, language: String, source: LanguageSource) throws {
        let document = try PlainTextReader().read(path: try Fixtures.corpusPath(book))
        #expect(document.text.language == language && document.languageSource == source,
                "\(book): \(document.text.language ?? "nil") (\(document.languageSource.map(\.rawValue) ?? "nil"))")
    }

    @Test(arguments: [("ja", "ja"), ("zh-hans", "zh-Hans"), ("zh-hant", "zh-Hant"), ("ru", "ru"), ("fr", "fr"), ("en", "en"),
                      ("pl", "pl"), ("el", "el")])
    func smallTextsInManyLanguages(file: String, language: String) throws {
        let bytes = try EncodingTests.fixture(file + ".utf8.txt")
        let document = try PlainTextReader().read(bytes: bytes, name: file)
        #expect(document.text.language == language, "\(file): \(document.text.language ?? "nil")")
    }

    @Test func tooLittleTextHasNoLanguage() throws {
        let document = try PlainTextReader().read(bytes: Array("Hello there.\n".utf8), name: "short.txt")
        #expect(document.text.language == nil && document.languageSource == nil)
        var reader = PlainTextReader()
        reader.identifiesLanguage = false
        let pushkin = try reader.read(path: try Fixtures.corpusPath("pushkin-kapitanskaya-dochka.ru.txt"))
        #expect(pushkin.text.language == nil)
    }

    @Test func theGuessedLanguageHyphenates() throws {
        // Monte-Cristo has no header saying it is French: the guess finds the French patterns (hyphen-fr).
        func hyphenatedLines(identifying: Bool) throws -> Int {
            var reader = PlainTextReader()
            reader.identifiesLanguage = identifying
            let document = try reader.read(path: try Fixtures.corpusPath("dumas-le-comte-de-monte-cristo-tome-1.fr.txt"))
            var settings = Fixtures.settings
            settings.alignment = .justified
            settings.hyphenation = true
            let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
            // Sections 2 to 4: chapters (0 and 1 are the title and the table of contents, never hyphenated).
            let shaped = try typesetter.shape(document.text, fontFamily: settings.fontFamily, sections: 2..<5)
            let layout = try typesetter.layout(shaped, settings: settings)
            return layout.pages.indices.flatMap { layout.lines(onPage: $0) }.filter(\.isHyphenated).count
        }
        let withGuess = try hyphenatedLines(identifying: true)
        #expect(withGuess > 10, "\(withGuess)")
        #expect(try hyphenatedLines(identifying: false) == 0)
    }
}
