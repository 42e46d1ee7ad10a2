import TypesetCore

/// A CSS length as written, converted to ems by ``CSSLength/ems(fontScale:)`` once the element's font size
/// is known.
enum CSSLength: Equatable, Sendable {
    /// `1.5em`: relative to the element's own font size.
    case em(Double)
    /// `1rem`: relative to the root (body) font size.
    case rem(Double)
    /// `10%`: of the containing block's width for margins and indents (see ``percentEm``), of the parent's
    /// font size for `font-size`.
    case percent(Double)
    /// `12px` (16 px = 1 em, as browsers default).
    case px(Double)
    /// `9pt` (12 pt = 1 em).
    case pt(Double)
    /// `20vh`, `50vw`, `10vmin`, `10vmax` (CSS Values 4 §6.1.2): a percentage of the viewport, which on a reading
    /// system's page is the page's content box (as for media queries, ``MediaEnvironment``). `svh`, `lvh`, `dvh`
    /// and their kin are the same (a page does not resize as a browser's toolbars do); `vi` and `vb` are read as
    /// `vw` and `vh`.
    case viewport(Double, ViewportAxis)
    /// `auto`.
    case auto
    /// A `calc()` (or `min()`, `max()`, `clamp()`) whose terms are of more than one unit (``CSSMath``): each
    /// part resolved by its own rule and added.
    case sum(CSSLinearLength)

    /// Which extent of the viewport a viewport length is a percentage of.
    enum ViewportAxis: Equatable, Sendable {
        case width, height, smaller, larger
    }

    /// The page viewport lengths are resolved against when the reader's page is not known (``ems(fontScale:)``):
    /// the reference settings' content box, in points (a CSS pixel), and their font size. Styles never depend on the
    /// reader's settings, so a viewport length in a margin, a padding, an indent or a block's width is that part of
    /// the reference page in ems, scaled with the reader's font as `px` lengths are (a choice: a margin of `20vh` is a
    /// fifth of a phone's page at the default size, and grows with the text). An image's `width` in `vw` and
    /// `height` in `vh`, and an empty block's `height` in `vh`, are laid out against the reader's own page
    /// (``XHTMLConverter/attachmentLength(_:vertical:)``).
    static let referenceViewport = (width: MediaEnvironment.reference.width, height: MediaEnvironment.reference.height,
                                    fontSize: TypographySettings().fontSize)

    /// The extent `axis` names of the reference viewport, in points.
    static func referenceExtent(_ axis: ViewportAxis) -> Double {
        let page = referenceViewport
        switch axis {
        case .width: return page.width
        case .height: return page.height
        case .smaller: return min(page.width, page.height)
        case .larger: return max(page.width, page.height)
        }
    }

    /// Ems per percent for widths where the layout does not resolve a percentage in its column: styles are
    /// resolved without the column width (they never depend on settings), so there a percentage of the width is
    /// taken of a measure of ``referenceMeasure`` ems, about a phone's column at the default size. Percentages in
    /// a block's inline margins and padding and in `text-indent` are also kept apart (``inlineFraction``) and
    /// resolved by the layout in the paragraph's column (``TypesetCore/IndentFractions``).
    static let percentEm = referenceMeasure / 100

    /// The measure, in ems, a percentage of the width is taken of where the layout does not resolve it.
    static let referenceMeasure = 20.0

    /// The percentage part of the length as a fraction (`10%` is 0.1; a sum's percentage part; 0 for others): what
    /// the layout takes of the containing block's width where it resolves a percentage there. ``ems(fontScale:)``
    /// takes the same part of ``referenceMeasure`` ems.
    var inlineFraction: Double {
        switch self {
        case .percent(let value): return value.isFinite ? value / 100 : 0
        case .sum(let sum): return sum.percent.isFinite ? sum.percent / 100 : 0
        case .em, .rem, .px, .pt, .viewport, .auto: return 0
        }
    }

    /// The length in ems of the body font, for an element whose font is `fontScale` times the body's.
    func ems(fontScale: Double) -> Double {
        switch self {
        case .em(let value): return value * fontScale
        case .rem(let value): return value
        case .percent(let value): return value * CSSLength.percentEm
        case .px(let value): return value / 16
        case .pt(let value): return value / 12
        case .viewport(let value, let axis):
            let page = CSSLength.referenceViewport
            return page.fontSize > 0 ? value / 100 * CSSLength.referenceExtent(axis) / page.fontSize : 0
        case .auto: return 0
        case .sum(let sum): return sum.parts.reduce(0) { $0 + $1.ems(fontScale: fontScale) }
        }
    }

    /// Parses `0`, `1.5em`, `10%`, `12px`, `20vh`, `auto`..., and a `calc()` of several units as ``CSSMath``
    /// writes it (`calc(98vh+-3em)`); nil for anything else.
    init?(_ text: Substring) {
        let lowered = text.lowercased()
        if lowered == "auto" { self = .auto; return }
        if lowered.hasPrefix(CSSMath.sumPrefix) {
            guard let sum = CSSMath.readSum(Substring(lowered)) else { return nil }
            self = .sum(sum)
            return
        }
        // The unit is the trailing letters or `%`, found as UTF-8 code units (a non-ASCII letter makes no unit
        // anyway: the number before it does not parse).
        let units = lowered.utf8
        var split = units.endIndex
        while split > units.startIndex {
            let c = units[units.index(before: split)]
            guard (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || c == UInt8(ascii: "%") else { break }
            split = units.index(before: split)
        }
        var number = lowered[..<split]
        if number.hasPrefix("+") { number.removeFirst() }
        if number.hasPrefix(".") || number.hasPrefix("-.") { number = Substring(number.replacing(".", with: "0.")) }
        guard let value = Double(number), value.isFinite else { return nil }
        self.init(number: value, unit: lowered[split...])
    }

    /// The length of `value` in `unit` (lower-cased; empty for a unitless 0), nil for an unknown unit.
    init?(number value: Double, unit: Substring) {
        switch unit {
        case "em": self = .em(value)
        case "rem": self = .rem(value)
        case "%": self = .percent(value)
        case "px": self = .px(value)
        case "pt": self = .pt(value)
        case "ex", "ch": self = .em(value / 2)
        case "in": self = .pt(value * 72)
        case "cm": self = .pt(value * 72 / 2.54)
        case "mm": self = .pt(value * 72 / 25.4)
        case "pc": self = .pt(value * 12)
        case "vh", "svh", "lvh", "dvh", "vb", "svb", "lvb", "dvb": self = .viewport(value, .height)
        case "vw", "svw", "lvw", "dvw", "vi", "svi", "lvi", "dvi": self = .viewport(value, .width)
        case "vmin", "svmin", "lvmin", "dvmin": self = .viewport(value, .smaller)
        case "vmax", "svmax", "lvmax", "dvmax": self = .viewport(value, .larger)
        case "": if value == 0 { self = .px(0) } else { return nil }
        default: return nil
        }
    }
}

/// One declaration of the subset of CSS that books use and Typeset honours (see the manual's "Publisher CSS"):
/// fonts (style, weight, size, small caps, family, ligatures and other font features), text (alignment, indent,
/// transform, letter and word spacing, decoration, colour, background, white space, vertical alignment, line
/// height, hyphens), boxes (margins, padding, borders, display, float, page breaks), lists and drop caps. Anything else, and any value
/// it cannot read, is dropped at parse time with no message, as CSS says.
enum CSSDeclaration: Equatable, Sendable {
    /// A `float` value: a physical side, or one resolved against the block's direction.
    enum FloatSide: Hashable, Sendable {
        case left, right, inlineStart, inlineEnd
    }

