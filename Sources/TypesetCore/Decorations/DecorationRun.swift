/// A stretch of text with one text style and one stack of decorations: the text's own attribute runs split
/// further at every decoration boundary. What the renderer draws decorations from.
public struct DecorationRun: Hashable, Sendable {
    /// The document range, never empty.
    public var range: Range<UTF16Offset>
    /// The text's own style over the range (``TextStyle/body`` over paragraph separators).
    public var textStyle: TextStyle
    /// The decorations covering the whole range, bottom first (the blend order of ``DecorationSet``); empty
    /// where nothing is decorated.
    public var layers: [DecorationLayer]

    /// Creates a run.
    public init(range: Range<UTF16Offset>, textStyle: TextStyle, layers: [DecorationLayer]) {
        self.range = range; self.textStyle = textStyle; self.layers = layers
    }
}

/// One decoration in a run's stack.
public struct DecorationLayer: Hashable, Sendable {
    /// The group's name.
    public var group: String
    /// The decoration's id in that group.
    public var id: String
    /// How it is drawn.
    public var style: DecorationStyle

    /// Creates a layer.
    public init(group: String, id: String, style: DecorationStyle) { self.group = group; self.id = id; self.style = style }
}

extension DecorationSet {
    /// One decoration found in a span, with its blend position.
    struct Found {
        var group: Int
        var item: Int
        var range: Range<UTF16Offset>
    }

    /// The decorations overlapping `span`, in blend order (bottom first). O(groups × log n + k).
    func decorations(overlapping span: Range<UTF16Offset>) -> [Found] {
        var found: [Found] = []
        for (g, group) in groups.enumerated() {
            var items: [Int] = []
            group.index.forEachOverlapping(span) { items.append($0) }
            items.sort()
            for item in items { found.append(Found(group: g, item: item, range: group.ranges[item])) }
        }
        return found
    }

    /// The runs covering `span` (clamped to the text): the text's attribute runs, split at every decoration
    /// boundary inside the span, each with its stack of decorations; neighbours with the same style and stack are
    /// merged. Costs O(log n + k) lookups plus the runs themselves, whatever the number of decorations elsewhere.
    public func runs(in span: Range<UTF16Offset>) -> [DecorationRun] {
        let text = resolver.text
        let lower = max(0, span.lowerBound), upper = min(text.length, span.upperBound)
        guard lower < upper, var p = text.paragraphIndex(containing: lower) else { return [] }
        let found = decorations(overlapping: lower..<upper)
        // Text style pieces of the span, in document offsets.
        var pieces: [(range: Range<UTF16Offset>, style: TextStyle)] = []
        while p < text.paragraphs.count, text.paragraphs[p].range.lowerBound < upper {
            let paragraph = text.paragraphs[p]
            let base = paragraph.range.lowerBound
            var cursor = base
            func add(_ to: UTF16Offset, _ style: TextStyle) {
                let a = max(cursor, lower), b = min(to, upper)
                if a < b { pieces.append((a..<b, style)) }
                cursor = max(cursor, to)
            }
            // Only the runs over the span (sorted: a search for the first), so a page of a paragraph of many runs
            // does not pass over all of them.
            let runs = paragraph.runs
            for run in runs[runs.partitioningIndex { base + $0.range.upperBound > lower }...] {
                if base + run.range.lowerBound >= upper { break }
                add(base + run.range.lowerBound, .body)
                add(base + run.range.upperBound, run.style)
            }
            add(paragraph.range.upperBound, .body)
            p += 1
        }
        // Split each piece at decoration boundaries.
        var cuts = Set<UTF16Offset>()
        for f in found {
            if f.range.lowerBound > lower && f.range.lowerBound < upper { cuts.insert(f.range.lowerBound) }
            if f.range.upperBound > lower && f.range.upperBound < upper { cuts.insert(f.range.upperBound) }
        }
        let sortedCuts = cuts.sorted()
        var runs: [DecorationRun] = []
        var c = 0
        for piece in pieces {
            var start = piece.range.lowerBound
            while c < sortedCuts.count, sortedCuts[c] <= start { c += 1 }
            var k = c
            while start < piece.range.upperBound {
                let end = k < sortedCuts.count && sortedCuts[k] < piece.range.upperBound ? sortedCuts[k] : piece.range.upperBound
                let layers = found.filter { $0.range.lowerBound <= start && $0.range.upperBound >= end }.map { f in
                    let group = groups[f.group]
                    return DecorationLayer(group: group.name, id: group.decorations[f.item].id, style: group.decorations[f.item].style)
                }
                if let last = runs.last, last.range.upperBound == start, last.textStyle == piece.style, last.layers == layers {
                    runs[runs.count - 1].range = last.range.lowerBound..<end
                } else {
                    runs.append(DecorationRun(range: start..<end, textStyle: piece.style, layers: layers))
                }
                start = end
                k += 1
            }
        }
        return runs
    }
}
