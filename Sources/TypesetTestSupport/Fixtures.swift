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
}
