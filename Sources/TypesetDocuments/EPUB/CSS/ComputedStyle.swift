import TypesetCore

/// The resolved style of one element: the inherited character and paragraph properties, plus the box
/// properties (margins, padding, borders, breaks) that belong to the element alone. Lengths are in ems of the
/// reader's body size.
@dynamicMemberLookup
struct ComputedStyle: Sendable {
    /// What `list-style-type` says for the items of a list.
    enum ListMarker: Equatable, Sendable {
        /// Not said: `•`/`◦` in `<ul>`, decimal in `<ol>`.
        case `default`
        /// `none`: the marker is kept in the text and set invisibly.
        case hidden
        case style(ListStyleType)
    }

    /// The style's values, behind ``storage``: what was its stored properties, read and written through
    /// ``subscript(dynamicMember:)`` as before.
    struct Values: Sendable {
        // Inherited.
        var italic = false
        var weight = 400
        /// Font size as a multiple of the body size.
        var fontScale = 1.0
        /// Whether the font size comes from the default size through keywords and relative sizes only (no length
        /// in absolute units on the way), as browsers track it to give `font-family: monospace` its smaller default
        /// (``applyMonospaceDefault(parent:)``).
        var sizeFromKeyword = true
        var smallCaps = false
        /// The book's `font-family` list, as written (generic names lower-cased); nil when no rule set one.
        var fontFamilies: [String]?
        var ligatures = true
        /// The font feature properties other than small caps and common ligatures (`font-variant-numeric`...).
        var fontFeatures = CSSFontFeatures()
        /// `text-align`, or nil for the reader's alignment; `alignmentFromRoot` when it was set on `<html>` or
        /// `<body>` (the book's alignment of running text, which the reader's `align` replaces).
        var alignment: CSSDeclaration.Alignment?
        var alignmentFromRoot = false
        /// `text-indent` in body ems, or nil for the reader's indent; a percentage taken of the reference measure.
        var textIndent: Double?
        /// The percentage part of `text-indent` as a fraction of the block's own content width (CSS Text 3 §8.1),
        /// which the layout resolves (``TypesetCore/IndentFractions/firstLine``); ``textIndent`` holds it too, taken
        /// of ``CSSLength/referenceMeasure``.
        var textIndentFraction = 0.0
        /// Hidden by `display: none` on the element or an ancestor (see ``XHTMLConverter``).
        var hidden = false
        var listMarker = ListMarker.default
        /// `list-style-position: inside`: the marker starts the first line instead of hanging before it.
        var listMarkerInside = false
        /// `list-style-image`: drawn instead of the type's marker when the book has it.
        var listMarkerImage: ListStyleImage?
        var whiteSpace = CSSDeclaration.WhiteSpace.normal
        var color: Color?
        /// Text decorations propagate to descendants (CSS draws the ancestor's lines across them).
        var decoration: TextDecorationLines = []
        /// How the lines are drawn (``DecorationLook``: `text-decoration-style`, `-color`, `-thickness` in ems of
        /// the element's text), carried with them.
        var decorationStyle = DecorationLook.Style.solid
        var decorationColor: Color?
        var decorationThickness: Double?
        var textTransform = TextTransform.none
        /// Letter and word spacing in ems of the element's own size, as CSS computes `em` at the element.
        var letterSpacing = 0.0
        var wordSpacing = 0.0
        /// How far the text is raised, in body ems (accumulated: a `<sup>` inside a `<sup>` rises twice).
        var baselineShift = 0.0
        /// `line-height` as a multiple of the font size, or nil for the reader's.
        var lineHeight: Double?
        /// `hyphens`, or nil for the reader's.
        var hyphens: Bool?
        /// `text-align-last`, or nil for `auto`.
        var alignmentLast: CSSDeclaration.Alignment?
        var lineBreak = LineBreakStrictness.auto
        var wordBreak = WordBreakRule.normal
        /// `tab-size` in spaces, or nil for 8 (inherited).
        var tabSize: Double?
        /// `text-underline-position: under`.
        var underlineBelowDescenders = false
        /// `text-underline-position: left` (vertical text).
        var underlineLeft = false
        /// `writing-mode`, or nil when no rule set it.
        var writingMode: WritingMode?
        /// The inline base direction: the `dir` attribute (set before the cascade, as HTML's presentational hint) or
        /// `direction`; nil when neither said (left to right).
        var direction: WritingDirection?
        /// `quotes`: the marks of `<q>` and of `open-quote` and `close-quote`.
        var quotes = CSSQuotes.auto
        /// `hanging-punctuation` at line ends, or nil when no rule set it.
        var hangingPunctuation: Bool?
        /// `text-combine-upright` (tate-chū-yoko).
        var combineUpright = false
        /// `text-orientation`.
        var textOrientation = TextOrientation.mixed
        /// `ruby-position` (inherited, as CSS Ruby 1 has it).
        var rubyPosition = RubyPosition.over
        /// `text-emphasis-style` (nil for `none`), `-color` (nil for `currentColor`) and `-position`: all three
        /// inherited, as CSS Text Decoration 3 has them.
        var emphasisMark: TextEmphasis.Mark?
        var emphasisColor: Color?
        var emphasisSide = TextEmphasis.Side.over
        var emphasisVerticalSide = TextEmphasis.VerticalSide.right
        /// `border-collapse: collapse`, and `border-spacing` across and down in body ems (nil: none declared);
        /// both inherited, as CSS 2.1 §17.6 has them, and read on tables.
        var borderCollapse = false
        var borderSpacing: (across: Double, down: Double)?
        /// `visibility`: hidden text keeps its place but is not drawn.
        var visibility = CSSDeclaration.Visibility.visible
        /// Inside an element drawn out of sight (``isOutOfSight``): text for screen readers only.
        var assistiveOnly = false
        /// The boxes of the inline elements around the text, outermost first (``XHTMLConverter/openInlineBox(kind:inline:)``):
        /// inherited, as the text inside each is inside its box.
        var inlineBoxes: [InlineBox] = []

