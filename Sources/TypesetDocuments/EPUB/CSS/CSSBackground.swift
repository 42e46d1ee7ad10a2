import TypesetCore

/// `background-image`, `background-repeat`, `background-position`, `background-size`, `background-origin`,
/// `background-clip` (and their `-webkit-` forms) and the `background` shorthand (CSS Backgrounds 3 §3), each a
/// list of layers. `background-attachment` is read in the shorthand and dropped (a page does not scroll); the
/// level 4 `background-clip: text` makes the declaration invalid (ignored). Gradients are read by ``CSSGradient``;
/// other generated images make the declaration invalid.
enum CSSBackgroundDeclaration: Equatable, Sendable {
    /// `background-image`: one entry per layer, nil for `none` (or an image Typeset does not draw).
    case images([CSSBackgroundImage?])
    case repeats([Repeat])
    case positions([Position])
    case sizes([Size])
    /// `background-origin` and `background-clip`: one box per layer.
    case origins([BackgroundLayer.Area])
    case clips([BackgroundLayer.Area])

    /// `background-repeat` of one layer.
    struct Repeat: Equatable, Sendable {
        var x: BackgroundLayer.Repeat
        var y: BackgroundLayer.Repeat
    }

    /// `background-position` of one layer: each axis an offset from its start or end edge.
    struct Position: Equatable, Sendable {
        var x = Axis(), y = Axis()

        struct Axis: Equatable, Sendable {
            var offset = CSSLength.percent(0)
            var fromEnd = false
        }
    }

    /// `background-size` of one layer.
    enum Size: Equatable, Sendable {
        case contain, cover
        /// Width and height, nil for `auto`.
        case explicit(CSSLength?, CSSLength?)
    }

    /// The declarations of `property: value` (the value as written: URLs keep their case); empty when the value
    /// cannot be read (CSS then ignores it). The shorthand also sets `background-color`.
    static func parse(property: String, value raw: Substring) -> [CSSDeclaration] {
        let layers = CSSParser.splitTopLevel(String(raw.trimmingWhiteSpace()), separator: ",").map(words)
        guard !layers.isEmpty, layers.count <= maximumLayers else { return [] }
        switch property {
        case "background-image": return list(layers, image).map { [.background(.images($0))] } ?? []
        case "background-repeat": return list(layers, repeats).map { [.background(.repeats($0))] } ?? []
        case "background-position": return list(layers, position).map { [.background(.positions($0))] } ?? []
        case "background-size": return list(layers, size).map { [.background(.sizes($0))] } ?? []
        case "background-origin", "-webkit-background-origin": return list(layers, box).map { [.background(.origins($0))] } ?? []
        case "background-clip", "-webkit-background-clip": return list(layers, box).map { [.background(.clips($0))] } ?? []
        case "background": return shorthand(layers) ?? fallback(layers)
        default: return []
        }
    }

    /// The most layers read; a value with more is ignored.
    static let maximumLayers = 16

