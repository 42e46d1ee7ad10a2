internal import CHarfBuzz

/// Which of the OpenType features that space CJK punctuation a face has: the contextual ones (`chws`, `vchw`),
/// which apply JLReq's rules for adjacent marks themselves, and the half-width ones (`halt`, `vhal`), which halve
/// a mark wherever they are applied.
struct PunctuationSpacingFeatures: Sendable {
    var contextualHorizontal = false
    var contextualVertical = false
    var halfWidthHorizontal = false
    var halfWidthVertical = false

    init(_ font: HarfBuzzFont) {
        contextualHorizontal = font.hasPositioningFeature("chws")
        contextualVertical = font.hasPositioningFeature("vchw")
        halfWidthHorizontal = font.hasPositioningFeature("halt")
        halfWidthVertical = font.hasPositioningFeature("vhal")
    }

    /// Whether the font spaces adjacent marks itself in this direction (`chws` or `vchw`).
    func contextual(vertical: Bool) -> Bool { vertical ? contextualVertical : contextualHorizontal }
    /// Whether the font has half-width forms of its marks in this direction (`halt` or `vhal`).
    func halfWidth(vertical: Bool) -> Bool { vertical ? halfWidthVertical : halfWidthHorizontal }

    /// The contextual feature for a direction, over the whole buffer.
    static func contextualFeature(vertical: Bool) -> hb_feature_t {
        hb_feature_t(tag: hb_tag_from_string(vertical ? "vchw" : "chws", -1), value: 1, start: 0, end: CHarfBuzz_featureGlobalEnd)
    }

    /// The half-width feature for a direction, over the whole buffer.
    static func halfWidthFeature(vertical: Bool) -> hb_feature_t {
        hb_feature_t(tag: hb_tag_from_string(vertical ? "vhal" : "halt", -1), value: 1, start: 0, end: CHarfBuzz_featureGlobalEnd)
    }
}

/// The classes of full-width punctuation that JLReq 3.1.4 (and CLReq 3.1.6) space where two meet: each is set on
/// an em with a blank half (a quarter on each side for middle dots), and the blank between two adjacent marks is
/// halved.
enum PunctuationWidthClass: Equatable {
    /// Opening brackets and quotes (JLReq cl-01): the blank half comes first.
    case opening
    /// Closing brackets and quotes, commas and full stops (cl-02, cl-06, cl-07): the blank half comes after.
    case closing
    /// Middle dots, colons and semicolons (cl-05): a blank quarter on each side.
    case middleDot

    /// The class of a UTF-16 unit, or nil for anything else (half-width forms have no blank to remove).
    static func of(_ unit: UInt16) -> PunctuationWidthClass? {
        switch unit {
        case 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            .opening
        case 0x2019, 0x201D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
             0x301B, 0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60:
            .closing
        case 0x30FB, 0xFF1A, 0xFF1B:
            .middleDot
        default:
            nil
        }
    }

    /// Which of two adjacent marks is set half-width (JLReq 3.1.4): a closing mark before any mark loses its
    /// blank after (`」「`, `。」`, `、「`, `）（`, `」・`); an opening mark after an opening mark or a middle dot loses
    /// its blank before (`「『`, `・「`). Nil when the two keep their widths (`「」`, `・」`).
    static func trimmed(_ first: PunctuationWidthClass, _ second: PunctuationWidthClass) -> PunctuationPairSide? {
        if first == .closing { return .first }
        if second == .opening { return .second }
        return nil
    }
}

/// One of two adjacent marks.
enum PunctuationPairSide {
    case first, second
}
