/// A book's own list of contents (`Contents` and its entries, one to a line or a block each): its entries are not
/// headings, and the lines later in the book that they name are, whatever their words (`The Old House` listed,
/// `THE OLD HOUSE` standing alone later).
extension ChapterDetector {
    /// A list of contents: its entries (``entryKey(_:)``), in order, and the first block after it.
    struct ContentsList {
        var entries: [String]
        var end: Int
    }

    /// The titles of a list of contents, as ``entryKey(_:)`` reads them.
    static let contentsTitles: Set<String> = [
        "contents", "table of contents", "list of contents", "inhalt", "inhaltsverzeichnis", "table des matières",
        "table des matieres", "table", "sommaire", "índice", "indice", "inhoud", "spis treści", "содержание",
        "оглавление", "目次", "目錄", "目录",
    ]

    /// The first units of ``contentsTitles`` in either case: a block whose first line starts otherwise is passed
    /// over without making a string.
    private static let contentsTitleStarts: Set<UInt16> = Set(contentsTitles.flatMap { title in
        [title.prefix(1).lowercased(), title.prefix(1).uppercased()].compactMap(\.utf16.first)
    })

    /// The lengths (UTF-16 units) of ``contentsTitles``.
    private static let contentsTitleLengths = Set(contentsTitles.map(\.utf16.count))

    /// The length of `units` without white space and `.` or `:` at its end.
    private static func trimmedLength(_ units: ArraySlice<UInt16>) -> Int {
        var end = units.endIndex
        while end > units.startIndex, [0x20, 0x09, 0x3000, 0x2E, 0x3A].contains(units[end - 1]) { end -= 1 }
        return end - units.startIndex
    }

    /// The most blank lines between two blocks of one list of contents.
    static let maximumContentsGap = 2

    /// Finds the lists of contents: a block opening with a contents title (the rest of it the entries), or a
    /// title alone and the blocks after it whose lines read as entries, up to a wider gap, a line of prose, or its
    /// first entry named again (the list ran into the heading it names first). Their blocks become `.contents`.
    func findContentsLists(_ blocks: inout [Block], layout: BookLayout) -> [ContentsList] {
        var lists: [ContentsList] = []
        var i = 0
        while i < blocks.count {
            let first = layout.lines[blocks[i].lines.lowerBound]
            let start = Self.textStart(first, layout.units).start
            guard first.columns <= 30, start < first.contentEnd, Self.contentsTitleStarts.contains(layout.units[start]),
                  Self.contentsTitleLengths.contains(Self.trimmedLength(layout.units[start..<first.contentEnd])),
                  Self.contentsTitles.contains(Self.entryKey(Self.text(first, layout.units))) else {
                i += 1
                continue
            }
            var entries: [String] = []
            var members = [i]
            var next = i + 1
            if blocks[i].lines.count > 1 {
                entries = blocks[i].lines.dropFirst().compactMap { Self.entry(layout.lines[$0], layout.units) }
            } else {
                collect: while next < blocks.count {
                    let block = blocks[next]
                    if !entries.isEmpty && block.lines.lowerBound - blocks[next - 1].lines.upperBound > Self.maximumContentsGap { break }
                    var keys: [String] = []
                    for line in block.lines {
                        guard let key = Self.entry(layout.lines[line], layout.units) else { break collect }
                        keys.append(key)
                    }
                    if keys.count == 1, keys[0] == entries.first { break }
                    entries += keys
                    members.append(next)
                    next += 1
                }
            }
            guard entries.count >= 2 else { i += 1; continue }
            for member in members { blocks[member].kind = .contents }
            lists.append(ContentsList(entries: entries, end: next))
            i = next
        }
        return lists
    }

    /// The key of a line that reads as an entry of a list of contents (80 columns at most, not starting in lower
    /// case nor ending like a sentence), or nil.
    private static func entry(_ line: SourceLine, _ units: [UInt16]) -> String? {
        guard line.columns <= 80, !line.isBlank else { return nil }
        let text = Self.text(line, units)
        guard let first = text.first, let last = text.last, !first.fastIsLowercase, !",;!?。".contains(last) else { return nil }
        let key = entryKey(text)
        return key.isEmpty ? nil : key
    }