    /// The words of a layer, each `/` a word of its own (`center/cover`), URLs and functions whole.
    private static func words(_ layer: String) -> [String] {
        CSSParser.splitTopLevel(layer, separator: " ").flatMap { word -> [String] in
            guard !word.contains("("), word.contains("/") else { return [word] }
            var parts: [String] = []
            for (index, piece) in word.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { parts.append("/") }
                if !piece.isEmpty { parts.append(String(piece)) }
            }
            return parts
        }
    }

    private static func list<T>(_ layers: [[String]], _ parse: ([String]) -> T?) -> [T]? {
        var result: [T] = []
        for layer in layers {
            guard let value = parse(layer) else { return nil }
            result.append(value)
        }
        return result
    }

    /// An image: `none`, `url(...)` or a gradient (``CSSGradient``). `.some(nil)` for none.
    private static func image(_ words: [String]) -> CSSBackgroundImage?? {
        guard words.count == 1 else { return nil }
        return image(words[0])
    }

    private static func image(_ word: String) -> CSSBackgroundImage?? {
        let lower = word.lowercased()
        if lower == "none" { return .some(nil) }
        if lower.hasPrefix("url("), let (url, rest) = CSSParser.leadingURL(word), rest.isEmpty {
            return .some(.url(url, isResolved: false))
        }
        return CSSGradient(word).map { .some(.gradient($0)) }
    }

    /// A `<box>`: `border-box`, `padding-box` or `content-box` (WebKit's old `border`, `padding` and `content`
    /// too, in its prefixed properties only as it reads them, but harmless elsewhere).
    private static func box(_ words: [String]) -> BackgroundLayer.Area? {
        guard words.count == 1 else { return nil }
        return boxKeyword(words[0])
    }

    private static func boxKeyword(_ word: String) -> BackgroundLayer.Area? {
        let lower = word.lowercased()
        return BackgroundLayer.Area(rawValue: lower) ?? BackgroundLayer.Area(rawValue: lower + "-box")
    }

    private static func repeatKeyword(_ word: String) -> BackgroundLayer.Repeat? {
        BackgroundLayer.Repeat(rawValue: word.lowercased())
    }

    /// `repeat-x`, `repeat-y`, or one or two of `repeat`, `no-repeat`, `space`, `round`.
    private static func repeats(_ words: [String]) -> Repeat? {
        switch words.map({ $0.lowercased() }) {
        case ["repeat-x"]: return Repeat(x: .repeat, y: .noRepeat)
        case ["repeat-y"]: return Repeat(x: .noRepeat, y: .repeat)
        case let keywords where keywords.count == 1: return repeatKeyword(keywords[0]).map { Repeat(x: $0, y: $0) }
        case let keywords where keywords.count == 2:
            guard let x = repeatKeyword(keywords[0]), let y = repeatKeyword(keywords[1]) else { return nil }
            return Repeat(x: x, y: y)
        default: return nil
        }
    }

    /// `background-size`: `cover`, `contain`, or one or two of a length, a percentage and `auto` (one: the
    /// height is `auto`).
    private static func size(_ words: [String]) -> Size? {
        let lower = words.map { $0.lowercased() }
        if lower == ["cover"] { return .cover }
        if lower == ["contain"] { return .contain }
        guard (1...2).contains(words.count) else { return nil }
        var sides: [CSSLength?] = []
        for word in lower {
            if word == "auto" { sides.append(nil); continue }
            guard let length = CSSLength(Substring(word)), !length.isNegative, length != .auto else { return nil }
            sides.append(length)
        }
        return .explicit(sides[0], sides.count > 1 ? sides[1] : nil)
    }

    /// `background-position`: one to four words (CSS Backgrounds 3 §3.6): keywords and offsets, a keyword's
    /// offset measured from its edge.
    static func position(_ words: [String]) -> Position? {
        let lower = words.map { $0.lowercased() }
        let edges: [String: (horizontal: Bool?, fromEnd: Bool, center: Bool)] = [
            "left": (true, false, false), "right": (true, true, false), "top": (false, false, false),
            "bottom": (false, true, false), "center": (nil, false, true)]
        // Each item: a keyword with an offset after it, or a bare length.
        var items: [(keyword: String?, length: CSSLength?)] = []
        var index = 0
        while index < lower.count {
            let word = lower[index]
            if edges[word] != nil {
                var length: CSSLength?
                if lower.count > 2, index + 1 < lower.count, edges[lower[index + 1]] == nil {
                    guard let offset = CSSLength(Substring(lower[index + 1])), offset != .auto, word != "center" else { return nil }
                    length = offset
                    index += 1
                }
                items.append((word, length))
            } else {
                guard let length = CSSLength(Substring(word)), length != .auto else { return nil }
                items.append((nil, length))
            }
            index += 1
        }
        guard (1...2).contains(items.count) else { return nil }
        // Which item is horizontal: a keyword says; two bare items are x then y; `top left` is turned.
        func axis(_ item: (keyword: String?, length: CSSLength?)) -> Position.Axis {
            guard let keyword = item.keyword, let edge = edges[keyword] else { return Position.Axis(offset: item.length ?? .percent(0)) }
            if edge.center { return Position.Axis(offset: .percent(50)) }
            return Position.Axis(offset: item.length ?? .percent(0), fromEnd: edge.fromEnd)
        }
        func horizontal(_ item: (keyword: String?, length: CSSLength?)) -> Bool? { item.keyword.flatMap { edges[$0]?.horizontal } }
        if items.count == 1 {
            let center = Position.Axis(offset: .percent(50))
            return horizontal(items[0]) == false ? Position(x: center, y: axis(items[0])) : Position(x: axis(items[0]), y: center)
        }
        let (first, second) = (items[0], items[1])
        // Bare lengths go x then y, so a keyword beside one must be on its axis.
        if first.keyword == nil, horizontal(second) == true { return nil }
        if second.keyword == nil, horizontal(first) == false { return nil }
        if let a = horizontal(first), let b = horizontal(second), a == b { return nil }
        let turned = horizontal(first) == false || horizontal(second) == true
        return turned ? Position(x: axis(second), y: axis(first)) : Position(x: axis(first), y: axis(second))
    }
}

/// An image of `background-image`: a URL as written, until it is resolved to a path in the book (a sheet's
/// against the sheet by ``StyleSheetLoader``, a `style` attribute's or `<style>` element's against its document),
/// or a gradient.
enum CSSBackgroundImage: Equatable, Sendable {
    /// A picture: its URL, and whether it is a path in the book already (or a `data:` URL, kept whole).
    case url(String, isResolved: Bool)
    case gradient(CSSGradient)

    /// Whether the image needs no resolving.
    var isResolved: Bool { if case .url(_, let resolved) = self { resolved } else { true } }

    /// The image resolved against entry `path`; nil when it is a URL outside the book.
    func resolved(relativeTo path: String) -> CSSBackgroundImage? {
        guard case .url(let url, false) = self else { return self }
        if DataURL.isDataURL(url) { return .url(url, isResolved: true) }
        guard case .inBook(let entry, _)? = EPUBPath.resolve(url, relativeTo: path) else { return nil }
        return .url(entry, isResolved: true)
    }
}

