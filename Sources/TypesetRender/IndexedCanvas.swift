import TypesetCore
#if canImport(Glibc)
internal import Glibc
#endif

/// Something glyph masks are drawn onto: an RGBA ``Bitmap``, or an ``IndexedCanvas`` of palette indices.
protocol GlyphCanvas {
    var width: Int { get }
    var height: Int { get }
    /// Draws a coverage mask in `color`, source-over, with its top-left pixel at `(x, y)`, clipped.
    mutating func composite(_ image: GlyphImage, atX x: Int, y: Int, color: Color)
    /// Fills the pixels `x0..<x1`, `y0..<y1` with `color`, source-over, clipped.
    mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, color: Color)
}

extension Bitmap: GlyphCanvas {}

/// A page drawn as one palette index per pixel, for pages of at most 256 colours (text in one colour on one
/// background holds only the blends of the two): a quarter of the memory of RGBA, nothing to fill but zeros,
/// and the palette PNG writer takes the indices as they are, with no pass to find the colours.
///
/// The indices are stored as PNG wants its rows: each row is preceded by one byte, always 0 (filter type none), so
/// that an 8-bit palette image is compressed straight from the canvas, with no copy of the page (``rows``).
///
/// Every blend is computed by ``Bitmap/blend(_:at:red:green:blue:alpha:)`` on the palette colour, so the
/// pixels are exactly those the RGBA bitmap would hold; a blend already seen (an index under a coverage value
/// in the current colour) is a table lookup.
///
/// When a 257th colour would be needed (glyphs overlapping on a tinted page: the blend of a blend, a few pixels),
/// index 255 becomes an escape: the pixels that hold it keep their colour in ``escapes``, by offset, and the page
/// is written as RGB made from the indices row by row (``TrueColourRows``), never held whole as RGBA.
/// Only when escapes grow past ``escapeLimit`` (many colours, not a few stray blends) does the canvas turn into
/// an RGBA ``bitmap`` on the spot and go on drawing there. Turning into RGBA at the first overflow took a third
/// of the page faults of a one-page CLI run with the bundled fonts (perf, issue 32).
struct IndexedCanvas: GlyphCanvas {
    let width: Int
    let height: Int
    /// One index into ``colours`` per pixel, row-major, each row preceded by a 0 byte: pixel (x, y) is at
    /// `y * (width + 1) + 1 + x`. Index 0 is the background.
    private(set) var rows: [UInt8]
    /// Bytes from one row to the next in ``rows``.
    var rowStride: Int { width + 1 }
    /// RGBA colours, as the bytes R, G, B, A read as a native 32-bit word.
    private(set) var colours: [UInt32]
    /// The page as RGBA, once it needed more than 256 colours; nil while it fits a palette.
    private(set) var bitmap: Bitmap?
    private var lookup: [UInt32: UInt8]
    /// `memo[index << 8 | alpha]` = the index of that colour with a mask of `alpha` drawn over it in
    /// ``memoColor``, plus one; 0 when not computed yet.
    private var memo: [UInt16]
    private var memoColor: Color?
    /// The colour of each pixel whose index is ``escape``, by its offset in ``rows``, once ``escaping``. Entries
    /// of pixels drawn over since are left (only a pixel holding the escape is looked up).
    private(set) var escapes: [Int: UInt32] = [:]
    /// Whether index 255 is the escape (the palette overflowed), not a colour.
    private(set) var escaping = false
    static let escape: UInt8 = 255
    /// The most escaped pixels kept before the page turns into RGBA: a sixty-fourth of the page.
    private var escapeLimit: Int { max(1024, width * height / 64) }
    /// Whether the page needs more colours than a palette: escapes, or drawn as RGBA.
    var needsTrueColour: Bool { escaping || bitmap != nil }

