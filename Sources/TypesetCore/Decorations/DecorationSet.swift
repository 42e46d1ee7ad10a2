/// Every decoration group of one text, and the diffing `apply` that changes them.
///
/// ```swift
/// var decorations = DecorationSet(text: book)
/// let changes = decorations.apply(highlights.map {
///     Decoration(id: $0.id, range: $0.range, style: .highlight(tint: .yellow))
/// }, in: "highlights")
/// for problem in changes.problems { log(problem) }              // refused or widened, with the reason
/// let bitmap = try renderer.render(page: 3, of: layout, decorations: decorations)
/// ```
///
/// A value: it holds ranges and styles, never rectangles. Geometry, runs and hit tests take the ``BookLayout``
/// to measure against as an argument (see `DecorationSet+Geometry.swift`), so one set serves every layout of
/// its text (a new font size, page size or theme) and any number of them at once.
///
/// **Blend order.** Groups stack in the order they were first applied (the first group is at the bottom);
/// within a group, decorations stack in list order. Overlapping fills are composited source-over in that
/// order, so two overlapping 35 % highlights show a mix with the upper one dominant; hit testing runs the
/// same order backwards (the topmost group, then the last decoration in its list, wins).
public struct DecorationSet: Sendable {
    /// Checks targets against the text (bounds, surrogates, graphemes).
    public let resolver: TextRangeResolver
    /// The groups, bottom to top (in order of their first `apply`).
    public private(set) var groups: [DecorationGroup] = []

    /// An empty set for `text` (the whole document the offsets refer to).
    ///
    /// - Parameter segmenter: Grapheme segmentation (share the typesetter's, or let it make one).
    /// - Parameter text: The text the decorations' offsets refer to (a publication's ``Publication/text``).
    public init(text: StyledText, segmenter: GraphemeSegmenter = GraphemeSegmenter()) {
        resolver = TextRangeResolver(text: text, segmenter: segmenter)
    }

    /// An empty set for a publication's text, which also accepts Locator targets (stored highlights).
    public init(publication: Publication, segmenter: GraphemeSegmenter = GraphemeSegmenter()) {
        resolver = TextRangeResolver(publication: publication, segmenter: segmenter)
    }

    /// The group named `name`, if it was ever applied.
    public func group(named name: String) -> DecorationGroup? { groups.first { $0.name == name } }

    /// Whether no group holds a decoration.
    public var isEmpty: Bool { groups.allSatisfy { $0.count == 0 } }

    /// Declares the whole state of group `group`: afterwards it holds exactly the acceptable decorations of the
    /// list, in list order. Other groups are untouched. Apply `[]` to clear a group.
    ///
    /// Each decoration is resolved and checked (``TextRangeResolver``): out-of-bounds, empty and
    /// surrogate-splitting ranges and repeated ids are refused, grapheme-splitting ranges are widened; every
    /// such case is reported in ``DecorationChanges/problems`` with its reason. A refused decoration whose id
    /// was in the group before is removed (and listed in ``DecorationChanges/removed``): the group always
    /// shows what the list says, never a stale version of it.
    ///
    /// - Returns: What changed, by id: added, removed, changed (with `isMove` when the range changed).
    ///   Reordering alone is not a change, though it changes the blend order.
    @discardableResult
    public mutating func apply(_ decorations: [Decoration], in group: String) -> DecorationChanges {
        var changes = DecorationChanges()
        var accepted: [Decoration] = [], ranges: [Range<UTF16Offset>] = []
        var seen = Set<String>()
        for (i, decoration) in decorations.enumerated() {
            guard seen.insert(decoration.id).inserted else {
                changes.problems.append(DecorationProblem(id: decoration.id, index: i, reason: .duplicateID(decoration.id), outcome: .rejected))
                continue
            }
            switch resolver.resolve(decoration.target) {
            case .exact(let range):
                accepted.append(decoration); ranges.append(range)
            case .adjusted(let range, let reason):
                changes.problems.append(DecorationProblem(id: decoration.id, index: i, reason: reason, outcome: .adjusted(to: range)))
                accepted.append(decoration); ranges.append(range)
            case .rejected(let reason):
                changes.problems.append(DecorationProblem(id: decoration.id, index: i, reason: reason, outcome: .rejected))
            }
        }
        let position = groups.firstIndex { $0.name == group } ?? {
            groups.append(DecorationGroup(name: group))
            return groups.count - 1
        }()
        let old = groups[position]
        for (decoration, range) in zip(accepted, ranges) {
            guard let previous = old.decoration(id: decoration.id), let previousRange = old.range(id: decoration.id) else {
                changes.added.append(decoration)
                continue
            }
            if previous != decoration || previousRange != range {
                changes.changed.append(DecorationChanges.Change(old: previous, new: decoration, isMove: previousRange != range))
            }
        }
        let kept = Set(accepted.map(\.id))
        changes.removed = old.decorations.filter { !kept.contains($0.id) }
        groups[position].replace(with: accepted, ranges: ranges)
        return changes
    }

    /// Applies marks as group `group`: each highlight becomes a ``DecorationStyle/highlight(tint:isActive:)``
    /// decoration with the mark's id; bookmarks are checked (a bad position is reported like a bad range) but
    /// draw nothing, so they are not part of the group.
    @discardableResult
    public mutating func apply(marks: [Mark], in group: String) -> DecorationChanges {
        var problems: [DecorationProblem] = []
        for (i, mark) in marks.enumerated() where mark.decoration == nil {
            switch resolver.resolve(mark.range, allowsEmpty: true) {
            case .exact: break
            case .adjusted(let range, let reason): problems.append(DecorationProblem(id: mark.id, index: i, reason: reason, outcome: .adjusted(to: range)))
            case .rejected(let reason): problems.append(DecorationProblem(id: mark.id, index: i, reason: reason, outcome: .rejected))
            }
        }
        // Problems keep the index of the mark in the list given here.
        let highlights = marks.enumerated().compactMap { i, mark in mark.decoration.map { (i, $0) } }
        var changes = apply(highlights.map(\.1), in: group)
        for k in changes.problems.indices {
            if let index = changes.problems[k].index { changes.problems[k].index = highlights[index].0 }
        }
        changes.problems = (changes.problems + problems).sorted { ($0.index ?? 0) < ($1.index ?? 0) }
        return changes
    }
}