    /// `text-align`.
    enum Alignment: Equatable, Sendable { case left, right, center, justify, start, end }
    /// `font-weight`.
    enum Weight: Equatable, Sendable { case absolute(Int), bolder, lighter }
    /// `font-size`.
    enum FontSize: Equatable, Sendable {
        /// A length or percentage (relative to the parent's size).
        case length(CSSLength)
        /// `small`, `large`...: a multiple of the body size.
        case absolute(Double)
        /// `smaller`, `larger`: a multiple of the parent's size.
        case relative(Double)
    }
    /// A side of the box.
    enum Side: Equatable, Sendable, CaseIterable { case top, right, bottom, left }
    /// `display`.
    enum Display: Equatable, Sendable { case none, block, inline, listItem, other }

    /// What a table part `display` makes a box (CSS 2.1 §17.2): the table (`table`, `inline-table`), a row group
    /// (`table-row-group`, `table-header-group`, `table-footer-group`), a row or a cell.
    enum TablePart: Equatable, Sendable {
        case table, rowGroup, row, cell

        /// The part `display: value` makes a box, or nil.
        init?(display value: String) {
            switch value {
            case "table", "inline-table": self = .table
            case "table-row-group", "table-header-group", "table-footer-group": self = .rowGroup
            case "table-row": self = .row
            case "table-cell": self = .cell
            default: return nil
            }
        }
    }
    /// A page break between boxes (CSS Fragmentation 3 §3.1): forced (`page`, and `always`, `left`, `right`,
    /// `recto`, `verso`, which a reader turning one page at a time takes as `page`), avoided (`avoid`,
    /// `avoid-page`), or left to the paginator (`auto`; also the column and region values, as pages here have
    /// no author columns or regions to break).
    enum Break: Equatable, Sendable {
        case auto, page, avoid

        init?(_ value: String) {
            switch value {
            case "always", "page", "left", "right", "recto", "verso": self = .page
            case "avoid", "avoid-page": self = .avoid
            case "auto", "column", "avoid-column", "region", "avoid-region": self = .auto
            default: return nil
            }
        }
    }
    /// `white-space`: whether white space collapses, and whether line breaks in the source are kept.
    enum WhiteSpace: Equatable, Sendable { case normal, pre, preLine }
    /// `vertical-align`.
    enum VerticalAlign: Equatable, Sendable {
        case baseline
        /// Raised (`super`: a third of the parent's size) or lowered (`sub`: a fifth), in ems of the parent.
        case shift(Double)
        /// A length (ems of the element's own size for `em`) or a percentage of its line height.
        case length(CSSLength)
    }
    /// `line-height`.
    enum LineHeight: Equatable, Sendable { case normal, multiple(Double), length(CSSLength) }

    case textAlign(Alignment)
    case italic(Bool)
    case weight(Weight)
    case fontSize(FontSize)
    case smallCaps(Bool)
    /// `font-family`: the families in order, quotes removed, generic names lower-cased.
    case fontFamily([String])
    case margin(Side, CSSLength)
    case padding(Side, CSSLength)
    case textIndent(CSSLength)
    case display(Display)
    /// `break-before` / `page-break-before` (see ``Break``).
    case breakBefore(Break)
    /// `break-after` / `page-break-after` (see ``Break``).
    case breakAfter(Break)
    /// `break-inside: avoid` / `avoid-page` / `page-break-inside: avoid` (true), or `auto` (false).
    case breakInside(avoid: Bool)
    /// `list-style-type`, `-position`, `-image` (the shorthand `list-style` sets all three).
    case listStyle(ListStyleDeclaration)
    case whiteSpace(WhiteSpace)
    /// `color` (nil: the reader's text colour, for `inherit`-like values the cascade resolves to the default).
    case color(Color)
    /// `background-color` (nil for `transparent`).
    case backgroundColor(Color?)
    /// `background-image`, `-repeat`, `-position`, `-size` (the shorthand `background` sets them and the colour).
    case background(CSSBackgroundDeclaration)
    /// `border-radius` and its longhands: one corner each.
    case borderRadius(CSSBorderRadius)
    case textDecoration(TextDecorationLines)
    /// `text-decoration-style`, `-color` (nil: `currentColor`) and `-thickness` (nil: `auto`), and the
    /// shorthand's parts (CSS Text Decoration 3 §2.2–2.4, Level 4 §2.6).
    case decorationStyle(DecorationLook.Style)
    case decorationColor(Color?)
    case decorationThickness(CSSLength?)
    case textTransform(TextTransform)
    /// `letter-spacing` / `word-spacing` (nil for `normal`).
    case letterSpacing(CSSLength?)
    case wordSpacing(CSSLength?)
    case verticalAlign(VerticalAlign)
    /// `vertical-align` on a table cell, row or row group: where a cell's content sits in its row.
    case cellAlignment(TableCell.ContentAlignment)
    case lineHeight(LineHeight)
    /// `float: left`, `right`, `inline-start`, `inline-end` (and `-epub-` forms), or `none` (nil).
    case float(FloatSide?)
    /// `clear`: the sides whose floats a block starts below.
    case clear(ClearSides)
    /// `column-count` (nil: `auto`), `column-width` (nil: `auto`), `column-gap` (nil: `normal`), `column-span: all`.
    case columnCount(Int?)
    case columnWidth(CSSLength?)
    case columnGap(CSSLength?)
    case columnSpan(Bool)
    /// `column-fill` (`balance`, `balance-all`, `auto`).
    case columnFill(BlockColumns.Fill)
    /// `column-rule-width`, `-style`, `-color` (and the `column-rule` shorthand): the line between columns.
    case columnRuleWidth(CSSLength)
    case columnRuleStyle(BorderStyle)
    case columnRuleColor(Color)
    /// `initial-letter: N` (nil for `normal`).
    case initialLetter(Int?)
    /// Common ligatures: off for `font-variant-ligatures: none` or `no-common-ligatures` (false), else on.
    case ligatures(Bool)
    /// The features a font feature property asks for beyond common ligatures and small capitals (see
    /// `CSSFontFeatures.swift`): `font-variant-numeric: oldstyle-nums` is `onum` 1.
    case fontFeatures(FontFeatureProperty, FontFeatures)
    /// `hyphens: auto` (true), `manual`/`none` (false).
    case hyphens(Bool)
    /// Borders, side by side: the width, the style, the colour (`border` sets all three on every side,
    /// `border-top` on one, `border-width` one to four sides' widths as margins do).
    case borderWidth(Side, CSSLength)
    case borderStyle(Side, BorderStyle)
    case borderColor(Side, Color)
    /// `border-collapse: collapse` (true) or `separate` (false): a table's border model (inherited).
    case borderCollapse(Bool)
    /// `border-spacing`: across and down (one length is both; inherited).
    case borderSpacing(CSSLength, CSSLength)
    /// `width`, `height`, `max-width` or `max-height` (nil for `auto` and `none`): the size of an image.
    case boxSize(BoxDimension, CSSLength?)
    /// `box-sizing` (CSS Box Sizing 3 §3): whether `width`, `min-width` and `max-width` are of the border box
    /// (`border-box`) rather than the content box.
    case boxSizing(borderBox: Bool)
    /// `width: fit-content` or `max-content` (CSS Sizing 3 §3.2): a block as wide as its content, up to its
    /// containing block (``TypesetCore/BlockWidth/fitsContent``).
    case widthFitsContent
    /// `text-align-last` (nil for `auto`: the paragraph's alignment, start for justified text).
    case textAlignLast(Alignment?)
    /// `line-break`: how strictly CJK line-start rules apply.
    case lineBreak(LineBreakStrictness)
    /// `word-break`.
    case wordBreak(WordBreakRule)
    /// `tab-size` as a number of spaces (CSS Text 3 §4.2; a length is not read).
    case tabSize(Double)
    /// `text-underline-position`: below the descenders (`under`: true) or at the font's position (false), and in
    /// vertical text on the column's left (`left`: true) or its right (false, the default).
    case underlinePosition(under: Bool, left: Bool)
    /// `writing-mode` (and `-epub-writing-mode`, `-webkit-writing-mode`, with SVG 1.1's `tb-rl` and `lr-tb`).
    case writingMode(WritingMode)
    /// `hanging-punctuation`: whether stops and commas may hang at line ends (`allow-end` or `force-end`: true;
    /// `none`, or `first`/`last` alone, which Typeset does not do: false).
    case hangingPunctuation(Bool)
    /// `text-combine-upright: all` or `digits N`, `-epub-text-combine: horizontal`, `-epub-text-combine-horizontal:
    /// all` (true), or `none` (false).
    case combineUpright(Bool)
    /// `text-orientation` (and `-epub-`, `-webkit-text-orientation`).
    case textOrientation(TextOrientation)
    /// `ruby-position` (and `-epub-`, `-webkit-ruby-position`; see ``rubyPosition(_:)``).
    case rubyPosition(RubyPosition)
    /// `text-emphasis-style` (and the `text-emphasis` shorthand, `-epub-`, `-webkit-`): the mark, nil for `none`.
    case emphasisStyle(TextEmphasis.Mark?)
    /// `text-emphasis-color`: nil for `currentColor` (the text's colour).
    case emphasisColor(Color?)
    /// `text-emphasis-position`: the side in horizontal text and the side in vertical text.
    case emphasisPosition(TextEmphasis.Side, TextEmphasis.VerticalSide)
    /// `visibility` (see CSSDeclaration+Visibility).
    case visibility(Visibility)
    /// `position`.
    case position(Position)
    /// `left`, `top`, `right`, `bottom` (`auto` is no offset).
    case offset(Side, CSSLength)
    /// `clip: rect(...)` leaving nothing of a small box (true), or another clip (false).
    case clipsAway(Bool)
    /// `clip-path` leaving nothing (`inset(50%)`: true), or another path (false).
    case clipPathHides(Bool)
    /// `overflow: hidden` or `clip` (true), or another overflow (false); and whether the overflow makes the box a
    /// block formatting context root, which contains its floats (CSS 2.1 §9.4.1: any but `visible` and `clip`).
    case overflowHidden(Bool, containsFloats: Bool)
    /// `object-fit`: how a replaced element's content fills its box.
    case objectFit(ObjectFit)
    /// `filter`: how a replaced element's colours are changed (nil for `none`).
    case filter(ColorFilter?)
    /// `content` of a `::before` or `::after` (nil for `none` or `normal`; CSSContent.swift). Read by the converter
    /// from the pseudo-element's rules, not kept in a computed style.
    case content([CSSContentPart]?)
    /// `quotes` (CSS Generated Content 3 §2.1; inherited): the marks `<q>`, `open-quote` and `close-quote` give.
    case quotes(CSSQuotes)
    /// `counter-reset`, `counter-increment` or `counter-set` (CSS Lists 3 §4; CSSCounters.swift). Read by the
    /// converter from an element's or pseudo-element's rules, as `content` is, not kept in a computed style.
    case counters(CounterChange)
    /// `inherit` (or `unset`) on an inherited property: the parent's value, whatever the rules before said (CSS
    /// Cascade 4 §7.3.3).
    case inherit(InheritedProperty)
    /// Whether `display` makes the box a formatting context root, which holds its floats (`flow-root`, `flex`,
    /// `grid`, `table`); set with every `display`.
    case containsFloats(Bool)
    /// Whether `display` makes the box an atomic inline (`inline-block`, `inline-flex`, `inline-grid`,
    /// `inline-table`: CSS Display 3 §2.4), whose `width` is its content's; set with every `display`.
    case atomicInline(Bool)
    /// The part of a table `display` makes the box (CSS 2.1 §17.2), nil for none; set with every `display`.
    ///
    /// A `table` or `inline-table` that is not an HTML table wraps an anonymous cell of its content (§17.2.1), as
    /// wide as that content up to its containing block (§17.5.2.2's automatic layout, a block of `width:
    /// fit-content`); rows and cells anywhere are a table's, in an anonymous table and row where their parent is
    /// none (``XHTMLConverter/openAnonymousTable(in:)``).
    case tablePart(TablePart?)