        // Not inherited.
        /// Margins and padding in body ems, when declared.
        var marginTop: Double?
        var marginBottom: Double?
        var marginLeft: Double?
        var marginRight: Double?
        var padding = Insets()
        /// The percentage parts of the left and right margins and padding, as fractions of the containing block's
        /// width (``CSSLength/inlineFraction``): the margins and padding above hold them too, taken of the reference
        /// measure, for whatever does not resolve them in the column. Zero in a box turned into a vertical line frame.
        var inlinePercents = InlinePercents()
        /// `vertical-align` on a table cell, row or row group (not inherited: HTML's cells take their row's, and
        /// their row its group's, by the converter); nil when none was declared.
        var cellAlignment: TableCell.ContentAlignment?
        /// Whether a rule set any side's padding (a table cell's `padding: 0` is none, not the reader's default).
        var paddingDeclared = false
        /// Whether the publisher's sheet (not the built-in one) set the top or bottom margin: the publisher's
        /// vertical spacing then replaces the reader's paragraph spacing, as in Readium.
        var marginTopFromPublisher = false
        var marginBottomFromPublisher = false
        /// Whether the publisher's sheet set the left or right margin: in vertical text these are the block-start and
        /// block-end margins (see ``inLineFrame(_:)``), whose source decides as the top and bottom ones' do here.
        var marginLeftFromPublisher = false
        var marginRightFromPublisher = false
        /// Whether the left and right margins are `auto` (a block centred by its width: XHTMLConverter+Widths.swift).
        var marginLeftAuto = false
        var marginRightAuto = false
        /// `break-before`, `break-after` and `break-inside` (not inherited): the converter turns a forced break into
        /// a section start and an avoided one into paragraphs kept together (``ParagraphStyle/keepsWithNext``,
        /// ``ParagraphStyle/keepsLinesTogether``).
        var breakBefore = CSSDeclaration.Break.auto
        var breakAfter = CSSDeclaration.Break.auto
        var avoidsBreakInside = false
        var display: CSSDeclaration.Display?
        /// `unicode-bidi`, nil when no rule set it (the converter then applies HTML's rules: `dir`, `bdi`, `bdo`).
        var unicodeBidi: CSSDeclaration.UnicodeBidi?
        var backgroundColor: Color?
        /// `float` (not inherited), and `clear`.
        var floatSide: CSSDeclaration.FloatSide?
        var clear: ClearSides = []
        /// The multi-column properties (not inherited), nil when none is set: kept behind a reference, as styles are
        /// copied at every level of the converter's walk, whose frames a deep document must not grow past the stack.
        var multicolumn: MulticolumnStyle?
        /// `background-image` and its companions, as declared (``layers`` makes the image layers).
        var background = CSSBackgroundLayers()
        /// `border-radius`, by corner (horizontal and vertical radii), as declared.
        var radii: [CSSBorderRadius.Corner: (CSSLength, CSSLength)] = [:]
        var initialLetter: Int?
        /// The border's four edges, widths in body ems (`medium`, 3 px, until declared; none drawn until a style is).
        var borders = BorderEdges(top: ComputedStyle.initialEdge, right: ComputedStyle.initialEdge,
                                  bottom: ComputedStyle.initialEdge, left: ComputedStyle.initialEdge)
        /// `position`, its offsets, `clip`, `clip-path` and `overflow`: what takes an element out of sight.
        var position = CSSDeclaration.Position.static
        var offsetLeft: CSSLength?, offsetTop: CSSLength?, offsetRight: CSSLength?, offsetBottom: CSSLength?
        var clipsAway = false
        var clipPathHides = false
        var overflowHidden = false
        /// Whether its `overflow` makes it contain its floats (``CSSDeclaration/overflowHidden(_:containsFloats:)``).
        var overflowContainsFloats = false
        /// Whether its `display` does (``CSSDeclaration/containsFloats(_:)``).
        var displayContainsFloats = false
        /// Whether its `display` makes it an atomic inline (``CSSDeclaration/atomicInline(_:)``).
        var isAtomicInline = false
        /// The table part its `display` makes it (``CSSDeclaration/tablePart(_:)``).
        var tablePart: CSSDeclaration.TablePart?
        /// With publisher styles off, what the book's vertical margins and indent say (in body ems) though they do
        /// not apply: whether the book separates two paragraphs at all decides whether they are lines of one block.
        var bookMarginTop: Double?
        var bookMarginBottom: Double?
        var bookIndent: Double?
        /// `width`, `height`, `max-width` and `max-height`, as written (read for images).
        var replacedSize = ReplacedSize()
    }

    /// The values, shared by copies of the style until one of them changes (copy on write): the converter copies
    /// a style into every element's contexts, and a copy of the values retained each of their dozen arrays,
    /// strings and dictionaries, as many atomic reference counts (and as many releases) every time.
    private final class Storage: @unchecked Sendable {
        // Mutated only while uniquely referenced (see `subscript(dynamicMember:)`), so shared storage never changes;
        // the style's own exclusive access covers a write, so the runtime check of a class property is waste.
        @exclusivity(unchecked) var values: Values
        init(_ values: Values) { self.values = values }
    }

