import TypesetCore

/// An RGBA image in memory: 8 bits per channel, straight (non-premultiplied) alpha, rows top to bottom,
/// no padding between rows.
///
/// A value type: copies share storage until one is written to. Pixel `(x, y)` starts at byte
/// `(y * width + x) * 4` of ``pixels`` and holds red, green, blue, alpha in that order.
public struct Bitmap: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel, row-major.
    public private(set) var pixels: [UInt8]

    /// The largest bitmap made here: 2²⁸ pixels (1 GiB of RGBA). Pages that would need more are refused
    /// with ``RenderError/Code/tooLarge`` instead of exhausting memory.
    public static let maximumPixelCount = 1 << 28

    /// A bitmap filled with one colour.
    ///
    /// - Parameters:
    ///   - width: Width in pixels, at least 0.
    ///   - height: Height in pixels, at least 0.
    ///   - fill: The colour of every pixel.
    /// - Precondition: `width` and `height` are not negative and `width × height` is at most
    ///   ``maximumPixelCount`` (a programming error, like an array count; the renderer checks page sizes
    ///   before calling this and throws instead).
    public init(width: Int, height: Int, fill: Color) {
        precondition(width >= 0 && height >= 0, "negative bitmap size \(width)×\(height)")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Bitmap.maximumPixelCount, "bitmap \(width)×\(height) exceeds Bitmap.maximumPixelCount")
        self.width = width
        self.height = height
        // One 32-bit store per pixel; Array(repeating:) of a 4-byte pattern would need a loop anyway.
        let pattern = UInt32(fill.red) | UInt32(fill.green) << 8 | UInt32(fill.blue) << 16 | UInt32(fill.alpha) << 24
        let littleEndianPattern = UInt32(littleEndian: pattern)
        pixels = [UInt8](possiblyEmptyCapacity: count * 4) { buffer, initialized in
            if let base = buffer.baseAddress { Bitmap.store(littleEndianPattern, count: count, at: UnsafeMutableRawPointer(base)) }
            initialized = count * 4
        }
    }

    /// A bitmap over existing RGBA bytes; nil when `pixels.count` is not `width × height × 4`.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - pixels: Straight-alpha RGBA bytes, row-major, no padding.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Bitmap.maximumPixelCount, pixels.count == count * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour of pixel `(x, y)`, origin at the top-left.
    ///
    /// - Precondition: `0 ≤ x < width` and `0 ≤ y < height`.
    public subscript(x x: Int, y y: Int) -> Color {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue; pixels[i + 3] = newValue.alpha
        }
    }

    /// Whether every pixel has alpha 255 (such a bitmap is written to PNG without an alpha channel).
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { raw in
            // Alpha is the high byte of each little-endian 32-bit pixel; AND-ing all pixels keeps it 0xFF
            // only if every alpha is. Two pixels per unaligned 64-bit load (free of alignment assumptions).
            guard let base = raw.baseAddress else { return true }
            let alphas = UInt64(littleEndian: 0xFF00_0000_FF00_0000)
            var all: UInt64 = ~0
            let pairs = raw.count / 8
            var i = 0
            var word = base
            while i < pairs {
                let end = min(pairs, i + 4096)
                for _ in i..<end {
                    all &= word.loadUnaligned(as: UInt64.self)
                    word += 8
                }
                i = end
                if all & alphas != alphas { return false }
            }
            if raw.count % 8 >= 4 {
                let last = (base + pairs * 8).loadUnaligned(as: UInt32.self)
                if UInt32(littleEndian: last) >> 24 != 0xFF { return false }
            }
            return true
        }
    }

    /// Gives `body` the pixels for writing, for compositing loops that must not pay for bounds checks.
    mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }
}
