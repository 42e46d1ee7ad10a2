import TypesetCore

/// The plain-text projection of one spine item, with its paragraphs, styles, anchors and images, in offsets
/// local to the item (UTF-16 units from the item's start).
struct SpineItemText: Sendable {
    /// One paragraph: its units are `units[start..<start + length]`, content first, then the `\n` that ends it.
    struct ParagraphDraft: Sendable {
        var start: Int
        var length: Int
        var contentLength: Int
        /// Runs relative to the paragraph's start.
        var runs: [AttributeRun]
        var style: ParagraphStyle
        /// The block's computed `writing-mode` (inherited from the document's root unless the block sets its own),
        /// nil when no rule says.
        var writingMode: WritingMode? = nil
        /// For the text after a float in the middle of a paragraph: the unit that stands for what was around the
        /// float (a space, a line break, or ``noSeparator``), which joins it to the paragraph's text before the float
        /// (SpineItemText+FloatAnchors.swift); nil for any other paragraph.
        var joinsAcrossFloat: UInt16? = nil

        /// A word joiner: nothing was around the float (`word<img style="float: left"/>word`).
        static let noSeparator: UInt16 = 0x2060
    }

    /// An image's placeholder (U+FFFC) and what is known of the image.
    struct ImageDraft: Sendable {
        var offset: Int
        /// The image's entry path inside the book, nil for an external or unresolvable source. For an inline
        /// `<svg>`, the name its document is served under (see ``inlineData``).
        var path: String?
        var altText: String?
        /// Whether it is alone in its paragraph (with other images at most): a block image.
        var isBlock = false
        /// The document of an inline `<svg>`, written out as a file of its own, or the bytes of a `data:` URL.
        var inlineData: [UInt8]?
        /// Why the image has no source (a `data:` URL that cannot be decoded), for the book's warnings.
        var problem: String?
        /// An inline `<svg>`'s natural dimensions, read from the element (its document is written to fill the box
        /// CSS sizes, so it no longer says them).
        var natural: ReplacedSizing?
    }

    /// An `<a href>` and what its markup says about it, for note-reference recognition (``EPUBNotes``).
    struct LinkDraft: Sendable {
        /// Local offsets of the link's content (its last unit is always the link's).
        var range: Range<Int>
        /// The resolved href (`OEBPS/notes.xhtml#n1`, or a URL).
        var href: String
        /// `epub:type="noteref"` or `role="doc-noteref"`.
        var isMarkedNoteReference: Bool
        /// `epub:type="backlink"` or `role="doc-backlink"`: the way back from a note.
        var isBacklink: Bool
        /// Inside `<sup>` (or holding one): raised, as note references are set.
        var isRaised: Bool
    }

    /// An element with an id that may be a note (see ``EPUBNotes``): where it ends; it starts at its anchor.
    struct NoteDraft: Sendable {
        var id: String
        /// Local offset just past the element's content (its last paragraph's `\n` included for a block).
        var end: Int
        var role: NoteRole
        /// Units at the note's start that are not its text (a list item's marker).
        var markerLength = 0
    }

    /// Every unit of the item: blocks, each ended by `\n`.
    var units: [UInt16] = []
    /// What maps offsets of ``units`` to EPUB CFIs and back.
    var cfiMap = CFIMap()
    var paragraphs: [ParagraphDraft] = []
    /// Local offsets of element ids (the first unit of content at or after the element's start).
    var anchors: [String: Int] = [:]
    /// Where each element with an id ends (local offsets): with ``anchors``, the range of its content (what a Media
    /// Overlay's `text` names).
    var anchorEnds: [String: Int] = [:]
    /// The document's viewport `<meta>` size (a fixed-layout page's size), if it gives one.
    var viewport: Size?
    /// A fixed-layout document's body margins, canvas background and positioned boxes (local offsets; see
    /// ``XHTMLConverter/positionsOutOfFlow``).
    var pageStyle = FixedPageStyle()
    var images: [ImageDraft] = []
    var links: [LinkDraft] = []
    var notes: [NoteDraft] = []
    /// Page-break markers (``XHTMLConverter/pageBreakLabel(_:)``): local offset (as an anchor's) and label.
    var pageBreaks: [(offset: Int, label: String)] = []
    /// Whether any paragraph holds something other than images (text, a list marker, a rule).
    var hasText = false
    /// The `writing-mode` of the document's `<html>` or `<body>`, when its CSS sets one.
    var writingMode: WritingMode?
    /// The `hanging-punctuation` of the document's `<html>` or `<body>`, when its CSS sets one.
    var hangingPunctuation: Bool?
    /// The line of the first element nested deeper than ``XHTMLConverter/maximumDepth``, whose content was read as
    /// plain text (for the book's one warning), or nil.
    var flattenedElementLine: Int?
    /// The media queries whose answers decided the item's styles (its sheets' conditions, its `<source media>`):
    /// the item is converted again for a reader's page or theme only when one of them answers differently there.
    var mediaDependence: [MediaQueryList] = []
    /// The bytes of background images given as `data:` URLs, by the names of the item they are served under.
    var backgroundData: [String: [UInt8]] = [:]
    /// Why `data:` URLs of background images were not drawn, for the book's warnings.
    var backgroundProblems: [String] = []
}

/// Turns one XHTML document into a ``SpineItemText``.
///
/// **The projection depends only on the XHTML and the CSS that carries meaning.** Which units exist, where
/// paragraphs break and where every id lands is decided by elements and by the structural properties of the
/// book's CSS (`display`, `white-space`, `list-style-type`), which apply whether publisher styles are on or off,
/// never by reader settings: positions stay valid whatever the styles. `display: none` keeps the text in the
/// projection as hidden units (``TextStyle/isHidden``: no width, no caret stop), `list-style-type: none` does the
/// same for the list marker.
///
/// The text is what a browser would show: white space collapsed (CSS `white-space: normal`), kept in `<pre>` and
/// under `white-space: pre`; each block (paragraph, heading, list item, table cell, ...) is a paragraph ended by
/// `\n`; `<br>` is U+2028 in a paragraph whose inner line breaks are preserved; an image is U+FFFC; `<hr>` is an
/// empty block drawn as its box, U+FFFC (``handleRule(_:style:block:inline:)``); list items start with their
/// marker (`•`, `3.`, `iv.`), which hangs in the start margin; a table is a paragraph per cell, laid out as a
/// table (``TableCell``).
///
/// **Publisher styles.** With ``publisherStyles`` the book's CSS applies in full; without it, only what carries
/// meaning does (``ComputedStyle/carriesMeaning(_:isRoot:)``), and the reader's settings decide the rest. Either
/// way the paragraph records which of its values are the book's running-text styles (``ParagraphStyle``), so that
/// the reader's settings can override them at layout.
struct XHTMLConverter {
    /// The item's entry path, against which links and image sources resolve.
    let path: String
    /// The publisher's style sheets (linked and `<style>`), in document order.
    let sheet: CSSStyleSheet
    /// Whether publisher styles apply in full (`sheet` and `style` attributes); the built-in sheet always does,
    /// and so does what carries meaning in the book's.
    let publisherStyles: Bool
    /// The book's language: paragraphs in it carry no language of their own.
    let bookLanguage: String?
    /// The families the book's `@font-face` rules provide (lower case): a `font-family` naming one of them is
    /// kept in the text's styles; other named families are the reader's choice.
    var embeddedFamilies: Set<String> = []
    /// The text of the document's style sheets, given to its inline `<svg>` drawings (empty when it has none).
    var documentCSS = ""
    /// Where the declarations of `style` attributes that the parser drops are recorded, when asked.
    var ignoredStyleAttributes: IgnoredCSSSink?
    /// The book's documents that `<iframe>`, `<embed>` and `<object>` elements of this one embed, converted, by entry
    /// path (nil: one that could not be: missing, nested too deep, embedding itself). Set by the reader.
    var embeddedDocuments: [String: SpineItemText?] = [:]
    /// The reader's page and theme, which the sheet's media conditions are evaluated against.
    var environment = MediaEnvironment.reference {
        didSet {
            media = MediaAnswers(sheet.conditions, environment: environment)
            styleSharing = StyleSharing()
        }
    }
    /// The styles resolved so far, shared by siblings styled alike (XHTMLConverter+StyleSharing.swift).
    var styleSharing = StyleSharing()
    /// Whether an element may take its previous sibling's style without matching: no rule of either sheet depends on
    /// an element's place among its siblings, and none changes a counter (``StyleSharing/lastAtDepth``). Tests turn it
    /// off to compare.
    var siblingsShareStyles: Bool
    /// Otherwise, whether an element alike its previous sibling takes that sibling's matches of the book's rules
    /// that do not read an element's place, and is matched against the others alone (a sheet with `p + p`): where
    /// the built-in sheet has no such rules and the book's is within ``CSSStyleSheet/maximumCandidates`` rules (so
    /// that matching never leaves candidates out). Tests turn it off to compare.
    var siblingsShareMatches: Bool
    /// Which of the sheet's media conditions hold on the reader's page, and on the reference page.
    var media: MediaAnswers

