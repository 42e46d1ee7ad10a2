import Foundation
import Testing
import TypesetCore
@testable import TypesetRender

/// `ColorFilter`'s functions against Filter Effects 1 §13's formulas, written here on their own in `Double` (the
/// renderer works in `Float`): every function at several amounts, on a family of colours and alphas, within one
/// 8-bit step.
@Suite struct ColorFilterTests {
    /// The expected pixel (0...1 floats, straight alpha): the spec's matrix or transfer functions, clamped.
    static func expected(_ function: ColorFilter.Function, _ p: [Double]) -> [Double] {
        func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
        func matrix(_ m: [[Double]]) -> [Double] {
            m.map { row in clamp(row[0] * p[0] + row[1] * p[1] + row[2] * p[2]) } + [p[3]]
        }
        switch function {
        case .invert(let a): return p.prefix(3).map { clamp(a * (1 - $0) + (1 - a) * $0) } + [p[3]]
        case .brightness(let a): return p.prefix(3).map { clamp($0 * a) } + [p[3]]
        case .contrast(let a): return p.prefix(3).map { clamp(($0 - 0.5) * a + 0.5) } + [p[3]]
        case .opacity(let a): return Array(p.prefix(3)) + [clamp(p[3] * a)]
        case .grayscale(let a):
            let l = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]
            return p.prefix(3).map { clamp($0 * (1 - a) + l * a) } + [p[3]]
        case .saturate(let s):
            return matrix([[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                           [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                           [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]])
        case .sepia(let a):
            let sepia = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
            return matrix((0..<3).map { r in (0..<3).map { c in (r == c ? 1 - a : 0) + a * sepia[r][c] } })
        case .hueRotate(let degrees):
            let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
            return matrix([[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                           [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                           [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]])
        }
    }

    static let functions: [ColorFilter.Function] = [
        .invert(0), .invert(0.3), .invert(1), .brightness(0), .brightness(0.6), .brightness(1.7), .contrast(0.4),
        .contrast(2.5), .opacity(0.5), .grayscale(0.5), .grayscale(1), .saturate(0), .saturate(0.5), .saturate(3),
        .sepia(0.7), .sepia(1), .hueRotate(degrees: 0), .hueRotate(degrees: 90), .hueRotate(degrees: 200),
    ]

    @Test func eachFunctionFollowsItsFormula() throws {
        // A family of colours: the corners of the cube, greys and a few mixtures, at two alphas.
        let levels: [UInt8] = [0, 37, 128, 200, 255]
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { for a: UInt8 in [255, 90] { pixels += [r, g, b, a] } } } }
        let bitmap = try #require(Bitmap(width: pixels.count / 4, height: 1, pixels: pixels))
        for function in Self.functions {
            let out = bitmap.colorFiltered(ColorFilter([function]))
            var worst = 0.0
            let result = out.pixels
            for p in stride(from: 0, to: pixels.count, by: 4) {
                let want = Self.expected(function, (0..<4).map { Double(pixels[p + $0]) / 255 })
                for c in 0..<4 { worst = max(worst, abs(want[c] * 255 - Double(result[p + c]))) }
            }
            #expect(worst <= 1.0, "\(function): off by \(worst) of 255")
        }
    }

    @Test func functionsApplyInOrderWithClampingBetween() throws {
        let bitmap = try #require(Bitmap(width: 1, height: 1, pixels: [200, 100, 50, 255]))
        // brightness(2) clamps red to 1 before invert: 0, not the -0.57 an unclamped matrix would give.
        let out = bitmap.colorFiltered(ColorFilter([.brightness(2), .invert(1)]))
        #expect(out.pixels == [0, 55, 155, 255])
        #expect(bitmap.colorFiltered(nil).pixels == bitmap.pixels)
    }
}
