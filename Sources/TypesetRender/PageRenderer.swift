import TypesetCore
internal import CFreeType

/// Draws laid-out pages into bitmaps with FreeType.
///
/// ```swift
/// let renderer = try PageRenderer()
/// let bitmap = try renderer.render(page: 0, of: layout, appearance: Appearance(theme: .dark, pixelScale: 3))
/// try PNGEncoder.write(bitmap, to: "page-1.png")
/// ```
/// A renderer keeps the FreeType faces it has opened and a cache of rasterized glyphs, so reuse one for many
/// pages. It is not thread-safe (FreeType objects are not): use one renderer per thread or task.
public final class PageRenderer {
    private let library: FreeTypeLibrary
    /// Faces by file and index rather than by ``FontFace/id``: ids are only unique within one `FontContext`,
    /// and a renderer may be handed layouts from several.
    private var faces: [FaceKey: FreeTypeFace] = [:]
    private let rasterizer = GlyphRasterizer()
    /// Decoded images by source and pixel size (see ``ImageCache``).
    let imageCache = ImageCache()
    /// The embedded fonts of the last book whose SVG drawings were drawn, for their text (by the fonts' serial).
    var svgFonts: (serial: Int, set: SVGFontSet?)?
    /// What decoding one image may cost.
    public var imageLimits = ImageLimits()
    /// The images that could not be drawn since the renderer was made, one line each (what and why), each image
    /// once: for an app's log or a CLI's notices. They were drawn as placeholders of their size.
    public internal(set) var imageProblems: [String] = []
    var reportedImages: Set<String> = []
    /// Background images' sizes in points, read from their headers (nil: unreadable, reported).
    var backgroundSizes: [String: Size?] = [:]
    /// Pixels decoded for the page being drawn and for the book (``ImageLimits/maximumPixelsPerPage``,
    /// ``ImageLimits/maximumPixelsPerBook``), and whether the book's budget has been said to be spent.
    var pagePixelsDecoded = 0
    var bookPixelsDecoded = 0
    var reportedBookBudget = false

