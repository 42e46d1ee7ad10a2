internal import CHarfBuzz

/// A face read as a math font through HarfBuzz's OpenType MATH API: its layout constants, per-glyph italic
/// corrections and accent attachments, size variants and glyph assemblies, all in ems (multiply by a size).
///
/// A face without a MATH table still serves (MathML Core's fallbacks: constants from OS/2 and the rule thickness,
/// no variants), so a book whose math font is missing still gets its fractions and scripts.
final class MathFont {
    let face: FontFace
    /// Whether the face has a MATH table.
    let hasMathTable: Bool
    /// Its constants, in ems.
    let constants: MathConstants
    private let font: OpaquePointer
    private let scale: Double
    private let buffer = HarfBuzzBuffer()

    init(face: FontFace) {
        self.face = face
        font = face.harfBuzz.raw
        scale = 1 / Double(face.unitsPerEm)
        hasMathTable = face.harfBuzz.hasMathTable
        constants = MathConstants(font: font, hasMathTable: hasMathTable, scale: scale, face: face)
    }

    /// The face with other constants (tests that port web-platform-tests' MATH-parameter fonts, which set one
    /// constant and leave the others 0).
    init(face: FontFace, constants: MathConstants) {
        self.face = face
        font = face.harfBuzz.raw
        scale = 1 / Double(face.unitsPerEm)
        hasMathTable = true
        self.constants = constants
    }

    /// The glyph for a character, nil when the face has none.
    func glyph(for scalar: UInt32) -> UInt32? { face.harfBuzz.glyph(for: scalar) }

    /// A glyph's advance, in ems.
    func advance(_ glyph: UInt32) -> Double { Double(hb_font_get_glyph_h_advance(font, glyph)) * scale }

