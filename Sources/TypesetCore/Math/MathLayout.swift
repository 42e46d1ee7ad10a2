/// Lays a ``MathFormula`` out as MathML Core's layout algorithms (its chapter "Presentation Markup") describe, with
/// a ``MathFont``'s OpenType MATH data, into a ``MathDrawing``.
///
/// The passes, each a loop over the formula's nodes (none recurses, whatever the depth of the markup):
/// 1. styles, parent before child: display style, script level and font scale, cramped style (`math-shift`),
///    `mathvariant`, colour, visibility (``MathLayout+Styles.swift``);
/// 2. embellished operators, child before parent, and the dictionary properties of each operator
///    (``MathLayout+Operators.swift``);
/// 3. boxes, child before parent, on an explicit stack: each node is laid out once, stretchy operators after their
///    row's other children, with the size they stretch to (``MathLayout+Tokens.swift``, `+Rows`, `+Scripts`,
///    `+Tables`);
/// 4. positions, parent before child, and the glyphs and rules collected for drawing.
///
/// Every cost is linear in the number of nodes and glyphs; a stretched glyph assembly holds at most
/// ``maximumAssemblyGlyphs`` glyphs.
struct MathLayout {
    let formula: MathFormula
    let font: MathFont
    /// The face for a character the math face lacks (nil: it is left out).
    let fallback: (UInt32) -> FontFace?
    /// Constants of the math face (ems of the formula at scale 1).
    var constants: MathConstants { font.constants }

    /// Per node, indexed like `formula.nodes`.
    var styles: [MathStyle] = []
    var boxes: [MathBox] = []
    /// The offset of each node's origin (its left end, on its baseline) from its parent's, y up.
    var offsets: [(x: Double, y: Double)] = []
    /// The core operator of each embellished operator, -1 for other nodes.
    var core: [Int32] = []
    var spaceLike: [Bool] = []
    /// The properties of each `mo`, nil for other nodes.
    var operators: [MathOperator?] = []
    /// The index of each node among its parent's children.
    var childIndex: [Int32] = []
    /// Every node's children, node after node: node n's are `childList[childStarts[n]..<childStarts[n + 1]]`.
    private var childStarts: [Int] = []
    private var childList: [Int] = []

    /// What nodes draw, in their own coordinates.
    var glyphItems: [(node: Int32, glyph: MathDrawing.Glyph)] = []
    var ruleItems: [(node: Int32, rule: MathDrawing.Rule)] = []
    /// The area a node paints its background over when it is not its box (left, bottom, width, height in its own
    /// coordinates): a table's cells and rows, which the table stretches to their column and row.
    var paintFrames: [Int32: (x: Double, y: Double, width: Double, height: Double)] = [:]
    var notices: [String] = []
    /// Whether `mspace` lengths are at the formula's size rather than their element's (a script's is smaller): what
    /// web-platform-tests' `mspace { font-size: 10px }` does, for its ported tests.
    var spacesAtFormulaSize = false

    /// The most glyphs one stretched assembly draws (a fence around a hostile tower); a larger one is cut short.
    static let maximumAssemblyGlyphs = 2000

    init(formula: MathFormula, font: MathFont, fallback: @escaping (UInt32) -> FontFace?) {
        self.formula = formula
        self.font = font
        self.fallback = fallback
    }

    /// A size a stretchy operator is laid out to: the extent of its row (block axis) or of its stack (inline axis).
    enum Constraint: Equatable {
        case none
        case block(ascent: Double, descent: Double)
        case inline(width: Double)
    }

    /// Lays the formula out.
    mutating func run() -> MathDrawing {
        let count = formula.nodes.count
        guard count > 0 else { return .empty }
        boxes = Array(repeating: MathBox(), count: count)
        offsets = Array(repeating: (0, 0), count: count)
        computeChildIndices()
        computeStyles()
        computeEmbellishedOperators()
        layOutBoxes()
        return drawing()
    }

    private mutating func computeChildIndices() {
        childIndex = Array(repeating: 0, count: formula.nodes.count)
        childStarts = Array(repeating: 0, count: formula.nodes.count + 1)
        childList = []
        childList.reserveCapacity(formula.nodes.count)
        for index in formula.nodes.indices {
            childStarts[index] = childList.count
            var child = index + 1, position: Int32 = 0
            let end = Int(formula.nodes[index].end)
            while child < end {
                childIndex[child] = position
                childList.append(child)
                position += 1
                child = Int(formula.nodes[child].end)
            }
        }
        childStarts[formula.nodes.count] = childList.count
    }

    /// The children of `node`, in order (computed once per layout).
    func childrenOf(_ node: Int) -> ArraySlice<Int> { childList[childStarts[node]..<childStarts[node + 1]] }

