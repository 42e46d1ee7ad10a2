#if canImport(Glibc)
import Glibc
#endif

/// A book's CSS `filter` on an image, as the colour functions of Filter Effects 1 §13 define it: each function a
/// change of every pixel's colour, applied in order, each result clamped to 0...1, in sRGB with straight alpha (as
/// browsers apply the shorthands).
///
/// Books use it mostly to invert black line art on a transparent ground in a dark theme (Standard Ebooks'
/// `@media (prefers-color-scheme: dark) { img[epub|type~="se:image.color-depth.black-on-transparent"] {
/// filter: invert(100%) } }`), without which their logos and drawings vanish on a dark page. `blur()`,
/// `drop-shadow()` and `url()` references are read but not drawn: they change shape, not colour.
package struct ColorFilter: Hashable, Sendable {
    /// One filter function, its amount as CSS gives it (1 for 100 %).
    package enum Function: Hashable, Sendable {
        case invert(Double)
        case grayscale(Double)
        case sepia(Double)
        case saturate(Double)
        case hueRotate(degrees: Double)
        case brightness(Double)
        case contrast(Double)
        case opacity(Double)
    }

    /// The functions, in the order they apply.
    package var functions: [Function]

    package init(_ functions: [Function]) { self.functions = functions }

    /// `pixel` (red, green, blue, alpha, each 0...1, not premultiplied) through every function in turn.
    package func apply(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
        var p = pixel
        for function in functions {
            p = function.apply(p)
            p.clamp(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        }
        return p
    }
}

extension ColorFilter.Function {
    /// The function applied to one pixel (Filter Effects 1 §13's equivalent `feColorMatrix` and
    /// `feComponentTransfer`), before clamping.
    func apply(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let rgb = SIMD3(p.x, p.y, p.z)
        switch self {
        case .invert(let amount):
            let a = Float(amount)
            return SIMD4(SIMD3(repeating: a) + rgb * (1 - 2 * a), p.w)
        case .brightness(let amount):
            return SIMD4(rgb * Float(amount), p.w)
        case .contrast(let amount):
            let a = Float(amount)
            return SIMD4(rgb * a + SIMD3(repeating: 0.5 - 0.5 * a), p.w)
        case .opacity(let amount):
            return SIMD4(rgb, p.w * Float(amount))
        case .grayscale, .sepia, .saturate, .hueRotate:
            let m = matrix
            return SIMD4((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum(), p.w)
        }
    }

    /// The 3 × 3 colour matrix of the matrix functions, by rows.
    private var matrix: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        switch self {
        case .grayscale(let amount):
            let s = Float(1 - amount)
            return (SIMD3(0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s),
                    SIMD3(0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s),
                    SIMD3(0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s))
        case .sepia(let amount):
            let s = Float(1 - amount)
            return (SIMD3(0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s),
                    SIMD3(0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s),
                    SIMD3(0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s))
        case .saturate(let amount):
            let s = Float(amount)
            return (SIMD3(0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s),
                    SIMD3(0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s),
                    SIMD3(0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s))
        case .hueRotate(let degrees):
            let radians = degrees * .pi / 180
            let c = Float(cos(radians)), s = Float(sin(radians))
            return (SIMD3(0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928),
                    SIMD3(0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283),
                    SIMD3(0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072))
        default:
            return (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))
        }
    }
}