    /// The inherited properties `inherit` and `unset` are read for; on another property they are read as
    /// `initial` (``initialValue(_:)``), which is what they mean where the parent has the initial value.
    enum InheritedProperty: Equatable, Sendable {
        case textAlign, fontStyle, fontWeight, fontSize, fontFamily, fontVariant, textIndent, textTransform, color,
             letterSpacing, wordSpacing, lineHeight
        /// A font feature longhand (`font-variant-caps`, `font-feature-settings`...).
        case fontFeature(FontFeatureProperty)

        init?(_ property: String) {
            switch property {
            case "text-align": self = .textAlign
            case "font-style": self = .fontStyle
            case "font-weight": self = .fontWeight
            case "font-size": self = .fontSize
            case "font-family": self = .fontFamily
            case "font-variant": self = .fontVariant
            case "text-indent": self = .textIndent
            case "text-transform": self = .textTransform
            case "color": self = .color
            case "letter-spacing": self = .letterSpacing
            case "word-spacing": self = .wordSpacing
            case "line-height": self = .lineHeight
            default:
                guard let longhand = FontFeatureProperty(name: property) else { return nil }
                self = .fontFeature(longhand)
            }
        }
    }
    /// `direction`: the element's inline base direction (as the `dir` attribute, which it overrides).
    case direction(WritingDirection)
    /// `unicode-bidi` (CSS Writing Modes 3 §2.2; not inherited): what an inline element's direction does to the
    /// bidi algorithm around its text (``BidiEmbedding``).
    case unicodeBidi(UnicodeBidi)
    /// A flow-relative box property (`padding-inline-start`; see ``parseLogical(_:rawValue:)``): the declaration
    /// it makes in horizontal left-to-right text, whose side the element's writing mode and direction replace.
    indirect case logical(LogicalSide, CSSDeclaration)

    /// The sides of a box whose size CSS sets (read for images: see ``ReplacedSize``).
    enum BoxDimension: Equatable, Sendable { case width, height, maxWidth, maxHeight, minWidth, minHeight }

    /// The declarations one `property: value` pair stands for (shorthands expand); empty when unsupported.
    /// Math functions (`calc()`, `min()`, `max()`, `clamp()`) are computed first (``CSSMath``): an invalid one
    /// drops the declaration.
    static func parse(property: String, value written: Substring) -> [CSSDeclaration] {
        guard let rawValue = property == "content" ? written : CSSMath.substitute(written) else { return [] }
        let value = rawValue.trimmingWhiteSpace().lowercased()
        let words = CSSDeclaration.words(value)
        // `color: currentColor` is the parent's colour (CSS Color 4 §4.5), as `inherit` is.
        if value == "inherit" || value == "unset" || (property == "color" && value == "currentcolor"),
           let inherited = InheritedProperty(property) { return [.inherit(inherited)] }
        if value == "inherit" || value == "initial" || value == "unset" {
            return initialValue(property)
        }
        if let change = CounterChange(property: property, value: rawValue) { return [.counters(change)] }
        if property == "quotes" { return CSSQuotes(rawValue).map { [.quotes($0)] } ?? [] }
        if property == "content" {
            // Strings keep their case: read from the value as written.
            guard let parts = CSSContentPart.parse(rawValue) else { return [.content(nil)] }
            return parts.isEmpty ? [] : [.content(parts)]
        }
        return parseInGroup(property, value: value, words: words, rawValue: rawValue) ?? []
    }

