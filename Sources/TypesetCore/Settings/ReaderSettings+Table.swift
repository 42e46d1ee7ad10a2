extension ReaderSettings {
    /// Every reader setting, in the order help texts list them: typography, page, appearance, mode, document.
    /// The single declaration of names, kinds, ranges, defaults and help (see ``ReaderSetting``).
    public static let table: [ReaderSetting] = [
        ReaderSetting(name: "font", kind: .text(optional: false), help: "font family (when it is not installed, the stand-in is named on stderr)",
                      scope: .typography, read: { .word($0.typography.fontFamily) },
                      write: { if case .word(let family) = $1 { $0.typography.fontFamily = family } }),
        // Below a point, text is under a pixel even at the largest scale (and 1e-300 pt vanished into Float zero).
        number("size", .points, TypographySettings.minimumFontSize...2000, positive: true, "font size", \.typography.fontSize),
        number("line-height", .multiple, TypographySettings.minimumLineHeightMultiple...20, positive: false,
               "line height as a multiple of the face's natural line height", \.typography.lineHeightMultiple),
        number("paragraph-spacing", .ems, 0...100, positive: false, "space between paragraphs", \.typography.paragraphSpacing),
        number("indent", .ems, 0...100, positive: false, "first-line indent of body paragraphs", \.typography.firstLineIndent),
        ReaderSetting(name: "align", kind: .choice(TextAlignment.allCases.map(\.rawValue), aliases: ["justify": "justified"]),
                      help: "alignment of body paragraphs (--justify for justified)", scope: .typography,
                      read: { .word($0.typography.alignment.rawValue) },
                      write: { if case .word(let word) = $1, let value = TextAlignment(rawValue: word) { $0.typography.alignment = value } }),
        ReaderSetting(name: "lang", kind: .text(optional: true),
                      help: "language when the book does not say (BCP 47); picks the hyphenation patterns", scope: .typography,
                      read: { $0.typography.language.map(SettingValue.word) ?? .none },
                      write: { if case .word(let tag) = $1 { $0.typography.language = tag } else { $0.typography.language = nil } }),
        flag("hyphenate", .typography, "hyphenate words at line ends (patterns of the paragraph's language)", \.typography.hyphenation),
        ReaderSetting(name: "line-breaking", kind: .choice(LineBreaking.allCases.map(\.rawValue), aliases: [:]),
                      help: "automatic: optimal for justified text, greedy otherwise", scope: .typography,
                      read: { .word($0.typography.lineBreaking.rawValue) },
                      write: { if case .word(let word) = $1, let value = LineBreaking(rawValue: word) { $0.typography.lineBreaking = value } }),
        flag("protrusion", .typography, "hang punctuation partly into the margins, so the text's edges look straight",
             \.typography.protrusion),
        number("expansion", .percent, 0...TypographySettings.maximumExpansion, positive: false,
               "widest expansion or compression of a justified line's letters (optimal breaking; 0 off)", \.typography.expansion),
        integer("orphans-widows", 1...10, "fewest lines of a paragraph on each side of a page break (1: no control)",
                \.typography.orphansAndWidows),
        number("word-spacing", .ems, 0...2, positive: false, "extra space between words", \.typography.wordSpacing),
        number("letter-spacing", .ems, 0...1, positive: false, "extra space between letters", \.typography.letterSpacing),
        integer("font-weight", 100...900, "weight of body text (400 regular; bold text stays bolder)", \.typography.fontWeight),
        number("type-scale", .multiple, 1...2, positive: false,
               "ratio of the type scale: 1.2 keeps the book's sizes, 1 sets headings at the body size", \.typography.typeScale),
        flag("ligatures", .typography, "use the font's common ligatures (fi, fl)", \.typography.ligatures),
        flag("text-normalization", .typography, "set running text without bold, italic, small caps or underlines",
             \.typography.textNormalization),
        flag("vertical-text", .typography,
             "vertical lines stacked right to left (Japanese, Chinese), for every document of the book; unset: each document as its own writing-mode says",
             \.typography.verticalText),
        flag("punctuation-spacing", .typography,
             "halve the blank between two adjacent CJK punctuation marks (」「, 。」), as JLReq and CLReq say",
             \.typography.punctuationSpacing),
        flag("hanging-punctuation", .typography,
             "let an ideographic full stop or comma (。、) hang past the end of a full line (burasage); unset: as the book's CSS",
             \.typography.hangingPunctuation),
        ReaderSetting(name: "margins", kind: .margins(range: 0...TypographySettings.maximumDimension),
                      help: "page margins in points", scope: .typography, read: { .margins($0.typography.margins) },
                      write: { if case .margins(let margins) = $1 { $0.typography.margins = margins } }),
        number("width", .points, 0...TypographySettings.maximumDimension, positive: true, "page width", \.typography.pageSize.width),
        number("height", .points, 0...TypographySettings.maximumDimension, positive: true, "page height", \.typography.pageSize.height),
        integer("columns", 1...8, "text columns per page", \.typography.columns),
        number("column-gap", .points, 0...TypographySettings.maximumDimension, positive: false, "space between columns",
               \.typography.columnGap),
        ReaderSetting(name: "theme", kind: .theme, help: "page and text colours; BG:FG are hex colours", scope: .appearance,
                      read: { .theme($0.appearance.theme) },
                      write: { if case .theme(let theme) = $1 { $0.appearance.theme = theme } }),
        number("scale", .multiple, 0...16, positive: true, "pixels per point in rendered pages", \.appearance.pixelScale,
               scope: .appearance),
        ReaderSetting(name: "image-filter", kind: .choice(ImageFilter.allCases.map(\.rawValue), aliases: ["dim": "darken"]),
                      help: "what is done to the book's images: none (as they are, in every theme), darken or invert",
                      scope: .appearance, read: { .word($0.appearance.imageFilter.rawValue) },
                      write: { if case .word(let word) = $1, let value = ImageFilter(rawValue: word) { $0.appearance.imageFilter = value } }),
        flag("print-page-labels", .appearance, "draw the book's print page numbers in the margin where each page of the print edition starts",
             \.appearance.printPageLabels),
        ReaderSetting(name: "scroll", kind: .flag, help: "one continuous page per section instead of pages (--paged: pages)",
                      scope: .mode, read: { .flag($0.mode == .scroll) },
                      write: { if case .flag(let on) = $1 { $0.mode = on ? .scroll : .paged } }),
        flag("publisher-styles", .document, "apply the book's own styles (an EPUB's CSS)", \.publisherStyles),
    ]

    /// The setting called `name` (`size`, `line-height`), or nil.
    public static func setting(named name: String) -> ReaderSetting? {
        table.first { $0.name == name }
    }

    /// Sets setting `name` to a value read from command-line text, checked against its range.
    ///
    /// - Throws: ``InvalidSetting`` for an unknown name or a value the setting refuses; the settings are then
    ///   unchanged.
    public mutating func set(_ name: String, parsing text: String) throws(InvalidSetting) {
        let setting = try Self.known(name)
        setting.apply(try setting.value(parsing: text), to: &self)
    }

    /// Sets setting `name` to a value read from JSON, checked against its range. JSON `null` resets a setting
    /// that cannot be unset (``reset(_:)``: the default, and the book's styles again), as an unset preference
    /// does in Readium.
    ///
    /// - Throws: ``InvalidSetting`` for an unknown name or a value the setting refuses; the settings are then
    ///   unchanged.
    public mutating func set(_ name: String, json: JSONValue) throws(InvalidSetting) {
        let setting = try Self.known(name)
        if case .null = json, !setting.acceptsNone {
            try reset(name)
            return
        }
        setting.apply(try setting.value(json: json), to: &self)
    }

    /// Gives setting `name` back to its default, and the property back to the book: the name leaves
    /// ``TypographySettings/userSet``, so the book's own style for it applies again.
    ///
    /// - Throws: ``InvalidSetting`` for an unknown name.
    public mutating func reset(_ name: String) throws(InvalidSetting) {
        let setting = try Self.known(name)
        setting.apply(setting.value(in: ReaderSettings()), to: &self)
        typography.userSet.remove(name)
    }

    /// Sets setting `name` to a value.
    ///
    /// - Throws: ``InvalidSetting`` for an unknown name or a value the setting refuses.
    public mutating func set(_ name: String, to value: SettingValue) throws(InvalidSetting) {
        let setting = try Self.known(name)
        try setting.check(value)
        setting.apply(value, to: &self)
    }

    /// The value of setting `name`, or nil for an unknown name.
    public func value(of name: String) -> SettingValue? {
        Self.setting(named: name)?.value(in: self)
    }

    /// Checks every setting against its range in ``table`` and the settings against each other (margins that
    /// leave no room, columns that do not fit), and returns them unchanged.
    ///
    /// - Throws: ``InvalidSetting`` naming the first problem found.
    public func validated() throws(InvalidSetting) -> ReaderSettings {
        for setting in Self.table { try setting.check(setting.value(in: self)) }
        let t = typography
        guard t.margins.left + t.margins.right < t.pageSize.width else {
            throw InvalidSetting(name: "margins", reason: "left and right margins (\(formatPoints(t.margins.left + t.margins.right)) pt) leave no room on a \(formatPoints(t.pageSize.width)) pt wide page")
        }
        guard t.margins.top + t.margins.bottom < t.pageSize.height else {
            throw InvalidSetting(name: "margins", reason: "top and bottom margins (\(formatPoints(t.margins.top + t.margins.bottom)) pt) leave no room on a \(formatPoints(t.pageSize.height)) pt high page")
        }
        guard t.columnWidth > 0 else {
            throw InvalidSetting(name: "column-gap", reason: "\(t.columns) columns with a \(formatPoints(t.columnGap)) pt gap leave no room for text")
        }
        return self
    }

    private static func known(_ name: String) throws(InvalidSetting) -> ReaderSetting {
        guard let setting = setting(named: name) else {
            throw InvalidSetting(name: name.oneLinePrefix, reason: "no such setting (the settings: \(table.map(\.name).joined(separator: ", ")))")
        }
        return setting
    }

    private static func number(_ name: String, _ unit: ReaderSetting.Unit, _ range: ClosedRange<Double>, positive: Bool,
                               _ help: String, _ path: WritableKeyPath<ReaderSettings, Double> & Sendable,
                               scope: ReaderSetting.Scope = .typography) -> ReaderSetting {
        ReaderSetting(name: name, kind: .number(unit: unit, range: range, positive: positive), help: help, scope: scope,
                      read: { .number($0[keyPath: path]) },
                      write: { if case .number(let value) = $1 { $0[keyPath: path] = value } })
    }

    private static func integer(_ name: String, _ range: ClosedRange<Int>, _ help: String,
                                _ path: WritableKeyPath<ReaderSettings, Int> & Sendable) -> ReaderSetting {
        ReaderSetting(name: name, kind: .integer(range), help: help, scope: .typography,
                      read: { .integer($0[keyPath: path]) },
                      write: { if case .integer(let value) = $1 { $0[keyPath: path] = value } })
    }

    private static func flag(_ name: String, _ scope: ReaderSetting.Scope, _ help: String,
                             _ path: WritableKeyPath<ReaderSettings, Bool> & Sendable) -> ReaderSetting {
        ReaderSetting(name: name, kind: .flag, help: help, scope: scope, read: { .flag($0[keyPath: path]) },
                      write: { if case .flag(let value) = $1 { $0[keyPath: path] = value } })
    }
}
