/// The geometry of a page that is one image (a comic's page, an image-only EPUB's spine item, a fixed-layout
/// page drawn as a picture): where the image lies on the page and how page points map to its pixels, what an app
/// needs to zoom into a panel. Which panels a page has is the app's business; this is the page's side of it.
///
/// The image is scaled uniformly (its aspect kept) into the page's content area and centred, so the rest of the page
/// is letterbox: ``pixel(at:)`` answers nil there.
public struct ImageRegion: Hashable, Sendable {
    /// The image's resource (``TextAttachment/source``).
    public let source: String?
    /// Its one unit in the text.
    public let range: Range<UTF16Offset>
    /// Where the image is drawn on the page, in page points.
    public let rect: Rect
    /// The image's own size in pixels (its ``TextAttachment/intrinsicSize``); nil for a placeholder.
    public let pixelSize: Size?

    /// Creates a region (for images placed by other means than a layout's attachments).
    public init(source: String?, range: Range<UTF16Offset>, rect: Rect, pixelSize: Size?) {
        self.source = source; self.range = range; self.rect = rect; self.pixelSize = pixelSize
    }

    /// Points on the page per pixel of the image (1 for an image drawn at its own size); nil without a pixel size.
    public var scale: Double? {
        guard let pixelSize, pixelSize.width > 0, rect.width > 0 else { return nil }
        return rect.width / pixelSize.width
    }

    /// The image pixel under `point` (page points), as a fractional position from the image's top-left corner;
    /// nil outside the image (in the letterbox), for a placeholder, or for a point that is not finite.
    public func pixel(at point: Point) -> Point? {
        guard let pixelSize, point.x.isFinite, point.y.isFinite, rect.width > 0, rect.height > 0,
              point.x >= rect.minX, point.x <= rect.maxX, point.y >= rect.minY, point.y <= rect.maxY else { return nil }
        return Point(x: (point.x - rect.minX) / rect.width * pixelSize.width,
                     y: (point.y - rect.minY) / rect.height * pixelSize.height)
    }

    /// The page rectangle (points) that a rectangle of the image's pixels is drawn in: where to zoom to show a
    /// panel the app found in the image. Nil for a placeholder.
    public func pageRect(ofPixels pixels: Rect) -> Rect? {
        guard let pixelSize, pixelSize.width > 0, pixelSize.height > 0 else { return nil }
        let sx = rect.width / pixelSize.width, sy = rect.height / pixelSize.height
        return Rect(x: rect.minX + pixels.minX * sx, y: rect.minY + pixels.minY * sy,
                    width: pixels.width * sx, height: pixels.height * sy)
    }
}

extension BookLayout {
    /// The image page `pageIndex` is, when it is one: its one attachment laid out as a page of its own
    /// (``TextAttachment/Presentation/page``: a comic's page, an image spine item, a cover); nil for a page of text
    /// or an index out of range.
    public func imageRegion(onPage pageIndex: Int) -> ImageRegion? {
        let placed = attachments(onPage: pageIndex).filter { $0.attachment.presentation == .page }
        guard placed.count == 1, let image = placed.first else { return nil }
        return ImageRegion(source: image.attachment.source, range: image.range, rect: image.rect,
                           pixelSize: image.attachment.intrinsicSize)
    }
}
