import TypesetCore

extension PageRenderer {
    /// Draws the attachments of `page` (its images) under the text: each decoded from its source through
    /// `resources`, scaled to its box at the page's pixel scale with pixman, and composited; an image that cannot
    /// be drawn (no source or size, no loader, missing, undecodable, over ``ImageLimits``) becomes a placeholder
    /// of its box, and its problem is added to ``imageProblems`` once.
    /// Pixels are counted from `origin` (a window's pixel origin on the page).
    func drawAttachments(_ placed: [PlacedAttachment], resources: (any ResourceLoader)?, appearance: Appearance,
                         fonts: DocumentFonts? = nil, origin: (x: Int, y: Int) = (0, 0), into bitmap: inout Bitmap) {
        let scale = appearance.pixelScale
        pagePixelsDecoded = 0
        var reportedPageBudget = false
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        // Formulas are drawn with the text (PageRenderer+Math.swift); an empty block's room draws nothing.
        for object in placed where object.attachment.formula == nil && !object.attachment.isEmptyBlock {
            let x0 = pixel(object.rect.minX), y0 = pixel(object.rect.minY)
            let x1 = pixel(object.rect.maxX), y1 = pixel(object.rect.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            // Drawn at the page's pixels, moved to the window's.
            let (dx, dy) = (origin.x, origin.y)
            // The content's rectangle in its box (`object-fit`), clipped to the box.
            let content = object.attachment.sizing.contentRect(in: object.rect, natural: object.attachment.intrinsicSize)
            let cx0 = pixel(content.minX), cy0 = pixel(content.minY), cx1 = pixel(content.maxX), cy1 = pixel(content.maxY)
            guard cx1 > cx0, cy1 > cy0 else { continue }
            let box = Size(width: content.width, height: content.height)
            switch image(for: object.attachment, width: cx1 - cx0, height: cy1 - cy0, box: box, fonts: fonts, resources: resources) {
            case .image(let image):
                // The reader's image filter, when they chose one, replaces the book's (as Readium CSS's does).
                let shown = appearance.imageFilter == .none
                    ? image.colorFiltered(object.attachment.sizing.colorFilter) : filtered(image, appearance.imageFilter)
                bitmap.draw(shown, atX: cx0 - dx, y: cy0 - dy,
                            clip: (x0 - dx, y0 - dy, x1 - dx, y1 - dy))
            case .failed(let problem):
                if reportedImages.insert(object.attachment.source ?? "offset \(object.range.lowerBound)").inserted {
                    imageProblems.append(problem)
                }
                drawPlaceholder(x0: x0 - dx, y0: y0 - dy, x1: x1 - dx, y1: y1 - dy, color: appearance.theme.text, scale: scale,
                                into: &bitmap)
            case .overBudget(let problem, let isBook):
                // One line for the page (and one for the book); the image is tried again on another page.
                if isBook ? !reportedBookBudget : !reportedPageBudget { imageProblems.append(problem) }
                if isBook { reportedBookBudget = true } else { reportedPageBudget = true }
                drawPlaceholder(x0: x0 - dx, y0: y0 - dy, x1: x1 - dx, y1: y1 - dy, color: appearance.theme.text, scale: scale,
                                into: &bitmap)
            }
        }
    }

    /// What drawing an attachment came to.
    enum Drawn {
        case image(Bitmap)
        case failed(String)
        /// Not decoded: the page's or the book's decode budget is spent (not kept in the cache).
        case overBudget(String, isBook: Bool)
    }

    /// The attachment's image at `width` × `height` pixels, from the cache or decoded now within the page's and
    /// the book's decode budgets.
    /// `consequence` ends a problem's sentence: what is drawn instead.
    func image(for attachment: TextAttachment, width: Int, height: Int, box: Size, fonts: DocumentFonts?,
               resources: (any ResourceLoader)?, consequence: String = "drawn as a placeholder") -> Drawn {
        switch cachedOrDecoded(attachment, width: width, height: height, box: box, fonts: fonts, resources: resources,
                               consequence: consequence) {
        case .image(let image): .image(image)
        case .failed(let problem): .failed(problem)
        case nil: .overBudget(budgetProblem(), isBook: bookPixelsDecoded >= imageLimits.maximumPixelsPerBook)
        }
    }

    /// Why an image was not decoded, the budget named.
    private func budgetProblem() -> String {
        if bookPixelsDecoded >= imageLimits.maximumPixelsPerBook {
            return "the book's images have taken the \(imageLimits.maximumPixelsPerBook) decoded pixels a book may; its further images are drawn as placeholders"
        }
        return "this page's images would take more than the \(imageLimits.maximumPixelsPerPage) decoded pixels a page may; its further images are drawn as placeholders"
    }

    /// Whether decoding `pixels` more fits the page's and the book's budgets; if so they are spent.
    private func spend(_ pixels: Int) -> Bool {
        let page = pagePixelsDecoded.addingReportingOverflow(pixels), book = bookPixelsDecoded.addingReportingOverflow(pixels)
        guard !page.overflow, !book.overflow, page.partialValue <= imageLimits.maximumPixelsPerPage,
              book.partialValue <= imageLimits.maximumPixelsPerBook else {
            // Spent: nothing more is decoded for this page (an image past the book's budget ends the book's).
            if book.overflow || book.partialValue > imageLimits.maximumPixelsPerBook { bookPixelsDecoded = imageLimits.maximumPixelsPerBook }
            return false
        }
        pagePixelsDecoded = page.partialValue
        bookPixelsDecoded = book.partialValue
        return true
    }

    /// The attachment's image from the cache or decoded now; nil when the budget does not allow decoding it.
    /// `box` is the size of its box in points: an SVG's viewport; `fonts` the book's, for an SVG's text.
    private func cachedOrDecoded(_ attachment: TextAttachment, width: Int, height: Int, box: Size, fonts: DocumentFonts?,
                                 resources: (any ResourceLoader)?, consequence: String) -> ImageCache.Entry? {
        let name = attachment.altText.map { "\"\($0.oneLine(limit: 60))\"" } ?? "without alt text"
        guard let source = attachment.source else {
            return .failed("an image \(name) has no source in the book; \(consequence)")
        }
        guard attachment.isDrawable else {
            return .failed("image \(source) has no readable size; \(consequence)")
        }
        guard let resources else { return .failed("image \(source): no resource loader was given; \(consequence)") }
        let key = ImageCache.Key(source: source, width: width, height: height)
        if let entry = imageCache.entry(key) { return entry }
        let entry: ImageCache.Entry
        do {
            let bytes = try resources.bytes(of: source, maximumSize: imageLimits.maximumFileSize)
            // The pixels decoding costs (an SVG is drawn at its box, and may have no size of its own), then those of
            // scaling to the box.
            let decodedPixels: Int
            let isSVG = ImageFormat(sniffing: bytes) == .svg
            if isSVG {
                decodedPixels = width * height
            } else {
                let size = try ImageDecoder.size(of: bytes, limits: imageLimits)
                decodedPixels = Int(size.width) * Int(size.height) + width * height
            }
            guard spend(decodedPixels) else { return nil }
            let decoded = try ImageDecoder.decode(bytes, svgSize: (width, height), svgViewport: box,
                                                  svgFonts: isSVG ? svgFontSet(fonts) : nil, limits: imageLimits)
            entry = .image(try ImageDecoder.scaled(decoded, width: width, height: height, limits: imageLimits))
        } catch let error as ResourceError {
            entry = .failed("image \(source): \(error.description); \(consequence)")
        } catch let error as RenderError {
            entry = .failed("image \(source): \(error.message); \(consequence)")
        } catch {
            entry = .failed("image \(source): \(error); \(consequence)")
        }
        imageCache.store(entry, for: key)
        return entry
    }

    /// The set of `fonts` for SVG text, made once per book (the last book's is kept).
    private func svgFontSet(_ fonts: DocumentFonts?) -> SVGFontSet? {
        guard let fonts, !fonts.faces.isEmpty else { return nil }
        if let kept = svgFonts, kept.serial == fonts.serial { return kept.set }
        let made = SVGFontSet(fonts)
        svgFonts = (fonts.serial, made)
        return made
    }

    /// A box of the text colour, faint, with a border a pixel (at 1×) wide: where an image should be.
    private func drawPlaceholder(x0: Int, y0: Int, x1: Int, y1: Int, color: Color, scale: Double, into bitmap: inout Bitmap) {
        var fill = color
        fill.alpha = UInt8(Int(color.alpha) * 20 / 255)
        bitmap.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: fill)
        var line = color
        line.alpha = UInt8(Int(color.alpha) * 110 / 255)
        let w = max(1, Int(scale.rounded()))
        bitmap.fill(x0: x0, y0: y0, x1: x1, y1: min(y1, y0 + w), color: line)
        bitmap.fill(x0: x0, y0: max(y0, y1 - w), x1: x1, y1: y1, color: line)
        bitmap.fill(x0: x0, y0: y0 + w, x1: min(x1, x0 + w), y1: y1 - w, color: line)
        bitmap.fill(x0: max(x0, x1 - w), y0: y0 + w, x1: x1, y1: y1 - w, color: line)
    }

