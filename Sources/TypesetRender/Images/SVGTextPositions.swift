internal import CLibXML2

/// SVG text placed a character at a time, written out so that librsvg draws it where the drawing says.
///
/// **Why.** SVG gives `x`, `y`, `dx` and `dy` as lists: the *n*th value places the *n*th character of the element
/// (SVG 1.1 §10.4, SVG 2 §11.8: a character is a Unicode code point). Fixed-layout books converted from print set
/// every glyph this way (`<tspan x="-12.99,-8.52,-2.88,…">rait pas, où…</tspan>`), and often justify a line by
/// the positions while a `letter-spacing` the converter also wrote is meant to be overridden by them. librsvg 2.54
/// reads only the first value of a list, so such lines were drawn at the font's own advances (plus the letter
/// spacing): too wide or too narrow, past the page's edge. This pass resolves the lists the way the specification
/// does and gives every positioned character a `<tspan>` of its own with single values, which librsvg draws.
///
/// **Resolution** (as SVG 2's "resolve character positions"): characters are counted across the whole `text`
/// element after white-space handling (SVG 1.1's `xml:space`: by default newlines removed, tabs made spaces, leading
/// and repeated spaces dropped; with `preserve` every newline and tab a space). An element's list places its own
/// characters only, from its first; a value past its last character is ignored, and a descendant's value wins over
/// an ancestor's for the same character. A grapheme cluster (a letter and its marks) is kept in one piece and takes
/// its first character's values, as browsers do, so that marks stay on their base.
///
/// **Where this departs from the specification:** a list with fewer values than its element has characters, short
/// by no more than the places in its text where a common ligature forms (`ff`, `fi`, `fl`, `fj`, `ft`, `Th`), places
/// only the element's first character, and the rest follow at the font's advances. Converters count *glyphs*, so a
/// line with a ligature ("Th", "fi") has one value fewer than characters, and reading the values a character at a
/// time would move every letter after the ligature onto the next one's place ("T hierry Bllefr d id" in a shared
/// sample book, as a browser draws it); the text at its own advances stays readable, only less exactly justified.
/// A list short by more than that is not a count of glyphs, and is followed as written, as is one as long as its
/// characters or longer, the converters' usual case (IDPF's svg-240: 11 values for "Multiple x y" go down a
/// diagonal, the twelfth character after the eleventh).
///
/// **Left alone:** a `text` element whose lists hold one value each (librsvg reads those), and one holding a
/// `textPath` or `tref` (positions along a path are not per-character lists). `rotate` lists are kept as written.
/// Cost: linear in the drawing's text and the lists' lengths; the walks are loops, not recursion.
enum SVGTextPositions {
    /// The four per-character list attributes.
    static let attributes = ["x", "y", "dx", "dy"]

    /// Rewrites every `text` element in the tree under `root` that places characters one by one; true when any was.
    static func spread(under root: xmlNodePtr) -> Bool {
        var rewritten = false
        var node: xmlNodePtr? = root
        while let current = node {
            let isText = current.pointee.type == XML_ELEMENT_NODE && name(current) == "text"
            if isText, let text = TextElement(current) {
                text.rewrite()
                rewritten = true
            }
            node = next(after: current, under: root, descending: !isText)
        }
        return rewritten
    }

    /// The node after `node` in document order within `root`, skipping `node`'s children unless `descending` (a
    /// loop over libxml2's links, no recursion; `SVGBudget`'s survey walks the drawing with it too).
    static func next(after node: xmlNodePtr, under root: xmlNodePtr, descending: Bool) -> xmlNodePtr? {
        if descending, node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children { return child }
        var climbing: xmlNodePtr? = node
        while let up = climbing, up != root {
            if let next = up.pointee.next { return next }
            climbing = up.pointee.parent
        }
        return nil
    }

    static func name(_ node: xmlNodePtr) -> String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// An attribute in no namespace, or nil.
    static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { CLibXML2_free(value) }
        return String(cString: value)
    }

    /// The values of a length list (separated by white space or commas), as written.
    static func values(_ list: String) -> [Substring] {
        list.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }
}