    var output = SpineItemText()
    /// The EPUB CFI table being recorded (XHTMLConverter+CFI.swift).
    var cfi = CFIRecorder()
    // The paragraph being built.
    var line: [UInt16] = []
    var runs: [AttributeRun] = []
    /// Whether the paragraph's last visible unit is a space or a line break, or it has none: a space after hidden text
    /// then collapses with it (hidden, as a browser shows none), else it shows.
    var lastVisibleIsSpace = true
    var paragraphBlock: BlockContext?
    var pendingSpace = false
    var pendingSpaceHasNewline = false
    /// Whether the pending space came only from text the reader does not see (inside `display: none` or content
    /// out of sight): it is then hidden too, as a browser shows none of that element's white space.
    var pendingSpaceHidden = false
    var lineHasContent = false
    var hasLineBreak = false
    var pendingAnchors: [String] = []
    /// Labels of page-break markers waiting, as anchors do, for the next unit of content.
    var pendingPageBreaks: [String] = []
    var onlyImages = true
    /// The marker of the list item whose first paragraph has not started yet, and the units of the marker at
    /// the start of the paragraph being built.
    var pendingMarker: PendingMarker?
    var paragraphMarkerLength = 0
    var paragraphMarkerInside = false
    /// The counter styles the document's sheets define, with the predefined ones (list markers).
    var counterStyles: CounterStyleSet
    /// The CSS counters in scope (XHTMLConverter+Counters.swift).
    var counters = CounterScopes()
    /// Whether the book has an entry (set by the reader): a `list-style-image` it lacks falls back to the type.
    var resourceExists: ((String) -> Bool)?
    /// A `::first-letter` style waiting for the first letter of its block, and the drop cap of the paragraph
    /// being built.
    var pendingFirstLetter: FirstLetter?
    var paragraphDropCap: DropCap?
    /// The first of ``SpineItemText/images`` in the paragraph being built.
    var paragraphFirstImage = 0
    /// The `line-break` and `word-break` of the element holding the paragraph's first text: they apply to the
    /// whole paragraph (its break opportunities are found at once), and that element is the block itself, or the
    /// inline one (an `inline-block`) that makes up the paragraph.
    var paragraphBreakRules: (lineBreak: LineBreakStrictness, wordBreak: WordBreakRule)?
    /// How many `<q>` elements enclose the text being converted.
    var quotationDepth = 0
    /// How many elements enclose the one being converted (see ``maximumDepth``).
    var elementDepth = 0
    /// Inline `<svg>` drawings and `data:` URL images so far (they are named by their number).
    var inlineSVGCount = 0
    var dataURLCount = 0
    /// The names `data:` URLs of background images are served under (``SpineItemText/backgroundData``), nil for one
    /// that does not decode: each URL decoded once however many elements name it.
    var backgroundDataNames: [String: String?] = [:]
    /// The entry paths image sources resolve to (nil: outside the book, or none), by source as written: a chapter
    /// names one picture many times (a bullet, an ornament), and resolving a path costs some 16,000 instructions.
    /// An entry per distinct source, as many as the item's elements at most.
    var resolvedImageSources: [String: String?] = [:]
    /// Between blocks: the margins that meet here, collapsing (CSS 2.1 §8.3.1); a border or padding between them ends
    /// a run (XHTMLConverter+Boxes.swift).
    var pendingMargins = CollapsingMargins()
    var pendingMarginFromPublisher = false
    /// Elements with the reader's paragraph spacing (a `<p>`, a heading, a list) start or end here, and whether
    /// one left its margin here to the default (``ReaderSpacing``).
    var pendingReaderSpacing: ReaderSpacing = []

    /// What the elements spaced as paragraphs say about the space between two blocks.
    struct ReaderSpacing: OptionSet {
        let rawValue: UInt8
        /// An element spaced as a paragraph starts or ends here: the reader's spacing, unless the book says otherwise.
        static let spaced = ReaderSpacing(rawValue: 1)
        /// One of them without a margin of the book's on that side: its default (a browser's 1 em, the reader's
        /// spacing here) collapses with the book's margins, so they cannot make the space less.
        static let defaulted = ReaderSpacing(rawValue: 2)
    }
    /// What the book's margins say about the space here, applied or not (publisher styles off), and whether
    /// they say anything.
    var pendingBookMargin = 0.0
    var pendingBookMarginSaid = false
    var pendingBreakBefore = false
    /// The space noted since that break (reset when it is noted): kept above the paragraph that opens its page.
    var spaceAfterBreak = SpaceAfterBreak()
    /// A block ended inside an element whose text goes on after it (or a displayed formula did): the next
    /// paragraph continues that element's text, an anonymous block whose first line is not indented.
    var pendingContinuation = false
    /// The next paragraph flushed inside a float starts its box (XHTMLConverter+Floats.swift).
    var floatStartsBox = false
    /// A float just ended a line of text: a line break right after it breaks nothing more.
    var afterInlineFloat = false
    /// The text after a float in the middle of a paragraph continues that paragraph: the unit that joins it
    /// (``SpineItemText/ParagraphDraft/joinsAcrossFloat``), until a block boundary comes first.
    var joinAfterFloat: UInt16?
    /// The `clear` of the blocks entered since the last paragraph, for the next one.
    var paragraphClear: ClearSides = []
    /// The next paragraph flushed in a multi-column block starts a new one.
    var columnsStartBlock = false
    /// The floats and multi-column blocks entered (see BlockContext).
    var floatBoxes: [BlockFloat] = []
    var columnBlocks: [BlockColumns] = []
    var preStartsHere = false
    /// The tables being read, innermost last.
    var tables: [TableState] = []
    var tableCount = 0
    /// Decorated blocks so far (their boxes' ids), and the borders and padding of boxes opened or closed since the
    /// last paragraph, in ems: space above the next one (see XHTMLConverter+Boxes).
    var boxCount = 0
    /// Blocks fitting their content so far (their ``BlockWidth/serial``s), and those of them to be made to fill
    /// (holding a float or an anonymous table: ``fill(_:in:)``).
    var fittedBlockCount = 0
    var fittedToFill: Set<Int> = []
    var pendingBoxSpace = 0.0
    /// The decorated blocks opened since the last paragraph, each with the space noted before its top edge (nil
    /// until the run of margins open when it opened is settled: see ``separateMargins(by:)``).
    var openedBoxes: [(id: Int, offset: Double?)] = []
    /// The ids of the decorated blocks open, innermost last.
    var openBoxIDs: [Int] = []
    /// Whether the document is a fixed-layout page: its absolutely positioned elements are taken out of flow
    /// (XHTMLConverter+Positioned.swift).
    var positionsOutOfFlow = false
    /// The positioned boxes the walk is in (indices into the page style's boxes), innermost last.
    var positionedBoxes: [Int] = []
    /// Where the base of each open `<ruby>` starts in the paragraph (the innermost last): at the first unit of text
    /// after the element's start (-1 until that text comes, so that a list marker or a collapsed space emitted
    /// with it is not part of the base), or after its last `<rt>`.
    var rubyBaseStarts: [Int] = []
    /// Where the base of the innermost ruby ends when an `<rp>` follows it (the annotation comes after the `<rp>`).
    var rubyBaseEnd: Int?
    /// The `<rb>` bases of each open `<ruby>`'s current segment (the innermost last), which its `<rt>`s pair with
    /// in order, and how many of them the annotations read so far took (see ``walkRuby``).
    var rubySegments: [(bases: [Range<Int>], paired: Int)] = []

    /// A `::first-letter` style: the style of the letter, and the lines it drops over when it is a drop cap.
    struct FirstLetter {
        var style: ComputedStyle
        var dropLines: Int?
    }

    /// Block-level state passed down the tree.
    struct BlockContext {
        var role: ParagraphRole = .body
        /// Indents from the start and end edges (margins and padding of the enclosing blocks), in ems.
        var startIndent = 0.0
        var endIndent = 0.0
        /// The parts of those indents that are fractions of the column's width (percentage margins and padding,
        /// resolved at layout: ``TypesetCore/IndentFractions``), 0 but in blocks with percentages; the ems above are
        /// then the rest, and may be below 0 (XHTMLConverter+PercentIndents.swift).
        var startFraction = 0.0
        var endFraction = 0.0
        var direction: WritingDirection?
        var language: String?
        /// The nearest block element's style (alignment, indent).
        var style = ComputedStyle()
        var listDepth = 0
        /// The table cell the block is in.
        var cell: TableCell?
        /// Inside a `<nav>`: its lists are navigation, drawn without numbers or bullets whatever their CSS says
        /// (EPUB 3.3 Reading Systems, navigation document in the spine).
        var inNavigation = false
        /// The boxes of the decorated blocks it is in, outermost first.
        var boxes: [BoxDecoration] = []
        /// The float and the multi-column block it is in, as indices into the converter's `floatBoxes` and
        /// `columnBlocks`, -1 for none (indices keep this context small: it is copied at every level of the
        /// recursive walk, whose frames a deep document must not grow past the stack).
        var floatIndex: Int32 = -1
        var columnsIndex: Int32 = -1
        /// Inside a float that shrinks to its content: percentages are taken of the reference measure, as its
        /// width is only known from its content's (XHTMLConverter+PercentIndents.swift).
        var fractionsOfReference = false
        /// The widths of the blocks it is in with a CSS `width` (``BlockWidth``), outermost first: nearly always none.
        var widths: [BlockWidth] = []
    }

    /// Character-level state passed down the tree.
    struct InlineContext {
        var style = ComputedStyle() {
            didSet { styleToken = 0 }
        }
        /// Which resolution ``style`` is (``StyleSharing``); 0 once it is changed after it, so never shared.
        var styleToken = 0
        var language: String?
        var link: String?
        /// Inside `<rt>`: the annotation of this base. Inside `<rp>`: hidden (the parentheses shown only by
        /// readers without ruby).
        var ruby: RubyAnnotation?
        var isRubyParenthesis = false
        /// Inside a section of notes (an element typed `footnotes`, `endnotes`, `rearnotes`, or so named).
        var inNotes = false
        /// Inside `<sup>`: raised text, as unmarked note references are set.
        var isRaised = false
        /// The text of a `::before` or `::after` (XHTMLConverter+GeneratedContent.swift).
        var isGenerated = false
        /// The directional embedding of the innermost inline element that opens one (XHTMLConverter+Bidi.swift).
        var bidi: BidiEmbedding?
    }

    init(path: String, sheet: CSSStyleSheet, publisherStyles: Bool, bookLanguage: String?) {
        self.path = path; self.sheet = sheet; self.publisherStyles = publisherStyles; self.bookLanguage = bookLanguage
        media = MediaAnswers(sheet.conditions, environment: environment)
        counterStyles = CounterStyleSet(rules: sheet.counterStyles)
        siblingsShareStyles = UserAgentStyleSheet.sheet.elementReads.siblingsAlike && sheet.elementReads.siblingsAlike
            && !sheet.hasCounterRules
        siblingsShareMatches = !siblingsShareStyles && UserAgentStyleSheet.sheet.elementReads.siblingsAlike
            && sheet.rules.count <= CSSStyleSheet.maximumCandidates
        for node in sheet.conditions.nodes { noteMediaDependence(node.query) }
    }

    /// Records that the item's styles depend on `query` (when its answer can change with the reader's settings).
    mutating func noteMediaDependence(_ query: MediaQueryList) {
        guard query.dependsOnEnvironment, !output.mediaDependence.contains(query) else { return }
        output.mediaDependence.append(query)
    }

