import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Font fallback by word: a word the paragraph's face cannot set goes to one fallback face, but a stretch of
/// another script joined to it (a Latin abbreviation after a Hebrew prefix, `ב-CC-BY-SA`) is a word of its own and
/// keeps the paragraph's face when that face covers it, even where the fallback face covers both scripts (as
/// DejaVu Sans does for Hebrew and Latin on a Linux system). Checked with a font folder of Charis SIL and a test
/// face covering ASCII, Hebrew and Arabic (`Tests/Fixtures/fonts/test-fallback.ttf`).
@Suite struct FallbackRunTests {
    /// A font folder holding Charis SIL and the test fallback face, made once.
    static let fonts: Result<FontContext, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-fallback-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (folder, name) in [(Fixtures.fontsDirectory, "CharisSIL-Regular.ttf"),
                               (Fixtures.repositoryRoot + "/Tests/Fixtures/fonts", "test-fallback.ttf")] {
            try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: directory + "/" + name)
        }
        return try FontContext(source: .bundledOnly(directory: directory))
    }

    /// Latin stretches joined to Hebrew or Arabic letters in every way books join them: a prefix with a hyphen or
    /// a maqaf, no joiner at all, the Latin first, digits and punctuation inside, a Latin-1 letter, an Arabic
    /// article, and the same words alone.
    static let samples: [(text: String, latin: [String])] = [
        ("הרישיון ב-CC-BY-SA 4.0 חל", ["CC-BY-SA"]),
        ("ה־PDF של הספר", ["PDF"]),
        ("בUnicode ובASCII", ["Unicode", "ASCII"]),
        ("CC-BY-SAב וגם Creative-Commonsה", ["CC-BY-SA", "Creative-Commons"]),
        ("לפי ISO-639-1/he ו-RFC5646.", ["ISO-639-1/he", "RFC5646"]),
        ("ב-café", ["café"]),
        ("ملف ال-PDF وال-EPUB3", ["PDF", "EPUB3"]),
        ("بـHTML5 و CSS", ["HTML5", "CSS"]),
    ]

    /// The face drawing each unit of the paragraph's content.
    static func faces(of text: String, context: FontContext) throws -> [Int] {
        let styled = StyledText(plain: text)
        let paragraph = try #require(styled.paragraphs.first)
        let shaped = try ParagraphShaper(context: ShapingContext(fonts: context),
                                         settings: ShapingSettings(fontFamily: "Charis SIL"), documentLanguage: nil).shape(paragraph)
        var faces = [Int](repeating: -1, count: paragraph.contentRange.count)
        for run in shaped.runs {
            for i in Int(run.start)..<Int(run.end) where i < faces.count { faces[i] = Int(run.faceID) }
        }
        return faces
    }

    @Test(arguments: samples.indices)
    func latinJoinedToAnotherScriptKeepsTheParagraphsFace(index: Int) throws {
        let context = try Self.fonts.get()
        let sample = Self.samples[index]
        let faces = try Self.faces(of: sample.text, context: context)
        let charis = try context.fontSet(for: FontDescriptor(family: "Charis SIL")).primary
        #expect(charis.family == "Charis SIL")
        let units = Array(sample.text.utf16)
        for latin in sample.latin {
            let word = Array(latin.utf16)
            let start = try #require((0...(units.count - word.count)).first { Array(units[$0..<$0 + word.count]) == word })
            for i in start..<start + word.count {
                #expect(faces[i] == charis.id, "\(sample.text): \(latin)'s unit \(i - start) in face \(faces[i]), not Charis SIL")
            }
        }
        // The Hebrew and Arabic letters are in the fallback face.
        for (i, unit) in units.enumerated() where (0x5D0...0x5EA).contains(unit) || (0x621...0x64A).contains(unit) {
            #expect(context.face(id: faces[i])?.family == "Typeset Test Fallback", "\(sample.text): unit \(i)")
        }
    }

    /// A word of one script the paragraph's face lacks a letter of still goes whole to a face that has them all.
    @Test func aWordOfOneScriptStaysInOneFace() throws {
        let context = try Self.fonts.get()
        let faces = try Self.faces(of: "שלום עולם", context: context)
        #expect(Set(faces.enumerated().filter { $0.offset != 4 }.map(\.element)).count == 1)
    }
}