    static func text(_ line: SourceLine, _ units: [UInt16]) -> String {
        CollapsedText.of(content(line, units))
    }

    /// A title as a list of contents and a heading are compared: lower case, a page number after dot leaders or a
    /// wide space dropped, dot leaders and punctuation at the ends dropped, white space collapsed
    /// (`CHAPTER I. The Old House . . . . 1` → `chapter i. the old house`).
    static func entryKey(_ text: String) -> String {
        asciiEntryKey(text) ?? characterEntryKey(text)
    }

    /// ``entryKey(_:)`` through Characters, for any text.
    static func characterEntryKey(_ text: String) -> String {
        var characters = Array(text.lowercased())
        // A page number at the end, after leaders or two spaces or more.
        var end = characters.count
        while end > 0, characters[end - 1].fastIsNumber { end -= 1 }
        if end < characters.count, end >= 2, ".·… _".contains(characters[end - 1]), ".·… _".contains(characters[end - 2]) {
            characters.removeSubrange(end...)
        }
        var words: [String] = []
        for word in String(characters).split(whereSeparator: \.fastIsWhitespace) where !word.allSatisfy({ ".·…_".contains($0) }) {
            words.append(String(word))
        }
        return words.joined(separator: " ").trimmingCharacters(".:;,-–—·… ")
    }

    /// ``entryKey(_:)`` of an ASCII title, by bytes (nil for any other): the same steps with the ASCII members of
    /// the same sets (leaders `.`, space and `_`; end punctuation `.:;,-` and space). Through Characters a key took
    /// 28 K instructions (War and Peace's 223 entries and lone lines, callgrind).
    static func asciiEntryKey(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes = text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        var end = bytes.count
        while end > 0, (0x30...0x39).contains(bytes[end - 1]) { end -= 1 }
        func isLeader(_ byte: UInt8) -> Bool { byte == 0x2E || byte == 0x20 || byte == 0x5F }
        if end < bytes.count, end >= 2, isLeader(bytes[end - 1]), isLeader(bytes[end - 2]) { bytes.removeSubrange(end...) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            while start < bytes.count, isSpace(bytes[start]) { start += 1 }
            var stop = start
            while stop < bytes.count, !isSpace(bytes[stop]) { stop += 1 }
            // A word of leaders only is dropped.
            if stop > start, !bytes[start..<stop].allSatisfy({ $0 == 0x2E || $0 == 0x5F }) {
                if !key.isEmpty { key.append(0x20) }
                key += bytes[start..<stop]
            }
            start = stop
        }
        func isTrimmed(_ byte: UInt8) -> Bool { [0x2E, 0x3A, 0x3B, 0x2C, 0x2D, 0x20].contains(byte) }
        guard let first = key.firstIndex(where: { !isTrimmed($0) }), let last = key.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(decoding: key[first...last], as: UTF8.self)
    }

    /// Lone lines after a list that its entries name, in the list's order (an entry not found is passed over,
    /// three at most at a time), become headings; a heading found otherwise that an entry names moves the
    /// list on.
    func matchContentsEntries(_ lists: [ContentsList], blocks: inout [Block], layout: BookLayout) {
        for list in lists {
            var next = 0
            var i = list.end
            while i < blocks.count, next < list.entries.count {
                defer { i += 1 }
                let window = list.entries[next..<min(next + 4, list.entries.count)]
                if case .heading(let heading, _, _, _) = blocks[i].kind {
                    let key = Self.entryKey(heading.text)
                    if let match = window.firstIndex(where: { $0 == key || $0.hasPrefix(key + " ") }) { next = match + 1 }
                    continue
                }
                guard case .prose = blocks[i].kind, let line = layout.lone[i], line.isTitleLike,
                      let match = window.firstIndex(of: Self.entryKey(line.text)) else { continue }
                let heading = HeadingLine(kind: .numbered, level: 2, text: line.text)
                blocks[i].kind = .heading(heading, taken: blocks[i].lines, title: nil, bodyFollows: false)
                next = match + 1
            }
        }
    }
}
