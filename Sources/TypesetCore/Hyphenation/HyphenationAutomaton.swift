internal import CHyphen

/// libhyphen's dictionary (`HyphenDict`: a pattern automaton per level) built from a ``HyphenationPatternFile`` by
/// Typeset rather than by `hnj_hyphen_load`, in one block of memory this object owns.
///
/// libhyphen's loader finds each state through a hash table of fixed size (31,627 buckets) and compares strings
/// along its chains: the German patterns (280,000 states) took over two seconds and 50 MB to load. Here the states
/// are the nodes of a trie built in one pass over the patterns, and each state's fallback (the longest proper
/// suffix of its string that is also a state, what libhyphen's loader computes by hash lookups) comes from one
/// breadth-first walk, as Aho and Corasick's failure links do: 50 ms for the German patterns. The states, transitions, matches and replacements
/// are then written once into a single block, laid out as libhyphen's own structures, so that its matcher
/// (`hnj_hyphen_hyphenate2`, which only reads them) runs on it unchanged. Every level is stored in UTF-8 (the file's
/// charset decoded first), so words are always passed in UTF-8 and libhyphen reports positions per character.
final class HyphenationAutomaton: @unchecked Sendable {
    /// The top level, as `hnj_hyphen_load` would return it.
    let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The block holding every structure and string the dictionary points to.
    private let block: UnsafeMutableRawPointer
    /// Bytes in ``block``.
    let byteCount: Int
    /// States of every level.
    let stateCount: Int

    // @unchecked Sendable: the block is written only here, in `init`, and only read afterwards (libhyphen's
    // matcher allocates its scratch per call and keeps no state).

    init(_ file: HyphenationPatternFile) {
        // libhyphen's layout of the levels: a file with NEXTLEVEL has its two levels in order; a file without one
        // gets a first level that only breaks at hyphens and apostrophes, over the file's patterns as the second.
        var levels = file.levels.map(LevelBuilder.init)
        if levels.count == 1 {
            var first = HyphenationPatternFile.Level()
            first.noHyphen = ["'", "\u{2013}", "\u{2019}", "-"].map { Array($0.utf8) }
            for separator in ["-", "'", "\u{2013}", "\u{2019}"] {
                let letters = Array(separator.utf8)
                first.add(letters: letters, digits: [UInt8(ascii: "1")] + Array(repeating: UInt8(ascii: "0"), count: letters.count - 1)
                                                    + [UInt8(ascii: "1")])
            }
            let second = file.levels[0]
            first.leftMinimum = second.leftMinimum
            first.rightMinimum = second.rightMinimum
            first.compoundLeftMinimum = second.compoundLeftMinimum != 0 ? second.compoundLeftMinimum
                : second.leftMinimum != 0 ? second.leftMinimum : 3
            first.compoundRightMinimum = second.compoundRightMinimum != 0 ? second.compoundRightMinimum
                : second.rightMinimum != 0 ? second.rightMinimum : 3
            levels.insert(LevelBuilder(first), at: 0)
        }

        // The block: the dictionaries, the states, the transitions, then the strings.
        func aligned(_ n: Int) -> Int { (n + 15) & ~15 }
        let dictionaryBytes = aligned(levels.count * MemoryLayout<HyphenDict>.stride)
        let states = levels.reduce(0) { $0 + $1.nodeCount }
        let transitions = levels.reduce(0) { $0 + $1.nodeCount - 1 }
        let stateBytes = aligned(states * MemoryLayout<HyphenState>.stride)
        let transitionBytes = aligned(transitions * MemoryLayout<HyphenTrans>.stride)
        let stringBytes = levels.reduce(0) { $0 + $1.strings.count }
        byteCount = dictionaryBytes + stateBytes + transitionBytes + stringBytes
        stateCount = states
        block = UnsafeMutableRawPointer.allocate(byteCount: max(1, byteCount), alignment: 16)
        let dictionaries = block.bindMemory(to: HyphenDict.self, capacity: levels.count)
        let stateBase = (block + dictionaryBytes).bindMemory(to: HyphenState.self, capacity: states)
        let transitionBase = (block + dictionaryBytes + stateBytes).bindMemory(to: HyphenTrans.self, capacity: transitions)
        let stringBase = (block + dictionaryBytes + stateBytes + transitionBytes).bindMemory(to: CChar.self, capacity: stringBytes)

        var nextState = 0, nextTransition = 0, nextString = 0
        for (index, level) in levels.enumerated() {
            let strings = stringBase + nextString
            level.strings.withUnsafeBufferPointer { source in
                for (i, byte) in source.enumerated() { strings[i] = CChar(bitPattern: byte) }
            }
            nextString += level.strings.count
            let levelStates = stateBase + nextState
            nextState += level.nodeCount
            for node in 0..<level.nodeCount {
                let count = Int(level.childCount[node])
                let trans = count == 0 ? nil : transitionBase + nextTransition
                var child = level.firstChild[node]
                var k = 0
                while child >= 0 {
                    trans?[k] = HyphenTrans(ch: CChar(bitPattern: level.edgeByte[Int(child)]), new_state: child)
                    k += 1
                    child = level.nextSibling[Int(child)]
                }
                nextTransition += count
                let match = level.match[node]
                let pattern = match >= 0 ? level.matches[Int(match)] : nil
                levelStates[node] = HyphenState(
                    match: pattern.map { strings + $0.match } ,
                    repl: pattern.flatMap { $0.replacement.map { strings + $0 } },
                    replindex: pattern?.replacementIndex ?? 0, replcut: pattern?.replacementCut ?? 0,
                    fallback_state: -1, num_trans: Int32(count), trans: trans)
            }
            Self.setFallbacks(levelStates, count: level.nodeCount, rootChild: UnsafeBufferPointer(level.rootChild))
            var dictionary = HyphenDict()
            dictionary.lhmin = CChar(truncatingIfNeeded: level.level.leftMinimum)
            dictionary.rhmin = CChar(truncatingIfNeeded: level.level.rightMinimum)
            dictionary.clhmin = CChar(truncatingIfNeeded: level.level.compoundLeftMinimum)
            dictionary.crhmin = CChar(truncatingIfNeeded: level.level.compoundRightMinimum)
            dictionary.nohyphen = level.noHyphen.map { strings + $0.offset }
            dictionary.nohyphenl = Int32(max(0, (level.noHyphen?.count ?? 1) - 1))
            dictionary.num_states = Int32(level.nodeCount)
            withUnsafeMutableBytes(of: &dictionary.cset) { cset in
                for (i, byte) in "UTF-8".utf8.enumerated() { cset[i] = byte }
            }
            dictionary.utf8 = 1
            dictionary.states = levelStates
            dictionary.nextlevel = index + 1 < levels.count ? dictionaries + index + 1 : nil
            (dictionaries + index).initialize(to: dictionary)
        }
        dictionary = dictionaries
    }

