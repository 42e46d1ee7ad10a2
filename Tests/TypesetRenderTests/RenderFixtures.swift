import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

/// Layouts and image helpers shared by the rendering tests. Fonts come only from the repository's `Fonts/`,
/// so results do not depend on the machine's installed fonts.
enum RenderFixtures {
    /// The repository root, found from this file's path (`<root>/Tests/TypesetRenderTests/RenderFixtures.swift`).
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let fontsDirectory = repositoryRoot + "/Fonts"
    static let goldensDirectory = repositoryRoot + "/Tests/TypesetRenderTests/Goldens"

    /// Body text settings for small test pages: Charis SIL 19 pt.
    static func settings(page: Size = Size(width: 300, height: 200), margins: Double = 20) -> TypographySettings {
        var settings = TypographySettings()
        settings.fontFamily = "Charis SIL"
        settings.fontSize = 19
        settings.pageSize = page
        settings.margins = EdgeInsets(all: margins)
        return settings
    }

    /// The tests' appearance: `theme` (light unless given) at 2 pixels per point.
    static func appearance(_ theme: Theme = .light, scale: Double = 2) -> Appearance {
        Appearance(theme: theme, pixelScale: scale)
    }

    /// Lays out `text` with a fresh, hermetic font context (each test owns its context: tests run in parallel).
    static func layout(_ text: String, settings: TypographySettings) throws -> BookLayout {
        let fonts = try FontContext(source: .bundledOnly(directory: fontsDirectory))
        let typesetter = Typesetter(fonts: fonts)
        return try typesetter.layout(StyledText(plain: text), settings: settings)
    }

    /// Rec. 709 luma of a colour, 0–255.
    static func luma(_ c: Color) -> Double {
        0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue)
    }

    /// The pixels of `bitmap` inside `rect` (points, scaled by `scale`), clipped to the bitmap.
    static func pixels(of bitmap: Bitmap, in rect: Rect, scale: Double) -> [Color] {
        let x0 = max(0, Int((rect.minX * scale).rounded(.down))), x1 = min(bitmap.width, Int((rect.maxX * scale).rounded(.up)))
        let y0 = max(0, Int((rect.minY * scale).rounded(.down))), y1 = min(bitmap.height, Int((rect.maxY * scale).rounded(.up)))
        var result: [Color] = []
        guard x0 < x1, y0 < y1 else { return result }
        for y in y0..<y1 { for x in x0..<x1 { result.append(bitmap[x: x, y: y]) } }
        return result
    }

    /// A temporary file path unique to this process and call.
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("typeset-render-\(UUID().uuidString)-\(name)").path
    }
}
