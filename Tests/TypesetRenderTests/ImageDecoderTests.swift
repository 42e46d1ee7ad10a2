import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

/// Book images through the libraries made for each format (libpng, libjpeg-turbo, giflib, libwebp, libavif, libjxl,
/// librsvg) and pixman; the fixtures are made by `Images/make-images.py` and `Images/make-jxl.c` (40 × 30: blue, a red square at x 10..<20, y 5..<15, a
/// transparent top-right quarter where the format has alpha).
@Suite struct ImageDecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: RenderFixtures.repositoryRoot + "/Tests/TypesetRenderTests/Images/" + name)))
    }

    static func close(_ a: Color, _ b: Color, _ tolerance: Int = 8) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
    }

    static let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    @Test(arguments: [("square.png", ImageFormat.png, true), ("square.jpg", .jpeg, false), ("square-progressive.jpg", .jpeg, false),
                      ("square.gif", .gif, true), ("square.webp", .webp, true), ("square.svg", .svg, false),
                      ("square.avif", .avif, true), ("square.jxl", .jxl, true), ("square-container.jxl", .jxl, true)])
    func everyFormatDecodesToItsPixels(name: String, format: ImageFormat, hasAlpha: Bool) throws {
        let bytes = try Self.bytes(name)
        let size = try ImageDecoder.size(of: bytes)
        #expect(size.format == format && size.width == 40 && size.height == 30, "\(name): \(size)")
        let bitmap = try ImageDecoder.decode(bytes)
        #expect(bitmap.width == 40 && bitmap.height == 30)
        let tolerance = format == .jpeg || format == .avif ? 24 : 1
        #expect(Self.close(bitmap[x: 15, y: 10], Self.red, tolerance), "\(name): \(bitmap[x: 15, y: 10])")
        #expect(Self.close(bitmap[x: 5, y: 25], Self.blue, tolerance), "\(name): \(bitmap[x: 5, y: 25])")
        if hasAlpha { #expect(bitmap[x: 30, y: 5].alpha == 0, "\(name): the transparent quarter") }
    }

    @Test func anSVGWithOnlyAViewBoxTakesItsSizeAndRendersAtAnySize() throws {
        let bytes = try Self.bytes("viewbox-only.svg")
        let size = try ImageDecoder.size(of: bytes)
        #expect(size.width == 80 && size.height == 60)
        let big = try ImageDecoder.decode(bytes, svgSize: (400, 300))
        #expect(big.width == 400 && Self.close(big[x: 399, y: 299], Color(red: 0, green: 255, blue: 0)))
    }

    @Test func scalingKeepsColoursAndTransparency() throws {
        let bitmap = try ImageDecoder.decode(try Self.bytes("square.png"))
        let small = try ImageDecoder.scaled(bitmap, width: 20, height: 15)
        #expect(Self.close(small[x: 7, y: 5], Self.red, 12))
        #expect(Self.close(small[x: 2, y: 12], Self.blue, 12))
        #expect(small[x: 17, y: 2].alpha < 8, "transparent stays transparent, without a dark fringe")
        let large = try ImageDecoder.scaled(bitmap, width: 80, height: 60)
        #expect(Self.close(large[x: 30, y: 20], Self.red, 12) && Self.close(large[x: 10, y: 50], Self.blue, 12))
    }

    /// Bad images: an error naming the problem, never a crash, and nothing allocated past the limits.
    @Test func badImagesAreErrorsNotCrashes() throws {
        let png = try Self.bytes("square.png"), jpeg = try Self.bytes("square.jpg"), gif = try Self.bytes("square.gif")
        let webp = try Self.bytes("square.webp")
        // Not an image at all.
        #expect(throws: RenderError.self) { try ImageDecoder.size(of: Array("hello".utf8)) }
        #expect(throws: RenderError.self) { try ImageDecoder.decode([]) }
        // Truncated files: headers cut short are errors; a JPEG or GIF cut in its data keeps the rows it has.
        for bytes in [png, jpeg, gif, webp] {
            #expect(throws: RenderError.self) { try ImageDecoder.decode(Array(bytes.prefix(12))) }
        }
        let cutJPEG = try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count * 2 / 3)))
        #expect(cutJPEG.width == 40)
        #expect(throws: RenderError.self) { try ImageDecoder.decode(Array(png.prefix(png.count - 20))) }
        // A header that declares 50,000 × 50,000 pixels is refused before anything is allocated.
        var huge = png
        for (i, byte) in [0x00, 0x00, 0xC3, 0x50, 0x00, 0x00, 0xC3, 0x50].enumerated() { huge[16 + i] = UInt8(byte) }
        let error = try #require(throws: RenderError.self) { try ImageDecoder.size(of: huge) }
        #expect(error.code == .tooLarge && error.message.contains("50000"))
        #expect(throws: RenderError.self) { try ImageDecoder.decode(huge) }
        // An SVG declaring 100,000 × 50,000 is capped to the limits, keeping its proportions, and drawn at its box.
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="50000"><rect width="100000" height="50000" fill="red"/></svg>"#.utf8)
        let capped = try ImageDecoder.size(of: svg)
        #expect(capped.width * capped.height <= 40_000_000 && capped.width == 2 * capped.height && capped.width > 8_000)
        let box = try ImageDecoder.decode(svg, svgSize: (200, 100))
        #expect(box.width == 200 && Self.close(box[x: 150, y: 80], Self.red))
        #expect(throws: RenderError.self) { try ImageDecoder.decode(svg, svgSize: (40_000, 20_000)) }
        // AVIF and JPEG XL cut short, or with their data overwritten: errors, never a crash.
        for name in ["square.avif", "square.jxl", "square-container.jxl"] {
            let bytes = try Self.bytes(name)
            #expect(throws: RenderError.self, "\(name)") { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
            var damaged = bytes
            for index in stride(from: min(40, bytes.count / 2), to: bytes.count, by: 3) { damaged[index] ^= 0x5A }
            _ = try? ImageDecoder.decode(damaged)
        }
        // Random bytes after a valid signature.
        var noise = SplitMix(seed: 7)
        for format in [png, jpeg, gif, webp] {
            let garbage = Array(format.prefix(8)) + (0..<2000).map { _ in UInt8(truncatingIfNeeded: noise.next()) }
            _ = try? ImageDecoder.decode(garbage)
        }
    }

    /// SVGs are read from their bytes alone: external files are never loaded, and a self-referencing `<use>`
    /// does not loop.
    @Test func svgsNeverReachOutsideTheirBytes() throws {
        let external = try ImageDecoder.decode(try Self.bytes("external.svg"))
        #expect(Self.close(external[x: 20, y: 15], Self.blue), "nothing from /etc was drawn over the rectangle")
        // A red image on disk, referenced by absolute path and by file URL: if librsvg loaded it, it would cover
        // the blue rectangle.
        let redPNG = try PNGEncoder.encode(Bitmap(width: 40, height: 30, fill: Self.red))
        let path = RenderFixtures.temporaryPath("red.png")
        try Data(redPNG).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30">
            <rect width="40" height="30" fill="#0000ff"/>
            <image href="file://\(path)" width="40" height="30"/><image xlink:href="\(path)" width="40" height="30"/>
            </svg>
            """
        let drawn = try ImageDecoder.decode(Array(svg.utf8))
        #expect(Self.close(drawn[x: 20, y: 15], Self.blue), "an image on disk was loaded: \(drawn[x: 20, y: 15])")
        // Style sheets on disk, by processing instruction and by @import (as a book's CSS given to an inline
        // drawing may have): not loaded either.
        let cssPath = RenderFixtures.temporaryPath("red.css")
        try Data("rect { fill: #ff0000 !important; }".utf8).write(to: URL(fileURLWithPath: cssPath))
        defer { try? FileManager.default.removeItem(atPath: cssPath) }
        let styled = """
            <?xml-stylesheet type="text/css" href="file://\(cssPath)"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><style>@import url("file://\(cssPath)"); @import url("\(cssPath)");</style>
            <rect width="40" height="30" fill="#0000ff"/></svg>
            """
        let unstyled = try ImageDecoder.decode(Array(styled.utf8))
        #expect(Self.close(unstyled[x: 20, y: 15], Self.blue), "a style sheet on disk was loaded: \(unstyled[x: 20, y: 15])")
        let recursive = try? ImageDecoder.decode(try Self.bytes("recursive.svg"))
        #expect(recursive == nil || Self.close(recursive?[x: 20, y: 15] ?? Self.blue, Self.blue))
    }
}

/// A tiny deterministic generator for the noise inputs.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
