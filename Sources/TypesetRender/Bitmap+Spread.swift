import TypesetCore

extension Bitmap {
    /// Two pages side by side, as a book lies open (`PageSpread`): `left` in the left half, `right` in the right
    /// half, each half as wide as the wider page and the bitmap as tall as the taller; an absent page (the first
    /// page alone, the last one) leaves its half in `fill`, the page colour.
    ///
    /// - Throws: ``RenderError`` `.tooLarge` when the two would exceed ``maximumPixelCount``.
    public static func spread(left: Bitmap?, right: Bitmap?, fill: Color) throws(RenderError) -> Bitmap {
        let half = max(left?.width ?? 0, right?.width ?? 0)
        let height = max(left?.height ?? 0, right?.height ?? 0)
        let (width, overflow) = half.multipliedReportingOverflow(by: 2)
        let (count, overflow2) = width.multipliedReportingOverflow(by: height)
        guard !overflow, !overflow2, count <= maximumPixelCount else {
            throw RenderError(.tooLarge, "a spread of two \(half)×\(height) pages needs more than the \(maximumPixelCount) pixels a bitmap may hold; use a smaller scale")
        }
        var pixels = Bitmap(width: width, height: height, fill: fill).pixels
        pixels.withUnsafeMutableBytes { target in
            for (page, x) in [(left, 0), (right, half)] {
                guard let page else { continue }
                let rowBytes = page.width * 4
                page.pixels.withUnsafeBytes { source in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    for y in 0..<page.height {
                        (to + (y * width + x) * 4).copyMemory(from: from + y * rowBytes, byteCount: rowBytes)
                    }
                }
            }
        }
        // The size was checked above and the pixels are width × height × 4 bytes: the initializer accepts them.
        guard let result = Bitmap(width: width, height: height, pixels: pixels) else {
            throw RenderError(.tooLarge, "a spread of two \(half)×\(height) pages cannot be made")
        }
        return result
    }
}
