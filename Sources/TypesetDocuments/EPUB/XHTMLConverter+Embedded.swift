import TypesetCore

extension XHTMLConverter {
    /// The elements that embed another resource of the book: `<iframe src>`, `<embed src>`, `<object data>`.
    static func embeddedSource(of element: XMLElement) -> String? {
        switch element.lowercasedName {
        case "iframe", "embed": element.attribute("src")
        case "object": element.attribute("data")
        default: nil
        }
    }

    /// The entry paths of the book's XHTML documents an element of `root` embeds (`<iframe>`, `<embed>`,
    /// `<object>`), resolved against `path`, in document order, each once: the reader converts them beforehand
    /// (``embeddedDocuments``).
    static func embeddedTargets(of root: XMLElement, path: String) -> [String] {
        var targets: [String] = []
        var stack: [XMLElement] = [root]
        while let element = stack.popLast() {
            element.pushChildElementsReversed(onto: &stack)
            guard let source = embeddedSource(of: element),
                  case .inBook(let target, _)? = EPUBPath.resolve(source, relativeTo: path), !targets.contains(target) else { continue }
            targets.append(target)
        }
        return targets
    }

    /// An `<iframe>` or `<embed>`: a document of the book is set here as a block, its paragraphs between the ones
    /// around it (as a browser shows the frame, in the flow); anything else the book holds is an image (the reader
    /// follows the manifest's fallbacks to one it draws), sized by the element's `width` and `height`. An external
    /// source, or none, shows nothing (an `<iframe>`'s content is not shown in HTML either).
    mutating func appendEmbedded(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        let element = path.element
        guard style.isSeen, let source = Self.embeddedSource(of: element),
              case .inBook(let target, _)? = EPUBPath.resolve(source, relativeTo: self.path) else { return }
        if let document = embeddedDocuments[target] ?? nil {
            appendEmbeddedDocument(document, block: block)
            return
        }
        // A document that could not be read (missing, nested too deep, embedding itself) is not an image.
        if embeddedDocuments.keys.contains(target) || Self.isDocumentPath(target) { return }
        let alt = element.attribute("title") ?? element.attribute("aria-label")
        appendEmbeddedImage(source: source, alt: alt, element: element, style: style, block: block, inline: inline)
    }

    /// Whether an `<object>`'s data is a document of the book converted for it.
    func embedsDocument(_ element: XMLElement) -> SpineItemText? {
        guard let source = Self.embeddedSource(of: element),
              case .inBook(let target, _)? = EPUBPath.resolve(source, relativeTo: path) else { return nil }
        return embeddedDocuments[target] ?? nil
    }

    private static func isDocumentPath(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".xhtml") || lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
    }

    /// The embedded image as a block of its own: alone in its paragraph.
    private mutating func appendEmbeddedImage(source: String, alt: String?, element: XMLElement, style: ComputedStyle,
                                              block: BlockContext, inline: InlineContext) {
        emitPendingMarker()
        flushParagraph()
        appendImage(source: source, alt: alt, size: imageSize(element, style: style), block: block, inline: inline)
        flushParagraph()
    }

    /// Splices a converted document into the output as blocks: its paragraphs, images and links moved to their place
    /// here, indented as the embedding block is. Its ids are not anchors of this document (they may repeat ours), and
    /// its notes stay its own.
    mutating func appendEmbeddedDocument(_ document: SpineItemText, block: BlockContext) {
        emitPendingMarker()
        flushParagraph()
        let base = output.units.count
        for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = base }
        pendingAnchors.removeAll()
        for var paragraph in document.paragraphs {
            paragraph.start += base
            paragraph.style.blockIndent = min(Self.maximumIndent, paragraph.style.blockIndent + block.startIndent)
            paragraph.style.endIndent = min(Self.maximumIndent, paragraph.style.endIndent + block.endIndent)
            // The embedding block's percentages are of the column, as the document's own are here.
            paragraph.style.indentFractions.start += block.startFraction
            paragraph.style.indentFractions.end += block.endFraction
            // The space before the embedding element goes before the document's first paragraph.
            if paragraph.start == base { paragraph.style.spaceBefore = max(paragraph.style.spaceBefore, min(4, collapsedMargin)) }
            output.paragraphs.append(paragraph)
        }
        output.units.append(contentsOf: document.units)
        for var image in document.images {
            image.offset += base
            output.images.append(image)
        }
        for var link in document.links {
            link.range = (link.range.lowerBound + base)..<(link.range.upperBound + base)
            output.links.append(link)
        }
        output.hasText = output.hasText || document.hasText
        for query in document.mediaDependence { noteMediaDependence(query) }
        paragraphFirstImage = output.images.count
        pendingMargins = CollapsingMargins()
        pendingMarginFromPublisher = false
        pendingReaderSpacing = []
        pendingBookMargin = 0
        pendingBookMarginSaid = false
    }

    /// The namespaces whose markup Typeset shows as it is meant (``chosenCase(of:)``): XHTML, SVG, and MathML,
    /// whose formulas are laid out as mathematics (MathML Core, see XHTMLConverter+MathML). The one place that
    /// decides which `epub:case` a book's `epub:switch` shows.
    static func supports(namespace: String) -> Bool {
        let uri = namespace.trimmingWhiteSpace()
        return uri == XMLNamespace.xhtml || uri == XMLNamespace.svg || uri == XMLNamespace.mathml
    }

    /// `epub:switch`: the first `epub:case` whose `required-namespace` Typeset supports, else `epub:default`
    /// (EPUB 3.0 Content Documents §2.1.3.3: a reading system must render the default when it supports no case).
    static func chosenCase(of path: ElementPath) -> ElementPath? {
        let children = path.childPaths().filter { $0.element.namespace == XMLNamespace.ops }
        if let supported = children.first(where: { child in
            child.element.name == "case" && (child.element.attribute("required-namespace").map(supports(namespace:)) ?? false)
        }) {
            return supported
        }
        return children.first { $0.element.name == "default" }
    }
}
