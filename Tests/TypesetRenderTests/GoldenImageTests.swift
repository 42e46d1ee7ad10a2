import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

/// One small rendered page compared with a checked-in PNG.
///
/// Set `TYPESET_UPDATE_GOLDENS=1` to rewrite the golden after an intended change; on a mismatch the actual
/// image is written next to the golden as `<name>.actual.png` (ignored by git) so the two can be compared.
@Suite struct GoldenImageTests {
    @Test func typesetInCharis() throws {
        var settings = RenderFixtures.settings(page: Size(width: 200, height: 60), margins: 10)
        settings.fontSize = 19
        let layout = try RenderFixtures.layout("Typeset", settings: settings)
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(.sepia))
        try Self.assertMatchesGolden(bitmap, named: "hello")
    }

    /// Compares with tolerance: FreeType versions may move antialiasing by a few levels, so a pixel counts as
    /// different only when a channel differs by more than 8, and up to 0.5 % of pixels may differ.
    static func assertMatchesGolden(_ bitmap: Bitmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = RenderFixtures.goldensDirectory + "/\(name).png"
        let actualPath = RenderFixtures.goldensDirectory + "/\(name).actual.png"
        if ProcessInfo.processInfo.environment["TYPESET_UPDATE_GOLDENS"] == "1" {
            try PNGEncoder.write(bitmap, to: goldenPath, compression: .small)
            try? FileManager.default.removeItem(atPath: actualPath)
            return
        }
        let golden: Bitmap
        do {
            golden = try PNGDecoder.read(from: goldenPath)
        } catch {
            try PNGEncoder.write(bitmap, to: actualPath)
            Issue.record("cannot read the golden \(goldenPath) (\(error)); wrote \(actualPath). Run with TYPESET_UPDATE_GOLDENS=1 to create it.",
                         sourceLocation: sourceLocation)
            return
        }
        var differing = 0
        if golden.width == bitmap.width && golden.height == bitmap.height {
            for i in stride(from: 0, to: golden.pixels.count, by: 4) {
                let delta = (0..<4).map { abs(Int(golden.pixels[i + $0]) - Int(bitmap.pixels[i + $0])) }.max() ?? 0
                if delta > 8 { differing += 1 }
            }
        }
        let allowed = golden.width * golden.height / 200
        if golden.width != bitmap.width || golden.height != bitmap.height || differing > allowed {
            try PNGEncoder.write(bitmap, to: actualPath)
            Issue.record("""
                \(name): rendered \(bitmap.width)×\(bitmap.height) differs from the golden \(golden.width)×\(golden.height) \
                in \(differing) pixels (allowed \(allowed)); actual image written to \(actualPath)
                """, sourceLocation: sourceLocation)
        } else {
            try? FileManager.default.removeItem(atPath: actualPath)
        }
    }
}
