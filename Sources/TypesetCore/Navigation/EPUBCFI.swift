/// An EPUB Canonical Fragment Identifier (EPUB CFI 1.1): `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)`,
/// parsed into its steps, or written back canonically.
///
/// The grammar read is the specification's: steps `/N` (even for elements, odd for the text between them), each
/// with an optional id assertion `[id]`; `!` steps into the document a step names (the package's spine item into
/// its content document); a terminal character offset `:N` with an optional text assertion and side bias
/// `[before,after;s=b]`; temporal `~T` and spatial `@x:y` offsets; a range `parent,start,end`; `^` escapes the
/// characters the grammar uses (`^[`, `^]`, `^,`, `^;`, `^(`, `^)`, `^^`). Whitespace is not allowed outside
/// assertions. Nothing here knows a document: resolving against a book is the document reader's
/// (``Publication/offset(ofCFI:)``).
public struct EPUBCFI: Hashable, Sendable, CustomStringConvertible {
    /// One step: its index among its parent's children (elements even, text chunks odd, from 1) and the id it
    /// asserts, if any.
    public struct Step: Hashable, Sendable {
        /// The child index.
        public var index: Int
        /// `[id]`: the id the step's element should have.
        public var assertion: String?

        /// Creates a step.
        public init(index: Int, assertion: String? = nil) { self.index = index; self.assertion = assertion }
    }

    /// A path: its steps, split where `!` steps into another document, and the terminal offset.
    public struct Path: Hashable, Sendable {
        /// The steps of each document in turn (the package's, then the content document's...).
        public var documents: [[Step]]
        /// `:N`: a character offset in the text node the last step names (UTF-16 units of the node's text, as the DOM
        /// counts them).
        public var characterOffset: Int?
        /// The text assertion and side bias of the offset (`2^[1^]`, `xx,y`, `yyy;s=b`), unescaped but for an escaped
        /// comma or semicolon, which stay escaped (`^,`) so that the separators keep their meaning.
        public var offsetAssertion: String?
        /// `~T` and `@x:y`, as written.
        public var temporalSpatial: String?

        /// Creates a path.
        public init(documents: [[Step]], characterOffset: Int? = nil, offsetAssertion: String? = nil, temporalSpatial: String? = nil) {
            self.documents = documents; self.characterOffset = characterOffset
            self.offsetAssertion = offsetAssertion; self.temporalSpatial = temporalSpatial
        }
    }

    /// The path (for a range, its common parent).
    public var path: Path
    /// A range's start and end, relative to ``path``; nil for a location.
    public var range: (start: Path, end: Path)? {
        get { rangeStorage.map { ($0[0], $0[1]) } }
        set { rangeStorage = newValue.map { [$0.start, $0.end] } }
    }
    private var rangeStorage: [Path]?

    /// Creates a location (or, with `range`, a range under `path`).
    public init(path: Path, range: (start: Path, end: Path)? = nil) {
        self.path = path
        self.rangeStorage = range.map { [$0.start, $0.end] }
    }

    /// The longest identifier parsed, in characters: a CFI is a short address, and the parser's cost stays bounded.
    public static let maximumLength = 4_096

    /// Parses `epubcfi(...)`, or the bare expression inside it; nil for anything the grammar does not allow.
    public init?(_ string: String) {
        var text = Substring(string)
        if text.hasPrefix("epubcfi(") {
            guard text.hasSuffix(")") else { return nil }
            text = text.dropFirst("epubcfi(".count).dropLast()
        }
        guard !text.isEmpty, text.count <= Self.maximumLength else { return nil }
        var parser = Parser(Array(text.unicodeScalars))
        guard let path = parser.path() else { return nil }
        self.path = path
        if parser.peek == "," {
            parser.position += 1
            guard let start = parser.path(), parser.peek == "," else { return nil }
            parser.position += 1
            guard let end = parser.path() else { return nil }
            rangeStorage = [start, end]
        } else {
            rangeStorage = nil
        }
        guard parser.isAtEnd else { return nil }
    }

    /// `epubcfi(...)`, canonically written.
    public var description: String {
        var text = Self.write(path)
        if let range { text += "," + Self.write(range.start) + "," + Self.write(range.end) }
        return "epubcfi(" + text + ")"
    }

    /// The content document's part (after the first `!`), as Readium's `partialCfi` carries it: `/4/2/8/6[p12]:3`.
    public var partialDescription: String? {
        guard path.documents.count > 1 else { return nil }
        var rest = path
        rest.documents.removeFirst()
        return Self.write(rest)
    }