    /// Starts a new book's decode budget (``ImageLimits/maximumPixelsPerBook``): for a renderer kept from one book
    /// to the next.
    public func startBook() {
        bookPixelsDecoded = 0
        reportedBookBudget = false
    }

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
        /// A font in memory (a book's): its bytes, kept alive by the cached face, so the identifier stays unique.
        var bytes: ObjectIdentifier?
    }

    /// Starts FreeType.
    ///
    /// - Throws: ``RenderError`` `.freeType` when FreeType cannot be initialised (out of memory).
    public init() throws(RenderError) {
        library = try FreeTypeLibrary()
    }

    /// Renders one page: a bitmap of the page's size in pixels, filled with the appearance's background, with
    /// every glyph run drawn in its colour.
    ///
    /// The bitmap is `ceil(page.size × appearance.pixelScale)` pixels. Glyph origins land on whole pixels
    /// vertically (`round(y × scale)`) and on quarter pixels horizontally.
    ///
    /// With `decorations`, their fills and underlines are drawn behind the glyphs first (see
    /// `PageRenderer+Decorations.swift`); without them (or with a set that has nothing on the page) the page is
    /// drawn exactly as before, byte for byte.
    ///
    /// With `window`, only that rectangle of the page (points, page coordinates) is drawn, into a bitmap of its
    /// size: a screen of a long scroll page at any scroll offset, or a tile. A window's pixels are the page's own
    /// (its origin is taken to the nearest pixel), so windows whose edges fall on whole pixels tile the page: drawn
    /// one after another, they make the page drawn whole, pixel for pixel.
    ///
    /// - Parameters:
    ///   - page: Zero-based page index into `layout.pages`.
    ///   - layout: The laid-out book.
    ///   - appearance: Colours and pixel density (they never change the layout).
    ///   - decorations: Highlights and underlines to draw, measured against `layout` now.
    ///   - window: The part of the page to draw; nil for all of it.
    ///   - resources: Where the page's images are read from (`Publication.resourceLoader`); without it they are
    ///     drawn as placeholders. Only the images of the page (or window) drawn are read and decoded.
    /// - Returns: An RGBA bitmap, opaque when the theme's background is.
    /// - Throws: ``RenderError`` `.pageOutOfRange` for a bad index, `.tooLarge` when the page (or window) would
    ///   exceed ``Bitmap/maximumPixelCount`` (a long scroll layout drawn whole: draw it by windows),
    ///   `.fontUnreadable` when a face's file cannot be opened by FreeType, `.invalidAppearance` for a pixel scale
    ///   out of its range, `.invalidWindow` for a window that is not finite or has a negative size.
    public func render(page: Int, of layout: BookLayout, appearance: Appearance = Appearance(),
                       decorations: DecorationSet? = nil, window: Rect? = nil,
                       resources: (any ResourceLoader)? = nil) throws(RenderError) -> Bitmap {
        try drawPage(page, of: layout, appearance: appearance, window: window,
                     onto: { Bitmap(width: $0, height: $1, fill: $2) },
                     backgrounds: { bitmap, origin, runs in
                         drawBackgroundImages(layout.pages[page].boxes, text: runs, resources: resources, appearance: appearance,
                                              fonts: layout.text.fonts, origin: origin, into: &bitmap)
                     }) { bitmap, area, origin in
            let attachments = window == nil ? layout.attachments(onPage: page)
                : layout.attachments(onPage: page, in: area.minY..<area.maxY)
            if !attachments.isEmpty {
                drawAttachments(attachments, resources: resources, appearance: appearance, fonts: layout.text.fonts,
                                origin: origin, into: &bitmap)
            }
            if let decorations, !decorations.isEmpty {
                drawDecorations(decorations, page: page, of: layout, appearance: appearance, area: area, origin: origin,
                                into: &bitmap)
            }
        }
    }

    /// Renders one page and encodes it as PNG: the same pixels as ``render(page:of:appearance:decorations:window:resources:)`` followed by
    /// ``PNGEncoder/encode(_:compression:)``, but faster for the common page.
    ///
    /// A page without decorations is drawn as palette indices (an `IndexedCanvas`: a byte per pixel instead of
    /// four, no pass over the pixels to find their colours) and handed to the palette writer as it is; a page
    /// that turns out to need more than 256 colours is written as RGB from the canvas (a few stray colours kept
    /// as escapes, many turning it into an RGBA bitmap: see `IndexedCanvas`); one with decorations, or
    /// `.small` compression, is drawn as a bitmap. A one-page CLI run spent a third of its time filling and
    /// scanning the RGBA page (perf).
    ///
    /// - Throws: as ``render(page:of:appearance:decorations:window:resources:)`` and ``PNGEncoder/encode(_:compression:)``.
    public func renderPNG(page: Int, of layout: BookLayout, appearance: Appearance = Appearance(),
                          decorations: DecorationSet? = nil, resources: (any ResourceLoader)? = nil,
                          compression: PNGEncoder.Compression = .fast, window: Rect? = nil) throws(RenderError) -> [UInt8] {
        // Images need more colours than a palette holds: such pages are drawn as bitmaps.
        // (A window that is not a rectangle is refused by drawPage; it holds no image here.)
        let hasAttachments = if let window {
            window.minY.isFinite && window.maxY.isFinite && window.height >= 0
                && layout.attachments(onPage: page, in: window.minY..<window.maxY).contains { $0.attachment.formula == nil }
        } else {
            layout.attachments(onPage: page).contains { $0.attachment.formula == nil }
        }
        let hasImages = hasAttachments || (layout.pages.indices.contains(page) && layout.pages[page].boxes.contains { !$0.images.isEmpty })
        guard compression == .fast, decorations?.isEmpty ?? true, !hasImages else {
            return try PNGEncoder.encode(render(page: page, of: layout, appearance: appearance, decorations: decorations,
                                                window: window, resources: resources),
                                         compression: compression)
        }
        let canvas = try drawPage(page, of: layout, appearance: appearance, window: window,
                                  onto: { IndexedCanvas(width: $0, height: $1, background: $2) })
        // An empty page goes to the encoder too, for its error (PNG images are at least 1×1).
        guard canvas.width > 0, canvas.height > 0 else { return try PNGEncoder.encode(canvas.rgbaBitmap(), compression: compression) }
        if canvas.needsTrueColour {
            // More than 256 colours, known without looking for a palette again: RGB rows made from the canvas as
            // zlib takes them.
            let rows = canvas.trueColourRows(opaque: canvas.pixelsAreOpaque)
            return try TrueColourPNGWriter.encode(width: canvas.width, height: canvas.height, opaque: rows.opaque, write: rows.write)
        }
        return try PalettePNGWriter.encode(width: canvas.width, height: canvas.height, indices: canvas.rows,
                                           rowStride: canvas.rowStride, colormap: canvas.colormap, opaque: canvas.isOpaque)
    }

    /// Checks the page index and window, makes the canvas of the page (or window) at its pixel size in the theme's
    /// background, lets `prepare` draw under the text (decorations), then draws every glyph run that reaches the
    /// window in its colour, shifted by the window's pixel origin.
    func drawPage<Canvas: GlyphCanvas>(_ page: Int, of layout: BookLayout, appearance: Appearance, window: Rect? = nil,
                                               onto makeCanvas: (_ width: Int, _ height: Int, _ background: Color) -> Canvas,
                                               backgrounds: (inout Canvas, _ origin: (x: Int, y: Int), _ runs: [GlyphRun]) -> Void = { _, _, _ in },
                                               prepare: (inout Canvas, _ area: Rect, _ origin: (x: Int, y: Int)) -> Void = { _, _, _ in })
        throws(RenderError) -> Canvas {
        guard layout.pages.indices.contains(page) else {
            throw RenderError(.pageOutOfRange, "page index \(page) is out of range: the layout has \(layout.pages.count) page\(layout.pages.count == 1 ? "" : "s")")
        }
        do { _ = try appearance.validated() } catch { throw RenderError(.invalidAppearance, error.description) }
        let scale = appearance.pixelScale
        let pageSize = layout.pages[page].size
        let area = window ?? Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        guard area.minX.isFinite, area.minY.isFinite, area.width.isFinite, area.height.isFinite,
              area.width >= 0, area.height >= 0, abs(area.minX * scale) < 1e12, abs(area.minY * scale) < 1e12 else {
            throw RenderError(.invalidWindow, "the window \(area) is not a finite rectangle of a non-negative size")
        }
        let (width, height) = try PageRenderer.pixelSize(of: area.size, scale: scale)
        // The window's origin on whole pixels: its pixels are then the page's own.
        let origin = (x: Int((area.minX * scale).rounded()), y: Int((area.minY * scale).rounded()))
        let theme = appearance.theme
        var canvas = makeCanvas(width, height, theme.background)
        let runs = window == nil ? layout.glyphRuns(onPage: page) : layout.glyphRuns(onPage: page, in: area.minY..<area.maxY)
        var colors = ReadableColors(theme: theme)
        // The book's boxes and backgrounds first, then decorations (highlights), then text: an underline and an
        // overline go under the glyphs, as CSS draws them, a line-through over them.
        drawBoxes(layout.pages[page].boxes, scale: scale, origin: origin, colors: &colors, into: &canvas) { canvas in
            backgrounds(&canvas, origin, runs)
        }
        for run in runs where run.backgroundColor != nil {
            guard let background = run.backgroundColor else { continue }
            fill(run.lineBox, color: colors.background(background), scale: scale, origin: origin, into: &canvas)
        }
        // Inline elements' boxes, outer ones first, as blocks' are drawn (InlineBoxPass).
        let inlineBoxes = InlineBoxPass.boxes(for: runs)
        if !inlineBoxes.isEmpty {
            drawBoxes(inlineBoxes, scale: scale, origin: origin, colors: &colors, into: &canvas) { _ in }
        }
        prepare(&canvas, area, origin)
        // Text over a background image dimmed on a dark theme is made readable on the dimmed image.
        let pictures = theme.isDark ? layout.pages[page].boxes.filter { !$0.images.isEmpty }.map(\.rect) : []
        let grounds = TextGrounds(blocks: layout.pages[page].boxes, inline: inlineBoxes)
        for run in runs {
            // A book's colour is made readable on what it is drawn on: the box under it, or the page.
            let ground = run.color == nil && run.decorationLook?.color == nil ? nil : grounds.ground(of: run)
            var color = run.color.map { colors.text($0, on: ground) } ?? (run.isLink ? theme.link : theme.text)
            if !pictures.isEmpty, pictures.contains(where: { Self.crosses(run.lineBox, $0) }) { color = colors.overPicture(color) }
            // The lines in their own colour when the book gives one, made readable as the text's is.
            let lineColor = run.decorationLook?.color.map { colors.text($0, on: ground) } ?? color
            if !run.decoration.isEmpty {
                drawLines(of: run, color: lineColor, over: false, scale: scale, origin: origin, into: &canvas)
            }
            try draw(run, color: color, scale: scale, origin: origin, into: &canvas)
            if run.decoration.contains(.lineThrough) {
                drawLines(of: run, color: lineColor, over: true, scale: scale, origin: origin, into: &canvas)
            }
        }
        try drawFormulas(window == nil ? layout.formulas(onPage: page) : layout.formulas(onPage: page, in: area.minY..<area.maxY),
                         grounds: grounds, colors: &colors, scale: scale, origin: origin, into: &canvas)
        if appearance.printPageLabels {
            // The print edition's page numbers in the margin, quieter than the text: halfway to the page's colour.
            let label = Self.mix(theme.text, theme.background)
            for run in layout.printPageLabelRuns(onPage: page) where window == nil || (run.lineTop < area.maxY && run.lineBottom > area.minY) {
                try draw(run, color: label, scale: scale, origin: origin, into: &canvas)
            }
        }
        return canvas
    }

    /// The background `boxes[index]` stands on: the colour of the smallest other box with one that holds it (of
    /// two as large, the later, drawn over the other: boxes come outermost first), nil for the page. Quadratic in
    /// a page's boxes, which are few (a page of table cells, a few hundred).
    static func ground(of index: Int, in boxes: [BlockBox]) -> Color? {
        let rect = boxes[index].rect
        var ground: (color: Color, area: Double)?
        for (other, box) in boxes.enumerated() where other != index {
            guard let color = box.background, box.rect.minX <= rect.minX + 0.01, box.rect.maxX >= rect.maxX - 0.01,
                  box.rect.minY <= rect.minY + 0.01, box.rect.maxY >= rect.maxY - 0.01 else { continue }
            let area = box.rect.width * box.rect.height
            if area <= ground?.area ?? .infinity { ground = (color, area) }
        }
        return ground?.color
    }

    /// The colour halfway between `a` and `b`, opaque.
    static func mix(_ a: Color, _ b: Color) -> Color {
        func half(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Int(x) * 11 + Int(y) * 9) / 20) }
        return Color(red: half(a.red, b.red), green: half(a.green, b.green), blue: half(a.blue, b.blue))
    }

    /// Draws blocks' and table cells' backgrounds, then `images` (blocks' background images), then every border:
    /// a block's edges in their styles, a table's borders solid.
    func drawBoxes<Canvas: GlyphCanvas>(_ boxes: [BlockBox], scale: Double, origin: (x: Int, y: Int),
                                                colors: inout ReadableColors, into canvas: inout Canvas,
                                                images: (inout Canvas) -> Void) {
        for box in boxes {
            guard let background = box.background else { continue }
            // Cut to its `background-clip` box.
            let rect = box.paintingRect(box.backgroundClip)
            if let radii = box.paintingRadii(box.backgroundClip) {
                fillRounded(rect, radii: radii, color: colors.background(background), scale: scale, origin: origin, into: &canvas)
            } else {
                fill(rect, color: colors.background(background), scale: scale, origin: origin, into: &canvas)
            }
        }
        if boxes.contains(where: { !$0.images.isEmpty }) { images(&canvas) }
        for (index, box) in boxes.enumerated() {
            guard let edges = box.edges else { continue }
            // The ground matters only to a book's colour (a box's edges without one are the theme's text colour).
            let coloured = [edges.top, edges.right, edges.bottom, edges.left].contains { $0.color != nil }
            let ground = coloured ? Self.ground(of: index, in: boxes) : nil
            if let radii = box.radii {
                drawRoundedEdges(edges, rect: box.rect, radii: radii, ground: ground, scale: scale, origin: origin, colors: &colors, into: &canvas)
            } else {
                drawEdges(edges, rect: box.rect, ground: ground, scale: scale, origin: origin, colors: &colors, into: &canvas)
            }
        }
        for (index, box) in boxes.enumerated() where box.border > 0 && box.edges == nil {
            let color = colors.border(box.borderColor, on: box.borderColor == nil ? nil : Self.ground(of: index, in: boxes))
            let w = box.border, r = box.rect
            // Each edge centred on the box's edge, at least a pixel wide.
            let half = max(w, 1 / scale) / 2
            fill(Rect(x: r.minX - half, y: r.minY - half, width: r.width + 2 * half, height: 2 * half), color: color, scale: scale, origin: origin, into: &canvas)
            fill(Rect(x: r.minX - half, y: r.maxY - half, width: r.width + 2 * half, height: 2 * half), color: color, scale: scale, origin: origin, into: &canvas)
            fill(Rect(x: r.minX - half, y: r.minY + half, width: 2 * half, height: r.height - 2 * half), color: color, scale: scale, origin: origin, into: &canvas)
            fill(Rect(x: r.maxX - half, y: r.minY + half, width: 2 * half, height: r.height - 2 * half), color: color, scale: scale, origin: origin, into: &canvas)
        }
    }

    /// Draws `run`'s underline and overline (`over` false) or its line-through (`over` true), in its own size.
    private func drawLines(of run: GlyphRun, color: Color, over: Bool, scale: Double, origin: (x: Int, y: Int),
                           into canvas: inout some GlyphCanvas) {
        let thickness = max(run.size * (run.decorationLook?.thickness ?? 0.06), 1 / scale)
        var positions: [Double] = []
        if over {
            positions.append(run.baseline - run.size * 0.3)
        } else {
            if run.decoration.contains(.underline) {
                // Below the face's descender, clear of `g` and `y`, or a tenth of an em under the baseline.
                let below = run.decoration.contains(.underlineBelowDescenders) ? max(run.face.descent, 0.1) : 0.1
                positions.append(run.baseline + run.size * below)
            }
            if run.decoration.contains(.overline) { positions.append(run.baseline - run.size * 0.8) }
        }
        guard run.orientation == .horizontal else {
            // Vertical text: lines run down the page, an underline on the right of the glyphs' em box (CSS
            // `text-underline-position` for CJK; on the left for `left`), a line-through on the axis, an overline
            // on the line-over side, which is the right in `vertical-rl` and `vertical-lr` alike (CSS Text
            // Decoration 3 §2.1, Writing Modes 4 §6.3): inside the em box's right edge, as a horizontal overline
            // is inside its top, so that it stays clear of a right underline.
            var xs: [Double] = []
            if over { xs.append(run.baseline) } else {
                if run.decoration.contains(.underline) {
                    xs.append(run.decoration.contains(.underlineLeft) ? run.baseline - run.size * 0.55 - thickness : run.baseline + run.size * 0.55)
                }
                if run.decoration.contains(.overline) { xs.append(run.baseline + run.size * 0.45 - thickness) }
            }
            for x in xs {
                drawDecorationLine(run.decorationLook?.style ?? .solid, band: (x, thickness), along: (run.minX, run.maxX),
                                   horizontal: false, color: color, scale: scale, origin: origin, into: &canvas)
            }
            return
        }
        for y in positions {
            drawDecorationLine(run.decorationLook?.style ?? .solid, band: (y, thickness), along: (run.minX, run.maxX),
                               horizontal: true, color: color, scale: scale, origin: origin, into: &canvas)
        }
    }

    /// Fills a rectangle in page points, its edges rounded to whole pixels, on a canvas whose top left is the page's
    /// pixel `origin`.
    func fill(_ rect: Rect, color: Color, scale: Double, origin: (x: Int, y: Int), into canvas: inout some GlyphCanvas) {
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        let x0 = pixel(rect.minX), y0 = pixel(rect.minY)
        canvas.fill(x0: x0 - origin.x, y0: y0 - origin.y, x1: max(pixel(rect.maxX), x0 + 1) - origin.x,
                    y1: max(pixel(rect.maxY), y0 + 1) - origin.y, color: color)
    }

    /// The bitmap size for a page, or `.tooLarge`.
    static func pixelSize(of size: Size, scale: Double) throws(RenderError) -> (Int, Int) {
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        // Settings are validated by the typesetter, but the check costs nothing and keeps Int(_:) from trapping.
        guard w.isFinite, h.isFinite, w >= 0, h >= 0, w * h <= Double(Bitmap.maximumPixelCount) else {
            throw RenderError(.tooLarge, "a \(size) pt page at scale \(formatPoints(scale)) needs \(formatPoints(w))×\(formatPoints(h)) pixels, more than the \(Bitmap.maximumPixelCount) a bitmap may hold; use a smaller scale, or draw the page by windows")
        }
        return (Int(w), Int(h))
    }

    private func face(for fontFace: FontFace) throws(RenderError) -> FreeTypeFace {
        let key = FaceKey(path: fontFace.path, index: fontFace.index, bytes: fontFace.bytes.map(ObjectIdentifier.init))
        if let face = faces[key] { return face }
        let face = try FreeTypeFace(library: library, path: fontFace.path, index: fontFace.index, slot: Int32(faces.count),
                                    bytes: fontFace.bytes)
        faces[key] = face
        return face
    }

    func draw(_ run: GlyphRun, color: Color, scale: Double, origin: (x: Int, y: Int),
                      into bitmap: inout some GlyphCanvas) throws(RenderError) {
        let pixelsPerEm = (run.size * scale * 64).rounded()
        // Text under 1/64 px, or fully transparent, leaves no mark.
        guard pixelsPerEm.isFinite, pixelsPerEm >= 1, color.alpha > 0 else { return }
        guard pixelsPerEm <= 65535 * 64 else {
            // FreeType keeps pixels per em in 16 bits.
            throw RenderError(.tooLarge, "text of \(formatPoints(run.size)) pt at scale \(formatPoints(scale)) is \(formatPoints(pixelsPerEm / 64)) pixels per em; FreeType draws at most 65535")
        }
        let face = try face(for: run.face)
        var key = GlyphKey(face: face.slot, glyph: 0, subpixel: 0, size: Int32(pixelsPerEm), rotated: run.orientation == .rotated)
        // Font expansion: a scale the layout clamps to a few per cent (anything else is drawn unscaled).
        if run.horizontalScale.isFinite, abs(run.horizontalScale - 1) <= 0.5 {
            key.horizontalScale = Int32((run.horizontalScale * 65_536).rounded())
        }
        let limit = Double(1 << 40)
        for (glyph, position) in zip(run.glyphs, run.positions) {
            let quarters = (position.x * scale * 4).rounded(), y = (position.y * scale).rounded()
            // A position far off the page cannot be drawn and would trap on conversion to Int.
            guard quarters.isFinite, y.isFinite, abs(quarters) < limit, abs(y) < limit else { continue }
            let q = Int(quarters)
            let penX = (q >> 2) - origin.x, penY = Int(y) - origin.y
            key.glyph = glyph
            key.subpixel = UInt8(q & 3)
            if let image = try rasterizer.image(for: key, face: face) {
                bitmap.composite(image, atX: penX + image.left, y: penY - image.top, color: color)
            } else {
                let window = (x0: 0, y0: 0, x1: bitmap.width, y1: bitmap.height)
                let image = try rasterizer.renderClipped(key, face: face, penX: penX, penY: penY, window: window)
                bitmap.composite(image, atX: penX + image.left, y: penY - image.top, color: color)
            }
        }
    }

    /// Rasterizer counters for tests: glyphs drawn blank because FreeType refused them, cache hits and misses.
    var statistics: (failedGlyphs: Int, hits: Int, misses: Int, cached: Int) {
        (rasterizer.failedGlyphs, rasterizer.cacheHits, rasterizer.cacheMisses, rasterizer.cacheCount)
    }
}