    deinit { block.deallocate() }

    /// Sets each state's fallback: the longest proper suffix of its string that is a state (-1 for the root).
    /// Breadth first, from the parent's fallback, as Aho and Corasick's failure links; transitions are read from
    /// the states' contiguous arrays (the root's through a table by byte: most walks end there).
    private static func setFallbacks(_ states: UnsafeMutablePointer<HyphenState>, count: Int, rootChild: UnsafeBufferPointer<Int32>) {
        @inline(__always) func child(_ node: Int32, _ byte: CChar) -> Int32 {
            if node == 0 { return rootChild[Int(UInt8(bitPattern: byte))] }
            let state = states[Int(node)]
            for k in 0..<Int(state.num_trans) where state.trans[k].ch == byte { return state.trans[k].new_state }
            return -1
        }
        states[0].fallback_state = -1
        var queue = [Int32](repeating: 0, count: count)
        queue.withUnsafeMutableBufferPointer { queue in
            var head = 0, tail = 1
            while head < tail {
                let node = Int(queue[head])
                head += 1
                let state = states[node]
                for k in 0..<Int(state.num_trans) {
                    let byte = state.trans[k].ch, next = state.trans[k].new_state
                    var candidate = state.fallback_state
                    var target: Int32 = 0
                    while candidate >= 0 {
                        let found = child(candidate, byte)
                        if found >= 0 { target = found; break }
                        candidate = states[Int(candidate)].fallback_state
                    }
                    states[Int(next)].fallback_state = target
                    queue[tail] = next
                    tail += 1
                }
            }
        }
    }

    /// One level's trie, with what each node's state needs, before it is written into the block. The node arrays
    /// are allocated once for the most nodes the patterns can make (one per byte of letters, and the root) and
    /// written through pointers, by a loop that keeps its counts and strings in local variables: appending to
    /// arrays, and reaching a class's stored properties (an exclusivity check each), were most of the work.
    private final class LevelBuilder {
        let level: HyphenationPatternFile.Level
        /// Per node: its first child and next sibling (-1 for none), the byte of the edge into it, its number of
        /// children and the index of its match in ``matches`` (-1 for none).
        let firstChild: UnsafeMutableBufferPointer<Int32>
        let nextSibling: UnsafeMutableBufferPointer<Int32>
        let edgeByte: UnsafeMutableBufferPointer<UInt8>
        let childCount: UnsafeMutableBufferPointer<Int32>
        let match: UnsafeMutableBufferPointer<Int32>
        /// The root's children by byte (the root has the most children, and most fallback walks end there).
        let rootChild: UnsafeMutableBufferPointer<Int32>
        let nodeCount: Int
        /// Offsets into ``strings`` (NUL-terminated) of a pattern's digits and replacement.
        let matches: [(match: Int, replacement: Int?, replacementIndex: Int8, replacementCut: Int8)]
        let strings: [UInt8]
        let noHyphen: (offset: Int, count: Int)?

