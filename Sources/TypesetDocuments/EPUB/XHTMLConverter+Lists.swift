import TypesetCore

extension XHTMLConverter {
    /// A list item's marker, waiting for the item's first paragraph.
    struct PendingMarker {
        var units: [UInt16]
        var inline: InlineContext
        var block: BlockContext
        /// `list-style-position: inside`: the marker starts the first line instead of hanging in the indent.
        var inside: Bool
        /// The image of `list-style-image` (its first unit is U+FFFC).
        var image: (attachment: TextAttachment, draft: SpineItemText.ImageDraft)?
    }

    /// A list: each `<li>` gets its marker, as the book's `list-style-type` (a counter style of CSS Counter
    /// Styles 3, predefined or the book's `@counter-style`), `list-style-image` and `list-style-position`, or the
    /// list's `type`, say: `•`, `◦`, `◾` by depth in `<ul>`, numbers in `<ol>`. Items count in every list (a `<ul>`
    /// styled `decimal` numbers its items); `start` and `reversed` (on `<ol>`), and `value` on an item, set the
    /// count. Counts stay within ±2³¹ (as browsers' counters), so no `start` or `value` overflows them.
    mutating func walkList(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let element = path.element
        let ordered = element.lowercasedName == "ol"
        let childPaths = path.childPaths()
        let items = childPaths.filter { $0.element.lowercasedName == "li" && $0.element.attribute("hidden") == nil }
        let reversed = ordered && element.attribute("reversed") != nil
        var counter = (ordered ? Self.counterValue(element.attribute("start")) : nil) ?? (reversed ? items.count : 1)
        let typeStyle = Self.listStyle(typeAttribute: element.attribute("type"), ordered: ordered)
        var elementIndex = 0
        let parent = cfi.index(of: path)
        var chunkOffset = 0
        for child in element.children {
            switch child {
            case .text(let text):
                appendChunkText(text, parent: parent, step: 2 * elementIndex + 1, offset: chunkOffset, block: block, inline: inline)
                chunkOffset += text.utf16.count
            case .element(let childElement):
                chunkOffset = 0
                guard elementIndex < childPaths.count else { continue }
                let childPath = childPaths[elementIndex]
                elementIndex += 1
                // An item past the depth limit is read as text by handle (see XHTMLConverter.maximumDepth).
                guard childElement.lowercasedName == "li", category(of: childElement) == .listItem,
                      childElement.attribute("hidden") == nil, elementDepth < XHTMLConverter.maximumDepth else {
                    handle(childPath, block: block, inline: inline)
                    continue
                }
                if let value = Self.counterValue(childElement.attribute("value")) { counter = value }
                walkListElement(childPath, number: counter, ordered: ordered, typeStyle: typeStyle, block: block, inline: inline)
                counter = Self.clampedCounter(counter + (reversed ? -1 : 1))
            }
        }
    }

    /// One `<li>` of a list: an item with its marker, unless the book displays it as a block or inline.
    private mutating func walkListElement(_ path: ElementPath, number: Int, ordered: Bool, typeStyle: ListStyleType?,
                                          block: BlockContext, inline: InlineContext) {
        let element = path.element
        let handledBefore = enterCFIElement(path)
        defer { leaveCFIElement(restoring: handledBefore) }
        // The item is an element level of its own, as one walked by handle is: the depth limit keeps the
        // recursion of nested lists within the stack (six frames a level).
        elementDepth += 1
        defer { elementDepth -= 1 }
        var itemInline = enterInline(path, parent: inline)
        // An item of a list of notes may be a note (its marker is before its anchor, so not part of it).
        let noteRole = NoteRole(element, inNotes: inline.inNotes)
        applyNoteRole(noteRole, name: "li", to: &itemInline)
        defer { recordLinkAndNote(element, linkStart: Int?.none, inline: itemInline, noteRole: noteRole) }
        let style = itemInline.style
        // An item floated or positioned is set as `handle` sets any element so (a menu's items floated side by
        // side, a navigation bar's "next" at its right), as a block without its marker or inline.
        let kind: Category = style.display == .inline ? .inline : .block
        if isPositioned(style) {
            handlePositioned(path, kind: kind, style: style, block: block, inline: itemInline)
            return
        }
        if floats(kind, style: style, block: block) {
            handleFloat(path, kind: kind, style: style, block: block, inline: itemInline, noteRole: noteRole)
            return
        }
        // An item the book displays as a block or inline has no marker (as in a browser).
        if style.display == .inline {
            walkChildren(path, block: block, inline: itemInline)
            return
        }
        if style.display == .block {
            handleBlock(path, kind: .block, style: style, block: block, inline: itemInline)
            return
        }
        flushParagraph()
        let firstParagraph = output.paragraphs.count
        avoidBreak(before: style, first: firstParagraph)
        let itemBlock = enterBlock(path, style: style, parent: block)
        let itemType = Self.listStyle(typeAttribute: element.attribute("type"), ordered: ordered) ?? typeStyle
        walkListItem(path, number: number, ordered: ordered, typeStyle: itemType, block: itemBlock, inline: itemInline)
        flushParagraph()
        avoidBreaks(of: style, from: firstParagraph)
        leaveBlock(path, style: style)
    }