    /// A group of properties' parser: it answers nil for a property not its own, and no two groups share one.
    private typealias PropertyGroup = @Sendable (_ property: String, _ value: String, _ words: [String], _ rawValue: Substring) -> [CSSDeclaration]?

    /// The property groups, in the order they are asked.
    private static let propertyGroups: [PropertyGroup] = [
        { property, _, _, rawValue in parseLogical(property, rawValue: rawValue) },
        { parseWritingSystem($0, value: $1, words: $2, rawValue: $3) },
        { parseFont($0, value: $1, words: $2, rawValue: $3) },
        { parseBox($0, value: $1, words: $2, rawValue: $3) },
        { parseTextAndColor($0, value: $1, words: $2, rawValue: $3) },
        { parseFlowAndBorders($0, value: $1, words: $2, rawValue: $3) },
        { property, value, words, _ in parseVisibility(property: property, value: value, words: words) },
    ]

    /// The group that answered for each property name met so far. Asking the groups in turn compared the name
    /// with every `case` before its own (about 15,000 instructions a declaration, most of a sheet's parsing);
    /// a remembered group is asked first. Only names a group answered for are kept (the ~190 known; at most 512).
    private static let groupOfProperty = Locked<[String: Int]>([:])

    /// The declarations of `property` from the group that owns it, nil when none does.
    private static func parseInGroup(_ property: String, value: String, words: [String], rawValue: Substring) -> [CSSDeclaration]? {
        if let known = groupOfProperty.withLock({ $0[property] }),
           let answer = propertyGroups[known](property, value, words, rawValue) {
            return answer
        }
        for (index, group) in propertyGroups.enumerated() {
            guard let answer = group(property, value, words, rawValue) else { continue }
            groupOfProperty.withLock { if $0.count < 512 { $0[property] = index } }
            return answer
        }
        return nil
    }

    /// Writing systems: emphasis marks, vertical text, ruby, alignment and line breaking.
    /// nil when `property` is not one of them.
    private static func parseWritingSystem(_ property: String, value: String, words: [String],
                                           rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "text-emphasis", "-epub-text-emphasis", "-webkit-text-emphasis":
            return emphasisShorthand(rawValue.trimmingWhiteSpace())
        case "text-emphasis-style", "-epub-text-emphasis-style", "-webkit-text-emphasis-style":
            return emphasisStyle(rawValue.trimmingWhiteSpace()).map { [.emphasisStyle($0)] } ?? []
        case "text-emphasis-color", "-epub-text-emphasis-color", "-webkit-text-emphasis-color":
            if value == "currentcolor" { return [.emphasisColor(nil)] }
            return CSSColor.parse(value).map { [.emphasisColor($0)] } ?? []
        case "text-emphasis-position", "-epub-text-emphasis-position", "-webkit-text-emphasis-position":
            return emphasisPosition(words).map { [.emphasisPosition($0.0, $0.1)] } ?? []
        case "text-combine-upright", "-epub-text-combine", "-webkit-text-combine", "-epub-text-combine-horizontal",
             "-webkit-text-combine-horizontal", "-ms-text-combine-horizontal":
            if value == "none" { return [.combineUpright(false)] }
            return value == "all" || value == "horizontal" || value.hasPrefix("digits") ? [.combineUpright(true)] : []
        case "text-orientation", "-epub-text-orientation", "-webkit-text-orientation":
            let map: [String: TextOrientation] = ["mixed": .mixed, "vertical-right": .mixed, "upright": .upright,
                                                  "sideways": .sideways, "sideways-right": .sideways]
            return map[value].map { [.textOrientation($0)] } ?? []
        case "direction":
            let map: [String: WritingDirection] = ["ltr": .leftToRight, "rtl": .rightToLeft]
            return map[value].map { [.direction($0)] } ?? []
        case "unicode-bidi":
            return UnicodeBidi(value).map { [.unicodeBidi($0)] } ?? []
        case "ruby-position", "-epub-ruby-position", "-webkit-ruby-position":
            return rubyPosition(words).map { [.rubyPosition($0)] } ?? []
        case "hanging-punctuation", "-webkit-hanging-punctuation":
            let words = value.split(separator: " ")
            let known: Set<Substring> = ["none", "first", "last", "allow-end", "force-end"]
            guard !words.isEmpty, words.allSatisfy(known.contains) else { return [] }
            return [.hangingPunctuation(words.contains("allow-end") || words.contains("force-end"))]
        case "writing-mode", "-epub-writing-mode", "-webkit-writing-mode":
            let map: [String: WritingMode] = ["horizontal-tb": .horizontal, "lr-tb": .horizontal, "lr": .horizontal,
                                              "rl-tb": .horizontal, "rl": .horizontal,
                                              "vertical-rl": .verticalRightToLeft, "tb-rl": .verticalRightToLeft,
                                              "tb": .verticalRightToLeft, "vertical-lr": .verticalLeftToRight,
                                              "sideways-rl": .verticalRightToLeft, "sideways-lr": .verticalLeftToRight]
            return map[value].map { [.writingMode($0)] } ?? []
        case "text-align":
            let map: [String: Alignment] = ["left": .left, "right": .right, "center": .center, "justify": .justify,
                                            "start": .start, "end": .end, "-webkit-center": .center]
            return map[value].map { [.textAlign($0)] } ?? []
        case "text-align-last", "-epub-text-align-last", "-webkit-text-align-last", "-moz-text-align-last":
            if value == "auto" { return [.textAlignLast(nil)] }
            let map: [String: Alignment] = ["left": .left, "right": .right, "center": .center, "justify": .justify,
                                            "start": .start, "end": .end]
            return map[value].map { [.textAlignLast($0)] } ?? []
        case "line-break", "-epub-line-break", "-webkit-line-break":
            return LineBreakStrictness(rawValue: value).map { [.lineBreak($0)] } ?? []
        case "tab-size", "-moz-tab-size", "-o-tab-size":
            // An integer (CSS Text 3 §4.2: `<integer [0,∞]>`); a length is not read.
            guard let spaces = Int(value), spaces >= 0 else { return [] }
            return [.tabSize(Double(min(spaces, 64)))]
        case "word-break", "-epub-word-break":
            switch value {
            case "normal", "break-word": return [.wordBreak(.normal)]
            case "break-all": return [.wordBreak(.breakAll)]
            case "keep-all": return [.wordBreak(.keepAll)]
            default: return []
            }
        case "text-underline-position", "-epub-text-underline-position", "-webkit-text-underline-position":
            // `left` and `right` place it in vertical text (right, the default, when neither is said); in
            // horizontal text only `under` moves it.
            guard words.allSatisfy({ ["auto", "alphabetic", "from-font", "under", "left", "right"].contains($0) }) else { return [] }
            return [.underlinePosition(under: words.contains("under"), left: words.contains("left"))]
        default: return nil
        }
    }