extension CSSStyleSheet {
    /// Resolves the `background-image` URLs of the sheet read from entry `path` against it; one outside the book
    /// becomes `none`.
    mutating func resolveBackgroundImages(relativeTo path: String) {
        rewriteDeclarations { declaration in
            guard case .background(.images(let images)) = declaration, images.contains(where: { $0?.isResolved == false }) else {
                return declaration
            }
            return .background(.images(images.map { $0?.resolved(relativeTo: path) }))
        }
    }
}

extension CSSBackgroundDeclaration {
    /// The `background` shorthand: per layer, in any order, an image, a position (with `/ size` after it), a
    /// repeat, an attachment and boxes; the colour in the last layer only. Every longhand is set, what a layer
    /// leaves out to its initial value. Nil when a layer cannot be read.
    fileprivate static func shorthand(_ layers: [[String]]) -> [CSSDeclaration]? {
        var images: [CSSBackgroundImage?] = [], repeats: [Repeat] = [], positions: [Position] = [], sizes: [Size] = []
        var origins: [BackgroundLayer.Area] = [], clips: [BackgroundLayer.Area] = []
        var color: Color?
        for (index, layer) in layers.enumerated() {
            guard let read = shorthandLayer(layer, isLast: index == layers.count - 1) else { return nil }
            images.append(read.image); repeats.append(read.repeats); positions.append(read.position); sizes.append(read.size)
            // §3.10: one box sets both, two the origin then the clip.
            origins.append(read.boxes.first ?? .paddingBox)
            clips.append(read.boxes.last ?? .borderBox)
            if index == layers.count - 1 { color = read.color }
        }
        return [.backgroundColor(color), .background(.images(images)), .background(.repeats(repeats)),
                .background(.positions(positions)), .background(.sizes(sizes)), .background(.origins(origins)),
                .background(.clips(clips))]
    }

    private struct Layer {
        var image: CSSBackgroundImage?, repeats = Repeat(x: .repeat, y: .repeat), position = Position()
        var size = Size.explicit(nil, nil), color: Color?
        var boxes: [BackgroundLayer.Area] = []
    }

    private static func shorthandLayer(_ words: [String], isLast: Bool) -> Layer? {
        var layer = Layer()
        var seen = (image: false, repeats: false, position: false, color: false)
        var index = 0
        let positionWords: Set<String> = ["left", "right", "top", "bottom", "center"]
        func isPositionWord(_ word: String) -> Bool {
            positionWords.contains(word.lowercased()) || (CSSLength(Substring(word.lowercased())).map { $0 != .auto } ?? false)
        }
        while index < words.count {
            let word = words[index], lower = word.lowercased()
            if !seen.image, let image = image(word) {
                layer.image = image; seen.image = true; index += 1; continue
            }
            if ["scroll", "fixed", "local"].contains(lower) { index += 1; continue }
            if let box = BackgroundLayer.Area(rawValue: lower) {
                guard layer.boxes.count < 2 else { return nil }
                layer.boxes.append(box); index += 1; continue
            }
            if !seen.repeats, lower == "repeat-x" || lower == "repeat-y" || repeatKeyword(lower) != nil {
                var end = index + 1
                if repeatKeyword(lower) != nil, end < words.count, repeatKeyword(words[end]) != nil { end += 1 }
                guard let value = repeats(Array(words[index..<end])) else { return nil }
                layer.repeats = value; seen.repeats = true; index = end; continue
            }
            if !seen.position, isPositionWord(word) {
                var end = index
                while end < words.count, isPositionWord(words[end]) { end += 1 }
                guard let value = position(Array(words[index..<end])) else { return nil }
                layer.position = value; seen.position = true; index = end
                if index < words.count, words[index] == "/" {
                    var sizeEnd = index + 1
                    while sizeEnd < words.count, sizeEnd - index <= 2,
                          ["auto", "cover", "contain"].contains(words[sizeEnd].lowercased()) || CSSLength(Substring(words[sizeEnd].lowercased())) != nil {
                        sizeEnd += 1
                    }
                    guard let value = size(Array(words[(index + 1)..<sizeEnd])) else { return nil }
                    layer.size = value; index = sizeEnd
                }
                continue
            }
            if isLast, !seen.color {
                if lower == "transparent" { seen.color = true; index += 1; continue }
                if let color = CSSColor.parse(lower) { layer.color = color; seen.color = true; index += 1; continue }
            }
            return nil
        }
        return layer
    }

    /// A `background` Typeset cannot read whole: its colour alone when a word of it is one (as before layers were
    /// read), so that an unusual image or position does not take the colour with it.
    fileprivate static func fallback(_ layers: [[String]]) -> [CSSDeclaration] {
        guard let last = layers.last else { return [] }
        let lower = last.map { $0.lowercased() }
        if lower.contains("none") || lower.contains("transparent") { return [.backgroundColor(nil)] }
        for word in lower { if let color = CSSColor.parse(word) { return [.backgroundColor(color)] } }
        return []
    }
}