    /// A glyph's ink extents above and below the baseline and its ink's left and right, in ems.
    func extents(_ glyph: UInt32) -> (ascent: Double, descent: Double, left: Double, right: Double) {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return (0, 0, 0, 0) }
        let top = Double(extents.y_bearing) * scale, bottom = Double(extents.y_bearing + extents.height) * scale
        let left = Double(extents.x_bearing) * scale
        return (top, -bottom, left, left + Double(extents.width) * scale)
    }

    /// A glyph's italic correction (MathItalicsCorrectionInfo), 0 when it has none.
    func italicCorrection(_ glyph: UInt32) -> Double {
        hasMathTable ? Double(hb_ot_math_get_glyph_italics_correction(font, glyph)) * scale : 0
    }

    /// A glyph's top accent attachment (MathTopAccentAttachment), nil when it has none.
    func topAccentAttachment(_ glyph: UInt32) -> Double? {
        guard hasMathTable else { return nil }
        let value = hb_ot_math_get_glyph_top_accent_attachment(font, glyph)
        // HarfBuzz answers half the advance for a glyph without an entry: the same as Core's fallback, so no
        // entry is reported as none.
        let half = hb_font_get_glyph_h_advance(font, glyph) / 2
        return value == half ? nil : Double(value) * scale
    }

    /// The size variants of a glyph for stretching along `vertical` or horizontally: each glyph and its size along
    /// that axis, in ems, smallest first (the glyph itself is usually the first).
    func variants(_ glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, size: Double)] {
        guard hasMathTable else { return [] }
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var result: [(glyph: UInt32, size: Double)] = []
        var records = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: 16)
        var start: UInt32 = 0
        while result.count < MathFont.maximumVariants {
            var count = UInt32(records.count)
            let total = hb_ot_math_get_glyph_variants(font, glyph, direction, start, &count, &records)
            for record in records[0..<Int(count)] { result.append((record.glyph, Double(record.advance) * scale)) }
            start += count
            if count == 0 || start >= total { break }
        }
        return result
    }

    /// The most size variants read for one glyph (fonts have a handful).
    static let maximumVariants = 64

    /// One part of a glyph assembly (an extender is repeated), sizes in ems.
    struct Part {
        var glyph: UInt32
        var startConnector: Double
        var endConnector: Double
        var fullAdvance: Double
        var isExtender: Bool
    }

    /// The glyph assembly of a glyph along an axis, and its italic correction; nil when it has none or the
    /// assembly is invalid (MathML Core: no extender, or extenders that do not grow it, or connectors shorter than
    /// the minimum overlap).
    func assembly(_ glyph: UInt32, vertical: Bool) -> (parts: [Part], italicCorrection: Double, minimumOverlap: Double)? {
        guard hasMathTable else { return nil }
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var records = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: 16)
        var parts: [Part] = []
        var italic: hb_position_t = 0
        var start: UInt32 = 0
        while parts.count < MathFont.maximumVariants {
            var count = UInt32(records.count)
            let total = hb_ot_math_get_glyph_assembly(font, glyph, direction, start, &count, &records, &italic)
            for record in records[0..<Int(count)] {
                parts.append(Part(glyph: record.glyph, startConnector: Double(record.start_connector_length) * scale,
                                  endConnector: Double(record.end_connector_length) * scale,
                                  fullAdvance: Double(record.full_advance) * scale,
                                  isExtender: record.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0))
            }
            start += count
            if count == 0 || start >= total { break }
        }
        let overlap = Double(hb_ot_math_get_min_connector_overlap(font, direction)) * scale
        let extenders = parts.filter(\.isExtender)
        // Each two parts that meet join by at least the minimum overlap. The start (bottom or left) of the first part
        // and the end of the last join nothing, even when that part is an extender whose copies meet one another
        // (STIX Two's bar: a part and an extender that ends at 0; the copies then abut, with no overlap, as in
        // browsers). (MathML Core asks it of every connector, which no font we know passes.)
        let joins = parts.indices.dropLast().allSatisfy { index in
            min(parts[index].endConnector, parts[index + 1].startConnector) >= overlap
        }
        guard !extenders.isEmpty, extenders.reduce(0, { $0 + $1.fullAdvance }) - overlap * Double(extenders.count) > 0,
              joins else { return nil }
        return (parts, Double(italic) * scale, overlap)
    }

    /// A glyph of a character shaped alone (a stretchy operator's base glyph): the face's nominal glyph.
    func shape(_ scalars: [UInt32], scriptLevel: Int) -> [(glyph: UInt32, advance: Double, x: Double, y: Double)] {
        var units: [UInt16] = []
        for scalar in scalars {
            if let value = Unicode.Scalar(scalar) { units.append(contentsOf: String(Character(value)).utf16) }
        }
        guard !units.isEmpty else { return [] }
        var glyphs: [HarfBuzzBuffer.Glyph] = []
        // Script-size glyphs where the face has them (OpenType `ssty`: 1 in scripts, 2 in scripts of scripts).
        let features = scriptLevel > 0 ? [hb_feature_t(tag: CHarfBuzz_tag(0x73, 0x73, 0x74, 0x79), value: UInt32(min(scriptLevel, 2)),
                                                       start: 0, end: CHarfBuzz_featureGlobalEnd)] : []
        units.withUnsafeBufferPointer { text in
            buffer.shape(text: text, start: 0, length: text.count, font: face.harfBuzz,
                         script: HarfBuzzUnicode.common, rightToLeft: false, language: nil, features: features, into: &glyphs)
        }
        return glyphs.map { (UInt32($0.id), Double($0.advance) * scale, Double($0.xOffset) * scale, Double($0.yOffset) * scale) }
    }
}