    /// The initial values, shared by every new style (never changed: a style changing them copies them first).
    private static let initial = Storage(Values())
    private var storage = ComputedStyle.initial
    /// A value of the style (each of ``Values``).
    subscript<Value>(dynamicMember keyPath: WritableKeyPath<Values, Value>) -> Value {
        @inline(__always) get { storage.values[keyPath: keyPath] }
        @inline(__always) _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            yield &storage.values[keyPath: keyPath]
        }
    }

    var columnCount: Int? { self.multicolumn?.count }
    var columnWidth: CSSLength? { self.multicolumn?.width }
    var columnGap: CSSLength? { self.multicolumn?.gap }
    var columnSpan: Bool { self.multicolumn?.span ?? false }
    /// Whether the element floats.
    var float: Bool { self.floatSide != nil }
    /// Whether its `display` makes it a table (`table`, `inline-table`).
    var isTableBox: Bool { self.tablePart == .table }
    static let initialEdge = BorderEdge(width: 3.0 / 16)

    /// Padding on the four sides, in body ems.
    struct Insets: Sendable {
        var top = 0.0, right = 0.0, bottom = 0.0, left = 0.0
    }

    /// The first line not indented (`text-indent: 0`, its percentage too): a rule drawn as dashes, a displayed
    /// formula.
    mutating func clearTextIndent() { self.textIndent = 0; self.textIndentFraction = 0 }

    /// Percentages of the containing block's width in a block's inline margins and padding, as fractions.
    struct InlinePercents: Sendable {
        var marginLeft = 0.0, marginRight = 0.0, paddingLeft = 0.0, paddingRight = 0.0

        /// The left and right sides' margin and padding together.
        var left: Double { marginLeft + paddingLeft }
        var right: Double { marginRight + paddingRight }
    }

    /// A table's or cell's border (drawn alike on every side): the widest edge that shows, a pixel at least, in
    /// body ems (0 when none shows).
    var border: Double {
        let widest = max(self.borders.top.usedWidth, self.borders.right.usedWidth, self.borders.bottom.usedWidth, self.borders.left.usedWidth)
        return edges.contains(where: { $0.style != .none }) ? max(widest, 1.0 / 16) : 0
    }
    /// A table's or cell's border colour: the first shown edge's, if it has one.
    var borderColor: Color? { edges.first { $0.style != .none }?.color }
    /// The edges top, right, bottom, left.
    var edges: [BorderEdge] { [self.borders.top, self.borders.right, self.borders.bottom, self.borders.left] }

    /// The edge on `side`.
    subscript(border side: CSSDeclaration.Side) -> BorderEdge {
        get {
            switch side { case .top: self.borders.top; case .right: self.borders.right; case .bottom: self.borders.bottom; case .left: self.borders.left }
        }
        set {
            switch side {
            case .top: self.borders.top = newValue
            case .right: self.borders.right = newValue
            case .bottom: self.borders.bottom = newValue
            case .left: self.borders.left = newValue
            }
        }
    }

    /// The style a child starts from: inherited properties kept, box properties reset.
    var inherited: ComputedStyle {
        var child = self
        child.marginTop = nil; child.marginBottom = nil; child.marginLeft = nil; child.marginRight = nil
        child.padding = Insets()
        child.inlinePercents = InlinePercents()
        child.paddingDeclared = false
        child.cellAlignment = nil
        child.marginTopFromPublisher = false; child.marginBottomFromPublisher = false
        child.marginLeftFromPublisher = false; child.marginRightFromPublisher = false
        child.marginLeftAuto = false; child.marginRightAuto = false
        child.breakBefore = .auto; child.breakAfter = .auto; child.avoidsBreakInside = false
        child.display = nil
        child.unicodeBidi = nil
        child.backgroundColor = nil
        child.floatSide = nil
        child.clear = []
        child.multicolumn = nil
        child.background = CSSBackgroundLayers()
        child.radii = [:]
        child.initialLetter = nil
        child.borders = ComputedStyle().borders
        child.bookMarginTop = nil; child.bookMarginBottom = nil; child.bookIndent = nil
        child.replacedSize = ReplacedSize()
        child.position = .static
        child.offsetLeft = nil; child.offsetTop = nil; child.offsetRight = nil; child.offsetBottom = nil
        child.clipsAway = false; child.clipPathHides = false; child.overflowHidden = false
        child.overflowContainsFloats = false; child.displayContainsFloats = false; child.isAtomicInline = false
        child.tablePart = nil
        return child
    }

    /// This style with the properties that make the text (which elements are blocks or list items, how white
    /// space collapses, the list markers' text, the quotation marks) taken from `other`: the style the reference page gives the element
    /// (see ``XHTMLConverter/resolveStyle(_:parent:isRoot:)``). Whether the element is hidden stays this style's,
    /// since hidden text keeps its units.
    mutating func takeStructure(from other: ComputedStyle) {
        // `none` on the reference page says nothing of the box (hidden text keeps its element's kind).
        self.display = other.display == CSSDeclaration.Display.none ? nil : other.display
        self.whiteSpace = other.whiteSpace
        self.listMarker = other.listMarker
        self.quotes = other.quotes
    }

    /// One declaration in cascade order, with where it comes from.
    struct Source {
        /// From the book's sheets or `style` attributes (else from the built-in sheet).
        var fromPublisher: Bool
        /// Whether the book's styles apply in full (``EPUBReader/Options/publisherStyles``); when not, only what
        /// carries meaning does (see ``ComputedStyle/carriesMeaning(_:isRoot:)``).
        var publisherStyles: Bool
    }

    /// Applies declarations in cascade order (later ones win), relative to the parent's style. `isRoot` is set for
    /// `<html>` and `<body>`, whose alignment is the book's alignment of running text.
    mutating func apply(_ declarations: [(declaration: CSSDeclaration, source: Source)], parent: ComputedStyle, isRoot: Bool) {
        var pendingIndent: CSSLength?, pendingBookIndent: CSSLength?
        var pendingBoxes: [(CSSDeclaration, Source)] = [], pendingSpacing: [(CSSDeclaration, Source)] = []
        var shift: CSSDeclaration.VerticalAlign?
        for (declaration, source) in physical(declarations, isRoot: isRoot) {
            guard Self.applies(declaration, source: source, isRoot: isRoot) else {
                // Not applied, but what it says about separating paragraphs is kept (see bookMarginTop).
                switch declaration {
                case .margin(.top, _), .margin(.bottom, _): pendingBoxes.append((declaration, source))
                case .textIndent(let length): pendingBookIndent = length
                default: break
                }
                continue
            }
            switch declaration {
            case .textAlign(let value): self.alignment = value; self.alignmentFromRoot = isRoot
            case .italic(let value): self.italic = value
            case .weight(let value): self.weight = Self.weight(value, parent: parent)
            case .fontSize(let value):
                self.fontScale = Self.fontScale(value, parent: parent)
                self.sizeFromKeyword = Self.sizeFromKeyword(value, parent: parent)
            case .smallCaps(let value): self.smallCaps = value
            case .fontFamily(let families): self.fontFamilies = families
            case .ligatures(let value): self.ligatures = value
            case .fontFeatures(let property, let features): self.fontFeatures[property] = features
            case .margin, .padding, .borderWidth, .borderSpacing: pendingBoxes.append((declaration, source))
            case .textIndent(let length): pendingIndent = length
            case .display(let value):
                self.display = value
                self.hidden = value == .none || parent.hidden
            case .breakBefore(let value): self.breakBefore = value
            case .breakAfter(let value): self.breakAfter = value
            case .breakInside(let avoid): self.avoidsBreakInside = avoid
            case .listStyle(.type(let value)): self.listMarker = value.map { .style($0) } ?? .hidden
            case .listStyle(.position(let inside)): self.listMarkerInside = inside
            case .listStyle(.image(let image)): self.listMarkerImage = image
            case .whiteSpace(let value): self.whiteSpace = value
            case .color(let value): self.color = value
            case .backgroundColor(let value): self.backgroundColor = value
            case .background(let value): self.background.apply(value)
            case .borderRadius(let value): self.radii[value.corner] = (value.horizontal, value.vertical)
            case .textDecoration, .decorationStyle, .decorationColor, .decorationThickness: applyDecoration(declaration, parent: parent)
            case .textTransform(let value): self.textTransform = value
            case .letterSpacing, .wordSpacing, .lineHeight: pendingSpacing.append((declaration, source))
            case .verticalAlign(let value): shift = value
            case .float(let value): self.floatSide = value
            case .clear(let value): self.clear = value
            case .columnCount, .columnWidth, .columnGap, .columnSpan, .columnFill, .columnRuleWidth, .columnRuleStyle,
                 .columnRuleColor:
                applyColumns(declaration)
            case .initialLetter(let value): self.initialLetter = value
            case .textAlignLast(let value): self.alignmentLast = value
            case .borderStyle(let side, let value): self[border: side].style = value
            case .borderColor(let side, let value): self[border: side].color = value
            case .borderCollapse(let value): self.borderCollapse = value
            case .cellAlignment(let value): self.cellAlignment = value
            case .boxSize(let dimension, let length): self.replacedSize.set(dimension, length)
            case .boxSizing(let borderBox): self.replacedSize.borderBox = borderBox
            case .widthFitsContent: self.replacedSize.width = nil; self.replacedSize.fitsContent = true
            case .writingMode, .direction, .unicodeBidi, .quotes, .hangingPunctuation, .combineUpright, .textOrientation,
                 .rubyPosition, .emphasisStyle, .emphasisColor, .emphasisPosition, .hyphens, .lineBreak, .wordBreak,
                 .tabSize, .underlinePosition:
                applyWritingSystem(declaration)
            case .logical: break
            case .visibility, .position, .offset, .clipsAway, .clipPathHides, .overflowHidden, .objectFit, .filter:
                applyVisibility(declaration)
            case .content, .counters: break  // read from the rules (XHTMLConverter+GeneratedContent.swift)
            case .containsFloats(let value): self.displayContainsFloats = value
            case .atomicInline(let value): self.isAtomicInline = value
            case .tablePart(let value): self.tablePart = value
            case .inherit(let property):
                inherit(property, from: parent)
                // The earlier rules' values still waiting for the font size are dropped.
                if property == .textIndent { pendingIndent = nil; pendingBookIndent = nil }
                pendingSpacing.removeAll { Self.spacingProperty(of: $0.0) == property }
            }
        }
        applyMonospaceDefault(parent: parent)
        // Lengths in em are relative to the element's final font size, known only now.
        applyBoxes(pendingBoxes, isRoot: isRoot)
        applySpacing(pendingSpacing)
        if isOutOfSight { self.assistiveOnly = true }
        if let pendingIndent {
            self.textIndent = pendingIndent.ems(fontScale: self.fontScale)
            self.textIndentFraction = pendingIndent.inlineFraction
        }
        if let pendingBookIndent { self.bookIndent = pendingBookIndent.ems(fontScale: self.fontScale) }
        applyShift(shift, parent: parent)
    }

    /// A multi-column declaration (``MulticolumnStyle``, each making a new one).
    private mutating func applyColumns(_ declaration: CSSDeclaration) {
        let columns = self.multicolumn
        switch declaration {
        case .columnCount(let value): self.multicolumn = MulticolumnStyle(columns, count: .some(value))
        case .columnWidth(let value): self.multicolumn = MulticolumnStyle(columns, width: .some(value))
        case .columnGap(let value): self.multicolumn = MulticolumnStyle(columns, gap: .some(value))
        case .columnSpan(let value): self.multicolumn = MulticolumnStyle(columns, span: value)
        case .columnFill(let value): self.multicolumn = MulticolumnStyle(columns, fill: value)
        case .columnRuleWidth(let value): self.multicolumn = MulticolumnStyle(columns, ruleWidth: value)
        case .columnRuleStyle(let value): self.multicolumn = MulticolumnStyle(columns, ruleStyle: value)
        case .columnRuleColor(let value): self.multicolumn = MulticolumnStyle(columns, ruleColor: value)
        default: break
        }
    }

    /// The decoration lines (added to the parent's, which CSS draws across the element) and how they are drawn.
    private mutating func applyDecoration(_ declaration: CSSDeclaration, parent: ComputedStyle) {
        switch declaration {
        case .textDecoration(let lines): self.decoration = parent.decoration.union(lines)
        case .decorationStyle(let value): self.decorationStyle = value
        case .decorationColor(let value): self.decorationColor = value
        case .decorationThickness(let length): self.decorationThickness = Self.textEms(length, fontScale: self.fontScale)
        default: break
        }
    }

    /// A declaration of the writing system: direction and bidi, vertical text, ruby and emphasis marks, line
    /// breaking and hyphenation, quotation marks, the underline's side.
    private mutating func applyWritingSystem(_ declaration: CSSDeclaration) {
        switch declaration {
        case .writingMode(let value): self.writingMode = value
        case .direction(let value): self.direction = value
        case .unicodeBidi(let value): self.unicodeBidi = value
        case .quotes(let value): self.quotes = value
        case .hangingPunctuation(let value): self.hangingPunctuation = value
        case .combineUpright(let value): self.combineUpright = value
        case .textOrientation(let value): self.textOrientation = value
        case .rubyPosition(let value): self.rubyPosition = value
        case .emphasisStyle(let value): self.emphasisMark = value
        case .emphasisColor(let value): self.emphasisColor = value
        case .emphasisPosition(let side, let vertical): self.emphasisSide = side; self.emphasisVerticalSide = vertical
        case .hyphens(let value): self.hyphens = value
        case .lineBreak(let value): self.lineBreak = value
        case .wordBreak(let value): self.wordBreak = value
        case .tabSize(let value): self.tabSize = value
        case .underlinePosition(let under, let left): self.underlineBelowDescenders = under; self.underlineLeft = left
        default: break
        }
    }

    /// Whether a declaration from `source` applies: the built-in sheet's always, the book's when its styles apply
    /// in full or when it carries meaning.
    private static func applies(_ declaration: CSSDeclaration, source: Source, isRoot: Bool) -> Bool {
        !source.fromPublisher || source.publisherStyles || carriesMeaning(declaration, isRoot: isRoot)
    }

    /// `declarations` with each flow-relative one on its physical side, in place, so that it cascades in order
    /// among the physical ones: the side the element's own writing mode and direction (as the last of
    /// `declarations` that applies says, else the inherited ones) make of it.
    private func physical(_ declarations: [(declaration: CSSDeclaration, source: Source)], isRoot: Bool)
        -> [(declaration: CSSDeclaration, source: Source)] {
        var mode = self.writingMode ?? .horizontal, direction = self.direction ?? .leftToRight
        var flowRelative = false
        for (declaration, source) in declarations where Self.applies(declaration, source: source, isRoot: isRoot) {
            if case .writingMode(let value) = declaration { mode = value }
            if case .direction(let value) = declaration { direction = value }
            if case .logical = declaration { flowRelative = true }
        }
        guard flowRelative else { return declarations }
        return declarations.map { ($0.declaration.resolved(mode, direction), $0.source) }
    }

    /// A `font-weight` against the parent's (`bolder` and `lighter` as CSS Fonts' table has them).
    private static func weight(_ value: CSSDeclaration.Weight, parent: ComputedStyle) -> Int {
        switch value {
        case .absolute(let number): return number
        case .bolder: return parent.weight < 600 ? 700 : 900
        case .lighter: return parent.weight > 500 ? 400 : 100
        }
    }

    /// A `font-size` as a multiple of the body size, against the parent's.
    private static func fontScale(_ value: CSSDeclaration.FontSize, parent: ComputedStyle) -> Double {
        let scale: Double
        switch value {
        case .length(.percent(let percent)): scale = parent.fontScale * percent / 100
        case .length(.em(let em)): scale = parent.fontScale * em
        case .length(let length): scale = length.ems(fontScale: parent.fontScale)
        case .absolute(let multiple): scale = multiple
        case .relative(let multiple): scale = parent.fontScale * multiple
        }
        // A zero or absurd size would hide or swamp text: keep it readable.
        return min(4, max(0.5, scale))
    }

    /// Whether a `font-size` keeps the size's derivation from the default (``Values/sizeFromKeyword``): keywords and
    /// `rem` start from it, relative sizes keep the parent's, other lengths leave it.
    private static func sizeFromKeyword(_ value: CSSDeclaration.FontSize, parent: ComputedStyle) -> Bool {
        switch value {
        case .absolute, .length(.rem): true
        case .relative, .length(.percent), .length(.em): parent.sizeFromKeyword
        case .length: false
        }
    }

    /// The browsers' smaller default for `font-family: monospace` alone (13 px where the default is 16 px, in
    /// every browser and reading system built on one): an element whose family is that generic alone and whose
    /// parent's is not has its size, when it comes from the default (not from a length in absolute units), taken
    /// 13/16 as large, and 16/13 when it leaves it, so that `code { font-family: monospace; font-size: 1.1em }`
    /// is 0.89 of the text around it, as the book was seen (the family `monospace, monospace` opts out, as there).
    private mutating func applyMonospaceDefault(parent: ComputedStyle) {
        let monospace = Self.isMonospaceAlone(self.fontFamilies), parentMonospace = Self.isMonospaceAlone(parent.fontFamilies)
        guard monospace != parentMonospace, self.sizeFromKeyword else { return }
        self.fontScale = min(4, max(0.4, self.fontScale * (monospace ? 13.0 / 16 : 16.0 / 13)))
    }

    /// Whether `families` is the generic `monospace` alone.
    private static func isMonospaceAlone(_ families: [String]?) -> Bool { families?.count == 1 && families?.first == "monospace" }

    /// Margins, padding and border widths, once the element's font size is known (their ems are its own).
    private mutating func applyBoxes(_ pendingBoxes: [(CSSDeclaration, Source)], isRoot: Bool) {
        for (declaration, source) in pendingBoxes {
            switch declaration {
            case .margin(let side, let length):
                let ems = length.ems(fontScale: self.fontScale)
                let applies = !source.fromPublisher || source.publisherStyles || ComputedStyle.carriesMeaning(declaration, isRoot: isRoot)
                switch side {
                case .top:
                    if applies { self.marginTop = ems; self.marginTopFromPublisher = source.fromPublisher }
                    if source.fromPublisher { self.bookMarginTop = ems }
                case .bottom:
                    if applies { self.marginBottom = ems; self.marginBottomFromPublisher = source.fromPublisher }
                    if source.fromPublisher { self.bookMarginBottom = ems }
                case .left:
                    self.marginLeft = ems; self.marginLeftFromPublisher = source.fromPublisher; self.marginLeftAuto = length == .auto
                    self.inlinePercents.marginLeft = length.inlineFraction
                case .right:
                    self.marginRight = ems; self.marginRightFromPublisher = source.fromPublisher; self.marginRightAuto = length == .auto
                    self.inlinePercents.marginRight = length.inlineFraction
                }
            case .padding(let side, let length):
                let ems = max(0, length.ems(fontScale: self.fontScale))
                self.paddingDeclared = true
                switch side {
                case .top: self.padding.top = ems
                case .right: self.padding.right = ems; self.inlinePercents.paddingRight = ems > 0 ? length.inlineFraction : 0
                case .bottom: self.padding.bottom = ems
                case .left: self.padding.left = ems; self.inlinePercents.paddingLeft = ems > 0 ? length.inlineFraction : 0
                }
            case .borderWidth(let side, let length):
                self[border: side].width = max(0, length.ems(fontScale: self.fontScale))
            case .borderSpacing(let across, let down):
                self.borderSpacing = (max(0, across.ems(fontScale: self.fontScale)), max(0, down.ems(fontScale: self.fontScale)))
            default:
                break
            }
        }
    }

    /// Takes `property`'s value from `parent` (``CSSDeclaration/inherit(_:)``).
    private mutating func inherit(_ property: CSSDeclaration.InheritedProperty, from parent: ComputedStyle) {
        switch property {
        case .textAlign: self.alignment = parent.alignment; self.alignmentFromRoot = parent.alignmentFromRoot
        case .fontStyle: self.italic = parent.italic
        case .fontWeight: self.weight = parent.weight
        case .fontSize: self.fontScale = parent.fontScale; self.sizeFromKeyword = parent.sizeFromKeyword
        case .fontFamily: self.fontFamilies = parent.fontFamilies
        case .fontVariant:
            self.smallCaps = parent.smallCaps; self.ligatures = parent.ligatures
            for longhand in CSSDeclaration.FontFeatureProperty.variants { self.fontFeatures[longhand] = parent.fontFeatures[longhand] }
        case .fontFeature(let longhand):
            self.fontFeatures[longhand] = parent.fontFeatures[longhand]
            if longhand == .caps { self.smallCaps = parent.smallCaps }
            if longhand == .ligatures { self.ligatures = parent.ligatures }
        case .textIndent:
            self.textIndent = parent.textIndent; self.textIndentFraction = parent.textIndentFraction; self.bookIndent = parent.bookIndent
        case .textTransform: self.textTransform = parent.textTransform
        case .color: self.color = parent.color
        case .letterSpacing: self.letterSpacing = parent.letterSpacing
        case .wordSpacing: self.wordSpacing = parent.wordSpacing
        case .lineHeight: self.lineHeight = parent.lineHeight
        }
    }

    /// The inherited property a pending spacing declaration sets.
    private static func spacingProperty(of declaration: CSSDeclaration) -> CSSDeclaration.InheritedProperty? {
        switch declaration {
        case .letterSpacing: .letterSpacing
        case .wordSpacing: .wordSpacing
        case .lineHeight: .lineHeight
        default: nil
        }
    }

    /// Letter and word spacing and line height, once the element's font size is known.
    private mutating func applySpacing(_ pendingSpacing: [(CSSDeclaration, Source)]) {
        for (declaration, _) in pendingSpacing {
            switch declaration {
            case .letterSpacing(let length): self.letterSpacing = length.map { $0.ems(fontScale: self.fontScale) / self.fontScale } ?? 0
            case .wordSpacing(let length): self.wordSpacing = length.map { $0.ems(fontScale: self.fontScale) / self.fontScale } ?? 0
            case .lineHeight(.normal): self.lineHeight = nil
            case .lineHeight(.multiple(let value)): self.lineHeight = value
            case .lineHeight(.length(.percent(let percent))): self.lineHeight = percent / 100
            case .lineHeight(.length(let length)): self.lineHeight = length.ems(fontScale: self.fontScale) / self.fontScale
            default: break
            }
        }
    }

    /// `vertical-align`'s shift of the baseline, added to the parent's.
    private mutating func applyShift(_ shift: CSSDeclaration.VerticalAlign?, parent: ComputedStyle) {
        switch shift {
        case .shift(let fraction)?: self.baselineShift = parent.baselineShift + fraction * parent.fontScale
        case .length(.percent(let percent))?: self.baselineShift = parent.baselineShift + percent / 100 * self.fontScale * (self.lineHeight ?? 1.2)
        case .length(let length)?: self.baselineShift = parent.baselineShift + length.ems(fontScale: self.fontScale)
        case .baseline?: self.baselineShift = parent.baselineShift
        case nil: break
        }
    }

    /// Whether a book's declaration carries meaning, and so applies with publisher styles off as Readium's
    /// `publisherStyles: false` keeps it: emphasis (style, weight, small caps, decoration, case, raised text), a
    /// monospace family (code), centring and the alignment of a particular element (a right-aligned signature),
    /// horizontal margins, padding and hanging indents (verse, nested blocks), lists, hidden text, white space,
    /// table borders and page breaks. What it drops is the reader's business: fonts, sizes, colours, spacing,
    /// line height, the alignment and indent of running text, hyphenation, drop caps.
    static func carriesMeaning(_ declaration: CSSDeclaration, isRoot: Bool) -> Bool {
        switch declaration {
        case .italic, .weight, .smallCaps, .textDecoration, .textTransform, .verticalAlign: return true
        // A line's shape goes with the line (a wavy underline marks something); its colour and weight are looks.
        case .decorationStyle: return true
        case .decorationColor, .decorationThickness: return false
        // Capitals and raised or lowered figures are emphasis, as small caps are; figure styles, ligatures,
        // kerning and the book's own feature settings are the reader's business, as its fonts are.
        case .fontFeatures(let property, _): return property == .caps || property == .position
        // An image's size is part of it (an icon set at 1 em is not a full-width picture).
        case .boxSize, .boxSizing, .widthFitsContent: return true
        // How lines run is how the book is read (a Japanese novel set vertically), not a matter of taste.
        case .writingMode, .combineUpright, .textOrientation, .rubyPosition, .direction, .unicodeBidi: return true
        case .logical(_, let declaration): return carriesMeaning(declaration, isRoot: isRoot)
        // Emphasis marks are emphasis; their colour is the reader's business, as the text's is.
        case .emphasisStyle, .emphasisPosition: return true
        case .emphasisColor: return false
        // Hanging stops is a setting of the page, as justification is: the reader's.
        case .hangingPunctuation: return false
        case .fontFamily(let families): return families.first == "monospace"
        // Line-breaking rules are the language's conventions (kinsoku, Korean spacing), and the underline's place
        // goes with the underline.
        case .lineBreak, .wordBreak, .tabSize, .underlinePosition: return true
        case .textAlign(let alignment), .textAlignLast(let alignment?):
            switch alignment {
            case .center: return true
            case .right, .end: return !isRoot
            case .left, .start, .justify: return false
            }
        case .margin(let side, _): return side == .left || side == .right
        case .padding(let side, _): return side == .left || side == .right
        case .textIndent(let length): return length.isNegative
        case .display, .listStyle, .whiteSpace, .breakBefore, .breakAfter, .breakInside: return true
        // What a reader cannot see, and text kept for screen readers, is the book's meaning, not its look.
        case .visibility, .position, .offset, .clipsAway, .clipPathHides, .overflowHidden: return true
        // How an image fills its box is part of the image, as its size is; so are its colours (a book inverts its
        // black line art for a dark theme).
        case .objectFit, .filter: return true
        // Generated text is the book's text (a heading's mark), read whether or not its styles apply.
        // Which quotation marks are drawn is text (`none` where the book writes its own), as generated text is.
        case .content, .counters, .quotes: return true
        // The parent's value, as though the element had no rule for the property.
        case .inherit: return true
        case .containsFloats: return true
        // An inline block's width is its look (a column of numbers), as a block's width is.
        case .atomicInline, .tablePart: return false
        case .borderWidth, .borderStyle, .borderColor, .borderCollapse, .borderSpacing: return true
        case .cellAlignment: return false
        // A background image is often the picture itself (a children's book's illustrations): it stays, as images do.
        case .background: return true
        // Rounded corners go with the border and background they round.
        case .borderRadius: return true
        case .fontSize, .ligatures, .color, .backgroundColor, .letterSpacing, .wordSpacing, .lineHeight, .float, .clear,
             .columnCount, .columnWidth, .columnGap, .columnSpan, .columnFill, .columnRuleWidth, .columnRuleStyle, .columnRuleColor,
             .initialLetter, .hyphens, .textAlignLast(nil):
            return false
        }
    }

    /// The character style for text in this element.
    func textStyle(language: String?, link: String?) -> TextStyle {
        let unseen = self.hidden || self.assistiveOnly
        var style = TextStyle(fontFamily: nil, weight: self.weight, isItalic: self.italic, fontScale: self.fontScale, color: self.color,
                              language: language, link: link, smallCaps: self.smallCaps, isHidden: unseen,
                              backgroundColor: unseen ? nil : self.backgroundColor, decoration: unseen ? [] : shownDecoration,
                              textTransform: self.textTransform, letterSpacing: self.letterSpacing, wordSpacing: self.wordSpacing,
                              baselineShift: self.fontScale > 0 ? self.baselineShift / self.fontScale : 0, ligatures: self.ligatures)
        style.combinesUpright = self.combineUpright
        style.fontFeatures = self.fontFeatures.resolved
        style.orientation = self.textOrientation
        style.visibility = textVisibility
        if !unseen && !self.inlineBoxes.isEmpty { style.inlineBoxes = self.inlineBoxes }
        if !unseen && !style.decoration.isEmpty {
            style.decorationLook = DecorationLook(style: self.decorationStyle, color: self.decorationColor,
                                                  thickness: self.decorationThickness).nonDefault
        }
        if !unseen, style.visibility == .visible, let emphasisMark = self.emphasisMark {
            style.emphasis = TextEmphasis(mark: emphasisMark, side: self.emphasisSide, verticalSide: self.emphasisVerticalSide,
                                          color: self.emphasisColor)
        }
        return style
    }

    /// A length in ems of the element's own text (a percentage of its font size), nil for none.
    static func textEms(_ length: CSSLength?, fontScale: Double) -> Double? {
        guard let length, fontScale > 0 else { return nil }
        if case .percent(let percent) = length { return percent / 100 }
        return length.ems(fontScale: fontScale) / fontScale
    }

    /// The decoration lines with where the underline goes.
    private var shownDecoration: TextDecorationLines {
        guard self.decoration.contains(.underline) else { return self.decoration }
        return self.decoration.union(self.underlineBelowDescenders ? .underlineBelowDescenders : [])
            .union(self.underlineLeft ? .underlineLeft : [])
    }

    /// The alignment as Typeset's logical value for a paragraph written in `direction`.
    func textAlignment(direction: WritingDirection?) -> TextAlignment? {
        self.alignment.map { Self.logical($0, direction: direction) }
    }

    /// Whether `text-align` or `text-align-last` is `left` or `right`, which need the paragraph's direction.
    var hasPhysicalAlignment: Bool {
        self.alignment == .left || self.alignment == .right || self.alignmentLast == .left || self.alignmentLast == .right
    }

    /// `text-align-last` as Typeset's logical value, or nil for `auto`.
    func lastLineAlignment(direction: WritingDirection?) -> TextAlignment? {
        self.alignmentLast.map { Self.logical($0, direction: direction) }
    }

    private static func logical(_ alignment: CSSDeclaration.Alignment, direction: WritingDirection?) -> TextAlignment {
        switch alignment {
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .justify: return .justified
        case .left: return direction == .rightToLeft ? .end : .start
        case .right: return direction == .rightToLeft ? .start : .end
        }
    }
}

