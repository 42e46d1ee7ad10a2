import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

@Suite struct PNGTests {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Deterministic noise: every byte value appears, including colours under zero alpha.
    static func noise(width: Int, height: Int, opaque: Bool) -> Bitmap {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels[i] = opaque && i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
        }
        return Bitmap(width: width, height: height, pixels: pixels)!
    }

    @Test(arguments: [true, false], [PNGEncoder.Compression.fast, .small])
    func roundTripIsExact(opaque: Bool, compression: PNGEncoder.Compression) throws {
        let bitmap = Self.noise(width: 37, height: 23, opaque: opaque)
        let png = try PNGEncoder.encode(bitmap, compression: compression)
        #expect(Array(png.prefix(8)) == Self.signature)
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        // IHDR: width and height big-endian, bit depth 8, colour type 2 (RGB) or 6 (RGBA).
        #expect(Array(png[16..<24]) == [0, 0, 0, 37, 0, 0, 0, 23])
        #expect(png[24] == 8)
        #expect(png[25] == (opaque ? 2 : 6))
        #expect(Array(png.suffix(8)) == Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded == bitmap)
    }

    @Test func renderedPagesAreWrittenColourMapped() throws {
        let layout = try RenderFixtures.layout("Hello, world", settings: RenderFixtures.settings())
        let bitmap = try PageRenderer().render(page: 0, of: layout, appearance: RenderFixtures.appearance(.sepia))
        let png = try PNGEncoder.encode(bitmap)
        #expect(png[25] == 3, "one text colour on one background fits a palette")
        #expect(png.count < bitmap.pixels.count / 20, "a page of text compresses well: \(png.count) bytes")
        #expect(try PNGDecoder.decode(png) == bitmap)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(bitmap, compression: .small)) == bitmap)
    }

    /// A bitmap with exactly `colours` distinct colours (alpha varies when not opaque).
    static func swatches(_ colours: Int, opaque: Bool) -> Bitmap {
        var bitmap = Bitmap(width: 64, height: 64, fill: .black)
        for i in 0..<(64 * 64) {
            let c = i % colours
            bitmap[x: i % 64, y: i / 64] = Color(red: UInt8(c & 255), green: UInt8(c >> 8), blue: 7,
                                                 alpha: opaque ? 255 : UInt8(254 - c % 200))
        }
        return bitmap
    }

    @Test(arguments: [1, 2, 5, 17, 256, 257], [true, false])
    func paletteIsUsedUpTo256ColoursAndRoundTrips(colours: Int, opaque: Bool) throws {
        let bitmap = Self.swatches(colours, opaque: opaque)
        let png = try PNGEncoder.encode(bitmap)
        #expect(png[25] == (colours <= 256 ? 3 : opaque ? 2 : 6))
        if colours <= 256 {
            // libpng packs indices to 1, 2 or 4 bits when the palette is small enough.
            #expect(png[24] == (colours <= 2 ? 1 : colours <= 4 ? 2 : colours <= 16 ? 4 : 8))
            let hasTRNS = png.indices.dropLast(4).contains { Array(png[$0..<$0 + 4]) == Array("tRNS".utf8) }
            #expect(hasTRNS == !opaque)
        }
        #expect(try PNGDecoder.decode(png) == bitmap)
    }

    /// Images whose rows span several of the pieces zlib is given between full flushes, and the two halves
    /// compressed at once, decode to the same pixels: palette, RGB and RGBA, from a few pieces down to one.
    @Test(arguments: [(257, true), (257, false), (200, true)], [8, 40, 130, 400])
    func largeImagesRoundTripAcrossPieces(swatch: (colours: Int, opaque: Bool), rows: Int) throws {
        let width = 600
        var bitmap = Bitmap(width: width, height: rows, fill: .white)
        for y in 0..<rows {
            for x in 0..<width where (x / 7 + y / 5) % 3 != 0 {  // background runs between the swatches
                let c = (x * 31 + y * 17) % swatch.colours
                bitmap[x: x, y: y] = Color(red: UInt8(c & 255), green: UInt8(c >> 8), blue: 7,
                                           alpha: swatch.opaque ? 255 : UInt8(255 - c % 100))
            }
        }
        let png = try PNGEncoder.encode(bitmap)
        let rowBytes = width * (swatch.colours <= 256 ? 1 : swatch.opaque ? 3 : 4) + 1
        #expect(png[25] == (swatch.colours <= 256 ? 3 : swatch.opaque ? 2 : 6))
        // The 400-row images pass several pieces, and the largest goes to two threads.
        if rows == 400 { #expect(rowBytes * rows > PNGStream.pieceLength * 2) }
        if rows == 400 && swatch.colours > 256 { #expect(rowBytes * rows >= PNGStream.parallelThreshold) }
        #expect(try PNGDecoder.decode(png) == bitmap)
    }

    @Test func writesAndReadsFiles() throws {
        let path = RenderFixtures.temporaryPath("page.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bitmap = Self.noise(width: 5, height: 4, opaque: false)
        try PNGEncoder.write(bitmap, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(data) == (try PNGEncoder.encode(bitmap)))
        #expect(try PNGDecoder.read(from: path) == bitmap)

        let error = try #require(throws: RenderError.self) { try PNGEncoder.write(bitmap, to: "/nonexistent-dir/x.png") }
        #expect(error.code == .io)
        #expect(error.message.contains("/nonexistent-dir/x.png"))
    }

    @Test func invalidInputThrows() throws {
        let empty = try #require(throws: RenderError.self) { try PNGEncoder.encode(Bitmap(width: 0, height: 5, fill: .white)) }
        #expect(empty.code == .png)
        let garbage = try #require(throws: RenderError.self) { try PNGDecoder.decode(Array("definitely not a png".utf8)) }
        #expect(garbage.code == .png)
        #expect(!garbage.message.isEmpty)
        // A valid header followed by a truncated stream.
        let png = try PNGEncoder.encode(Self.noise(width: 40, height: 40, opaque: true))
        #expect(throws: RenderError.self) { try PNGDecoder.decode(Array(png.prefix(png.count / 2))) }
        #expect(throws: RenderError.self) { try PNGDecoder.read(from: "/nonexistent-dir/x.png") }
    }
}

/// `PageRenderer.renderPNG` (pages drawn as palette indices) gives exactly the pixels of `render` then `encode`.
@Suite struct IndexedRenderingTests {
    static let text = """
        It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want \
        of a wife. «Ça, c’est l’été» — Ἐν ἀρχῇ ἦν ὁ λόγος — fine ligatures ffi ffl, and AVAWAY kerning.

        However little known the feelings or views of such a man may be on his first entering a neighbourhood.
        """

    @Test(arguments: [Theme.light, .sepia, .dark], [1.0, 4.0 / 3.0, 2.0])
    func samePixelsAsTheBitmap(theme: Theme, scale: Double) throws {
        let settings = RenderFixtures.settings(page: Size(width: 260, height: 180), margins: 14)
        let appearance = RenderFixtures.appearance(theme, scale: scale)
        let layout = try RenderFixtures.layout(Self.text, settings: settings)
        let renderer = try PageRenderer()
        #expect(layout.pages.count >= 2)
        for page in layout.pages.indices {
            let png = try renderer.renderPNG(page: page, of: layout, appearance: appearance)
            let expected = try renderer.render(page: page, of: layout, appearance: appearance)
            #expect(try PNGDecoder.decode(png) == expected, "page \(page), \(theme), scale \(scale)")
            // The same kind of file as encoding the bitmap: a palette image when the page has at most 256 colours
            // (overlapping glyphs at scale 1 on a tinted page can need more).
            #expect(png[25] == (try PNGEncoder.encode(expected))[25])
            if theme == .light && scale == 2 { #expect(png[25] == 3) }
        }
    }

    /// A page of many text colours (more than a palette holds) falls back to the RGBA bitmap, same pixels.
    @Test func manyColoursFallBackToTheBitmap() throws {
        let units = Array(String(repeating: "colour ", count: 300).utf16)
        var runs: [AttributeRun] = []
        for (index, start) in stride(from: 0, to: units.count, by: 7).enumerated() {
            let colour = Color(red: UInt8(index * 37 & 255), green: UInt8(index * 91 & 255), blue: UInt8(index * 13 & 255))
            runs.append(AttributeRun(range: start..<min(start + 7, units.count), style: TextStyle(color: colour)))
        }
        let paragraph = Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)
        let fonts = try FontContext(source: .bundledOnly(directory: RenderFixtures.fontsDirectory))
        let layout = try Typesetter(fonts: fonts).layout(StyledText(paragraphs: [paragraph]),
                                                         settings: RenderFixtures.settings(page: Size(width: 400, height: 600)))
        let renderer = try PageRenderer()
        let png = try renderer.renderPNG(page: 0, of: layout, appearance: RenderFixtures.appearance())
        let expected = try renderer.render(page: 0, of: layout, appearance: RenderFixtures.appearance())
        #expect(png[25] != 3, "more than 256 colours: not a palette image")
        #expect(try PNGDecoder.decode(png) == expected)
    }
}
