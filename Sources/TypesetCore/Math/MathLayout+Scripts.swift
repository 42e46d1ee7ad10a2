/// Scripts and limits: `msub`, `msup`, `msubsup`, `mmultiscripts`, `munder`, `mover`, `munderover`.
extension MathLayout {
    /// MathML Core's layout of scripts (`msub`, `msup`, `msubsup`, and `mmultiscripts` in general): the base, then
    /// each pair of postscripts beside it, each pair of prescripts before it; a missing script is nil.
    mutating func layOutScripts(_ node: Int, base: Int, post: [(sub: Int?, sup: Int?)], pre: [(sub: Int?, sup: Int?)]) {
        let scale = styles[node].scale, c = constants
        let baseBox = boxes[base]
        let largeOp = isLargeOperator(base)
        let italic = largeOp ? 0 : baseBox.italic, largeOpItalic = largeOp ? baseBox.italic : 0
        let space = c.spaceAfterScript * scale
        // The shifts: the largest any pair needs (with msubsup's gap between a subscript and its superscript).
        var subShift = 0.0, superShift = 0.0
        for (sub, sup) in post + pre {
            var pairSub = 0.0, pairSuper = 0.0
            if let sub {
                pairSub = max(c.subscriptShiftDown * scale, boxes[sub].inkAscent - c.subscriptTopMax * scale,
                              c.subscriptBaselineDropMin * scale + baseBox.inkDescent)
            }
            if let sup {
                pairSuper = max((styles[node].cramped ? c.superscriptShiftUpCramped : c.superscriptShiftUp) * scale,
                                c.superscriptBottomMin * scale + boxes[sup].inkDescent,
                                baseBox.inkAscent - c.superscriptBaselineDropMax * scale)
            }
            if let sub, let sup {
                let gapMin = c.subSuperscriptGapMin * scale
                var gap = (pairSub - boxes[sub].inkAscent) + (pairSuper - boxes[sup].inkDescent)
                if gap < gapMin {
                    var delta = c.superscriptBottomMaxWithSubscript * scale - (pairSuper - boxes[sup].inkDescent)
                    if delta > 0 { delta = min(delta, gapMin - gap); pairSuper += delta; gap += delta }
                    delta = gapMin - gap
                    if delta > 0 { pairSub += delta }
                }
            }
            subShift = max(subShift, pairSub); superShift = max(superShift, pairSuper)
        }
        var box = baseBox
        box.italic = 0
        box.topAccent = nil
        func extend(_ script: Int, baseline: Double) {
            let b = boxes[script]
            box.ascent = max(box.ascent, baseline + b.ascent); box.descent = max(box.descent, b.descent - baseline)
            box.inkAscent = max(box.inkAscent, baseline + b.inkAscent); box.inkDescent = max(box.inkDescent, b.inkDescent - baseline)
        }
        // Prescripts, right-aligned in their columns, then the base, then the postscripts.
        var x = 0.0
        for (sub, sup) in pre {
            x += space
            let pairWidth = max(sub.map { boxes[$0].width } ?? 0, sup.map { boxes[$0].width } ?? 0)
            if let sub { offsets[sub] = (x + pairWidth - boxes[sub].width, -subShift); extend(sub, baseline: -subShift) }
            if let sup { offsets[sup] = (x + pairWidth - boxes[sup].width, superShift); extend(sup, baseline: superShift) }
            x += pairWidth
        }
        offsets[base] = (x, 0)
        x += baseBox.width
        var width = x
        for (sub, sup) in post {
            if let sub {
                offsets[sub] = (x - largeOpItalic, -subShift); extend(sub, baseline: -subShift)
                width = max(width, x - largeOpItalic + boxes[sub].width)
            }
            if let sup {
                offsets[sup] = (x + italic, superShift); extend(sup, baseline: superShift)
                width = max(width, x + italic + boxes[sup].width)
            }
            x = max(width, x)
            x += space
            width = x
        }
        box.width = max(width, x)
        boxes[node] = box
    }

    /// `mmultiscripts`: the base, pairs of postscripts, then `mprescripts` and pairs of prescripts (`none` for an
    /// empty place); laid out as a row when it is not of that form.
    mutating func layOutMultiscripts(_ node: Int, children: [Int]) {
        guard let base = children.first, formula.nodes[base].element != .mprescripts else {
            boxes[node] = layOutRow(node, children: children); return
        }
        var post: [(sub: Int?, sup: Int?)] = [], pre: [(sub: Int?, sup: Int?)] = []
        var scripts: [Int] = [], prescripts: [Int]? = nil
        for child in children.dropFirst() {
            if formula.nodes[child].element == .mprescripts {
                guard prescripts == nil else { boxes[node] = layOutRow(node, children: children); return }
                prescripts = []
                offsets[child] = (0, 0)
            } else if prescripts != nil {
                prescripts?.append(child)
            } else {
                scripts.append(child)
            }
        }
        guard scripts.count % 2 == 0, (prescripts?.count ?? 0) % 2 == 0 else {
            boxes[node] = layOutRow(node, children: children); return
        }
        func pairs(_ list: [Int]) -> [(sub: Int?, sup: Int?)] {
            stride(from: 0, to: list.count, by: 2).map { (list[$0], list[$0 + 1]) }
        }
        post = pairs(scripts)
        pre = pairs(prescripts ?? [])
        layOutScripts(node, base: base, post: post, pre: pre)
    }

