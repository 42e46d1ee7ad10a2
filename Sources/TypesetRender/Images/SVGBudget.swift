internal import CLibXML2
import TypesetCore

/// What an SVG may make librsvg do, checked on the document before librsvg draws it.
///
/// **Why the document is checked, not the process isolated.** librsvg is written in Rust; a panic inside it
/// (`feConvolveMatrix` with more than 400 kernel values: nalgebra's "Data storage buffer dimension mismatch" in
/// librsvg 2.54) unwinds into C and aborts the process, and its C API has no option, limit or callback that
/// prevents that. Drawing in a forked child would survive the abort, but the renderer is a library embedded in
/// reading apps: forking a multithreaded process that holds glib, fontconfig and FreeType state is unsafe (the
/// child may deadlock on a lock another thread held), and a helper executable is not something a library can count
/// on. So the drawing is read with libxml2 first (no network, no DTD loading; entities expanded within libxml2's
/// own amplification limits, so that nothing hidden in one escapes the checks) and held to these limits:
///
/// - `feConvolveMatrix`: at most ``maximumKernelValues`` kernel values and an order of at most ``maximumKernelOrder``
///   on a side; more is refused (librsvg aborts past 400 values).
/// - `feTurbulence`: `numOctaves` above ``maximumOctaves`` is lowered to it. Octave *k* adds noise of amplitude
///   2⁻ᵏ, below an 8-bit step past the ninth, so nothing visible changes; 10,000 octaves took over a minute.
/// - Filters: each element drawn through a filter costs the filter's primitives (a turbulence its octaves) times
///   the pixels drawn; more than ``maximumFilterWork`` in all is refused.
/// - Images inside the drawing (`<image>`, `<feImage>` with `data:` URLs, as the EPUB reader writes a book's
///   images in): each reference is decoded on its own, so their decoded sizes add up; more than
///   ``maximumImageBytes`` is refused (200 references to one 30 MB image grew past 5 GB).
///
/// A refusal is a ``RenderError`` `.tooLarge` saying which limit; the image becomes a placeholder. A document whose
/// DTD declared entities, whose octaves were lowered, or whose text had per-character positions (`SVGTextPositions`)
/// is handed to librsvg as written back by libxml2, without its DTD, so librsvg reads what was checked; any other is
/// handed over as it came.
enum SVGBudget {
    /// The most values a `feConvolveMatrix` kernel may hold.
    static let maximumKernelValues = 400
    /// The most columns or rows of a `feConvolveMatrix` kernel.
    static let maximumKernelOrder = 20
    /// The octaves a `feTurbulence` is drawn with at most.
    static let maximumOctaves = 10
    /// Filter primitives applied times pixels drawn, for one drawing (a 2,000 × 2,000 drawing through 100).
    static let maximumFilterWork = 400_000_000
    /// Bytes of decoded pixels the images of one drawing may take, counted per reference (64 Mi pixels).
    static let maximumImageBytes = 256 << 20