    /// One step of the box pass: a node to lay out with a constraint, and how far it has got.
    private struct Frame {
        var node: Int
        var constraint: Constraint
        /// 0: its first children are not laid out yet; 1: they are, the deferred ones (stretchy operators) not;
        /// 2: all are.
        var stage: UInt8
    }

    /// The box pass: children before parents, on a stack.
    private mutating func layOutBoxes() {
        var stack = [Frame(node: 0, constraint: .none, stage: 0)]
        while let frame = stack.popLast() {
            let node = frame.node
            let children = Array(childrenOf(node))
            switch frame.stage {
            case 0:
                guard !children.isEmpty else { compose(node, children: [], constraint: frame.constraint); continue }
                stack.append(Frame(node: node, constraint: frame.constraint, stage: 1))
                for child in children.reversed() where !isDeferred(child, in: node, constraint: frame.constraint) {
                    stack.append(Frame(node: child, constraint: childConstraint(child, in: node, constraint: frame.constraint), stage: 0))
                }
            case 1:
                let deferred = children.filter { isDeferred($0, in: node, constraint: frame.constraint) }
                guard !deferred.isEmpty else { compose(node, children: children, constraint: frame.constraint); continue }
                let target = stretchTarget(node, children: children, constraint: frame.constraint)
                stack.append(Frame(node: node, constraint: frame.constraint, stage: 2))
                for child in deferred.reversed() { stack.append(Frame(node: child, constraint: target, stage: 0)) }
            default:
                compose(node, children: children, constraint: frame.constraint)
            }
        }
    }

    /// Whether `child` of `node` is laid out after its siblings, stretched to their size: an embellished operator
    /// with the stretchy property, along the block axis in a row, along the inline axis in an under/over script
    /// element (MathML Core's algorithms for stretching operators). A node that has a constraint itself passes it
    /// to its embellished child instead.
    func isDeferred(_ child: Int, in node: Int, constraint: Constraint) -> Bool {
        guard constraint == .none, core[child] >= 0, let op = operators[Int(core[child])], op.stretchy else { return false }
        switch formula.nodes[node].element {
        case .munder, .mover, .munderover:
            return op.stretchesInline && !usesScriptLayout(node)
        case .mfrac, .msub, .msup, .msubsup, .mmultiscripts, .mroot, .mtable, .mtr, .mspace, .mprescripts, .none:
            return false
        default:
            return !op.stretchesInline
        }
    }

    /// The constraint `child` is laid out with in its first round: its parent's, when the parent is an embellished
    /// operator and `child` carries its core; none otherwise.
    func childConstraint(_ child: Int, in node: Int, constraint: Constraint) -> Constraint {
        guard constraint != .none, core[node] >= 0, core[child] == core[node] else { return .none }
        return constraint
    }

    /// The size deferred children stretch to: the ink extent of the others in a row (or nothing when there are
    /// none), the widest of the others in an under/over element.
    func stretchTarget(_ node: Int, children: [Int], constraint: Constraint) -> Constraint {
        let others = children.filter { !isDeferred($0, in: node, constraint: constraint) }
        switch formula.nodes[node].element {
        case .munder, .mover, .munderover:
            return .inline(width: others.map { boxes[$0].width }.max() ?? 0)
        default:
            guard !others.isEmpty else { return .block(ascent: 0, descent: 0) }
            return .block(ascent: others.map { boxes[$0].inkAscent }.max() ?? 0,
                          descent: others.map { boxes[$0].inkDescent }.max() ?? 0)
        }
    }

    /// Lays node `node` out, its children's boxes known.
    private mutating func compose(_ node: Int, children: [Int], constraint: Constraint) {
        let glyphsFrom = glyphItems.count, rulesFrom = ruleItems.count
        defer {
            if let style = formula.boxStyles[Int32(node)] {
                applyBoxStyle(node, style, children: children, glyphsFrom: glyphsFrom, rulesFrom: rulesFrom)
            }
        }
        switch formula.nodes[node].element {
        case .mi, .mn, .mtext, .ms: layOutToken(node)
        case .mo: layOutOperator(node, constraint: constraint)
        case .mspace: layOutSpace(node)
        case .none, .mprescripts: boxes[node] = MathBox()
        case .mfrac where children.count == 2: layOutFraction(node, children[0], children[1])
        case .msqrt: layOutRadical(node, base: children, index: nil)
        case .mroot where children.count == 2: layOutRadical(node, base: [children[0]], index: children[1])
        case .msub where children.count == 2: layOutScripts(node, base: children[0], post: [(children[1], nil)], pre: [])
        case .msup where children.count == 2: layOutScripts(node, base: children[0], post: [(nil, children[1])], pre: [])
        case .msubsup where children.count == 3:
            layOutScripts(node, base: children[0], post: [(children[1], children[2])], pre: [])
        case .mmultiscripts: layOutMultiscripts(node, children: children)
        case .munder where children.count == 2: layOutUnderOver(node, base: children[0], under: children[1], over: nil)
        case .mover where children.count == 2: layOutUnderOver(node, base: children[0], under: nil, over: children[1])
        case .munderover where children.count == 3:
            layOutUnderOver(node, base: children[0], under: children[1], over: children[2])
        case .mtable: layOutTable(node, rows: children)
        case .mtr: boxes[node] = MathBox()  // laid out by its table
        case .mpadded: layOutPadded(node, children: children)
        case .menclose: layOutEnclosed(node, children: children)
        case .merror: layOutEnclosed(node, children: children, notations: ["box"])
        default: boxes[node] = layOutRow(node, children: children)
        }
    }