    init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        rows = [UInt8](repeating: 0, count: (width + 1) * height)
        let first = IndexedCanvas.word(red: background.red, green: background.green, blue: background.blue,
                                       alpha: background.alpha)
        colours = [first]
        lookup = [first: 0]
        memo = [UInt16](repeating: 0, count: 256 * 256)
    }

    private static func word(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        UInt32(littleEndian: UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24)
    }

    /// Fills a rectangle as a mask of full coverage (backgrounds, borders and text decorations of a book's styles).
    /// An opaque colour is the same index whatever it covers, so its rows are set to that index without a blend
    /// (and without clearing the blend memo, which a colour change costs a composite).
    mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, color: Color) {
        let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(width, x1), cy1 = min(height, y1)
        guard cx0 < cx1, cy0 < cy1 else { return }
        if bitmap == nil, color.alpha == 255, let index = opaqueIndex(color) {
            let stride = rowStride
            rows.withUnsafeMutableBufferPointer { indices in
                for row in cy0..<cy1 {
                    let start = row * stride + 1
                    for column in cx0..<cx1 { indices[start + column] = index }
                }
            }
            return
        }
        let mask = GlyphImage(coverage: [UInt8](repeating: 255, count: cx1 - cx0), width: cx1 - cx0, height: 1, left: 0, top: 0)
        for row in cy0..<cy1 { composite(mask, atX: cx0, y: row, color: color) }
    }

    /// The index of opaque `color` (what `Bitmap.blend` makes of it over any pixel), added to the palette when
    /// new; nil when the palette is full.
    private mutating func opaqueIndex(_ color: Color) -> UInt8? {
        let word = IndexedCanvas.word(red: color.red, green: color.green, blue: color.blue, alpha: 255)
        if let index = lookup[word] { return index }
        guard colours.count < 256 else { return nil }
        let index = UInt8(colours.count)
        colours.append(word)
        lookup[word] = index
        return index
    }

    /// Whether every colour is opaque.
    var isOpaque: Bool { colours.allSatisfy { UInt32(littleEndian: $0) >> 24 == 0xFF } }

    /// The colour map as PNG wants it: RGB triples when opaque, RGBA otherwise.
    var colormap: [UInt8] {
        let opaque = isOpaque
        var bytes: [UInt8] = []
        bytes.reserveCapacity(colours.count * 4)
        for colour in colours {
            let c = UInt32(littleEndian: colour)
            bytes.append(UInt8(truncatingIfNeeded: c)); bytes.append(UInt8(truncatingIfNeeded: c >> 8))
            bytes.append(UInt8(truncatingIfNeeded: c >> 16))
            if !opaque { bytes.append(UInt8(truncatingIfNeeded: c >> 24)) }
        }
        return bytes
    }

    /// The index of `index`'s colour with coverage `alpha` (1...255) of `color` drawn over it, computed and
    /// remembered in `memo`, or nil when the palette is full. Looking up a blend already seen is inlined in
    /// ``composite(_:atX:y:color:)``; this is its slow path.
    private mutating func blend(_ index: UInt8, alpha: Int, color: Color, memo: UnsafeMutablePointer<UInt16>,
                                at offset: Int, pixels: UnsafeMutablePointer<UInt8>) -> UInt8? {
        let escaped = escaping && index == Self.escape
        var pixel = escaped ? escapes[offset] ?? colours[Int(index)] : colours[Int(index)]
        withUnsafeMutableBytes(of: &pixel) { raw in
            Bitmap.blend(raw.bindMemory(to: UInt8.self), at: 0, red: Int(color.red), green: Int(color.green),
                         blue: Int(color.blue), alpha: alpha)
        }
        let result: UInt8
        if let existing = lookup[pixel] {
            result = existing
        } else if colours.count < 256 {
            result = UInt8(colours.count)
            colours.append(pixel)
            lookup[pixel] = result
        } else {
            // A colour past the palette: this pixel keeps it as an escape (not remembered in the memo, which
            // holds indices only).
            if !escaping { startEscaping(memo: memo, pixels: pixels) }
            guard escapes.count < escapeLimit else { return nil }
            escapes[offset] = pixel
            return Self.escape
        }
        if escaped { escapes[offset] = nil } else { memo[Int(index) << 8 | alpha] = UInt16(result) + 1 }
        return result
    }

    /// Makes index 255 the escape: its colour leaves the palette and the pixels that hold it keep it in
    /// ``escapes``; memo entries from or to it are forgotten.
    private mutating func startEscaping(memo: UnsafeMutablePointer<UInt16>, pixels: UnsafeMutablePointer<UInt8>) {
        escaping = true
        let moved = colours[Int(Self.escape)]
        lookup[moved] = nil
        // memchr: a page has few pixels of its last colour, and a pixel a step was 5 M instructions (callgrind).
        let count = rowStride * height
        var offset = 0
        while offset < count, let hit = memchr(pixels + offset, Int32(Self.escape), count - offset) {
            let found = pixels.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            escapes[found] = moved
            offset = found + 1
        }
        for i in 0..<(256 * 256) where i >> 8 == Int(Self.escape) || memo[i] == UInt16(Self.escape) + 1 { memo[i] = 0 }
    }

    mutating func composite(_ image: GlyphImage, atX x: Int, y: Int, color: Color) {
        if bitmap != nil { bitmap?.composite(image, atX: x, y: y, color: color); return }
        guard image.width > 0, image.height > 0 else { return }
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        if memoColor != color {
            // The memo holds blends in one colour; a run in another colour starts it afresh.
            if memoColor != nil { for i in memo.indices { memo[i] = 0 } }
            memoColor = color
        }
        let sa = Int(color.alpha)
        let stride = rowStride
        // Both arrays are taken out of `self` while drawing, so that they are uniquely referenced (no copy on
        // write) and the per-pixel loop works on plain pointers: the memo lookup is inlined, and only a blend not
        // seen yet calls `blend`: this loop dominates drawing a page.
        var indices = rows, memo = self.memo
        rows = []; self.memo = []
        var stoppedAt: (row: Int, column: Int)?
        image.coverage.withUnsafeBufferPointer { mask in
            indices.withUnsafeMutableBufferPointer { pixelBuffer in
                memo.withUnsafeMutableBufferPointer { memoBuffer in
                    guard let pixels = pixelBuffer.baseAddress, let memo = memoBuffer.baseAddress,
                          let coverage = mask.baseAddress else { return }
                    for row in y0..<y1 {
                        let maskRow = coverage + ((row - y) * image.width - x)
                        let pixelRow = pixels + (row * stride + 1)
                        for column in x0..<x1 {
                            var a = Int(maskRow[column])
                            if a == 0 { continue }
                            if sa != 255 { a = div255(a * sa); if a == 0 { continue } }
                            let index = pixelRow[column]
                            let known = memo[Int(index) << 8 | a]
                            if known != 0 { pixelRow[column] = UInt8(truncatingIfNeeded: known &- 1); continue }
                            guard let next = blend(index, alpha: a, color: color, memo: memo,
                                                   at: row * stride + 1 + column, pixels: pixels) else {
                                stoppedAt = (row, column)
                                return
                            }
                            pixelRow[column] = next
                        }
                    }
                }
            }
        }
        rows = indices
        self.memo = memo
        if let stoppedAt {
            // Out of colours: the page so far as RGBA, then the rest of this mask and every later one there.
            var page = rgbaBitmap()
            page.composite(image, atX: x, y: y, color: color, from: stoppedAt)
            bitmap = page
            rows = []
        }
    }

    /// The page as an RGBA bitmap: the one it turned into, or its indices mapped to their colours.
    func rgbaBitmap() -> Bitmap {
        if let bitmap { return bitmap }
        let count = width * height * 4
        let stride = rowStride
        let pixels = [UInt8](possiblyEmptyCapacity: count) { buffer, initialized in
            rows.withUnsafeBufferPointer { source in
                colours.withUnsafeBufferPointer { palette in
                    guard let out = UnsafeMutableRawPointer(buffer.baseAddress), let indices = source.baseAddress,
                          let colour = palette.baseAddress else { return }
                    var target = out
                    for y in 0..<height {
                        var index = indices + (y * stride + 1)
                        for _ in 0..<width {
                            target.storeBytes(of: colour[Int(index.pointee)], as: UInt32.self)
                            index += 1
                            target += 4
                        }
                    }
                }
            }
            initialized = count
        }
        var page = pixels
        if escaping {
            page.withUnsafeMutableBytes { raw in
                for (offset, colour) in escapes where rows[offset] == Self.escape {
                    raw.storeBytes(of: colour, toByteOffset: (offset / stride * width + offset % stride - 1) * 4, as: UInt32.self)
                }
            }
        }
        // The sizes are the canvas's own, so the bitmap always accepts them.
        return Bitmap(width: width, height: height, pixels: page) ?? Bitmap(width: width, height: height, fill: .black)
    }
}
