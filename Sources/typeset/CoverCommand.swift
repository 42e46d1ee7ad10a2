import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset cover BOOK -o FILE [--width W]`: the book's cover image (``Publication/cover``) as a PNG thumbnail,
/// for a library's shelf.
enum CoverCommand {
    /// The thumbnail's width in pixels when `--width` does not say: a shelf's cover at twice 160 points.
    static let defaultWidth = 320

    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("cover: no input file (typeset cover BOOK -o FILE [--width W])") }
        let file = try BookFile.open(path: input, encoding: options.encoding, previewBytes: options.previewBytes)
        for notice in file.notices.prefix(5) { Console.shared.notice(notice) }
        let publication = file.publication
        guard let cover = publication.cover, let loader = publication.resourceLoader else {
            let kind = file.epub == nil ? "a plain-text book has no cover image" : "it has no cover-image item, no <meta name=\"cover\"> and no image in its first spine item"
            throw ToolFailure(status: .badInput, message: "\(input): no cover: \(kind)")
        }
        let limits = ImageLimits()
        let png: [UInt8]
        do {
            let bytes = try loader.bytes(of: cover, maximumSize: limits.maximumFileSize)
            png = try PNGEncoder.encode(try thumbnail(of: bytes, width: options.coverWidth ?? defaultWidth, limits: limits))
        } catch let error as ResourceError {
            throw ToolFailure(status: .badInput, message: "\(input): the cover \(cover) cannot be read: \(error.description)")
        } catch let error as RenderError {
            throw ToolFailure(status: .badInput, message: "\(input): the cover \(cover) cannot be drawn: \(error.description)")
        }
        let output = options.output ?? defaultOutput(input)
        Console.shared.releaseNotices()
        if output == "-" {
            Console.shared.write(bytes: png)
        } else {
            try PNGEncoder.write(png, to: output)
            Console.shared.notice("wrote the cover \(cover) to \(output)")
        }
    }

    /// The image scaled to `width` pixels wide, its proportions kept (an SVG drawn at that size).
    static func thumbnail(of bytes: [UInt8], width: Int, limits: ImageLimits) throws(RenderError) -> Bitmap {
        let size = try ImageDecoder.size(of: bytes, limits: limits)
        let height = max(1, Int((Double(width) * size.height / max(1, size.width)).rounded()))
        let bitmap = try ImageDecoder.decode(bytes, svgSize: (width, height), limits: limits)
        return try ImageDecoder.scaled(bitmap, width: width, height: height, limits: limits)
    }

    /// `book-cover.png` beside where the tool runs, for `book.epub`.
    static func defaultOutput(_ input: String) -> String {
        let name = input.split(separator: "/").last.map(String.init) ?? input
        let stem = name.contains(".") ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
        return (stem.isEmpty ? "book" : stem) + "-cover.png"
    }
}
