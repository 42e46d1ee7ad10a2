import Foundation
import TypesetCore
import TypesetDocuments

/// Paths and objects shared by the tests and the benchmark.
public enum Fixtures {
    /// The package's root directory (found from this source file).
    public static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The bundled fonts: the only fonts tests may see.
    public static var fontsDirectory: String { repositoryRoot + "/Fonts" }

    /// `../shared/corpus` beside the repository, when it exists (it does on developer machines and in CI).
    public static var corpusDirectory: String? {
        let path = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A font context that sees only `Fonts/` (hermetic: results do not depend on the machine).
    public static func bundledFonts() throws -> FontContext {
        try FontContext(source: .bundledOnly(directory: fontsDirectory))
    }

    /// Settings for tests: the defaults with the bundled serif named explicitly.
    public static var settings: TypographySettings {
        var settings = TypographySettings()
        settings.fontFamily = "Charis SIL"
        return settings
    }

    /// Reads a corpus file with the plain-text reader; nil when the corpus is absent.
    public static func corpusText(_ name: String) throws -> StyledText? {
        guard let directory = corpusDirectory, FileManager.default.fileExists(atPath: directory + "/" + name) else { return nil }
        return try PlainTextReader().read(path: directory + "/" + name).text
    }

    /// The text books of the corpus (every `.txt`, including `nasty/`), as paths relative to the corpus folder.
    public static var corpusTextBooks: [String] {
        guard let directory = corpusDirectory,
              let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".txt") }.sorted()
    }
}