    /// Fonts: style, weight, size, variants, families and the `font` shorthand.
    /// nil when `property` is not one of them.
    private static func parseFont(_ property: String, value: String, words: [String],
                                  rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "font-style":
            switch value {
            case "italic", "oblique": return [.italic(true)]
            case "normal": return [.italic(false)]
            default: return value.hasPrefix("oblique") ? [.italic(true)] : []
            }
        case "font-weight":
            return fontWeight(value).map { [.weight($0)] } ?? []
        case "font-size":
            return fontSize(value).map { [.fontSize($0)] } ?? []
        case "font-family":
            let families = CSSParser.splitTopLevel(String(rawValue), separator: ",").map { family -> String in
                let name = CSSFontFace.unquoted(family)
                let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
                return generic.contains(name.lowercased()) ? name.lowercased() : name
            }
            return families.isEmpty ? [] : [.fontFamily(families)]
        case "font":
            return fontShorthand(rawValue)
        default: return parseFontFeatures(property, value: value, words: words, rawValue: rawValue)
        }
    }

    /// The box: margins, padding, indents, sizes, `display`, list styles and page breaks.
    /// nil when `property` is not one of them.
    private static func parseBox(_ property: String, value: String, words: [String],
                                 rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "margin", "padding":
            guard let sides = boxSides(words) else { return [] }
            return zip(Side.allCases, sides).map { property == "margin" ? .margin($0, $1) : .padding($0, $1) }
        case "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top", "padding-right",
             "padding-bottom", "padding-left":
            guard let length = CSSLength(Substring(value)) else { return [] }
            let parts = property.split(separator: "-")
            let side: Side
            switch parts.last {
            case "top": side = .top
            case "right": side = .right
            case "bottom": side = .bottom
            default: side = .left
            }
            return [parts[0] == "margin" ? .margin(side, length) : .padding(side, length)]
        case "text-indent":
            return CSSLength(Substring(words.first ?? "")).map { [.textIndent($0)] } ?? []
        case "width", "height", "max-width", "max-height", "min-width", "min-height":
            return parseBoxSize(property: property, value: value)
        case "box-sizing", "-webkit-box-sizing", "-moz-box-sizing":
            switch value {
            case "border-box": return [.boxSizing(borderBox: true)]
            case "content-box": return [.boxSizing(borderBox: false)]
            default: return []
            }
        case "object-fit", "-o-object-fit":
            return ObjectFit(rawValue: value).map { [.objectFit($0)] } ?? []
        case "filter", "-webkit-filter":
            return CSSFilter.read(value).map { [.filter($0)] } ?? []
        case "display":
            let display: Display? = switch value {
            case "none": Display.none
            case "block", "flow-root", "flex", "grid", "table", "table-row-group", "table-header-group", "table-footer-group",
                 "table-row", "table-cell", "table-caption": .block
            case "inline", "inline-block", "inline-flex", "inline-grid", "inline-table", "contents": .inline
            case "list-item": .listItem
            default: words.isEmpty ? nil : .other
            }
            // A flow root, a flex or grid container and a table hold their floats (CSS Display 3 §2.3).
            let atomic = ["inline-block", "inline-flex", "inline-grid", "inline-table"].contains(value)
            return display.map { [.display($0), .containsFloats(["flow-root", "flex", "grid", "table"].contains(value)), .atomicInline(atomic),
                                  .tablePart(TablePart(display: value))] } ?? []
        case "list-style-type", "list-style", "list-style-position", "list-style-image":
            // Counter style names are case-sensitive: the value as written.
            return ListStyleDeclaration.parse(property: property, value: rawValue).map { .listStyle($0) }
        case "page-break-before", "break-before", "page-break-after", "break-after":
            guard let value = Break(value) else { return [] }
            return [property.hasSuffix("before") ? .breakBefore(value) : .breakAfter(value)]
        case "page-break-inside", "break-inside":
            switch value {
            case "avoid", "avoid-page": return [.breakInside(avoid: true)]
            case "auto", "avoid-column", "avoid-region": return [.breakInside(avoid: false)]
            default: return []
            }
        default: return nil
        }
    }

    /// Text and colour: white space, colours, backgrounds, decoration, transforms, spacing and line height.
    /// nil when `property` is not one of them.
    private static func parseTextAndColor(_ property: String, value: String, words: [String],
                                          rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "white-space":
            switch value {
            case "pre", "pre-wrap", "break-spaces": return [.whiteSpace(.pre)]
            case "pre-line": return [.whiteSpace(.preLine)]
            case "normal", "nowrap": return [.whiteSpace(.normal)]
            default: return []
            }
        case "color":
            return CSSColor.parse(value).map { [.color($0)] } ?? []
        case "background-color":
            if value == "transparent" { return [.backgroundColor(nil)] }
            return CSSColor.parse(value).map { [.backgroundColor($0)] } ?? []
        case "background", "background-image", "background-repeat", "background-position", "background-size", "background-origin",
             "background-clip", "-webkit-background-origin", "-webkit-background-clip":
            // URLs are case-sensitive: the value as written.
            return CSSBackgroundDeclaration.parse(property: property, value: rawValue)
        case "text-decoration", "-webkit-text-decoration":
            return decorationShorthand(words)
        case "text-decoration-line", "-webkit-text-decoration-line":
            let lines = words.compactMap(decorationLine)
            return lines.isEmpty && words != ["none"] ? [] : [.textDecoration(TextDecorationLines(lines))]
        case "text-decoration-style", "-webkit-text-decoration-style":
            return decorationStyle(value).map { [.decorationStyle($0)] } ?? []
        case "text-decoration-color", "-webkit-text-decoration-color":
            if value == "currentcolor" { return [.decorationColor(nil)] }
            return CSSColor.parse(value).map { [.decorationColor($0)] } ?? []
        case "text-decoration-thickness":
            if value == "auto" || value == "from-font" { return [.decorationThickness(nil)] }
            return CSSLength(Substring(value)).flatMap { $0.isNegative || $0 == .auto ? nil : [.decorationThickness($0)] } ?? []
        case "text-transform":
            switch value {
            case "uppercase": return [.textTransform(.uppercase)]
            case "lowercase": return [.textTransform(.lowercase)]
            case "capitalize": return [.textTransform(.capitalize)]
            case "none": return [.textTransform(.none)]
            default:
                // `full-width` may come with a case (`uppercase full-width`); Typeset applies one transform, and
                // the full-width forms are what the book asks of its Latin text in a CJK grid.
                if words.contains("full-width") || words.contains("-epub-fullwidth") { return [.textTransform(.fullWidth)] }
                return []
            }
        case "letter-spacing", "word-spacing":
            let length: CSSLength?
            if value == "normal" { length = nil } else {
                guard let parsed = CSSLength(Substring(value)), parsed != .auto else { return [] }
                length = parsed
            }
            return [property == "letter-spacing" ? .letterSpacing(length) : .wordSpacing(length)]
        case "vertical-align":
            switch value {
            case "super": return [.verticalAlign(.shift(1.0 / 3))]
            case "sub": return [.verticalAlign(.shift(-0.2))]
            // In a table cell the keyword places the cell's content in its row (``cellAlignment``).
            case "baseline", "top", "text-top": return [.verticalAlign(.baseline), .cellAlignment(.top)]
            case "middle": return [.verticalAlign(.baseline), .cellAlignment(.middle)]
            case "bottom", "text-bottom": return [.verticalAlign(.baseline), .cellAlignment(.bottom)]
            default: return CSSLength(Substring(value)).map { [.verticalAlign(.length($0))] } ?? []
            }
        case "line-height":
            if value == "normal" { return [.lineHeight(.normal)] }
            if let number = Double(value), number.isFinite, number >= 0 { return [.lineHeight(.multiple(number))] }
            guard let length = CSSLength(Substring(value)), length != .auto else { return [] }
            return [.lineHeight(.length(length))]
        default: return nil
        }
    }

    /// Floats, columns, drop caps, hyphenation and borders.
    /// nil when `property` is not one of them.
    private static func parseFlowAndBorders(_ property: String, value: String, words: [String],
                                            rawValue: Substring) -> [CSSDeclaration]? {
        switch property {
        case "float":
            switch value {
            case "left": return [.float(.left)]
            case "right": return [.float(.right)]
            case "inline-start", "start": return [.float(.inlineStart)]
            case "inline-end", "end": return [.float(.inlineEnd)]
            case "none": return [.float(nil)]
            default: return []
            }
        case "column-count", "-webkit-column-count", "-moz-column-count", "-epub-column-count",
             "column-width", "-webkit-column-width", "-moz-column-width", "-epub-column-width",
             "columns", "-webkit-columns", "-moz-columns", "-epub-columns",
             "column-gap", "-webkit-column-gap", "-moz-column-gap", "-epub-column-gap",
             "column-span", "-webkit-column-span", "-epub-column-span",
             "column-fill", "-webkit-column-fill", "-moz-column-fill":
            return parseColumns(property.split(separator: "-").last.map(String.init) ?? property, value: value, words: words)
        case "column-rule", "-webkit-column-rule", "-moz-column-rule", "column-rule-width", "-webkit-column-rule-width",
             "column-rule-style", "-webkit-column-rule-style", "column-rule-color", "-webkit-column-rule-color":
            return columnRule(property, words: words)
        case "clear":
            switch value {
            case "left": return [.clear(.left)]
            case "right": return [.clear(.right)]
            case "both", "inline-start", "inline-end", "all": return [.clear(.both)]
            case "none": return [.clear([])]
            default: return []
            }
        case "initial-letter", "-webkit-initial-letter":
            if value == "normal" { return [.initialLetter(nil)] }
            guard let first = words.first, let number = Double(first), number.isFinite, number >= 1 else { return [] }
            return [.initialLetter(Int(number.rounded()))]
        case "hyphens", "-webkit-hyphens", "-epub-hyphens", "-moz-hyphens", "-ms-hyphens":
            switch value {
            case "auto": return [.hyphens(true)]
            case "manual", "none": return [.hyphens(false)]
            default: return []
            }
        case "adobe-hyphenate":
            return value == "none" ? [.hyphens(false)] : (value == "auto" ? [.hyphens(true)] : [])
        case "border", "border-top", "border-right", "border-bottom", "border-left":
            let sides = property == "border" ? Side.allCases : Side.allCases.filter { "border-\($0)" == property }
            // The words are read once (a width, a style, a colour each try the three readings), for every side.
            guard let first = sides.first else { return [] }
            let parts = border(words, side: first)
            return sides.flatMap { side in parts.map { $0.onSide(side) } }
        case "border-radius", "-webkit-border-radius", "border-top-left-radius", "border-top-right-radius",
             "border-bottom-right-radius", "border-bottom-left-radius":
            return CSSBorderRadius.parse(property: property, value: value)
        case "border-collapse":
            switch value {
            case "collapse": return [.borderCollapse(true)]
            case "separate": return [.borderCollapse(false)]
            default: return []
            }
        case "border-spacing":
            // One or two lengths, neither negative nor a percentage (CSS 2.1 §17.6.1).
            let lengths = words.compactMap { CSSLength(Substring($0)) }
            guard (1...2).contains(words.count), lengths.count == words.count,
                  lengths.allSatisfy({ length in
                      if case .percent = length { return false }
                      return length != .auto && !length.isNegative
                  }) else { return [] }
            return [.borderSpacing(lengths[0], lengths.last ?? lengths[0])]
        case "border-width", "border-style", "border-color":
            return borderSides(property.dropFirst("border-".count), words: words)
        case "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
             "border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
             "border-top-color", "border-right-color", "border-bottom-color", "border-left-color":
            let parts = property.split(separator: "-")
            guard parts.count == 3, let side = Side.allCases.first(where: { "\($0)" == parts[1] }), words.count == 1 else { return [] }
            return borderPart(parts[2], word: words[0], side: side).map { [$0] } ?? []
        default: return nil
        }
    }

    /// The declarations that put `property` back to its initial value (`inherit`, `initial`, `unset`: close enough
    /// for a book, whose sheets use them to undo an earlier rule).
    private static func initialValue(_ property: String) -> [CSSDeclaration] {
        switch property {
        case "text-indent": return [.textIndent(.px(0))]
        case "font-style": return [.italic(false)]
        case "font-weight": return [.weight(.absolute(400))]
        case "text-align": return [.textAlign(.start)]
        case "text-decoration", "-webkit-text-decoration":
            return [.textDecoration([]), .decorationStyle(.solid), .decorationColor(nil), .decorationThickness(nil)]
        case "text-decoration-line", "-webkit-text-decoration-line": return [.textDecoration([])]
        case "text-decoration-style", "-webkit-text-decoration-style": return [.decorationStyle(.solid)]
        case "text-decoration-color", "-webkit-text-decoration-color": return [.decorationColor(nil)]
        case "text-decoration-thickness": return [.decorationThickness(nil)]
        case "text-transform": return [.textTransform(.none)]
        case "text-align-last", "-epub-text-align-last": return [.textAlignLast(nil)]
        case "box-sizing": return [.boxSizing(borderBox: false)]
        case "font-variant", "font-variant-ligatures", "font-variant-caps", "font-variant-numeric", "font-variant-position",
             "font-variant-east-asian", "font-kerning", "font-feature-settings":
            return parse(property: property, value: property == "font-kerning" ? "auto" : "normal")
        default: return []
        }
    }

    /// `text-emphasis-style`: `none`, a quoted string (its first character), or `filled`/`open` and a shape in
    /// either order, each optional (a fill alone takes the writing mode's shape, a shape alone is filled);
    /// `.some(nil)` for `none`, nil for a value that cannot be read.
    static func emphasisStyle(_ raw: String) -> TextEmphasis.Mark?? {
        if let quote = raw.first, quote == "\"" || quote == "'" {
            guard raw.count >= 2, raw.last == quote else { return nil }
            // CSS draws the string's first grapheme only; an empty string draws nothing.
            return .some(raw.dropFirst().dropLast().first.map { .character(String($0)) })
        }
        let words = CSSDeclaration.words(raw.lowercased())
        if words == ["none"] { return .some(nil) }
        let shapes: [String: TextEmphasis.Shape] = ["dot": .dot, "circle": .circle, "double-circle": .doubleCircle,
                                                    "triangle": .triangle, "sesame": .sesame]
        var filled: Bool?, shape: TextEmphasis.Shape?
        for word in words {
            if (word == "filled" || word == "open") && filled == nil { filled = word == "filled" }
            else if let named = shapes[word], shape == nil { shape = named }
            else { return nil }
        }
        guard filled != nil || shape != nil else { return nil }
        return filled == false ? .open(shape ?? .automatic) : .filled(shape ?? .automatic)
    }

    /// `ruby-position` (CSS Ruby 1: `[alternate || [over | under]] | inter-character`; `alternate` alone is `over`,
    /// and alternation between the levels of double-sided ruby is each `<rtc>`'s own `ruby-position` here), with
    /// the values of the 2011 draft that `-webkit-` and `-epub-` books use: `before` (over), `after` (under), and
    /// `right` (as `inter-character`). `inter-character` sets each annotation upright in a column to the right of
    /// its base in horizontal text (Zhuyin), and is `over` in vertical text, as the spec says (decided at shaping,
    /// where the paragraph's direction is known).
    static func rubyPosition(_ words: [String]) -> RubyPosition? {
        let known: [String: RubyPosition] = ["over": .over, "before": .over, "under": .under, "after": .under,
                                             "inter-character": .interCharacter, "right": .interCharacter]
        switch words.count {
        case 1: return words[0] == "alternate" ? .over : known[words[0]]
        case 2:
            guard words.contains("alternate"), let side = words.first(where: { $0 != "alternate" }),
                  side == "over" || side == "under" else { return nil }
            return known[side]
        default: return nil
        }
    }

    /// `text-emphasis: <style> || <color>`: the colour not given is `currentColor`, as the shorthand resets it.
    private static func emphasisShorthand(_ raw: String) -> [CSSDeclaration] {
        if let style = emphasisStyle(raw) { return [.emphasisStyle(style), .emphasisColor(nil)] }
        // A colour at either end, the style the rest.
        let parts = CSSParser.splitTopLevel(raw, separator: " ")
        guard parts.count >= 2 else {
            return parts.first.flatMap { CSSColor.parse($0.lowercased()) }.map { [.emphasisColor($0)] } ?? []
        }
        for (colorPart, rest) in [(parts[parts.count - 1], parts.dropLast()), (parts[0], parts.dropFirst())] {
            guard let color = CSSColor.parse(colorPart.lowercased()),
                  let style = emphasisStyle(rest.joined(separator: " ")) else { continue }
            return [.emphasisStyle(style), .emphasisColor(color)]
        }
        return []
    }

    /// `text-emphasis-position: [over | under] && [right | left]?`; the older `over` or `under` alone, or `right`
    /// or `left` alone, take `right` and `over` for the side not named.
    private static func emphasisPosition(_ words: [String]) -> (TextEmphasis.Side, TextEmphasis.VerticalSide)? {
        var side: TextEmphasis.Side?, vertical: TextEmphasis.VerticalSide?
        for word in words {
            switch word {
            case "over" where side == nil: side = .over
            case "under" where side == nil: side = .under
            case "right" where vertical == nil: vertical = .right
            case "left" where vertical == nil: vertical = .left
            default: return nil
            }
        }
        guard side != nil || vertical != nil else { return nil }
        return (side ?? .over, vertical ?? .right)
    }

    static func words(_ value: String) -> [String] {
        // Split as UTF-8 code units: the separators are ASCII (see `trimmingWhiteSpace`).
        value.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private static func fontWeight(_ value: String) -> Weight? {
        switch value {
        case "bold": return .absolute(700)
        case "normal": return .absolute(400)
        case "bolder": return .bolder
        case "lighter": return .lighter
        default:
            guard let number = Double(value), number.isFinite, (1...1000).contains(number) else { return nil }
            return .absolute(Int(number))
        }
    }

    private static func fontSize(_ value: String) -> FontSize? {
        let keywords: [String: Double] = ["xx-small": 0.6, "x-small": 0.75, "small": 0.89, "medium": 1,
                                          "large": 1.2, "x-large": 1.5, "xx-large": 2, "xxx-large": 3]
        if let scale = keywords[value] { return .absolute(scale) }
        if value == "smaller" { return .relative(0.83) }
        if value == "larger" { return .relative(1.2) }
        guard let length = CSSLength(Substring(value)), length != .auto else { return nil }
        return .length(length)
    }

    /// `font: italic bold 1.2em/1.5 Georgia, serif`: style, weight, size, line height and family.
    private static func fontShorthand(_ raw: Substring) -> [CSSDeclaration] {
        let value = raw.trimmingWhiteSpace()
        var words = CSSParser.splitTopLevel(value, separator: " ")
        var result: [CSSDeclaration] = []
        var italic = false, weight: Weight?, smallCaps = false
        while let first = words.first {
            let lowered = first.lowercased()
            if lowered == "italic" || lowered == "oblique" { italic = true }
            else if lowered == "small-caps" { smallCaps = true }
            else if lowered == "normal" {}
            else if let parsed = fontWeight(lowered) { weight = parsed }
            else { break }
            words.removeFirst()
        }
        guard let sizeWord = words.first else { return [] }
        let sizeParts = sizeWord.split(separator: "/", maxSplits: 1)
        guard let size = fontSize(String(sizeParts[0]).lowercased()) else { return [] }
        result.append(.italic(italic))
        result.append(.weight(weight ?? .absolute(400)))
        // The shorthand resets the `font-variant-*` longhands and `font-kerning` (CSS Fonts 4 §2.8), small caps
        // to what it says.
        result += parse(property: "font-variant", value: smallCaps ? "small-caps" : "normal")
        result.append(.fontFeatures(.kerning, FontFeatures()))
        result.append(.fontSize(size))
        if sizeParts.count == 2 { result += parse(property: "line-height", value: sizeParts[1]) }
        let family = words.dropFirst().joined(separator: " ")
        if !family.isEmpty { result += parse(property: "font-family", value: Substring(family)) }
        return result
    }

    /// One to four lengths for the four sides (CSS's shorthand order: top, right, bottom, left).
    private static func boxSides(_ words: [String]) -> [CSSLength]? {
        let lengths = words.compactMap { CSSLength(Substring($0)) }
        guard lengths.count == words.count, (1...4).contains(lengths.count) else { return nil }
        switch lengths.count {
        case 1: return [lengths[0], lengths[0], lengths[0], lengths[0]]
        case 2: return [lengths[0], lengths[1], lengths[0], lengths[1]]
        case 3: return [lengths[0], lengths[1], lengths[2], lengths[1]]
        default: return lengths
        }
    }

    /// `border: 1px solid #005a9c` (any order) on one side: what the shorthand leaves out takes its initial
    /// value (`medium`, `none`, the text's colour), as CSS says.
    /// This border declaration for `side` instead (any other declaration unchanged).
    private func onSide(_ side: Side) -> CSSDeclaration {
        switch self {
        case .borderWidth(_, let width): .borderWidth(side, width)
        case .borderStyle(_, let style): .borderStyle(side, style)
        case .borderColor(_, let color): .borderColor(side, color)
        default: self
        }
    }

    private static func border(_ words: [String], side: Side) -> [CSSDeclaration] {
        var width = CSSDeclaration.borderWidth(side, .px(3)), style = CSSDeclaration.borderStyle(side, .none)
        var color: CSSDeclaration?
        for word in words {
            if let part = borderPart("style", word: word, side: side) { style = part }
            else if let part = borderPart("width", word: word, side: side) { width = part }
            else if let part = borderPart("color", word: word, side: side) { color = part }
        }
        return [width, style] + (color.map { [$0] } ?? [])
    }

    /// `column-rule` (a width, a style and a colour in any order, as `border`; unset parts initial: `medium none
    /// currentColor`) or one of its longhands, read as a border's parts are.
    private static func columnRule(_ property: String, words: [String]) -> [CSSDeclaration] {
        func rule(_ part: Substring, _ word: String) -> CSSDeclaration? {
            switch borderPart(part, word: word, side: .left) {
            case .borderWidth(_, let width)?: return .columnRuleWidth(width)
            case .borderStyle(_, let style)?: return .columnRuleStyle(style)
            case .borderColor(_, let color)?: return .columnRuleColor(color)
            default: return nil
            }
        }
        let name = property.hasPrefix("-") ? String(property.drop { $0 == "-" }.drop { $0 != "-" }.dropFirst()) : property
        if name == "column-rule" {
            var result: [CSSDeclaration] = [.columnRuleWidth(.px(3)), .columnRuleStyle(.none)]
            for word in words {
                guard let part = rule("style", word) ?? rule("width", word) ?? rule("color", word) else { return [] }
                switch part {
                case .columnRuleWidth: result[0] = part
                case .columnRuleStyle: result[1] = part
                default: result.append(part)
                }
            }
            return result
        }
        guard words.count == 1, let part = name.split(separator: "-").last else { return [] }
        return rule(part, words[0]).map { [$0] } ?? []
    }

    /// `border-width: 1px 2px`, `border-style`, `border-color`: one to four values, for the sides as margins take
    /// them; nil for a value that is not one of them.
    private static func borderSides(_ part: Substring, words: [String]) -> [CSSDeclaration] {
        guard (1...4).contains(words.count) else { return [] }
        let values = words.map { borderPart(part, word: $0, side: .top) }
        guard values.allSatisfy({ $0 != nil }) else { return [] }
        let order: [Int] = switch words.count { case 1: [0, 0, 0, 0]; case 2: [0, 1, 0, 1]; case 3: [0, 1, 2, 1]; default: [0, 1, 2, 3] }
        return zip(Side.allCases, order).compactMap { side, index in borderPart(part, word: words[index], side: side) }
    }

    /// One word of a border's `width` (a length or `thin`, `medium`, `thick`), `style` or `color` for `side`.
    private static func borderPart(_ part: Substring, word: String, side: Side) -> CSSDeclaration? {
        switch part {
        case "width":
            switch word {
            case "thin": return .borderWidth(side, .px(1))
            case "medium": return .borderWidth(side, .px(3))
            case "thick": return .borderWidth(side, .px(5))
            default:
                guard let length = CSSLength(Substring(word)), length != .auto else { return nil }
                if case .percent = length { return nil }
                return .borderWidth(side, length)
            }
        case "style":
            switch word {
            case "none", "hidden": return .borderStyle(side, .none)
            case "solid", "groove", "ridge", "inset", "outset": return .borderStyle(side, .solid)
            case "dotted": return .borderStyle(side, .dotted)
            case "dashed": return .borderStyle(side, .dashed)
            case "double": return .borderStyle(side, .double)
            default: return nil
            }
        case "color":
            return CSSColor.parse(word).map { .borderColor(side, $0) }
        default:
            return nil
        }
    }
}