    /// Converts the document whose root element is `root` (`<html>`).
    mutating func convert(_ root: XMLElement) -> SpineItemText {
        let rootPath = ElementPath(root: root)
        rootPath.bookLanguage = bookLanguage
        cfi.registerRoot(root)
        var block = BlockContext()
        let rootStyle = resolveStyle(rootPath, parent: ComputedStyle(), isRoot: true)
        output.writingMode = rootStyle.writingMode
        output.hangingPunctuation = rootStyle.hangingPunctuation
        notePageStyle(rootStyle, isRoot: true)
        block.style = rootStyle
        block.language = language(of: root)
        block.direction = direction(of: root)
        let inline = InlineContext(style: rootStyle, language: block.language, link: nil)
        walkChildren(rootPath, block: block, inline: inline)
        closeAnonymousTables(ownedBy: 0)
        emitPendingMarker()
        flushParagraph()
        // Anchors after the last content point at the end of the item.
        for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = output.units.count }
        pendingAnchors.removeAll()
        for label in pendingPageBreaks { output.pageBreaks.append((output.units.count, label)) }
        pendingPageBreaks.removeAll()
        cfi.placeStarts(at: output.units.count)
        cfi.map.elements[0].start = 0
        cfi.map.elements[0].end = Int32(clamping: output.units.count)
        if !fittedToFill.isEmpty { Self.fill(fittedToFill, in: &output.paragraphs) }
        output.joinParagraphsAcrossFloats(cfi: &cfi.map)
        cfi.map.finish()
        output.cfiMap = cfi.map
        return output
    }

    // MARK: Walking

    enum Category {
        case skip, block, inline, lineBreak, image, horizontalRule, table, tableRow, tableCell, tableColumns, svg,
             listContainer, listItem, switchElement, object, embedded
    }

    private static let skipped: Set<String> = ["head", "script", "style", "title", "template", "noscript", "param",
                                               "source", "track", "rp-hidden", "meta", "link", "base", "datalist"]
    private static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "section", "article", "aside", "header",
        "footer", "nav", "main", "figure", "figcaption", "address", "body", "center", "hgroup", "details", "summary",
        "dl", "dt", "dd", "caption", "form", "fieldset", "legend", "thead", "tbody", "tfoot", "html",
    ]

    /// The category of each XHTML element name that is not inline: the skipped ones, the blocks and the rest, in
    /// one table (an element costs one lookup, not two sets and a switch comparing its name with each case).
    static let categories: [String: Category] = {
        var table: [String: Category] = [
            "br": .lineBreak, "img": .image, "image": .image, "hr": .horizontalRule, "table": .table, "tr": .tableRow,
            "td": .tableCell, "th": .tableCell, "col": .tableColumns, "colgroup": .tableColumns, "svg": .svg,
            "object": .object, "iframe": .embedded, "embed": .embedded,
            "ul": .listContainer, "ol": .listContainer, "menu": .listContainer, "dir": .listContainer, "li": .listItem,
        ]
        for name in blocks where table[name] == nil { table[name] = .block }
        for name in skipped { table[name] = .skip }
        return table
    }()

    /// ``categories`` by ``HTMLElementName`` (each of whose names it lists), indexed by raw value: a load an element.
    static let categoryByName: [Category] = HTMLElementName.allCases.map { categories[$0.name] ?? .inline }

    func category(of element: XMLElement) -> Category {
        let namespace = element.namespace
        // XHTML first: nearly every element is (the namespaces are exclusive, so the order changes no answer).
        if namespace == nil || namespace == XMLNamespace.xhtml {
            guard let known = element.htmlName else { return .inline }
            return XHTMLConverter.categoryByName[Int(known.rawValue)]
        }
        if namespace == XMLNamespace.svg { return element.name == "svg" ? .svg : .skip }
        if namespace == XMLNamespace.ops { return element.name == "switch" ? .switchElement : .inline }
        return .inline  // MathML and others: their text
    }

    mutating func walkChildren(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        // Asked here, not by a call per element and side: nearly every book has no `::before` or `::after`.
        let generated = sheet.hasGeneratedContentRules
        if generated { appendGeneratedContent(path, .before, block: block, inline: inline) }
        defer { if generated { appendGeneratedContent(path, .after, block: block, inline: inline) } }
        var elementIndex = 0
        var childPaths: [ElementPath]?
        let parent = cfi.index(of: path)
        var chunkOffset = 0
        for child in path.element.children {
            switch child {
            case .text(let text):
                if !tables.isEmpty { closeAnonymousTables(ownedBy: elementDepth, before: text) }
                appendChunkText(text, parent: parent, step: 2 * elementIndex + 1, offset: chunkOffset, block: block, inline: inline)
                chunkOffset += text.utf16.count
            case .element:
                chunkOffset = 0
                if childPaths == nil { childPaths = path.childPaths() }
                guard let paths = childPaths, elementIndex < paths.count else { continue }
                handle(paths[elementIndex], block: block, inline: inline)
                elementIndex += 1
            }
        }
    }

    /// The inline context inside an element: its resolved style and language. Its id is recorded as an anchor at
    /// the current position.
    mutating func enterInline(_ path: ElementPath, parent: InlineContext) -> InlineContext {
        if let id = path.element.id { pendingAnchors.append(id) }
        var inline = parent
        let isBody = path.element.htmlName == .body
        let shared = sharedStyle(path, parent: parent, isRoot: isBody)
        inline.style = shared.style
        inline.styleToken = shared.token
        if isBody, let mode = inline.style.writingMode { output.writingMode = mode }
        if isBody, let hangs = inline.style.hangingPunctuation { output.hangingPunctuation = hangs }
        if isBody { notePageStyle(inline.style, isRoot: false) }
        if let language = language(of: path.element) { inline.language = language }
        return inline
    }

    /// Elements nested deeper than this are read as their text (see ``appendFlattened(_:block:inline:)``). The
    /// walk recurses once per level, and a level's frames take tens of kilobytes in a debug build: 150 nested
    /// `<div>`s, well within libxml2's 256, overflowed the main thread's 8 MB stack. Real books nest 12 to 19 deep
    /// (the corpus, the EPUB 3 specification).
    static let maximumDepth = 64

    mutating func handle(_ path: ElementPath, block parentBlock: BlockContext, inline parentInline: InlineContext) {
        let element = path.element
        let handledBefore = enterCFIElement(path)
        defer { leaveCFIElement(restoring: handledBefore) }
        defer {
            if let id = element.id, output.anchorEnds[id] == nil { output.anchorEnds[id] = output.units.count + line.count }
        }
        let structural = category(of: element)
        let pageBreak = structural == .skip ? nil : Self.pageBreakLabel(element)
        if let pageBreak { pendingPageBreaks.append(pageBreak) }
        if structural == .skip || element.attribute("hidden") != nil {
            // A hidden page-break marker still marks its place, and its id is where a page list points.
            if pageBreak != nil, let id = element.id { pendingAnchors.append(id) }
            return
        }
        guard elementDepth < XHTMLConverter.maximumDepth else {
            appendFlattened(element, block: parentBlock, inline: parentInline)
            return
        }
        elementDepth += 1
        defer { elementDepth -= 1 }
        var inline = enterInline(path, parent: parentInline)
        applyCounters(depth: elementDepth, hidden: inline.style.hidden)
        defer { counters.leave(depth: elementDepth) }
        let name = element.lowercasedName
        let noteRole = NoteRole(element, inNotes: parentInline.inNotes)
        applyNoteRole(noteRole, name: name, to: &inline)
        let style = inline.style
        let kind = effectiveCategory(structural, style: style, path: path)
        if !tables.isEmpty { closeAnonymousTableParts(before: kind, style: style) }
        if let embedding = bidiEmbedding(element, style: style, kind: kind, parent: parentInline) { inline.bidi = embedding }
        if isPositioned(style) {
            handlePositioned(path, kind: kind, style: style, block: parentBlock, inline: inline)
            return
        }
        let relativeBox = beginRelativeBox(style, kind: kind, block: parentBlock)
        defer { if let relativeBox { endRelativeBox(relativeBox) } }
        if floats(kind, style: style, block: parentBlock) {
            handleFloat(path, kind: kind, style: style, block: parentBlock, inline: inline, noteRole: noteRole)
            return
        }
        var linkStart: Int?
        if name == "a", let href = element.attribute("href") ?? element.attribute("href", namespace: XMLNamespace.xlink) {
            inline.link = resolveLink(href)
            if inline.link != nil { linkStart = nextContentOffset }
        }
        defer { recordLinkAndNote(element, linkStart: linkStart, inline: inline, noteRole: noteRole) }

        if element.namespace == XMLNamespace.mathml, name == "math" {
            // A formula, inline or displayed (XHTMLConverter+MathML.swift).
            walkMath(path, name: name, block: parentBlock, inline: inline)
            return
        }
        if structural == .inline, let known = element.htmlName, [.ruby, .rt, .rp, .rb, .rtc].contains(known) {
            walkRuby(path, name: name, block: parentBlock, inline: inline)
            return
        }
        openInlineBox(kind: kind, inline: &inline)
        walkElement(path, kind: kind, style: style, block: parentBlock, inline: inline)
    }

    /// An element by its kind: its text, a line break, an image, a rule, a block's paragraphs.
    mutating func walkElement(_ path: ElementPath, kind: Category, style: ComputedStyle, block parentBlock: BlockContext,
                              inline: InlineContext) {
        let element = path.element
        let name = element.lowercasedName
        switch kind {
        case .skip:
            return
        case .inline:
            if element.namespace == XMLNamespace.mathml {
                walkMath(path, name: name, block: parentBlock, inline: inline)
            } else if name == "q", !style.hidden {
                walkQuotation(path, block: parentBlock, inline: inline)
            } else {
                walkChildren(path, block: parentBlock, inline: inline)
            }
        case .lineBreak:
            // A `<br>` the book hides (Standard Ebooks' verse: each line a block, the breaks between them hidden)
            // breaks nothing; it holds no text, so nothing is lost.
            if !style.hidden && !style.assistiveOnly { appendLineBreak(block: parentBlock, inline: inline, drawnForElement: true) }
        case .image:
            let source = pictureSource(of: path) ?? element.attribute("src")
                ?? element.attribute("href", namespace: XMLNamespace.xlink) ?? element.attribute("href")
            appendImage(source: source, alt: element.attribute("alt"), size: imageSize(element, style: style),
                        block: parentBlock, inline: inline)
        case .svg:
            appendSVG(element, style: style, block: parentBlock, inline: inline)
        case .embedded:
            appendEmbedded(path, style: style, block: parentBlock, inline: inline)
        case .object:
            handleObject(path, style: style, block: parentBlock, inline: inline)
        case .switchElement:
            if let chosen = Self.chosenCase(of: path) { walkChildren(chosen, block: parentBlock, inline: inline) }
        case .tableColumns:
            handleTableColumns(path, style: style, block: parentBlock, inline: inline)
        case .horizontalRule:
            handleRule(path, style: style, block: parentBlock, inline: inline)
        case .block, .listContainer, .listItem, .table, .tableRow, .tableCell:
            handleBlock(path, kind: kind, style: style, block: parentBlock, inline: inline)
        }
    }

    /// `<object>`: a document of the book, or an image the reader draws, is the object; anything else is its
    /// fallback content, shown instead.
    private mutating func handleObject(_ path: ElementPath, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        let element = path.element
        if let document = embedsDocument(element), style.isSeen {
            appendEmbeddedDocument(document, block: block)
        } else if let data = element.attribute("data"), Self.objectIsDrawableImage(element, data: data) {
            let fallback = XMLElement.collapseWhiteSpace(element.textContent)
            let alt = element.attribute("aria-label") ?? element.attribute("title") ?? (fallback.isEmpty ? nil : fallback)
            appendImage(source: data, alt: alt, size: imageSize(element, style: style), block: block, inline: inline)
        } else {
            walkChildren(path, block: block, inline: inline)
        }
    }

    /// An element past ``maximumDepth`` and everything in it, as text in the style around it, without recursion:
    /// its text and that of its descendants (not of elements that are never shown, such as `<script>`) in
    /// document order, their ids as anchors, so nothing is lost and links into it still land.
    mutating func appendFlattened(_ element: XMLElement, block: BlockContext, inline: InlineContext) {
        if output.flattenedElementLine == nil { output.flattenedElementLine = element.line }
        var stack: [XMLNode] = [.element(element)]
        while let node = stack.popLast() {
            switch node {
            case .text(let text):
                appendText(text, block: block, inline: inline)
            case .element(let child):
                guard category(of: child) != .skip, child.attribute("hidden") == nil else { continue }
                if let id = child.id { pendingAnchors.append(id) }
                stack.append(contentsOf: child.children.reversed())
            }
        }
    }

    /// What an element is once the book's `display` has had its say: a `<span>` made a block breaks the paragraph,
    /// a `<p>` made inline runs on in it (structural, so it applies whether publisher styles are on or off).
    ///
    /// An `inline-block` that holds blocks (Project Gutenberg's verse, Standard Ebooks' epigraphs and dedications:
    /// `section > * { display: inline-block; margin: auto; margin-top: 20vh; max-width: 80% }` around a
    /// `<blockquote>` of paragraphs), or that stands alone in its line (Standard Ebooks' bridgeheads, a `<p>` of
    /// `display: inline-block; max-width: 75%` between paragraphs), is set as a block that fits its content (CSS
    /// 2.1 §10.3.9's shrink-to-fit width, ``TypesetCore/BlockWidth/fitsContent``), placed by its parent's
    /// `text-align`: as an inline, its blocks broke out of it and its box and widths were lost. Two or more such
    /// siblings are a row of boxes side by side (``isInlineBlockOfRow(_:style:standsAsBlock:)``). One in running text
    /// stays an inline box. A row or a cell by its `display` is one whatever its name (XHTMLConverter+AnonymousTables).
    func effectiveCategory(_ kind: Category, style: ComputedStyle, path: ElementPath) -> Category {
        let element = path.element
        let name = element.lowercasedName
        guard let display = style.display, name != "html", name != "body" else { return kind }
        // A row or a cell by its `display` (CSS 2.1 §17.2) is one whatever its name: a `<div>` of `display:
        // table-cell` beside its siblings, in an anonymous table when no table holds it.
        switch style.tablePart {
        case .row?: return .tableRow
        case .cell?: return .tableCell
        default: break
        }
        if display == .inline && style.isAtomicInline {
            let standsAsBlock = holdsBlocks(element) || standsAlone(path)
            // Boxes side by side are a row of them (XHTMLConverter+InlineBlockRows).
            if isInlineBlockOfRow(path, style: style, standsAsBlock: standsAsBlock) { return .tableCell }
            if standsAsBlock { return .block }
        }
        switch (kind, display) {
        case (.inline, .block), (.inline, .listItem): return .block
        case (.block, .inline): return .inline
        case (.listItem, .block), (.listItem, .inline): return display == .inline ? .inline : .block
        default: return kind
        }
    }

    /// Whether a child of `element` is a block by its name (a paragraph, a division, a list, a table, a heading...).
    /// Its own `display` is not asked: that would resolve its style twice.
    func holdsBlocks(_ element: XMLElement) -> Bool {
        element.children.contains { node in
            guard case .element(let child) = node else { return false }
            return isBlockByName(child)
        }
    }

    /// Whether `path`'s element makes up lines of its own whatever its `display`: it is a block by its name and so
    /// is each of its siblings (white space aside), so that no text shares a line with it.
    func standsAlone(_ path: ElementPath) -> Bool {
        guard let parent = path.parent, isBlockByName(path.element) else { return false }
        if let known = parent.childrenAreBlocks { return known }
        let blocks = parent.element.children.allSatisfy { node in
            switch node {
            case .element(let child): isBlockByName(child)
            case .text(let text): text.utf8.allSatisfy { CSSParser.isWhiteSpace($0) }
            }
        }
        parent.childrenAreBlocks = blocks
        return blocks
    }

    /// Whether `element` is an XHTML block by its name (its own `display` not asked).
    private func isBlockByName(_ element: XMLElement) -> Bool {
        guard element.namespace == nil || element.namespace == XMLNamespace.xhtml else { return false }
        switch category(of: element) {
        case .block, .listContainer, .table, .horizontalRule: return true
        default: return false
        }
    }

    /// A block element: its own paragraphs, between the paragraphs before and after it.
    mutating func handleBlock(_ path: ElementPath, kind: Category, style: ComputedStyle, block parentBlock: BlockContext,
                              inline: InlineContext) {
        switch kind {
        case .table where parentBlock.cell == nil:
            handleTable(path, style: style, block: parentBlock, inline: inline)
            return
        case .tableRow where parentBlock.cell == nil:
            handleTableRow(path, style: style, block: parentBlock, inline: inline)
            return
        case .tableCell where parentBlock.cell == nil:
            handleTableCell(path, style: style, block: parentBlock, inline: inline)
            return
        default:
            break
        }
        if kind == .listContainer { emitPendingMarker() }
        flushParagraph()
        let firstParagraph = output.paragraphs.count
        avoidBreak(before: style, first: firstParagraph)
        // A row group (`thead`, `tbody`, `tfoot`) of the table being read: no `rowspan` reaches into or out of it.
        let rowGroup = !tables.isEmpty && parentBlock.cell == nil
            && (XHTMLConverter.rowGroups.contains(path.element.lowercasedName) || style.tablePart == .rowGroup)
        if rowGroup { endRowGroup(); enterRowGroup(style) }
        defer { if rowGroup { endRowGroup() } }
        var block = enterBlock(path, style: style, parent: parentBlock)
        let floatsBefore = floatBoxes.count
        switch kind {
        case .listContainer:
            block.listDepth += 1
            walkList(path, block: block, inline: inline)
        case .listItem:
            walkListItem(path, number: nil, ordered: false, block: block, inline: inline)
        case .block where style.display == .listItem:
            // `display: list-item` on another block (a `<div>`): a bulleted item.
            walkListItem(path, number: nil, ordered: false, block: block, inline: inline)
        default:
            if path.element.lowercasedName == "pre" { preStartsHere = true }
            walkChildren(path, block: block, inline: inline)
            if output.paragraphs.count == firstParagraph, line.isEmpty { appendEmptyBlock(path.element.htmlName, style: style, block: block, inline: inline) }
            preStartsHere = false
        }
        flushParagraph()
        if style.overflowContainsFloats || style.displayContainsFloats { containFloats(since: floatsBefore, block: block) }
        if rowGroup { leaveRowGroup(style, range: firstParagraph..<output.paragraphs.count) }
        avoidBreaks(of: style, from: firstParagraph)
        leaveBlock(path, style: style)
    }

    // MARK: Blocks

    /// The block context inside a block element: its role, language, direction and indents; its vertical
    /// margins and page break go to the space before the next paragraph, and its `::first-letter` style waits for
    /// its first letter.
    mutating func enterBlock(_ path: ElementPath, style: ComputedStyle, parent: BlockContext) -> BlockContext {
        let element = path.element
        let name = element.lowercasedName
        var block = parent
        block.style = style
        pendingContinuation = false
        if let language = language(of: element) { block.language = language }
        if let direction = style.direction { block.direction = direction }
        switch element.htmlName {
        case .blockquote?: block.role = .blockQuote
        case .nav?: block.inNavigation = true
        case .li?: block.role = .listItem
        case let known?: if let level = known.headingLevel { block.role = .heading(level: level) }
        case nil: break
        }
        if style.display == .listItem { block.role = .listItem }
        if style.whiteSpace == .pre { block.role = .preformatted }
        let isRoot = element.htmlName?.isRoot == true
        // The break comes before the block's margin and border: those open the page after it.
        if style.breakBefore == .page && style.isSeen { noteForcedBreak() }
        if !isRoot {
            // Margins and padding indent the block's lines (a right-to-left block's start is its right), in the
            // line frame: a vertical document's top and bottom indent them, its right and left (for vertical-rl)
            // space blocks apart (``ComputedStyle/inLineFrame(_:)``); a block of its own mode (laid out in it) turns
            // by that.
            let box = style.inLineFrame(style.writingMode ?? output.writingMode)
            let left = (box.marginLeft ?? 0) + box.padding.left
            let right = (box.marginRight ?? 0) + box.padding.right
            let percents = box.inlinePercents
            let rightToLeft = block.direction == .rightToLeft
            block.indent(by: rightToLeft ? (right, percents.right) : (left, percents.left),
                         and: rightToLeft ? (left, percents.left) : (right, percents.right), within: parent)
            // A block the reader does not see has no box: its margins and breaks are nothing.
            if style.isSeen { noteSpace(blockMargin(box, before: true), of: element.htmlName) }
            openBox(element.htmlName, style: box, parent: parent, block: &block)
            noteWidth(name, style: style, parent: parent, block: &block)
        }
        if publisherStyles && style.isSeen { paragraphClear.formUnion(style.clear) }
        enterColumns(style, block: &block)
        if publisherStyles, sheet.hasFirstLetterRules, let firstLetter = firstLetterStyle(path, style: style) {
            pendingFirstLetter = firstLetter
        }
        return block
    }

    /// The most a block's margins and padding indent its lines, in ems (as deep as verse and nested quotes go; the
    /// layout limits indents to half the column).
    static let maximumIndent = 16.0

    mutating func leaveBlock(_ path: ElementPath, style: ComputedStyle) {
        if !tables.isEmpty { closeAnonymousTables(ownedBy: elementDepth) }
        guard path.element.htmlName?.isRoot != true else { return }
        let box = style.inLineFrame(style.writingMode ?? output.writingMode)
        closeBox(path.element.htmlName, style: box)
        if style.isSeen { noteSpace(blockMargin(box, before: false), of: path.element.htmlName) }
        if style.breakAfter == .page && style.isSeen { noteForcedBreak() }
        pendingFirstLetter = nil
        pendingContinuation = true
    }

    /// The margin a block puts before (or after) itself: the top (bottom) one of its box in the line frame
    /// (`box`, ``ComputedStyle/inLineFrame(_:)``), which in vertical text is the one on the side its lines come
    /// from (go to).
    func blockMargin(_ box: ComputedStyle, before: Bool) -> (margin: Double?, fromPublisher: Bool, book: Double?) {
        before ? (box.marginTop, box.marginTopFromPublisher, box.bookMarginTop)
            : (box.marginBottom, box.marginBottomFromPublisher, box.bookMarginBottom)
    }

    /// A forced break before the next paragraph: it starts a section (a page), and only the space noted from here on
    /// opens that page.
    mutating func noteForcedBreak() {
        pendingBreakBefore = true
        spaceAfterBreak = SpaceAfterBreak()
    }

    /// Forgets the margins and page break noted for the paragraph just made.
    mutating func clearPendingSpace() {
        pendingMargins = CollapsingMargins()
        pendingMarginFromPublisher = false
        pendingReaderSpacing = []
        pendingBookMargin = 0
        pendingBookMarginSaid = false
        pendingBreakBefore = false
        spaceAfterBreak = SpaceAfterBreak()
    }

    /// Collapses a margin of element `name` into the space before the next paragraph, as CSS collapses adjoining margins.
    mutating func noteSpace(_ margin: (margin: Double?, fromPublisher: Bool, book: Double?), of name: HTMLElementName?) {
        noteSpace(margin.margin, fromPublisher: margin.fromPublisher, book: margin.book, of: name)
    }

    /// Collapses a margin (of element `name`, nil for space of the converter's own) into the space before the next
    /// paragraph, as CSS collapses adjoining margins.
    mutating func noteSpace(_ margin: Double?, fromPublisher: Bool, book: Double?, of name: HTMLElementName?) {
        if let name, name.isSpacedBlock {
            // A margin the book left to a browser's default (``ReaderSpacing/defaulted``).
            let defaulted = name.hasDefaultMargins && !fromPublisher && book == nil
            pendingReaderSpacing.formUnion(defaulted ? [.spaced, .defaulted] : .spaced)
        }
        if let margin {
            pendingMargins.note(margin)
            spaceAfterBreak.note(margin)
            if fromPublisher { pendingMarginFromPublisher = true }
        }
        if let book {
            pendingBookMargin = max(pendingBookMargin, book)
            pendingBookMarginSaid = true
        }
    }

    /// The block's `text-align` and `text-align-last` as the paragraph's logical alignments. Centring, and the
    /// end alignment of one element (a signature), carry meaning; the alignment of running text is the book's,
    /// which the reader's `align` replaces when they set it. CSS's `left` and `right` are physical: in a block
    /// without `dir`, whose paragraph takes its direction from its first strong character (a Hebrew paragraph
    /// in an English document), they turn into start or end by that direction, as the layout will resolve it.
    /// Always inlined (its one caller is mutating: a call copied the whole converter to pass it as `self`).
    @inline(__always)
    private func applyAlignment(of block: BlockContext, to style: inout ParagraphStyle) {
        let direction = block.direction ?? (block.style.hasPhysicalAlignment ? WritingDirection(firstStrongOf: line[...]) : nil)
        if let alignment = block.style.textAlignment(direction: direction) {
            if alignment == .center || (alignment == .end && !block.style.alignmentFromRoot) {
                style.alignment = alignment
            } else {
                style.bookAlignment = alignment
            }
        }
        style.lastLineAlignment = block.style.lastLineAlignment(direction: direction)
    }

    @inline(__always)
    mutating func flushParagraph() {
        pendingSpace = false
        pendingSpaceHidden = false
        // Most calls find nothing to end (a block's start and end): they stay here, out of the long function below.
        guard let block = paragraphBlock else { joinAfterFloat = nil; return }
        flushParagraph(block)
    }

    /// Ends the paragraph being built in `block` (``flushParagraph()``).
    private mutating func flushParagraph(_ block: BlockContext) {
        // A line break that ends a block makes no empty line after it (as in HTML).
        if hasLineBreak, line.last == 0x2028, line.count > 1 || block.role != .preformatted {
            line.removeLast()
            if let last = runs.last {
                if last.range.count <= 1 { runs.removeLast() } else { runs[runs.count - 1].range = last.range.lowerBound..<(last.range.upperBound - 1) }
            }
        }
        let hidden = !runs.isEmpty && runs.allSatisfy { $0.style.isHidden }
        // A copy of the default style, not a new one: the initializer writes each of its values through its setter.
        var style = ParagraphStyle.body
        style.role = block.role
        style.innerLineBreaks = hasLineBreak || block.role == .preformatted ? .preserve : .collapse
        style.baseDirection = block.direction
        applyAlignment(of: block, to: &style)
        style.firstLineIndent = block.firstLineIndent
        style.indentFractions = block.fractions(firstLine: style.firstLineIndent != nil)
        if onlyImages && line.contains(0xFFFC) {
            // Images alone in their paragraph are block images: centred unless the book aligns them to the end.
            style.alignment = style.alignment == .end ? .end : .center
            style.firstLineIndent = 0
            style.indentFractions.firstLine = 0
            for index in paragraphFirstImage..<output.images.count { output.images[index].isBlock = true }
        } else if !hidden {
            output.hasText = true
        }
        paragraphFirstImage = output.images.count
        style.blockIndent = block.startIndent
        style.endIndent = block.endIndent
        style.language = block.language == bookLanguage ? nil : block.language
        style.lineHeight = block.style.lineHeight
        style.hyphenation = block.style.hyphens
        style.lineBreak = paragraphBreakRules?.lineBreak ?? block.style.lineBreak
        style.wordBreak = paragraphBreakRules?.wordBreak ?? block.style.wordBreak
        // Only preformatted text keeps its tabs (ParagraphShaper+TabStops.swift); other paragraphs keep no value.
        if block.role == .preformatted { style.tabSize = block.style.tabSize }
        style.markerLength = paragraphMarkerInside ? 0 : paragraphMarkerLength
        style.dropCap = paragraphDropCap
        // Text not shown between a table's cells (a page-break marker between rows) is the cell's before it: a
        // paragraph outside the cells would end the table.
        style.tableCell = block.cell ?? (hidden && !tables.isEmpty ? lastCellOfOpenTable : nil)
        style.boxes = block.boxes
        if !block.widths.isEmpty { style.widths = block.widths }
        placeInFloatAndColumns(&style, block: block)
        settleSpace(of: &style, block: block, hidden: hidden)
        let start = output.units.count
        output.paragraphs.append(SpineItemText.ParagraphDraft(start: start, length: line.count + 1, contentLength: line.count,
                                                              runs: runs, style: style, writingMode: block.style.writingMode,
                                                              joinsAcrossFloat: joinAfterFloat))
        joinAfterFloat = nil
        output.units.append(contentsOf: line)
        output.units.append(0x0A)
        line.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        lastVisibleIsSpace = true
        paragraphBlock = nil
        lineHasContent = false
        hasLineBreak = false
        onlyImages = true
        paragraphMarkerLength = 0
        paragraphMarkerInside = false
        paragraphDropCap = nil
        pendingFirstLetter = nil
        paragraphBreakRules = nil
    }

    // MARK: Inline content

    /// `<q>`: its text between the quotation marks its `quotes` gives for its depth (`auto`: its language's; `none`:
    /// none). The marks are text, as list markers are: they depend on the book alone (its `quotes` as the reference
    /// page styles it, with its styles on or off), so offsets stay stable under any setting.
    /// A `<q>` whose text already starts and ends with quotation marks (books typed with the marks inside it) gets
    /// no more, as a browser's doubled marks would be the book's mistake made visible.
    mutating func walkQuotation(_ path: ElementPath, block: BlockContext, inline: InlineContext) {
        let text = path.element.textContent.trimmingWhiteSpace()
        if let first = text.first, let last = text.last, text.count > 1,
           QuotationMarks.characters.contains(first), QuotationMarks.characters.contains(last) {
            walkChildren(path, block: block, inline: inline)
            return
        }
        let marks = QuotationMarks(quotes: inline.style.quotes, language: inline.language, depth: quotationDepth)
        if !marks.open.isEmpty { appendUnits(Array(marks.open.utf16), block: block, inline: inline) }
        quotationDepth += 1
        walkChildren(path, block: block, inline: inline)
        quotationDepth -= 1
        // White space before `</q>` goes after the closing mark.
        let spaceAfter = pendingSpace
        pendingSpace = false
        if !marks.close.isEmpty { appendUnits(Array(marks.close.utf16), block: block, inline: inline) }
        pendingSpace = spaceAfter
    }

    /// `<ruby>`: its text is the base, each `<rt>` the annotation of the base before it (since the ruby's start or
    /// the previous `<rt>`), `<rp>` hidden. With `<rb>` elements (HTML's ruby model, CSS Ruby 1's pairing), the
    /// annotations pair with the bases in order: `<rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt>`, and each `<rtc>`
    /// pairs its `<rt>`s with the same bases again (double-sided ruby: one container over, one under). An
    /// annotation goes on the side its `ruby-position` says. The annotation stays in the text after its base
    /// (offsets never move); an `<rt>` outside `<ruby>`, or with no base before it, is plain text or an annotation
    /// that stays hidden.
    mutating func walkRuby(_ path: ElementPath, name: String, block: BlockContext, inline: InlineContext) {
        var inline = inline
        switch name {
        case "ruby":
            rubyBaseStarts.append(-1)
            rubySegments.append(([], 0))
            let outerEnd = rubyBaseEnd
            rubyBaseEnd = nil
            walkChildren(path, block: block, inline: inline)
            rubyBaseStarts.removeLast()
            rubySegments.removeLast()
            rubyBaseEnd = outerEnd
        case "rb":
            guard !rubySegments.isEmpty else { return walkChildren(path, block: block, inline: inline) }
            // A base after annotations starts the ruby's next segment.
            if rubySegments[rubySegments.count - 1].paired > 0 { rubySegments[rubySegments.count - 1] = ([], 0) }
            rubyBaseStarts[rubyBaseStarts.count - 1] = -1
            walkChildren(path, block: block, inline: inline)
            pendingSpace = false
            let start = rubyBaseStarts[rubyBaseStarts.count - 1]
            rubySegments[rubySegments.count - 1].bases.append((start < 0 ? line.count : start)..<line.count)
            rubyBaseStarts[rubyBaseStarts.count - 1] = line.count
        case "rtc":
            guard !rubySegments.isEmpty else { return walkChildren(path, block: block, inline: inline) }
            // Each container pairs its annotations with the segment's bases from the first.
            let segment = rubySegments[rubySegments.count - 1]
            rubySegments[rubySegments.count - 1].paired = 0
            walkChildren(path, block: block, inline: inline)
            rubySegments[rubySegments.count - 1].paired = max(1, segment.paired, rubySegments[rubySegments.count - 1].paired)
        case "rt":
            guard let start = rubyBaseStarts.last else { return walkChildren(path, block: block, inline: inline) }
            // White space between the base and its annotation is not text of either.
            pendingSpace = false
            inline.ruby = RubyAnnotation(base: rubyBase(from: start), position: inline.style.rubyPosition)
            walkChildren(path, block: block, inline: inline)
            pendingSpace = false
            rubyBaseStarts[rubyBaseStarts.count - 1] = line.count
            rubyBaseEnd = nil
        default:  // rp
            guard let start = rubyBaseStarts.last else { return walkChildren(path, block: block, inline: inline) }
            pendingSpace = false
            inline.isRubyParenthesis = true
            let opening = start >= 0 && start < line.count
            if opening, rubyBaseEnd == nil { rubyBaseEnd = line.count }
            walkChildren(path, block: block, inline: inline)
            pendingSpace = false
            // The closing one, after an annotation, is not part of the next base.
            if !opening { rubyBaseStarts[rubyBaseStarts.count - 1] = line.count }
        }
    }

    /// The base of the `<rt>` being read: the next `<rb>` of the ruby's segment when it has them (an annotation
    /// past the last one has an empty base after it, and is not drawn), else the text since `start` (the ruby's
    /// start or the previous annotation), up to an `<rp>` before the annotation.
    mutating func rubyBase(from start: Int) -> Range<Int> {
        if let segment = rubySegments.last, !segment.bases.isEmpty {
            rubySegments[rubySegments.count - 1].paired += 1
            if segment.paired < segment.bases.count { return segment.bases[segment.paired] }
            let end = segment.bases[segment.bases.count - 1].upperBound
            return end..<end
        }
        let end = rubyBaseEnd ?? line.count
        return min(start < 0 ? end : start, end)..<end
    }

    mutating func appendText(_ text: String, block: BlockContext, inline: InlineContext) {
        if inline.style.whiteSpace == .pre {
            appendPreformattedText(text, block: block, inline: inline)
            return
        }
        // Both buffers at their most (a unit each), made once rather than grown by doubling for every text node.
        let length = text.utf16.count
        var units: [UInt16] = []
        units.reserveCapacity(length)
        // White space left pending by the text before (a previous node) carries into this one.
        var pending = pendingSpace && lineHasContent
        var pendingNewline = pendingSpaceHasNewline
        var pendingHidden = pendingSpaceHidden
        let unseen = inline.style.hidden || inline.style.assistiveOnly
        pendingSpace = false
        var leadingSpace = false, leadingSpaceHidden = false
        // `white-space: pre-line` collapses spaces but keeps line ends (each a U+2028, as a `<br>`).
        let keepsLineEnds = inline.style.whiteSpace == .preLine
        var previousWasCR = false
        // For the CFI table: the unit of the node each unit of `units` came from (the first of a run of collapsed
        // white space for its space), the one of the leading space, and of the pending space (-1: a space carried
        // from the node before).
        var sources: [Int32] = []
        sources.reserveCapacity(length)
        var index: Int32 = -1, leadingSource: Int32 = -1, pendingSource: Int32 = -1
        for unit in text.utf16 {
            index += 1
            if keepsLineEnds && (unit == 0x0A || unit == 0x0D) {
                if unit == 0x0A && previousWasCR { previousWasCR = false; continue }
                previousWasCR = unit == 0x0D
                if !units.isEmpty {
                    appendCollapsed(units, sources: sources, leading: leadingSpace ? (leadingSource, leadingSpaceHidden) : nil, block: block, inline: inline)
                    units.removeAll()
                    sources.removeAll()
                }
                leadingSpace = false
                pending = false
                pendingNewline = false
                appendLineBreak(block: block, inline: inline)
                recordTextUnits([index])
                continue
            }
            previousWasCR = false
            if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C {
                // Collapsible white space: one space at most, none at the start of a line.
                if lineHasContent || !units.isEmpty {
                    pendingHidden = pending ? pendingHidden && unseen : unseen
                    if !pending { pendingSource = index }
                    pending = true
                    if unit == 0x0A || unit == 0x0D { pendingNewline = true }
                }
                continue
            }
            if pending {
                // A line end between two East Asian wide characters disappears (CSS Text 3 segment breaks).
                let previous = units.last ?? line.last ?? 0x20
                if !(pendingNewline && CharacterClass.isWideUnspaced(previous) && CharacterClass.isWideUnspaced(unit)) {
                    if units.isEmpty {
                        leadingSpace = true; leadingSpaceHidden = pendingHidden; leadingSource = pendingSource
                    } else {
                        units.append(0x20)
                        sources.append(pendingSource)
                    }
                }
                pending = false
            }
            pendingNewline = false
            units.append(unit)
            sources.append(index)
        }
        if !units.isEmpty {
            appendCollapsed(units, sources: sources, leading: leadingSpace ? (leadingSource, leadingSpaceHidden) : nil, block: block, inline: inline)
        }
        if pending {
            pendingSpace = true
            pendingSpaceHasNewline = pendingNewline
            pendingSpaceHidden = pendingHidden
        }
    }

    /// Appends units of collapsed text, after a space when `leading` says so (the unit it came from, and whether it is
    /// hidden), and records in the CFI table which units of the text node they came from.
    private mutating func appendCollapsed(_ units: [UInt16], sources: [Int32], leading: (source: Int32, hidden: Bool)?,
                                          block: BlockContext, inline: InlineContext) {
        pendingSpaceHidden = leading?.hidden ?? false
        appendUnits(units, block: block, inline: inline, leadingSpace: leading != nil)
        recordTextUnits(leading.map { [$0.source] + sources } ?? sources)
        onlyImages = false
    }

    /// Text under `white-space: pre`: every space kept, each line end a U+2028 (the newline right after `<pre>`
    /// dropped, as HTML has it).
    mutating func appendPreformattedText(_ text: String, block: BlockContext, inline: InlineContext) {
        var units: [UInt16] = []
        var sources: [Int32] = []
        var index: Int32 = -1
        var previousWasCR = false
        for unit in text.utf16 {
            index += 1
            if preStartsHere && line.isEmpty && units.isEmpty && (unit == 0x0A || unit == 0x0D) {
                // The newline right after <pre> is not content (HTML).
                previousWasCR = unit == 0x0D
                continue
            }
            preStartsHere = false
            if unit == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = unit == 0x0D
            units.append(unit == 0x0A || unit == 0x0D ? 0x2028 : unit)
            sources.append(index)
            if unit == 0x0A || unit == 0x0D { hasLineBreak = true }
        }
        if !units.isEmpty {
            appendUnits(units, block: block, inline: inline)
            recordTextUnits(sources)
            onlyImages = false
        }
    }

    /// A line break: a `<br>` (`drawnForElement`, recorded as the element's unit in the CFI table) or a line end
    /// kept in the text.
    mutating func appendLineBreak(block: BlockContext, inline: InlineContext, drawnForElement: Bool = false) {
        // The line a float ended is ended already (the float sits beside it), or, when the paragraph goes on after
        // the float, the break joins the two.
        if afterInlineFloat && paragraphBlock == nil {
            afterInlineFloat = false
            if joinAfterFloat != nil { joinAfterFloat = 0x2028 }
            return
        }
        pendingSpace = false
        appendUnits([0x2028], block: block, inline: inline)
        if drawnForElement { recordElementUnits(count: 1) }
        hasLineBreak = true
        lineHasContent = false
    }

    mutating func appendImage(source: String?, alt: String?, size: ReplacedSize, inlineData: [UInt8]? = nil,
                                      block: BlockContext, inline: InlineContext) {
        var resolved: String?
        var inlineData = inlineData, problem: String?
        if inlineData != nil {
            resolved = source
        } else if let source, DataURL.isDataURL(source) {
            // Served from memory under a name of the item (`OEBPS/ch1.xhtml#data-1`), as inline drawings are.
            dataURLCount += 1
            do throws(DataURL.Problem) {
                inlineData = try DataURL(source).bytes
                resolved = path + "#data-\(dataURLCount)"
            } catch {
                problem = "image \(dataURLCount) given as a data: URL " + DataURL.describe(error)
            }
        } else if let source {
            resolved = resolvedImageSource(source)
        }
        let altText = alt.map(XMLElement.collapseWhiteSpace)
        let offset = nextContentOffset
        // The reader learns the image's own size and presentation from its header and its place (EPUBReader).
        var sizing = ReplacedSizing(minWidth: size.minWidth.flatMap(Self.attachmentWidth),
                                    minHeight: size.minHeight.flatMap(Self.attachmentHeight), objectFit: size.objectFit)
        sizing.colorFilter = size.colorFilter
        let attachment = TextAttachment(source: resolved, altText: altText, intrinsicSize: nil,
                                        width: size.width.flatMap(Self.attachmentWidth), height: size.height.flatMap(Self.attachmentHeight),
                                        maxWidth: size.maxWidth.flatMap(Self.attachmentWidth),
                                        maxHeight: size.maxHeight.flatMap(Self.attachmentHeight), sizing: sizing)
        appendUnits([0xFFFC], block: block, inline: inline, attachment: attachment)
        recordElementUnits(count: 1)
        output.images.append(SpineItemText.ImageDraft(offset: offset, path: resolved, altText: altText, inlineData: inlineData,
                                                      problem: problem))
    }

    /// The entry path an image's `source` names in the book, nil for one outside it (``resolvedImageSources``).
    private mutating func resolvedImageSource(_ source: String) -> String? {
        if let known = resolvedImageSources[source] { return known }
        var resolved: String?
        if case .inBook(let imagePath, _)? = EPUBPath.resolve(source, relativeTo: path) { resolved = imagePath }
        resolvedImageSources[source] = .some(resolved)
        return resolved
    }

    /// Where the next unit of content goes: after the pending collapsed space, if there is one.
    private var nextContentOffset: Int { output.units.count + line.count + (pendingSpace && lineHasContent ? 1 : 0) }

    /// Appends units to the paragraph being built (starting one in `block` if none is), with the style of
    /// `inline`, first emitting any pending collapsed space and placing pending anchors. The first units of a
    /// paragraph bring the list marker waiting for them, and take a `::first-letter` style (or make a drop cap).
    mutating func appendUnits(_ units: [UInt16], block: BlockContext, inline: InlineContext, leadingSpace: Bool = false,
                              attachment: TextAttachment? = nil) {
        guard !units.isEmpty else { return }
        if paragraphBlock == nil {
            paragraphBlock = block
            afterInlineFloat = false
            // White space right after a float in the middle of a paragraph is the space that joins the text.
            if pendingSpace, joinAfterFloat == SpineItemText.ParagraphDraft.noSeparator { joinAfterFloat = 0x20 }
        }
        if paragraphBreakRules == nil { paragraphBreakRules = (inline.style.lineBreak, inline.style.wordBreak) }
        if line.isEmpty { appendPendingMarker() }
        var textStyle = textStyle(inline)
        if let ruby = inline.ruby { textStyle.ruby = ruby }
        if inline.isRubyParenthesis { textStyle.isHidden = true }
        if let attachment { textStyle.attachment = attachment }
        // The space goes before the anchors: an element's id points at its first character, not at the space.
        // It belongs to the text before it (a hidden span after a space does not hide the space), but is part of
        // a link only between two units of that link, so that a link's run ends with its last character. After
        // hidden text (a page number the book hides), it is the visible text's: shown when the last visible unit is
        // not a space ("marker<span hidden>12</span> in" reads "marker in"), hidden when it is (one space, not two).
        if leadingSpace || (pendingSpace && lineHasContent) {
            var spaceStyle = runs.last?.style ?? textStyle
            if spaceStyle.isHidden && !pendingSpaceHidden && !textStyle.isHidden && !lastVisibleIsSpace { spaceStyle = textStyle }
            spaceStyle.attachment = nil
            if spaceStyle.link != textStyle.link { spaceStyle.link = nil }
            if spaceStyle.inlineBoxes != textStyle.inlineBoxes { spaceStyle.inlineBoxes = Self.boxes(around: spaceStyle, textStyle) }
            // Between two directional embeddings, in the one around both (so that an isolate's edge keeps its space
            // outside it, where the text on both sides sees it).
            if spaceStyle.bidi != textStyle.bidi { spaceStyle.bidi = BidiEmbedding.innermostCommon(spaceStyle.bidi, textStyle.bidi) }
            if pendingSpaceHidden && !spaceStyle.isHidden {
                spaceStyle.isHidden = true
                spaceStyle.backgroundColor = nil
                spaceStyle.decoration = []
            }
            append([0x20], style: spaceStyle)
        }
        pendingSpace = false
        pendingSpaceHidden = false
        if !cfi.pendingStarts.isEmpty { cfi.placeStarts(at: currentOffset) }
        if !pendingAnchors.isEmpty {
            let offset = output.units.count + line.count
            for anchor in pendingAnchors where output.anchors[anchor] == nil { output.anchors[anchor] = offset }
            pendingAnchors.removeAll()
        }
        if !pendingPageBreaks.isEmpty {
            let offset = output.units.count + line.count
            for label in pendingPageBreaks { output.pageBreaks.append((offset, label)) }
            pendingPageBreaks.removeAll()
        }
        // Rubies waiting for their base's first unit: this one.
        for index in rubyBaseStarts.indices where rubyBaseStarts[index] < 0 { rubyBaseStarts[index] = line.count }
        if attachment == nil, line.count == paragraphMarkerLength, appendFirstLetter(units, block: block, inline: inline) {
            lineHasContent = true
            return
        }
        append(units, style: textStyle)
        lineHasContent = true
    }

    /// The character style of text in `inline`, in the paragraph being built: the language only where it
    /// differs from the paragraph's, the family only where the book provides it (or asks for monospace).
    /// Always inlined, and the family found by a static function: called for every run of text from mutating code, a
    /// call copied the whole converter (2,000 bytes) to pass it as `self`.
    @inline(__always)
    func textStyle(_ inline: InlineContext) -> TextStyle {
        let paragraphLanguage = paragraphBlock?.language
        var style = inline.style.textStyle(language: inline.language == paragraphLanguage ? nil : inline.language,
                                           link: inline.link)
        style.fontFamily = Self.fontFamily(inline.style.fontFamilies, embedded: embeddedFamilies)
        if inline.isGenerated { style.isGenerated = true }
        style.bidi = inline.bidi
        return style
    }

    /// The first family of a `font-family` list that the book embeds, or the first generic family that is not the
    /// reader's: `sans-serif` and `monospace` as they are (fontconfig maps them per script: see
    /// ``FontDescriptor/language``), `system-ui` as `sans-serif` (the interface face of a Linux desktop is
    /// fontconfig's sans-serif); nil (the reader's family) when `serif`, `cursive`, `fantasy` or nothing usable
    /// comes first. The reader's family stands for `serif`: it is the body face they chose or our serif default.
    /// `cursive` and `fantasy` stay with it too: fontconfig has a face for neither on most systems and answers its
    /// sans default, further from a book's script or display face than its body face is. An installed family the
    /// book does not embed is passed over, as before, so that books look alike on every machine. `embedded` is
    /// ``embeddedFamilies``.
    static func fontFamily(_ families: [String]?, embedded embeddedFamilies: Set<String>) -> String? {
        guard let families else { return nil }
        for family in families {
            switch family {
            case "sans-serif", "monospace": return family
            case "system-ui": return "sans-serif"
            case "serif", "cursive", "fantasy": return nil
            default: if embeddedFamilies.contains(family.lowercased()) { return family }
            }
        }
        return nil
    }

    mutating func append(_ units: [UInt16], style: TextStyle) {
        let start = line.count
        line.append(contentsOf: units)
        if !style.isHidden, let last = units.last { lastVisibleIsSpace = last == 0x20 || last == 0x2028 }
        // An image's unit is a run of its own (two images side by side are two attachments).
        if let last = runs.last, last.style == style, last.range.upperBound == start, style.attachment == nil, !style.combinesUpright {
            runs[runs.count - 1].range = last.range.lowerBound..<line.count
        } else {
            runs.append(AttributeRun(range: start..<line.count, style: style))
        }
    }

    // MARK: Attributes and styles

    /// The element's style: the built-in sheet's rules, then the book's (its sheets and `style` attribute), in
    /// cascade order; with publisher styles off, the book's declarations that carry meaning only.
    ///
    /// A rule under a media condition applies when the condition holds on the reader's page and theme, except for
    /// what makes the text itself (``ComputedStyle/takeStructure(from:)``: block or inline, white space, list
    /// markers, quotation marks), which follows the reference page (``MediaEnvironment/reference``), so that the text and its offsets
    /// are the same on every device.
    func resolveStyle(_ path: ElementPath, parent: ComputedStyle, isRoot: Bool = false) -> ComputedStyle {
        resolveStyle(path, rules: matchingRules(path), parent: parent, isRoot: isRoot)
    }

    /// The built-in sheet's and the book's rules that match the element, each in cascade order.
    func matchingRules(_ path: ElementPath) -> (builtIn: [CSSRule], book: [CSSRule]) {
        (UserAgentStyleSheet.sheet.matchingRules(path), sheet.matchingRules(path))
    }

    /// The element's style from its matching `rules` (``matchingRules(_:)``). Always inlined, the work done by a
    /// static function given the parts it reads: resolved for every element from mutating code, a call copied the
    /// whole converter (2,000 bytes) to pass it as `self`.
    @inline(__always)
    func resolveStyle(_ path: ElementPath, rules: (builtIn: [CSSRule], book: [CSSRule]), parent: ComputedStyle,
                      isRoot: Bool) -> ComputedStyle {
        Self.resolveStyle(path, rules: rules, parent: parent, isRoot: isRoot, publisherStyles: publisherStyles, media: media,
                          ignoredStyleAttributes: ignoredStyleAttributes)
    }

    /// ``resolveStyle(_:rules:parent:isRoot:)`` with the converter's ``publisherStyles``, ``media`` and
    /// ``ignoredStyleAttributes``.
    static func resolveStyle(_ path: ElementPath, rules: (builtIn: [CSSRule], book: [CSSRule]), parent: ComputedStyle,
                             isRoot: Bool, publisherStyles: Bool, media: MediaAnswers,
                             ignoredStyleAttributes: IgnoredCSSSink?) -> ComputedStyle {
        var style = parent.inherited
        if let direction = Self.direction(of: path.element) { style.direction = direction }
        typealias Declarations = [(declaration: CSSDeclaration, source: ComputedStyle.Source)]
        let builtIn = ComputedStyle.Source(fromPublisher: false, publisherStyles: publisherStyles)
        let book = ComputedStyle.Source(fromPublisher: true, publisherStyles: publisherStyles)
        let builtInRules = rules.builtIn, bookRules = rules.book
        let inline = path.element.attribute("style").map { CSSParser.parseDeclarations($0, ignored: ignoredStyleAttributes) } ?? []
        let hint = Self.mathColorHint(path.element)
        // The declarations in cascade order, with the book's rules whose condition holds on the reader's page (or
        // on the reference page). Built once more only when a condition answers the two differently, so an element
        // costs one array, not two copied on every book rule.
        func declarations(holding answers: [Bool]) -> Declarations {
            var list = Declarations()
            list.reserveCapacity(builtInRules.reduce(inline.count) { $0 + $1.declarations.count } + bookRules.reduce(0) { $0 + $1.declarations.count })
            for rule in builtInRules { for declaration in rule.declarations { list.append((declaration, builtIn)) } }
            if let hint { list.append((hint, builtIn)) }
            for rule in bookRules where rule.condition.map({ answers[$0] }) ?? true {
                for declaration in rule.declarations { list.append((declaration, book)) }
            }
            for declaration in inline { list.append((declaration, book)) }
            return list
        }
        let live = declarations(holding: media.live)
        let differs = bookRules.contains { rule in rule.condition.map { media.live[$0] != media.reference[$0] } ?? false }
        let root = isRoot || path.element.lowercasedName == "html"
        if !live.isEmpty { style.apply(live, parent: parent, isRoot: root) }
        if differs {
            var structure = parent.inherited
            structure.apply(declarations(holding: media.reference), parent: parent, isRoot: root)
            style.takeStructure(from: structure)
        }
        return style
    }

    /// MathML's `mathcolor` (and MathML 3's deprecated `color`): a presentational hint for CSS `color` (MathML Core
    /// §3.2.5.1), so it goes in after the built-in sheet and before the book's rules (CSS 2.1 §6.4.4), and any rule
    /// of the book wins over it, even one that sets the parent's colour. Kept with the book's styles off, as a
    /// colour in a formula can carry meaning.
    static func mathColorHint(_ element: XMLElement) -> CSSDeclaration? {
        guard element.namespace == XMLNamespace.mathml,
              let value = element.attribute("mathcolor") ?? element.attribute("color"),
              let color = CSSColor.parse(value.trimmingWhiteSpace().lowercased()) else { return nil }
        return .color(color)
    }

    @inline(__always)
    func language(of element: XMLElement) -> String? { ElementPath.ownLanguage(element) }

    @inline(__always)
    func direction(of element: XMLElement) -> WritingDirection? { Self.direction(of: element) }

    /// The direction HTML's `dir` attribute gives `element`, if any.
    static func direction(of element: XMLElement) -> WritingDirection? {
        switch element.attribute("dir")?.trimmingWhiteSpace().lowercased() {
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default: return nil
        }
    }

    /// Always inlined into its one caller, which is mutating: a call copied the whole converter to pass it as `self`.
    @inline(__always)
    private func resolveLink(_ href: String) -> String? {
        switch EPUBPath.resolve(href, relativeTo: path) {
        case .inBook(let target, let fragment)?: return fragment.map { target + "#" + $0 } ?? target
        case .external(let url)?: return url
        case nil: return nil
        }
    }

    // MARK: Images, links and notes

    /// The size the book gives an image: CSS `width`, `height`, `max-width`, `max-height`, else HTML's `width` and
    /// `height` attributes (CSS pixels, or a percentage), which CSS overrides.
    func imageSize(_ element: XMLElement, style: ComputedStyle) -> ReplacedSize {
        var size = style.replacedSize
        func attribute(_ name: String) -> CSSLength? {
            guard let value = element.attribute(name)?.trimmingWhiteSpace(), !value.isEmpty else { return nil }
            if let number = Double(value), number.isFinite, number >= 0 { return .px(number) }
            guard let length = CSSLength(Substring(value)), !length.isNegative, length != .auto else { return nil }
            return length
        }
        if size.width == nil { size.width = attribute("width") }
        if size.height == nil { size.height = attribute("height") }
        return size
    }

    /// A CSS length as an attachment's: a CSS pixel is a point (as on Apple's screens), so `12pt` is 16 points;
    /// ems stay relative to the image's text, percentages to the column (a width) and the page (a height,
    /// `vertical`). A width in `vw` and a height in `vh` are those percentages (the viewport is the page's content
    /// box, whose width a column of a one-column page is); other viewport lengths are of the reference page
    /// (``CSSLength/referenceViewport``), in points.
    static func attachmentLength(_ length: CSSLength, vertical: Bool) -> TextAttachment.Length? {
        switch length {
        case .px(let value): .points(value)
        case .pt(let value): .points(value * 4 / 3)
        case .em(let value): .ems(value)
        case .rem(let value): .ems(value)
        case .percent(let value): .percent(value)
        case .viewport(let value, .height) where vertical, .viewport(let value, .width) where !vertical: .percent(value)
        case .viewport(let value, let axis): .points(value / 100 * CSSLength.referenceExtent(axis))
        // A sum of units (`calc(50% - 1em)`) has no one unit an attachment keeps: its parts are added in ems, a
        // percentage taken of the reference measure as a margin's is (``CSSLength/percentEm``).
        case .sum: .ems(length.ems(fontScale: 1))
        case .auto: nil
        }
    }

    /// ``attachmentLength(_:vertical:)`` of a width.
    static func attachmentWidth(_ length: CSSLength) -> TextAttachment.Length? { attachmentLength(length, vertical: false) }

    /// ``attachmentLength(_:vertical:)`` of a height.
    static func attachmentHeight(_ length: CSSLength) -> TextAttachment.Length? { attachmentLength(length, vertical: true) }

    /// For an `<img>` in a `<picture>`, the first `<source>` before it whose media query applies and whose
    /// `type` (or, untyped, whose first `srcset` candidate's extension) is an image the reader draws: HTML's own
    /// fallback, so that a book can offer a modern format with an older one after it, or the other way round.
    private mutating func pictureSource(of path: ElementPath) -> String? {
        guard let picture = path.parent?.element, picture.lowercasedName == "picture" else { return nil }
        for source in picture.elements {
            if source === path.element { break }
            guard source.lowercasedName == "source", let srcset = source.attribute("srcset") else { continue }
            if let media = source.attribute("media").map(MediaQueryList.init(parsing:)) {
                noteMediaDependence(media)
                guard media.matches(environment) else { continue }
            }
            let first = srcset.split(separator: ",").first.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first }
            guard let url = first.map(String.init), !url.isEmpty else { continue }
            if let type = source.attribute("type") {
                if ImageMediaType.isDrawable(type) { return url }
            } else if ImageMediaType.hasDrawableExtension(url) || DataURL.isDataURL(url) {
                return url
            }
        }
        return nil
    }

    /// Whether an `<object>`'s data is an image the reader draws: by its `type`, else by its extension.
    private static func objectIsDrawableImage(_ element: XMLElement, data: String) -> Bool {
        if let type = element.attribute("type") { return ImageMediaType.isDrawable(type) }
        return ImageMediaType.hasDrawableExtension(data)
    }

    /// An inline `<svg>`: a wrapper around pictures (the usual cover page: `<svg><image href="cover.jpg"/></svg>`)
    /// is those pictures; any other drawing is an image of its own, its document written out and served under
    /// a name of the item (`OEBPS/ch1.xhtml#svg-1`). Its text and shapes are not reading text.
    private mutating func appendSVG(_ element: XMLElement, style: ComputedStyle, block: BlockContext, inline: InlineContext) {
        let title = element.firstElement(named: "title")?.collapsedText
        let alt = element.attribute("aria-label") ?? title
        let pictures = element.descendants(named: "image")
        for image in pictures {
            let source = image.attribute("href", namespace: XMLNamespace.xlink) ?? image.attribute("href")
            appendImage(source: source, alt: alt, size: ReplacedSize(), block: block, inline: inline)
        }
        guard pictures.isEmpty else { return }
        inlineSVGCount += 1
        // Its `width` and `height` are CSS's (SVG 2: presentation attributes of the outer `<svg>`, a missing width
        // being 100%); the box they make is the drawing's viewport, so the document itself fills it.
        var size = imageSize(element, style: style)
        if size.width == nil { size.width = .percent(100) }
        let own = SVGWriter.document(element)
        appendImage(source: path + "#svg-\(inlineSVGCount)", alt: alt, size: size,
                    inlineData: SVGWriter.document(element, css: documentCSS, fillsViewport: true), block: block, inline: inline)
        output.images[output.images.count - 1].natural = ImageHeader.pixelSize(own).map {
            ReplacedSizing(naturalWidth: $0.width, naturalHeight: $0.height, naturalRatio: $0.width / $0.height)
        } ?? ImageHeader.svgPartialDimensions(own)
    }

    /// The note role an element's markup gives it, applied: a footnote is hidden from the flow (as Readium
    /// hides them: it is read in a popup), a section of notes marks its content.
    func applyNoteRole(_ role: NoteRole, name: String, to inline: inout InlineContext) {
        if role.hidesFromFlow { inline.style.hidden = true }
        if role == .notesSection { inline.inNotes = true }
        if name == "sup" { inline.isRaised = true }
    }

    /// Records, when an element is done, the link it is and the note it may be.
    mutating func recordLinkAndNote(_ element: XMLElement, linkStart: Int?, inline: InlineContext, noteRole: NoteRole,
                                            markerLength: Int = 0) {
        let end = output.units.count + line.count
        if let linkStart, let href = inline.link, end > linkStart {
            let types = NoteRole.types(of: element)
            let raised = inline.isRaised || element.elements.contains { $0.lowercasedName == "sup" }
            output.links.append(SpineItemText.LinkDraft(range: linkStart..<end, href: href,
                                                        isMarkedNoteReference: types.contains("noteref"),
                                                        isBacklink: types.contains("backlink"), isRaised: raised))
        }
        if let id = element.id, noteRole.mayBeANote {
            output.notes.append(SpineItemText.NoteDraft(id: id, end: end, role: noteRole, markerLength: markerLength))
        }
    }
}
