import Foundation

/// Finds the bundled `Fonts/` directory: `--font-dir`, else `$TYPESET_FONT_DIR`, else the package's own
/// `Fonts/` (located from this source file at build time, so a `swift run` or a built binary in the package
/// finds it), else a `Fonts/` next to or above the executable (an installed copy).
enum BundledFonts {
    static func directory(explicit: String?) -> String? {
        let manager = FileManager.default
        func valid(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let explicit { return explicit }
        if let environment = ProcessInfo.processInfo.environment["TYPESET_FONT_DIR"], !environment.isEmpty { return environment }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
        if valid(source) { return source }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("Fonts").path
            if valid(candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
