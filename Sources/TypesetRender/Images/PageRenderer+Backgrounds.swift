import TypesetCore

extension PageRenderer {
    /// Draws the background images of `boxes` (``BlockBox/images``), over their colours and under their borders:
    /// each layer's copies (``BackgroundLayer/tiling(area:clip:natural:emSize:)``) decoded once at their pixel size
    /// through the image cache and the decode budgets, clipped to the box's part on the page; a gradient's pixels
    /// computed for the part of the box on the canvas only (`Bitmap.gradient(_:columns:rows:)`). An image that cannot
    /// be read or decoded is not drawn (the colour beneath shows) and its problem is added to ``imageProblems``
    /// once.
    ///
    /// On a dark theme, an image under text (a box crossed by a line of `text`, the page's glyph runs) is dimmed
    /// to the theme's ``Theme/pictureGround`` (`Bitmap.dimmed(to:)`), on which the theme's text reads at 4.5:1: a
    /// book's light picture made for dark ink would leave the theme's light text unreadable (Readium's night mode
    /// makes background colours transparent but keeps background images, so the text is lost on them). A box
    /// without text over it (a picture alone) keeps its image as ``Appearance/imageFilter`` says, as `<img>`
    /// elements do.
    func drawBackgroundImages(_ boxes: [BlockBox], text: [GlyphRun], resources: (any ResourceLoader)?, appearance: Appearance,
                              fonts: DocumentFonts?, origin: (x: Int, y: Int), into bitmap: inout Bitmap) {
        let scale = appearance.pixelScale
        pagePixelsDecoded = 0
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        for box in boxes where !box.images.isEmpty {
            guard box.imageArea != nil else { continue }
            let ground = appearance.theme.pictureGround.flatMap { ground in
                text.contains { Self.crosses($0.lineBox, box.rect) } ? ground : nil
            }
            // CSS paints the last layer first: the first is on top.
            for layer in box.images.reversed() {
                // Placed in its `background-origin` box, cut to its `background-clip` box.
                guard let area = box.area(layer.origin) else { continue }
                let paint = box.paintingRect(layer.clip)
                let clip = (pixel(paint.minX) - origin.x, pixel(paint.minY) - origin.y,
                            pixel(paint.maxX) - origin.x, pixel(paint.maxY) - origin.y)
                guard clip.0 < clip.2, clip.1 < clip.3 else { continue }
                let bands = clips(paint, radii: box.paintingRadii(layer.clip), clip: clip, scale: scale, origin: origin)
                switch layer.image {
                case .entry(let source):
                    drawPicture(source, of: layer, in: box, area: area, paint: paint, bands: bands, ground: ground, resources: resources,
                                appearance: appearance, fonts: fonts, origin: origin, into: &bitmap)
                case .gradient(let gradient):
                    let canvas = (max(0, clip.0), max(0, clip.1), min(bitmap.width, clip.2), min(bitmap.height, clip.3))
                    guard canvas.0 < canvas.2, canvas.1 < canvas.3 else { continue }
                    let tiling = layer.tiling(area: area, clip: paint, natural: nil, emSize: box.emSize)
                    let shader = gradient.shader(width: tiling.tileWidth, height: tiling.tileHeight, emSize: box.emSize,
                                                 text: appearance.theme.text)
                    let columns = Bitmap.copyCoordinates(from: canvas.0, to: canvas.2, offset: origin.x, scale: scale,
                                                         starts: tiling.xs, length: tiling.tileWidth)
                    let rows = Bitmap.copyCoordinates(from: canvas.1, to: canvas.3, offset: origin.y, scale: scale,
                                                      starts: tiling.ys, length: tiling.tileHeight)
                    var shown = filtered(Bitmap.gradient(shader, columns: columns, rows: rows), appearance.imageFilter)
                    if let ground { shown = shown.dimmed(to: ground) }
                    for band in bands { bitmap.draw(shown, atX: canvas.0, y: canvas.1, clip: band) }
                }
            }
        }
    }

