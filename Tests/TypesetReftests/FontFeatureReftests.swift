import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// The font feature properties of CSS Fonts 4 §6–7: each `font-variant-*` value and `font-kerning` draws what the
/// OpenType features it stands for draw through `font-feature-settings`; `font-feature-settings` wins over them
/// (§7.2); each property is inherited on its own; a value CSS cannot read is dropped, and the earlier value stays.
/// The text is set in the bundled Noto Sans, which has old-style and proportional figures, fractions, ordinals, a
/// slashed zero, superiors and inferiors, small capitals from capitals too, the `fi` ligature and kerning, so
/// every pair here also differs from the text drawn with the font's defaults (each can fail).
@Suite struct FontFeatureReftests {
    static var settings: ReaderSettings {
        var settings = Reftest.settings
        settings.typography.fontFamily = "Noto Sans"
        return settings
    }

    /// Figures, fractions, ordinals, a ligature, kerning pairs and capitals.
    static let body = "<div><p>Figures 0123456789 and 1/2, 3/4; the 1a and 2o; office AVATAR To Wa.</p></div>"

    static func render(_ css: String, body: String = body) throws -> Reftest.Rendering {
        try Reftest.render(Reftest.Book(body: body, css: "p { text-indent: 0 } " + css), settings: settings)
    }

    static func mismatch(_ css: String, _ referenceCSS: String, body: String = body) throws -> String? {
        Reftest.mismatch(try render(css, body: body), try render(referenceCSS, body: body))
    }

