import TypesetCore

extension Bitmap {
    /// This image dimmed until its brightest pixel is no brighter (in luminance) than `ground`
    /// (``Theme/pictureGround``, the grey on which the theme's text reads at WCAG's 4.5:1), by scaling every
    /// pixel's light by one factor (in linear light, so hues and the picture's relative tones are kept, as a
    /// `brightness()` filter keeps them). An image already dark enough is returned unchanged; transparent pixels do
    /// not count.
    ///
    /// Reading apps' night modes draw a book's background images as they are (Readium's night mode only makes
    /// background colours transparent), which leaves the theme's light text unreadable on a light picture; dimming
    /// the picture under text keeps the illustration and the text both.
    func dimmed(to ground: Color) -> Bitmap {
        let ceiling = Theme.luminance(ground)
        var linear = [Double](repeating: 0, count: 256)
        for value in 0..<256 { linear[value] = Theme.linear(UInt8(value)) }
        var brightest = 0.0
        pixels.withUnsafeBufferPointer { pixels in
            var p = 0
            while p + 3 < pixels.count {
                if pixels[p + 3] > 0 {
                    let l = 0.2126 * linear[Int(pixels[p])] + 0.7152 * linear[Int(pixels[p + 1])] + 0.0722 * linear[Int(pixels[p + 2])]
                    brightest = Swift.max(brightest, l)
                }
                p += 4
            }
        }
        guard brightest > ceiling else { return self }
        let factor = Swift.max(0, ceiling) / brightest
        var table = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 { table[value] = Theme.srgbByte(linear: linear[value] * factor) }
        var result = self
        result.withUnsafeMutablePixels { pixels in
            var p = 0
            while p + 3 < pixels.count {
                pixels[p] = table[Int(pixels[p])]
                pixels[p + 1] = table[Int(pixels[p + 1])]
                pixels[p + 2] = table[Int(pixels[p + 2])]
                p += 4
            }
        }
        return result
    }
}
