import TypesetCore

extension XHTMLConverter {
    /// A list: each `<li>` gets its marker, as the book's `list-style-type` (or the `<ol>`'s `type`) says:
    /// `•`, `◦`, `▪` by depth in `<ul>`, numbers in `<ol>` (`start`, `value` and `reversed` honoured). The marker
    /// is text (so positions never depend on the styles) at the start of the item's first paragraph, which hangs it
    /// in the list's indent.
    mutating func walkList(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let element = path.element
        let ordered = element.lowercasedName == "ol"
        let childPaths = path.childPaths()
        let items = childPaths.filter { $0.element.lowercasedName == "li" && $0.element.attribute("hidden") == nil }
        let reversed = ordered && element.attribute("reversed") != nil
        var counter = Int(element.attribute("start")?.trimmingWhiteSpace() ?? "") ?? (reversed ? items.count : 1)
        let typeStyle = ordered ? XHTMLConverter.listStyle(typeAttribute: element.attribute("type")) : nil
        var elementIndex = 0
        for child in element.children {
            switch child {
            case .text(let text):
                appendText(text, block: block, inline: inline)
            case .element(let childElement):
                guard elementIndex < childPaths.count else { continue }
                let childPath = childPaths[elementIndex]
                elementIndex += 1
                guard childElement.lowercasedName == "li", category(of: childElement) == .listItem,
                      childElement.attribute("hidden") == nil else {
                    handle(childPath, block: block, inline: inline)
                    continue
                }
                if let value = Int(childElement.attribute("value")?.trimmingWhiteSpace() ?? "") { counter = value }
                var itemInline = enterInline(childPath, parent: inline)
                // An item of a list of notes may be a note (its marker is before its anchor, so not part of it).
                let noteRole = NoteRole(childElement, inNotes: inline.inNotes)
                applyNoteRole(noteRole, name: "li", to: &itemInline)
                defer { recordLinkAndNote(childElement, linkStart: Int?.none, inline: itemInline, noteRole: noteRole) }
                let style = itemInline.style
                // An item the book displays as a block or inline has no marker (as in a browser).
                if style.display == .inline {
                    walkChildren(childPath, block: block, inline: itemInline)
                    continue
                }
                if style.display == .block {
                    handleBlock(childPath, kind: .block, style: style, block: block, inline: itemInline)
                    continue
                }
                flushParagraph()
                let itemBlock = enterBlock(childPath, style: style, parent: block)
                walkListItem(childPath, number: counter, ordered: ordered, typeStyle: typeStyle, block: itemBlock, inline: itemInline)
                flushParagraph()
                leaveBlock(childPath, style: style)
                counter += reversed ? -1 : 1
            }
        }
    }

    /// One list item: its marker waits for the item's first paragraph, then its content.
    mutating func walkListItem(_ path: ElementPath, number: Int?, ordered: Bool, typeStyle: ListMarkerStyle? = nil,
                               block: BlockContext, inline: InlineContext) {
        let markerStyle: ListMarkerStyle
        var hidden = false
        switch inline.style.listMarker {
        case .style(let style): markerStyle = style
        case .hidden:
            hidden = true
            markerStyle = ordered ? .decimal : .disc
        case .default:
            markerStyle = typeStyle ?? (ordered ? .decimal : (block.listDepth <= 1 ? .disc : (block.listDepth == 2 ? .circle : .square)))
        }
        var markerInline = inline
        markerInline.link = nil
        markerInline.style.decoration = []
        // The marker is content (positions do not depend on CSS); `list-style-type: none` only hides it.
        if hidden || inline.style.hidden || block.inNavigation { markerInline.style.hidden = true }
        emitPendingMarker()
        pendingMarker = (Array((markerStyle.marker(number ?? 1) + " ").utf16), markerInline, block)
        walkChildren(path, block: block, inline: inline)
        emitPendingMarker()
    }

    /// A marker no content claimed (an empty item, or one whose first content is a nested list): a paragraph of
    /// its own.
    mutating func emitPendingMarker() {
        guard let marker = pendingMarker else { return }
        pendingMarker = nil
        flushParagraph()
        appendUnits(marker.units, block: marker.block, inline: marker.inline)
        paragraphMarkerLength = marker.units.count
        onlyImages = false
        flushParagraph()
    }

    /// The marker style of an `<ol type="...">`.
    static func listStyle(typeAttribute: String?) -> ListMarkerStyle? {
        switch typeAttribute?.trimmingWhiteSpace() {
        case "1": return .decimal
        case "a": return .lowerAlpha
        case "A": return .upperAlpha
        case "i": return .lowerRoman
        case "I": return .upperRoman
        default: return nil
        }
    }
}
