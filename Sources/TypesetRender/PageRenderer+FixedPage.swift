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
        guard page.scale > 0 else { return canvas }
        var inner = appearance
        inner.pixelScale = scale * page.scale
        let size = inner.pixelScale
        let viewportWidth = max(1, Int((page.viewport.width * size).rounded())), viewportHeight = max(1, Int((page.viewport.height * size).rounded()))
        guard viewportWidth.multipliedReportingOverflow(by: viewportHeight).partialValue <= Bitmap.maximumPixelCount else {
            throw RenderError(.tooLarge, "a \(viewportWidth)×\(viewportHeight) page is more than a bitmap may hold; use a smaller scale")
        }
        // CSS's painting order (CSS 2.1 Appendix E): the canvas's background, the flow's boxes and text, then the
        // positioned boxes in document order, each its background and border and then its text.
        var viewport = Bitmap(width: viewportWidth, height: viewportHeight, fill: appearance.theme.background)
        drawBoxes(page.backgrounds, at: Point(x: 0, y: 0), appearance: inner, resources: resources, onto: &viewport)
        if !page.layout.pages.isEmpty {
            try draw(page: 0, of: page.layout, at: Point(x: 0, y: 0), appearance: inner, resources: resources, onto: &viewport)
        }
        for box in page.boxes {
            drawBoxes([box.decoration], at: Point(x: 0, y: 0), appearance: inner, resources: resources, onto: &viewport)
            if let layout = box.layout, !layout.pages.isEmpty {
                try draw(page: 0, of: layout, at: box.contentOrigin, appearance: inner, resources: resources, onto: &viewport)
            }
        }
        let x0 = Int((page.rect.minX * scale).rounded()), y0 = Int((page.rect.minY * scale).rounded())
        canvas.paste(viewport, atX: x0, y: y0)
        return canvas
    }

    /// Draws page `page` of `layout` onto `canvas` (not filled first) with the layout's origin at `origin` (points
    /// of the canvas): its boxes, images and text, as ``render(page:of:appearance:decorations:window:resources:)``.
    func draw(page: Int, of layout: BookLayout, at origin: Point, appearance: Appearance,
              resources: (any ResourceLoader)?, onto canvas: inout Bitmap) throws(RenderError) {
        let scale = appearance.pixelScale
        let window = Rect(x: -origin.x, y: -origin.y, width: Double(canvas.width) / scale, height: Double(canvas.height) / scale)
        var target: Bitmap? = canvas
        canvas = Bitmap(width: 1, height: 1, fill: appearance.theme.background)   // the pixels move, not copied
        let drawn = try drawPage(page, of: layout, appearance: appearance, window: window,
                                 onto: { width, height, fill in target.take() ?? Bitmap(width: width, height: height, fill: fill) },
                                 backgrounds: { bitmap, pixelOrigin, runs in
                                     drawBackgroundImages(layout.pages[page].boxes, text: runs, resources: resources, appearance: appearance,
                                                          fonts: layout.text.fonts, origin: pixelOrigin, into: &bitmap)
                                 }) { bitmap, area, pixelOrigin in
            let attachments = layout.attachments(onPage: page, in: area.minY..<area.maxY)
            if !attachments.isEmpty {
                drawAttachments(attachments, resources: resources, appearance: appearance, fonts: layout.text.fonts,
                                origin: pixelOrigin, into: &bitmap)
            }
        }
        canvas = drawn
    }

    /// Draws `boxes` (backgrounds, background images, borders) onto `canvas` with their coordinates' origin at
    /// `origin`.
    func drawBoxes(_ boxes: [BlockBox], at origin: Point, appearance: Appearance, resources: (any ResourceLoader)?,
                   onto canvas: inout Bitmap) {
        guard !boxes.isEmpty else { return }
        let scale = appearance.pixelScale
        let pixelOrigin = (x: Int((-origin.x * scale).rounded()), y: Int((-origin.y * scale).rounded()))
        var colors = ReadableColors(theme: appearance.theme)
        drawBoxes(boxes, scale: scale, origin: pixelOrigin, colors: &colors, into: &canvas) { bitmap in
            // A fixed page's canvas and positioned boxes are the page as designed: their pictures are drawn as they
            // are on every theme (no text is passed, so none is dimmed for text over it).
            drawBackgroundImages(boxes, text: [], resources: resources, appearance: appearance, fonts: nil,
                                 origin: pixelOrigin, into: &bitmap)
        }
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