extension CSSLength {
    /// Whether the length is below zero (a hanging indent).
    var isNegative: Bool {
        switch self {
        case .em(let v), .rem(let v), .percent(let v), .px(let v), .pt(let v), .viewport(let v, _): v < 0
        case .auto: false
        case .sum: ems(fontScale: 1) < 0
        }
    }
}

/// The size CSS gives a replaced element (an image): `width`, `height`, `max-width`, `max-height` as written,
/// since percentages are of the column and the page, known only at layout time.
struct ReplacedSize: Equatable, Sendable {
    var width: CSSLength?
    var height: CSSLength?
    var maxWidth: CSSLength?
    var maxHeight: CSSLength?
    var minWidth: CSSLength?
    var minHeight: CSSLength?
    var objectFit = ObjectFit.fill
    /// `box-sizing: border-box`: a block's width and its bounds include its padding and borders
    /// (XHTMLConverter+Widths.swift). Read for those block widths only: images, floats, positioned boxes and
    /// tables are sized as content boxes whatever it says.
    var borderBox = false
    /// `width: fit-content` (``CSSDeclaration/widthFitsContent``); a `width` given after it clears it.
    var fitsContent = false
    /// `filter`, drawn on images (not inherited, as none of these is).
    var colorFilter: ColorFilter?

