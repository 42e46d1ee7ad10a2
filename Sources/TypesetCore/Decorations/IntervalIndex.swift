/// A static index of ranges answering "which ranges overlap this span?" in O(log n + k).
///
/// Entries are sorted by start; a max-end segment tree over that order prunes every subtree whose ranges all
/// end before the span or start after it. This is what keeps drawing a page independent of how many
/// decorations the book has: a page asks for its own range only. (A sorted array of starts alone would not do:
/// one long highlight early in the book would make every later query scan from it.) Written by hand: the
/// standard library has no interval structure and the project takes no package dependencies.
struct IntervalIndex: Sendable {
    /// Starts, ends and payloads, sorted by start (then end).
    private let starts: [Int]
    private let ends: [Int]
    private let payloads: [Int]
    /// `maxEnd[node]` for an implicit binary tree over the sorted entries: node 1 covers all, node `i` has
    /// children `2i` and `2i + 1`; leaves start at `leafBase`.
    private let maxEnd: [Int]
    private let leafBase: Int

    /// An empty index.
    init() { starts = []; ends = []; payloads = []; maxEnd = []; leafBase = 1 }

    /// Indexes `entries` (a range and a payload each, such as the entry's position in a list).
    init(_ entries: [(range: Range<Int>, payload: Int)]) {
        let sorted = entries.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        starts = sorted.map(\.range.lowerBound)
        ends = sorted.map(\.range.upperBound)
        payloads = sorted.map(\.payload)
        var base = 1
        while base < sorted.count { base <<= 1 }
        leafBase = base
        var tree = [Int](repeating: Int.min, count: 2 * base)
        for (i, end) in ends.enumerated() { tree[base + i] = end }
        var node = base - 1
        while node >= 1 { tree[node] = max(tree[2 * node], tree[2 * node + 1]); node -= 1 }
        maxEnd = tree
    }

    /// Number of entries.
    var count: Int { starts.count }

    /// Calls `body` with the payload of every entry overlapping `span` (`start < span.upper && end > span.lower`,
    /// so empty entries and empty spans never overlap anything), in start order.
    func forEachOverlapping(_ span: Range<Int>, _ body: (Int) -> Void) {
        guard !starts.isEmpty, !span.isEmpty else { return }
        // Entries starting at or after the span's end are out: find the first by binary search; only indices
        // before it are candidates.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < span.upperBound { low = mid + 1 } else { high = mid }
        }
        let limit = low
        guard limit > 0 else { return }
        // Depth-first over the tree, left to right, pruning subtrees that end too early or start too late.
        var stack: [(node: Int, lower: Int, upper: Int)] = [(1, 0, leafBase)]
        while let (node, lower, upper) = stack.popLast() {
            guard lower < limit, maxEnd[node] > span.lowerBound else { continue }
            if upper - lower == 1 {
                if starts[lower] < ends[lower] { body(payloads[lower]) }
                continue
            }
            let middle = (lower + upper) / 2
            stack.append((2 * node + 1, middle, upper))
            stack.append((2 * node, lower, middle))
        }
    }
}