        init(_ level: HyphenationPatternFile.Level) {
            self.level = level
            let capacity = 1 + level.patterns.reduce(0) { $0 + $1.word.count }
            let firstChild = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
            let nextSibling = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
            let edgeByte = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            let childCount = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
            let match = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
            let rootChild = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 256)
            rootChild.initialize(repeating: -1)
            firstChild[0] = -1; nextSibling[0] = -1; edgeByte[0] = 0; childCount[0] = 0; match[0] = -1
            var nodeCount = 1
            var matches: [(match: Int, replacement: Int?, replacementIndex: Int8, replacementCut: Int8)] = []
            var strings: [UInt8] = []
            matches.reserveCapacity(level.patterns.count)
            strings.reserveCapacity(level.bytes.count)

            // The state of `word`, made with its prefixes where missing: the existing path is followed, and the
            // rest (whose nodes are all new, so none has a child to look for) appended.
            func node(for word: Slice<UnsafeBufferPointer<UInt8>>) -> Int32 {
                var node: Int32 = 0
                var index = word.startIndex
                while index < word.endIndex {
                    let byte = word[index]
                    var child = rootChild[Int(byte)]
                    if node != 0 {
                        child = firstChild[Int(node)]
                        while child >= 0 && edgeByte[Int(child)] != byte { child = nextSibling[Int(child)] }
                    }
                    guard child >= 0 else { break }
                    node = child
                    index += 1
                }
                while index < word.endIndex {
                    let byte = word[index]
                    let next = Int32(nodeCount)
                    nodeCount += 1
                    firstChild[Int(next)] = -1
                    nextSibling[Int(next)] = firstChild[Int(node)]
                    edgeByte[Int(next)] = byte
                    childCount[Int(next)] = 0
                    match[Int(next)] = -1
                    firstChild[Int(node)] = next
                    childCount[Int(node)] += 1
                    if node == 0 { rootChild[Int(byte)] = next }
                    node = next
                    index += 1
                }
                return node
            }

            // A pattern's state and match, as `hnj_hyphen_load_line` sets them: leading zeros dropped from a
            // standard pattern's digits; a non-standard one's replacement index and cut from characters into bytes.
            level.bytes.withUnsafeBufferPointer { bytes in
                for pattern in level.patterns where !pattern.word.isEmpty {
                    let word = bytes[Int(pattern.word.lowerBound)..<Int(pattern.word.upperBound)]
                    let state = node(for: word)
                    var digits = bytes[Int(pattern.digits.lowerBound)..<Int(pattern.digits.upperBound)]
                    var replacement: Int?
                    var index = pattern.replacementIndex, cut = pattern.replacementCut
                    if let text = pattern.replacement {
                        let dotted = word.first == UInt8(ascii: ".")
                        if dotted { digits = digits.dropFirst() }
                        var unicode = -1, start = -1
                        var byte = dotted ? 1 : 0
                        while byte < word.count + 1 {
                            // A byte that is not a UTF-8 continuation starts a character (the terminating NUL too).
                            if byte == word.count || word[word.startIndex + byte] & 0xC0 != 0x80 { unicode += 1 }
                            if start < 0 && Int(index) == unicode { start = Int(index); index = Int8(truncatingIfNeeded: byte) }
                            if start >= 0 && unicode - start == Int(cut) { cut = Int8(truncatingIfNeeded: byte - Int(index)); break }
                            byte += 1
                        }
                        if dotted { index -= 1 }
                        replacement = strings.count
                        strings += bytes[Int(text.lowerBound)..<Int(text.upperBound)]
                        strings.append(0)
                    } else {
                        while let first = digits.first, first == UInt8(ascii: "0") { digits = digits.dropFirst() }
                    }
                    if cut == 0 { cut = Int8(truncatingIfNeeded: word.count) }
                    let offset = strings.count
                    strings += digits
                    strings.append(0)
                    match[Int(state)] = Int32(matches.count)
                    matches.append((offset, replacement, index, cut))
                }
            }
            if let items = level.noHyphen {
                noHyphen = (strings.count, items.count)
                for item in items { strings += item + [0] }
            } else {
                noHyphen = nil
            }
            self.firstChild = firstChild; self.nextSibling = nextSibling; self.edgeByte = edgeByte
            self.childCount = childCount; self.match = match; self.rootChild = rootChild
            self.nodeCount = nodeCount; self.matches = matches; self.strings = strings
        }

        deinit {
            firstChild.deallocate(); nextSibling.deallocate(); edgeByte.deallocate(); childCount.deallocate(); match.deallocate()
            rootChild.deallocate()
        }
    }
}
