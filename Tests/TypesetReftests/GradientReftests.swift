import Foundation
import Testing
import TypesetCore
import TypesetRender
import TypesetTestSupport

/// CSS gradients as background images (CSS Images 3 §3), written as css/css-images writes its reftests: a gradient
/// against the simpler boxes it must equal (a hard two-stop edge against two coloured boxes, one direction written
/// two ways, a repeating gradient against its stops written out), and generated families whose pixels are compared
/// with the specification's formulas (the gradient line's length `|w sin a| + |h cos a|`, a radial gradient's
/// distance over its radius). Drawn on fixed-layout pages, where a positioned box has an exact size in pixels.
@Suite struct GradientReftests {
    static let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)

    /// The page with one box at (40, 60), 120 × 80 px, styled `style`.
    static func box(_ style: String, size: (Int, Int) = (120, 80)) throws -> Bitmap {
        try PositionedBoxReftests.page("<div style=\"position: absolute; left: 40px; top: 60px; width: \(size.0)px; height: \(size.1)px; \(style)\"></div>").1
    }

    /// The page with boxes `(x, y, width, height, colour)` relative to (40, 60).
    static func boxes(_ list: [(Int, Int, Int, Int, String)]) throws -> Bitmap {
        let body = list.map { x, y, w, h, color in
            "<div style=\"position: absolute; left: \(40 + x)px; top: \(60 + y)px; width: \(w)px; height: \(h)px; background: \(color)\"></div>"
        }.joined()
        return try PositionedBoxReftests.page(body).1
    }

    static func expectSame(_ test: Bitmap, _ reference: Bitmap, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let mismatch = Reftest.mismatch(test, reference)
        #expect(mismatch == nil, "\(note): \(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// Two stops at one position make a hard edge: the same pixels as two coloured boxes, however the stops are
    /// written (positions fixed up, a stop with two positions, a later stop placed before an earlier one).
    @Test(arguments: [
        "linear-gradient(red 50%, blue 50%)",
        "linear-gradient(red 40px, blue 40px)",
        "linear-gradient(red 0 50%, blue 50% 100%)",
        "linear-gradient(red 50%, blue 20%)",
        "linear-gradient(to bottom, red, red 50%, blue 0%, blue)",
        "linear-gradient(180deg, red 50%, blue 50%)",
        "linear-gradient(0.5turn, red 50%, blue 50%)",
        "linear-gradient(200grad, red 50%, blue 50%)",
        "-webkit-linear-gradient(top, red 50%, blue 50%)",
        "-webkit-linear-gradient(-90deg, red 50%, blue 50%)",
        "linear-gradient(to top, blue 50%, red 50%)",
        "linear-gradient(currentColor 50%, blue 50%); color: red",
        "linear-gradient(red 50%, transparent 50%), linear-gradient(blue, blue)",
        "repeating-linear-gradient(red 0 40px, blue 40px 80px)",
    ])
    func aHardEdgeIsTwoBoxes(_ image: String) throws {
        let reference = try Self.boxes([(0, 0, 120, 40, "red"), (0, 40, 120, 40, "blue")])
        Self.expectSame(try Self.box("background-image: \(image)"), reference, image)
    }

    /// Across, and with the size and position of a picture that has no size of its own (it fills the copy).
    static let sized: [(String, [(Int, Int, Int, Int, String)])] = [
        ("background: linear-gradient(to right, red 50%, blue 50%)", [(0, 0, 60, 80, "red"), (60, 0, 60, 80, "blue")]),
        ("background: linear-gradient(90deg, red 50%, blue 50%)", [(0, 0, 60, 80, "red"), (60, 0, 60, 80, "blue")]),
        ("background: -webkit-linear-gradient(left, red 50%, blue 50%)", [(0, 0, 60, 80, "red"), (60, 0, 60, 80, "blue")]),
        ("background: linear-gradient(270deg, blue 50%, red 50%)", [(0, 0, 60, 80, "red"), (60, 0, 60, 80, "blue")]),
        ("background: white linear-gradient(red, red) no-repeat 100% 0 / 50% 50%", [(0, 0, 120, 80, "white"), (60, 0, 60, 40, "red")]),
        ("background: white linear-gradient(red, red) no-repeat center / 30px 20px", [(0, 0, 120, 80, "white"), (45, 30, 30, 20, "red")]),
        ("background: linear-gradient(to right, red 50%, blue 50%) 0 0 / 40px 80px",
         [(0, 0, 20, 80, "red"), (20, 0, 20, 80, "blue"), (40, 0, 20, 80, "red"), (60, 0, 20, 80, "blue"), (80, 0, 20, 80, "red"), (100, 0, 20, 80, "blue")]),
        ("background: repeating-linear-gradient(to right, red 0 20px, blue 20px 40px)",
         [(0, 0, 20, 80, "red"), (20, 0, 20, 80, "blue"), (40, 0, 20, 80, "red"), (60, 0, 20, 80, "blue"), (80, 0, 20, 80, "red"), (100, 0, 20, 80, "blue")]),
        ("background: repeating-linear-gradient(to right, red -20px 0, blue 0 20px)",
         [(0, 0, 20, 80, "blue"), (20, 0, 20, 80, "red"), (40, 0, 20, 80, "blue"), (60, 0, 20, 80, "red"), (80, 0, 20, 80, "blue"), (100, 0, 20, 80, "red")]),
    ]

    @Test(arguments: sized)
    func sizedAndRepeatedGradientsAreBoxes(_ style: String, _ reference: [(Int, Int, Int, Int, String)]) throws {
        Self.expectSame(try Self.box(style), try Self.boxes(reference), style)
    }

    /// One gradient written two ways is the same pixels: a side as `to` and as an angle, a transition hint half
    /// way and none, a radial gradient's defaults written out, legacy and current syntax.
    @Test(arguments: [
        ("linear-gradient(to right, red, blue)", "linear-gradient(90deg, red, blue)"),
        ("linear-gradient(red, blue)", "linear-gradient(to bottom, red 0%, blue 100%)"),
        ("linear-gradient(to right, red, 50%, blue)", "linear-gradient(to right, red, blue)"),
        ("linear-gradient(to left, red, blue)", "-webkit-linear-gradient(right, red, blue)"),
        ("linear-gradient(to bottom right, red, blue)", "-webkit-linear-gradient(top left, red, blue)"),
        ("-webkit-linear-gradient(30deg, red, blue)", "linear-gradient(60deg, red, blue)"),
        ("radial-gradient(red, blue)", "radial-gradient(ellipse farthest-corner at center, red 0%, blue 100%)"),
        ("radial-gradient(circle at 30px 20px, red, blue)", "radial-gradient(farthest-corner circle at left 30px top 20px, red, blue)"),
        ("radial-gradient(40px at 30px 20px, red, blue)", "radial-gradient(circle 40px at 30px 20px, red, blue)"),
        ("radial-gradient(60px 40px, red, blue)", "radial-gradient(ellipse 50% 50%, red, blue)"),
        ("-webkit-radial-gradient(center, ellipse cover, red, blue)", "radial-gradient(red, blue)"),
        ("repeating-radial-gradient(circle, red 0 10px, blue 10px 20px)", "repeating-radial-gradient(circle, red 20px 30px, blue 30px 40px)"),
    ])
    func twoWaysOfWritingTheSame(_ test: String, _ reference: String) throws {
        Self.expectSame(try Self.box("background: \(test)"), try Self.box("background: \(reference)"), "\(test) against \(reference)")
    }

    /// Gradients that must differ: a hint off the middle, another direction, a circle against an ellipse.
    @Test(arguments: [
        ("linear-gradient(to right, red, 25%, blue)", "linear-gradient(to right, red, blue)"),
        ("linear-gradient(to right, red, blue)", "linear-gradient(to left, red, blue)"),
        ("radial-gradient(circle, red, blue)", "radial-gradient(ellipse, red, blue)"),
        ("radial-gradient(closest-side at 30px 20px, red, blue)", "radial-gradient(farthest-side at 30px 20px, red, blue)"),
        ("repeating-linear-gradient(red 0 10px, blue 10px 20px)", "linear-gradient(red 0 10px, blue 10px 20px)"),
    ])
    func gradientsThatDiffer(_ test: String, _ reference: String) throws {
        #expect(Reftest.mismatch(try Self.box("background: \(test)"), try Self.box("background: \(reference)")) != nil, "\(test) against \(reference)")
    }

    /// A gradient CSS cannot read is an invalid declaration, ignored: the earlier one stays.
    @Test(arguments: [
        "linear-gradient(red)", "linear-gradient(45, red, blue)", "linear-gradient(to middle, red, blue)",
        "linear-gradient(red, 10%, 20%, blue)", "linear-gradient(red, blue, 50%)", "linear-gradient(red 1px 2px 3px, blue)",
        "radial-gradient(circle 10%, red, blue)", "radial-gradient(circle 10px 20px, red, blue)", "conic-gradient(red, blue)",
        "linear-gradient(red, blue", "radial-gradient(at nowhere, red, blue)", "linear-gradient(to right left, red, blue)",
    ])
    func anInvalidGradientIsIgnored(_ bad: String) throws {
        let reference = try Self.box("background: red")
        Self.expectSame(try Self.box("background-image: linear-gradient(red, red); background-image: \(bad)"), reference, bad)
    }

    /// The colour at a pixel's centre along a black-to-white gradient, by the formula.
    static func expectedGrey(_ t: Double) -> Int { Int((max(0, min(1, t)) * 255).rounded()) }

    /// A family of angles: each pixel's grey is where its centre falls along the gradient line, whose length is
    /// `|w sin a| + |h cos a|` and which runs through the box's centre (CSS Images 3 §3.1.1).
    @Test(arguments: [0.0, 17, 45, 90, 123, 180, 200, 271, 333, -30, 405])
    func anglesFollowTheGradientLine(_ degrees: Double) throws {
        let page = try Self.box("background: linear-gradient(\(degrees)deg, black, white)")
        let (w, h) = (120.0, 80.0), a = degrees * .pi / 180
        let length = abs(w * sin(a)) + abs(h * cos(a))
        var worst = 0
        for y in stride(from: 0, to: 80, by: 7) {
            for x in stride(from: 0, to: 120, by: 11) {
                let px = Double(x) + 0.5 - w / 2, py = Double(y) + 0.5 - h / 2
                let t = (px * sin(a) - py * cos(a)) / length + 0.5
                let drawn = Int(page[x: 40 + x, y: 60 + y].red)
                worst = max(worst, abs(drawn - Self.expectedGrey(t)))
            }
        }
        #expect(worst <= 1, "\(degrees)deg: a pixel off by \(worst)")
    }

    /// `to <corner>`: the middle line runs through the two other corners (the "magic corners" rule), so every
    /// pixel on the diagonal between them is the middle colour, and the named corner is the last colour.
    @Test(arguments: [("top right", false), ("bottom left", false), ("top left", true), ("bottom right", true)])
    func magicCorners(_ corner: String, _ falling: Bool) throws {
        let page = try Self.box("background: linear-gradient(to \(corner), black, white)", size: (160, 40))
        for step in 0..<8 {
            // The diagonal between the two other corners: top-left to bottom-right for `top right`.
            let x = step * 20 + 10, y = falling ? 40 - (step * 5 + 2) - 1 : step * 5 + 2
            let grey = Int(page[x: 40 + x, y: 60 + y].red)
            #expect(abs(grey - 128) <= 4, "\(corner): (\(x), \(y)) is \(grey)")
        }
        let end = (corner.contains("right") ? 159 : 0, corner.contains("bottom") ? 39 : 0)
        #expect(page[x: 40 + end.0, y: 60 + end.1].red >= 250, "\(corner): the corner is white")
    }

    /// Radial gradients: each pixel's grey is its distance from the centre over the ending shape's radius, for
    /// circles and ellipses of every size keyword and explicit radii.
    static let radial: [(String, Double, Double, Double, Double)] = [
        ("circle closest-side at 30px 20px", 30.0, 20.0, 20.0, 20.0),
        ("circle farthest-side at 30px 20px", 30, 20, 90, 90),
        ("circle closest-corner at 30px 20px", 30, 20, 36.05551275463989, 36.05551275463989),
        ("circle farthest-corner at 30px 20px", 30, 20, 108.16653826391968, 108.16653826391968),
        ("ellipse closest-side at 30px 20px", 30, 20, 30, 20),
        ("ellipse farthest-side at 30px 20px", 30, 20, 90, 60),
        ("ellipse closest-side", 60, 40, 60, 40),
        ("ellipse farthest-corner", 60, 40, 84.8528137423857, 56.568542494923804),
        ("50px 25% at 100% 0", 120, 0, 50, 20),
        ("circle 33px at right 10px bottom 10px", 110, 70, 33, 33),
    ]

    @Test(arguments: radial)
    func radialDistancesOverTheRadius(_ shape: String, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) throws {
        let page = try Self.box("background: radial-gradient(\(shape), black, white)")
        var worst = 0
        for y in stride(from: 0, to: 80, by: 5) {
            for x in stride(from: 0, to: 120, by: 7) {
                let u = (Double(x) + 0.5 - cx) / rx, v = (Double(y) + 0.5 - cy) / ry
                let drawn = Int(page[x: 40 + x, y: 60 + y].red)
                worst = max(worst, abs(drawn - Self.expectedGrey((u * u + v * v).squareRoot())))
            }
        }
        #expect(worst <= 1, "\(shape): a pixel off by \(worst)")
    }

    /// Colours mix premultiplied by their alpha (CSS Images 3 §3.5.4): half way from opaque red to `transparent`
    /// is red at half opacity (over white, pink), not a darkened red.
    @Test func coloursMixPremultiplied() throws {
        let page = try Self.box("background: linear-gradient(to right, red, transparent)")
        let middle = page[x: 40 + 60, y: 60 + 40]
        #expect(middle.red == 255 && abs(Int(middle.green) - 128) <= 2 && abs(Int(middle.blue) - 128) <= 2, "\(middle)")
    }

    /// The W3C fixed-layout tests' grid: two one-pixel lines per 50-pixel copy, across and down.
    @Test func aGridOfGradientLines() throws {
        let style = "background-color: white; background-image: linear-gradient(currentColor 1px, transparent 1px), linear-gradient(to right, currentColor 1px, transparent 1px); background-size: 50px 50px; color: black"
        let page = try Self.box(style, size: (150, 100))
        for (x, y, dark) in [(0, 7, true), (50, 33, true), (100, 99, true), (7, 0, true), (33, 50, true), (25, 25, false), (51, 51, false), (149, 99, false)] {
            #expect((page[x: 40 + x, y: 60 + y] == .black) == dark, "(\(x), \(y)): \(page[x: 40 + x, y: 60 + y])")
        }
    }
}
