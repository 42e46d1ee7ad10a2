import Foundation

/// Text goldens: compares output with a checked-in file, rewrites it when `TYPESET_UPDATE_GOLDENS=1`, and on a
/// mismatch writes the actual output next to it as `NAME.actual.txt` so the difference can be inspected.
public enum Golden {
    /// Nil when `actual` matches the golden `directory/name.txt`, else a message describing the mismatch.
    public static func mismatch(_ actual: String, name: String, directory: String) -> String? {
        let path = directory + "/" + name + ".txt"
        let actualPath = directory + "/" + name + ".actual.txt"
        let manager = FileManager.default
        if ProcessInfo.processInfo.environment["TYPESET_UPDATE_GOLDENS"] == "1" {
            try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            _ = manager.createFile(atPath: path, contents: Data(actual.utf8))
            try? manager.removeItem(atPath: actualPath)
            return nil
        }
        guard let data = manager.contents(atPath: path) else {
            _ = manager.createFile(atPath: actualPath, contents: Data(actual.utf8))
            return "no golden at \(path); wrote the actual output to \(actualPath) (run with TYPESET_UPDATE_GOLDENS=1 to accept it)"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { try? manager.removeItem(atPath: actualPath); return nil }
        _ = manager.createFile(atPath: actualPath, contents: Data(actual.utf8))
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
        let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
        return "\(name) differs from its golden at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)\n(actual output in \(actualPath))"
    }
}
