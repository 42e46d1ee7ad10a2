/// Writes an inline `<svg>` element of an XHTML document out as an SVG document of its own, so that librsvg can
/// draw it as it draws an SVG file of the book.
///
/// Elements keep their local names (SVG's namespace is declared once on the root; an element of another namespace,
/// such as XHTML inside `<foreignObject>`, declares its own); attributes in no namespace, `xlink:` and `xml:` are
/// kept, others dropped; text and attribute values are escaped. Nothing outside the element is written, so the
/// document reaches nothing but itself (librsvg loads no external file anyway). The XHTML document's CSS comes
/// first in the drawing, as its own `<style>`: a browser styles inline SVG with the page's sheets, before the
/// drawing's own (selectors through the page's elements, `body svg path`, find nothing here).
enum SVGWriter {
    /// The document, UTF-8, with `css` as its first style sheet when it is not empty, and the `href` of each
    /// `<image>` found in `imageHrefs` replaced by its value.
    ///
    /// With `fillsViewport`, the root's `width` and `height` become `100%`: an inline `<svg>` is drawn into the box its
    /// attributes and CSS size, which is then its viewport (its own percentages and a missing viewBox resolve there).
    static func document(_ root: XMLElement, css: String = "", imageHrefs: [String: String] = [:],
                         fillsViewport: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8))
        write(root, isRoot: true, css: css, imageHrefs: imageHrefs, fillsViewport: fillsViewport, into: &out)
        return out
    }

    private static func write(_ element: XMLElement, isRoot: Bool, css: String = "", imageHrefs: [String: String],
                              fillsViewport: Bool = false, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: Array(element.name.utf8))
        if isRoot {
            append(#" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#, to: &out)
            if fillsViewport { append(#" width="100%" height="100%""#, to: &out) }
        } else if let namespace = element.namespace, namespace != XMLNamespace.svg {
            append(" xmlns=\"\(escaped(namespace))\"", to: &out)
        }
        for attribute in element.attributes {
            if isRoot && fillsViewport && attribute.namespace == nil && (attribute.name == "width" || attribute.name == "height") { continue }
            let prefix: String
            switch attribute.namespace {
            case nil: prefix = ""
            case XMLNamespace.xlink?: prefix = "xlink:"
            case XMLNamespace.xml?: prefix = "xml:"
            default: continue
            }
            if attribute.namespace == nil && (attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:")) { continue }
            var value = attribute.value
            if element.name == "image", attribute.name == "href", let replacement = imageHrefs[value] { value = replacement }
            append(" \(prefix)\(attribute.name)=\"\(escaped(value))\"", to: &out)
        }
        guard !element.children.isEmpty || !css.isEmpty else { append("/>", to: &out); return }
        out.append(UInt8(ascii: ">"))
        if !css.isEmpty { append("<style type=\"text/css\">\(escaped(css, quotes: false))</style>", to: &out) }
        for child in element.children {
            switch child {
            case .element(let inner): write(inner, isRoot: false, imageHrefs: imageHrefs, into: &out)
            case .text(let text): append(escaped(text, quotes: false), to: &out)
            }
        }
        append("</\(element.name)>", to: &out)
    }

    private static func append(_ text: String, to out: inout [UInt8]) { out.append(contentsOf: Array(text.utf8)) }

    private static func escaped(_ text: String, quotes: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