    /// The drawing: positions from the root down, then every visible node's glyphs and rules.
    private func drawing() -> MathDrawing {
        let absolute = absoluteOrigins()
        var glyphs: [MathDrawing.Glyph] = []
        glyphs.reserveCapacity(glyphItems.count)
        for (node, item) in glyphItems where !styles[Int(node)].hidden {
            var glyph = item
            glyph.x += absolute[Int(node)].x
            glyph.y += absolute[Int(node)].y
            glyph.color = styles[Int(node)].color
            glyphs.append(glyph)
        }
        var rules: [MathDrawing.Rule] = []
        for (node, item) in ruleItems where !styles[Int(node)].hidden {
            var rule = item
            rule.x += absolute[Int(node)].x
            rule.y += absolute[Int(node)].y
            if rule.color == nil { rule.color = styles[Int(node)].color }
            rules.append(rule)
        }
        let root = boxes[0]
        return MathDrawing(width: root.width, ascent: root.ascent, descent: root.descent, glyphs: glyphs, rules: rules,
                           backgrounds: backgrounds(absolute), notices: notices)
    }

    /// The backgrounds of the elements that have one (`mathbackground`, MathML Core's presentational hint for CSS
    /// `background-color`, which is not inherited): each element's box (a table cell's and row's as its table
    /// laid them out), in document order, so that a parent's is under its children's. A hidden element
    /// (inside `mphantom`) paints none.
    private func backgrounds(_ absolute: [(x: Double, y: Double)]) -> [MathDrawing.Rule] {
        guard formula.attributes.contains(where: { $0.name == "mathbackground" || $0.name == "background" }) else { return [] }
        var result: [MathDrawing.Rule] = []
        for index in formula.nodes.indices where !styles[index].hidden {
            guard let value = formula.attribute("mathbackground", of: index) ?? formula.attribute("background", of: index),
                  let color = Color(hex: String(value.trimmingSpaces)), color.alpha > 0 else { continue }
            let box = boxes[index]
            let frame = paintFrames[Int32(index)] ?? (x: 0, y: -box.descent, width: box.width, height: box.ascent + box.descent)
            guard frame.width > 0, frame.height > 0 else { continue }
            result.append(MathDrawing.Rule(x: absolute[index].x + frame.x, y: absolute[index].y + frame.y,
                                           width: frame.width, height: frame.height, color: color))
        }
        return result
    }
}

/// The box of a laid-out node (MathML Core's box model), in ems of the formula.
struct MathBox {
    var width = 0.0
    /// Line-ascent and line-descent.
    var ascent = 0.0
    var descent = 0.0
    /// Ink line-ascent and ink line-descent (the same as the line metrics but for tokens).
    var inkAscent = 0.0
    var inkDescent = 0.0
    /// The italic correction.
    var italic = 0.0
    /// The top accent attachment, when the box has one.
    var topAccent: Double?

    /// A box whose ink is its line box.
    init(width: Double = 0, ascent: Double = 0, descent: Double = 0) {
        self.width = width; self.ascent = ascent; self.descent = descent
        inkAscent = ascent; inkDescent = descent
    }
}

extension MathLayout {
    /// Each node's box after ``run()``: its left, width, and top and bottom (y up from the formula's baseline), in ems
    /// of the formula; for tests and tools that ask where an element is (as a browser's `getBoundingClientRect`).
    func nodeFrames() -> [(x: Double, width: Double, top: Double, bottom: Double)] {
        let absolute = absoluteOrigins()
        return boxes.indices.map { index in
            (absolute[index].x, boxes[index].width, absolute[index].y + boxes[index].ascent,
             absolute[index].y - boxes[index].descent)
        }
    }

    /// Each node's origin (its left end on its baseline) in the formula's coordinates: parents before children.
    func absoluteOrigins() -> [(x: Double, y: Double)] {
        var absolute = [(x: Double, y: Double)](repeating: (0, 0), count: offsets.count)
        for index in offsets.indices.dropFirst() {
            let parent = Int(formula.nodes[index].parent)
            absolute[index] = (absolute[parent].x + offsets[index].x, absolute[parent].y + offsets[index].y)
        }
        return absolute
    }
}
