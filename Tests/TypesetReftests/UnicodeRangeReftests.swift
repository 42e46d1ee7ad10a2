import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS Fonts 4 §4.5's `unicode-range`: a book's `@font-face` serves only the characters its range holds, the rest
/// going to the family's other faces of the same weight and style (a family split into subsets, asked in reverse
/// order of declaration), then to the reader's font. The reader's family here is Noto Sans, and the reference
/// draws the body in Charis SIL with its Greek left out, so that the Greek falls back to Noto Sans: the same faces
/// as a family split into Charis SIL and Noto Sans, and, unlike a `span` in another family, no inline box of other
/// metrics. (Charis SIL has a few Greek letters of its own, for phonetics, so a split that fails shows.)
@Suite struct UnicodeRangeReftests {
    static var settings: ReaderSettings {
        var settings = GenericFamilyReftests.settings
        settings.typography.fontFamily = "Noto Sans"
        settings.typography.userSet.remove("font")
        return settings
    }

    /// Latin and Greek words (all Greek letters Noto Sans has), mixed within a line and across lines. Each Greek
    /// word ends in a Latin letter: the reference's fallback face would keep a space after a Greek word (a
    /// neutral character stays in the face of the text it follows), where the split family's Greek face, whose
    /// range leaves the space out, does not.
    static var text: String {
        let body = "The ψυχήa quick ΑΒΓb brown fox, αβγδc jumps ὁd λόγοςe over 1234."
        return "<p>\(body)</p><p>\(body) \(body)</p>"
    }

    static func face(_ family: String, _ file: String, range: String? = nil) -> String {
        "@font-face { font-family: '\(family)'; src: url(\(file))\(range.map { "; unicode-range: \($0)" } ?? "") }\n"
    }

    static func render(_ css: String) throws -> Reftest.Rendering {
        let files = try ["NotoSans-Regular.ttf", "CharisSIL-Regular.ttf"].map(GenericFamilyReftests.fontFile)
        return try Reftest.render(Reftest.Book(body: text, css: css, files: files), settings: settings)
    }

    /// The reference: the body in Charis SIL but its Greek, which falls back to the reader's Noto Sans.
    static func serifWithSansGreek() throws -> Reftest.Rendering {
        try render(face("Body", "CharisSIL-Regular.ttf", range: "U+0-36F, U+400-1EFF, U+2000-10FFFF") + "body { font-family: Body }")
    }

    /// Everything in Charis SIL (with its few Greek letters).
    static func allSerif() throws -> Reftest.Rendering {
        try render(face("Body", "CharisSIL-Regular.ttf") + "body { font-family: Body }")
    }

    /// A family split in two: Noto Sans for Greek, Charis SIL for the rest; in any order of declaration, and with
    /// the ranges written in each of the syntax's forms.
    @Test(arguments: [
        ("U+0370-03FF, U+1F00-1FFF", "U+0000-036F, U+0400-1EFF, U+2000-10FFFF", true),
        ("u+3??, U+1F??", "U+0-2FF, U+400-1EFF, U+2000-FFFF", false),
        ("U+0370-03ff,U+1f00-1fff", "U+0-36F,U+0400-1EFF,U+2000-10FFFF", false),
    ])
    func aFamilySplitByRangeDrawsEachCharacterInItsFace(_ greek: String, _ rest: String, _ greekFirst: Bool) throws {
        let greekFace = Self.face("Split", "NotoSans-Regular.ttf", range: greek)
        let restFace = Self.face("Split", "CharisSIL-Regular.ttf", range: rest)
        let test = try Self.render((greekFirst ? greekFace + restFace : restFace + greekFace) + "body { font-family: Split }")
        let mismatch = Reftest.mismatch(test, try Self.serifWithSansGreek())
        #expect(mismatch == nil, "\(greek) / \(rest): \(mismatch ?? "")")
        #expect(Reftest.mismatch(test, try Self.allSerif()) != nil, "the Greek face drew nothing")
    }

    /// Overlapping ranges: the face declared last is asked first (CSS Fonts 4 §4.5), so a Greek face declared
    /// after a whole one draws the Greek, and one declared before it draws nothing.
    @Test func theLastDeclaredOfOverlappingFacesIsAskedFirst() throws {
        let whole = Self.face("Split", "CharisSIL-Regular.ttf"), greek = Self.face("Split", "NotoSans-Regular.ttf", range: "U+370-3FF, U+1F00-1FFF")
        let after = try Self.render(whole + greek + "body { font-family: Split }")
        #expect(Reftest.mismatch(after, try Self.serifWithSansGreek()) == nil)
        let before = try Self.render(greek + whole + "body { font-family: Split }")
        #expect(Reftest.mismatch(before, try Self.allSerif()) == nil)
        #expect(Reftest.mismatch(after, try Self.allSerif()) != nil, "the Greek face drew nothing: the test cannot tell")
    }

    /// A descriptor CSS Syntax makes invalid is ignored: the face serves every character.
    @Test(arguments: ["U+110000", "U+0400-0300", "U+1234567", "U+3?F", "U+ 370", "370-3FF", "U+370-3FF,", "U+??????? "])
    func anInvalidRangeIsIgnored(_ range: String) throws {
        let test = try Self.render(Self.face("Split", "CharisSIL-Regular.ttf", range: range) + "body { font-family: Split }")
        #expect(Reftest.mismatch(test, try Self.allSerif()) == nil, "\(range)")
    }
}


