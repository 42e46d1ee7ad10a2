import Foundation
import Testing
@testable import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// web-platform-tests' MATH-parameter tests (mathml/presentation-markup), ported as data (`WPT/parameters.json`, with
/// WPT's licence beside it): each sets one or two MATH constants, lays out the original's markup, and checks the
/// distances between elements the original checks, with its tolerance.
@Suite struct MathWPTTests {
    struct Case: Decodable, CustomStringConvertible {
        let source: String
        let name: String
        let constants: [String: Double]
        let math: String
        let checks: [[Check]]
        var description: String { "\(source): \(name)" }

        enum Check: Decodable {
            case expression(String), value(Double)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Double.self) { self = .value(number) } else { self = .expression(try container.decode(String.self)) }
            }
        }
    }

    struct File: Decodable { let tests: [Case] }

    static let cases: [Case] = {
        let path = Fixtures.repositoryRoot + "/Tests/TypesetCoreTests/Math/WPT/parameters.json"
        guard let data = FileManager.default.contents(atPath: path), let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.tests
    }()

    nonisolated(unsafe) static let keys: [String: WritableKeyPath<MathConstants, Double>] = [
        "axisHeight": \.axisHeight, "fractionRuleThickness": \.fractionRuleThickness,
        "fractionNumeratorShiftUp": \.fractionNumeratorShiftUp, "fractionNumeratorDisplayStyleShiftUp": \.fractionNumeratorDisplayStyleShiftUp,
        "fractionDenominatorShiftDown": \.fractionDenominatorShiftDown,
        "fractionDenominatorDisplayStyleShiftDown": \.fractionDenominatorDisplayStyleShiftDown,
        "fractionNumeratorGapMin": \.fractionNumeratorGapMin, "fractionNumDisplayStyleGapMin": \.fractionNumDisplayStyleGapMin,
        "fractionDenominatorGapMin": \.fractionDenominatorGapMin, "fractionDenomDisplayStyleGapMin": \.fractionDenomDisplayStyleGapMin,
        "spaceAfterScript": \.spaceAfterScript, "superscriptShiftUp": \.superscriptShiftUp,
        "superscriptShiftUpCramped": \.superscriptShiftUpCramped, "subscriptShiftDown": \.subscriptShiftDown,
        "subSuperscriptGapMin": \.subSuperscriptGapMin, "superscriptBottomMaxWithSubscript": \.superscriptBottomMaxWithSubscript,
        "subscriptTopMax": \.subscriptTopMax, "superscriptBottomMin": \.superscriptBottomMin,
        "subscriptBaselineDropMin": \.subscriptBaselineDropMin, "superscriptBaselineDropMax": \.superscriptBaselineDropMax,
        "radicalDisplayStyleVerticalGap": \.radicalDisplayStyleVerticalGap, "radicalVerticalGap": \.radicalVerticalGap,
        "radicalRuleThickness": \.radicalRuleThickness, "radicalExtraAscender": \.radicalExtraAscender,
        "radicalKernBeforeDegree": \.radicalKernBeforeDegree, "radicalKernAfterDegree": \.radicalKernAfterDegree,
        "radicalDegreeBottomRaisePercent": \.radicalDegreeBottomRaisePercent,
    ]

    @Test func theDataIsThere() { #expect(Self.cases.count == 25) }

    @Test(arguments: cases) func parameter(_ test: Case) throws {
        var constants = MathConstants.zero
        for (name, value) in test.constants {
            let key = try #require(Self.keys[name], "unknown constant \(name)")
            constants[keyPath: key] = value
        }
        let xml = test.math.replacingOccurrences(of: "<math", with: "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"")
            .replacingOccurrences(of: "'", with: "\"")
        let formula = try MathML.formula(xml)
        let face = try #require(try Fixtures.bundledFonts().defaultMathFace())
        var layout = MathLayout(formula: formula, font: MathFont(face: face, constants: constants)) { _ in nil }
        layout.spacesAtFormulaSize = true
        _ = layout.run()
        let frames = layout.nodeFrames()
        // An edge in CSS's coordinates (y down): top and bottom are the negated frame edges.
        func edge(_ term: Substring) throws -> Double {
            let parts = term.split(separator: ".")
            let id = String(parts[0]), side = String(parts[1])
            let index = try #require(formula.nodes.indices.first { formula.attribute("id", of: $0) == id }, "no element \(id)")
            let frame = frames[index]
            switch side {
            case "top": return -frame.top
            case "bottom": return -frame.bottom
            case "left": return frame.x
            default: return frame.x + frame.width
            }
        }
        for check in test.checks {
            guard case .expression(let expression) = check[0], case .value(let expected) = check[1] else { continue }
            let terms = expression.split(separator: " - ")
            let value = try edge(terms[0]) - edge(terms[1])
            #expect(abs(value - expected) <= 0.1, "\(test): \(expression) = \(value), expected \(expected)")
        }
    }
}
