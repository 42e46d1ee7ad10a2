import TypesetCore

/// The named reference profile a batch result's `reference` page count and checksum are made at: fixed
/// settings and the bundled fonts only, so that its figures mean the same for every book, every caller and every
/// machine (manual, "Catalogues": the reference profile). A new profile gets a new name; this one never changes.
enum ReferenceProfile {
    /// The profile's name, in every result.
    static let name = "typeset-reference-1"

    /// Every typographic value of the profile, set explicitly (not taken from the library's defaults, which may
    /// change). None counts as the reader's choice (``TypographySettings/userSet`` is empty), so the book's own
    /// styles apply wherever a reader app's defaults give way to them: its fonts, alignment, indents and line
    /// height.
    static let settings: ReaderSettings = {
        var settings = ReaderSettings()
        var t = TypographySettings()
        t.fontFamily = "Charis SIL"
        t.fontSize = 19
        t.lineHeightMultiple = 1.45
        t.margins = EdgeInsets(all: 24)
        t.paragraphSpacing = 0.6
        t.firstLineIndent = 0
        t.alignment = .start
        t.pageSize = Size(width: 390, height: 844)
        t.columns = 1
        t.columnGap = 24
        t.language = nil
        t.hyphenation = false
        t.lineBreaking = .automatic
        t.expansion = 0
        t.protrusion = false
        t.orphansAndWidows = 2
        t.wordSpacing = 0
        t.letterSpacing = 0
        t.fontWeight = 400
        t.typeScale = 1.2
        t.ligatures = true
        t.textNormalization = false
        t.verticalText = false
        t.punctuationSpacing = true
        t.hangingPunctuation = false
        t.userSet = []
        settings.typography = t
        settings.mode = .paged
        settings.publisherStyles = true
        return settings
    }()

    /// The profile's values under the settings table's names, for the manual and the result.
    static var json: JSONWriter.Value { .settings(settings) }
}
