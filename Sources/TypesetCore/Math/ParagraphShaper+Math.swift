/// A formula laid out when its paragraph is shaped: its drawing, by the attribute run of its one unit.
struct ShapedFormula: Sendable {
    /// The attribute run of the formula's U+FFFC unit.
    let attributeIndex: Int32
    /// The formula laid out, in ems of the run's size.
    let drawing: MathDrawing
}

extension MathDrawing {
    /// About how many bytes the drawing holds (for the shaped text's memory report).
    var byteCount: Int { 64 + glyphs.count * MemoryLayout<Glyph>.stride + rules.count * MemoryLayout<Rule>.stride }
}

extension ParagraphShaper {
    /// Lays out `formula` (the attachment of attribute run `attributeIndex`) with its math face, appends it to
    /// `formulas`, and returns its width in ems: the advance of its one glyph.
    func shapeFormula(_ formula: MathFormula, style: TextStyle, role: ParagraphRole, attributeIndex: Int32,
                      into formulas: inout [ShapedFormula]) -> Float {
        let resolved = settings.resolve(style, role: role, readerFamily: family, language: style.language ?? documentLanguage)
        let textSet = try? context.fontSet(for: resolved.descriptor, in: documentFonts, readerFamily: family)
        guard let face = mathFace(for: formula, textFace: textSet?.primary) else {
            formulas.append(ShapedFormula(attributeIndex: attributeIndex, drawing: .empty))
            return 0
        }
        let context = self.context
        let font = context.mathFonts[face.id] ?? MathFont(face: face)
        context.mathFonts[face.id] = font
        var layout = MathLayout(formula: formula, font: font) { scalar in
            guard let textSet else { return nil }
            guard let character = Unicode.Scalar(scalar) else { return nil }
            let fallback = context.fallbackFace(in: textSet, for: scalar)
            return fallback.covers(character) ? fallback : nil
        }
        let drawing = layout.run()
        formulas.append(ShapedFormula(attributeIndex: attributeIndex, drawing: drawing))
        return Float(drawing.width)
    }

    /// The face a formula is set in: the first of the book's families for it that has an OpenType MATH table, else
    /// the bundled math font (``FontContext/bundledMathFontFile``), else an installed one (``FontContext/mathFamilies``),
    /// else the text's face (laid out with MathML Core's fallback constants).
    func mathFace(for formula: MathFormula, textFace: FontFace?) -> FontFace? {
        for family in formula.fontFamilies {
            let descriptor = FontDescriptor(family: family)
            if let documentFonts, documentFonts.families.contains(family.lowercased()),
               let face = try? context.fontSet(for: descriptor, in: documentFonts, readerFamily: self.family).primary,
               face.harfBuzz.hasMathTable {
                return face
            }
            if let face = context.fonts.installedMathFace(family: family) { return face }
        }
        return context.fonts.defaultMathFace() ?? textFace
    }
}

extension FontContext {
    /// The math font bundled in `Fonts/` (STIX Math, OFL): loaded by its path, never through fontconfig, which
    /// is told to leave it out of text fallback (`typeset-fonts.conf`): a math font's tall line metrics would
    /// open up any line of text that fell back to it.
    public static let bundledMathFontFile = "STIXMath-Regular.otf"

    /// Families of math fonts looked for among the installed fonts when the bundled one is not there, best first.
    static let mathFamilies = ["STIX Two Math", "STIX Math", "Latin Modern Math", "Libertinus Math", "TeX Gyre Termes Math",
                               "DejaVu Math TeX Gyre", "Cambria Math"]

    /// The installed face of `family` when it is that family (not a substitute) and has a MATH table.
    func installedMathFace(family: String) -> FontFace? {
        guard let face = try? fontSet(for: FontDescriptor(family: family)).primary,
              face.family.lowercased() == family.lowercased(), face.harfBuzz.hasMathTable else { return nil }
        return face
    }

    /// The math face used when the book names none: the bundled STIX Math, else an installed math font.
    func defaultMathFace() -> FontFace? {
        let directory: String?
        switch source {
        case .bundledOnly(let path): directory = path
        case .systemAndBundled(let path): directory = path
        }
        if let directory {
            let match = FontconfigMatch(path: directory + "/" + Self.bundledMathFontFile, index: 0, family: "STIX Math",
                                        style: "Regular")
            if let face = registry.face(for: match), face.harfBuzz.hasMathTable { return face }
        }
        if case .bundledOnly = source { return nil }
        for family in Self.mathFamilies {
            if let face = installedMathFace(family: family) { return face }
        }
        return nil
    }
}