extension CSSDeclaration {
    /// The `width` keywords read as ``widthFitsContent``, with the prefixed forms books carry for old browsers.
    static let fitContentKeywords: Set<String> = ["fit-content", "-moz-fit-content", "-webkit-fit-content", "max-content",
                                                  "-moz-max-content", "-webkit-max-content"]

    /// `width: 50%`, `max-height: 100%`, `height: auto`, `max-width: none`: lengths that are not negative.
    static func parseBoxSize(property: String, value: String) -> [CSSDeclaration] {
        let dimensions: [String: BoxDimension] = ["width": .width, "height": .height, "max-width": .maxWidth,
                                                  "max-height": .maxHeight, "min-width": .minWidth, "min-height": .minHeight]
        guard let dimension = dimensions[property] else { return [] }
        if value == "auto" || value == "none" || value == "initial" { return [.boxSize(dimension, nil)] }
        // `max-content` is read as `fit-content`: a reader's line is never wider than its column.
        if dimension == .width, fitContentKeywords.contains(value.lowercased()) { return [.widthFitsContent] }
        guard let length = CSSLength(Substring(value)), !length.isNegative else { return [] }
        return [.boxSize(dimension, length)]
    }
}

extension StringProtocol {
    /// The string without leading and trailing XML/CSS white space (space, tab, CR, LF, form feed).
    /// (Foundation's `trimmingCharacters(in:)` is not used: this module does not import Foundation.)
    ///
    /// Read as UTF-8 code units (white space is ASCII, and no other character's encoding holds an ASCII byte):
    /// stepping by `Character` segmented graphemes, several times the cost of a style sheet's parse.
    func trimmingWhiteSpace() -> String {
        let text = Substring(self), units = text.utf8
        var start = units.startIndex, end = units.endIndex
        while start < end, CSSParser.isWhiteSpace(units[start]) { start = units.index(after: start) }
        while end > start, CSSParser.isWhiteSpace(units[units.index(before: end)]) { end = units.index(before: end) }
        return String(text[start..<end])
    }
}

