import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

@Suite struct GlyphRasterizerTests {
    /// The FreeType face of Charis SIL Regular and a glyph id from a real layout.
    private func charis() throws -> (FreeTypeFace, UInt16) {
        let layout = try RenderFixtures.layout("H", settings: RenderFixtures.settings())
        let run = try #require(layout.glyphRuns(onPage: 0).first)
        let face = try FreeTypeFace(library: FreeTypeLibrary(), path: run.face.path, index: run.face.index, slot: 0)
        return (face, try #require(run.glyphs.first))
    }

    @Test func subpixelPositionsShiftTheCoverage() throws {
        let (face, glyph) = try charis()
        let rasterizer = GlyphRasterizer()
        let masks = try (0..<4).map { bin in
            try #require(try rasterizer.image(for: GlyphKey(face: 0, glyph: glyph, subpixel: UInt8(bin), size: 38 * 64), face: face))
        }
        // The ink's horizontal centre of mass moves right by about a quarter pixel per bin.
        func centre(_ m: GlyphImage) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<m.height { for x in 0..<m.width {
                let c = Double(m.coverage[y * m.width + x]); sum += c * (Double(x + m.left) + 0.5); weight += c
            } }
            return sum / weight
        }
        let centres = masks.map(centre)
        for bin in 1..<4 {
            #expect(abs(centres[bin] - centres[0] - Double(bin) * 0.25) < 0.05, "centres \(centres)")
        }
        #expect(masks.allSatisfy { $0.top > 20 && $0.top < 32 }, "an H at 38 px stands about 26 px tall")
        #expect(rasterizer.cacheCount == 4)
        _ = try rasterizer.image(for: GlyphKey(face: 0, glyph: glyph, subpixel: 2, size: 38 * 64), face: face)
        #expect(rasterizer.cacheHits == 1 && rasterizer.cacheMisses == 4)
    }

    /// Font expansion: a key with a horizontal scale draws the outline that much wider about its origin, in the
    /// cached and the clipped paths alike, and the scale is part of the cache key.
    @Test func horizontalScaleWidensTheOutline() throws {
        let (face, glyph) = try charis()
        let rasterizer = GlyphRasterizer()
        let natural = GlyphKey(face: 0, glyph: glyph, subpixel: 0, size: 200 * 64)
        var wide = natural
        wide.horizontalScale = 3 << 15  // 1.5
        let a = try #require(try rasterizer.image(for: natural, face: face))
        let b = try #require(try rasterizer.image(for: wide, face: face))
        #expect(rasterizer.cacheCount == 2)
        #expect(abs(Double(b.width) / Double(a.width) - 1.5) < 0.05, "\(a.width) px wide, scaled \(b.width) px")
        #expect(a.height == b.height)
        let clipped = try rasterizer.renderClipped(wide, face: face, penX: 0, penY: 300, window: (x0: 0, y0: 0, x1: 1000, y1: 1000))
        #expect(abs(clipped.width - b.width) <= 1)
    }

    @Test func clippedRenderingMatchesTheCachedMask() throws {
        let (face, glyph) = try charis()
        let rasterizer = GlyphRasterizer()
        let key = GlyphKey(face: 0, glyph: glyph, subpixel: 3, size: 50 * 64 + 17)
        let whole = try #require(try rasterizer.image(for: key, face: face))
        let window = (x0: 0, y0: 0, x1: 200, y1: 200)
        let clipped = try rasterizer.renderClipped(key, face: face, penX: 50, penY: 100, window: window)
        // Same pixels at the same place on the page (masks may differ by empty border rows/columns).
        var a = Bitmap(width: 200, height: 200, fill: .white), b = a
        a.composite(whole, atX: 50 + whole.left, y: 100 - whole.top, color: .black)
        b.composite(clipped, atX: 50 + clipped.left, y: 100 - clipped.top, color: .black)
        #expect(a == b)
        #expect(a != Bitmap(width: 200, height: 200, fill: .white))
        // A window cutting the glyph in half keeps only that half.
        let half = try rasterizer.renderClipped(key, face: face, penX: 50, penY: 100, window: (x0: 0, y0: 0, x1: 200, y1: 90))
        #expect(100 - half.top + half.height <= 90)
        let none = try rasterizer.renderClipped(key, face: face, penX: 50, penY: 100, window: (x0: 150, y0: 0, x1: 200, y1: 200))
        #expect(none.width == 0)
    }

    @Test func theCacheIsBounded() throws {
        let (face, glyph) = try charis()
        let rasterizer = GlyphRasterizer()
        for size in 0..<(GlyphRasterizer.maximumEntries / 4 + 10) {
            for bin in 0..<4 {
                _ = try rasterizer.image(for: GlyphKey(face: 0, glyph: glyph, subpixel: UInt8(bin), size: Int32(64 + size)), face: face)
            }
        }
        #expect(rasterizer.cacheCount <= GlyphRasterizer.maximumEntries)
        #expect(rasterizer.cacheCount > 0)
    }

    @Test func invalidGlyphIdsDrawNothingInsteadOfFailing() throws {
        let (face, _) = try charis()
        let rasterizer = GlyphRasterizer()
        let image = try rasterizer.image(for: GlyphKey(face: 0, glyph: 0xFFFF, subpixel: 0, size: 38 * 64), face: face)
        #expect(image?.width == 0)
        #expect(rasterizer.failedGlyphs == 1)
    }

    @Test func corruptFontFilesThrowAnErrorNamingTheFile() throws {
        let path = RenderFixtures.temporaryPath("corrupt.ttf")
        var garbage = [UInt8](repeating: 0, count: 4096)
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
        // A TrueType signature in front makes FreeType try to parse the tables rather than reject it at once.
        garbage.replaceSubrange(0..<4, with: [0, 1, 0, 0])
        try Data(garbage).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let library = try FreeTypeLibrary()
        let error = try #require(throws: RenderError.self) { try FreeTypeFace(library: library, path: path, index: 0, slot: 0) }
        #expect(error.code == .fontUnreadable)
        #expect(error.message.contains(path))
        #expect(error.message.contains("FreeType error"))

        let missing = try #require(throws: RenderError.self) {
            try FreeTypeFace(library: library, path: path + ".missing", index: 0, slot: 0)
        }
        #expect(missing.code == .fontUnreadable)
        #expect(missing.message.contains("cannot open resource"))

        let text = RenderFixtures.temporaryPath("text.ttf")
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        let unknown = try #require(throws: RenderError.self) { try FreeTypeFace(library: library, path: text, index: 0, slot: 0) }
        #expect(unknown.message.contains("unknown file format"))
        #expect(throws: RenderError.self) { try FreeTypeFace(library: library, path: RenderFixtures.fontsDirectory + "/CharisSIL-Regular.ttf", index: 7, slot: 0) }
    }
}
