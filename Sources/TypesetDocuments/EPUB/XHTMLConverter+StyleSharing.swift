extension XHTMLConverter {
    /// Style sharing, as browsers do it: an element whose parent has the same resolved style as an earlier
    /// element's, and which the same rules match, gets that element's computed style without applying the
    /// declarations again. Siblings styled alike (the paragraphs of a chapter, the cells of a table) are most
    /// elements of a book, and resolving a style (copying the inherited values, then applying a dozen
    /// declarations) cost about 17,000 instructions an element.
    ///
    /// The parent is known by its ``InlineContext/styleToken``: a number given to each style resolved here, kept
    /// by a style found here, and 0 once anything changes the context's style (never shared then). Elements with a
    /// `style` or `dir` attribute resolve their own; so does everything when the token is 0. The entries are
    /// forgotten past ``maximumEntries`` (memory stays bounded; sharing resumes at the next sibling), and all of
    /// them when the reader's environment changes (the media answers are part of the result).
    struct StyleSharing {
        struct Key: Hashable {
            let parent: Int
            /// The built-in rules' count, their orders, then the book's rules' orders: one array an element, not two.
            let orders: [Int]
            let isRoot: Bool

            init(parent: Int, rules: (builtIn: [CSSRule], book: [CSSRule]), isRoot: Bool) {
                var orders: [Int] = []
                orders.reserveCapacity(1 + rules.builtIn.count + rules.book.count)
                orders.append(rules.builtIn.count)
                for rule in rules.builtIn { orders.append(rule.order) }
                for rule in rules.book { orders.append(rule.order) }
                self.parent = parent
                self.orders = orders
                self.isRoot = isRoot
            }
        }

        var entries: [Key: (style: ComputedStyle, token: Int)] = [:]
        var lastToken = 0

        static let maximumEntries = 512

        mutating func nextToken() -> Int {
            lastToken += 1
            return lastToken
        }
    }

    /// The element's style and its token: an earlier element's when ``StyleSharing`` allows, else resolved.
    mutating func sharedStyle(_ path: ElementPath, parent: InlineContext, isRoot: Bool) -> (style: ComputedStyle, token: Int) {
        let rules = matchingRules(path)
        let element = path.element
        guard parent.styleToken != 0, element.attribute("style") == nil, element.attribute("dir") == nil else {
            return (resolveStyle(path, rules: rules, parent: parent.style, isRoot: isRoot), styleSharing.nextToken())
        }
        let key = StyleSharing.Key(parent: parent.styleToken, rules: rules, isRoot: isRoot || element.lowercasedName == "html")
        if let shared = styleSharing.entries[key] { return shared }
        let resolved = (style: resolveStyle(path, rules: rules, parent: parent.style, isRoot: isRoot), token: styleSharing.nextToken())
        if styleSharing.entries.count >= StyleSharing.maximumEntries { styleSharing.entries.removeAll(keepingCapacity: true) }
        styleSharing.entries[key] = resolved
        return resolved
    }
}
