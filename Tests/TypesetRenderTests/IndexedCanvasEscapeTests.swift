import Testing
import TypesetCore
@testable import TypesetRender

/// A page whose palette overflows by a few colours (the blend of a blend where glyphs overlap on a tinted page)
/// keeps them as escapes, and its rows are the RGBA bitmap's pixels; a page of many colours still turns into the
/// bitmap. Both drawn beside a `Bitmap` given the same masks, which is what the canvas must match.
@Suite struct IndexedCanvasEscapeTests {
    static let paper = Color(red: 0xF8, green: 0xF1, blue: 0xE3)
    static let ink = Color(red: 0x3B, green: 0x2F, blue: 0x22)

    /// Every coverage value once, in a 16 × 16 mask.
    static let ramp = GlyphImage(coverage: (0..<256).map { UInt8($0) }, width: 16, height: 16, left: 0, top: 0)

    /// Draws `masks` (mask, x, y, colour) on a canvas and on a bitmap of the same page.
    static func draw(_ masks: [(GlyphImage, Int, Int, Color)], width: Int = 96, height: Int = 80) -> (IndexedCanvas, Bitmap) {
        var canvas = IndexedCanvas(width: width, height: height, background: paper)
        var bitmap = Bitmap(width: width, height: height, fill: paper)
        for (mask, x, y, colour) in masks {
            canvas.composite(mask, atX: x, y: y, color: colour)
            bitmap.composite(mask, atX: x, y: y, color: colour)
        }
        return (canvas, bitmap)
    }

    /// The RGB rows of the whole page as the canvas writes them, and as the bitmap's pixels give them.
    static func rows(_ canvas: IndexedCanvas, _ bitmap: Bitmap) -> (canvas: [UInt8], bitmap: [UInt8]) {
        let count = (canvas.width * 3 + 1) * canvas.height
        let written = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { canvas.trueColourRows(opaque: true).write(0..<canvas.height, into: base) }
            initialized = count
        }
        let expected = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            bitmap.pixels.withUnsafeBufferPointer { rgba in
                if let base = buffer.baseAddress, let source = rgba.baseAddress {
                    TrueColourPNGWriter.write(0..<bitmap.height, of: source, width: bitmap.width, opaque: true, into: base)
                }
            }
            initialized = count
        }
        return (written, expected)
    }

    @Test func aFewStrayColoursAreEscapes() throws {
        // The ramp fills the palette with the blends of ink on paper; ramps drawn over it, shifted, make blends of
        // blends, a few colours more than 256.
        let (canvas, bitmap) = Self.draw([(Self.ramp, 0, 0, Self.ink), (Self.ramp, 3, 5, Self.ink), (Self.ramp, 7, 2, Self.ink),
                                          (Self.ramp, 40, 30, Self.ink), (Self.ramp, 41, 31, Self.ink)])
        #expect(canvas.escaping)
        #expect(canvas.bitmap == nil)
        let rows = Self.rows(canvas, bitmap)
        #expect(rows.canvas == rows.bitmap)
        #expect(canvas.rgbaBitmap() == bitmap)
        #expect(canvas.pixelsAreOpaque)
        // The PNG written from the canvas decodes to the bitmap.
        let png = try TrueColourPNGWriter.encode(width: canvas.width, height: canvas.height, opaque: true,
                                                 write: canvas.trueColourRows(opaque: true).write)
        #expect(try PNGDecoder.decode(png) == bitmap)
        #expect(png == (try TrueColourPNGWriter.encode(bitmap, opaque: true)))
    }

    @Test func manyColoursTurnIntoTheBitmap() {
        // Each ramp in its own colour: thousands of colours, past what escapes keep.
        var masks: [(GlyphImage, Int, Int, Color)] = []
        for i in 0..<30 {
            masks.append((Self.ramp, (i % 6) * 15, (i / 6) * 15, Color(red: UInt8(i * 37 & 255), green: UInt8(i * 91 & 255), blue: UInt8(i * 13 & 255))))
        }
        let (canvas, bitmap) = Self.draw(masks)
        #expect(canvas.bitmap != nil)
        #expect(canvas.rgbaBitmap() == bitmap)
        let rows = Self.rows(canvas, bitmap)
        #expect(rows.canvas == rows.bitmap)
    }

    @Test func translucentColoursMakeRGBA() throws {
        // A translucent page: RGBA rows, alpha included, as the bitmap's.
        let glass = Color(red: 200, green: 220, blue: 240, alpha: 128)
        var canvas = IndexedCanvas(width: 40, height: 40, background: glass)
        var bitmap = Bitmap(width: 40, height: 40, fill: glass)
        for (x, y) in [(0, 0), (3, 5), (7, 2), (20, 20), (21, 22)] {
            canvas.composite(Self.ramp, atX: x, y: y, color: Self.ink)
            bitmap.composite(Self.ramp, atX: x, y: y, color: Self.ink)
        }
        #expect(canvas.escaping)
        #expect(!canvas.pixelsAreOpaque)
        let png = try TrueColourPNGWriter.encode(width: 40, height: 40, opaque: false, write: canvas.trueColourRows(opaque: false).write)
        #expect(try PNGDecoder.decode(png) == bitmap)
    }
}
