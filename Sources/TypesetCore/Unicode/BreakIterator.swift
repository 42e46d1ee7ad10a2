internal import CICU

/// Owner of one ICU break iterator (`UBreakIterator`), reused across texts with ``setText(_:)``.
///
/// Not thread-safe: each worker owns its own. The text passed to ``setText(_:)`` is copied into the owner, so
/// ICU never sees memory that Swift might move or free.
final class BreakIterator {
    /// Kinds of boundaries (UAX #29 and UAX #14).
    enum Kind: Int32 {
        case character = 0, word = 1, line = 2, sentence = 3
    }

    let kind: Kind
    private let raw: OpaquePointer
    private var storage: UnsafeMutableBufferPointer<UInt16>
    private(set) var length: Int = 0

    /// Opens an iterator for `locale` (nil: ICU's root rules, whatever the process locale). Nil when ICU cannot open one.
    init?(_ kind: Kind, locale: String? = nil) {
        // "" is ICU's root locale; NULL would be ICU's default locale, which ICU takes from LANG/LC_ALL.
        let opened = (locale ?? "").withCString { CICU_breakIteratorOpen(kind.rawValue, $0) }
        guard let opened else { return nil }
        self.kind = kind
        self.raw = opened
        self.storage = UnsafeMutableBufferPointer.allocate(capacity: 16)
    }

    deinit {
        CICU_breakIteratorClose(raw)
        storage.deallocate()
    }

    /// Points the iterator at a copy of `units`.
    func setText<C: Collection>(_ units: C) where C.Element == UInt16 {
        if units.count > storage.count {
            storage.deallocate()
            storage = UnsafeMutableBufferPointer.allocate(capacity: max(units.count, storage.count * 2))
        }
        _ = storage.initialize(fromContentsOf: units)
        length = units.count
        _ = CICU_breakIteratorSetText(raw, storage.baseAddress, Int32(length))
    }

    /// The first boundary after `offset`, or nil at the end.
    func following(_ offset: Int) -> Int? {
        let next = CICU_breakIteratorFollowing(raw, Int32(offset))
        return next == CICU_BREAK_DONE ? nil : Int(next)
    }

    /// The last boundary before `offset`, or nil at the start.
    func preceding(_ offset: Int) -> Int? {
        let previous = CICU_breakIteratorPreceding(raw, Int32(offset))
        return previous == CICU_BREAK_DONE ? nil : Int(previous)
    }

    /// Whether `offset` is a boundary (0 and the length always are).
    func isBoundary(_ offset: Int) -> Bool { CICU_breakIteratorIsBoundary(raw, Int32(offset)) != 0 }

    /// Calls `body` with every boundary after 0, in order, with the rule-status flag (for a line iterator:
    /// whether the break is mandatory; for a word iterator: whether the segment before it is a word).
    func forEachBoundary(_ body: (_ offset: Int, _ flag: Bool) -> Void) {
        _ = CICU_breakIteratorFirst(raw)
        // Boundaries come from ICU in batches (one call per batch rather than two per boundary).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { batch in
            guard let base = batch.baseAddress else { return }
            while true {
                let count = Int(CICU_breakIteratorNextBatch(raw, kind.rawValue, base, Int32(batch.count)))
                if count == 0 { return }
                for i in 0..<count { body(Int(batch[i] >> 1), batch[i] & 1 != 0) }
            }
        }
    }

    /// Every boundary after 0, in order.
    func boundaries() -> [Int] {
        var result: [Int] = []
        forEachBoundary { offset, _ in result.append(offset) }
        return result
    }
}

/// The ICU version in use, for diagnostics.
public var icuVersion: String { String(cString: CICU_version()) }