    /// Draws the copies of the picture `source` of `layer`, decoded once at their pixel size, clipped to `bands`.
    private func drawPicture(_ source: String, of layer: BackgroundLayer, in box: BlockBox, area: Rect, paint: Rect, bands: [(Int, Int, Int, Int)],
                             ground: Color?, resources: (any ResourceLoader)?, appearance: Appearance, fonts: DocumentFonts?,
                             origin: (x: Int, y: Int), into bitmap: inout Bitmap) {
        let scale = appearance.pixelScale
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        guard let natural = backgroundSize(source, resources: resources) else { return }
        let tiling = layer.tiling(area: area, clip: paint, natural: natural, emSize: box.emSize)
        guard let firstX = tiling.xs.first, let firstY = tiling.ys.first else { return }
        // One copy's pixels: a lone copy's edges where its box's are rounded to (an image sized to its box
        // meets the box's edges), repeated copies a whole pixel wider rather than a seam between them.
        func pixels(_ start: Double, _ length: Double, repeated: Bool) -> Int {
            repeated ? Int(min(1e9, (length * scale).rounded(.up))) : pixel(start + length) - pixel(start)
        }
        let width = pixels(firstX, tiling.tileWidth, repeated: tiling.xs.count > 1)
        let height = pixels(firstY, tiling.tileHeight, repeated: tiling.ys.count > 1)
        guard width > 0, height > 0 else { return }
        let attachment = TextAttachment(source: source, intrinsicSize: natural)
        let tileBox = Size(width: tiling.tileWidth, height: tiling.tileHeight)
        switch image(for: attachment, width: width, height: height, box: tileBox, fonts: fonts, resources: resources,
                     consequence: "the background image is not drawn") {
        case .image(let image):
            var shown = filtered(image, appearance.imageFilter)
            if let ground { shown = shown.dimmed(to: ground) }
            for band in bands {
                for y in tiling.ys {
                    for x in tiling.xs {
                        bitmap.draw(shown, atX: pixel(x) - origin.x, y: pixel(y) - origin.y, clip: band)
                    }
                }
            }
        case .failed(let problem), .overBudget(let problem, _):
            report(problem, for: source)
        }
    }

    /// Whether two rectangles overlap (more than at an edge).
    static func crosses(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
    }

    /// The pixel rectangles (canvas pixels) a layer is clipped to: its painting area's part `rect` (`clip` in
    /// pixels), or for rounded corners a row of pixels at a time where the corners curve and one rectangle between
    /// them; the rounded box's sides at the nearest device pixels, as its colour's (``fillRounded(_:radii:color:scale:origin:into:)``).
    private func clips(_ rect: Rect, radii: CornerRadii?, clip: (Int, Int, Int, Int), scale: Double,
                       origin: (x: Int, y: Int)) -> [(Int, Int, Int, Int)] {
        guard let radii else { return [clip] }
        let rect = Self.snapped(BorderEdges(), rect: rect, scale: scale).1
        let topBand = max(radii.topLeft.height, radii.topRight.height), bottomBand = max(radii.bottomLeft.height, radii.bottomRight.height)
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        var result: [(Int, Int, Int, Int)] = []
        let middleTop = pixel(rect.minY + topBand) - origin.y, middleBottom = pixel(rect.maxY - bottomBand) - origin.y
        if middleTop < middleBottom { result.append((clip.0, middleTop, clip.2, middleBottom)) }
        let rows = pixelRows(rect.minY, rect.maxY, scale: scale)
        for row in rows where row - origin.y < middleTop || row - origin.y >= middleBottom {
            guard let span = radii.span(of: rect, atY: (Double(row) + 0.5) / scale) else { continue }
            result.append((pixel(span.minX) - origin.x, row - origin.y, pixel(span.maxX) - origin.x, row - origin.y + 1))
        }
        return result
    }

    /// The size of the background image `source` in points (its pixels as CSS pixels), read from its header once
    /// per renderer; nil (reported) when it cannot be read.
    private func backgroundSize(_ source: String, resources: (any ResourceLoader)?) -> Size? {
        if let known = backgroundSizes[source] { return known }
        var size: Size?
        do {
            guard let resources else { throw RenderError(.image, "no resource loader was given") }
            let bytes = try resources.bytes(of: source, maximumSize: imageLimits.maximumFileSize)
            let intrinsic = try ImageDecoder.size(of: bytes, limits: imageLimits)
            size = Size(width: intrinsic.width, height: intrinsic.height)
        } catch let error as ResourceError {
            report("background image \(source): \(error.description); it is not drawn", for: source)
        } catch let error as RenderError {
            report("background image \(source): \(error.message); it is not drawn", for: source)
        } catch {
            report("background image \(source): \(error); it is not drawn", for: source)
        }
        backgroundSizes[source] = size
        return size
    }

    /// Adds `problem` to ``imageProblems`` unless `source` has had one.
    private func report(_ problem: String, for source: String) {
        if reportedImages.insert(source).inserted { imageProblems.append(problem) }
    }
}
