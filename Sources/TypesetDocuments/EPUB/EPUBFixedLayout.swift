import TypesetCore

/// EPUB 3 fixed layout (EPUB 3.3 §8.2, the `rendition:` properties): whether a spine item is a page of a set size
/// (`pre-paginated`) rather than reflowed text, the size its content documents give (the viewport `<meta>`), and
/// where a page sits in a spread.
public enum EPUBRenditionLayout: String, Hashable, Sendable {
    /// Reflowable text (the default).
    case reflowable
    /// Each spine item is one page of its own size.
    case prePaginated = "pre-paginated"
}

/// `rendition:spread`: when two pages are shown side by side.
public enum EPUBRenditionSpread: String, Hashable, Sendable {
    case none, landscape, both, auto
    /// Deprecated in EPUB 3.3, read as `auto`'s neighbour: spreads in portrait too (as `both`).
    case portrait
}

/// `rendition:orientation`: the orientation a fixed-layout book is meant to be read in (an app may rotate or say so).
public enum EPUBRenditionOrientation: String, Hashable, Sendable {
    case auto, landscape, portrait
}

/// Where a fixed-layout page sits in a spread (`page-spread-left`, `page-spread-right`, `rendition:page-spread-center`).
public enum EPUBPageSpreadPosition: String, Hashable, Sendable {
    case left, right, center
}

/// A spine item's fixed-layout facts.
public struct EPUBFixedLayout: Hashable, Sendable {
    /// The item's page size in CSS px, from its viewport `<meta name="viewport" content="width=…, height=…">`; nil
    /// when it gives none (then the book's first viewport is used, else the reader's page).
    public var viewport: Size?
    /// Where it sits in a spread, when the itemref says.
    public var spreadPosition: EPUBPageSpreadPosition?
    /// What its document says of the page besides its text (the body's margins, the canvas's background, the
    /// boxes positioned out of flow, in the book's offsets): what `FixedPage.make` takes.
    public var page = FixedPageStyle()
}

enum FixedLayoutProperties {
    /// The layout of a spine item: its itemref's `rendition:layout-*` override (the first, when it repeats the
    /// property: EPUB 3.3 allows one, and the W3C suite's fxl-spine-overrides_duplicate ignores the second), else
    /// the package's `rendition:layout`.
    static func layout(itemProperties: [String], package: EPUBRenditionLayout) -> EPUBRenditionLayout {
        for property in itemProperties {
            if property == "rendition:layout-pre-paginated" { return .prePaginated }
            if property == "rendition:layout-reflowable" { return .reflowable }
        }
        return package
    }

    static func spreadPosition(_ properties: [String]) -> EPUBPageSpreadPosition? {
        if properties.contains("page-spread-left") || properties.contains("rendition:page-spread-left") { return .left }
        if properties.contains("page-spread-right") || properties.contains("rendition:page-spread-right") { return .right }
        if properties.contains("rendition:page-spread-center") || properties.contains("page-spread-center") { return .center }
        return nil
    }

    /// The viewport `<meta>` of an XHTML document: its `width` and `height` (CSS px, positive, finite); nil when it
    /// has no such meta or it lacks either (`device-width` and the like are not sizes).
    static func viewport(of root: XMLElement) -> Size? {
        guard let head = root.firstElement(named: "head") else { return nil }
        let meta = head.elements(named: "meta").first { ($0.attribute("name") ?? "").trimmingWhiteSpace().lowercased() == "viewport" }
        guard let content = meta?.attribute("content") else { return nil }
        var width: Double?, height: Double?
        for pair in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingWhiteSpace().lowercased()
            // A unit after the number is ignored: the values are CSS px (EPUB 3.3 §8.2.2.1; "600mm" is 600).
            let value = parts[1].trimmingWhiteSpace().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let number = Double(value), number.isFinite, number > 0, number <= 100_000 else { continue }
            // The first declaration of each wins (a repeated width or height is ignored).
            if key == "width", width == nil { width = number } else if key == "height", height == nil { height = number }
        }
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
    }
}