    mutating func set(_ dimension: CSSDeclaration.BoxDimension, _ length: CSSLength?) {
        switch dimension {
        case .width: width = length; fitsContent = false
        case .height: height = length
        case .maxWidth: maxWidth = length
        case .maxHeight: maxHeight = length
        case .minWidth: minWidth = length
        case .minHeight: minHeight = length
        }
    }
}

/// The built-in (user-agent) style sheet: what every reader does with HTML elements, publisher styles or not.
/// Beside HTML's rendering defaults it keeps a figure in one column and a definition's term with its definition,
/// as Readium CSS's pagination defaults do (headings keep with what follows by their role), and a table's caption and
/// head rows with its first body row: a table's head is not repeated on each page here, so a head row alone at a
/// page's foot would label nothing.
enum UserAgentStyleSheet {
    static let source = """
        h1 { font-weight: bold; font-size: 1.6em; margin-block-start: 1em }
        h2 { font-weight: bold; font-size: 1.4em; margin-block-start: 1em }
        h3 { font-weight: bold; font-size: 1.2em; margin-block-start: 0.8em }
        h4 { font-weight: bold; font-size: 1.1em; margin-block-start: 0.8em }
        h5, h6 { font-weight: bold; margin-block-start: 0.8em }
        em, i, cite, dfn, var, address { font-style: italic }
        strong, b, th, dt { font-weight: bold }
        th { text-align: center }
        small { font-size: 0.85em }
        big { font-size: 1.2em }
        sub { font-size: 0.75em; vertical-align: sub }
        sup { font-size: 0.75em; vertical-align: super }
        pre, code, tt, kbd, samp { font-family: monospace }
        pre { white-space: pre }
        u, ins { text-decoration: underline }
        s, strike, del { text-decoration: line-through }
        center, caption, figcaption { text-align: center }
        blockquote { margin-inline: 1.5em }
        dd { margin-inline-start: 1.5em }
        figure { break-inside: avoid }
        dt, caption, thead { break-after: avoid }
        ul, ol { padding-inline-start: 1.5em }
        hr { border-top: 1px solid; margin: 0.5em auto }
        """