/// The MATH table's layout constants, in ems, with MathML Core's fallbacks for a face without them.
struct MathConstants {
    var scriptPercentScaleDown = 0.71
    var scriptScriptPercentScaleDown = 0.5041
    var displayOperatorMinHeight = 0.0
    var axisHeight = 0.25
    var accentBaseHeight = 0.45
    var subscriptShiftDown = 0.15
    var subscriptTopMax = 0.36
    var subscriptBaselineDropMin = 0.0
    var superscriptShiftUp = 0.35
    var superscriptShiftUpCramped = 0.0
    var superscriptBottomMin = 0.11
    var superscriptBaselineDropMax = 0.0
    var subSuperscriptGapMin = 0.2
    var superscriptBottomMaxWithSubscript = 0.36
    var spaceAfterScript = 1.0 / 24
    var upperLimitGapMin = 0.0
    var upperLimitBaselineRiseMin = 0.0
    var lowerLimitGapMin = 0.0
    var lowerLimitBaselineDropMin = 0.0
    var stackTopShiftUp = 0.0
    var stackTopDisplayStyleShiftUp = 0.0
    var stackBottomShiftDown = 0.0
    var stackBottomDisplayStyleShiftDown = 0.0
    var stackGapMin = 0.15
    var stackDisplayStyleGapMin = 0.35
    var stretchStackTopShiftUp = 0.0
    var stretchStackBottomShiftDown = 0.0
    var stretchStackGapAboveMin = 0.0
    var stretchStackGapBelowMin = 0.0
    var fractionNumeratorShiftUp = 0.0
    var fractionNumeratorDisplayStyleShiftUp = 0.0
    var fractionDenominatorShiftDown = 0.0
    var fractionDenominatorDisplayStyleShiftDown = 0.0
    var fractionNumeratorGapMin = 0.05
    var fractionNumDisplayStyleGapMin = 0.15
    var fractionRuleThickness = 0.05
    var fractionDenominatorGapMin = 0.05
    var fractionDenomDisplayStyleGapMin = 0.15
    var overbarVerticalGap = 0.15
    var overbarRuleThickness = 0.05
    var overbarExtraAscender = 0.05
    var underbarVerticalGap = 0.15
    var underbarRuleThickness = 0.05
    var underbarExtraDescender = 0.05
    var radicalVerticalGap = 0.0625
    var radicalDisplayStyleVerticalGap = 0.16
    var radicalRuleThickness = 0.05
    var radicalExtraAscender = 0.05
    var radicalKernBeforeDegree = 5.0 / 18
    var radicalKernAfterDegree = -10.0 / 18
    var radicalDegreeBottomRaisePercent = 0.6
    /// The face's x-height (for `ex` lengths).
    var xHeight = 0.45

    /// Every constant 0, the scale-downs at MathML Core's fallbacks (what a web-platform-tests parameter font
    /// leaves unset).
    static var zero: MathConstants {
        var constants = MathConstants()
        for path in [\MathConstants.displayOperatorMinHeight, \.axisHeight, \.accentBaseHeight, \.subscriptShiftDown,
                     \.subscriptTopMax, \.superscriptShiftUp, \.superscriptBottomMin, \.subSuperscriptGapMin,
                     \.superscriptBottomMaxWithSubscript, \.spaceAfterScript, \.stackGapMin, \.stackDisplayStyleGapMin,
                     \.fractionNumeratorGapMin, \.fractionNumDisplayStyleGapMin, \.fractionRuleThickness,
                     \.fractionDenominatorGapMin, \.fractionDenomDisplayStyleGapMin, \.overbarVerticalGap,
                     \.overbarRuleThickness, \.overbarExtraAscender, \.underbarVerticalGap, \.underbarRuleThickness,
                     \.underbarExtraDescender, \.radicalVerticalGap, \.radicalDisplayStyleVerticalGap,
                     \.radicalRuleThickness, \.radicalExtraAscender, \.radicalKernBeforeDegree, \.radicalKernAfterDegree,
                     \.radicalDegreeBottomRaisePercent] {
            constants[keyPath: path] = 0
        }
        return constants
    }

    private init() {}

