internal import CLibXML2

/// What parsing one XML entry gave: the tree, and whether libxml2 had to recover from errors to build it.
struct XMLParseResult: Sendable {
    /// The root element.
    let root: XMLElement
    /// The first well-formedness error ("line 12: Opening and ending tag mismatch: p and div") when the
    /// document was malformed and libxml2 recovered, else nil.
    let recoveredError: String?
    /// Names of entity references left unexpanded (entities declared in the document's own DTD subset).
    let unexpandedEntities: [String]
}

/// Parses XML with libxml2 under the rules that keep a hostile book harmless, and copies the tree into
/// ``XMLElement`` values before libxml2's document is freed.
///
/// - No network (`XML_PARSE_NONET`), no DTD loading, no entity substitution (no `XML_PARSE_NOENT`): external
///   entities are never fetched and internal ones are never expanded, so neither XXE nor "billion laughs"
///   can do anything. libxml2's own limits (no `XML_PARSE_HUGE`) cap depth and text node size.
/// - HTML named entities are rewritten to numeric references first (``NamedEntityRewriter``).
/// - `XML_PARSE_RECOVER`: a malformed document is read as far as libxml2 can repair it, as reading systems do;
///   the first error is reported in ``XMLParseResult/recoveredError``. A document with no root element left
///   is an error.
enum LibXMLReader {
    /// libxml2 must be initialised once, from one thread, before parsers run in parallel.
    private static let initialized: Void = { xmlInitParser() }()