extension CSSDeclaration {
    /// A multi-column property (`count`, `width`, `columns`, `gap`, `span`, `fill`: its name's last part) and its value.
    static func parseColumns(_ name: String, value: String, words: [String]) -> [CSSDeclaration] {
        func count(_ word: String) -> Int?? {
            if word == "auto" { return .some(nil) }
            guard let number = Int(word), number >= 1 else { return nil }
            return .some(number)
        }
        func width(_ word: String) -> CSSLength?? {
            if word == "auto" { return .some(nil) }
            guard let length = CSSLength(Substring(word)), length != .auto, !length.isNegative else { return nil }
            if case .percent = length { return nil }
            return .some(length)
        }
        switch name {
        case "count": return count(value).map { [.columnCount($0)] } ?? []
        case "width": return width(value).map { [.columnWidth($0)] } ?? []
        case "gap":
            if value == "normal" { return [.columnGap(nil)] }
            return width(value).map { [.columnGap($0)] } ?? []
        case "span": return value == "all" ? [.columnSpan(true)] : (value == "none" ? [.columnSpan(false)] : [])
        case "fill":
            switch value {
            case "balance": return [.columnFill(.balance)]
            case "balance-all": return [.columnFill(.balanceAll)]
            case "auto": return [.columnFill(.auto)]
            default: return []
            }
        default:
            // `columns`: a width and a count in either order, `auto` for either.
            var result: [CSSDeclaration] = [.columnCount(nil), .columnWidth(nil)]
            for word in words.prefix(2) where word != "auto" {
                if let number = count(word) { result[0] = .columnCount(number) }
                else if let length = width(word) { result[1] = .columnWidth(length) }
                else { return [] }
            }
            return result
        }
    }
}