    /// One list item: its marker waits for the item's first paragraph, then its content.
    mutating func walkListItem(_ path: ElementPath, number: Int?, ordered: Bool, typeStyle: ListStyleType? = nil,
                               block: BlockContext, inline: InlineContext) {
        let markerType: ListStyleType
        var hidden = false
        switch inline.style.listMarker {
        case .style(let type): markerType = type
        case .hidden:
            hidden = true
            markerType = .named(ordered ? "decimal" : "disc")
        case .default:
            markerType = typeStyle ?? .named(ordered ? "decimal" : (block.listDepth <= 1 ? "disc" : (block.listDepth == 2 ? "circle" : "square")))
        }
        var markerInline = inline
        markerInline.link = nil
        markerInline.style.decoration = []
        // The marker is generated text (outside the position model: see TextStyle.isGenerated); `list-style-type:
        // none` hides it.
        if hidden || inline.style.hidden || block.inNavigation { markerInline.style.hidden = true }
        emitPendingMarker()
        let image = hidden || markerInline.style.hidden ? nil : markerImage(inline.style.listMarkerImage)
        let units = image != nil ? [0xFFFC, 0x20] : Array(counterStyles.marker(markerType, value: number ?? 1).utf16)
        pendingMarker = PendingMarker(units: units, inline: markerInline, block: block, inside: inline.style.listMarkerInside,
                                      image: image)
        walkChildren(path, block: block, inline: inline)
        emitPendingMarker()
    }

    /// The attachment and image draft of a `list-style-image` the book has; nil (the type draws the marker) for
    /// `none`, an image outside the book or missing from it, and a `data:` URL that does not decode.
    private mutating func markerImage(_ image: ListStyleImage?) -> (attachment: TextAttachment, draft: SpineItemText.ImageDraft)? {
        guard let image = image?.resolved(relativeTo: path) else { return nil }
        var source = image.url
        var inlineData: [UInt8]?
        if DataURL.isDataURL(image.url) {
            guard let bytes = try? DataURL(image.url).bytes else { return nil }
            dataURLCount += 1
            inlineData = bytes
            source = path + "#data-\(dataURLCount)"
        } else if let resourceExists, !resourceExists(source) {
            return nil
        }
        let attachment = TextAttachment(source: source, altText: nil, intrinsicSize: nil)
        return (attachment, SpineItemText.ImageDraft(offset: 0, path: source, altText: nil, inlineData: inlineData, problem: nil))
    }

    /// Appends the waiting marker at the start of the paragraph being built: generated text, its image (if any)
    /// recorded at its offset, and its length kept for the paragraph (an outside marker hangs in the indent).
    mutating func appendPendingMarker() {
        guard let marker = pendingMarker else { return }
        pendingMarker = nil
        var style = textStyle(marker.inline)
        style.isGenerated = true
        let units = marker.inside ? marker.units : Self.outsideMarkerUnits(marker.units)
        if let image = marker.image {
            var draft = image.draft
            draft.offset = output.units.count + line.count
            var imageStyle = style
            imageStyle.attachment = image.attachment
            append([units[0]], style: imageStyle)
            append(Array(units.dropFirst()), style: style)
            output.images.append(draft)
        } else {
            append(units, style: style)
        }
        paragraphMarkerLength = marker.units.count
        paragraphMarkerInside = marker.inside
    }

    /// An outside marker's text with its spaces (the suffix's, a string marker's) made no-break spaces: the marker
    /// box stands outside the line (CSS Lists 3 §3.1), so a justified line must not stretch its gaps (the item's
    /// text moved right of where every other line starts, by as much as the line's slack) and no line may end in
    /// it (a marker alone on its line). The paragraph's text says so: its marker reads `1.\u{A0}` (markers are
    /// generated text, outside the position model, so no offset an app keeps sees it).
    static func outsideMarkerUnits(_ units: [UInt16]) -> [UInt16] {
        units.map { $0 == 0x20 || $0 == 0x09 ? 0xA0 : $0 }
    }

    /// A marker no content claimed (an empty item, or one whose first content is a nested list): a paragraph of
    /// its own.
    mutating func emitPendingMarker() {
        guard let marker = pendingMarker else { return }
        flushParagraph()
        if paragraphBlock == nil { paragraphBlock = marker.block }
        // Anchors waiting for content (an empty item's id) point at its marker.
        for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = output.units.count }
        pendingAnchors.removeAll()
        appendPendingMarker()
        onlyImages = false
        flushParagraph()
    }

    /// The marker style of a list's or an item's `type` attribute (HTML's presentational hint, which the book's CSS
    /// overrides): `1`, `a`, `A`, `i`, `I` in `<ol>`; `disc`, `circle`, `square` in `<ul>` (any case).
    static func listStyle(typeAttribute: String?, ordered: Bool) -> ListStyleType? {
        guard let type = typeAttribute?.trimmingWhiteSpace() else { return nil }
        switch type {
        case "1": return .named("decimal")
        case "a": return .named("lower-alpha")
        case "A": return .named("upper-alpha")
        case "i": return .named("lower-roman")
        case "I": return .named("upper-roman")
        default: break
        }
        switch type.lowercased() {
        case "disc", "circle", "square": return .named(type.lowercased())
        default: return nil
        }
    }

    /// The integer of a `start` or `value` attribute (HTML's rules for parsing integers: leading white space, a
    /// sign, digits; what follows is ignored), clamped to ±2³¹; nil when it has no digits.
    static func counterValue(_ attribute: String?) -> Int? {
        guard let text = attribute?.trimmingWhiteSpace() else { return nil }
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" { negative = sign == "-"; scalars = scalars.dropFirst() }
        var value = 0
        var digits = 0
        for c in scalars {
            guard c >= "0" && c <= "9" else { break }
            digits += 1
            value = min(value * 10 + Int(c.value - 0x30), Int(Int32.max) + 1)
        }
        guard digits > 0 else { return nil }
        return clampedCounter(negative ? -value : value)
    }

    /// `value` within the counters' range, -2³¹ to 2³¹ - 1.
    static func clampedCounter(_ value: Int) -> Int { min(max(value, Int(Int32.min)), Int(Int32.max)) }
}