    /// Parses `bytes`.
    ///
    /// - Parameters:
    ///   - entry: The entry's path inside the book, for messages.
    ///   - book: The book's name, for messages.
    /// - Throws: `.malformed` when nothing readable is left after recovery.
    static func parse(_ bytes: [UInt8], entry: String, book: String) throws(DocumentError) -> XMLParseResult {
        _ = initialized
        let source = NamedEntityRewriter.rewrite(bytes)
        guard let context = LibXMLParserContext() else {
            throw DocumentError(.tooLarge, "\(book): \(entry): out of memory")
        }
        let log = ParseErrorLog()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document: LibXMLDocument? = withExtendedLifetime(log) {
            // Errors arrive through the context's structured handler; `_private` carries the log to it.
            context.raw.pointee._private = Unmanaged.passUnretained(log).toOpaque()
            context.raw.pointee.sax.pointee.serror = { userData, error in
                guard let userData, let error else { return }
                let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let box = context.pointee._private else { return }
                let log = Unmanaged<ParseErrorLog>.fromOpaque(box).takeUnretainedValue()
                log.record(level: error.pointee.level, message: error.pointee.message, line: Int(error.pointee.line))
            }
            let raw = source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    // No URL: nothing may be resolved relative to a location.
                    xmlCtxtReadMemory(context.raw, chars.baseAddress, Int32(clamping: chars.count), nil, nil, options)
                }
            }
            context.raw.pointee._private = nil
            return raw.map(LibXMLDocument.init(owning:))
        }
        // A name that breaks the namespaces rules (`<p::p>`, an undeclared prefix) is an error in an XHTML
        // document too (EPUB requires namespace-well-formed XML), recovered like the others.
        let wellFormed = context.raw.pointee.wellFormed != 0 && context.raw.pointee.nsWellFormed != 0
        guard let document, let rootNode = xmlDocGetRootElement(document.raw) else {
            let reason = log.firstError ?? "no root element"
            throw DocumentError(.malformed, "\(book): \(entry) is not well-formed XML and cannot be recovered (\(reason))")
        }
        var converter = TreeConverter()
        let root = converter.convert(rootNode)
        let recovered = wellFormed ? nil : (log.firstError ?? "malformed")
        return XMLParseResult(root: root, recoveredError: recovered, unexpandedEntities: converter.unexpandedEntities)
    }

    /// Copies libxml2 nodes into ``XMLElement`` values (borrowed strings are copied on the spot).
    private struct TreeConverter {
        var unexpandedEntities: [String] = []
        /// The namespace URIs met, by libxml2's string (one per declaration): each copied once, and a well-known
        /// one as ``XMLNamespace``'s own string, so that an element's namespace allocates nothing and compares
        /// equal to that constant at once (a document has thousands of elements and a few declarations).
        var namespaces: [UnsafePointer<xmlChar>: String] = [:]
        /// The last namespace looked up: nearly every element of a document is in the namespace of the one before.
        var lastNamespace: (href: UnsafePointer<xmlChar>, uri: String)?
        /// Element and attribute names met, by libxml2's string: its parser keeps one copy of each name in its
        /// dictionary, so a document's few dozen names are each copied (and lower-cased) once, not once an element.
        /// A slot per address bits (no hashing: a name costs a load and a compare); a name whose slot another holds
        /// is copied again, as every name was before.
        var names = [(raw: UnsafePointer<xmlChar>?, name: String, lowercased: String, html: HTMLElementName?)](
            repeating: (nil, "", "", nil), count: 64)

        mutating func name(_ raw: UnsafePointer<xmlChar>?) -> (name: String, lowercased: String, html: HTMLElementName?) {
            guard let raw else { return ("", "", nil) }
            // Fibonacci hashing: the dictionary's names lie a few bytes apart, so the address's high product bits.
            let slot = Int(truncatingIfNeeded: (UInt(bitPattern: raw) &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if names[slot].raw == raw { return (names[slot].name, names[slot].lowercased, names[slot].html) }
            let name = String(cString: raw)
            let lowercased = name.lowercased()
            let html = HTMLElementName(lowercasedName: lowercased)
            names[slot] = (raw, name, lowercased, html)
            return (name, lowercased, html)
        }

        mutating func namespace(_ ns: UnsafeMutablePointer<xmlNs>?) -> String? {
            guard let href = ns?.pointee.href else { return nil }
            if let last = lastNamespace, last.href == href { return last.uri }
            let shared: String
            if let known = namespaces[href] {
                shared = known
            } else {
                let uri = String(cString: href)
                shared = XMLNamespace.wellKnown.first { $0 == uri } ?? uri
                namespaces[href] = shared
            }
            lastNamespace = (href, shared)
            return shared
        }

        mutating func convert(_ node: xmlNodePtr) -> XMLElement {
            var children: [XMLNode] = []
            // Room for every child node (text nodes are joined, comments dropped: at most that many), so that the
            // array is made once rather than grown by doubling.
            var childCount = 0
            var counted = node.pointee.children
            while let current = counted { childCount += 1; counted = current.pointee.next }
            children.reserveCapacity(childCount)
            var child = node.pointee.children
            var pendingText = ""
            while let current = child {
                switch current.pointee.type {
                case XML_ELEMENT_NODE:
                    if !pendingText.isEmpty { children.append(.text(pendingText)); pendingText = "" }
                    children.append(.element(convert(current)))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { pendingText += String(cString: content) }
                case XML_ENTITY_REF_NODE:
                    // Never expanded (see the type's documentation); noted so the caller can say so.
                    let name = current.pointee.name.map { String(cString: $0) } ?? "?"
                    if !unexpandedEntities.contains(name) { unexpandedEntities.append(name) }
                default:
                    break  // comments, processing instructions, XInclude markers
                }
                child = current.pointee.next
            }
            if !pendingText.isEmpty { children.append(.text(pendingText)) }
            var attributes: [XMLAttribute] = []
            var property = node.pointee.properties
            while let attribute = property {
                var value = ""
                var valueNode = attribute.pointee.children
                while let text = valueNode {
                    if text.pointee.type == XML_TEXT_NODE, let content = text.pointee.content { value += String(cString: content) }
                    valueNode = text.pointee.next
                }
                attributes.append(XMLAttribute(name: name(attribute.pointee.name).name,
                                               namespace: namespace(attribute.pointee.ns),
                                               value: value))
                property = attribute.pointee.next
            }
            let elementName = name(node.pointee.name)
            return XMLElement(name: elementName.name, lowercasedName: elementName.lowercased, htmlName: elementName.html,
                              namespace: namespace(node.pointee.ns),
                              attributes: attributes, children: children, line: Int(xmlGetLineNo(node)))
        }
    }
}

/// Collects the first error libxml2 reports during one parse.
private final class ParseErrorLog {
    private(set) var firstError: String?

    func record(level: xmlErrorLevel, message: UnsafeMutablePointer<CChar>?, line: Int) {
        guard firstError == nil, level != XML_ERR_WARNING, level != XML_ERR_NONE else { return }
        // Some messages span lines ("Input is not proper UTF-8, indicate encoding !\nBytes: 0x8F 0x20 ..."), and
        // every error is one line on stderr: line breaks and runs of spaces become one space.
        let raw = message.map { String(cString: $0) } ?? "error"
        let text = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }).joined(separator: " ")
        firstError = line > 0 ? "line \(line): \(text)" : text
    }
}

/// Owns a libxml2 parser context; frees it when released.
private final class LibXMLParserContext {
    let raw: xmlParserCtxtPtr

    init?() {
        guard let raw = xmlNewParserCtxt() else { return nil }
        self.raw = raw
    }

    deinit { xmlFreeParserCtxt(raw) }
}

/// Owns a libxml2 document; frees it when released.
private final class LibXMLDocument {
    let raw: xmlDocPtr

    init(owning raw: xmlDocPtr) { self.raw = raw }

    deinit { xmlFreeDoc(raw) }
}
