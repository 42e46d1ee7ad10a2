import Foundation
import Testing

/// The `--json` document as the manual specifies it, decoded strictly: a missing or mistyped key fails.
struct LayoutJSON: Decodable {
    struct Size: Decodable { let width: Double; let height: Double }
    struct NSRangeJSON: Decodable {
        let location: Int
        let length: Int
        var range: Range<Int> { location..<(location + length) }
    }
    struct Rect: Decodable {
        let x: Double, y: Double, width: Double, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }
    struct Margins: Decodable { let top: Double, right: Double, bottom: Double, left: Double }
    struct Theme: Decodable { let name: String, background: String, text: String }
    struct Settings: Decodable {
        let font: String, size: Double, lineHeight: Double, margins: Margins, paragraphSpacing: Double, indent: Double
        let align: String, theme: Theme, pageSize: Size, scale: Double, columns: Int, columnGap: Double
        let language: String?
        let hyphenate: Bool, lineBreaking: String, orphansWidows: Int
        let mode: String
        let publisherStyles: Bool
    }
    struct Line: Decodable { let range: NSRangeJSON, rect: Rect, baseline: Double, hyphenated: Bool? }
    struct Page: Decodable { let index: Int, number: Int, range: NSRangeJSON, lines: [Line] }

    let textLength: Int
    let pageSize: Size
    let pageCount: Int
    let pageCountIsExact: Bool
    let settings: Settings
    let pages: [Page]

    /// The keys the manual promises, per object, for an exact comparison (the shape is stable).
    static let topLevelKeys: Set = ["textLength", "pageSize", "pageCount", "pageCountIsExact", "settings", "pages"]
    static let settingsKeys: Set = ["font", "size", "lineHeight", "margins", "paragraphSpacing", "indent", "align", "theme",
                                    "pageSize", "scale", "imageFilter", "printPageLabels", "columns", "columnGap", "language", "hyphenate", "lineBreaking",
                                    "orphansWidows", "protrusion", "expansion", "mode", "publisherStyles", "wordSpacing", "letterSpacing", "fontWeight",
                                    "typeScale", "ligatures", "textNormalization", "verticalText", "punctuationSpacing", "hangingPunctuation", "userSet"]
    static let pageKeys: Set = ["index", "number", "range", "lines"]
    /// A page with images lists them (the key is absent on every other page).
    static let pageWithImagesKeys: Set = ["index", "number", "range", "lines", "images"]
    static let imageKeys: Set = ["range", "rect", "href", "alt"]
    static let lineKeys: Set = ["range", "rect", "baseline"]
    /// A line ending with a drawn hyphen says so (the key is absent on every other line).
    static let hyphenatedLineKeys: Set = ["range", "rect", "baseline", "hyphenated"]

