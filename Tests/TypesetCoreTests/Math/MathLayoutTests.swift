import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// The geometry of MathML Core's layout algorithms with the bundled math font (STIX Math): where numerators,
/// bars, scripts and limits go, by the font's MATH constants.
@Suite struct MathLayoutTests {
    static let m = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    /// A laid-out formula: the layout (its nodes' frames), its drawing, and the frames of elements by `id`.
    struct Laid {
        var layout: MathLayout
        var drawing: MathDrawing
        var frames: [(x: Double, width: Double, top: Double, bottom: Double)]
        var font: MathFont

        func frame(_ id: String) -> (x: Double, width: Double, top: Double, bottom: Double)? {
            let formula = layout.formula
            return formula.nodes.indices.first { formula.attribute("id", of: $0) == id }.map { frames[$0] }
        }
    }

    static func lay(_ body: String, display: Bool = false, constants: MathConstants? = nil) throws -> Laid {
        let xml = "<math \(m)\(display ? " display=\"block\"" : "")>\(body)</math>"
        let formula = try MathML.formula(xml)
        let face = try #require(try Fixtures.bundledFonts().defaultMathFace())
        let font = constants.map { MathFont(face: face, constants: $0) } ?? MathFont(face: face)
        var layout = MathLayout(formula: formula, font: font) { _ in nil }
        let drawing = layout.run()
        return Laid(layout: layout, drawing: drawing, frames: layout.nodeFrames(), font: font)
    }

    @Test func theBundledMathFontHasAMathTable() throws {
        let face = try #require(try Fixtures.bundledFonts().defaultMathFace())
        #expect(face.family == "STIX Math")
        #expect(MathFont(face: face).hasMathTable)
        // fontconfig never offers it for text.
        let set = try Fixtures.bundledFonts().fontSet(for: FontDescriptor(family: "STIX Math"))
        #expect(set.primary.family != "STIX Math")
    }

    /// mfrac: the bar on the math axis, the numerator's ink above it by at least the gap, the denominator's below.
    @Test func fractionBarLiesBetweenNumeratorAndDenominator() throws {
        for display in [false, true] {
            let laid = try Self.lay("<mfrac><mi id=\"n\">x</mi><mi id=\"d\">y</mi></mfrac>", display: display)
            let c = laid.font.constants
            let bar = try #require(laid.drawing.rules.first)
            #expect(laid.drawing.rules.count == 1)
            #expect(abs(bar.y + bar.height / 2 - c.axisHeight) < 1e-9)
            #expect(abs(bar.height - c.fractionRuleThickness) < 1e-9)
            let numerator = try #require(laid.frame("n")), denominator = try #require(laid.frame("d"))
            let numeratorGap = display ? c.fractionNumDisplayStyleGapMin : c.fractionNumeratorGapMin
            let denominatorGap = display ? c.fractionDenomDisplayStyleGapMin : c.fractionDenominatorGapMin
            #expect(numerator.bottom >= bar.y + bar.height + numeratorGap - 1e-9)
            #expect(denominator.top <= bar.y - denominatorGap + 1e-9)
            // Both centred on the bar, which spans the wider one (inside a pixel of padding each side).
            #expect(abs((numerator.x + numerator.width / 2) - (bar.x + bar.width / 2)) < 1e-9)
            #expect(abs((denominator.x + denominator.width / 2) - (bar.x + bar.width / 2)) < 1e-9)
            #expect(abs(bar.width - max(numerator.width, denominator.width)) < 1e-9)
            #expect(abs(laid.drawing.width - bar.width - 2 / 16) < 1e-9)
        }
        // linethickness: 0 draws no bar (a binomial), a length sets it, a percentage scales the default.
        #expect(try Self.lay("<mfrac linethickness=\"0\"><mi>n</mi><mi>k</mi></mfrac>").drawing.rules.isEmpty)
        let thick = try Self.lay("<mfrac linethickness=\"0.25em\"><mi>n</mi><mi>k</mi></mfrac>").drawing.rules
        #expect(abs((thick.first?.height ?? 0) - 0.25) < 1e-9)
        let half = try Self.lay("<mfrac linethickness=\"50%\"><mi>n</mi><mi>k</mi></mfrac>")
        #expect(abs((half.drawing.rules.first?.height ?? 0) - half.font.constants.fractionRuleThickness / 2) < 1e-9)
    }

    /// Scripts: a superscript raised and a subscript lowered by the MATH constants, set smaller by
    /// ScriptPercentScaleDown, and scripts of scripts by ScriptScriptPercentScaleDown.
    @Test func scriptShiftsAndSizesComeFromTheMathTable() throws {
        let laid = try Self.lay("<msup><mi id=\"b\">x</mi><mn id=\"s\">2</mn></msup>")
        let c = laid.font.constants
        let base = try #require(laid.frame("b")), script = try #require(laid.frame("s"))
        let scriptBox = laid.layout.boxes[3], baseBox = laid.layout.boxes[2]
        let shift = max(c.superscriptShiftUp, c.superscriptBottomMin + scriptBox.inkDescent,
                        baseBox.inkAscent - c.superscriptBaselineDropMax)
        #expect(abs((script.bottom + scriptBox.descent) - shift) < 1e-9)
        #expect(script.x >= base.x + base.width - 1e-9)
        #expect(laid.drawing.glyphs.last.map { abs($0.size - c.scriptPercentScaleDown) < 1e-9 } == true)
        let sub = try Self.lay("<msub><mi>x</mi><mi>i</mi></msub>")
        let subBox = sub.layout.boxes[3]
        let subShift = max(c.subscriptShiftDown, subBox.inkAscent - c.subscriptTopMax,
                           c.subscriptBaselineDropMin + sub.layout.boxes[2].inkDescent)
        #expect(abs(sub.layout.offsets[3].y + subShift) < 1e-9)
        let nested = try Self.lay("<msup><mi>e</mi><msup><mi>x</mi><mn>2</mn></msup></msup>")
        #expect(nested.drawing.glyphs.map(\.size) == [1, c.scriptPercentScaleDown, c.scriptScriptPercentScaleDown])
        // A cramped superscript (in a denominator) is raised less, never more.
        let cramped = try Self.lay("<mfrac><mn>1</mn><msup><mi>x</mi><mn id=\"s\">2</mn></msup></mfrac>")
        let loose = try Self.lay("<mfrac><msup><mi>x</mi><mn id=\"s\">2</mn></msup><mn>1</mn></mfrac>")
        let crampedShift = try #require(cramped.layout.offsets.last?.y), looseShift = try #require(loose.layout.offsets[4].y as Double?)
        #expect(crampedShift <= looseShift + 1e-9)
    }

    /// munderover with a movablelimits operator: limits below and above in display style, beside it as scripts
    /// inline; movablelimits="false" keeps them below and above inline too.
    @Test func limitsGoBelowAndAboveInDisplayStyleAndBesideInline() throws {
        let sum = "<munderover><mo id=\"op\">&#x2211;</mo><mi id=\"under\">k</mi><mi id=\"over\">n</mi></munderover>"
        let display = try Self.lay(sum, display: true)
        let op = try #require(display.frame("op")), under = try #require(display.frame("under")), over = try #require(display.frame("over"))
        #expect(under.top <= op.bottom + 1e-9 && over.bottom >= op.top - 1e-9)
        #expect(abs((under.x + under.width / 2) - (op.x + op.width / 2)) < 0.2)
        // The sum is enlarged to DisplayOperatorMinHeight in display style.
        #expect(op.top - op.bottom >= display.font.constants.displayOperatorMinHeight - 1e-9)
        let inline = try Self.lay(sum)
        let iop = try #require(inline.frame("op")), iunder = try #require(inline.frame("under")), iover = try #require(inline.frame("over"))
        #expect(iunder.x >= iop.x + iop.width - 0.3 && iover.x >= iop.x + iop.width - 1e-9)
        #expect(iop.top - iop.bottom < op.top - op.bottom)
        let fixed = try Self.lay("<munder><mo movablelimits=\"false\" id=\"op\">&#x2211;</mo><mi id=\"under\">k</mi></munder>")
        let fixedUnder = try #require(fixed.frame("under")), fixedOp = try #require(fixed.frame("op"))
        #expect(fixedUnder.top <= fixedOp.bottom + 1e-9)
    }

    /// A stretchy fence grows to cover its row's content, symmetric about the axis; a radical's surd covers its
    /// base and the rule tops it.
    @Test func fencesAndRadicalsStretchOverTheirContent() throws {
        let tall = "<mfrac><mfrac><mi>a</mi><mi>b</mi></mfrac><mfrac><mi>c</mi><mi>d</mi></mfrac></mfrac>"
        let laid = try Self.lay("<mrow><mo id=\"open\">(</mo><mrow id=\"content\">\(tall)</mrow><mo id=\"close\">)</mo></mrow>", display: true)
        let open = try #require(laid.frame("open")), content = try #require(laid.frame("content"))
        #expect(open.top >= content.top - 0.05 && open.bottom <= content.bottom + 0.05)
        let axis = laid.font.constants.axisHeight
        #expect(abs((open.top - axis) - (axis - open.bottom)) < 1e-6)
        let plain = try Self.lay("<mrow><mo id=\"open\">(</mo><mi>x</mi><mo>)</mo></mrow>")
        let small = try #require(plain.frame("open"))
        #expect(small.top - small.bottom < open.top - open.bottom)
        // stretchy="false" keeps the glyph.
        let fixed = try Self.lay("<mrow><mo stretchy=\"false\" id=\"open\">(</mo>\(tall)<mo>)</mo></mrow>")
        let fixedOpen = try #require(fixed.frame("open"))
        #expect(abs(fixedOpen.top - small.top) < 0.01)
        let root = try Self.lay("<msqrt><mrow id=\"base\">\(tall)</mrow></msqrt>")
        let base = try #require(root.frame("base"))
        let bar = try #require(root.drawing.rules.last)
        #expect(bar.y >= base.top - 1e-9)
        #expect(abs(bar.x - base.x) < 1e-9 && abs(bar.width - base.width) < 1e-9)
        let surd = try #require(root.drawing.glyphs.first { $0.x < base.x })
        #expect(surd.x >= 0)
    }

    /// Fences whose font gives a glyph assembly and no size variants (STIX Two's vertical bars: a part and an
    /// extender whose outer end joins nothing) stretch to their content, and the copies of the extender overlap so
    /// no seam shows; an infix bar stays its glyph, as MathML Core's dictionary says.
    @Test func barsStretchByTheirAssemblyAlone() throws {
        let tall = "<mfrac><mfrac><mi>a</mi><mi>b</mi></mfrac><mfrac><mi>c</mi><mi>d</mi></mfrac></mfrac>"
        for bar in ["|", "&#x2016;"] {
            let laid = try Self.lay("<mrow><mo id=\"open\">\(bar)</mo><mrow id=\"content\">\(tall)</mrow><mo id=\"close\">\(bar)</mo></mrow>", display: true)
            let open = try #require(laid.frame("open")), close = try #require(laid.frame("close"))
            let content = try #require(laid.frame("content"))
            for fence in [open, close] {
                #expect(fence.top >= content.top - 0.05 && fence.bottom <= content.bottom + 0.05, "\(bar) covers its content")
            }
            // Drawn as an assembly: a part and copies of the extender.
            let glyphs = laid.drawing.glyphs.filter { $0.x < content.x }
            #expect(glyphs.count > 2)
        }
        let infix = try Self.lay("<mrow><mi>a</mi><mo id=\"bar\">|</mo>\(tall)</mrow>", display: true)
        let plain = try Self.lay("<mrow><mi>a</mi><mo id=\"bar\">|</mo><mi>b</mi></mrow>")
        let infixBar = try #require(infix.frame("bar")), plainBar = try #require(plain.frame("bar"))
        #expect(abs((infixBar.top - infixBar.bottom) - (plainBar.top - plainBar.bottom)) < 1e-6)
    }

    /// A displayed integral whose font gives no italic correction (the bundled STIX Math: its display variant's ink
    /// reaches 450 units past its advance) takes its overhang as one: the upper limit starts past the top hook and
    /// the lower one tucks under it by the overhang.
    @Test func limitsOfAnIntegralClearItsHook() throws {
        let laid = try Self.lay("<msubsup><mo id=\"int\">&#x222B;</mo><mn id=\"sub\">0</mn><mi id=\"sup\">&#x221E;</mi></msubsup>",
                                display: true)
        let integral = try #require(laid.frame("int"))
        let sub = try #require(laid.frame("sub")), sup = try #require(laid.frame("sup"))
        let glyph = try #require(laid.drawing.glyphs.first)
        let inkRight = glyph.x + laid.font.extents(UInt32(glyph.id)).right * glyph.size
        #expect(sup.x >= inkRight - 1e-9)
        #expect(sub.x < inkRight && sub.x > integral.x)
    }

    /// mathvariant and the automatic italic of single-letter identifiers use the Mathematical Alphanumeric Symbols.
    @Test func mathvariantsAreMathematicalAlphanumerics() throws {
        let font = try Self.lay("<mi>x</mi>").font
        func glyph(_ scalar: UInt32) -> UInt16? { font.glyph(for: scalar).map { UInt16($0) } }
        #expect(try Self.lay("<mi>x</mi>").drawing.glyphs.map(\.id) == [glyph(0x1D465)].compactMap { $0 })
        #expect(try Self.lay("<mi mathvariant=\"bold\">x</mi>").drawing.glyphs.map(\.id) == [glyph(0x1D431)].compactMap { $0 })
        #expect(try Self.lay("<mi mathvariant=\"double-struck\">R</mi>").drawing.glyphs.map(\.id) == [glyph(0x211D)].compactMap { $0 })
        #expect(try Self.lay("<mi mathvariant=\"normal\">x</mi>").drawing.glyphs.map(\.id) == [glyph(0x78)].compactMap { $0 })
        #expect(try Self.lay("<mi>sin</mi>").drawing.glyphs.map(\.id) == [0x73, 0x69, 0x6E].compactMap(glyph))
        #expect(MathVariant.fraktur.transform(0x43) == 0x212D && MathVariant.bold.transform(0x3B1) == 0x1D6C2)
        #expect(MathVariant.italic.transform(0x68) == 0x210E)
    }

    /// The operator dictionary as MathML Core's appendix gives it.
    @Test func operatorDictionary() {
        func category(_ text: String, _ form: MathOperatorDictionary.Form) -> MathOperatorDictionary.Category {
            MathOperatorDictionary.category(Array(text.utf16)[...], form: form)
        }
        #expect(category("+", .infix) == .b && category("=", .infix) == .a || category("=", .infix) == .default)
        #expect(category("\u{2211}", .prefix) == .j)
        #expect(category("(", .prefix) == .f && category(")", .postfix) == .g)
        #expect(category("|", .infix) == .forceDefault)
        #expect(category(",", .infix) == .m)
        #expect(category("\u{222B}", .prefix) == .h)
        #expect(category("**", .infix) == .c && category("&&", .infix) == .b)
        #expect(category("\u{2192}", .infix) == .a)
        #expect(category("x", .infix) == .default)
        #expect(MathOperatorDictionary.category(Array("\u{2211}".utf16)[...], form: .infix, formIsExplicit: false) == .j)
        #expect(MathOperatorDictionary.stretchesInline(0x2192) && !MathOperatorDictionary.stretchesInline(0x28))
        #expect(MathOperatorDictionary.Category.b.values.lspace == 4.0 / 18)
    }

    /// Hostile formulas: deep nesting (no recursion), absurd lengths, a huge fence, empty elements, wrong child
    /// counts; every box stays finite.
    @Test func hostileFormulasStayFinite() throws {
        var deep = "<mi>x</mi>"
        for _ in 0..<200 { deep = "<mrow><msup>\(deep)<mn>2</mn></msup></mrow>" }
        for body in [deep, "<mspace width=\"1e300em\" height=\"-5em\" depth=\"nan\"/>",
                     "<mrow><mo>(</mo><mspace height=\"900em\"/><mo>)</mo></mrow>",
                     "<mfrac><mi>x</mi></mfrac>", "<msub/>", "<mroot><mi>x</mi></mroot>", "<mtable><mtr/><mi>x</mi></mtable>",
                     "<mmultiscripts><mprescripts/><mi>x</mi></mmultiscripts>", "<mpadded width=\"+1e308width\"><mi>x</mi></mpadded>",
                     "<mstyle scriptlevel=\"999999999\"><mi>x</mi></mstyle>", "<mo>&#x2061;</mo>",
                     "<mtable><mtr><mtd columnspan=\"99999999\"><mi>x</mi></mtd></mtr></mtable>"] {
            let laid = try Self.lay(body)
            #expect(laid.drawing.width.isFinite && laid.drawing.ascent.isFinite && laid.drawing.descent.isFinite, "\(body.prefix(40))")
            #expect(laid.drawing.glyphs.count <= 10_000)
            #expect(laid.drawing.width <= 3000)
        }
    }
}
