import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// Inline elements that set a direction (HTML's `dir`, `<bdi>`, `<bdo>`; CSS `unicode-bidi` with `direction`) are
/// the explicit embeddings, isolates and overrides of UAX #9: each draws as the same text with the formatting
/// characters that CSS Writing Modes 3 §2.4.2 maps it to written around it (as web-platform-tests'
/// `css-writing-modes/bidi-*` reftests compare them), and differently from the text with none. Generated over
/// contents of each direction, in left-to-right and right-to-left paragraphs.
@Suite struct BidiIsolationReftests {
    static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
    static let lre = "\u{202A}", rle = "\u{202B}", lro = "\u{202D}", rlo = "\u{202E}", pdf = "\u{202C}"

    /// An element around `x`, and the formatting characters it stands for.
    static let forms: [(element: @Sendable (String) -> String, controls: @Sendable (String) -> String, name: String)] = [
        ({ "<span dir='ltr'>\($0)</span>" }, { lri + $0 + pdi }, "dir=ltr"),
        ({ "<span dir='rtl'>\($0)</span>" }, { rli + $0 + pdi }, "dir=rtl"),
        ({ "<span dir='auto'>\($0)</span>" }, { fsi + $0 + pdi }, "dir=auto"),
        ({ "<bdi>\($0)</bdi>" }, { fsi + $0 + pdi }, "bdi"),
        ({ "<bdi dir='rtl'>\($0)</bdi>" }, { rli + $0 + pdi }, "bdi dir=rtl"),
        ({ "<bdo dir='rtl'>\($0)</bdo>" }, { rli + rlo + $0 + pdf + pdi }, "bdo dir=rtl"),
        ({ "<bdo dir='ltr'>\($0)</bdo>" }, { lri + lro + $0 + pdf + pdi }, "bdo dir=ltr"),
        ({ "<span class='override'>\($0)</span>" }, { rlo + $0 + pdf }, "bidi-override rtl"),
        ({ "<span class='embed'>\($0)</span>" }, { rle + $0 + pdf }, "embed rtl"),
        ({ "<span class='embed-ltr'>\($0)</span>" }, { lre + $0 + pdf }, "embed ltr"),
        ({ "<span class='plain'>\($0)</span>" }, { fsi + $0 + pdi }, "plaintext"),
        ({ "<span dir='rtl' class='normal'>\($0)</span>" }, { $0 }, "dir=rtl, unicode-bidi: normal"),
        ({ "<span dir='rtl'>\($0) <span dir='ltr'>\($0)</span>!</span>" }, { rli + $0 + " " + lri + $0 + pdi + "!" + pdi }, "nested"),
    ]

    static let css = """
        .override { unicode-bidi: bidi-override; direction: rtl }
        .embed { unicode-bidi: embed; direction: rtl }
        .embed-ltr { unicode-bidi: embed; direction: ltr }
        .plain { unicode-bidi: plaintext }
        .normal { unicode-bidi: normal }
        """

    static let contents = ["C++ 2.0!", "שלום, עולם!", "abc שלום 12"]

    static func book(_ paragraph: String, rightToLeft: Bool) -> Reftest.Book {
        let before = rightToLeft ? "זה הטקסט" : "The text", after = rightToLeft ? "ועוד." : "and more."
        return Reftest.Book(body: "<p dir='\(rightToLeft ? "rtl" : "ltr")'>\(before) \(paragraph) \(after)</p>", css: css)
    }

    @Test(arguments: [false, true])
    func anElementIsItsFormattingCharacters(rightToLeft: Bool) throws {
        var differing = 0
        for content in Self.contents {
            let plain = try Reftest.render(Self.book(content, rightToLeft: rightToLeft))
            for form in Self.forms {
                let test = try Reftest.render(Self.book(form.element(content), rightToLeft: rightToLeft))
                let reference = try Reftest.render(Self.book(form.controls(content), rightToLeft: rightToLeft))
                let mismatch = Reftest.mismatch(test, reference)
                #expect(mismatch == nil, "\(form.name) around \(content) (rtl paragraph: \(rightToLeft)): \(mismatch ?? "")")
                if Reftest.mismatch(test, plain) != nil { differing += 1 }
            }
        }
        // The controls change the order of most of these (so the comparison can fail).
        #expect(differing >= 15, "\(differing) of \(Self.contents.count * Self.forms.count) differ from the text alone")
    }

    /// A paragraph without `dir` takes its direction from its first strong character outside isolates (UAX #9
    /// P2): one that opens with a right-to-left name in `<bdi>` stays left to right (its ink starts at the left
    /// margin, as with the controls written), where the bare name makes it right to left. (Compared by the ink's
    /// left edge: the controls written in also change which face sets the space after them.)
    @Test func aParagraphsDirectionSkipsItsIsolates() throws {
        func leftInk(_ body: String) throws -> Int {
            let page = try #require(try Reftest.render(Reftest.Book(body: body)).pages.first)
            let paper = (page.pixels[0], page.pixels[1], page.pixels[2])
            var left = page.width
            for y in 0..<page.height {
                for x in 0..<left {
                    let i = (y * page.width + x) * 4
                    if (page.pixels[i], page.pixels[i + 1], page.pixels[i + 2]) != paper { left = x; break }
                }
            }
            return left
        }
        for (element, controls, bare) in [("<bdi>إيان</bdi>", "\u{2068}إيان\u{2069}", "إيان"),
                                          ("<span dir='rtl'>שלום</span>", "\u{2067}שלום\u{2069}", "שלום")] {
            let test = try leftInk("<p>\(element) wrote 3 posts.</p>")
            let reference = try leftInk("<p>\(controls) wrote 3 posts.</p>")
            let unisolated = try leftInk("<p>\(bare) wrote 3 posts.</p>")
            #expect(abs(test - reference) <= 3, "\(element): ink from x \(test), with the controls \(reference)")
            #expect(unisolated > test + 40, "\(element): the bare name sets the paragraph right to left (\(unisolated))")
        }
    }
}
