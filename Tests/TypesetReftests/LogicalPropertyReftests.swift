import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS Logical Properties 1 for margins, padding and borders: each flow-relative declaration draws as the physical
/// one its element's writing mode and direction make of it (left to right, right to left, `vertical-rl`), it
/// cascades with the physical ones by order and specificity, and lists indent their start side (the built-in
/// sheet's `padding-inline-start`), so that a right-to-left list's hanging markers stay on the page.
@Suite struct LogicalPropertyReftests {
    enum Mode: String, CaseIterable { case leftToRight = "ltr", rightToLeft = "rtl", vertical = "vertical-rl" }

    /// The physical side of each logical one, written out from CSS Writing Modes 4's table (not from the engine's).
    static func physical(_ logical: String, _ mode: Mode) -> String {
        let table: [Mode: [String: String]] = [
            .leftToRight: ["inline-start": "left", "inline-end": "right", "block-start": "top", "block-end": "bottom"],
            .rightToLeft: ["inline-start": "right", "inline-end": "left", "block-start": "top", "block-end": "bottom"],
            .vertical: ["inline-start": "top", "inline-end": "bottom", "block-start": "right", "block-end": "left"],
        ]
        return table[mode]?[logical] ?? logical
    }

    static let text = "<p>Before the box.</p><div class=\"x\"><p>Inside the box a line or two of text that wraps.</p>"
        + "<p>שלום עולם, a second paragraph.</p></div><p>After the box.</p>"

    static func render(_ css: String, _ mode: Mode, body: String = text) throws -> Reftest.Rendering {
        let html = mode == .vertical ? "html { writing-mode: vertical-rl } " : ""
        let directed = mode == .rightToLeft ? "<div dir=\"rtl\">\(body)</div>" : body
        return try Reftest.render(Reftest.Book(body: directed, css: html + css))
    }

    /// Each flow-relative property (longhands, the two-value `-inline`/`-block` forms, WebKit's old names) and its
    /// physical equivalent, whose `[side]`s each mode names.
    static let declarations: [(logical: String, physical: String)] = [
        (".x { padding-inline-start: 3em }", ".x { padding-[inline-start]: 3em }"),
        (".x { margin-inline-end: 4em }", ".x { margin-[inline-end]: 4em }"),
        (".x { margin-inline-start: 2em; padding-block-start: 1em }", ".x { margin-[inline-start]: 2em; padding-[block-start]: 1em }"),
        (".x { margin-block: 2em 1em }", ".x { margin-[block-start]: 2em; margin-[block-end]: 1em }"),
        (".x { padding-inline: 3em 1em }", ".x { padding-[inline-start]: 3em; padding-[inline-end]: 1em }"),
        (".x { -webkit-padding-start: 3em }", ".x { padding-[inline-start]: 3em }"),
        (".x { border-inline-start: 4px solid #c00 }", ".x { border-[inline-start]: 4px solid #c00 }"),
        (".x { border-block-end-width: 3px; border-block-end-style: solid; border-inline-start: 2px dotted blue }",
         ".x { border-[block-end]: 3px solid; border-[inline-start]: 2px dotted blue }"),
        (".x { border-inline-style: solid; border-inline-width: 2px 5px }",
         ".x { border-[inline-start]: 2px solid; border-[inline-end]: 5px solid }"),
    ]

    /// `template` with each `[side]` the physical side `mode` makes of it.
    static func physical(_ template: String, in mode: Mode) -> String {
        var result = template
        for side in ["inline-start", "inline-end", "block-start", "block-end"] {
            result = result.replacingOccurrences(of: "[\(side)]", with: physical(side, mode))
        }
        return result
    }

    @Test(arguments: Array(declarations.indices))
    func logicalDrawsAsItsPhysicalSide(_ index: Int) throws {
        let (logical, template) = Self.declarations[index]
        func physical(_ mode: Mode) -> String { Self.physical(template, in: mode) }
        let plain = try Self.render("", .leftToRight)
        for mode in Mode.allCases {
            let test = try Self.render(logical, mode)
            let mismatch = Reftest.mismatch(test, try Self.render(physical(mode), mode))
            #expect(mismatch == nil, "\(logical) in \(mode): \(mismatch ?? "")")
            if mode == .leftToRight { #expect(Reftest.mismatch(test, plain) != nil, "\(logical) draws nothing") }
        }
        // Right to left is not left to right: an inline side does turn.
        guard logical.contains("inline") || logical.contains("start") else { return }
        #expect(Reftest.mismatch(try Self.render(logical, .rightToLeft), try Self.render(physical(.leftToRight), .rightToLeft)) != nil,
                "\(logical) took the left-to-right side in right-to-left text")
    }

    /// A logical and a physical declaration of one side cascade together: the later wins at equal specificity, the
    /// more specific whatever the order (CSS Logical Properties 1 §4).
    @Test(arguments: Mode.allCases)
    func logicalAndPhysicalCascadeTogether(_ mode: Mode) throws {
        let side = Self.physical("inline-start", mode)
        let body = Self.text.replacingOccurrences(of: "class=\"x\"", with: "class=\"x y\"")
        let cases: [(String, String)] = [
            (".x { padding-\(side): 1em; padding-inline-start: 4em }", ".x { padding-\(side): 4em }"),
            (".x { padding-inline-start: 4em; padding-\(side): 1em }", ".x { padding-\(side): 1em }"),
            (".x.y { padding-\(side): 1em } .x { padding-inline-start: 4em }", ".x { padding-\(side): 1em }"),
            (".x.y { padding-inline-start: 4em } .x { padding-\(side): 1em }", ".x { padding-\(side): 4em }"),
        ]
        for (test, reference) in cases {
            let mismatch = Reftest.mismatch(try Self.render(test, mode, body: body), try Self.render(reference, mode, body: body))
            #expect(mismatch == nil, "\(test) in \(mode): \(mismatch ?? "")")
        }
    }

    /// `direction` in CSS turns the sides as the `dir` attribute does.
    @Test func cssDirectionTurnsTheSides() throws {
        let test = try Self.render(".x { direction: rtl; padding-inline-start: 4em }", .leftToRight)
        #expect(Reftest.mismatch(test, try Self.render(".x { direction: rtl; padding-right: 4em }", .leftToRight)) == nil)
    }

    /// A right-to-left Hebrew list, as the built-in sheet indents it, draws as one whose start padding is written
    /// on the right.
    @Test func aRightToLeftListIndentsItsRight() throws {
        let items = "<li>פריט ראשון</li><li>פריט שני, ארוך יותר משורה אחת של טקסט עברי.</li><li>שלישי</li>"
        let body = "<ol dir=\"rtl\" style=\"list-style-type: upper-roman\">\(items)\(items)\(items)</ol>"
        let test = try Reftest.render(Reftest.Book(body: body))
        let reference = try Reftest.render(Reftest.Book(body: body, css: "ol { padding: 0 1.5em 0 0 }"))
        #expect(Reftest.mismatch(test, reference) == nil)
        #expect(Reftest.mismatch(test, try Reftest.render(Reftest.Book(body: body, css: "ol { padding: 0 }"))) != nil)
    }
}
