import Testing
@testable import TypesetDocuments

/// Viewport units as ``CSSLength`` reads them (CSS Values 4 §6.1.2).
@Suite struct ViewportLengthParsingTests {
    @Test func everySpellingIsReadOnItsAxis() {
        let axes: [(String, CSSLength.ViewportAxis)] = [("vh", .height), ("svh", .height), ("lvh", .height), ("dvh", .height),
                                                        ("vb", .height), ("vw", .width), ("dvw", .width), ("vi", .width),
                                                        ("vmin", .smaller), ("svmin", .smaller), ("vmax", .larger), ("DVMAX", .larger)]
        for (unit, axis) in axes {
            #expect(CSSLength(Substring("12.5\(unit)")) == .viewport(12.5, axis), "\(unit)")
        }
        #expect(CSSLength(Substring("-3vh")).map(\.isNegative) == true)
        #expect(CSSLength(Substring("3vz")) == nil)
        #expect(CSSDeclaration.parse(property: "margin-top", value: "20vh").isEmpty == false)
        #expect(CSSSupportsCondition.holds("(margin-top: 20vh)", selectorIsSupported: { _ in false }))
    }
}
