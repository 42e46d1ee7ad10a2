/// The reader settings that compete with a book's own styles: the reader's value wins only when they set it
/// (``TypographySettings/userSet``); a value left at its default gives way to the book's CSS, as in Readium.
/// Each case is the name of its row in ``ReaderSettings/table`` (`SettingsTableTests` checks that every one names
/// a row), so layout and shaping ask typed questions of the table's names instead of spelling them.
package enum BookStyleSetting: String, CaseIterable, Sendable {
    /// The font family (it then replaces the book's fonts too).
    case font
    /// The alignment of body paragraphs (CSS `text-align`, `text-align-last`).
    case alignment = "align"
    /// A positive first-line indent (a hanging indent carries meaning and stays).
    case indent
    /// The space between paragraphs separated by margins.
    case paragraphSpacing = "paragraph-spacing"
    /// The line height (CSS `line-height`).
    case lineHeight = "line-height"
    /// Hyphenation (CSS `hyphens`).
    case hyphenation = "hyphenate"
    /// Common ligatures (CSS `font-variant-ligatures`).
    case ligatures
    /// Letter and word spacing (CSS `letter-spacing`, `word-spacing`).
    case letterSpacing = "letter-spacing"
    case wordSpacing = "word-spacing"
    /// Vertical writing (CSS `writing-mode`).
    case verticalText = "vertical-text"
    /// Burasage (CSS `hanging-punctuation`).
    case hangingPunctuation = "hanging-punctuation"
}

extension TypographySettings {
    /// Whether the reader chose `setting`, so that their value replaces the book's.
    @inline(__always)
    package func readerChose(_ setting: BookStyleSetting) -> Bool { userSet.contains(setting.rawValue) }
}

extension ReaderSetting {
    /// Whether this setting competes with a book's own style (see ``BookStyleSetting``).
    package var competesWithBook: Bool { BookStyleSetting(rawValue: name) != nil }
}
