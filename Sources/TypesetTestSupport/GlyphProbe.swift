import TypesetCore

/// Where tests probe a glyph: the point inside it that a selection rectangle covering the glyph must hold, and
/// the characters it draws. Shared by the selection-coverage properties (one page mode or mixed modes).
public enum GlyphProbe {
    /// The characters glyph `index` of `run` draws: its cluster up to the run's next cluster (a ligature spans
    /// several graphemes; a selection may cover part of it, and then the glyph is not judged).
    public static func characters(_ run: GlyphRun, _ index: Int) -> Range<UTF16Offset> {
        let start = run.clusters[index]
        let end = run.clusters.filter { $0 > start }.min() ?? run.range.upperBound
        return start..<max(start, end)
    }

    /// A point inside glyph `index` of `run`: upright glyphs stand on their horizontal origin, centred on the
    /// column's axis; turned ones run down the page from theirs, their baseline on the axis' left.
    public static func midpoint(_ run: GlyphRun, _ index: Int) -> Point {
        switch run.orientation {
        case .horizontal: Point(x: run.positions[index].x + run.advances[index] / 2, y: run.positions[index].y - 1)
        case .upright: Point(x: run.baseline, y: run.positions[index].y - run.size * 0.38)
        case .rotated: Point(x: run.positions[index].x + 1, y: run.positions[index].y + run.advances[index] / 2)
        }
    }

    /// A random selection of a text `length` units long, its ends drawn independently from `generator`: nil when
    /// they fall together (an empty selection, which the coverage properties skip).
    public static func randomSelection(length: Int, using generator: inout some RandomNumberGenerator) -> Range<UTF16Offset>? {
        let a = Int.random(in: 0...max(0, length), using: &generator), b = Int.random(in: 0...max(0, length), using: &generator)
        return a == b ? nil : min(a, b)..<max(a, b)
    }

    /// What is wrong with how the selection of `range`, drawn as `rects`, covers glyph `index` of `run`: nil when
    /// the glyph is covered and inside the range, or uncovered and outside it, or straddles an end (not judged).
    public static func coverageProblem(_ run: GlyphRun, _ index: Int, range: Range<UTF16Offset>, rects: [Rect]) -> String? {
        let drawn = characters(run, index)
        let mid = midpoint(run, index), inside = isCovered(mid, by: rects)
        if range.lowerBound <= drawn.lowerBound && drawn.upperBound <= range.upperBound && !inside {
            return "\(range): glyph of \(drawn) at \(mid) not covered by \(rects)"
        }
        if (drawn.upperBound <= range.lowerBound || drawn.lowerBound >= range.upperBound) && inside {
            return "\(range): glyph of \(drawn) at \(mid) covered by \(rects)"
        }
        return nil
    }

    /// Whether `point` lies in one of `rects` (edges included).
    public static func isCovered(_ point: Point, by rects: [Rect]) -> Bool {
        rects.contains { $0.minX <= point.x && point.x <= $0.maxX && $0.minY <= point.y && point.y <= $0.maxY }
    }
}
