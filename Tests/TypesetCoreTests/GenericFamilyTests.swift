import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Generic families carry the text's language to fontconfig, which maps them per script: in a folder of Noto Sans
/// and Noto Sans Hebrew without aliases, `sans-serif` in Hebrew text is the Hebrew face and in English the Latin one.
@Suite struct GenericFamilyTests {
    static let fonts: Result<FontContext, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-generic-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["NotoSans-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoNaskhArabic-Regular.ttf"] {
            try FileManager.default.copyItem(atPath: Fixtures.fontsDirectory + "/" + name, toPath: directory + "/" + name)
        }
        return try FontContext(source: .bundledOnly(directory: directory))
    }

    @Test(arguments: [("he", "Noto Sans Hebrew"), ("he-IL", "Noto Sans Hebrew"), ("ar", "Noto Naskh Arabic"),
                      ("en", "Noto Sans"), ("en-GB", "Noto Sans")])
    func aGenericFamilyIsMappedPerLanguage(_ language: String, _ family: String) throws {
        let context = try Self.fonts.get()
        var settings = ShapingSettings(fontFamily: "Charis SIL")
        settings.replacesBookFonts = false
        var style = TextStyle.body
        style.fontFamily = "sans-serif"
        let descriptor = settings.resolve(style, role: .body, readerFamily: "Charis SIL", language: language).descriptor
        #expect(descriptor.language == FontDescriptor.fontconfigLanguage(language))
        #expect(try context.fontSet(for: descriptor).primary.family == family)
    }

    /// A named family carries no language (its font sets are shared by every language).
    @Test func aNamedFamilyCarriesNoLanguage() {
        let settings = ShapingSettings(fontFamily: "Charis SIL")
        let descriptor = settings.resolve(.body, role: .body, readerFamily: "Charis SIL", language: "he").descriptor
        #expect(descriptor.language == nil)
    }

    /// Generic names in any case are generic (as `lowercased()` compared them); named families, near misses and
    /// non-ASCII look-alikes are not.
    @Test func genericNamesInAnyCase() {
        for name in ["serif", "Serif", "SANS-SERIF", "Sans", "monoSpace", "cursive", "FANTASY", "System-UI"] {
            #expect(FontDescriptor(family: name).isGeneric, "\(name)")
        }
        for name in ["", "DejaVu Serif", "serifs", "seri", "sans serif", "sans-serıf", "ｓｅｒｉｆ", "Charis SIL"] {
            #expect(!FontDescriptor(family: name).isGeneric, "\(name)")
        }
    }

    @Test func fontconfigLanguages() {
        #expect(FontDescriptor.fontconfigLanguage("ja-JP") == "ja")
        #expect(FontDescriptor.fontconfigLanguage("zh-Hant") == "zh-tw")
        #expect(FontDescriptor.fontconfigLanguage("zh-Hant-HK") == "zh-hk")
        #expect(FontDescriptor.fontconfigLanguage("zh") == "zh-cn")
        #expect(FontDescriptor.fontconfigLanguage("EN_us") == "en")
        #expect(FontDescriptor.fontconfigLanguage("") == nil)
        #expect(FontDescriptor.fontconfigLanguage("x-klingon") == nil)
        #expect(FontDescriptor.fontconfigLanguage("123") == nil)
    }
}