    /// The document to give librsvg for drawing `pixelCount` pixels: `bytes` itself, or the checked document
    /// written back.
    ///
    /// - Throws: ``RenderError`` `.tooLarge` naming the limit a drawing goes past, `.image` when libxml2 cannot
    ///   read it at all.
    static func checked(_ bytes: [UInt8], pixelCount: Int, limits: ImageLimits) throws(RenderError) -> [UInt8] {
        _ = initialized
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_RECOVER.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, nil, options) }
        }
        guard let document = parsed else { throw RenderError(.image, "the SVG is not XML libxml2 can read") }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw RenderError(.image, "the SVG has no root element") }
        var survey = Survey(limits: limits)
        try survey.walk(root)
        let work = survey.filterWork.multipliedReportingOverflow(by: max(1, pixelCount))
        guard !work.overflow, work.partialValue <= maximumFilterWork else {
            throw RenderError(.tooLarge, "the SVG draws \(survey.filterWork) filter primitives over \(pixelCount) pixels, more than the \(maximumFilterWork) primitive-pixels a drawing may take")
        }
        guard survey.imageBytes <= maximumImageBytes else {
            throw RenderError(.tooLarge, "the SVG's images decode to \(survey.imageBytes) bytes, counted per reference, more than the \(maximumImageBytes) a drawing may take")
        }
        // Per-character position lists are written out for librsvg, which reads only their first values.
        let spread = SVGTextPositions.spread(under: root)
        guard survey.rewritten || spread || document.pointee.intSubset != nil else { return bytes }
        if let dtd = document.pointee.intSubset {
            xmlUnlinkNode(UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self))
            xmlFreeDtd(dtd)
        }
        var text: UnsafeMutablePointer<xmlChar>?
        var length: Int32 = 0
        xmlDocDumpMemory(document, &text, &length)
        guard let text, length > 0 else { throw RenderError(.image, "the SVG could not be written back") }
        defer { CLibXML2_free(text) }
        return Array(UnsafeBufferPointer(start: text, count: Int(length)))
    }

    /// libxml2 must be initialised once, from one thread, before parsers run in parallel.
    private static let initialized: Void = { xmlInitParser() }()

    /// What a walk over the document found.
    private struct Survey {
        let limits: ImageLimits
        /// Primitives of each filter, by id (a turbulence counts its octaves).
        var primitivesByFilter: [String: Int] = [:]
        /// The ids of the filters elements are drawn through, one entry per element.
        var filterReferences: [String] = []
        /// Whether a style sheet may set `filter` on any element.
        var sheetSetsFilters = false
        var elementCount = 0
        var imageBytes = 0
        var decodedSizes: [String: Int] = [:]
        var rewritten = false

        /// Primitives applied: each filtered element through its filter (every element through the costliest
        /// filter when a style sheet sets filters, as selectors are not matched here).
        var filterWork: Int {
            let costliest = primitivesByFilter.values.max() ?? 0
            var work = sheetSetsFilters ? elementCount.multipliedReportingOverflow(by: costliest).partialValue : 0
            for id in filterReferences { work = work.addingReportingOverflow(primitivesByFilter[id] ?? 0).partialValue }
            return max(0, work)
        }

        /// Visits every element in document order, with a loop over libxml2's links (no recursion).
        mutating func walk(_ root: xmlNodePtr) throws(RenderError) {
            var node: xmlNodePtr? = root
            while let current = node {
                if current.pointee.type == XML_ELEMENT_NODE { try visit(current) }
                node = SVGTextPositions.next(after: current, under: root, descending: true)
            }
        }

        private mutating func visit(_ node: xmlNodePtr) throws(RenderError) {
            elementCount += 1
            let name = node.pointee.name.map { String(cString: $0) } ?? ""
            switch name {
            case "feConvolveMatrix": try checkConvolution(node)
            case "feTurbulence": lowerOctaves(node)
            case "filter": countPrimitives(node)
            case "image", "feImage": countImage(node)
            case "style": if Survey.content(node).contains("filter") { sheetSetsFilters = true }
            default: break
            }
            let style = SVGBudget.attribute(node, "style") ?? ""
            let styled = style.firstRange(of: "filter").map { String(style[$0.upperBound...]) }
            if let reference = SVGBudget.attribute(node, "filter") ?? styled, let id = Survey.urlFragment(reference) {
                filterReferences.append(id)
            }
        }

        private func checkConvolution(_ node: xmlNodePtr) throws(RenderError) {
            let values = Survey.numbers(SVGBudget.attribute(node, "kernelMatrix") ?? "").count
            guard values <= SVGBudget.maximumKernelValues else {
                throw RenderError(.tooLarge, "the SVG's feConvolveMatrix has \(values) kernel values, more than the \(SVGBudget.maximumKernelValues) librsvg draws without aborting")
            }
            let order = SVGBudget.attribute(node, "order") ?? "3"
            let sides = Survey.numbers(order).map { Double($0) ?? .infinity }
            guard sides.count <= 2, sides.allSatisfy({ $0 <= Double(SVGBudget.maximumKernelOrder) }) else {
                throw RenderError(.tooLarge, "the SVG's feConvolveMatrix has the order \"\(order.oneLine(limit: 40))\", more than the \(SVGBudget.maximumKernelOrder) on a side Typeset draws")
            }
        }

        private mutating func lowerOctaves(_ node: xmlNodePtr) {
            guard let text = SVGBudget.attribute(node, "numOctaves") else { return }
            let octaves = Double(text.filter { !$0.isWhitespace }) ?? 0
            guard octaves > Double(SVGBudget.maximumOctaves) else { return }
            xmlSetProp(node, "numOctaves", String(SVGBudget.maximumOctaves))
            rewritten = true
        }

        /// The filter's primitives, by its id: its child elements, a turbulence counted once per octave.
        private mutating func countPrimitives(_ filter: xmlNodePtr) {
            guard let id = SVGBudget.attribute(filter, "id") else { return }
            var count = 0
            var child = filter.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE {
                    let name = current.pointee.name.map { String(cString: $0) } ?? ""
                    // Octaves as drawn (lowered to the maximum); a NaN or a negative count is one primitive.
                    let octaves = name == "feTurbulence"
                        ? Double(SVGBudget.attribute(current, "numOctaves")?.filter { !$0.isWhitespace } ?? "1") ?? 1 : 1
                    count += octaves >= 1 ? Int(min(octaves, Double(SVGBudget.maximumOctaves))) : 1
                }
                child = current.pointee.next
            }
            primitivesByFilter[id] = count
        }

        /// A `data:` URL image's decoded size, added once per reference.
        private mutating func countImage(_ node: xmlNodePtr) {
            guard let href = SVGBudget.attribute(node, "href", namespace: "http://www.w3.org/1999/xlink") ?? SVGBudget.attribute(node, "href"),
                  href.utf8.prefix(5).map({ $0 | 0x20 }).elementsEqual("data:".utf8) else { return }
            let size: Int
            if let known = decodedSizes[href] {
                size = known
            } else {
                size = Survey.decodedSize(href, limits: limits)
                decodedSizes[href] = size
            }
            imageBytes = imageBytes.addingReportingOverflow(size).partialValue
        }

        /// Bytes of RGBA pixels a `data:` URL's image decodes to (0 when it is no image librsvg could draw).
        private static func decodedSize(_ url: String, limits: ImageLimits) -> Int {
            let utf8 = Array(url.utf8)
            guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { return 0 }
            let header = String(decoding: utf8[..<comma], as: UTF8.self).lowercased()
            let data = Array(utf8[(comma + 1)...])
            let bytes = header.hasSuffix(";base64") ? Base64.decode(data) : data
            guard let bytes, let size = try? ImageDecoder.size(of: bytes, limits: limits) else { return 0 }
            let pixels = (size.width * size.height).rounded(.up)
            return pixels < Double(Int.max / 8) ? Int(pixels) * 4 : Int.max / 2
        }

        /// The numbers of a list (separated by white space or commas), as written.
        private static func numbers(_ list: String) -> [Substring] {
            list.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
        }

        /// `id` of the first `url(#id)` in a value.
        private static func urlFragment(_ value: String) -> String? {
            guard let start = value.firstRange(of: "url(") else { return nil }
            let rest = value[start.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
            guard rest.first == "#" else { return nil }
            let id = rest.dropFirst().prefix { $0 != ")" && $0 != "\"" && $0 != "'" && $0 != " " }
            return id.isEmpty ? nil : String(id)
        }

        private static func content(_ node: xmlNodePtr) -> String {
            guard let text = xmlNodeGetContent(node) else { return "" }
            defer { CLibXML2_free(text) }
            return String(cString: text)
        }
    }

    /// An attribute's value (in no namespace, or in `namespace`), or nil.
    fileprivate static func attribute(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        let value = namespace.map { xmlGetNsProp(node, name, $0) } ?? xmlGetNoNsProp(node, name)
        guard let value else { return nil }
        defer { CLibXML2_free(value) }
        return String(cString: value)
    }
}