    /// The parsed sheet (parsed once per process).
    static let sheet = CSSStyleSheet(parsing: source)
}

/// `column-count`, `column-width`, `column-gap`, `column-span`, `column-fill` and `column-rule` as declared (see
/// ``ComputedStyle/multicolumn``): immutable, each declaration makes a new one.
final class MulticolumnStyle: Sendable {
    let count: Int?
    let width: CSSLength?
    let gap: CSSLength?
    let span: Bool
    let fill: BlockColumns.Fill
    /// The rule's width (nil: `medium`), style and colour (nil: the text's).
    let ruleWidth: CSSLength?
    let ruleStyle: BorderStyle
    let ruleColor: Color?

    init(_ base: MulticolumnStyle?, count: Int?? = nil, width: CSSLength?? = nil, gap: CSSLength?? = nil, span: Bool? = nil,
         fill: BlockColumns.Fill? = nil, ruleWidth: CSSLength? = nil, ruleStyle: BorderStyle? = nil, ruleColor: Color? = nil) {
        self.count = count ?? base?.count
        self.width = width ?? base?.width
        self.gap = gap ?? base?.gap
        self.span = span ?? base?.span ?? false
        self.fill = fill ?? base?.fill ?? .balance
        self.ruleWidth = ruleWidth ?? base?.ruleWidth
        self.ruleStyle = ruleStyle ?? base?.ruleStyle ?? .none
        self.ruleColor = ruleColor ?? base?.ruleColor
    }
}
