import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The font match cache (`FontContext(source:matchCache:)`): a remembered face is the one fontconfig chose, it is
/// used while nothing it depends on changes, and it is dropped as soon as something does.
@Suite struct FontMatchCacheTests {
    /// A bundled directory of its own (a few of the repository's fonts, copied) and an empty cache directory.
    private struct Scratch {
        let fonts: String
        let cache: String

        init() throws {
            let root = NSTemporaryDirectory() + "typeset-match-cache-\(UUID().uuidString)"
            fonts = root + "/Fonts"
            cache = root + "/cache"
            try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            for name in ["CharisSIL-Regular.ttf", "NotoSans-Regular.ttf", "NotoSerifHebrew-Regular.ttf", "typeset-fonts.conf"] {
                try FileManager.default.copyItem(atPath: Fixtures.fontsDirectory + "/" + name, toPath: fonts + "/" + name)
            }
            try settle()
        }

        /// Dates the directories and fonts a minute back: the cache records nothing that changed in the last two
        /// seconds (it might have changed while fontconfig read it).
        func settle() throws {
            let past = Date(timeIntervalSinceNow: -60)
            let root = (fonts as NSString).deletingLastPathComponent
            let names = try FileManager.default.contentsOfDirectory(atPath: fonts).map { fonts + "/" + $0 }
            for path in names + [fonts, root] {
                try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
            }
        }

        var cacheFile: String? {
            let path = cache + "/font-matches.txt"
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }

        func context(cached: Bool) throws -> FontContext {
            try FontContext(source: .systemAndBundled(directory: fonts), matchCache: cached ? cache : nil)
        }

        func remove() { try? FileManager.default.removeItem(atPath: (fonts as NSString).deletingLastPathComponent) }
    }

    private let families = ["Charis SIL", "Noto Sans", "serif", "A Family Nobody Has"]

    @Test func rememberedFacesAreFontconfigsChoice() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let uncached = try scratch.context(cached: false)
        let first = try scratch.context(cached: true)  // a miss: asks fontconfig and writes the file
        for family in families {
            #expect(try first.fontSet(for: FontDescriptor(family: family)).primary.path
                    == uncached.fontSet(for: FontDescriptor(family: family)).primary.path, "\(family)")
        }
        let file = try #require(scratch.cacheFile)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("match\t") }.count == families.count)

        // A second process (a new context) gets the same faces from the file, and the fallback list, sorted only
        // when a character needs it, gives the same face for Hebrew as the uncached context.
        let second = try scratch.context(cached: true)
        for family in families {
            #expect(try second.fontSet(for: FontDescriptor(family: family)).primary.path
                    == uncached.fontSet(for: FontDescriptor(family: family)).primary.path, "\(family)")
        }
        let alef: UInt32 = 0x05D0
        let expected = try uncached.fontSet(for: FontDescriptor(family: "Charis SIL")).fallbackFace(for: alef)?.path
        #expect(expected != nil)
        #expect(try second.fontSet(for: FontDescriptor(family: "Charis SIL")).fallbackFace(for: alef)?.path == expected)
    }

    @Test func theFileIsUsedOnlyWhileWhatItRecordsIsUnchanged() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let charis = FontDescriptor(family: "Charis SIL")
        let chosen = try scratch.context(cached: true).fontSet(for: charis).primary.path
        let file = try #require(scratch.cacheFile)

        // Point the remembered face elsewhere: a new context takes the file's word for it (it did not ask fontconfig).
        let decoy = scratch.fonts + "/NotoSans-Regular.ttf"
        #expect(chosen != decoy)
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let tampered = original.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("match\tCharis SIL\t") ? line.replacingOccurrences(of: chosen, with: decoy) : String(line)
        }.joined(separator: "\n")
        try tampered.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == decoy)

        // A new file in a watched directory (the bundled one) makes the record stale: fontconfig is asked again,
        // and the file is rewritten with its answer.
        try Data().write(to: URL(fileURLWithPath: scratch.fonts + "/new-file.txt"))
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == chosen)
        // While the change is fresh nothing is recorded; once it has settled, the next miss records the new state.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == tampered)
        try scratch.settle()
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == chosen)
        #expect(try String(contentsOfFile: file, encoding: .utf8) != tampered)
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == chosen)

        // A remembered file that is not a font is never used, and a damaged file is ignored.
        let current = try String(contentsOfFile: file, encoding: .utf8)
        #expect(current.contains("\t" + chosen + "\t"))
        try current.replacingOccurrences(of: chosen, with: scratch.fonts + "/typeset-fonts.conf")
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == chosen)
        try "typeset-font-matches 1\nmatch\tbroken".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try scratch.context(cached: true).fontSet(for: charis).primary.path == chosen)
    }
}