extension SVGTextPositions {
    /// One `text` element's characters, their resolved positions, and the text nodes that hold them.
    struct TextElement {
        /// A text node's characters after white-space handling, and the index of the first in the element.
        struct Run {
            let node: xmlNodePtr
            let characters: String
            let start: Int
        }

        /// An element with position lists, and the characters it holds (`start..<end`).
        struct Placed {
            let node: xmlNodePtr
            let lists: [[Substring]]
            let start: Int
            var end: Int
        }

        let element: xmlNodePtr
        private(set) var runs: [Run] = []
        private(set) var placed: [Placed] = []
        /// Per attribute of `SVGTextPositions.attributes`, the value each character was given, or nil (empty for
        /// an attribute no element gives).
        private(set) var resolved: [[Substring?]] = []

        /// The element read, or nil when it is left alone (no list of two values or more, or a path or reference).
        init?(_ element: xmlNodePtr) {
            self.element = element
            guard read() else { return nil }
            resolve()
        }

        /// Walks the element's text in document order (a loop: an element is opened on the way down and closed on
        /// the way up); false when the element is to be left alone.
        private mutating func read() -> Bool {
            var walk = Walk(preserve: xmlNodeGetSpacePreserve(element) == 1)
            var node: xmlNodePtr? = element
            while let current = node {
                var opened = false
                switch current.pointee.type {
                case XML_ELEMENT_NODE:
                    let name = SVGTextPositions.name(current)
                    if name == "textPath" || name == "tref" { return false }
                    if !["title", "desc", "metadata"].contains(name) {
                        open(current, &walk)
                        opened = true
                    }
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    let raw = current.pointee.content.map { String(cString: $0) } ?? ""
                    let characters = Self.spaced(raw, preserve: walk.open.last?.preserve ?? false, lastWasSpace: &walk.lastWasSpace)
                    runs.append(Run(node: current, characters: characters, start: walk.count))
                    walk.count += characters.unicodeScalars.count
                default:
                    break
                }
                if opened, let child = current.pointee.children { node = child; continue }
                if opened { close(&walk) }
                node = nil
                var climbing = current
                while climbing != element {
                    if let next = climbing.pointee.next { node = next; break }
                    guard let parent = climbing.pointee.parent else { break }
                    climbing = parent
                    close(&walk)
                }
            }
            // Only the attributes some element gives are stored per character.
            let used = SVGTextPositions.attributes.indices.map { attribute in placed.contains { !$0.lists[attribute].isEmpty } }
            resolved = used.map { [Substring?](repeating: nil, count: $0 ? walk.count : 0) }
            return walk.hasList
        }

        /// Where the walk is: the characters counted, the elements open (innermost last), whether a list of two
        /// values or more was seen.
        private struct Walk {
            var count = 0
            var lastWasSpace = true
            var hasList = false
            var open: [(preserve: Bool, placed: Int?)] = []
            let preserve: Bool
            init(preserve: Bool) { self.preserve = preserve }
        }

        private mutating func open(_ node: xmlNodePtr, _ walk: inout Walk) {
            let space = xmlGetNsProp(node, "space", "http://www.w3.org/XML/1998/namespace").map { value in
                defer { CLibXML2_free(value) }
                return String(cString: value)
            }
            let preserve = space.map { $0 == "preserve" } ?? (walk.open.last?.preserve ?? walk.preserve)
            let lists = SVGTextPositions.attributes.map { SVGTextPositions.attribute(node, $0).map(SVGTextPositions.values) ?? [] }
            walk.hasList = walk.hasList || lists.contains { $0.count > 1 }
            var index: Int?
            if lists.contains(where: { !$0.isEmpty }) {
                placed.append(Placed(node: node, lists: lists, start: walk.count, end: walk.count))
                index = placed.count - 1
            }
            walk.open.append((preserve, index))
        }

        private mutating func close(_ walk: inout Walk) {
            guard let top = walk.open.popLast() else { return }
            if let index = top.placed { placed[index].end = walk.count }
        }