    /// MathML Core's layout of `munder`, `mover`, `munderover`: limits and accents centred below and above the
    /// base; as scripts when the base is an operator with movablelimits in compact style.
    mutating func layOutUnderOver(_ node: Int, base: Int, under: Int?, over: Int?) {
        if usesScriptLayout(node) {
            layOutScripts(node, base: base, post: [(under, over)], pre: [])
            return
        }
        let scale = styles[node].scale, c = constants
        let baseBox = boxes[base]
        let largeOp = isLargeOperator(base)
        let stretchyBase = core[base] >= 0 && operators[Int(core[base])].map { $0.stretchy && $0.stretchesInline } == true
        let largeOpItalic = largeOp ? baseBox.italic : 0
        // Horizontal placement: centres aligned (an accent on its top accent attachment), the italic correction
        // of a large operator splitting the limits.
        var low = -baseBox.width / 2, high = baseBox.width / 2
        if let under {
            low = min(low, -boxes[under].width / 2 - largeOpItalic / 2)
            high = max(high, boxes[under].width / 2 - largeOpItalic / 2)
        }
        var overAttachment = 0.0
        if let over {
            overAttachment = boxes[over].topAccent ?? boxes[over].width / 2
            low = min(low, -overAttachment + largeOpItalic / 2)
            high = max(high, boxes[over].width - overAttachment + largeOpItalic / 2)
        }
        offsets[base] = (-low - baseBox.width / 2, 0)
        var box = MathBox(width: high - low, ascent: baseBox.ascent, descent: baseBox.descent)
        box.inkAscent = baseBox.inkAscent; box.inkDescent = baseBox.inkDescent
        box.italic = baseBox.italic
        if let under {
            let u = boxes[under]
            let (gapMin, shiftMin, extra): (Double, Double, Double) = largeOp ? (c.lowerLimitGapMin, c.lowerLimitBaselineDropMin, 0)
                : stretchyBase ? (c.stretchStackGapBelowMin, c.stretchStackBottomShiftDown, 0)
                : (isTrue("accentunder", of: node) ? 0 : c.underbarVerticalGap, 0, c.underbarExtraDescender)
            let shift = max(shiftMin * scale, gapMin * scale + u.inkAscent)
            let baseline = -(baseBox.inkDescent + shift)
            offsets[under] = (-low - u.width / 2 - largeOpItalic / 2, baseline)
            box.ascent = max(box.ascent, baseline + u.ascent)
            box.descent = max(box.descent, u.descent - baseline + extra * scale)
            box.inkDescent = max(box.inkDescent, u.inkDescent - baseline)
        }
        if let over {
            let o = boxes[over]
            var (gapMin, shiftMin, extra): (Double, Double, Double) = largeOp ? (c.upperLimitGapMin * scale, c.upperLimitBaselineRiseMin * scale, 0)
                : stretchyBase ? (c.stretchStackGapAboveMin * scale, c.stretchStackTopShiftUp * scale, 0)
                : (c.overbarVerticalGap * scale, 0, c.overbarExtraAscender * scale)
            let isAccent = !largeOp && !stretchyBase && isTrue("accent", of: node)
            if isAccent {
                // An accent's ink sits at least AccentBaseHeight above the base's baseline, on the base when it is
                // taller (MathML Core): for a short base, the accent's baseline meets the base's, as TeX sets it.
                gapMin = max(0, c.accentBaseHeight * scale - baseBox.inkAscent)
                shiftMin = -.infinity
            }
            let shift = max(shiftMin, gapMin + o.inkDescent)
            let baseline = baseBox.inkAscent + shift
            offsets[over] = (-low - overAttachment + largeOpItalic / 2, baseline)
            box.ascent = max(box.ascent, baseline + o.ascent + extra)
            box.descent = max(box.descent, o.descent - baseline)
            box.inkAscent = max(box.inkAscent, baseline + o.inkAscent)
        }
        if let accent = baseBox.topAccent { box.topAccent = accent + offsets[base].x }
        boxes[node] = box
    }
}
