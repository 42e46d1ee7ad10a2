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
        /// The parent's token and the matched rules: the built-in sheet's and the book's, as indices in their
        /// sheets (``CSSStyleSheet/matchingRuleIndices(_:pseudoElement:into:scratch:)``).
        struct Key: Hashable {
            let parent: Int
            let builtIn: [Int]
            let book: [Int]
            let isRoot: Bool
        }

        var entries: [Key: (style: ComputedStyle, token: Int)] = [:]
        var lastToken = 0
        /// The buffers every element's matching fills (the rules' indices, and the candidates tested), kept from
        /// element to element so that matching and the look-up allocate nothing; a key kept in ``entries`` holds
        /// its arrays, and the next element's matching then fills fresh ones. Until then they are the last styled
        /// element's matches, which its counter changes are read from (``applyCounters(depth:hidden:)``).
        var builtIn: [Int] = []
        var book: [Int] = []
        var candidates: [Int] = []
        /// The last element styled at each depth here, its parent's token and its style: its next sibling, when both
        /// sheets read the two alike (``CSSStyleSheet/elementReads``), takes that style without matching (the
        /// paragraphs of a chapter, the cells of a row), as browsers share a style between siblings.
        var lastAtDepth: [(path: ElementPath?, parent: Int, shared: (style: ComputedStyle, token: Int))] = []
        /// The last few elements styled at each depth that took no sibling's style, the newest in slot
        /// `earlierNext[depth] - 1`: a later sibling alike one of them, under the same parent, takes its style
        /// (siblings alternate: a paragraph, a boxed note, a paragraph; a table's header cell between data cells).
        /// Where siblings are matched alike by every rule, their place among them changes nothing.
        var earlierAtDepth: [[(path: ElementPath?, parent: Int, shared: (style: ComputedStyle, token: Int))]] = []
        var earlierNext: [Int] = []
        static let earlierSiblings = 4
        /// Where siblings share matches instead (``XHTMLConverter/siblingsShareMatches``): the last element matched at
        /// each depth and copies of its matches, the book's without its rules that read an element's place; and a
        /// buffer for the matches of those rules.
        var lastMatches: [(path: ElementPath?, builtIn: [Int], book: [Int])] = []
        var positional: [Int] = []

        static let maximumEntries = 512

        mutating func nextToken() -> Int {
            lastToken += 1
            return lastToken
        }
    }

    /// The element's style and its token: an earlier element's when ``StyleSharing`` allows, else resolved.
    /// Elements with a `style` or `dir` attribute, or under a style that was changed (token 0), resolve their own.
    mutating func sharedStyle(_ path: ElementPath, parent: InlineContext, isRoot: Bool) -> (style: ComputedStyle, token: Int) {
        let element = path.element
        let shareable = parent.styleToken != 0 && element.attribute("style") == nil && element.attribute("dir") == nil
        guard shareable else { return matchedStyle(path, parent: parent, isRoot: isRoot, shareable: false) }
        guard siblingsShareStyles else { return matchedStyle(path, parent: parent, isRoot: isRoot, shareable: true) }
        let depth = elementDepth
        while styleSharing.lastAtDepth.count <= depth { styleSharing.lastAtDepth.append((nil, 0, (ComputedStyle(), 0))) }
        if let previous = path.previousSibling, sharesStyle(with: previous, path, parent: parent) {
            styleSharing.lastAtDepth[depth].path = path
            return styleSharing.lastAtDepth[depth].shared
        }
        if path.previousSibling != nil, let earlier = earlierSiblingStyle(path, parent: parent) {
            styleSharing.lastAtDepth[depth] = (path, parent.styleToken, earlier)
            return earlier
        }
        let shared = matchedStyle(path, parent: parent, isRoot: isRoot, shareable: true)
        styleSharing.lastAtDepth[depth] = (path, parent.styleToken, shared)
        rememberEarlier(path, parent: parent, shared: shared)
        return shared
    }

    /// The style of an earlier sibling of `path` alike it, styled under the same parent style
    /// (``StyleSharing/earlierAtDepth``), if one is remembered.
    @inline(__always)
    private func earlierSiblingStyle(_ path: ElementPath, parent: InlineContext) -> (style: ComputedStyle, token: Int)? {
        let depth = elementDepth
        guard depth < styleSharing.earlierAtDepth.count else { return nil }
        for slot in styleSharing.earlierAtDepth[depth].indices {
            guard let earlier = styleSharing.earlierAtDepth[depth][slot].path, earlier.parent === path.parent,
                  styleSharing.earlierAtDepth[depth][slot].parent == parent.styleToken, matchedAlike(earlier.element, path.element) else { continue }
            return styleSharing.earlierAtDepth[depth][slot].shared
        }
        return nil
    }

    /// Remembers a style resolved at this depth for later siblings (``StyleSharing/earlierAtDepth``), over the oldest.
    private mutating func rememberEarlier(_ path: ElementPath, parent: InlineContext, shared: (style: ComputedStyle, token: Int)) {
        let depth = elementDepth
        while styleSharing.earlierAtDepth.count <= depth { styleSharing.earlierAtDepth.append([]); styleSharing.earlierNext.append(0) }
        let slot = styleSharing.earlierNext[depth]
        styleSharing.earlierNext[depth] = (slot + 1) % StyleSharing.earlierSiblings
        if slot < styleSharing.earlierAtDepth[depth].count {
            styleSharing.earlierAtDepth[depth][slot] = (path, parent.styleToken, shared)
        } else {
            styleSharing.earlierAtDepth[depth].append((path, parent.styleToken, shared))
        }
    }

    /// Whether `path` takes the style of `previous`, its previous sibling: that was the last element styled at this
    /// depth (and could share), under the same parent style, and both sheets match the two alike. Always inlined, as
    /// ``matchedAlike(_:_:)``: asked for every element from mutating code, a call copied the whole converter.
    @inline(__always)
    private func sharesStyle(with previous: ElementPath, _ path: ElementPath, parent: InlineContext) -> Bool {
        let depth = elementDepth
        return styleSharing.lastAtDepth[depth].path === previous && styleSharing.lastAtDepth[depth].parent == parent.styleToken
            && matchedAlike(previous.element, path.element)
    }

    /// Whether both sheets' rules that do not read an element's place match `a` and `b`, siblings, alike.
    @inline(__always)
    func matchedAlike(_ a: XMLElement, _ b: XMLElement) -> Bool {
        UserAgentStyleSheet.sheet.elementReads.alike(a, b) && sheet.elementReads.alike(a, b)
    }

    /// The element's style and its token, its rules matched: an earlier element's with the same rules under the same
    /// parent style when `shareable`, else resolved.
    private mutating func matchedStyle(_ path: ElementPath, parent: InlineContext, isRoot: Bool,
                                       shareable: Bool) -> (style: ComputedStyle, token: Int) {
        if siblingsShareMatches { matchRulesSharing(path) } else { matchRules(path) }
        let element = path.element
        let key = StyleSharing.Key(parent: parent.styleToken, builtIn: styleSharing.builtIn, book: styleSharing.book,
                                   isRoot: isRoot || element.lowercasedName == "html")
        func rules() -> (builtIn: [CSSRule], book: [CSSRule]) {
            (UserAgentStyleSheet.sheet.rules(at: key.builtIn), sheet.rules(at: key.book))
        }
        guard shareable else {
            return (resolveStyle(path, rules: rules(), parent: parent.style, isRoot: isRoot), styleSharing.nextToken())
        }
        if let shared = styleSharing.entries[key] { return shared }
        let resolved = (style: resolveStyle(path, rules: rules(), parent: parent.style, isRoot: isRoot), token: styleSharing.nextToken())
        if styleSharing.entries.count >= StyleSharing.maximumEntries { styleSharing.entries.removeAll(keepingCapacity: true) }
        styleSharing.entries[key] = resolved
        return resolved
    }

    /// Fills the buffers with the rules of both sheets that match `path`.
    private mutating func matchRules(_ path: ElementPath) {
        // The book's sheet read in place while the buffers change (passing it to a method of `styleSharing`
        // copied the whole sheet for every element).
        UserAgentStyleSheet.sheet.matchingRuleIndices(path, into: &styleSharing.builtIn, scratch: &styleSharing.candidates)
        sheet.matchingRuleIndices(path, into: &styleSharing.book, scratch: &styleSharing.candidates)
    }

    /// ``matchRules(_:)`` where siblings share matches: an element alike its previous sibling, the last matched at
    /// this depth, takes that sibling's matches and is matched against the rules that read its place alone.
    private mutating func matchRulesSharing(_ path: ElementPath) {
        let depth = elementDepth
        while styleSharing.lastMatches.count <= depth { styleSharing.lastMatches.append((nil, [], [])) }
        if let previous = path.previousSibling, styleSharing.lastMatches[depth].path === previous,
           matchedAlike(previous.element, path.element) {
            let last = styleSharing.lastMatches[depth]
            styleSharing.builtIn.removeAll(keepingCapacity: true)
            styleSharing.builtIn.append(contentsOf: last.builtIn)
            styleSharing.book.removeAll(keepingCapacity: true)
            styleSharing.book.append(contentsOf: last.book)
            sheet.addPositionalMatches(path, to: &styleSharing.book, found: &styleSharing.positional, scratch: &styleSharing.candidates)
            styleSharing.lastMatches[depth].path = path
            return
        }
        matchRules(path)
        styleSharing.lastMatches[depth].path = path
        styleSharing.lastMatches[depth].builtIn.removeAll(keepingCapacity: true)
        styleSharing.lastMatches[depth].builtIn.append(contentsOf: styleSharing.builtIn)
        styleSharing.lastMatches[depth].book.removeAll(keepingCapacity: true)
        let positional = sheet.isPositional
        styleSharing.lastMatches[depth].book.append(contentsOf: styleSharing.book.lazy.filter { !positional[$0] })
    }
}