extension CSSDeclaration {
    /// The values of `unicode-bidi` (CSS Writing Modes 3 §2.2), with the prefixed forms browsers once shipped.
    enum UnicodeBidi: Equatable, Sendable {
        case normal, embed, isolate, bidiOverride, isolateOverride, plaintext

        init?(_ value: String) {
            switch value {
            case "normal": self = .normal
            case "embed": self = .embed
            case "isolate", "-webkit-isolate", "-moz-isolate": self = .isolate
            case "bidi-override": self = .bidiOverride
            case "isolate-override", "-webkit-isolate-override", "-moz-isolate-override": self = .isolateOverride
            case "plaintext", "-webkit-plaintext", "-moz-plaintext": self = .plaintext
            default: return nil
            }
        }
    }
}

extension CSSDeclaration {
    /// `text-decoration`: lines, a style, a colour and a thickness in any order, each at most once (CSS Text
    /// Decoration 3 §2.4); the parts not given take their initial values. Empty when a word is none of these.
    static func decorationShorthand(_ words: [String]) -> [CSSDeclaration] {
        var lines: [TextDecorationLines] = [], style: DecorationLook.Style?, color: Color?, thickness: CSSLength?
        var sawNone = false
        for word in words {
            if word == "none" { sawNone = true; continue }
            if let line = decorationLine(word) { lines.append(line); continue }
            if style == nil, let parsed = decorationStyle(word) { style = parsed; continue }
            // The initial thickness and colour say nothing more than leaving them out.
            if word == "auto" || word == "from-font" || word == "currentcolor" { continue }
            if thickness == nil, let length = CSSLength(Substring(word)), !length.isNegative, length != .auto { thickness = length; continue }
            if color == nil, let parsed = CSSColor.parse(word) { color = parsed; continue }
            return []
        }
        guard !(sawNone && !lines.isEmpty), !words.isEmpty else { return [] }
        return [.textDecoration(TextDecorationLines(lines)), .decorationStyle(style ?? .solid), .decorationColor(color),
                .decorationThickness(thickness)]
    }

    /// One `text-decoration-line` keyword (`blink` is read and draws nothing, as CSS allows).
    static func decorationLine(_ word: String) -> TextDecorationLines? {
        switch word {
        case "underline": return .underline
        case "line-through": return .lineThrough
        case "overline": return .overline
        case "blink": return []
        default: return nil
        }
    }

    /// A `text-decoration-style` keyword.
    static func decorationStyle(_ word: String) -> DecorationLook.Style? {
        switch word {
        case "solid": return .solid
        case "double": return .double
        case "dotted": return .dotted
        case "dashed": return .dashed
        case "wavy": return .wavy
        default: return nil
        }
    }
}
