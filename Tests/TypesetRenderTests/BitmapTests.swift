import Testing
import TypesetCore
@testable import TypesetRender

@Suite struct BitmapTests {
    @Test func fillAndSubscriptUseRGBAOrder() {
        var bitmap = Bitmap(width: 3, height: 2, fill: Color(red: 1, green: 2, blue: 3, alpha: 4))
        #expect(bitmap.pixels == Array(repeating: [1, 2, 3, 4], count: 6).flatMap { $0 })
        bitmap[x: 2, y: 1] = Color(red: 9, green: 8, blue: 7)
        #expect(Array(bitmap.pixels[20..<24]) == [9, 8, 7, 255])
        #expect(bitmap[x: 2, y: 1] == Color(red: 9, green: 8, blue: 7))
        #expect(!bitmap.isOpaque)
        #expect(Bitmap(width: 5, height: 5, fill: .white).isOpaque)
        #expect(Bitmap(width: 0, height: 0, fill: .white).isOpaque)
        #expect(Bitmap(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
        #expect(Bitmap(width: -1, height: 2, pixels: []) == nil)
    }

    @Test func opacityCheckFindsOneTranslucentPixelAnywhere() {
        for index in [0, 4095, 4096, 9999] {
            var bitmap = Bitmap(width: 100, height: 100, fill: .black)
            bitmap[x: index % 100, y: index / 100] = Color(red: 0, green: 0, blue: 0, alpha: 254)
            #expect(!bitmap.isOpaque, "pixel \(index)")
        }
    }

    @Test func compositingBlendsByCoverageAndClips() {
        var bitmap = Bitmap(width: 4, height: 3, fill: .white)
        let mask = GlyphImage(coverage: [255, 128, 0, 64, 255, 255], width: 3, height: 2, left: 0, top: 0)
        // Placed one pixel off the left edge: the first column is clipped away.
        bitmap.composite(mask, atX: -1, y: 2, color: Color(red: 0, green: 100, blue: 200))
        #expect(bitmap[x: 0, y: 2] == Color(red: 127, green: 177, blue: 227)) // 128/255 coverage
        #expect(bitmap[x: 1, y: 2] == .white)                                 // zero coverage
        #expect(bitmap[x: 0, y: 1] == .white && bitmap[x: 3, y: 2] == .white)
        // Fully outside: nothing happens, nothing traps.
        bitmap.composite(mask, atX: 10, y: -10, color: .black)
        bitmap.composite(mask, atX: -3, y: 0, color: .black)
        #expect(bitmap.pixels.filter { $0 != 255 }.count == 3)

        var translucent = Bitmap(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0, alpha: 0))
        translucent.composite(GlyphImage(coverage: [128], width: 1, height: 1, left: 0, top: 0), atX: 0, y: 0,
                              color: Color(red: 10, green: 20, blue: 30, alpha: 255))
        #expect(translucent[x: 0, y: 0] == Color(red: 10, green: 20, blue: 30, alpha: 128))
        var halfInk = Bitmap(width: 1, height: 1, fill: .white)
        halfInk.composite(GlyphImage(coverage: [255], width: 1, height: 1, left: 0, top: 0), atX: 0, y: 0,
                          color: Color(red: 0, green: 0, blue: 0, alpha: 51))
        #expect(halfInk[x: 0, y: 0] == Color(red: 204, green: 204, blue: 204))
    }

    /// Opaque fills (stored a row at a time, without a blend) cover exactly their rectangle clipped to the bitmap,
    /// whatever its width and offset (the store loop's vectorized body and its tail): every rectangle of a small
    /// grid reaching past each edge, on bitmaps of odd widths, against the pixels set one at a time.
    @Test func opaqueFillsCoverExactlyTheirClippedRectangle() {
        let ink = Color(red: 200, green: 30, blue: 60)
        for (width, height) in [(1, 1), (5, 3), (13, 2), (37, 1)] {
            let ground = Bitmap(width: width, height: height, fill: Color(red: 1, green: 2, blue: 3))
            var failures = 0
            for x0 in -2...(width + 1) {
                for x1 in (x0 - 1)...(width + 2) {
                    for y0 in -1...height {
                        for y1 in (y0 - 1)...(height + 1) where failures == 0 {
                            var filled = ground
                            filled.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: ink)
                            var expected = ground
                            for y in max(0, y0)..<max(max(0, y0), min(height, y1)) {
                                for x in max(0, x0)..<max(max(0, x0), min(width, x1)) { expected[x: x, y: y] = ink }
                            }
                            if filled != expected { failures += 1 }
                            #expect(filled == expected, "\(width)×\(height): x \(x0)..<\(x1), y \(y0)..<\(y1)")
                        }
                    }
                }
            }
        }
    }

    @Test func divisionBy255RoundsExactly() {
        for v in 0...(255 * 255) {
            #expect(div255(v) == Int((Double(v) / 255).rounded()), "\(v)")
            if div255(v) != Int((Double(v) / 255).rounded()) { break }
        }
    }
}

/// ``Bitmap/spread(left:right:fill:)``: two pages side by side, an absent one leaving its half the page colour.
@Suite struct BitmapSpreadTests {
    @Test func pagesSideBySide() throws {
        let red = Color(red: 255, green: 0, blue: 0, alpha: 255), blue = Color(red: 0, green: 0, blue: 255, alpha: 255)
        let paper = Color(red: 250, green: 240, blue: 220, alpha: 255)
        let spread = try Bitmap.spread(left: Bitmap(width: 3, height: 2, fill: red), right: Bitmap(width: 3, height: 2, fill: blue),
                                       fill: paper)
        #expect(spread.width == 6 && spread.height == 2)
        #expect(spread[x: 0, y: 0] == red && spread[x: 2, y: 1] == red && spread[x: 3, y: 0] == blue && spread[x: 5, y: 1] == blue)
        let alone = try Bitmap.spread(left: nil, right: Bitmap(width: 3, height: 2, fill: blue), fill: paper)
        #expect(alone.width == 6 && alone[x: 1, y: 1] == paper && alone[x: 4, y: 1] == blue)
        // A shorter page leaves the rest of its half the page colour.
        let uneven = try Bitmap.spread(left: Bitmap(width: 2, height: 1, fill: red), right: Bitmap(width: 3, height: 2, fill: blue), fill: paper)
        #expect(uneven.width == 6 && uneven[x: 0, y: 0] == red && uneven[x: 0, y: 1] == paper && uneven[x: 2, y: 0] == paper)
    }
}
