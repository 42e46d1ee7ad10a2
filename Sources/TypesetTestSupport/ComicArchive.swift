import TypesetCore
import TypesetRender

/// Comic book archives (CBZ) made in memory for tests: pages of one colour each, with an optional `ComicInfo.xml`.
public enum ComicArchive {
    /// One page: its entry name, size in pixels and colour.
    public struct Page: Sendable {
        public var name: String
        public var width: Int
        public var height: Int
        public var color: Color

        public init(_ name: String, width: Int, height: Int, color: Color) {
            self.name = name; self.width = width; self.height = height; self.color = color
        }
    }

    /// A PNG of `width` × `height` pixels of `color`.
    public static func png(width: Int, height: Int, color: Color) throws -> [UInt8] {
        try PNGEncoder.encode(Bitmap(width: width, height: height, fill: color))
    }

    /// The archive's entries: the pages as PNGs, then `ComicInfo.xml` when given, then `extra` as they are.
    public static func entries(_ pages: [Page], comicInfo: String? = nil, extra: [(String, [UInt8])] = []) throws -> [ZipWriter.Entry] {
        var entries = try pages.map { ZipWriter.Entry(name: $0.name, bytes: try png(width: $0.width, height: $0.height, color: $0.color)) }
        if let comicInfo { entries.append(ZipWriter.Entry(name: "ComicInfo.xml", bytes: Array(comicInfo.utf8))) }
        entries += extra.map { ZipWriter.Entry(name: $0.0, bytes: $0.1) }
        return entries
    }

    /// `ComicInfo.xml` saying the pages turn right to left (`<Manga>YesAndRightToLeft</Manga>`), with a title.
    public static func mangaInfo(title: String) -> String {
        "<?xml version=\"1.0\"?><ComicInfo><Title>\(title)</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>"
    }

    /// How many pixels of a PNG `matches`; nil when it cannot be decoded.
    public static func count(ofPNG bytes: [UInt8], where matches: (Color) -> Bool) -> Int? {
        guard let bitmap = try? ImageDecoder.decode(bytes) else { return nil }
        var count = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where matches(bitmap[x: x, y: y]) { count += 1 } }
        return count
    }

    /// The colour of pixel (`x`, `y`) of a PNG, and its size; nil when it cannot be decoded or the pixel is outside.
    public static func pixel(ofPNG bytes: [UInt8], x: Int, y: Int) -> (color: Color, width: Int, height: Int)? {
        guard let bitmap = try? ImageDecoder.decode(bytes), x >= 0, y >= 0, x < bitmap.width, y < bitmap.height else { return nil }
        return (bitmap[x: x, y: y], bitmap.width, bitmap.height)
    }
}