    static func write(_ path: Path) -> String {
        var text = path.documents.map { steps in
            steps.map { "/\($0.index)" + ($0.assertion.map { "[" + escaped($0) + "]" } ?? "") }.joined()
        }.joined(separator: "!")
        if let offset = path.characterOffset { text += ":\(offset)" }
        if let assertion = path.offsetAssertion { text += "[" + escapedTextAssertion(assertion) + "]" }
        if let other = path.temporalSpatial { text += other }
        return text
    }

    static func escaped(_ value: String, keepingSemicolon: Bool = false) -> String {
        var out = ""
        for character in value {
            if "^[](),".contains(character) || (!keepingSemicolon && character == ";") { out.append("^") }
            out.append(character)
        }
        return out
    }

    /// A text assertion written back: brackets, parentheses and a circumflex escaped, except the circumflex of an
    /// escaped comma or semicolon (kept so by the parser) and the separators themselves.
    static func escapedTextAssertion(_ value: String) -> String {
        var out = ""
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            if "[]()".contains(character) { out.append("^") }
            if character == "^", !(index + 1 < characters.count && ",;".contains(characters[index + 1])) { out.append("^") }
            out.append(character)
        }
        return out
    }

    /// A hand-written recursive-descent parser over the grammar's scalars; it never recurses (a path is a loop of
    /// steps), so its cost is linear in the identifier.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func integer() -> Int? {
            let start = position
            while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
            guard position > start, position - start <= 9 else { return nil }
            // No leading zeros but "0" itself.
            if scalars[start] == "0" && position - start > 1 { return nil }
            return Int(String(String.UnicodeScalarView(scalars[start..<position])))
        }

        /// `[...]` with `^` escapes, unescaped; nil for an unclosed or empty one. A text assertion
        /// (`separators`) may hold unescaped commas and semicolons (`[xx,y;s=b]`), and keeps `^,` and `^;` escaped.
        mutating func assertion(separators: Bool = false) -> String? {
            guard peek == "[" else { return nil }
            position += 1
            var value = String.UnicodeScalarView()
            while let scalar = peek, scalar != "]" {
                if scalar == "^" {
                    position += 1
                    guard let escaped = peek else { return nil }
                    if separators && (escaped == "," || escaped == ";") { value.append("^") }
                    value.append(escaped)
                } else if (separators ? "[()" : "[(),").unicodeScalars.contains(scalar) {
                    return nil
                } else {
                    value.append(scalar)
                }
                position += 1
            }
            guard peek == "]", !value.isEmpty else { return nil }
            position += 1
            return String(value)
        }

        mutating func path() -> Path? {
            var documents: [[Step]] = [[]]
            while peek == "/" || peek == "!" {
                if peek == "!" {
                    guard !(documents.last ?? []).isEmpty else { return nil }
                    position += 1
                    documents.append([])
                    guard peek == "/" else { return nil }
                    continue
                }
                position += 1
                guard let index = integer() else { return nil }
                var step = Step(index: index)
                if peek == "[" {
                    guard let id = assertion() else { return nil }
                    step.assertion = id
                }
                documents[documents.count - 1].append(step)
            }
            var path = Path(documents: documents)
            if peek == ":" {
                position += 1
                guard let offset = integer() else { return nil }
                path.characterOffset = offset
                if peek == "[" {
                    guard let value = assertion(separators: true) else { return nil }
                    path.offsetAssertion = value
                }
            }
            if peek == "~" || peek == "@" {
                let start = position
                while let scalar = peek, "~@:.0123456789".unicodeScalars.contains(scalar) { position += 1 }
                path.temporalSpatial = String(String.UnicodeScalarView(scalars[start..<position]))
            }
            let empty = documents == [[]] && path.characterOffset == nil && path.temporalSpatial == nil
            guard !empty else { return nil }
            guard documents.last?.isEmpty == false || path.characterOffset != nil || documents.count == 1 else { return nil }
            return path
        }
    }
}

extension EPUBCFI {
    /// Spec equality: two CFIs are the same place when their paths, offsets and ranges are (assertions are checks,
    /// not part of the place).
    public func isSamePlace(as other: EPUBCFI) -> Bool {
        func bare(_ path: Path) -> [[Int]] { path.documents.map { $0.map(\.index) } }
        func same(_ a: Path, _ b: Path) -> Bool { bare(a) == bare(b) && a.characterOffset == b.characterOffset }
        guard same(path, other.path) else { return false }
        switch (range, other.range) {
        case (nil, nil): return true
        case let (a?, b?): return same(a.start, b.start) && same(a.end, b.end)
        default: return false
        }
    }
}