    /// Parses stdout with `JSONSerialization` (checking the exact key sets) and decodes it.
    static func parse(_ result: CLIResult, checkDecimals: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutJSON {
        let object = try JSONSerialization.jsonObject(with: result.stdoutData)
        let top = try #require(object as? [String: Any], "stdout is not a JSON object: \(result.stdout.prefix(200))",
                               sourceLocation: sourceLocation)
        #expect(Set(top.keys) == topLevelKeys, sourceLocation: sourceLocation)
        let settings = try #require(top["settings"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(Set(settings.keys) == settingsKeys, sourceLocation: sourceLocation)
        let pages = try #require(top["pages"] as? [[String: Any]], sourceLocation: sourceLocation)
        for page in pages {
            #expect(Set(page.keys) == pageKeys || Set(page.keys) == pageWithImagesKeys, sourceLocation: sourceLocation)
            for image in page["images"] as? [[String: Any]] ?? [] {
                #expect(Set(image.keys) == imageKeys, sourceLocation: sourceLocation)
            }
            for line in page["lines"] as? [[String: Any]] ?? [] {
                #expect(Set(line.keys) == lineKeys || (Set(line.keys) == hyphenatedLineKeys && line["hyphenated"] as? Bool == true),
                        sourceLocation: sourceLocation)
            }
        }
        // "Numbers have at most two decimals."
        guard checkDecimals else { return try JSONDecoder().decode(LayoutJSON.self, from: result.stdoutData) }
        let text = result.stdout
        let longDecimal = try NSRegularExpression(pattern: #"[0-9]\.[0-9]{3,}"#)
        let match = longDecimal.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        #expect(match == nil, "a number with more than two decimals: \(match.map { (text as NSString).substring(with: $0.range) } ?? "")",
                sourceLocation: sourceLocation)
        return try JSONDecoder().decode(LayoutJSON.self, from: result.stdoutData)
    }

    /// The `settings` object of stdout's `--json` document, as parsed (for comparing single keys).
    static func settingsObject(_ result: CLIResult) throws -> [String: Any] {
        let top = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return try #require(top["settings"] as? [String: Any])
    }

    /// Every line of every page, in order.
    var allLines: [Line] { pages.flatMap(\.lines) }

    /// Checks what the manual promises about the layout, for the pages present:
    /// - page indices are consecutive; with every page present, page ranges partition `0..<textLength`;
    /// - the lines of a page partition the page's range;
    /// - every line is inside the page vertically (a line never straddles pages), has a positive height, and its
    ///   baseline lies within its box; with `horizontallyInside`, inside the page's margins as well;
    /// - within a one-column page, lines go down the page.
    func checkInvariants(textLength expectedLength: Int, horizontallyInside: Bool = true,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(textLength == expectedLength, "textLength", sourceLocation: sourceLocation)
        #expect(pageCount >= 1 && (pages.count <= pageCount || !pageCountIsExact), sourceLocation: sourceLocation)
        #expect(pageSize.width == settings.pageSize.width || settings.mode == "scroll", sourceLocation: sourceLocation)
        for (offset, page) in pages.enumerated() where offset > 0 {
            #expect(page.index == pages[offset - 1].index + 1, "page indices are consecutive", sourceLocation: sourceLocation)
            #expect(page.range.location == pages[offset - 1].range.range.upperBound,
                    "page \(page.index) starts where page \(page.index - 1) ends", sourceLocation: sourceLocation)
        }
        if pages.count == pageCount && pageCountIsExact {
            #expect(pages.first?.index == 0, sourceLocation: sourceLocation)
            #expect(pages.first?.range.location == 0, "the first page starts at 0", sourceLocation: sourceLocation)
            #expect(pages.last?.range.range.upperBound == textLength, "the last page ends at textLength", sourceLocation: sourceLocation)
        }
        let tolerance = 0.011  // numbers are rounded to two decimals
        for page in pages {
            #expect(page.range.length >= 0 && page.range.location >= 0, sourceLocation: sourceLocation)
            #expect(!page.lines.isEmpty, "page \(page.index) has no lines", sourceLocation: sourceLocation)
            var cursor = page.range.location
            for line in page.lines {
                #expect(line.range.location == cursor, "page \(page.index): line at \(line.range.location), expected \(cursor)",
                        sourceLocation: sourceLocation)
                #expect(line.range.length > 0 || textLength == 0,
                        "page \(page.index): an empty line at \(line.range.location)", sourceLocation: sourceLocation)
                cursor = line.range.range.upperBound
                let rect = line.rect
                #expect([rect.x, rect.y, rect.width, rect.height, line.baseline].allSatisfy { $0.isFinite }, sourceLocation: sourceLocation)
                #expect(rect.height > 0 && rect.width >= 0, "line \(line.range.range): \(rect)", sourceLocation: sourceLocation)
                #expect(rect.y >= settings.margins.top - tolerance && rect.maxY <= pageSize.height - settings.margins.bottom + tolerance,
                        "line \(line.range.range) is outside the page vertically: \(rect)", sourceLocation: sourceLocation)
                #expect(line.baseline >= rect.y - tolerance && line.baseline <= rect.maxY + tolerance,
                        "line \(line.range.range): baseline \(line.baseline) outside \(rect)", sourceLocation: sourceLocation)
                if horizontallyInside {
                    #expect(rect.x >= settings.margins.left - tolerance
                                && rect.maxX <= pageSize.width - settings.margins.right + tolerance,
                            "line \(line.range.range) is outside the margins: \(rect)", sourceLocation: sourceLocation)
                }
            }
            #expect(cursor == page.range.range.upperBound, "page \(page.index): lines end at \(cursor), the page at \(page.range.range.upperBound)",
                    sourceLocation: sourceLocation)
            if settings.columns == 1 {
                for (a, b) in zip(page.lines, page.lines.dropFirst()) {
                    #expect(b.rect.y >= a.rect.maxY - tolerance, "lines \(a.range.range) and \(b.range.range) overlap or go up",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }
}
