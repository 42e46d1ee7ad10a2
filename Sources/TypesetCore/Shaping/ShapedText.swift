/// A text, or a run of its sections, shaped for one font family: one shaped paragraph per paragraph of
/// ``paragraphRange``.
///
/// A reading session shapes only the sections it shows (a section always starts a page, so its pages never
/// depend on another section's); ``Typesetter/shape(_:fontFamily:language:sections:)`` shapes the whole text
/// by default.
///
/// This is the width-independent stage of the pipeline. Keep it while the reader changes size, line height,
/// margins, page size, columns or theme: ``Typesetter/layout(_:settings:mode:)-(ShapedText,_,_)`` then only breaks lines and
/// paginates. A change of text or of ``ShapingSettings`` (font family, language, weight, ligatures, letter and
/// word spacing) needs a new one.
public struct ShapedText: Sendable {
    /// The text that was shaped.
    public let text: StyledText
    /// The shaping settings the text was shaped under.
    public let settings: ShapingSettings
    /// The font family the text was shaped with (where its styles do not name one).
    public var fontFamily: String { settings.fontFamily }
    /// The language assumed where the text does not say.
    public let language: String?
    /// How the book's lines run: its `writing-mode` (``StyledText/writingMode``) unless the reader's vertical-text
    /// setting says otherwise. A section or block may have a mode of its own (``StyledText/sectionWritingModes``,
    /// ``StyledText/paragraphWritingModes``): each paragraph was shaped top to bottom where its own mode is
    /// vertical, and the layout follows.
    public var writingMode: WritingMode { WritingMode.resolve(book: text.writingMode, reader: settings.verticalText) }
    /// The shaped paragraphs' runs of sections in one mode, in order; one when the text has one mode.
    let writingModeRuns: [WritingModeRun]
    /// The indices into `text.paragraphs` that were shaped: the whole text, or whole sections.
    public let paragraphRange: Range<Int>
    /// One shaped paragraph per paragraph of ``paragraphRange``, in order: `paragraphs[i]` shapes
    /// `text.paragraphs[paragraphRange.lowerBound + i]` (use ``paragraph(_:)`` to index by document paragraph).
    package let paragraphs: [ShapedParagraph]
    /// Every face the shaping used, indexed by ``FontFace/id`` (faces loaded later by the same context are not
    /// here; every id in its paragraphs is).
    public let faces: [FontFace]

    init(text: StyledText, settings: ShapingSettings, language: String?, paragraphRange: Range<Int>,
         paragraphs: [ShapedParagraph], faces: [FontFace]) {
        self.text = text; self.settings = settings; self.language = language; self.paragraphRange = paragraphRange
        self.paragraphs = paragraphs; self.faces = faces
        writingModeRuns = WritingModeRun.runs(of: text, paragraphRange: paragraphRange, reader: settings.verticalText)
        columnsRunRightToLeft = Self.columnsRunRightToLeft(text, paragraphs: paragraphs)
    }

    /// The writing mode document paragraph `index` was shaped in (its section's, the reader's setting applied).
    func writingMode(ofParagraph index: Int) -> WritingMode { writingModeRuns.mode(ofParagraph: index) }

    /// The shaped form of document paragraph `index`, which must lie in ``paragraphRange``.
    @inline(__always)
    func paragraph(_ index: Int) -> ShapedParagraph { paragraphs[index - paragraphRange.lowerBound] }

    /// The UTF-16 range of the text that was shaped.
    public var textRange: Range<UTF16Offset> {
        guard !paragraphRange.isEmpty else { return 0..<0 }
        return text.paragraphs[paragraphRange.lowerBound].range.lowerBound..<text.paragraphs[paragraphRange.upperBound - 1].range.upperBound
    }

    /// The primary face of the reader's family.
    public var primaryFace: FontFace? {
        paragraphs.first.map { faces[Int($0.primaryFaceID)] }
    }

    /// Whether horizontal columns run right to left: as ``StyledText/columnProgression`` says, else when most of
    /// the shaped paragraphs with content are right to left (Arabic, Hebrew). Worked out once, when shaped: asked
    /// at every layout, it read every shaped paragraph's block again (1.4 % of a relayout's time, perf).
    let columnsRunRightToLeft: Bool

    private static func columnsRunRightToLeft(_ text: StyledText, paragraphs: [ShapedParagraph]) -> Bool {
        switch text.columnProgression {
        case .rightToLeft?: true
        case .leftToRight?: false
        case nil: paragraphs.reduce(0) { $0 + ($1.contentLength == 0 ? 0 : $1.paragraphLevel & 1 == 1 ? 1 : -1) } > 0
        }
    }

    /// Approximate heap bytes held by the shaping results.
    public var byteCount: Int { paragraphs.reduce(0) { $0 + $1.byteCount + 64 } }
}
