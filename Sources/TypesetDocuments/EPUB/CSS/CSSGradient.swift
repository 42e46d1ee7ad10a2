import TypesetCore

/// A gradient function as a style sheet writes it (CSS Images 3 §3): `linear-gradient()`, `radial-gradient()`,
/// their `repeating-` forms, and the legacy `-webkit-`, `-moz-` and `-o-` prefixed forms books still carry, whose
/// first argument names where the gradient starts (`-webkit-linear-gradient(top, ...)` runs downward) and whose
/// angles run counter-clockwise from the right. The text is kept and read again for each element, its `em`
/// lengths against the element's font. A function that cannot be read (a bad angle, one colour stop, two hints
/// in a row) makes its declaration invalid, as CSS says; `conic-gradient()` and WebKit's first
/// `-webkit-gradient(linear, ...)` syntax are not read.
struct CSSGradient: Equatable, Sendable {
    /// The function as written.
    let text: String

    /// The function `text` (one word, its arguments whole); nil when it is not a gradient Typeset reads.
    init?(_ text: String) {
        self.text = text
        guard gradient(fontScale: 1) != nil else { return nil }
    }

    /// The gradient, lengths in ems of the body text for an element whose font is `fontScale` times the body's,
    /// `currentColor` the element's `color` (nil: the text colour of the reader's theme).
    func gradient(fontScale: Double, currentColor: Color? = nil) -> Gradient? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        var name = text[..<open].lowercased()
        let legacy = ["-webkit-", "-moz-", "-o-"].first { name.hasPrefix($0) }.map { prefix in
            name.removeFirst(prefix.count)
            return true
        } ?? false
        let isRepeating = name.hasPrefix("repeating-")
        if isRepeating { name.removeFirst("repeating-".count) }
        let inside = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        let arguments = CSSParser.splitTopLevel(inside, separator: ",").map {
            CSSParser.splitTopLevel($0.trimmingCharacters(in: .whitespacesAndNewlines), separator: " ").map { $0.lowercased() }
        }
        guard let first = arguments.first else { return nil }
        let reader = Reader(fontScale: fontScale, currentColor: currentColor)
        let shape: Gradient.Shape, consumed: Int
        switch name {
        case "linear-gradient":
            let direction = legacy ? reader.legacyDirection(first) : reader.direction(first)
            shape = .linear(direction ?? .degrees(180)); consumed = direction == nil ? 0 : 1
        case "radial-gradient":
            if legacy {
                (shape, consumed) = reader.legacyRadial(arguments)
            } else {
                let radial = reader.radial(first)
                shape = .radial(radial ?? Gradient.Radial()); consumed = radial == nil ? 0 : 1
            }
        default: return nil
        }
        guard let items = reader.items(arguments.dropFirst(consumed)) else { return nil }
        return Gradient(shape: shape, items: items, isRepeating: isRepeating)
    }

    /// Reads the arguments' words (lower case).
    fileprivate struct Reader {
        let fontScale: Double
        let currentColor: Color?

        /// A length or percentage as a layer measures it; nil for anything else.
        func length(_ word: String) -> BackgroundLayer.Length? {
            CSSLength(Substring(word))?.layerLength(fontScale: fontScale)
        }

        /// An angle in degrees (``CSSAngle/degrees(_:)``).
        func angle(_ word: String) -> Double? { CSSAngle.degrees(word) }

        /// `<angle>` or `to <side-or-corner>`; nil when the argument is not a direction.
        func direction(_ words: [String]) -> Gradient.Direction? {
            if words.count == 1, let degrees = angle(words[0]) { return .degrees(degrees) }
            guard words.first == "to", let (x, y) = sides(Array(words.dropFirst())) else { return nil }
            return Self.direction(x: x, y: y)
        }

        /// The legacy direction: an angle counter-clockwise from the right, or the side or corner it starts at.
        func legacyDirection(_ words: [String]) -> Gradient.Direction? {
            if words.count == 1, let degrees = angle(words[0]) { return .degrees(90 - degrees) }
            guard let (x, y) = sides(words) else { return nil }
            return Self.direction(x: x.map(-), y: y.map(-))
        }

        /// One or two side keywords, each axis at most once: -1 for left or top, +1 for right or bottom.
        func sides(_ words: [String]) -> (x: Int?, y: Int?)? {
            guard (1...2).contains(words.count) else { return nil }
            var x: Int?, y: Int?
            for word in words {
                switch word {
                case "left" where x == nil: x = -1
                case "right" where x == nil: x = 1
                case "top" where y == nil: y = -1
                case "bottom" where y == nil: y = 1
                default: return nil
                }
            }
            return (x, y)
        }

        static func direction(x: Int?, y: Int?) -> Gradient.Direction {
            switch (x, y) {
            case let (x?, y?): return .corner(right: x > 0, down: y > 0)
            case let (x?, nil): return .degrees(x > 0 ? 90 : 270)
            case let (nil, y?): return .degrees(y > 0 ? 180 : 0)
            case (nil, nil): return .degrees(180)
            }
        }
    }
}

