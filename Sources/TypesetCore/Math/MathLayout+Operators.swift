/// The properties of one `mo` as MathML Core resolves them: its attributes, else the operator dictionary's entry
/// for its text and form. Spaces and sizes are in ems of the formula.
struct MathOperator {
    var form: MathOperatorDictionary.Form
    var lspace: Double
    var rspace: Double
    var stretchy: Bool
    var symmetric: Bool
    var largeop: Bool
    var movablelimits: Bool
    /// `minsize` and `maxsize`: lengths, or percentages of the unstretched glyph's size; nil maxsize is ∞.
    var minsize: MathLength?
    var maxsize: MathLength?
    /// Whether its text is one character whose intrinsic stretch axis is inline.
    var stretchesInline: Bool
}

extension MathLayout {
    /// Elements that lay their children out as a row (MathML Core's grouping elements, and those that wrap their
    /// children in an anonymous `mrow`).
    static func isRowLike(_ element: MathFormula.Element) -> Bool {
        switch element {
        case .math, .mrow, .mstyle, .mphantom, .merror, .other, .mpadded, .msqrt, .mtd, .menclose: true
        default: false
        }
    }

    /// Scripted elements and `mfrac`: embellished when their first child is.
    static func takesCoreFromFirstChild(_ element: MathFormula.Element) -> Bool {
        switch element {
        case .msub, .msup, .msubsup, .munder, .mover, .munderover, .mmultiscripts, .mfrac: true
        default: false
        }
    }

    /// Embellished operators and space-like elements, child before parent, then each operator's properties.
    mutating func computeEmbellishedOperators() {
        let nodes = formula.nodes
        core = Array(repeating: -1, count: nodes.count)
        spaceLike = Array(repeating: false, count: nodes.count)
        for index in nodes.indices.reversed() {
            let element = nodes[index].element
            switch element {
            case .mo: core[index] = Int32(index)
            case .mtext, .mspace: spaceLike[index] = true
            default:
                let children = childrenOf(index)
                if Self.takesCoreFromFirstChild(element), let first = children.first {
                    core[index] = core[first]
                } else if Self.isRowLike(element) && element != .msqrt && element != .mtd && element != .menclose {
                    let embellished = children.filter { core[$0] >= 0 }
                    let others = children.filter { core[$0] < 0 }
                    spaceLike[index] = children.allSatisfy { spaceLike[$0] }
                    if embellished.count == 1, others.allSatisfy({ spaceLike[$0] }) { core[index] = core[embellished[0]] }
                }
            }
        }
        // The first and last children of each row that are not space-like, and how many there are (for forms).
        var significant = [(first: Int32, last: Int32, count: Int32)](repeating: (-1, -1, 0), count: nodes.count)
        for index in nodes.indices where Self.isRowLike(nodes[index].element) {
            for child in childrenOf(index) where !spaceLike[child] {
                if significant[index].first < 0 { significant[index].first = Int32(child) }
                significant[index].last = Int32(child)
                significant[index].count += 1
            }
        }
        operators = Array(repeating: nil, count: nodes.count)
        for index in nodes.indices where nodes[index].element == .mo {
            operators[index] = properties(ofOperator: index, significant: significant)
        }
    }

    /// The form of operator `index` from the place of the outermost embellished operator it is the core of.
    private func form(ofOperator index: Int, significant: [(first: Int32, last: Int32, count: Int32)])
        -> (form: MathOperatorDictionary.Form, explicit: Bool) {
        if let value = formula.attribute("form", of: index)?.trimmingSpaces.lowercased() {
            switch value {
            case "prefix": return (.prefix, true)
            case "postfix": return (.postfix, true)
            case "infix": return (.infix, true)
            default: break
            }
        }
        var outer = index
        while formula.nodes[outer].parent >= 0, core[Int(formula.nodes[outer].parent)] == Int32(index) {
            outer = Int(formula.nodes[outer].parent)
        }
        let parent = Int(formula.nodes[outer].parent)
        guard parent >= 0 else { return (.infix, false) }
        let element = formula.nodes[parent].element
        if Self.isRowLike(element) {
            let row = significant[parent]
            if row.count > 1 {
                if row.first == Int32(outer) { return (.prefix, false) }
                if row.last == Int32(outer) { return (.postfix, false) }
            }
        }
        if Self.takesCoreFromFirstChild(element) && element != .mfrac && childIndex[outer] > 0 { return (.postfix, false) }
        return (.infix, false)
    }

    /// The properties of operator `index`: attributes first, then the dictionary.
    private func properties(ofOperator index: Int, significant: [(first: Int32, last: Int32, count: Int32)]) -> MathOperator {
        let text = formula.text(of: index)
        let (form, explicit) = form(ofOperator: index, significant: significant)
        let category = MathOperatorDictionary.category(text, form: form, formIsExplicit: explicit)
        let values = category.values
        let scale = styles[index].scale
        var scalars: [UInt32] = []
        for scalar in String(decoding: text, as: UTF16.self).unicodeScalars { scalars.append(scalar.value) }
        var op = MathOperator(form: form, lspace: values.lspace * scale, rspace: values.rspace * scale,
                              stretchy: values.properties.contains(.stretchy),
                              symmetric: values.properties.contains(.symmetric),
                              largeop: values.properties.contains(.largeop),
                              movablelimits: values.properties.contains(.movablelimits),
                              minsize: nil, maxsize: nil,
                              stretchesInline: scalars.count == 1 && MathOperatorDictionary.stretchesInline(scalars[0]))
        func flag(_ name: String) -> Bool? {
            switch formula.attribute(name, of: index)?.trimmingSpaces.lowercased() {
            case "true": true
            case "false": false
            default: nil
            }
        }
        op.stretchy = flag("stretchy") ?? op.stretchy
        op.symmetric = flag("symmetric") ?? op.symmetric
        op.largeop = flag("largeop") ?? op.largeop
        op.movablelimits = flag("movablelimits") ?? op.movablelimits
        let xHeight = constants.xHeight
        if let value = formula.attribute("lspace", of: index), let length = MathLength.parse(value) {
            op.lspace = length.resolve(scale: scale, xHeight: xHeight, reference: op.lspace)
        }
        if let value = formula.attribute("rspace", of: index), let length = MathLength.parse(value) {
            op.rspace = length.resolve(scale: scale, xHeight: xHeight, reference: op.rspace)
        }
        op.minsize = formula.attribute("minsize", of: index).flatMap { MathLength.parse($0) }
        if let value = formula.attribute("maxsize", of: index), value.trimmingSpaces.lowercased() != "infinity" {
            op.maxsize = MathLength.parse(value)
        }
        return op
    }

    /// Whether an under/over element is laid out as scripts: compact style, and a base whose core operator has
    /// the movablelimits property (a sum's limits beside it in running text).
    func usesScriptLayout(_ node: Int) -> Bool {
        guard !styles[node].display, let first = childrenOf(node).first, core[first] >= 0,
              let op = operators[Int(core[first])] else { return false }
        return op.movablelimits
    }

    /// Whether node `node` is an embellished operator whose core has the largeop property.
    func isLargeOperator(_ node: Int) -> Bool {
        core[node] >= 0 && operators[Int(core[node])]?.largeop == true
    }
}