    /// The image as the appearance's ``ImageFilter`` shows it.
    func filtered(_ image: Bitmap, _ filter: ImageFilter) -> Bitmap {
        switch filter {
        case .none: return image
        case .darken, .invert:
            var result = image
            result.withUnsafeMutablePixels { pixels in
                var p = 0
                while p + 3 < pixels.count {
                    for c in p..<(p + 3) {
                        let value = Int(pixels[c])
                        // Darken: 70 % brightness (Readium's filter: brightness(80%)); invert keeps alpha.
                        pixels[c] = filter == .invert ? UInt8(255 - value) : UInt8(value * 7 / 10)
                    }
                    p += 4
                }
            }
            return result
        }
    }
}

extension Bitmap {
    /// Draws `image` with its top-left pixel at `(x, y)`, source-over (straight alpha), clipped to the bitmap and to
    /// `clip` (pixels x0, y0, x1, y1) when given.
    mutating func draw(_ image: Bitmap, atX x: Int, y: Int, clip: (Int, Int, Int, Int)? = nil) {
        var cx0 = max(0, x), cy0 = max(0, y)
        var cx1 = min(width, x.addingReportingOverflow(image.width).partialValue)
        var cy1 = min(height, y.addingReportingOverflow(image.height).partialValue)
        if let clip {
            cx0 = max(cx0, clip.0); cy0 = max(cy0, clip.1); cx1 = min(cx1, clip.2); cy1 = min(cy1, clip.3)
        }
        guard cx0 < cx1, cy0 < cy1 else { return }
        let bitmapWidth = width
        image.pixels.withUnsafeBufferPointer { source in
            withUnsafeMutablePixels { pixels in
                for row in cy0..<cy1 {
                    var s = ((row - y) * image.width + (cx0 - x)) * 4
                    var d = (row * bitmapWidth + cx0) * 4
                    for _ in cx0..<cx1 {
                        let a = Int(source[s + 3])
                        if a != 0 {
                            Bitmap.blend(pixels, at: d, red: Int(source[s]), green: Int(source[s + 1]), blue: Int(source[s + 2]), alpha: a)
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }
}
