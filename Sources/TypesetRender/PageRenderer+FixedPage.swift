import TypesetCore

extension PageRenderer {
    /// Draws a fixed-layout page (`FixedPage`) as the reader's page of `pageSize`: its viewport drawn at the scale
    /// that fits it (vectors and text at that resolution, not an upscaled bitmap), centred, the rest of the page in
    /// the theme's background (letterbox).
    ///
    /// - Throws: ``RenderError`` as ``render(page:of:appearance:decorations:window:resources:)``.
    public func render(fixed page: FixedPage, pageSize: Size, appearance: Appearance = Appearance(),
                       resources: (any ResourceLoader)? = nil) throws(RenderError) -> Bitmap {
        let scale = appearance.pixelScale
        let width = max(1, Int((pageSize.width * scale).rounded())), height = max(1, Int((pageSize.height * scale).rounded()))
        guard width.multipliedReportingOverflow(by: height).partialValue <= Bitmap.maximumPixelCount, width < 1 << 20, height < 1 << 20 else {
            throw RenderError(.tooLarge, "a \(width)×\(height) page is more than a bitmap may hold; use a smaller scale")
        }
        var canvas = Bitmap(width: width, height: height, fill: appearance.theme.background)
        guard !page.layout.pages.isEmpty, page.scale > 0 else { return canvas }
        var inner = appearance
        inner.pixelScale = scale * page.scale
        let drawn = try render(page: 0, of: page.layout, appearance: inner, resources: resources)
        let x0 = Int((page.rect.minX * scale).rounded()), y0 = Int((page.rect.minY * scale).rounded())
        canvas.paste(drawn, atX: x0, y: y0)
        return canvas
    }
}

extension Bitmap {
    /// Copies `other` onto this bitmap with its top-left corner at (`x`, `y`), clipped to this bitmap.
    mutating func paste(_ other: Bitmap, atX x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + other.width)
        guard left < right else { return }
        let top = max(0, y), bottom = min(height, y + other.height)
        guard top < bottom else { return }
        let count = (right - left) * 4
        let targetWidth = width
        withUnsafeMutablePixels { target in
            other.pixels.withUnsafeBytes { source in
                guard let from = source.baseAddress, let to = UnsafeMutableRawPointer(target.baseAddress) else { return }
                for row in top..<bottom {
                    (to + (row * targetWidth + left) * 4).copyMemory(from: from + ((row - y) * other.width + (left - x)) * 4, byteCount: count)
                }
            }
        }
    }
}