/// FreeType faces are not thread-safe; a renderer must stay on one thread at a time.
@available(*, unavailable)
extension PageRenderer: Sendable {}

/// A book's colours made readable on one theme (``Theme/readable(text:)``), each worked out once per page.
struct ReadableColors {
    let theme: Theme
    private var texts: [Color: Color] = [:]
    private var backgrounds: [Color: Color] = [:]
    private var overPictures: [Color: Color] = [:]
    private var textsOnGrounds: [ColorPair: Color] = [:]

    private struct ColorPair: Hashable {
        var text: Color
        var ground: Color
    }

    init(theme: Theme) { self.theme = theme }

    mutating func text(_ color: Color) -> Color {
        if let known = texts[color] { return known }
        let made = theme.readable(text: color)
        texts[color] = made
        return made
    }

    /// `color` (a book's text colour) as drawn on `ground` (a book's background colour, drawn as
    /// ``background(_:)`` draws it), or on the page when `ground` is nil.
    mutating func text(_ color: Color, on ground: Color?) -> Color {
        guard let ground else { return text(color) }
        let key = ColorPair(text: color, ground: ground)
        if let known = textsOnGrounds[key] { return known }
        let made = theme.readable(text: color, on: background(ground))
        textsOnGrounds[key] = made
        return made
    }

    /// `color` (a text colour as drawn on the page) as drawn over a picture dimmed to ``Theme/pictureGround``.
    mutating func overPicture(_ color: Color) -> Color {
        if let known = overPictures[color] { return known }
        let made = theme.pictureGround.map { theme.readable(text: color, on: $0) } ?? color
        overPictures[color] = made
        return made
    }

    /// A border's colour (nil: the theme's text colour) around a box standing on `ground` (a book's background
    /// colour, nil for the page, which CSS starts white): when it is the ground's own colour, the book drew space
    /// in it (Sphinx's headings' `border-top: 20px solid white` in a white body), so it is drawn as the ground is
    /// and stays unseen; else it is made readable as text colours are (a grey rule on a dark theme).
    mutating func border(_ color: Color?, on ground: Color?) -> Color {
        guard let color else { return theme.text }
        guard color == (ground ?? .white) else { return text(color) }
        return ground.map { background($0) } ?? theme.background
    }

    mutating func background(_ color: Color) -> Color {
        if let known = backgrounds[color] { return known }
        let made = theme.readable(background: color)
        backgrounds[color] = made
        return made
    }
}