        /// `raw` after SVG 1.1's `xml:space` handling, continuing from the text before it.
        static func spaced(_ raw: String, preserve: Bool, lastWasSpace: inout Bool) -> String {
            var out = String.UnicodeScalarView()
            for scalar in raw.unicodeScalars {
                if preserve {
                    out.append(scalar == "\n" || scalar == "\t" || scalar == "\r" ? " " : scalar)
                    continue
                }
                switch scalar {
                case "\n", "\r": continue
                case " ", "\t":
                    if lastWasSpace { continue }
                    out.append(" ")
                    lastWasSpace = true
                default:
                    out.append(scalar)
                    lastWasSpace = false
                }
            }
            return String(out)
        }

        /// Each character's values: every element's list over its own characters, inner elements after outer. A
        /// list short by no more than its text's ligatures places only the first (see the type's comment on why).
        private mutating func resolve() {
            let scalars = runs.flatMap { Array($0.characters.unicodeScalars) }
            for entry in placed {
                let characters = entry.end - entry.start
                // Counted once per element, and only when one of its lists is short.
                let shortest = entry.lists.lazy.filter { !$0.isEmpty }.map(\.count).min() ?? characters
                let ligatures = shortest < characters ? Self.ligatures(in: scalars, entry.start..<min(entry.end, scalars.count)) : 0
                for (attribute, list) in entry.lists.enumerated() {
                    var count = min(list.count, characters)
                    if list.count < characters, characters - list.count <= ligatures { count = min(list.count, 1) }
                    for offset in 0..<max(0, count) { resolved[attribute][entry.start + offset] = list[offset] }
                }
            }
        }

        /// How many places in `range` of `scalars` a common ligature forms (`ffi` is two: one glyph for three).
        static func ligatures(in scalars: [Unicode.Scalar], _ range: Range<Int>) -> Int {
            guard range.count > 1 else { return 0 }
            var count = 0
            for index in range.lowerBound..<(range.upperBound - 1) {
                switch (scalars[index], scalars[index + 1]) {
                case ("f", "f"), ("f", "i"), ("f", "l"), ("f", "j"), ("f", "t"), ("T", "h"): count += 1
                default: break
                }
            }
            return count
        }
    }
}

extension SVGTextPositions.TextElement {
    /// Replaces each text node holding a positioned cluster by `<tspan>`s: one per positioned cluster with its
    /// single values, holding the clusters after it up to the next positioned one (they follow it at their own
    /// advances, so kerning and ligatures among them stay); then takes the lists off the elements that held them.
    func rewrite() {
        for run in runs {
            var pieces: [(text: String, values: [Substring?])] = []
            var index = run.start
            var positioned = false
            for cluster in run.characters {
                let values = resolved.map { index < $0.count ? $0[index] : nil }
                index += cluster.unicodeScalars.count
                if values.contains(where: { $0 != nil }) || pieces.isEmpty {
                    pieces.append(("", values))
                    positioned = positioned || values.contains { $0 != nil }
                }
                pieces[pieces.count - 1].text.append(cluster)
            }
            if positioned { replace(run.node, with: pieces) }
        }
        for entry in placed {
            for attribute in SVGTextPositions.attributes { xmlUnsetProp(entry.node, attribute) }
        }
    }

    /// `node` replaced by a `<tspan>` per piece. Elements, not text nodes, so that libxml2 does not merge them.
    private func replace(_ node: xmlNodePtr, with pieces: [(text: String, values: [Substring?])]) {
        for piece in pieces {
            guard let span = xmlNewDocNode(node.pointee.doc, element.pointee.ns, "tspan", nil) else { continue }
            for (attribute, value) in zip(SVGTextPositions.attributes, piece.values) {
                if let value { xmlSetProp(span, attribute, String(value)) }
            }
            let utf8 = Array(piece.text.utf8)
            let text = utf8.withUnsafeBufferPointer { xmlNewDocTextLen(node.pointee.doc, $0.baseAddress, Int32(clamping: $0.count)) }
            if let text { xmlAddChild(span, text) }
            xmlAddPrevSibling(node, span)
        }
        xmlUnlinkNode(node)
        xmlFreeNode(node)
    }
}