    init(font: OpaquePointer, hasMathTable: Bool, scale: Double, face: FontFace) {
        func metric(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &position) != 0 ? Double(position) * scale : nil
        }
        let xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT).flatMap { $0 > 0 ? $0 : nil } ?? 0.45
        self.xHeight = xHeight
        if hasMathTable {
            read(font: font, scale: scale)
        } else {
            let rule = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? 0.05
            setFallbacks(xHeight: xHeight, rule: rule, subscriptOffset: metric(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET),
                         superscriptOffset: metric(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET))
        }
    }

    /// MathML Core's fallbacks for a face without a MATH table ("Default fallback constant" is 0).
    private mutating func setFallbacks(xHeight: Double, rule: Double, subscriptOffset: Double?, superscriptOffset: Double?) {
        axisHeight = xHeight / 2
        accentBaseHeight = xHeight
        subscriptShiftDown = subscriptOffset ?? 0.15
        subscriptTopMax = 0.8 * xHeight
        superscriptShiftUp = superscriptOffset ?? 0.35
        superscriptBottomMin = xHeight / 4
        subSuperscriptGapMin = 4 * rule
        superscriptBottomMaxWithSubscript = 0.8 * xHeight
        fractionNumeratorGapMin = rule; fractionNumDisplayStyleGapMin = 3 * rule
        fractionRuleThickness = rule
        fractionDenominatorGapMin = rule; fractionDenomDisplayStyleGapMin = 3 * rule
        overbarVerticalGap = 3 * rule; overbarExtraAscender = rule; overbarRuleThickness = rule
        underbarVerticalGap = 3 * rule; underbarExtraDescender = rule; underbarRuleThickness = rule
        radicalVerticalGap = 1.25 * rule; radicalDisplayStyleVerticalGap = rule + xHeight / 4
        radicalRuleThickness = rule; radicalExtraAscender = rule
        stackGapMin = 3 * rule; stackDisplayStyleGapMin = 7 * rule
    }

    /// The MATH table's constants.
    private mutating func read(font: OpaquePointer, scale: Double) {
        func value(_ constant: hb_ot_math_constant_t) -> Double { Double(hb_ot_math_get_constant(font, constant)) * scale }
        func percent(_ constant: hb_ot_math_constant_t, _ fallback: Double) -> Double {
            let raw = hb_ot_math_get_constant(font, constant)
            return raw > 0 ? Double(raw) / 100 : fallback
        }
        scriptPercentScaleDown = percent(HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN, 0.71)
        scriptScriptPercentScaleDown = percent(HB_OT_MATH_CONSTANT_SCRIPT_SCRIPT_PERCENT_SCALE_DOWN, 0.5041)
        displayOperatorMinHeight = value(HB_OT_MATH_CONSTANT_DISPLAY_OPERATOR_MIN_HEIGHT)
        axisHeight = value(HB_OT_MATH_CONSTANT_AXIS_HEIGHT)
        accentBaseHeight = value(HB_OT_MATH_CONSTANT_ACCENT_BASE_HEIGHT)
        subscriptShiftDown = value(HB_OT_MATH_CONSTANT_SUBSCRIPT_SHIFT_DOWN)
        subscriptTopMax = value(HB_OT_MATH_CONSTANT_SUBSCRIPT_TOP_MAX)
        subscriptBaselineDropMin = value(HB_OT_MATH_CONSTANT_SUBSCRIPT_BASELINE_DROP_MIN)
        superscriptShiftUp = value(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP)
        superscriptShiftUpCramped = value(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP_CRAMPED)
        superscriptBottomMin = value(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MIN)
        superscriptBaselineDropMax = value(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BASELINE_DROP_MAX)
        subSuperscriptGapMin = value(HB_OT_MATH_CONSTANT_SUB_SUPERSCRIPT_GAP_MIN)
        superscriptBottomMaxWithSubscript = value(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MAX_WITH_SUBSCRIPT)
        spaceAfterScript = value(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT)
        upperLimitGapMin = value(HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN)
        upperLimitBaselineRiseMin = value(HB_OT_MATH_CONSTANT_UPPER_LIMIT_BASELINE_RISE_MIN)
        lowerLimitGapMin = value(HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN)
        lowerLimitBaselineDropMin = value(HB_OT_MATH_CONSTANT_LOWER_LIMIT_BASELINE_DROP_MIN)
        stackTopShiftUp = value(HB_OT_MATH_CONSTANT_STACK_TOP_SHIFT_UP)
        stackTopDisplayStyleShiftUp = value(HB_OT_MATH_CONSTANT_STACK_TOP_DISPLAY_STYLE_SHIFT_UP)
        stackBottomShiftDown = value(HB_OT_MATH_CONSTANT_STACK_BOTTOM_SHIFT_DOWN)
        stackBottomDisplayStyleShiftDown = value(HB_OT_MATH_CONSTANT_STACK_BOTTOM_DISPLAY_STYLE_SHIFT_DOWN)
        stackGapMin = value(HB_OT_MATH_CONSTANT_STACK_GAP_MIN)
        stackDisplayStyleGapMin = value(HB_OT_MATH_CONSTANT_STACK_DISPLAY_STYLE_GAP_MIN)
        stretchStackTopShiftUp = value(HB_OT_MATH_CONSTANT_STRETCH_STACK_TOP_SHIFT_UP)
        stretchStackBottomShiftDown = value(HB_OT_MATH_CONSTANT_STRETCH_STACK_BOTTOM_SHIFT_DOWN)
        stretchStackGapAboveMin = value(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_ABOVE_MIN)
        stretchStackGapBelowMin = value(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_BELOW_MIN)
        fractionNumeratorShiftUp = value(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_SHIFT_UP)
        fractionNumeratorDisplayStyleShiftUp = value(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_DISPLAY_STYLE_SHIFT_UP)
        fractionDenominatorShiftDown = value(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_SHIFT_DOWN)
        fractionDenominatorDisplayStyleShiftDown = value(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_DISPLAY_STYLE_SHIFT_DOWN)
        fractionNumeratorGapMin = value(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_GAP_MIN)
        fractionNumDisplayStyleGapMin = value(HB_OT_MATH_CONSTANT_FRACTION_NUM_DISPLAY_STYLE_GAP_MIN)
        fractionRuleThickness = value(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS)
        fractionDenominatorGapMin = value(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_GAP_MIN)
        fractionDenomDisplayStyleGapMin = value(HB_OT_MATH_CONSTANT_FRACTION_DENOM_DISPLAY_STYLE_GAP_MIN)
        overbarVerticalGap = value(HB_OT_MATH_CONSTANT_OVERBAR_VERTICAL_GAP)
        overbarRuleThickness = value(HB_OT_MATH_CONSTANT_OVERBAR_RULE_THICKNESS)
        overbarExtraAscender = value(HB_OT_MATH_CONSTANT_OVERBAR_EXTRA_ASCENDER)
        underbarVerticalGap = value(HB_OT_MATH_CONSTANT_UNDERBAR_VERTICAL_GAP)
        underbarRuleThickness = value(HB_OT_MATH_CONSTANT_UNDERBAR_RULE_THICKNESS)
        underbarExtraDescender = value(HB_OT_MATH_CONSTANT_UNDERBAR_EXTRA_DESCENDER)
        radicalVerticalGap = value(HB_OT_MATH_CONSTANT_RADICAL_VERTICAL_GAP)
        radicalDisplayStyleVerticalGap = value(HB_OT_MATH_CONSTANT_RADICAL_DISPLAY_STYLE_VERTICAL_GAP)
        radicalRuleThickness = value(HB_OT_MATH_CONSTANT_RADICAL_RULE_THICKNESS)
        radicalExtraAscender = value(HB_OT_MATH_CONSTANT_RADICAL_EXTRA_ASCENDER)
        radicalKernBeforeDegree = value(HB_OT_MATH_CONSTANT_RADICAL_KERN_BEFORE_DEGREE)
        radicalKernAfterDegree = value(HB_OT_MATH_CONSTANT_RADICAL_KERN_AFTER_DEGREE)
        radicalDegreeBottomRaisePercent = percent(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT, 0.6)
    }
}

extension HarfBuzzFont {
    /// Whether the face has an OpenType MATH table.
    var hasMathTable: Bool { hb_ot_math_has_data(hb_font_get_face(raw)) != 0 }
}