    /// A generated family: each property value and the feature string it stands for (CSS Fonts 4 §6.4–6.9).
    static let equivalents: [(declaration: String, features: String)] = [
        ("font-variant-numeric: oldstyle-nums", #""onum""#),
        ("font-variant-numeric: proportional-nums", #""pnum" 1"#),
        ("font-variant-numeric: diagonal-fractions", #""frac" on"#),
        ("font-variant-numeric: ordinal", #""ordn""#),
        ("font-variant-numeric: slashed-zero", #""zero""#),
        ("font-variant-numeric: slashed-zero oldstyle-nums ordinal", #""onum", "zero", "ordn""#),
        ("font-variant-position: super", #""sups""#),
        ("font-variant-position: sub", #""subs""#),
        ("font-variant-caps: small-caps", #""smcp""#),
        ("font-variant-caps: all-small-caps", #"'smcp', 'c2sc'"#),
        ("font-variant-ligatures: no-common-ligatures", #""liga" off, "clig" 0"#),
        ("font-variant-ligatures: none", #""liga" 0, "clig" 0, "dlig" 0, "hlig" 0, "calt" 0"#),
        ("font-kerning: none", #""kern" 0"#),
        ("font-variant: oldstyle-nums all-small-caps", #""onum", "smcp", "c2sc""#),
        ("font-variant: super no-common-ligatures", #""sups", "liga" 0"#),
    ]

    @Test(arguments: equivalents) func eachValueDrawsAsItsFeatures(_ pair: (declaration: String, features: String)) throws {
        let test = try Self.render("p { \(pair.declaration) }")
        let mismatch = Reftest.mismatch(test, try Self.render("p { font-feature-settings: \(pair.features) }"))
        #expect(mismatch == nil, "\(pair.declaration): \(mismatch ?? "")")
        // The feature changes the text in this font: a value read as `normal` would fail the first check.
        #expect(Reftest.mismatch(test, try Self.render("")) != nil, "\(pair.declaration) draws as the default")
    }

    /// `font-feature-settings` over the `font-variant-*` properties, whichever comes first and wherever each is
    /// set (§7.2); and over `font-kerning`.
    @Test func featureSettingsWinOverVariants() throws {
        let defaults = try Self.render("")
        for css in ["p { font-variant-numeric: oldstyle-nums; font-feature-settings: 'onum' 0 }",
                    "p { font-feature-settings: 'onum' 0; font-variant-numeric: oldstyle-nums }",
                    "div { font-feature-settings: 'onum' 0 } p { font-variant-numeric: oldstyle-nums }",
                    "div { font-variant-caps: small-caps } p { font-feature-settings: 'smcp' off }",
                    "p { font-kerning: none; font-feature-settings: 'kern' }"] {
            let mismatch = Reftest.mismatch(try Self.render(css), defaults)
            #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
        }
        #expect(try Self.mismatch("p { font-variant-numeric: oldstyle-nums; font-feature-settings: 'zero' }",
                                  "p { font-feature-settings: 'onum', 'zero' }") == nil)
        // The last value of a tag wins within the list.
        #expect(try Self.mismatch("p { font-feature-settings: 'onum', 'zero', 'onum' 0 }", "p { font-feature-settings: 'zero' }") == nil)
    }

    /// Each property is inherited on its own: the child's value of one keeps the parent's of the others.
    @Test func propertiesAreInheritedEachOnItsOwn() throws {
        let cases: [(String, String)] = [
            ("div { font-variant-numeric: oldstyle-nums }", "p { font-feature-settings: 'onum' }"),
            ("div { font-feature-settings: 'zero' } p { font-variant-numeric: oldstyle-nums }", "p { font-feature-settings: 'onum', 'zero' }"),
            ("div { font-variant-numeric: oldstyle-nums } p { font-variant-caps: small-caps }", "p { font-feature-settings: 'onum', 'smcp' }"),
            ("div { font-kerning: none } p { font-variant-numeric: ordinal }", "p { font-feature-settings: 'kern' 0, 'ordn' }"),
            ("div { font-variant-numeric: oldstyle-nums } p { font-variant-numeric: normal; font-variant-numeric: inherit }",
             "p { font-feature-settings: 'onum' }"),
            ("div { font-variant-numeric: oldstyle-nums } p { font-variant-numeric: initial }", ""),
            ("div { font-variant-numeric: oldstyle-nums } p { font-variant: normal }", ""),
            // The `font` shorthand resets the longhands.
            ("p { font-variant-numeric: oldstyle-nums; font-kerning: none; font: 1em sans-serif }", ""),
        ]
        for (css, reference) in cases {
            let mismatch = try Self.mismatch(css, reference)
            #expect(mismatch == nil, "\(css): \(mismatch ?? "")")
        }
    }

    /// Values CSS cannot read are dropped whole, so the earlier declaration of the property stays: (the earlier
    /// declaration, the features it stands for, a declaration CSS cannot read). The earlier value differs from the
    /// default, and from what the unreadable one would mean if it were read.
    static let invalid: [(valid: String, features: String, invalid: String)] = {
        let settings = ["'onu'", "'onumx'", "onum", "'onum' -1", "'onum' 1.5", "'onum' yes", "'zero' 'onum'", "'zéro'",
                        (0..<33).map { "'ss\($0 < 10 ? "0" : "")\($0)'" }.joined(separator: ", ")]
        let numeric = ["lining-nums oldstyle-nums", "oldstyle-nums bold", "normal slashed-zero", "ordinal ordinal"]
        let shorthand = ["none small-caps", "small-caps swash(fancy)", "normal oldstyle-nums"]
        return settings.map { ("font-feature-settings: 'onum'", "'onum'", "font-feature-settings: " + $0) }
            + numeric.map { ("font-variant-numeric: oldstyle-nums", "'onum'", "font-variant-numeric: " + $0) }
            + shorthand.map { ("font-variant: oldstyle-nums", "'onum'", "font-variant: " + $0) }
            + [("font-variant-position: super", "'sups'", "font-variant-position: super sub"),
               ("font-kerning: none", "'kern' 0", "font-kerning: off"),
               ("font-variant-caps: small-caps", "'smcp'", "font-variant-caps: small-caps all-small-caps"),
               ("font-variant-ligatures: none", "'liga' 0, 'clig' 0, 'dlig' 0, 'hlig' 0, 'calt' 0", "font-variant-ligatures: none common-ligatures")]
    }()

    @Test(arguments: invalid) func unreadableValuesAreDropped(_ entry: (valid: String, features: String, invalid: String)) throws {
        let mismatch = try Self.mismatch("p { \(entry.valid); \(entry.invalid) }", "p { font-feature-settings: \(entry.features) }")
        #expect(mismatch == nil, "\(entry.invalid): \(mismatch ?? "")")
    }

    /// The reader's ligatures setting still decides common ligatures, over the book's features; letter spacing
    /// turns them off whatever the book asks.
    @Test func theReadersLigaturesSettingWins() throws {
        var noLigatures = Self.settings
        noLigatures.typography.ligatures = false
        var ligatures = Self.settings
        ligatures.typography.ligatures = true
        func render(_ css: String, _ settings: ReaderSettings) throws -> Reftest.Rendering {
            try Reftest.render(Reftest.Book(body: Self.body, css: "p { text-indent: 0 } " + css), settings: settings)
        }
        #expect(Reftest.mismatch(try render("p { font-feature-settings: 'liga' }", noLigatures),
                                 try render("p { font-variant-ligatures: no-common-ligatures }", Self.settings)) == nil)
        #expect(Reftest.mismatch(try render("p { font-feature-settings: 'liga' 0 }", ligatures), try render("", Self.settings)) == nil)
        // And it is not ignored: off differs from on.
        #expect(Reftest.mismatch(try render("", noLigatures), try render("", ligatures)) != nil)
        #expect(try Self.mismatch("p { letter-spacing: 0.1em; font-feature-settings: 'liga' }",
                                  "p { letter-spacing: 0.1em }") == nil)
    }
}
