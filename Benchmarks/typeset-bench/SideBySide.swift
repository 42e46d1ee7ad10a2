import TypesetCore
import TypesetRender

/// Page `page` (0-based, clamped to the shorter book) of two layouts of the same text drawn side by side in one
/// bitmap at the default appearance: `before` on the left, `after` on the right, a 2-pixel divider between them
/// and each half's caption (set by Typeset itself, centred) in a strip above it. The two layouts break pages
/// differently, so the pair drawn is the first from `page` on whose pages begin at the same text (a chapter's
/// pages, say, until their breaks drift apart): what differs below is the settings' doing. Without such a pair,
/// the right page is the one of `after` that holds the start of the left one.
func sideBySide(_ before: BookLayout, _ after: BookLayout, page: Int, captions: [String], fonts: FontContext) throws -> Bitmap {
    let renderer = try PageRenderer()
    let appearance = Appearance()
    guard !before.pages.isEmpty, !after.pages.isEmpty else { throw InputError(description: "no page to draw: a layout of the book is empty") }
    var starts: [UTF16Offset: Int] = [:]
    for (i, p) in after.pages.enumerated() { starts[p.range.lowerBound] = i }
    let requested = max(0, min(page, before.pages.count - 1))
    let left = (requested..<before.pages.count).first { starts[before.pages[$0].range.lowerBound] != nil } ?? requested
    let start = before.pages[left].range.lowerBound
    let right = starts[start] ?? after.pageIndex(containing: start) ?? min(left, after.pages.count - 1)
    let pages = [try renderer.render(page: left, of: before, appearance: appearance),
                 try renderer.render(page: right, of: after, appearance: appearance)]
    // Captions: a one-line page per half in the book's font, drawn by the same renderer.
    var settings = before.settings
    settings.alignment = .center
    settings.hyphenation = false
    settings.fontSize = 13
    settings.margins = EdgeInsets(all: 8)
    settings.pageSize = Size(width: before.pages[left].size.width, height: 34)
    let typesetter = Typesetter(fonts: fonts)
    let strips = try captions.prefix(2).map { caption in
        let layout = try typesetter.layout(StyledText(plain: caption), settings: settings)
        return try renderer.render(page: 0, of: layout, appearance: appearance)
    }
    let divider = 2
    let stripHeight = strips.map(\.height).max() ?? 0
    let width = pages[0].width + divider + pages[1].width
    let height = stripHeight + max(pages[0].height, pages[1].height)
    var picture = Bitmap(width: width, height: height, fill: Color(red: 0x80, green: 0x80, blue: 0x80))
    /// Copies `source` with its top-left corner at (x, y), row by row.
    func place(_ source: Bitmap, x: Int, y: Int) {
        var pixels = picture.pixels
        for row in 0..<source.height where y + row < height {
            let from = row * source.width * 4, to = ((y + row) * width + x) * 4
            let count = min(source.width, width - x) * 4
            pixels.replaceSubrange(to..<(to + count), with: source.pixels[from..<(from + count)])
        }
        picture = Bitmap(width: width, height: height, pixels: pixels) ?? picture
    }
    for (i, strip) in strips.enumerated() { place(strip, x: i == 0 ? 0 : pages[0].width + divider, y: 0) }
    place(pages[0], x: 0, y: stripHeight)
    place(pages[1], x: pages[0].width + divider, y: stripHeight)
    return picture
}