extension CSSGradient.Reader {
    /// `[<shape> || <size>] [at <position>]`; nil when the argument is not that (it is then a colour stop).
    func radial(_ words: [String]) -> Gradient.Radial? {
        var radial = Gradient.Radial()
        let at = words.firstIndex(of: "at")
        if let at {
            guard let position = CSSBackgroundDeclaration.position(Array(words[(at + 1)...])) else { return nil }
            radial.x = Self.layerPosition(position.x, fontScale: fontScale)
            radial.y = Self.layerPosition(position.y, fontScale: fontScale)
        }
        let shapeWords = Array(words[..<(at ?? words.count)])
        if shapeWords.isEmpty { return at == nil ? nil : radial }
        guard let (isCircle, extent) = shapeAndSize(shapeWords, contain: false) else { return nil }
        radial.isCircle = isCircle
        radial.extent = extent
        return radial
    }

    /// A shape and a size in any order (legacy: `contain` and `cover` too); a lone length makes a circle, two an
    /// ellipse; a circle's length is not a percentage.
    func shapeAndSize(_ words: [String], contain legacy: Bool) -> (Bool, Gradient.Extent)? {
        let keywords: [String: Gradient.Extent] = ["closest-side": .closestSide, "farthest-side": .farthestSide,
                                                   "closest-corner": .closestCorner, "farthest-corner": .farthestCorner]
        var shape: Bool?, extent: Gradient.Extent?, lengths: [BackgroundLayer.Length] = []
        for word in words {
            if shape == nil, word == "circle" || word == "ellipse" { shape = word == "circle"; continue }
            if extent == nil, lengths.isEmpty, let keyword = keywords[word] ?? (legacy ? ["contain": .closestSide, "cover": .farthestCorner][word] : nil) {
                extent = keyword; continue
            }
            guard extent == nil, let length = length(word) else { return nil }
            if case .ems(let ems) = length, ems < 0 { return nil }
            if case .percent(let percent) = length, percent < 0 { return nil }
            lengths.append(length)
        }
        switch lengths.count {
        case 0: return (shape ?? false, extent ?? .farthestCorner)
        case 1:
            guard shape != false, case .ems = lengths[0] else { return nil }
            return (true, .radii(lengths[0], lengths[0]))
        case 2:
            guard shape != true else { return nil }
            return (false, .radii(lengths[0], lengths[1]))
        default: return nil
        }
    }

    /// The legacy `-webkit-radial-gradient([<position>,] [<shape> || <size>,] stops)`, and how many arguments
    /// it took.
    func legacyRadial(_ arguments: [[String]]) -> (Gradient.Shape, Int) {
        var radial = Gradient.Radial(), consumed = 0
        if let first = arguments.first, let position = CSSBackgroundDeclaration.position(first) {
            radial.x = Self.layerPosition(position.x, fontScale: fontScale)
            radial.y = Self.layerPosition(position.y, fontScale: fontScale)
            consumed = 1
        }
        if consumed < arguments.count, let (isCircle, extent) = shapeAndSize(arguments[consumed], contain: true) {
            radial.isCircle = isCircle; radial.extent = extent
            consumed += 1
        }
        return (.radial(radial), consumed)
    }

    static func layerPosition(_ axis: CSSBackgroundDeclaration.Position.Axis, fontScale: Double) -> BackgroundLayer.Position {
        BackgroundLayer.Position(offset: axis.offset.layerLength(fontScale: fontScale) ?? .ems(0), fromEnd: axis.fromEnd)
    }

    /// The colour stops and hints: a colour with up to two positions (two make two stops), or a lone position (a
    /// hint) between two stops. Nil for anything else, or fewer than two stops.
    func items(_ arguments: ArraySlice<[String]>) -> [Gradient.Item]? {
        var items: [Gradient.Item] = []
        var stops = 0
        for words in arguments {
            guard let first = words.first else { return nil }
            if words.count == 1, let hint = length(first) {
                // A hint only between two stops.
                guard case .stop? = items.last else { return nil }
                items.append(.hint(hint))
                continue
            }
            let color: Color?
            if first == "currentcolor" { color = currentColor } else {
                guard let parsed = CSSColor.parse(first) else { return nil }
                color = parsed
            }
            let positions = words.dropFirst().map(length)
            guard positions.count <= 2, !positions.contains(where: { $0 == nil }) else { return nil }
            if positions.isEmpty { items.append(.stop(color, nil)) }
            for position in positions { items.append(.stop(color, position)) }
            stops += max(1, positions.count)
        }
        guard stops >= 2, case .stop? = items.last else { return nil }
        return items
    }
}
